import type { CampaignState, UnitCatalog } from '../rules/thunderdome/index.ts';
import { ImageCache, renderMap, renderNavySheet } from '../render/index.ts';
import { renderBattleCard } from '../render/battle-card.ts';
import { unitName } from '../rules/thunderdome/battles/common.ts';
import { battleSetupInput } from '../rules/thunderdome/battles/setup-card.ts';
import { renderLedger } from '../render/ledger-image.ts';
import { campaignLedger } from '../rules/thunderdome/ledger.ts';

/**
 * Images are cached by campaign version (the last event's sequence number), so an unchanged state
 * is never drawn twice (issue 7 §6).
 */
const cache = new ImageCache({ maxEntries: 64 });

export function mapImage(state: CampaignState, version: number, focus?: string): Promise<Buffer> {
  return cache.get(focus ? `map:focus=${focus}` : 'map', state.id, version, () => renderMap(state, focus ? { focus } : {}));
}

export function navyImage(state: CampaignState, version: number, playerId: string, catalog: UnitCatalog): Promise<Buffer> {
  return cache.get(`navy:${playerId}`, state.id, version, () => renderNavySheet(state, playerId, catalog));
}

/** The battle card (issue 5 §2, issue 7 §3): the setup never changes, so one image per battle. */
export function battleCardImage(state: CampaignState, battleId: string): Promise<Buffer> | null {
  const b = state.battles.find((x) => x.id === battleId);
  const setup = b?.setup;
  if (!b || !setup) return null;
  return cache.get(`battle:${battleId}`, state.id, 0, () => {
    const input = battleSetupInput(state, b);
    const fleets = b.sides.map((side) => ({
      label: input.sides.find((x) => x.id === side)!.label,
      units: (b.participants.find((p) => p.side === side)?.units ?? []).map((id) => unitName(state, id)),
    }));
    return renderBattleCard(setup, input, fleets, { subtitle: `${state.name} — battle ${b.id}, cycle ${state.halfCycles / 2}` });
  });
}

/** The campaign ledger (issue 7 §4), cached by version like the map. */
export function ledgerImage(state: CampaignState, version: number, catalog: UnitCatalog): Promise<Buffer> {
  return cache.get('ledger', state.id, version, () => renderLedger(state, campaignLedger(state, catalog)));
}
