import type { ApplicationCommandOptionChoiceData } from 'discord.js';
import {
  DEFAULT_SETTINGS,
  SETTING_KEYS,
  sectorLabel,
  settingText,
  type CampaignState,
  type Ship,
  type UnitCatalog,
} from '../../rules/thunderdome/index.ts';
import { attritionOf, carriesAttrition, conditionLabels } from '../../rules/thunderdome/condition/index.ts';
import { fleetChoices } from '../autocomplete.ts';
import { crewIneligible, officerIneligible } from '../../rules/thunderdome/officers/index.ts';
import { yardsOf } from '../../rules/thunderdome/shipyards/index.ts';

/**
 * Autocomplete choices built from the campaign state (design §6: only legal choices are offered),
 * kept out of the command files so they hold only their definition and one call.
 */
type Choice = ApplicationCommandOptionChoiceData<string>;

/** `/vote setting`: every setting a vote may change, with its current value (UTD1.7). */
export function settingChoices(state: CampaignState | null): Choice[] {
  const settings = state?.settings ?? DEFAULT_SETTINGS;
  return SETTING_KEYS.map((k) => ({ name: `${k} = ${settingText(k, settings[k]) || 'none'}`.slice(0, 100), value: k }));
}

/** `/siege desperation`: one die for nothing, or the campaign's desperation prices (UTD4.3562, `siege.desperation`). */
export function desperationChoices(state: CampaignState | null): ApplicationCommandOptionChoiceData<number>[] {
  const prices = (state?.settings ?? DEFAULT_SETTINGS)['siege.desperation'];
  return [
    { name: 'No: one die', value: 0 },
    ...prices.map((bpv, i) => ({ name: `${bpv} BPV: ${i + 2} dice`, value: bpv })),
  ];
}

/** `/vote withdraw`: the open votes this user proposed (UTD1.7). */
export function ownVoteChoices(state: CampaignState, userId: string): Choice[] {
  return state.votes
    .filter((v) => v.status === 'open' && v.proposer === userId)
    .map((v) => ({ name: `${v.id}: ${v.question}`.slice(0, 100), value: v.id }));
}

// ---- /officer (UTD7.26A, 7.26B, 8.253) ----

