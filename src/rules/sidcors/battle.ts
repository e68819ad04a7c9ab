import type { DiceSource } from '../dice.ts';
import { refuse } from '../errors.ts';
import { smallestStep } from './allocate.ts';
import type { AllocationStep } from './allocate.ts';
import type { DirectedOrder } from './directed.ts';
import { buildForces, comPotOf, isAlive, sideUnits } from './force.ts';
import { RULE } from './rules.ts';
import { directedPhase, finishRound, rollRound } from './round.ts';
import type { DirectedPhase, RolledRound, RoundResult } from './round.ts';
import { cannotRetreat, mayUseCloak, rollCloak } from './shifts.ts';
import type { CloakRoll } from './shifts.ts';
import { damageFor, maxCoefficient } from './tables.ts';
import { SIDES, otherSide, resolveOptions } from './types.ts';
import type { PerSide, Side, SidcorsOptions, SidcorsUnit } from './types.ts';

export interface QuickBattleSetup {
  units: readonly SidcorsUnit[];
  /** The side that entered the sector or demanded the battle (digest V21); default A. */
  attacker?: Side;
  options?: SidcorsOptions;
  /** Safety stop for battles where neither side ever retreats (default 30 rounds). */
  maxRounds?: number;
  /**
   * A battle already under way: the rounds fought before (no cloak roll then, since it is made
   * before the first round only) and the plus/minus carry into the next one.
   */
  resume?: { roundsFought: number; carry: PerSide<number> };
}

export interface BattleProgress {
  /** Rounds fought so far. */
  roundsFought: number;
  /** Surviving units now. */
  units: SidcorsUnit[];
  /** Plus/minus carry into the next round. */
  carry: PerSide<number>;
  rounds: readonly RoundResult[];
}

/**
 * The players' side of the battle. Secrecy and prompting are the caller's business; the engine
 * only asks for the decisions, in rule order.
 */
export interface BattleController {
  /** Both Battle Intensity Factors for the next round (see `intensityChooser` for who picks). */
  intensity(progress: BattleProgress): PerSide<number>;
  /** After each round: the sides that retreat now. Omitted or empty: fight on. */
  retreats?(progress: BattleProgress): Side[];
  /** Before round 1, for a side made entirely of cloaking ships: make the cloak roll? Default yes. */
  useCloak?(side: Side): boolean;
  /** Directed Damage order of `side` after the dice, or undefined for none. */
  directed?(rolled: RolledRound, side: Side): DirectedOrder | undefined;
  /** Allocation of `owner` after Directed Damage, or undefined for the automatic one. */
  allocation?(rolled: RolledRound, phase: DirectedPhase, owner: Side): readonly AllocationStep[] | undefined;
}

export type UnitFate = 'undamaged' | 'crippled' | 'destroyed';

export interface UnitOutcome {
  id: string;
  side: Side;
  status: UnitFate;
  startedCrippled: boolean;
  /** Fighter/PF factors aboard before the battle and after it (transfers can move them between units). */
  fighters: { before: number; after: number };
  /** The round in which the unit was destroyed. */
  destroyedInRound?: number;
}

export type BattleEnd = 'retreat' | 'destroyed' | 'stalemate' | 'round-limit';

export interface QuickBattleResult {
  rounds: RoundResult[];
  cloak: PerSide<CloakRoll | null>;
  ended: BattleEnd;
  retreated: Side[];
  /** Sides with no unit left. */
  destroyedSides: Side[];
  /** Every unit of the setup, in setup order. */
  outcomes: UnitOutcome[];
  survivors: SidcorsUnit[];
}

/**
 * True when neither side can ever force a damage step again: even the best coefficient scores less
 * than half the enemy's smallest step and (without plus/minus points) nothing accumulates.
 */
function stalemate(
  units: readonly SidcorsUnit[],
  carry: PerSide<number>,
  options: SidcorsOptions | undefined,
): boolean {
  const resolved = resolveOptions(options);
  const states = buildForces(units);
  const top = maxCoefficient(resolved.extrapolateBir);
  return SIDES.every((side) => {
    const enemy = otherSide(side);
    const best = damageFor(comPotOf(states, side, resolved).total, top);
    const smallest = smallestStep(states, enemy);
    const reach = best + Math.max(0, carry[enemy]);
    const accumulates = resolved.plusMinus && best > 0;
    return !accumulates && (smallest === null || 2 * reach < smallest);
  });
}

