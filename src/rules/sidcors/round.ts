import type { DiceSource } from '../dice.ts';
import { refuse } from '../errors.ts';
import { applyAllocation, candidateSteps, planDefaultAllocation, smallestStep } from './allocate.ts';
import type { AllocationResult, AllocationStep, CandidateStep } from './allocate.ts';
import { applyDirected } from './directed.ts';
import type { DirectedOrder, DirectedResult } from './directed.ts';
import {
  buildForces,
  cloneStates,
  comPotOf,
  crippleUnit,
  isAlive,
  sideUnits,
  toUnits,
  transferOrDie,
} from './force.ts';
import type { ComPotBreakdown, FighterFate, UnitState } from './force.ts';
import { battleIntensityRating } from './intensity.ts';
import { RULE } from './rules.ts';
import { scoutShifts, shiftDie } from './shifts.ts';
import { coefficientFor, damageFor } from './tables.ts';
import { SIDES, otherSide, resolveOptions } from './types.ts';
import type { PerSide, ResolvedOptions, Side, SidcorsOptions, SidcorsUnit } from './types.ts';

export interface RoundSetup {
  /** Both forces, as they stand at the start of the round. */
  units: readonly SidcorsUnit[];
  /** Each side's Battle Intensity Factor, 1..4 (the caller keeps them secret until both are in). */
  bif: PerSide<number>;
  /** Round number within the battle, for the record and the dice purposes (default 1). */
  round?: number;
  /**
   * Plus/minus carry-over from the previous round of this battle: points ADDED to the damage each
   * side receives (positive = minus points it still owes, negative = plus points it earned).
   */
  carry?: Partial<PerSide<number>>;
  /** Further die shifts on each side's own die this round, e.g. the enemy's cloak roll in round 1. */
  extraShifts?: Partial<PerSide<number>>;
  /** The attacking side: resolves Directed Damage first, allocates second (default A). */
  attacker?: Side;
  options?: SidcorsOptions;
}

export interface DieShift {
  scout: number;
  extra: number;
  total: number;
}

/** Everything up to the damage scored: the dice are rolled, no player has chosen anything yet. */
export interface RolledRound {
  round: number;
  attacker: Side;
  options: ResolvedOptions;
  /** The forces as they stood when the round began (in a RoundResult: the survivors after it). */
  units: SidcorsUnit[];
  bif: PerSide<number>;
  bir: number;
  comPot: PerSide<ComPotBreakdown>;
  die: PerSide<number>;
  shift: PerSide<DieShift>;
  effectiveDie: PerSide<number>;
  coefficient: PerSide<number>;
  /** Damage points scored BY each side. */
  damage: PerSide<number>;
  carryIn: PerSide<number>;
  /** Damage points to resolve AGAINST each side after plus/minus points (never below 0). */
  against: PerSide<number>;
  /** Plus credit a side could not use this round because it exceeded the damage against it. */
  creditKept: PerSide<number>;
}

function perSide<T>(f: (side: Side) => T): PerSide<T> {
  return { A: f('A'), B: f('B') };
}

function whole(n: number | undefined, what: string): number {
  const v = n ?? 0;
  if (!Number.isSafeInteger(v)) throw new Error(`${what} must be a whole number, got ${v}`);
  return v;
}

