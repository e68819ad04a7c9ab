import { refuse } from '../errors.ts';
import {
  accompaniedMaulers,
  attackOf,
  buildForces,
  crippleUnit,
  currentFactors,
  destroyUnit,
  fighterCapacity,
  isAlive,
  loseFighter,
  sideUnits,
  toUnits,
  transferOrDie,
} from './force.ts';
import type { FighterFate, UnitState } from './force.ts';
import { RULE } from './rules.ts';
import type { Side, SidcorsUnit } from './types.ts';

/**
 * One choice in an owner's damage allocation, taken in list order:
 * - `cripple` an uncrippled unit (resolves D; a unit with no crippled side is destroyed),
 * - `destroy` a crippled unit (resolves CD) — on an uncrippled unit it means cripple, then destroy,
 *   and each half must be a step the rule still requires,
 * - `fighter`: lose `count` (default 1) fighter/PF factors of that unit, each resolving 1;
 *   carrierless ones ("transfer or die") go first.
 */
export interface AllocationStep {
  unitId: string;
  step: 'cripple' | 'destroy' | 'fighter';
  count?: number;
}

export interface AppliedStep {
  unitId: string;
  step: 'cripple' | 'destroy' | 'fighter';
  /** Damage points this step resolved. */
  value: number;
  /** Points still unresolved after it (negative: the overshoot). */
  remaining: number;
}

export interface AllocationResult {
  owner: Side;
  /** Points the owner had to resolve after Directed Damage. */
  points: number;
  steps: AppliedStep[];
  /** Unresolved points below half the smallest step: ignored, or minus points carried. */
  leftover: number;
  /** Points given up beyond the damage: plus points credited next round. */
  overshoot: number;
  automatic: boolean;
}

/** A primitive step the owner could take now, with what it costs him for the rest of the battle. */
export interface CandidateStep {
  unitId: string;
  step: 'cripple' | 'destroy' | 'fighter';
  value: number;
  /** Attack and fighter factors the force loses by it (fighters displaced from a carrier counted as lost). */
  attackLost: number;
  /** True when the unit leaves the battle. */
  destroys: boolean;
  order: number;
}

function carrierless(states: readonly UnitState[], side: Side): { orphans: number; room: number } {
  let orphans = 0;
  let room = 0;
  for (const u of sideUnits(states, side)) {
    orphans += u.orphans;
    room += Math.max(0, fighterCapacity(u) - u.fighters);
  }
  return { orphans, room };
}

/** Every primitive step open to the owner of `side` now. */
export function candidateSteps(states: readonly UnitState[], side: Side): CandidateStep[] {
  const out: CandidateStep[] = [];
  const pool = carrierless(states, side);
  for (const u of sideUnits(states, side)) {
    const f = currentFactors(u);
    if (u.status === 'undamaged') {
      const crippled = u.factors.crippled;
      if (crippled === null) {
        out.push({
          unitId: u.id,
          step: 'cripple',
          value: f.defense,
          attackLost: f.attack + u.fighters,
          destroys: true,
          order: u.order,
        });
      } else {
        const displaced = Math.max(0, u.fighters - crippled.fighters);
        out.push({
          unitId: u.id,
          step: 'cripple',
          value: f.defense,
          attackLost: f.attack - crippled.attack + displaced,
          destroys: false,
          order: u.order,
        });
      }
    } else if (u.status === 'crippled') {
      out.push({
        unitId: u.id,
        step: 'destroy',
        value: f.defense,
        attackLost: f.attack + u.fighters,
        destroys: true,
        order: u.order,
      });
    }
    if (u.orphans > 0) {
      // A carrierless factor that would die for want of room costs nothing to give up.
      out.push({
        unitId: u.id,
        step: 'fighter',
        value: 1,
        attackLost: pool.orphans > pool.room ? 0 : 1,
        destroys: false,
        order: u.order,
      });
    } else if (u.fighters > 0) {
      out.push({ unitId: u.id, step: 'fighter', value: 1, attackLost: 1, destroys: false, order: u.order });
    }
  }
  return out;
}

/** The smallest next step over the owner's remaining units (digest V25), or null when nothing is left. */
export function smallestStep(states: readonly UnitState[], side: Side): number | null {
  const values = candidateSteps(states, side).map((c) => c.value);
  return values.length === 0 ? null : Math.min(...values);
}

