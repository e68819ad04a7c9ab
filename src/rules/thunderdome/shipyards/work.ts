import { refuse } from '../../errors.ts';
import { fleetLimit } from '../lookup.ts';
import { bpv, bpvToString, type Bpv } from '../../exact/bpv.ts';
import type { Decider } from '../decider.ts';
import type { YardWorkKind, YardWorkShip } from '../events.ts';
import { refuseOverFleetLimit } from '../condition/attrition.ts';
import type { Ship, Player } from '../state.ts';
import type { UnitInfo } from '../units.ts';
import { chooseYard, oneSector, ownShips } from './choose.ts';
import {
  chargeLine,
  conversionCapacity,
  conversionCost,
  costSettings,
  inspectionCost,
  overhaulCost,
  refitCapacity,
  refitCost,
} from './costs.ts';
import { changeKind, conversionTo, refitTo, unitOf } from './edges.ts';
import { extraDronePrice } from '../officers/drone-purchase.ts';
import { extraDroneCost } from '../officers/drones.ts';

/** One ship's part of a line: what it becomes, the capacity it takes and its exact cost. */
interface Part {
  ship: Ship;
  from: UnitInfo;
  to: UnitInfo;
  overhaul: boolean;
  capacity: number;
  cost: Bpv;
  /** Officers and options: extra drones bought with this refit and their price, part of `cost` (UTD7.A832). */
  drones?: { count: number; price: Bpv };
}

const RULES: Record<YardWorkKind, { size: string; where: string; money: string }> = {
  overhaul: { size: 'UTD6.3742', where: 'UTD6.3742', money: 'UTD6.3743' },
  refit: { size: 'UTD6.3754', where: 'UTD6.3754', money: 'UTD6.3755' },
  convert: { size: 'UTD6.3763', where: 'UTD6.3763', money: 'UTD6.3764' },
  inspect: { size: 'UTD6.3774', where: 'UTD6.3774', money: 'UTD6.3775' },
};

const VERB: Record<YardWorkKind, string> = {
  overhaul: 'overhauling',
  refit: 'refitting',
  convert: 'converting',
  inspect: 'inspecting',
};

/** UTD6.3773: before inspection a captured ship can be neither repaired, refitted, converted nor overhauled. */
function refuseUninspected(ship: Ship): void {
  if (ship.uninspected)
    refuse(
      'yard/uninspected',
      'UTD6.3773',
      `${ship.unitId} (${ship.id}) is a captured ship not yet inspected: it cannot be repaired, refitted, converted or overhauled.`,
      'Inspect it with `/yard inspect`, which overhauls it too.',
    );
}

/**
 * UTD6.374 OVERHAUL: capacity = MC, cost = `cost.overhaulPct` of the original ship (ISS-A01); full
 * repair and D9.4 available again (UTD6.3741). With `to` it is also refitted (UTD6.3744, 6.3757:
 * no more capacity) or converted (UTD6.3765: the conversion's capacity), paying both.
 */
export function overhaulShips(
  d: Decider,
  list: string,
  toId: string | undefined,
  yardRef: string | undefined,
  p: Player,
): void {
  const settings = costSettings(d.state);
  run(d, 'overhaul', list, yardRef, p, (ship) => {
    refuseUninspected(ship);
    const from = unitOf(d, ship);
    const base = overhaulCost(from.bpv, settings.overhaulPct);
    if (!toId) return { ship, from, to: from, overhaul: true, capacity: from.mc, cost: base };
    if (changeKind(d, ship, toId) === 'convert') {
      const to = conversionTo(d, ship, toId);
      return {
        ship,
        from,
        to,
        overhaul: true,
        capacity: conversionCapacity(from.mc, to.mc),
        cost: base.add(conversionCost(from.bpv, to.bpv, settings.conversionMinPct)),
      };
    }
    const { edge, to } = refitTo(d, ship, toId);
    return {
      ship,
      from,
      to,
      overhaul: true,
      capacity: from.mc,
      cost: base.add(refitCost(from.bpv, to.bpv, settings.refitMinPct, edge.costOverride)),
    };
  });
}

