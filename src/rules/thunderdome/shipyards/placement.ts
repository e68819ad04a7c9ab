import { fleetLimit, sectorLabel } from '../lookup.ts';
import { formatMoveClass } from '../../exact/move-class.ts';
import { maxFleets } from '../navy-limits.ts';
import { describeFleetMc, mcOfShips, newShipRecord } from '../condition/attrition.ts';
import type { CampaignState, PendingBuild, Player, Ship } from '../state.ts';
import type { UnitCatalog } from '../units.ts';
import { yardsOf, type YardInfo } from './yards.ts';

/**
 * Where a new ship goes (UTD6.3734–6.3735, 7.61–7.63, ISS-A79): the fleet slot asked for, else the
 * first fleet in the yard's sector with room, else a new fleet there; dry dock only when no fleet
 * can take it; with neither, the ship cannot be built. Builds already ordered hold their places.
 */
export type Placement =
  | { kind: 'fleet'; slot: number; fleetId: string | null }
  | { kind: 'dock'; yardId: string; position: number };

export type PlacementProblem = { problem: [code: string, rule: string, message: string, hint?: string] };

export function dockedAt(state: CampaignState, yardId: string): Ship[] {
  return state.ships.filter((s) => s.dock?.yardId === yardId);
}

/** The lowest free position number at a yard, counting ships docked and builds that will dock there. */
export function freeDockPosition(
  state: CampaignState,
  y: YardInfo,
  reservations: readonly PendingBuild[],
): number | null {
  const taken = new Set(dockedAt(state, y.base.id).map((s) => s.dock!.position));
  const reserved = reservations.filter((r) => r.planned.kind === 'dock' && r.planned.yardId === y.base.id).length;
  if (taken.size + reserved >= y.dryDocks) return null;
  for (let n = 1; n <= y.dryDocks; n++) if (!taken.has(n)) return n;
  return null;
}

/**
 * A free dry-dock position at the player's yards in a sector, `preferYard` first (UTD7.62), or
 * null. For the default organization of captured ships (ISS-A77: fleet, new fleet, dry dock, scrap).
 */
export function freeDockIn(
  state: CampaignState,
  catalog: UnitCatalog,
  playerId: string,
  sector: string,
  preferYard: string | null = null,
): { yardId: string; position: number } | null {
  const yards = yardsOf(state, playerId, catalog, { sector }).sort(
    (a, b) => Number(b.base.id === preferYard) - Number(a.base.id === preferYard),
  );
  for (const y of yards) {
    const position = freeDockPosition(state, y, state.pendingBuilds ?? []);
    if (position !== null) return { yardId: y.base.id, position };
  }
  return null;
}

/**
 * `arriving` is the ship to place: a new build (`newShipRecord`, full of fighters and PFs) or an
 * existing ship (a captured one, with what it carries). A fleet has room when its hulls, the
 * builds already ordered into it and the arriving ship, with all their fighters and PFs pooled
 * (UTD7.24: "the combined number of attrition units in the fleet, regardless of which ship houses
 * them"), stay within MC 5 (UTD7.23).
 */
export function planPlacement(
  state: CampaignState,
  catalog: UnitCatalog,
  p: Player,
  sector: string,
  arriving: Ship,
  opts: { slot: number | null; preferYard: string | null; reservations: readonly PendingBuild[] },
): Placement | PlacementProblem {
  const max = maxFleets(state, p);
  const slots = new Map<number, { sector: string; ships: Ship[]; fleetId: string | null }>();
  for (const f of state.fleets.filter((x) => x.owner === p.id))
    slots.set(f.slot, { sector: f.sector, ships: state.ships.filter((s) => s.fleetId === f.id), fleetId: f.id });
  for (const r of opts.reservations) {
    if (r.owner !== p.id || r.planned.kind !== 'fleet') continue;
    const entry = slots.get(r.planned.slot) ?? { sector: r.sector, ships: [], fleetId: null };
    entry.ships.push(newShipRecord(r.unitId));
    slots.set(r.planned.slot, entry);
  }
  const fits = (e: { ships: Ship[] }) => mcOfShips([...e.ships, arriving], catalog) <= fleetLimit(state);
  if (opts.slot !== null) {
    if (!Number.isInteger(opts.slot) || opts.slot < 1 || opts.slot > max)
      return { problem: ['fleet/bad-slot', 'UTD7.21', `Fleet slots run from 1 to ${max}.`] };
    const e = slots.get(opts.slot);
    if (e && e.sector !== sector)
      return {
        problem: [
          'fleet/elsewhere',
          'UTD6.3734',
          `Fleet ${opts.slot} is in ${sectorLabel(state, e.sector)}, not at the yard in ${sectorLabel(state, sector)}.`,
          'A new ship joins a fleet in the yard’s sector or a new fleet there (ISS-A79).',
        ],
      };
    if (e && !fits(e))
      return {
        problem: [
          'fleet/move-cost-limit',
          'UTD7.23',
          `With ${arriving.unitId} fleet ${opts.slot} would hold ${describeFleetMc([...e.ships, arriving], catalog)}, ships already ordered into it included; a fleet holds at most MC ${formatMoveClass(fleetLimit(state))} (UTD7.23).`,
        ],
      };
    return { kind: 'fleet', slot: opts.slot, fleetId: e?.fleetId ?? null };
  }
  const withRoom = [...slots.entries()].sort((a, b) => a[0] - b[0]).find(([, e]) => e.sector === sector && fits(e));
  if (withRoom) return { kind: 'fleet', slot: withRoom[0], fleetId: withRoom[1].fleetId };
  const free = Array.from({ length: max }, (_, i) => i + 1).find((n) => !slots.has(n));
  if (free !== undefined) return { kind: 'fleet', slot: free, fleetId: null };
  // UTD7.61: only now, with no fleet able to take it, may the ship go to dry dock.
  const yards = yardsOf(state, p.id, catalog, { sector }).sort(
    (a, b) => Number(b.base.id === opts.preferYard) - Number(a.base.id === opts.preferYard),
  );
  for (const y of yards) {
    const position = freeDockPosition(state, y, opts.reservations);
    if (position !== null) return { kind: 'dock', yardId: y.base.id, position };
  }
  return {
    problem: [
      'yard/no-room',
      'UTD7.63',
      `All ${max} fleet slots are in use, no fleet in ${sectorLabel(state, sector)} has room, and every dry-dock position there is taken, so the ship cannot be built (UTD6.3735).`,
      'Organize or scrap ships to make room, or buy an extra fleet (UTD7.22).',
    ],
  };
}

export function isProblem(x: Placement | PlacementProblem): x is PlacementProblem {
  return 'problem' in x;
}
