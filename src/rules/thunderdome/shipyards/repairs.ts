import type { Player } from '../state.ts';
import { refuse } from '../../errors.ts';
import type { Decider } from '../decider.ts';
import { hasDevelopedColony, sectorByKey, sectorLabel } from '../lookup.ts';
import { ownFleet, spend } from '../orders.ts';
import type { Ship } from '../state.ts';

function setting(d: Decider, key: string, fallback: boolean): boolean {
  const v = (d.state.settings as Record<string, unknown>)[key];
  return typeof v === 'boolean' ? v : fallback;
}

/** The SFB outcome of the repair, as the owner reports it: which ships are no longer crippled or wrecked. */
function clearedAmong(eligible: Ship[], cleared: readonly string[], rule: string): string[] {
  const ids = [...new Set(cleared.map((x) => x.trim().toUpperCase()).filter(Boolean))];
  const stray = ids.filter((id) => !eligible.some((s) => s.id === id));
  if (stray.length)
    refuse('repair/not-repaired', rule, `Not among the ships repaired: ${stray.slice(0, 5).join(', ')}.`);
  return ids;
}

/**
 * UTD4.335 / UTD6.39#1 REPAIR A FLEET at a colony of the player: every ship gets its D9.4 repair,
 * once between overhauls. The fleet must have begun its turn there (ISS-A24,
 * `repair.colonyRequiresStartOfTurn`). With a repair freighter present, in the fleet or supporting
 * the colony (ISS-A26), damage control counts one higher and the order is free (UTD7.54, ISS-A27).
 * Captured ships not yet inspected get no repair (UTD6.3773).
 */
export function repairFleet(d: Decider, fleetRef: string, cleared: readonly string[], p: Player): void {
  const turn = d.state.turn!;
  const f = ownFleet(d, p, fleetRef);
  const state = d.state;
  const sector = sectorByKey(state, f.sector);
  const label = sectorLabel(state, f.sector);
  if (!hasDevelopedColony(sector, p.id))
    refuse(
      'repair/no-colony',
      'UTD4.335',
      `Fleet ${f.slot} is in ${label}, which has no developed colony of yours.`,
      'Outside a colony a repair freighter in the fleet can repair one or two ships (`/yard repair-ships`, UTD6.39#2).',
    );
  if (setting(d, 'repair.colonyRequiresStartOfTurn', true) && f.startSector !== f.sector)
    refuse(
      'repair/not-started-here',
      'UTD4.335',
      `Fleet ${f.slot} did not begin this turn in ${label}; a fleet repairs at a colony where it began its turn.`,
    );
  const ships = state.ships.filter((s) => s.fleetId === f.id);
  const eligible = ships.filter((s) => !s.uninspected && !s.d94Used);
  if (eligible.length === 0)
    refuse(
      'repair/none-eligible',
      'UTD4.335',
      `No ship of fleet ${f.slot} can receive D9.4 repairs: each already had them since its last overhaul${ships.some((s) => s.uninspected) ? ', or is a captured ship not yet inspected (UTD6.3773)' : ''}.`,
      'An overhaul at a shipyard resets it (UTD6.3741).',
    );
  const inFleet = ships.find(
    (s) => !s.uninspected && (d.ctx.catalog.get(s.unitId)?.repairFreighter ?? 'none') !== 'none',
  );
  const supporting = setting(d, 'repair.supportingRfCounts', true)
    ? state.bases.find(
        (b) =>
          b.owner === p.id &&
          b.sector === f.sector &&
          !b.pending &&
          (b.role === 'supporting-rf' || b.role === 'capital-rf'),
      )
    : undefined;
  const rfName = inFleet
    ? `${d.ctx.catalog.get(inFleet.unitId)!.name} (${inFleet.id})`
    : supporting
      ? `the supporting ${d.ctx.catalog.get(supporting.unitId)?.name ?? 'repair freighter'}`
      : null;
  const opCost = rfName ? 0 : 1;
  spend(turn, opCost, 'Repairing a fleet', 'UTD6.39#1');
  d.emit({
    type: 'ShipsRepaired',
    playerId: p.id,
    fleetId: f.id,
    shipIds: eligible.map((s) => s.id),
    mode: 'colony',
    opCost,
    freeBy: rfName,
    dcBonus: rfName !== null,
    freighterId: inFleet?.id ?? null,
    cleared: clearedAmong(eligible, cleared, 'UTD4.335'),
  });
}

