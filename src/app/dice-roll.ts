import { randomBytes } from 'node:crypto';
import { SeededDice } from '../rules/dice.ts';
import { formatExpression, parseDiceExpression, rollExpression, type RolledTerm } from '../rules/dice-expression.ts';
import type { Outcome } from './errors.ts';

/** A roll made outside any campaign: nothing commits its seed, so nothing records it (UTD1.5 covers campaign rolls). */
export interface UnrecordedRoll {
  /** The expression as the bot reads it, e.g. "2d6+1". */
  expression: string;
  terms: RolledTerm[];
  total: number;
}

export function rollUnrecorded(text: string): Outcome<UnrecordedRoll> {
  const parsed = parseDiceExpression(text);
  if (!parsed.ok) return parsed;
  const rolled = rollExpression(parsed.value, new SeededDice(randomBytes(32).toString('hex'), 1), 'unrecorded');
  return { ok: true, value: { expression: formatExpression(parsed.value), terms: rolled.terms, total: rolled.total } };
}