/** Fights rounds until a side retreats or is destroyed, and reports each unit's fate. */
export function runQuickBattle(
  setup: QuickBattleSetup,
  dice: DiceSource,
  controller: BattleController,
): QuickBattleResult {
  const attacker = setup.attacker ?? 'A';
  const maxRounds = setup.maxRounds ?? 30;
  const initial = buildForces(setup.units);
  for (const side of SIDES) {
    if (!sideUnits(initial, side).some(isAlive))
      refuse('sidcors/side-destroyed', RULE.end, `Side ${side} has no units, so there is no battle.`);
  }

  const cloak: PerSide<CloakRoll | null> = { A: null, B: null };
  const before = setup.resume?.roundsFought ?? 0;
  for (const side of SIDES) {
    if (before === 0 && mayUseCloak(setup.units, side) && (controller.useCloak?.(side) ?? true))
      cloak[side] = rollCloak(setup.units, side, dice);
  }
  // The cloak result shifts the ENEMY's die, in the first round only.
  const firstRoundShift = { A: cloak.B?.enemyShift ?? 0, B: cloak.A?.enemyShift ?? 0 };

  let units: SidcorsUnit[] = setup.units.map((u) => ({ ...u }));
  let carry: PerSide<number> = setup.resume ? { ...setup.resume.carry } : { A: 0, B: 0 };
  const rounds: RoundResult[] = [];
  const destroyedIn = new Map<string, number>();
  let ended: BattleEnd | null = null;
  let retreated: Side[] = [];

  while (ended === null) {
    if (stalemate(units, carry, setup.options)) {
      ended = 'stalemate';
      break;
    }
    if (rounds.length >= maxRounds) {
      ended = 'round-limit';
      break;
    }
    const progress: BattleProgress = { roundsFought: rounds.length, units, carry, rounds };
    const round = before + rounds.length + 1;
    const rolled = rollRound(
      {
        units,
        bif: controller.intensity(progress),
        round,
        carry,
        extraShifts: round === 1 ? firstRoundShift : {},
        attacker,
        ...(setup.options ? { options: setup.options } : {}),
      },
      dice,
    );
    const directed: Partial<PerSide<DirectedOrder>> = {};
    for (const side of SIDES) {
      const order = controller.directed?.(rolled, side);
      if (order !== undefined) directed[side] = order;
    }
    const allocation: Partial<PerSide<readonly AllocationStep[]>> = {};
    if (controller.allocation) {
      const phase = directedPhase(rolled, directed);
      for (const side of SIDES) {
        const steps = controller.allocation(rolled, phase, side);
        if (steps !== undefined) allocation[side] = steps;
      }
    }
    const result = finishRound(rolled, { directed, allocation }, dice);
    rounds.push(result);
    for (const id of result.destroyedNow) destroyedIn.set(id, round);
    units = result.units;
    carry = result.carryOut;
    if (result.sideDestroyed.A || result.sideDestroyed.B) {
      ended = 'destroyed';
      break;
    }
    const leaving = controller.retreats?.({ roundsFought: rounds.length, units, carry, rounds }) ?? [];
    if (leaving.length > 0) {
      const now = buildForces(units);
      for (const side of leaving) {
        if (cannotRetreat(now, side))
          refuse(
            'sidcors/cannot-retreat',
            RULE.end,
            `Side ${side} has only bases, planets, FRDs or convoys left, which cannot retreat.`,
          );
      }
      retreated = [...new Set(leaving)].sort();
      ended = 'retreat';
    }
  }

  const final = new Map(units.map((u) => [u.id, u]));
  const outcomes = initial.map((u): UnitOutcome => {
    const now = final.get(u.id);
    const outcome: UnitOutcome = {
      id: u.id,
      side: u.side,
      status: now === undefined ? 'destroyed' : now.crippled ? 'crippled' : 'undamaged',
      startedCrippled: u.status === 'crippled',
      fighters: { before: u.fighters, after: now?.fighters ?? 0 },
    };
    const lostIn = destroyedIn.get(u.id);
    if (lostIn !== undefined) outcome.destroyedInRound = lostIn;
    return outcome;
  });
  const destroyedSides = SIDES.filter((s) => !units.some((u) => u.side === s));
  return { rounds, cloak, ended, retreated, destroyedSides, outcomes, survivors: units };
}
