import { expect } from 'vitest';
import { SeededDice } from '../../../src/rules/dice.ts';
import type { Result } from '../../../src/rules/errors.ts';
import {
  EXPLORATION_DEFAULTS,
  UTD8_111_EMPIRES,
  exploreSector,
  type ExplorationResult,
  type ExploreInput,
  type ExploreOutcome,
  type PendingExploration,
} from '../../../src/rules/thunderdome/exploration/index.ts';

export const SEED = 'cd'.repeat(32);
export const LABEL = 'Sector 7';

/** Dice that return exactly `values` (then seeded dice, which the helpers below forbid). */
export function forced(values: number[], eventSeq = 1): SeededDice {
  return new SeededDice(SEED, eventSeq, [...values]);
}

export function input(over: Partial<ExploreInput> = {}): ExploreInput {
  return {
    sectorLabel: LABEL,
    balancing: 'none',
    allowed: { autoMineral: false, autoLife: false },
    npe: { rollRange: { ...EXPLORATION_DEFAULTS.npeRollRange }, excludedEmpires: [] },
    empires: UTD8_111_EMPIRES,
    ...over,
  };
}

/** Asserts that every die was forced and every forced value was used. */
export function expectAllUsed(dice: SeededDice, count: number): void {
  expect(dice.records.flatMap((r) => r.results)).toHaveLength(count);
  for (const r of dice.records) expect(r.forced).toBe(true);
}

export function outcome(over: Partial<ExploreInput>, values: number[]): { outcome: ExploreOutcome; dice: SeededDice } {
  const dice = forced(values);
  const r = exploreSector(input(over), dice);
  if (!r.ok) throw new Error(`unexpected refusal: ${r.error.code}`);
  return { outcome: r.value, dice };
}

/** Runs to the end with exactly the forced dice given. */
export function explore(over: Partial<ExploreInput>, values: number[]): ExplorationResult {
  const { outcome: o, dice } = outcome(over, values);
  if (o.status !== 'done')
    throw new Error(`expected a finished exploration, got a question: ${o.pending.question.kind}`);
  expectAllUsed(dice, values.length);
  return o.result;
}

export function pendingOf(o: ExploreOutcome): PendingExploration {
  if (o.status !== 'needs-choice') throw new Error('expected a question');
  return o.pending;
}

export function resultOf(o: ExploreOutcome): ExplorationResult {
  if (o.status !== 'done') throw new Error('expected a finished exploration');
  return o.result;
}

/** The value of a rule result; a refusal fails the test. */
export function unwrap<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`unexpected refusal: ${r.error.code} (${r.error.rule}) ${r.error.message}`);
  return r.value;
}
