import { expect } from 'vitest';
import { SeededDice } from '../../../src/rules/dice.ts';
import { RuleViolation } from '../../../src/rules/errors.ts';
import type { RuleError } from '../../../src/rules/errors.ts';
import type { Side, SidcorsFlags, SidcorsUnit } from '../../../src/rules/sidcors/index.ts';

const SEED = '5d'.repeat(32);

/** Dice whose first values are forced, in roll order. */
export function forced(...values: number[]): SeededDice {
  return new SeededDice(SEED, 1, values);
}

export function unit(
  id: string,
  side: Side,
  factors: string,
  more: { crippled?: boolean; fighters?: number; flags?: SidcorsFlags } = {},
): SidcorsUnit {
  const u: SidcorsUnit = { id, side, factors, crippled: more.crippled ?? false };
  if (more.fighters !== undefined) u.fighters = more.fighters;
  if (more.flags !== undefined) u.flags = more.flags;
  return u;
}

/** Runs `f`, expects a rule refusal citing `rule`, and returns it. */
export function refusal(f: () => unknown, rule: string, code?: string): RuleError {
  try {
    f();
  } catch (e) {
    if (!(e instanceof RuleViolation)) throw e;
    expect(e.error.rule).toBe(rule);
    if (code !== undefined) expect(e.error.code).toBe(code);
    return e.error;
  }
  throw new Error(`expected a refusal citing ${rule}`);
}