/**
 * UTD6.375 REFIT: capacity = half the MC; cost = the rise in BPV, free if none (ISS-A02 minimum).
 * `drones` extra drones per ship may be bought with it (UTD7.A832); with no new configuration
 * (`toId` empty or the ship's own) the refit buys only the drones (UTD6.3753: buying more counts
 * as a refit).
 */
export function refitShips(
  d: Decider,
  list: string,
  toId: string,
  yardRef: string | undefined,
  p: Player,
  drones = 0,
): void {
  const settings = costSettings(d.state);
  run(d, 'refit', list, yardRef, p, (ship) => {
    refuseUninspected(ship);
    const from = unitOf(d, ship);
    const target = toId.trim();
    if (drones > 0 && (target === '' || target === ship.unitId)) {
      if (ship.captured)
        refuse(
          'yard/captured-refit',
          'UTD6.3772',
          `${ship.unitId} (${ship.id}) is a captured ship: it may not be refitted, except to faster drones or improved plasma torpedoes.`,
        );
      const price = extraDronePrice(
        d.state.settings,
        from,
        `${from.hullCode || from.name} (${ship.id})`,
        ship.extraDrones ?? 0,
        drones,
      );
      return {
        ship,
        from,
        to: from,
        overhaul: false,
        capacity: refitCapacity(from.mc),
        cost: price,
        drones: { count: drones, price },
      };
    }
    if (target === '')
      refuse(
        'yard/no-refit',
        'UTD6.3753',
        'Name the configuration the ships are refitted to, or give extra drones to buy.',
      );
    const { edge, to } = refitTo(d, ship, target);
    const base = refitCost(from.bpv, to.bpv, settings.refitMinPct, edge.costOverride);
    if (drones === 0) return { ship, from, to, overhaul: false, capacity: refitCapacity(from.mc), cost: base };
    const price = extraDronePrice(
      d.state.settings,
      to,
      `${to.hullCode || to.name} (${ship.id})`,
      ship.extraDrones ?? 0,
      drones,
    );
    return {
      ship,
      from,
      to,
      overhaul: false,
      capacity: refitCapacity(from.mc),
      cost: base.add(price),
      drones: { count: drones, price },
    };
  });
}

/** UTD6.376#2 CONVERT: capacity = the larger MC (UTD6.3766); cost = the rise or 25% of the original, whichever is more. */
export function convertShips(d: Decider, list: string, toId: string, yardRef: string | undefined, p: Player): void {
  const settings = costSettings(d.state);
  run(d, 'convert', list, yardRef, p, (ship) => {
    refuseUninspected(ship);
    const from = unitOf(d, ship);
    const to = conversionTo(d, ship, toId);
    return {
      ship,
      from,
      to,
      overhaul: false,
      capacity: conversionCapacity(from.mc, to.mc),
      cost: conversionCost(from.bpv, to.bpv, settings.conversionMinPct),
    };
  });
}

/**
 * UTD6.377 INSPECT a captured ship: capacity = MC, cost = 25% of its BPV (UTD6.3775); it is
 * overhauled and from now on operated normally, keeping its original technology (UTD6.3771). A
 * drone-speed or plasma refit allowed for captured ships may be done with it (UTD6.3772).
 */
export function inspectShips(
  d: Decider,
  list: string,
  toId: string | undefined,
  yardRef: string | undefined,
  p: Player,
): void {
  const settings = costSettings(d.state);
  run(d, 'inspect', list, yardRef, p, (ship) => {
    if (!ship.captured || !ship.uninspected)
      refuse(
        'yard/not-captured',
        'UTD6.377',
        `${ship.unitId} (${ship.id}) is not a captured ship awaiting inspection.`,
      );
    const from = unitOf(d, ship);
    const base = inspectionCost(from.bpv, settings.inspectionPct);
    if (!toId) return { ship, from, to: from, overhaul: true, capacity: from.mc, cost: base };
    const { edge, to } = refitTo(d, ship, toId);
    return {
      ship,
      from,
      to,
      overhaul: true,
      capacity: from.mc,
      cost: base.add(refitCost(from.bpv, to.bpv, settings.refitMinPct, edge.costOverride)),
    };
  });
}

