import type { DiceSource } from '../dice.ts';
import { refuse } from '../errors.ts';

/**
 * Starfleet Wars dice. The supplement says "roll two twenty-sided die", but every table it prints
 * has exactly 100 outcomes numbered 00–99 and two real d20s (2–40) could never reach 83–99: they are
 * the period 20-sided dice numbered 0–9 twice, read as tens and units (digest C.2.6, W6).
 */
export function rollPercentile(dice: DiceSource, purpose: string): number {
  const [die] = dice.roll(100, 1, purpose);
  return die! - 1;
}

/** A roll typed in by a player who rolled real dice at the table. */
export function checkPercentile(roll: number, table: string): number {
  if (!Number.isInteger(roll) || roll < 0 || roll > 99) {
    refuse(
      'sfw/bad-roll',
      table,
      `${roll} is not a percentile roll: SFW tables are read 00–99.`,
      'Enter a whole number from 0 to 99.',
    );
  }
  return roll;
}

export interface Band<T> {
  readonly from: number;
  readonly to: number;
  readonly value: T;
}

/** The band of a 00–99 table that holds `roll`. */
export function lookupBand<T>(bands: readonly Band<T>[], roll: number, table: string): T {
  checkPercentile(roll, table);
  const band = bands.find((b) => roll >= b.from && roll <= b.to);
  // The tables are checked to cover 00–99 by the tests; a gap here is a bug, not a player error.
  if (!band) throw new Error(`${table} has no band for ${roll}`);
  return band.value;
}