/**
 * UTD6.39#2 / UTD7.54: away from a colony, for 1 OP, a repair freighter in the fleet gives D9.4
 * repairs to one ship (F-RS) or two (F-RL), once per campaign cycle, with no damage-control bonus.
 */
export function repairWithFreighter(
  d: Decider,
  fleetRef: string,
  shipList: string,
  cleared: readonly string[],
  p: Player,
): void {
  const turn = d.state.turn!;
  const f = ownFleet(d, p, fleetRef);
  const state = d.state;
  const inFleet = state.ships.filter((s) => s.fleetId === f.id);
  const freighters = inFleet.filter(
    (s) => !s.uninspected && (d.ctx.catalog.get(s.unitId)?.repairFreighter ?? 'none') !== 'none',
  );
  if (freighters.length === 0) refuse('repair/no-freighter', 'UTD6.39#2', `Fleet ${f.slot} has no repair freighter.`);
  const ready = freighters
    .filter((s) => s.rfUsedHalfCycle !== state.halfCycles)
    .sort(
      (a, b) =>
        Number(d.ctx.catalog.get(b.unitId)!.repairFreighter === 'large') -
        Number(d.ctx.catalog.get(a.unitId)!.repairFreighter === 'large'),
    );
  const rf = ready[0];
  if (!rf)
    refuse(
      'repair/freighter-used',
      'UTD6.39#2',
      `The repair freighter${freighters.length > 1 ? 's' : ''} of fleet ${f.slot} already repaired this cycle.`,
    );
  const large = d.ctx.catalog.get(rf.unitId)!.repairFreighter === 'large';
  const limit = large ? 2 : 1;
  const ids = [
    ...new Set(
      shipList
        .split(/[\s,]+/)
        .map((x) => x.trim().toUpperCase())
        .filter(Boolean),
    ),
  ];
  if (ids.length === 0) refuse('ship/none', 'UTD6.39#2', 'Name the ship or ships to repair.');
  if (ids.length > limit)
    refuse(
      'repair/too-many',
      'UTD6.39#2',
      `A ${large ? 'large (F-RL)' : 'small (F-RS)'} repair freighter repairs ${limit} ship${limit === 1 ? '' : 's'} a cycle; you named ${ids.length}.`,
    );
  const ships = ids.map((id) => {
    const s = inFleet.find((x) => x.id === id);
    if (!s) refuse('ship/not-in-fleet', 'UTD6.39#2', `${id.slice(0, 20)} is not in fleet ${f.slot}.`);
    if (s.uninspected)
      refuse(
        'repair/uninspected',
        'UTD6.3773',
        `${s.unitId} (${s.id}) is a captured ship not yet inspected; it cannot be repaired.`,
      );
    if (s.d94Used)
      refuse(
        'repair/d94-used',
        'UTD6.39#2',
        `${s.unitId} (${s.id}) already had its D9.4 repairs since its last overhaul.`,
        'An overhaul at a shipyard resets it (UTD6.3741).',
      );
    return s;
  });
  spend(turn, 1, 'Repairs by a repair freighter', 'UTD6.39#2');
  d.emit({
    type: 'ShipsRepaired',
    playerId: p.id,
    fleetId: f.id,
    shipIds: ships.map((s) => s.id),
    mode: 'freighter',
    opCost: 1,
    freeBy: null,
    dcBonus: false,
    freighterId: rf.id,
    cleared: clearedAmong(ships, cleared, 'UTD6.39#2'),
  });
}