/** Steps 1–5: intensity, Combat Potential, dice and shifts, damage, plus/minus points. */
export function rollRound(setup: RoundSetup, dice: DiceSource): RolledRound {
  const options = resolveOptions(setup.options);
  const round = setup.round ?? 1;
  const attacker = setup.attacker ?? 'A';
  const states = buildForces(setup.units);
  for (const side of SIDES) {
    if (!sideUnits(states, side).some(isAlive))
      refuse('sidcors/side-destroyed', RULE.end, `Side ${side} has no units left, so the battle is over.`);
  }
  const bir = battleIntensityRating(setup.bif);
  const comPot = perSide((s) => comPotOf(states, s, options));
  const scout = scoutShifts(states, options.bothScouts);
  const die = perSide((s) => dice.roll(6, 1, `SIDCORS round ${round} combat die, side ${s}`)[0]!);
  const shift = perSide((s) => {
    const extra = whole(setup.extraShifts?.[s], 'extra shift');
    return { scout: scout[s], extra, total: scout[s] + extra };
  });
  const effectiveDie = perSide((s) => shiftDie(die[s], shift[s].total));
  const coefficient = perSide((s) => coefficientFor(bir, effectiveDie[s], { extrapolate: options.extrapolateBir }));
  const damage = perSide((s) => damageFor(comPot[s].total, coefficient[s]));
  // Without the plus/minus procedure nothing carries between rounds.
  const carryIn = perSide((s) => (options.plusMinus ? whole(setup.carry?.[s], 'carry') : 0));
  const raw = perSide((s) => damage[otherSide(s)] + carryIn[s]);
  return {
    round,
    attacker,
    options,
    units: setup.units.map((u) => ({ ...u })),
    bif: { ...setup.bif },
    bir,
    comPot,
    die,
    shift,
    effectiveDie,
    coefficient,
    damage,
    carryIn,
    against: perSide((s) => Math.max(0, raw[s])),
    creditKept: perSide((s) => Math.max(0, -raw[s])),
  };
}

/** What an owner sees when allocating: the points left after Directed Damage and his options. */
export interface AllocationView {
  owner: Side;
  points: number;
  smallestStep: number | null;
  candidates: CandidateStep[];
  /** The allocation the engine applies if the owner gives none. */
  automatic: AllocationStep[];
}

export interface DirectedPhase {
  /** Directed Damage by each side (null when it gave no order). */
  directed: PerSide<DirectedResult | null>;
  /** Points each side must still resolve against its own units. */
  remaining: PerSide<number>;
  view: PerSide<AllocationView>;
  /** Working unit states after Directed Damage; internal to the engine. */
  states: UnitState[];
}

/** Step 6: validates and applies both Directed Damage orders (attacker first). Pure: no dice. */
export function directedPhase(rolled: RolledRound, orders?: Partial<PerSide<DirectedOrder>>): DirectedPhase {
  const start = buildForces(rolled.units);
  const states = cloneStates(start);
  const directed: PerSide<DirectedResult | null> = { A: null, B: null };
  const remaining = { A: rolled.against.A, B: rolled.against.B };
  for (const by of [rolled.attacker, otherSide(rolled.attacker)]) {
    const order = orders?.[by];
    if (order === undefined) continue;
    const target = otherSide(by);
    const result = applyDirected(states, start, by, order, remaining[target]);
    directed[by] = result;
    remaining[target] -= result.cost;
  }
  const view = perSide((owner) => ({
    owner,
    points: remaining[owner],
    smallestStep: smallestStep(states, owner),
    candidates: candidateSteps(states, owner),
    automatic: planDefaultAllocation(states, owner, remaining[owner]),
  }));
  return { directed, remaining, view, states };
}

export interface RoundOrders {
  /** Directed Damage orders, keyed by the side that directs them. */
  directed?: Partial<PerSide<DirectedOrder>>;
  /** Allocation choices, keyed by the owner; a missing side gets the automatic allocation. */
  allocation?: Partial<PerSide<readonly AllocationStep[]>>;
}

export interface MaulerBreakdown {
  unitId: string;
  /** The d6, or null when the mauler was crippled or destroyed in the round and so does not roll. */
  roll: number | null;
  crippled: boolean;
}

export interface RoundResult extends RolledRound {
  directed: PerSide<DirectedResult | null>;
  /** Each owner's allocation, automatic or chosen. */
  allocation: PerSide<AllocationResult>;
  maulerBreakdown: PerSide<MaulerBreakdown | null>;
  /** Carrierless fighters moved or lost at the end of the round. */
  fighterFate: PerSide<FighterFate>;
  /** Overshoot this round: credited against the damage the side receives next round. */
  plusPoints: PerSide<number>;
  /** Unresolved remainder this round: added to the damage the side receives next round. */
  minusPoints: PerSide<number>;
  /** Pass as `carry` to the next round (0 when the plus/minus procedure is off). */
  carryOut: PerSide<number>;
  /** Surviving units, with their new state: the next round's `units`. */
  units: SidcorsUnit[];
  crippledNow: string[];
  destroyedNow: string[];
  sideDestroyed: PerSide<boolean>;
}

