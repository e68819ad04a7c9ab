import { KM_PER_HEX } from './units.ts';
import { dist2, distanceKm, isqrt, type Vec3 } from './vector.ts';

/**
 * Range (D1.4): the exact distance rounded DOWN to a whole number of hexes. Anything under one
 * hex is "the same hex" for every same-hex rule; a seeking weapon at 0.9999 may impact, at
 * 1.0000 it may not (F2.3). All comparisons are on exact squared kilometres.
 */
export interface RangeReport {
  /** Distance to the nearest km (the 4-decimal hex figure). */
  distanceKm: number;
  /** ⌊distance⌋ in hexes, exact. */
  range: number;
  /** Distance < 1 hex (D1.4). */
  sameHex: boolean;
}

export function rangeBetween(a: Vec3, b: Vec3): RangeReport {
  const d2 = dist2(a, b);
  const range = Number(isqrt(d2) / BigInt(KM_PER_HEX));
  return { distanceKm: distanceKm(a, b), range, sameHex: range === 0 };
}

/** F2.3: a seeking weapon may impact when its target is less than one hex away. */
export function mayImpact(weapon: Vec3, target: Vec3): boolean {
  return rangeBetween(weapon, target).sameHex;
}
