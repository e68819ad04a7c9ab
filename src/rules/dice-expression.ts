import { fail, ok, type Result } from './errors.ts';
import type { DiceSource } from './dice.ts';

/**
 * `/roll` expressions: terms of `NdS` or `dS` (also `d%` for d100) and whole modifiers joined by
 * + or -, e.g. `3d6`, `d1000`, `2d6+1d4-1`. Limits keep one roll readable and cheap.
 */
export interface DiceTerm {
  sign: 1 | -1;
  count: number;
  sides: number; // 0 for a plain modifier
  value?: number; // the modifier's value
}

export const DICE_LIMITS = { terms: 10, diceTotal: 100, sides: 1_000_000, modifier: 1_000_000, length: 100 } as const;

export function parseDiceExpression(text: string): Result<DiceTerm[]> {
  const src = text.replace(/\s+/g, '').toLowerCase();
  const bad = (why: string) =>
    fail(
      'roll/bad-expression',
      'UTD1.5',
      `\`${text.slice(0, 40)}\` is not a dice expression: ${why}.`,
      'Write dice like `1d6`, `3d6+2`, `d1000` or `2d6-1`.',
    );
  if (src.length === 0) return bad('it is empty');
  if (src.length > DICE_LIMITS.length) return bad(`it is longer than ${DICE_LIMITS.length} characters`);
  const terms: DiceTerm[] = [];
  const re = /([+-]?)(?:(\d*)d(\d+|%)|(\d+))/y;
  let pos = 0;
  let diceTotal = 0;
  while (pos < src.length) {
    re.lastIndex = pos;
    const m = re.exec(src);
    if (!m || (m[1] === '' && terms.length > 0)) return bad(`unexpected \`${src.slice(pos, pos + 10)}\``);
    pos = re.lastIndex;
    const sign = m[1] === '-' ? -1 : 1;
    if (m[4] !== undefined) {
      const value = Number(m[4]);
      if (value > DICE_LIMITS.modifier) return bad(`modifier ${value} is too large`);
      terms.push({ sign, count: 0, sides: 0, value });
      continue;
    }
    const count = m[2] === '' || m[2] === undefined ? 1 : Number(m[2]);
    const sides = m[3] === '%' ? 100 : Number(m[3]);
    if (count < 1) return bad('a term rolls no dice');
    if (sides < 2 || sides > DICE_LIMITS.sides) return bad(`dice need 2 to ${DICE_LIMITS.sides} sides`);
    diceTotal += count;
    if (diceTotal > DICE_LIMITS.diceTotal) return bad(`at most ${DICE_LIMITS.diceTotal} dice per roll`);
    terms.push({ sign, count, sides });
  }
  if (terms.length > DICE_LIMITS.terms) return bad(`at most ${DICE_LIMITS.terms} terms`);
  if (!terms.some((t) => t.sides > 0)) return bad('it rolls no dice');
  return ok(terms);
}

export interface RolledTerm extends DiceTerm {
  results: number[];
}

export function rollExpression(
  terms: DiceTerm[],
  dice: DiceSource,
  purpose: string,
): { terms: RolledTerm[]; total: number } {
  let total = 0;
  const rolled = terms.map((t) => {
    const results = t.sides > 0 ? dice.roll(t.sides, t.count, purpose) : [];
    const sum = t.sides > 0 ? results.reduce((a, b) => a + b, 0) : (t.value ?? 0);
    total += t.sign * sum;
    return { ...t, results };
  });
  return { terms: rolled, total };
}

export function formatExpression(terms: DiceTerm[]): string {
  return terms
    .map((t, i) => {
      const body = t.sides > 0 ? `${t.count}d${t.sides}` : String(t.value);
      return i === 0 ? (t.sign < 0 ? `-${body}` : body) : `${t.sign < 0 ? '-' : '+'}${body}`;
    })
    .join('');
}
