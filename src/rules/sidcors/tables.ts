import { refuse } from '../errors.ts';
import { RULE } from './rules.ts';

/**
 * Combat Coefficient Table, percent, rows BIR 2..8, columns die 1..6 (the extract's table; also
 * assets/tables/sidcors/sidcors_coefficient_table.csv, which the tests compare with this).
 * Embedded rather than read from disk because the rules layer does no file access.
 */
export const COEFFICIENT_TABLE: Readonly<Record<number, readonly number[]>> = {
  2: [15, 15, 20, 20, 25, 25],
  3: [15, 20, 20, 25, 25, 30],
  4: [20, 20, 25, 25, 30, 30],
  5: [20, 25, 25, 30, 30, 35],
  6: [25, 25, 30, 30, 35, 35],
  7: [25, 30, 30, 35, 35, 40],
  8: [30, 30, 35, 35, 40, 40],
};

export const MIN_BIR = 2;
export const MAX_BIR = 8;

/** Every printed cell equals 5 × (2 + ⌊(BIR + die − 1)/2⌋) percent (digest §A.2.14). */
export function coefficientFormula(bir: number, die: number): number {
  return 5 * (2 + Math.floor((bir + die - 1) / 2));
}

/**
 * The coefficient (percent) for a BIR and a shifted die. The extract says the chart runs 0..10 but
 * prints only 2..8; rows 0, 1, 9 and 10 come from the formula only when the campaign asks for
 * the extrapolation (digest V19: "hypothesis only").
 */
export function coefficientFor(bir: number, die: number, options?: { extrapolate?: boolean }): number {
  if (!Number.isInteger(die) || die < 1 || die > 6) {
    refuse('sidcors/bad-die', RULE.coefficient, `The combat die must be 1–6 after shifts; got ${die}.`);
  }
  const row = COEFFICIENT_TABLE[bir];
  if (row !== undefined) return row[die - 1]!;
  if (options?.extrapolate === true && Number.isInteger(bir) && bir >= 0 && bir <= 10)
    return coefficientFormula(bir, die);
  return refuse(
    'sidcors/bir-out-of-range',
    RULE.coefficient,
    `BIR ${bir} is not on the Combat Coefficient Table: two intensity factors of 1–4 give a BIR of ${MIN_BIR}–${MAX_BIR}.`,
    'Rows 0, 1, 9 and 10 are missing from the extract; a campaign may allow them by extrapolation (option extrapolateBir).',
  );
}

/**
 * Combat Damage Result: ComPot × coefficient, "drop fractions of 0.49 or less, round fractions of
 * 0.50 or more to the next higher number". Integer arithmetic only: the float form
 * `Math.floor(c * (p / 100) + 0.5)` gives 31 for 90 × 35% where the table says 32.
 * Covers ComPot above the printed 100.
 */
export function damageFor(comPot: number, pct: number): number {
  if (!Number.isSafeInteger(comPot) || comPot < 0) throw new Error(`ComPot must be a whole number ≥ 0, got ${comPot}`);
  if (!Number.isInteger(pct) || pct < 0 || pct > 100)
    throw new Error(`coefficient must be a whole percent 0–100, got ${pct}`);
  return Math.floor((comPot * pct * 2 + 100) / 200);
}

/** The highest coefficient a round can give: the ceiling used to detect battles nobody can hurt. */
export function maxCoefficient(extrapolate: boolean): number {
  return extrapolate ? coefficientFormula(10, 6) : coefficientFormula(MAX_BIR, 6);
}
