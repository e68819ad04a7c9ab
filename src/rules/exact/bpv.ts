import { Decimal } from 'decimal.js';

/**
 * BPV amounts are exact decimals (rules-notes §2): scrapping halves values and keeps every
 * fraction (UTD6.3F), percentages of prices appear (33.25 in UTD6.3783), so binary floats are
 * never used. Stored and serialised as canonical decimal strings.
 */
export type Bpv = Decimal;

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

export function bpv(value: Decimal.Value): Bpv {
  return new D(value);
}

export const ZERO: Bpv = bpv(0);

/** Canonical text form: no exponent, no trailing zeros ("950", "16.625"). */
export function bpvToString(value: Bpv): string {
  return value.toFixed();
}

export function parseBpv(text: string): Bpv | null {
  if (!/^-?\d+(\.\d+)?$/.test(text.trim())) return null;
  return bpv(text.trim());
}

/** Rounds half up to whole BPV, the default way a price is charged (ISS-A03 `perLine`). */
export function roundHalfUp(value: Bpv): Bpv {
  return value.toDecimalPlaces(0, D.ROUND_HALF_UP);
}

/** `pct` percent of `value`, exact. */
export function percentOf(value: Bpv, pct: number): Bpv {
  return value.mul(pct).div(100);
}
