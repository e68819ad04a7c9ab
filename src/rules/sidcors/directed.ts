import { refuse } from '../errors.ts';
import {
  accompaniedMaulers,
  buildForces,
  cloneStates,
  crippleUnit,
  currentFactors,
  destroyUnit,
  isAlive,
  sideUnits,
  toUnits,
} from './force.ts';
import type { UnitState } from './force.ts';
import { RULE } from './rules.ts';
import { otherSide } from './types.ts';
import type { Side, SidcorsUnit } from './types.ts';

/**
 * A Directed Damage order: one enemy unit (cripple it, or kill it — crippling first if needed, never
 * switching target), or any number of the enemy's fighter/PF factors. `maulerId` spends the named
 * mauler's attack factor at 1:1 instead of 2:1.
 */
export type DirectedOrder =
  | { kind: 'unit'; target: string; action: 'cripple' | 'kill'; maulerId?: string }
  | { kind: 'fighters'; targets: { unitId: string; count: number }[]; maulerId?: string };

export interface DirectedStep {
  unitId: string;
  effect: 'crippled' | 'destroyed' | 'fighters';
  /** Defence points bought: D to cripple, CD to kill a crippled unit, 1 per fighter factor. */
  defense: number;
}

export interface DirectedResult {
  by: Side;
  order: DirectedOrder;
  steps: DirectedStep[];
  /** Total defence points bought by the order. */
  defense: number;
  /** Of those, the points the mauler paid at 1:1. */
  maulerPoints: number;
  /** Damage points spent: maulerPoints + 2 × the rest. */
  cost: number;
  maulerId: string | null;
}

/**
 * Damage points to buy `defense` points of Directed Damage: normally double ("a number equal to
 * double the Defense Factor"); a mauler pays up to its attack factor at full value. The extract's
 * example: 12 needed, mauler 10 → 10 + 2 × 2 = 14.
 */
export function directedCost(defense: number, maulerAllowance = 0): number {
  const atPar = Math.min(defense, maulerAllowance);
  return atPar + 2 * (defense - atPar);
}

/**
 * Maulers that may pay Directed Damage at 1:1: uncrippled, accompanied by two non-mauler units each.
 * Judged on the force as it stood when the round began (fire is simultaneous).
 */
export function eligibleMaulers(start: readonly UnitState[], side: Side): UnitState[] {
  const accompanied = accompaniedMaulers(start, side);
  return sideUnits(start, side).filter(
    (u) => u.flags.mauler === true && u.status === 'undamaged' && accompanied.has(u.id),
  );
}

function maulerFor(start: readonly UnitState[], by: Side, maulerId: string | undefined): UnitState | null {
  if (maulerId === undefined) return null;
  const unit = start.find((u) => u.id === maulerId);
  if (!unit || unit.side !== by || unit.flags.mauler !== true) {
    refuse('sidcors/dd-not-a-mauler', RULE.mauler, `\`${maulerId}\` is not a mauler of side ${by}.`);
  }
  if (unit.status !== 'undamaged') {
    refuse(
      'sidcors/dd-mauler-crippled',
      RULE.mauler,
      `Mauler \`${maulerId}\` is ${unit.status}; only an uncrippled mauler pays Directed Damage at full value.`,
    );
  }
  if (!eligibleMaulers(start, by).some((u) => u.id === maulerId)) {
    refuse(
      'sidcors/dd-mauler-alone',
      RULE.mauler,
      `Mauler \`${maulerId}\` lacks two non-mauler escorts, so it cannot be used for Directed Damage (and its attack factor is halved).`,
    );
  }
  return unit;
}

/**
 * Validates and applies one side's Directed Damage order to `states` (mutated). `available` is the
 * side's damage points after plus/minus adjustment; the order must be paid in full from them.
 */