/**
 * "When the remaining number of unresolved Damage Points is less than half of the smallest Defense
 * Factor of the remaining units … these Damage Points are ignored. If [they] are equal to half or
 * more … the owning player must damage a unit." Integer form: required iff 2·remaining ≥ smallest.
 */
export function stepRequired(remaining: number, smallest: number | null): boolean {
  return remaining > 0 && smallest !== null && 2 * remaining >= smallest;
}

function applyPrimitive(
  states: UnitState[],
  side: Side,
  unitId: string,
  step: 'cripple' | 'destroy' | 'fighter',
  remaining: number,
): AppliedStep {
  const u = states.find((x) => x.id === unitId);
  if (!u || u.side !== side)
    refuse(
      'sidcors/alloc-bad-unit',
      RULE.allocation,
      `\`${unitId}\` is not a unit of side ${side}; each player allocates damage to his own force.`,
    );
  let value: number;
  if (step === 'fighter') {
    if (u.orphans + u.fighters === 0)
      refuse('sidcors/alloc-no-fighters', RULE.allocation, `\`${unitId}\` has no fighter or PF factors left to lose.`);
    loseFighter(u);
    value = 1;
  } else if (!isAlive(u)) {
    return refuse('sidcors/alloc-bad-unit', RULE.allocation, `\`${unitId}\` is already destroyed.`);
  } else if (step === 'cripple') {
    if (u.status === 'crippled')
      refuse(
        'sidcors/alloc-already-crippled',
        RULE.allocation,
        `\`${unitId}\` is already crippled.`,
        'Use "destroy" to remove it for its crippled defence factor.',
      );
    value = currentFactors(u).defense;
    crippleUnit(u);
  } else {
    if (u.status === 'undamaged') throw new Error('destroy of an uncrippled unit is expanded by the caller');
    value = currentFactors(u).defense;
    destroyUnit(u);
  }
  return { unitId, step, value, remaining: remaining - value };
}

function primitives(
  states: readonly UnitState[],
  s: AllocationStep,
): { unitId: string; step: 'cripple' | 'destroy' | 'fighter' }[] {
  const count = s.count ?? 1;
  if (s.step === 'fighter') {
    if (!Number.isInteger(count) || count < 1)
      refuse(
        'sidcors/alloc-bad-count',
        RULE.allocation,
        `Fighter count for \`${s.unitId}\` must be a whole number ≥ 1; got ${count}.`,
      );
    return Array.from({ length: count }, () => ({ unitId: s.unitId, step: 'fighter' as const }));
  }
  if (s.count !== undefined && s.count !== 1)
    refuse(
      'sidcors/alloc-bad-count',
      RULE.allocation,
      `Only fighter steps take a count; \`${s.unitId}\` ${s.step} is one step.`,
    );
  const u = states.find((x) => x.id === s.unitId);
  // Destroying an undamaged unit is "crippling it, then destroying the crippled unit": two steps.
  if (s.step === 'destroy' && u?.status === 'undamaged' && u.factors.crippled !== null) {
    return [
      { unitId: s.unitId, step: 'cripple' },
      { unitId: s.unitId, step: 'destroy' },
    ];
  }
  // A unit with no crippled side is destroyed by any damage: "destroy" and "cripple" mean the same.
  if (s.step === 'destroy' && u?.status === 'undamaged') return [{ unitId: s.unitId, step: 'cripple' }];
  return [{ unitId: s.unitId, step: s.step }];
}

function finish(
  owner: Side,
  points: number,
  steps: AppliedStep[],
  remaining: number,
  automatic: boolean,
): AllocationResult {
  return { owner, points, steps, leftover: Math.max(0, remaining), overshoot: Math.max(0, -remaining), automatic };
}

/**
 * Applies an owner's allocation to `states` (mutated), refusing any step the rule does not require
 * and any list that stops while a step is still required.
 */