function officerShipChoice(state: CampaignState, s: CampaignState['ships'][number]): Choice {
  const where = s.dock
    ? `dry dock ${sectorLabel(state, s.sector)}`
    : `fleet ${state.fleets.find((f) => f.id === s.fleetId)?.slot ?? '?'} in ${sectorLabel(state, s.sector)}`;
  const marks = [
    s.legendaryOfficer ? 'officer' : '',
    s.outstandingCrew ? 'OC' : '',
    s.minesBpv ? `${s.minesBpv} BPV mines` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return { name: `${s.id} ${s.unitId} — ${s.bpv} BPV, ${where}${marks ? ` (${marks})` : ''}`, value: s.id };
}

/** `/officer`: your ships that may take what the order gives, and your activated yards. */
export function officerChoices(
  state: CampaignState,
  catalog: UnitCatalog,
  me: string,
  focused: string,
  kind: string,
): Choice[] {
  const mine = state.ships.filter((s) => s.owner === me && !s.unorganized);
  const fits = (s: (typeof mine)[number], test: typeof officerIneligible) => {
    const unit = catalog.get(s.unitId);
    return unit !== undefined && test(unit) === null;
  };
  switch (focused) {
    case 'ship':
      if (kind === 'mines')
        return mine.filter((s) => catalog.get(s.unitId)?.isMinesweeper).map((s) => officerShipChoice(state, s));
      return mine
        .filter((s) => fits(s, kind === 'crew' ? crewIneligible : officerIneligible))
        .map((s) => officerShipChoice(state, s));
    case 'from':
      return mine.filter((s) => s.legendaryOfficer).map((s) => officerShipChoice(state, s));
    case 'to':
      return mine
        .filter((s) => !s.legendaryOfficer && fits(s, officerIneligible))
        .map((s) => officerShipChoice(state, s));
    case 'yard':
      return yardsOf(state, me, catalog).map((y) => ({
        name: `${y.base.id} ${y.base.role === 'capital' ? 'capital' : y.name} — ${sectorLabel(state, y.base.sector)}`,
        value: y.base.id,
      }));
    default:
      return [];
  }
}

// ---- /ship (UTD6.3B, 6.3J, 7.53) ----

function shipConditionChoice(state: CampaignState, catalog: UnitCatalog, s: Ship): Choice {
  const where = s.dock ? 'dry dock' : `fleet ${state.fleets.find((f) => f.id === s.fleetId)?.slot ?? '?'}`;
  const labels = conditionLabels(s, catalog.get(s.unitId), { catalog }).filter(
    (l) => !l.startsWith('note') && !l.startsWith('expended'),
  );
  return {
    name: `${s.id} ${s.unitId} — ${where}, ${sectorLabel(state, s.sector)}${labels.length ? ` (${labels.join(', ')})` : ''}`,
    value: s.id,
  };
}

/** Refits the catalog offers for the ships of the fleet, as `ship=configuration` items of a comma list. */
function refitChoices(
  state: CampaignState,
  catalog: UnitCatalog,
  me: string,
  fleetRef: string | null,
  typed: string,
): Choice[] {
  const f = state.fleets.find((x) => x.owner === me && String(x.slot) === fleetRef);
  if (!f) return [];
  const head = typed.includes(',') ? typed.slice(0, typed.lastIndexOf(',') + 1) : '';
  const done = new Set(
    head
      .split(',')
      .map((x) => x.split('=')[0]!.trim().toUpperCase())
      .filter(Boolean),
  );
  return state.ships
    .filter((s) => s.fleetId === f.id && !s.uninspected && !done.has(s.id))
    .flatMap((s) =>
      (catalog.refitsFrom?.(s.unitId) ?? [])
        .filter((e) => !s.captured || e.capturedAllowed)
        .map((e) => ({
          name: `${head}${s.id}=${e.toUnitId} (${e.refitCode}, Y${e.yearAvailable})`.slice(-100),
          value: `${head}${s.id}=${e.toUnitId}`,
        })),
    );
}

/** `/ship`: your ships the order applies to, your fleets, the refits and yards for a fleet. */
export function shipOrderChoices(
  state: CampaignState,
  catalog: UnitCatalog,
  me: string,
  at: { focused: string; typed: string; kind: string; fleet: string | null },
): Choice[] {
  const mine = state.ships.filter((s) => s.owner === me);
  switch (at.focused) {
    case 'ship': {
      const spares = (s: Ship) => attritionOf(s, catalog).fighterSpares + attritionOf(s, catalog).pfSpares > 0;
      const pool =
        at.kind === 'losses'
          ? mine.filter((s) => carriesAttrition(s, catalog))
          : at.kind === 'breakout'
            ? mine.filter(spares)
            : at.kind === 'selfrepair'
              ? mine.filter((s) => !s.uninspected)
              : mine;
      return pool.map((s) => shipConditionChoice(state, catalog, s));
    }
    case 'fleet':
      return fleetChoices(state, me, catalog);
    case 'refits':
      return refitChoices(state, catalog, me, at.fleet, at.typed);
    case 'yard': {
      const f = state.fleets.find((x) => x.owner === me && String(x.slot) === at.fleet);
      const yards = state.bases.filter(
        (b) =>
          b.owner === me &&
          (b.role === 'capital' || b.role === 'shipyard') &&
          !b.pending &&
          (!f || b.sector === f.sector),
      );
      return [
        { name: 'none — pay 1 order point instead', value: 'none' },
        ...yards.map((b) => ({
          name: `${b.id} ${b.role === 'capital' ? 'capital' : b.unitId} — ${sectorLabel(state, b.sector)}`,
          value: b.id,
        })),
      ];
    }
    default:
      return [];
  }
}
