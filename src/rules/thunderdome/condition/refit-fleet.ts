import type { Player } from '../state.ts';
import { refuse } from '../../errors.ts';
import { bpv, bpvToString, type Bpv } from '../../exact/bpv.ts';
import type { Decider } from '../decider.ts';
import { fleetLimit, hasDevelopedColony, sectorByKey, sectorLabel } from '../lookup.ts';
import { ownFleet, spend } from '../orders.ts';
import { chargeLine, costSettings, refitCapacity, refitCost } from '../shipyards/costs.ts';
import { refitTo, unitOf } from '../shipyards/edges.ts';
import {
  capacityUsed,
  effectiveCapacity,
  formatCapacity,
  yardByRef,
  yardLabel,
  yardsOf,
  type YardInfo,
} from '../shipyards/yards.ts';
import type { Ship, TurnState } from '../state.ts';
import { refuseOverFleetLimit } from './attrition.ts';

/** One ship of the order: what it becomes and what its refit costs exactly. */
interface Line {
  ship: Ship;
  from: string;
  to: string;
  toBpv: string;
  mc: number;
  cost: Bpv;
}

/** Parses `S3=LYR-CA+PH, S4=LYR-FF+PH` (or `S3:…`) into ship id → configuration. */
function parseRefits(text: string): [string, string][] {
  const pairs = text
    .split(/[,;]+/)
    .map((x) => x.trim())
    .filter(Boolean);
  if (pairs.length === 0)
    refuse('refit/none', 'UTD6.3J2', 'Name the refits as `ship=configuration`, e.g. `S3=LYR-CA+PH, S4=LYR-FF+PH`.');
  return pairs.map((pair) => {
    const m = /^(\S+)\s*[=:]\s*(\S+)$/.exec(pair);
    if (!m)
      refuse(
        'refit/bad-pair',
        'UTD6.3J2',
        `\`${pair.slice(0, 40)}\` is not \`ship=configuration\`.`,
        'For example `S3=LYR-CA+PH`.',
      );
    return [m[1]!.toUpperCase(), m[2]!];
  });
}

/** A yard in the sector with `capacity` sixtieths to spare this turn (UTD6.3J3; yards never pool, ISS-A92). */
function hasRoom(turn: TurnState, y: YardInfo, capacity: number): boolean {
  const eff = effectiveCapacity(turn, y);
  if (eff.state === 'overhauled' || y.base.pending) return false;
  return (capacityUsed(turn, y.base.id) + capacity) * eff.den <= eff.num;
}

/**
 * UTD6.3J REFIT FLEET: at a developed colony of the player (UTD6.3J1; no shipyard needed, so a ship
 * of any size may be refitted, UTD6.3754), one order refits any ships of one fleet (UTD6.3J2), each
 * by a catalog refit available this year; captured ships only by the refits UTD6.3772 allows, and
 * not before inspection (UTD6.3773). Cost: each ship's rise in BPV, free when none (UTD6.3J5, with
 * `cost.refitMinPct`, ISS-A02), rounded per `cost.rounding`. One order point, unless a shipyard of
 * the player in the sector has half the ships' move class to spare this turn: then its capacity is
 * used instead, with no activation needed (UTD6.3J3, ISS-A80). `yard: none` pays the order point.
 */