export function applyAllocation(
  states: UnitState[],
  owner: Side,
  points: number,
  choice: readonly AllocationStep[],
  automatic = false,
): AllocationResult {
  let remaining = points;
  const applied: AppliedStep[] = [];
  for (const s of choice) {
    for (const p of primitives(states, s)) {
      const smallest = smallestStep(states, owner);
      if (!stepRequired(remaining, smallest)) {
        const why =
          remaining <= 0
            ? `all ${points} damage points are already resolved`
            : `only ${remaining} point${remaining === 1 ? '' : 's'} remain${remaining === 1 ? 's' : ''}, less than half the smallest step (${smallest})`;
        refuse(
          'sidcors/alloc-not-required',
          RULE.allocation,
          `Side ${owner} cannot also ${p.step === 'fighter' ? 'lose a fighter factor of' : p.step} \`${p.unitId}\`: ${why}.`,
          'Leave the step out; any remainder is ignored (or carried as minus points).',
        );
      }
      const done = applyPrimitive(states, owner, p.unitId, p.step, remaining);
      applied.push(done);
      remaining = done.remaining;
    }
  }
  const smallest = smallestStep(states, owner);
  if (stepRequired(remaining, smallest)) {
    refuse(
      'sidcors/alloc-incomplete',
      RULE.allocation,
      `Side ${owner} still has ${remaining} unresolved damage point${remaining === 1 ? '' : 's'}, at least half the smallest step (${smallest}): another unit must be damaged, even if that gives up more than ${remaining}.`,
    );
  }
  return finish(owner, points, applied, remaining, automatic);
}

/** Orders a/b against c/d (non-negative integers, positive denominators) without fractions. */
function compareRatio(a: number, b: number, c: number, d: number): number {
  return a * d - c * b;
}

/**
 * The simple rule's order of preference: keep units in the battle while any non-destroying step
 * exists; among those, a step that resolves no more than the points left comes first, by least
 * attack lost per point (then the larger step); a step that overshoots comes after, by least attack
 * lost (then the smaller step, so the overshoot stays small). Roster order breaks ties.
 */
function preference(remaining: number): (x: CandidateStep, y: CandidateStep) => number {
  const fits = (c: CandidateStep): number => (c.value <= remaining ? 0 : 1);
  return (x, y) =>
    Number(x.destroys) - Number(y.destroys) ||
    fits(x) - fits(y) ||
    (fits(x) === 0
      ? compareRatio(x.attackLost, x.value, y.attackLost, y.value) || y.value - x.value
      : x.attackLost - y.attackLost || x.value - y.value) ||
    x.order - y.order;
}

/**
 * The distinct steps worth trying, best first: units of the same factors, state and flags give the
 * same futures, so only the first of them in roster order is tried.
 */
