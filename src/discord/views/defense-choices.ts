import type { ApplicationCommandOptionChoiceData } from 'discord.js';
import { formatMoveClass } from '../../rules/exact/move-class.ts';
import {
  defenseBattleMc,
  defenseCategory,
  defenseSiteProblem,
  defensesIn,
  hasGroundBaseSite,
  supportingRfSiteProblem,
} from '../../rules/thunderdome/defenses/index.ts';
import {
  empireCode,
  findSector,
  sectorLabel,
  yearValueTimesTwo,
  type CampaignState,
  type UnitCatalog,
} from '../../rules/thunderdome/index.ts';

/** Autocomplete choices of `/defense` (UTD6.3A, 7.3): only what the order can take (design §6). */
type Choice = ApplicationCommandOptionChoiceData<string>;

const list = (text: string | null) =>
  (text ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** Completes the last item of a comma list with the given choices. */
function listChoices(typed: string, items: Choice[]): Choice[] {
  const head = typed.includes(',') ? typed.slice(0, typed.lastIndexOf(',') + 1) : '';
  const done = new Set(list(head).map((x) => x.split(/\s/)[0]));
  return items
    .filter((c) => !done.has(c.value))
    .map((c) => ({ name: `${head}${c.name}`.slice(-100), value: `${head}${c.value}`.slice(0, 100) }));
}

/** Sectors where the player has defenses or may buy some (UTD7.33, or a supporting RF, UTD4.3373). */
function reviseSectors(state: CampaignState, me: string): Choice[] {
  const p = state.players.find((x) => x.id === me);
  if (!p) return [];
  return (state.map?.sectors ?? [])
    .filter(
      (s) =>
        defensesIn(state, me, s.key).length > 0 ||
        defenseSiteProblem(state, p, s) === null ||
        supportingRfSiteProblem(p, s) === null,
    )
    .map((s) => ({
      name: `${sectorLabel(state, s.key)} (${s.type}) — ${defensesIn(state, me, s.key).length} defense(s)${hasGroundBaseSite(s) ? '' : ', no ground-base site'}`,
      value: s.key,
    }));
}

/** Defense units the player may buy now (own empire or neutral, in the year), suited to the sector chosen. */
function unitChoices(state: CampaignState, me: string, catalog: UnitCatalog, sectorRef: string | null): Choice[] {
  const p = state.players.find((x) => x.id === me);
  if (!p) return [];
  const code = empireCode(p.empire);
  const year2 = yearValueTimesTwo(state.settings.startYear, state.halfCycles);
  const where = sectorRef ? findSector(state, sectorRef) : undefined;
  const site = where ? hasGroundBaseSite(where) : true;
  return catalog
    .all()
    .filter(
      (u) =>
        (u.empire === code || u.empire === 'NEU') &&
        (u.yearAvailable === null || u.yearAvailable * 2 <= year2) &&
        !u.restricted &&
        u.groundBaseSize !== 'large',
    )
    .filter((u) => {
      const c = defenseCategory(u);
      if (c === null) return false;
      if (c === 'ground-base') return site;
      if (c === 'defending-ship')
        return !site && (u.sizeClass === 4 || (u.sizeClass === 3 && u.isCommandShip === true));
      return true;
    })
    .map((u) => ({
      name: `${u.name} — ${u.bpv} BPV, battle MC ${formatMoveClass(defenseBattleMc(u) as never)}`,
      value: u.unitId,
    }));
}

/** `/defense`: your defense sectors, the units you may buy there, your defenses to scrap. */
export function defenseChoices(
  state: CampaignState,
  catalog: UnitCatalog,
  me: string,
  at: { focused: string; typed: string; kind: string; sector: string | null },
): Choice[] {
  const { kind, typed } = at;
  const sectorRef = at.sector;
  const here = sectorRef ? findSector(state, sectorRef) : undefined;
  const mine = here ? defensesIn(state, me, here.key, { withPending: false }) : [];
  switch (at.focused) {
    case 'sector': {
      if (kind === 'scrap') {
        const keys = [
          ...new Set(
            state.bases
              .filter((b) => b.owner === me && defensesIn(state, me, b.sector, { withPending: false }).length > 0)
              .map((b) => b.sector),
          ),
        ];
        return keys.map((k) => ({
          name: `${sectorLabel(state, k)} — ${defensesIn(state, me, k, { withPending: false }).length} defense(s)`,
          value: k,
        }));
      }
      return reviseSectors(state, me);
    }
    case 'buy':
      return listChoices(typed, unitChoices(state, me, catalog, sectorRef));
    case 'scrap':
    case 'units': {
      const choices = mine.map((b) => ({ name: `${b.id} ${b.unitId} (${b.role})`, value: b.id }));
      return [
        ...(at.focused === 'units' && !typed.includes(',') ? [{ name: 'all — every defense here', value: 'all' }] : []),
        ...listChoices(typed, choices),
      ];
    }
    default:
      return [];
  }
}