export function applyDirected(
  states: UnitState[],
  start: readonly UnitState[],
  by: Side,
  order: DirectedOrder,
  available: number,
): DirectedResult {
  const enemy = otherSide(by);
  const mauler = maulerFor(start, by, order.maulerId);
  const allowance = mauler === null ? 0 : currentFactors(mauler).attack;
  const steps: DirectedStep[] = [];
  const effects: (() => void)[] = [];

  if (order.kind === 'unit') {
    const target = states.find((u) => u.id === order.target);
    if (!target || target.side !== enemy)
      refuse(
        'sidcors/dd-bad-target',
        RULE.directed,
        `\`${order.target}\` is not a unit of the enemy force (side ${enemy}).`,
      );
    if (!isAlive(target)) refuse('sidcors/dd-bad-target', RULE.directed, `\`${order.target}\` is already destroyed.`);
    const f = target.factors;
    if (f.crippled === null) {
      // No crippled side: any damage destroys it, at double its only defence factor.
      steps.push({ unitId: target.id, effect: 'destroyed', defense: f.uncrippled.defense });
      effects.push(() => destroyUnit(target));
    } else if (target.status === 'undamaged') {
      steps.push({ unitId: target.id, effect: 'crippled', defense: f.uncrippled.defense });
      effects.push(() => crippleUnit(target));
      if (order.action === 'kill') {
        steps.push({ unitId: target.id, effect: 'destroyed', defense: f.crippled.defense });
        effects.push(() => destroyUnit(target));
      }
    } else {
      if (order.action === 'cripple') {
        refuse(
          'sidcors/dd-already-crippled',
          RULE.directed,
          `\`${target.id}\` is already crippled; Directed Damage against it destroys it.`,
          `Order action "kill" (cost ${directedCost(f.crippled.defense, allowance)}).`,
        );
      }
      steps.push({ unitId: target.id, effect: 'destroyed', defense: f.crippled.defense });
      effects.push(() => destroyUnit(target));
    }
  } else {
    if (order.targets.length === 0)
      refuse(
        'sidcors/dd-no-fighters',
        RULE.directed,
        'A Directed Damage order against fighters must name at least one fighter factor.',
      );
    const named = new Set<string>();
    for (const t of order.targets) {
      const unit = states.find((u) => u.id === t.unitId);
      if (!unit || unit.side !== enemy)
        refuse(
          'sidcors/dd-bad-target',
          RULE.directed,
          `\`${t.unitId}\` is not a unit of the enemy force (side ${enemy}).`,
        );
      if (named.has(t.unitId))
        refuse('sidcors/dd-duplicate', RULE.directed, `\`${t.unitId}\` is named twice; give one count per carrier.`);
      named.add(t.unitId);
      if (!Number.isInteger(t.count) || t.count < 1 || t.count > unit.fighters) {
        refuse(
          'sidcors/dd-bad-fighters',
          RULE.directed,
          `\`${t.unitId}\` carries ${unit.fighters} fighter/PF factors; cannot direct damage at ${t.count}.`,
        );
      }
      steps.push({ unitId: unit.id, effect: 'fighters', defense: t.count });
      effects.push(() => {
        unit.fighters -= t.count;
      });
    }
  }

  const defense = steps.reduce((s, x) => s + x.defense, 0);
  const cost = directedCost(defense, allowance);
  if (cost > available) {
    const first = steps[0]!;
    const hint =
      order.kind === 'unit' && steps.length === 2 && directedCost(first.defense, allowance) <= available
        ? `You can afford to cripple it (cost ${directedCost(first.defense, allowance)}).`
        : undefined;
    refuse(
      'sidcors/dd-insufficient',
      RULE.directed,
      `Directed Damage here costs ${cost} damage points (double the defence${allowance > 0 ? `, less the mauler's ${Math.min(defense, allowance)} at full value` : ''}) but side ${by} has only ${available}; the full amount is needed.`,
      hint,
    );
  }
  for (const apply of effects) apply();
  return { by, order, steps, defense, maulerPoints: Math.min(defense, allowance), cost, maulerId: mauler?.id ?? null };
}

/**
 * Directed Damage on its own (a preview for the player choosing a target): validates the order
 * against `available` damage points and returns its cost and the units afterwards.
 */
export function directDamage(
  units: readonly SidcorsUnit[],
  by: Side,
  order: DirectedOrder,
  available: number,
): { result: DirectedResult; units: SidcorsUnit[] } {
  const start = buildForces(units);
  const states = cloneStates(start);
  const result = applyDirected(states, start, by, order, available);
  return { result, units: toUnits(states) };
}

/** Ids of the side's maulers that may pay Directed Damage at 1:1 this round (for the order form). */
export function maulersForDirectedDamage(units: readonly SidcorsUnit[], side: Side): string[] {
  return eligibleMaulers(buildForces(units), side).map((u) => u.id);
}