/** The steps every instant shipyard action shares: one yard, one line, one charge (ISS-A03). */
function run(
  d: Decider,
  kind: YardWorkKind,
  list: string,
  yardRef: string | undefined,
  p: Player,
  partOf: (ship: Ship) => Part,
): void {
  const turn = d.state.turn!;
  const rules = RULES[kind];
  const ships = ownShips(d, p, list, rules.where);
  const sector = oneSector(d, ships, rules.where);
  const parts = ships.map(partOf);
  checkFleetLimits(d, parts);
  const names = parts.map((x) => `${x.from.hullCode || x.from.name} (${x.ship.id})`).join(', ');
  const capacity = parts.reduce((sum, x) => sum + x.capacity, 0);
  const y = chooseYard(
    d,
    p,
    turn,
    sector,
    {
      what: `${VERB[kind]} ${names}`,
      sizeClass: Math.min(...parts.flatMap((x) => [x.from.sizeClass, x.to.sizeClass])),
      whereMc: Math.max(...parts.flatMap((x) => [x.from.mc, x.to.mc])),
      capacity,
      sizeRule: rules.size,
      whereRule: rules.where,
    },
    yardRef,
  );
  const settings = costSettings(d.state);
  const charge = chargeLine(
    parts.map((x) => x.cost),
    settings.rounding,
  );
  if (charge.gt(p.bank))
    refuse(
      'bank/insufficient',
      rules.money,
      `${VERB[kind][0]!.toUpperCase()}${VERB[kind].slice(1)} ${names} costs ${bpvToString(charge)} BPV; your bank holds ${p.bank}.`,
    );
  const exact = parts.reduce((sum, x) => sum.add(x.cost), bpv(0));
  const shipsDone: YardWorkShip[] = parts.map((x) => ({
    shipId: x.ship.id,
    from: x.from.unitId,
    to: x.to.unitId,
    overhaul: x.overhaul,
    bpv: bpvToString(valueAfter(d, x)),
    exactCost: bpvToString(x.cost),
    ...(x.drones ? { extraDrones: (x.ship.extraDrones ?? 0) + x.drones.count } : {}),
  }));
  d.emit({
    type: 'YardWorkDone',
    playerId: p.id,
    yardId: y.base.id,
    kind,
    ships: shipsDone,
    capacity,
    cost: bpvToString(charge),
    exactCost: bpvToString(exact),
  });
}

/**
 * The ship's value after the action (ISS-A76): its own value when the configuration stays, else
 * the new configuration's BPV plus the extra drones it already carried (UTD7.A81); drones bought
 * now add their price.
 */
function valueAfter(d: Decider, x: Part): Bpv {
  const carried = x.ship.extraDrones
    ? extraDroneCost(x.ship.extraDrones, d.state.settings['drones.extraBpvEach'])
    : bpv(0);
  const base = x.to.unitId === x.from.unitId ? bpv(x.ship.bpv) : bpv(x.to.bpv).add(carried);
  return x.drones ? base.add(x.drones.price) : base;
}

/**
 * UTD7.23: a change of configuration must leave each fleet within MC 5, its hulls as they will be
 * and the fighters and PFs they carry pooled (UTD7.24).
 */
function checkFleetLimits(d: Decider, parts: Part[]): void {
  const changed = new Map(parts.filter((x) => x.to.unitId !== x.from.unitId).map((x) => [x.ship.id, x.to.unitId]));
  const fleets = new Set(parts.filter((x) => changed.has(x.ship.id) && x.ship.fleetId).map((x) => x.ship.fleetId!));
  for (const fleetId of fleets) {
    const slot = d.state.fleets.find((f) => f.id === fleetId)?.slot;
    refuseOverFleetLimit(
      d.state.ships.filter((s) => s.fleetId === fleetId).map((s) => ({ ...s, unitId: changed.get(s.id) ?? s.unitId })),
      d.ctx.catalog,
      fleetLimit(d.state),
      `After the change fleet ${slot}`,
      { hint: 'Organize the ship into another fleet first.' },
    );
  }
}
