import type { DiceSource, RollRecord } from '../dice.ts';
import { refuse } from '../errors.ts';
import { mulberry32 } from '../prng.ts';
import { runQuickBattle } from './battle.ts';
import type { UnitFate } from './battle.ts';
import { RULE } from './rules.ts';
import { SIDES } from './types.ts';
import type { PerSide, Side, SidcorsOptions, SidcorsUnit } from './types.ts';

/**
 * The odds of a SIDCORS quick battle (research digest §A.2.14), for two sides deciding whether to
 * resolve quickly or what to settle for: many simulated battles from the same forces, each with
 * its own dice from a seeded generator. Nothing here touches a campaign: the dice are not the
 * campaign's committed dice, nothing is recorded, and the same seed gives the same answer.
 */
export interface OddsRequest {
  units: readonly SidcorsUnit[];
  attacker?: Side;
  options?: SidcorsOptions;
  /** The intensity each side is assumed to choose every round. */
  bif: PerSide<number>;
  /** Rounds fought before the sides are assumed to stop (a side destroyed earlier ends it). */
  rounds: number;
  runs: number;
  seed: number;
  /** A battle already under way: rounds fought and the plus/minus carry. */
  resume?: { roundsFought: number; carry: PerSide<number> };
}

export interface UnitOdds {
  id: string;
  side: Side;
  /** Runs that ended with the unit in each state, in 1/runs. */
  fates: Record<UnitFate, number>;
}

export interface OddsAnswer {
  runs: number;
  seed: number;
  rounds: number;
  bif: PerSide<number>;
  /** Runs in which the side had no unit left. */
  destroyed: PerSide<number>;
  /** Runs in which both sides still stood when the rounds were done. */
  bothStand: number;
  /** Runs by the number of the side's units destroyed (index = count). */
  unitsLost: PerSide<number[]>;
  /** Runs by the number of the side's units crippled at the end (index = count). */
  unitsCrippled: PerSide<number[]>;
  units: UnitOdds[];
  /** Runs in which the cloak roll gave the enemy −1 / +1 in round 1, by the cloaking side. */
  cloak: PerSide<{ minus: number; plus: number }>;
}

export const ODDS_LIMITS = { runs: { min: 10, max: 2000 }, rounds: { min: 1, max: 10 } } as const;

/** Dice for simulated battles only: a seeded generator, no records kept (they are never verified). */
class SimulationDice implements DiceSource {
  readonly records: readonly RollRecord[] = [];
  constructor(private readonly next: () => number) {}
  roll(sides: number, count: number): number[] {
    return Array.from({ length: count }, () => 1 + Math.floor(this.next() * sides));
  }
}

function inRange(n: number, limits: { min: number; max: number }, what: string): void {
  if (!Number.isInteger(n) || n < limits.min || n > limits.max)
    refuse('sidcors/odds-range', RULE.end, `${what} must be a whole number from ${limits.min} to ${limits.max}.`);
}

/**
 * A simulation run in slices, so that a caller may give the event loop back between them (a bot
 * must keep answering others): `run(n)` fights up to n more battles; `answer()` when `done`.
 */
export interface OddsSimulation {
  run(battles: number): void;
  readonly done: boolean;
  answer(): OddsAnswer;
}

export function oddsSimulation(req: OddsRequest): OddsSimulation {
  inRange(req.runs, ODDS_LIMITS.runs, 'Runs');
  inRange(req.rounds, ODDS_LIMITS.rounds, 'Rounds');
  const dice = new SimulationDice(mulberry32(req.seed));
  const count = (side: Side) => req.units.filter((u) => u.side === side).length;
  const answer: OddsAnswer = {
    runs: req.runs,
    seed: req.seed,
    rounds: req.rounds,
    bif: { ...req.bif },
    destroyed: { A: 0, B: 0 },
    bothStand: 0,
    unitsLost: { A: Array(count('A') + 1).fill(0), B: Array(count('B') + 1).fill(0) },
    unitsCrippled: { A: Array(count('A') + 1).fill(0), B: Array(count('B') + 1).fill(0) },
    units: req.units.map((u) => ({ id: u.id, side: u.side, fates: { undamaged: 0, crippled: 0, destroyed: 0 } })),
    cloak: { A: { minus: 0, plus: 0 }, B: { minus: 0, plus: 0 } },
  };
  let fought = 0;
  const one = (): void => {
    const result = runQuickBattle(
      {
        units: req.units,
        ...(req.attacker ? { attacker: req.attacker } : {}),
        ...(req.options ? { options: req.options } : {}),
        maxRounds: req.rounds,
        ...(req.resume ? { resume: req.resume } : {}),
      },
      dice,
      { intensity: () => req.bif },
    );
    for (const side of SIDES) {
      if (result.destroyedSides.includes(side)) answer.destroyed[side]++;
      const mine = result.outcomes.filter((o) => o.side === side);
      answer.unitsLost[side][mine.filter((o) => o.status === 'destroyed').length]!++;
      answer.unitsCrippled[side][mine.filter((o) => o.status === 'crippled').length]!++;
      const c = result.cloak[side];
      if (c?.enemyShift === -1) answer.cloak[side].minus++;
      if (c?.enemyShift === 1) answer.cloak[side].plus++;
    }
    if (result.destroyedSides.length === 0) answer.bothStand++;
    result.outcomes.forEach((o, i) => {
      answer.units[i]!.fates[o.status]++;
    });
  };
  return {
    run(battles) {
      for (let i = 0; i < battles && fought < req.runs; i++, fought++) one();
    },
    get done() {
      return fought >= req.runs;
    },
    answer() {
      if (fought < req.runs) throw new Error(`odds asked after ${fought} of ${req.runs} runs`);
      return answer;
    },
  };
}

/** The whole simulation in one call. */
export function simulateOdds(req: OddsRequest): OddsAnswer {
  const sim = oddsSimulation(req);
  sim.run(req.runs);
  return sim.answer();
}