/** Steps 6–7 and the end of the round: Directed Damage, allocation, mauler shock, transfer or die. */
export function finishRound(rolled: RolledRound, orders: RoundOrders, dice: DiceSource): RoundResult {
  const phase = directedPhase(rolled, orders.directed);
  const states = phase.states;
  const defender = otherSide(rolled.attacker);
  const allocation = {} as PerSide<AllocationResult>;
  for (const owner of [defender, rolled.attacker]) {
    const chosen = orders.allocation?.[owner];
    allocation[owner] =
      chosen === undefined
        ? applyAllocation(states, owner, phase.remaining[owner], phase.view[owner].automatic, true)
        : applyAllocation(states, owner, phase.remaining[owner], chosen);
  }

  const maulerBreakdown: PerSide<MaulerBreakdown | null> = { A: null, B: null };
  for (const side of SIDES) {
    const id = phase.directed[side]?.maulerId;
    if (id == null) continue;
    const mauler = states.find((u) => u.id === id)!;
    if (mauler.status !== 'undamaged') {
      // Crippled voluntarily (allocation) or by Directed Damage, or destroyed: no shock roll.
      maulerBreakdown[side] = { unitId: id, roll: null, crippled: false };
      continue;
    }
    const roll = dice.roll(6, 1, `SIDCORS round ${rolled.round} mauler shock, side ${side} (${id})`)[0]!;
    const shaken = roll >= 5;
    if (shaken) crippleUnit(mauler);
    maulerBreakdown[side] = { unitId: id, roll, crippled: shaken };
  }

  const fighterFate = perSide((s) => transferOrDie(states, s));
  const plusPoints = perSide((s) => allocation[s].overshoot);
  const minusPoints = perSide((s) => allocation[s].leftover);
  const sideDestroyed = perSide((s) => !sideUnits(states, s).some(isAlive));
  const carryOut = perSide((s) =>
    rolled.options.plusMinus && !sideDestroyed[s] ? minusPoints[s] - plusPoints[s] - rolled.creditKept[s] : 0,
  );
  const before = new Map(buildForces(rolled.units).map((u) => [u.id, u.status]));
  return {
    ...rolled,
    directed: phase.directed,
    allocation,
    maulerBreakdown,
    fighterFate,
    plusPoints,
    minusPoints,
    carryOut,
    units: toUnits(states),
    crippledNow: states.filter((u) => u.status === 'crippled' && before.get(u.id) === 'undamaged').map((u) => u.id),
    destroyedNow: states.filter((u) => u.status === 'destroyed' && before.get(u.id) !== 'destroyed').map((u) => u.id),
    sideDestroyed,
  };
}

/** One whole round in a single call: roll, then Directed Damage and allocation as ordered. */
export function resolveRound(setup: RoundSetup & RoundOrders, dice: DiceSource): RoundResult {
  const rolled = rollRound(setup, dice);
  const orders: RoundOrders = {};
  if (setup.directed !== undefined) orders.directed = setup.directed;
  if (setup.allocation !== undefined) orders.allocation = setup.allocation;
  return finishRound(rolled, orders, dice);
}

/** The automatic allocation for one owner after the given Directed Damage orders. */
export function defaultAllocation(
  rolled: RolledRound,
  owner: Side,
  directed?: Partial<PerSide<DirectedOrder>>,
): AllocationStep[] {
  return directedPhase(rolled, directed).view[owner].automatic;
}

/**
 * Checks one owner's allocation against the round after the given Directed Damage orders, without
 * applying it: refuses (sidcors/alloc-*) as finishing the round would. Lets a player hear at once
 * that his list is not one the rule allows, instead of when the other side allocates.
 */
export function checkAllocation(
  rolled: RolledRound,
  owner: Side,
  steps: readonly AllocationStep[],
  directed?: Partial<PerSide<DirectedOrder>>,
): AllocationResult {
  const phase = directedPhase(rolled, directed);
  return applyAllocation(cloneStates(phase.states), owner, phase.remaining[owner], steps);
}
