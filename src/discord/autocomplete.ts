import type { AutocompleteInteraction, ApplicationCommandOptionChoiceData } from 'discord.js';
import { campaignInChannel } from '../app/campaigns.ts';
import { formatMoveClass } from '../rules/exact/move-class.ts';
import {
  adjacentSectors,
  empireCode,
  fleetMc,
  sectorLabel,
  type CampaignState,
  type UnitCatalog,
} from '../rules/thunderdome/index.ts';
import type { CommandContext } from './command.ts';

/**
 * Autocomplete offers only legal choices (design §6): your fleets, the lanes out of a fleet's
 * sector, the classes your empire can buy. Discord allows 25 choices of ≤ 100 characters.
 */
export async function respondChoices(
  i: AutocompleteInteraction,
  choices: ApplicationCommandOptionChoiceData<string>[],
): Promise<void> {
  const typed = String(i.options.getFocused()).toLowerCase();
  const hits = choices
    .filter((c) => c.name.toLowerCase().includes(typed) || c.value.toLowerCase().includes(typed))
    .slice(0, 25);
  await i.respond(hits.map((c) => ({ name: c.name.slice(0, 100), value: c.value.slice(0, 100) })));
}

export async function stateFor(ctx: CommandContext): Promise<CampaignState | null> {
  return campaignInChannel(ctx.app, ctx.target.channelId);
}

export function fleetChoices(
  state: CampaignState,
  playerId: string,
  catalog: UnitCatalog,
): ApplicationCommandOptionChoiceData<string>[] {
  return state.fleets
    .filter((f) => f.owner === playerId)
    .sort((a, b) => a.slot - b.slot)
    .map((f) => {
      const ships = state.ships.filter((s) => s.fleetId === f.id).length;
      const flags = [f.pinned ? 'pinned' : '', f.trapped ? 'trapped' : '', f.establishing ? 'establishing' : '']
        .filter(Boolean)
        .join(', ');
      return {
        name: `Fleet ${f.slot} — ${sectorLabel(state, f.sector)} — ${ships} ship${ships === 1 ? '' : 's'}, MC ${formatMoveClass(fleetMc(state, f.id, catalog) as never)} of 5${flags ? ` (${flags})` : ''}`,
        value: String(f.slot),
      };
    });
}

export function sectorChoices(state: CampaignState, keys?: string[]): ApplicationCommandOptionChoiceData<string>[] {
  const sectors = state.map?.sectors ?? [];
  return sectors
    .filter((s) => !keys || keys.includes(s.key))
    .map((s) => ({
      name: `${s.name ?? s.key} (${s.type}${s.owner ? `, ${state.players.find((p) => p.id === s.owner)?.name ?? '?'}` : ''})`,
      value: s.key,
    }));
}

export function adjacentChoices(state: CampaignState, from: string): ApplicationCommandOptionChoiceData<string>[] {
  return sectorChoices(state, adjacentSectors(state, from));
}

/** UTD8.134: the monitor, small defense ground base and DefSat variants of the player's empire or neutral. */
export function defenseVariantChoices(
  state: CampaignState,
  playerId: string,
  catalog: UnitCatalog,
): ApplicationCommandOptionChoiceData<string>[] {
  const p = state.players.find((x) => x.id === playerId);
  if (!p) return [];
  const code = empireCode(p.empire);
  return catalog
    .all()
    .filter(
      (u) =>
        (u.empire === code || u.empire === 'NEU') &&
        (u.unitKind === 'monitor' ||
          u.unitKind === 'defsat' ||
          (u.unitKind === 'ground_base' &&
            u.groundBaseSize === 'small' &&
            (u.groundBaseRole ?? 'defense') === 'defense')),
    )
    .map((u) => ({ name: `${u.name} (${u.unitId}, ${u.bpv} BPV)`.slice(0, 100), value: u.unitId }));
}

export function unitChoices(
  state: CampaignState,
  playerId: string,
  catalog: UnitCatalog,
): ApplicationCommandOptionChoiceData<string>[] {
  const p = state.players.find((x) => x.id === playerId);
  if (!p) return [];
  const code = empireCode(p.empire);
  return catalog
    .all()
    .filter(
      (u) => (u.empire === code || u.empire === 'NEU') && ['warship', 'auxiliary', 'freighter'].includes(u.unitKind),
    )
    .map((u) => ({ name: `${u.name} — ${u.bpv} BPV, MC ${formatMoveClass(u.mc as never)}`, value: u.unitId }));
}
