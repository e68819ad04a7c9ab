import type { ApplicationCommandOptionChoiceData } from 'discord.js';
import { unitName } from '../../rules/thunderdome/battles/common.ts';
import { adjacentSectors, sectorLabel, type CampaignState } from '../../rules/thunderdome/index.ts';

/** Autocomplete choices of `/battle` (UTD7.4): only what the order can take (design §6). */
type Choice = ApplicationCommandOptionChoiceData<string>;

/** Autocomplete: open battles (yours first), their sides, their units, the lanes out, your captured ships. */
export function battleChoices(
  state: CampaignState,
  me: string,
  at: { focused: string; typed: string; kind: string; battle: string | null },
): Choice[] {
  const focused = at.focused;
  const battleRef = (at.battle ?? '').trim().toUpperCase();
  const b =
    state.battles.find((x) => x.id === battleRef) ??
    state.battles.find((x) => x.status === 'open' && x.sides.includes(me));
  switch (focused) {
    case 'battle': {
      const shown = [...state.battles]
        .filter((x) => x.status === 'open' || at.kind === 'show' || at.kind === 'claim')
        .sort((x, y) => Number(y.sides.includes(me)) - Number(x.sides.includes(me)));
      return shown.map((x) => ({
        name: `${x.id} — ${sectorLabel(state, x.sector)} — ${x.sides.map((s) => who(state, s)).join(' vs ')} (${x.stage})`,
        value: x.id,
      }));
    }
    case 'winner':
      return (b?.sides ?? []).map((s) => ({ name: who(state, s), value: s }));
    case 'retreat':
    // `/battle lane to:` (ISS-A16): the lanes out of the battle's sector too.
    case 'to':
      return b ? adjacentSectors(state, b.sector).map((k) => ({ name: sectorLabel(state, k), value: k })) : [];
    case 'fleet':
      return state.fleets
        .filter((f) => f.owner === me && (!b || f.sector === b.sector))
        .map((f) => ({
          name: `Fleet ${f.slot} — ${state.ships.filter((s) => s.fleetId === f.id).length} ships`,
          value: String(f.slot),
        }));
    case 'ship':
      return state.ships
        .filter((s) => s.owner === me && s.unorganized)
        .map((s) => ({ name: `${s.unitId} (${s.id}) in ${sectorLabel(state, s.sector)}`, value: s.id }));
    case 'into': {
      const fleets = state.fleets
        .filter((f) => f.owner === me)
        .map((f) => ({ name: `Fleet ${f.slot} in ${sectorLabel(state, f.sector)}`, value: String(f.slot) }));
      return [...fleets, { name: 'A new fleet', value: 'new' }, { name: 'Scrap it for half its BPV', value: 'scrap' }];
    }
    default: {
      // Unit lists: complete the last comma-separated item with the battle's units.
      const typed = at.typed;
      const head = typed.includes(',') ? typed.slice(0, typed.lastIndexOf(',') + 1) : '';
      const units = b ? b.participants.flatMap((p) => p.units) : [];
      return units.map((u) => ({ name: `${head}${unitName(state, u)}`.slice(-100), value: `${head}${u}` }));
    }
  }
}

function who(state: CampaignState, id: string): string {
  return id === 'npe' ? 'NPE' : (state.players.find((p) => p.id === id)?.name ?? id);
}
