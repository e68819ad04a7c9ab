import type { Client } from 'discord.js';
import type { CatalogSource } from '../app/context.ts';
import type { Battle, CampaignState, UnitCatalog } from '../rules/thunderdome/index.ts';
import { ImageCache, playerColour, THEME } from '../render/index.ts';
import type { BattleFleet } from '../render/battle-card.ts';
import { catalogData } from '../render/jobs.ts';
import { renderPicture } from '../render/pool.ts';
import type { Engagement } from '../rules/n3d/index.ts';
import { unitName } from '../rules/thunderdome/battles/common.ts';
import { battleSetupInput } from '../rules/thunderdome/battles/setup-card.ts';
import { campaignLedger } from '../rules/thunderdome/ledger.ts';
import type { GalaxyView, SectorView } from '../rules/warlord/view.ts';

/**
 * Images are cached by campaign version (the last event's sequence number), so an unchanged state
 * is never drawn twice, and drawn in the render pool's worker threads, so drawing never holds up
 * the event loop (docs/performance.md, "Pictures off the main thread"). What a picture needs goes
 * as plain data: the state, and of a catalog only the units the state names.
 */
const cache = new ImageCache({ maxEntries: 64 });

/** The warp-lane map; the catalog prices the fleet badges (fleets with their BPV). */
export function mapImage(state: CampaignState, version: number, catalog: UnitCatalog, focus?: string): Promise<Buffer> {
  return cache.get(focus ? `map:focus=${focus}` : 'map', state.id, version, () =>
    renderPicture({
      kind: 'map',
      state,
      catalog: catalogData(catalog, state),
      ...(focus !== undefined ? { focus } : {}),
    }),
  );
}

// Fleet BPV on the map: code that only has the Discord client (the turn-start post)
// reaches the bot's catalogs through it, as map posts reach their throttle (map-posts.ts).
const catalogsByClient = new WeakMap<Client, CatalogSource>();

export function attachCatalogs(client: Client, catalogs: CatalogSource): void {
  catalogsByClient.set(client, catalogs);
}

/** The map for a client's campaign post; null when the client was not started by `startBot` (bare test clients). */
export async function mapImageFor(client: Client, state: CampaignState, version: number): Promise<Buffer | null> {
  const catalogs = catalogsByClient.get(client);
  if (!catalogs) return null;
  return mapImage(state, version, await catalogs.get(state.catalogVersion));
}

export function navyImage(
  state: CampaignState,
  version: number,
  playerId: string,
  catalog: UnitCatalog,
): Promise<Buffer> {
  return cache.get(`navy:${playerId}`, state.id, version, () =>
    renderPicture({ kind: 'navy', state, playerId, catalog: catalogData(catalog, state) }),
  );
}

/**
 * The sides' fleets as the battle card lists them, each in its player's colour, the one every other
 * picture gives that player (render/theme.ts), never a colour by side order.
 */
export function battleFleets(state: CampaignState, b: Battle, input = battleSetupInput(state, b)): BattleFleet[] {
  return b.sides.map((side) => ({
    label: input.sides.find((x) => x.id === side)!.label,
    colour: side === 'npe' ? THEME.npe : playerColour(state, side),
    units: (b.participants.find((p) => p.side === side)?.units ?? []).map((id) => unitName(state, id)),
  }));
}

/** The battle card (requirements §6.3 SETUP_ROLLED): the setup never changes, so one image per battle. */
export function battleCardImage(state: CampaignState, battleId: string): Promise<Buffer> | null {
  const b = state.battles.find((x) => x.id === battleId);
  const setup = b?.setup;
  if (!b || !setup) return null;
  return cache.get(`battle:${battleId}`, state.id, 0, () => {
    const input = battleSetupInput(state, b);
    return renderPicture({
      kind: 'battle-card',
      setup,
      input,
      fleets: battleFleets(state, b, input),
      options: { subtitle: `${state.name} — battle ${b.id}, cycle ${state.halfCycles / 2}` },
    });
  });
}

/** The campaign ledger (UTD1.12), cached by version like the map. */
export function ledgerImage(state: CampaignState, version: number, catalog: UnitCatalog): Promise<Buffer> {
  return cache.get('ledger', state.id, version, () =>
    renderPicture({ kind: 'ledger', state, ledger: campaignLedger(state, catalog) }),
  );
}

/** A Warlord sector as a corporation knows it (render/warlord-maps.ts), drawn in the render pool. */
export function warlordSectorImage(view: SectorView): Promise<Buffer> {
  return renderPicture({ kind: 'warlord-sector', view });
}

/** The Warlord galaxy as a corporation knows it (render/warlord-maps.ts), drawn in the render pool. */
export function warlordGalaxyImage(view: GalaxyView): Promise<Buffer> {
  return renderPicture({ kind: 'warlord-galaxy', view });
}

/** The n3d top and side views with their range table (render/n3d-view.ts), drawn in the render pool. */
export function n3dImage(engagement: Engagement): Promise<Buffer> {
  return renderPicture({ kind: 'n3d', engagement });
}