function distinctSteps(states: readonly UnitState[], owner: Side, remaining: number): CandidateStep[] {
  const byId = new Map(states.map((u) => [u.id, u]));
  const seen = new Set<string>();
  return candidateSteps(states, owner)
    .sort(preference(remaining))
    .filter((c) => {
      const u = byId.get(c.unitId)!;
      const key = `${c.step}|${u.factorText}|${u.status}|${u.fighters}|${u.orphans}|${u.flags.mauler === true}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

interface PlanScore {
  destroyed: number;
  attackLost: number;
  leftover: number;
  steps: number;
}

function compareScore(x: PlanScore, y: PlanScore): number {
  return x.destroyed - y.destroyed || x.attackLost - y.attackLost || x.leftover - y.leftover || x.steps - y.steps;
}

/** Attack and fighter factors the side would keep once carrierless fighters transfer or die. */
function keptAttack(states: readonly UnitState[], owner: Side): number {
  const settled = states.map((s) => ({ ...s }));
  transferOrDie(settled, owner);
  const accompanied = accompaniedMaulers(settled, owner);
  return sideUnits(settled, owner)
    .filter(isAlive)
    .reduce((sum, u) => sum + attackOf(u, accompanied) + u.fighters, 0);
}

type Primitive = { unitId: string; step: 'cripple' | 'destroy' | 'fighter' };

/** Finishes an allocation with the simple rule; returns the steps it took and how it ends. */
function rollout(
  states: UnitState[],
  owner: Side,
  remaining: number,
  stepsSoFar: number,
  before: { attack: number; destroyed: number },
): { score: PlanScore; path: Primitive[] } {
  const path: Primitive[] = [];
  let left = remaining;
  for (;;) {
    const open = candidateSteps(states, owner);
    if (!stepRequired(left, open.length === 0 ? null : Math.min(...open.map((c) => c.value)))) break;
    const better = preference(left);
    const pick = open.reduce((best, c) => (better(c, best) < 0 ? c : best));
    left = applyPrimitive(states, owner, pick.unitId, pick.step, left).remaining;
    path.push({ unitId: pick.unitId, step: pick.step });
  }
  const destroyed = sideUnits(states, owner).filter((u) => !isAlive(u)).length - before.destroyed;
  return {
    score: {
      destroyed,
      attackLost: before.attack - keptAttack(states, owner),
      leftover: Math.max(0, left),
      steps: stepsSoFar + path.length,
    },
    path,
  };
}

/**
 * Steps simulated before the planner stops re-planning and follows its best finished allocation:
 * keeps very large allocations (hundreds of points on dozens of units) quick, deterministically.
 */
const PLANNING_BUDGET = 5_000;

/**
 * The automatic allocation used when an owner gives none. At each required step the engine tries
 * every distinct step open to the owner, finishes the allocation from there with the simple rule
 * of `preference`, and takes the step whose finished allocation is best for the owner:
 * 1. fewest units destroyed (crippled ships can be repaired; destroyed ones are gone),
 * 2. then the least attack lost, i.e. the most Combat Potential kept for the next round (fighters
 *    that lose their carrier and find no room count as lost),
 * 3. then the fewest minus points, then the fewest steps, then the simple rule's own preference.
 * Past PLANNING_BUDGET simulated steps it follows the best finished allocation found so far.
 * It always honours the rule: it steps while the remainder is at least half the smallest step,
 * overshooting if it must (the overshoot becomes plus points).
 */
export function planDefaultAllocation(start: readonly UnitState[], owner: Side, points: number): AllocationStep[] {
  const states = start.map((s) => ({ ...s }));
  const before = {
    attack: keptAttack(states, owner),
    destroyed: sideUnits(states, owner).filter((u) => !isAlive(u)).length,
  };
  const plan: AllocationStep[] = [];
  const take = (p: Primitive): void => {
    remaining = applyPrimitive(states, owner, p.unitId, p.step, remaining).remaining;
    const last = plan[plan.length - 1];
    if (p.step === 'fighter' && last?.step === 'fighter' && last.unitId === p.unitId)
      last.count = (last.count ?? 1) + 1;
    else plan.push({ unitId: p.unitId, step: p.step });
  };
  let remaining = points;
  let work = 0;
  while (stepRequired(remaining, smallestStep(states, owner))) {
    let best: { pick: CandidateStep; score: PlanScore; path: Primitive[] } | null = null;
    for (const pick of distinctSteps(states, owner, remaining)) {
      const trial = states.map((s) => ({ ...s }));
      const left = applyPrimitive(trial, owner, pick.unitId, pick.step, remaining).remaining;
      const { score, path } = rollout(trial, owner, left, plan.length + 1, before);
      work += path.length + 1;
      if (best === null || compareScore(score, best.score) < 0) best = { pick, score, path };
    }
    take(best!.pick);
    if (work > PLANNING_BUDGET) {
      for (const p of best!.path) take(p);
      break;
    }
  }
  return plan;
}

export interface StandaloneAllocation {
  result: AllocationResult;
  /** Surviving units afterwards, carrierless fighters already transferred or lost. */
  units: SidcorsUnit[];
  fighterFate: FighterFate;
}

/**
 * Allocation on its own, outside a round (a preview, or a check of a player's list): `points`
 * against `owner`'s units in `units`, with the owner's steps or the automatic allocation.
 */
export function allocateDamage(
  units: readonly SidcorsUnit[],
  owner: Side,
  points: number,
  steps?: readonly AllocationStep[],
): StandaloneAllocation {
  if (!Number.isSafeInteger(points) || points < 0)
    throw new Error(`damage points must be a whole number ≥ 0, got ${points}`);
  const states = buildForces(units);
  const result =
    steps === undefined
      ? applyAllocation(states, owner, points, planDefaultAllocation(states, owner, points), true)
      : applyAllocation(states, owner, points, steps);
  const fighterFate = transferOrDie(states, owner);
  return { result, units: toUnits(states), fighterFate };
}