export function refitFleet(
  d: Decider,
  fleetRef: string,
  refitsText: string,
  yardRef: string | undefined,
  p: Player,
): void {
  const turn = d.state.turn!;
  const f = ownFleet(d, p, fleetRef);
  const state = d.state;
  const label = sectorLabel(state, f.sector);
  const sector = sectorByKey(state, f.sector);
  if (!hasDevelopedColony(sector, p.id)) {
    refuse(
      'refit/no-colony',
      'UTD6.3J1',
      `Fleet ${f.slot} is in ${label}, which has no developed colony of yours; a fleet is refitted at a developed colony.`,
      'A single ship can be refitted at an activated shipyard (`/yard refit`, UTD6.375).',
    );
  }
  const settings = costSettings(state);
  const seen = new Set<string>();
  const lines: Line[] = parseRefits(refitsText).map(([id, toId]) => {
    if (seen.has(id)) refuse('refit/twice', 'UTD6.3J2', `${id} is named twice.`);
    seen.add(id);
    const ship = state.ships.find((s) => s.id === id && s.fleetId === f.id);
    if (!ship)
      refuse(
        'ship/not-in-fleet',
        'UTD6.3J2',
        `${id.slice(0, 20)} is not in fleet ${f.slot}.`,
        `Fleet ${f.slot} holds ${state.ships
          .filter((s) => s.fleetId === f.id)
          .map((s) => `${s.id} ${s.unitId}`)
          .join(', ')}.`,
      );
    if (ship.uninspected)
      refuse(
        'refit/uninspected',
        'UTD6.3773',
        `${ship.unitId} (${ship.id}) is a captured ship not yet inspected: it cannot be refitted.`,
        'Inspect it at a shipyard first (`/yard inspect`, UTD6.377).',
      );
    const from = unitOf(d, ship);
    const { edge, to } = refitTo(d, ship, toId);
    return {
      ship,
      from: from.unitId,
      to: to.unitId,
      toBpv: to.bpv,
      mc: from.mc,
      cost: refitCost(from.bpv, to.bpv, settings.refitMinPct, edge.costOverride),
    };
  });
  refuseOverFleetLimit(
    state.ships
      .filter((s) => s.fleetId === f.id)
      .map((s) => ({ ...s, unitId: lines.find((x) => x.ship.id === s.id)?.to ?? s.unitId })),
    d.ctx.catalog,
    fleetLimit(state),
    `After the refits fleet ${f.slot}`,
  );
  const capacity = lines.reduce((sum, x) => sum + refitCapacity(x.mc), 0);
  let yard: YardInfo | null = null;
  if (yardRef?.trim().toLowerCase() !== 'none') {
    if (yardRef) {
      const named = yardByRef(state, p.id, d.ctx.catalog, yardRef, 'UTD6.3J3');
      if (named.base.sector !== f.sector)
        refuse('yard/elsewhere', 'UTD6.3J3', `${yardLabel(state, named)} is not in ${label}.`);
      if (!hasRoom(turn, named, capacity))
        refuse(
          'yard/capacity',
          'UTD6.3J3',
          `${yardLabel(state, named)} has not ${formatCapacity(capacity)} of capacity to spare this turn.`,
          'Leave `yard` out, or give `yard:none` to pay the order point instead.',
        );
      yard = named;
    } else {
      yard =
        yardsOf(state, p.id, d.ctx.catalog, { sector: f.sector })
          .filter((y) => hasRoom(turn, y, capacity))
          .sort((a, b) => capacityLeft(turn, a) - capacityLeft(turn, b))[0] ?? null;
    }
  }
  const opCost = yard ? 0 : 1;
  spend(turn, opCost, 'Refitting a fleet', 'UTD6.3J');
  const charge = chargeLine(
    lines.map((x) => x.cost),
    settings.rounding,
  );
  if (charge.gt(p.bank))
    refuse(
      'bank/insufficient',
      'UTD6.3J5',
      `Refitting fleet ${f.slot} costs ${bpvToString(charge)} BPV; your bank holds ${p.bank}.`,
    );
  const exact = lines.reduce((sum, x) => sum.add(x.cost), bpv(0));
  d.emit({
    type: 'FleetRefitted',
    playerId: p.id,
    fleetId: f.id,
    sector: f.sector,
    ships: lines.map((x) => ({
      shipId: x.ship.id,
      from: x.from,
      to: x.to,
      bpv: x.toBpv,
      exactCost: bpvToString(x.cost),
    })),
    opCost,
    yardId: yard?.base.id ?? null,
    capacity: yard ? capacity : 0,
    cost: bpvToString(charge),
    exactCost: bpvToString(exact),
  });
}

function capacityLeft(turn: TurnState, y: YardInfo): number {
  const eff = effectiveCapacity(turn, y);
  return eff.num / eff.den - capacityUsed(turn, y.base.id);
}
