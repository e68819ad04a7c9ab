import { Decimal } from 'decimal.js';

/**
 * Exact units for SFB 'n3D. The document keeps every location "to the nearest kilometer
 * (1/10,000 of a hex)" (A3.4, C1.43), so lengths are whole kilometres held in plain integers and
 * never accumulate binary-float error. Speeds and accelerations use the same scale: a warp speed
 * of S hexes per turn is stored as S × 10,000 (km per turn), an impulse thrust of T points as
 * T × 10,000. Angles are whole 1/10,000ths of a degree, so angle sums are exact too; only the
 * sin/cos of a single step is a float, and its result is rounded back to the grid at once.
 */
export const KM_PER_HEX = 10_000;
export const IMPULSES_PER_TURN = 32;
/** Angles are stored in 1/10,000 degree. */
export const ANGLE_UNITS = 10_000;
export const FULL_CIRCLE = 360 * ANGLE_UNITS;
export const HALF_CIRCLE = 180 * ANGLE_UNITS;

/** Coordinates beyond this (km) are refused, so squared distances stay well inside BigInt use and sums inside safe integers. */
export const MAX_COORDINATE_KM = 1_000_000_000;

const D = Decimal.clone({ precision: 50, rounding: Decimal.ROUND_HALF_UP });
export { D as N3dDecimal };

/** Half away from zero, so mirror-image positions round to mirror-image kilometres. */
export function roundHalfAway(x: number): number {
  const r = Math.round(Math.abs(x));
  return x < 0 && r !== 0 ? -r : r; // never −0
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** A decimal number typed by a player, exactly, or null. Accepts `12.5`, `-0.25`, `.5`, `+3`. */
export function parseDecimal(text: string): Decimal | null {
  const t = text.trim();
  if (!NUMBER.test(t)) return null;
  return new D(t);
}

/** Hexes (exact decimal text or number) to whole kilometres, rounded to the nearest km (C1.43). */
export function hexesToKm(value: Decimal.Value): number {
  return new D(value).mul(KM_PER_HEX).toDecimalPlaces(0, D.ROUND_HALF_UP).toNumber();
}

/** `12.5` → 125000; null for text that is not a number or is absurdly large. */
export function parseHexes(text: string): number | null {
  const d = parseDecimal(text);
  if (!d) return null;
  const km = hexesToKm(d);
  return Math.abs(km) > MAX_COORDINATE_KM ? null : km;
}

/** Kilometres as hexes, shortest exact form: 125000 → "12.5", 5156 → "0.5156". */
export function formatHexes(km: number): string {
  return new D(km).div(KM_PER_HEX).toFixed();
}

/** Kilometres as hexes with exactly four decimals: 10000 → "1.0000". */
export function formatHexes4(km: number): string {
  return new D(km).div(KM_PER_HEX).toFixed(4);
}

/** Degrees to angle units, rounded to 1/10,000 degree. */
export function degreesToUnits(value: Decimal.Value): number {
  return new D(value).mul(ANGLE_UNITS).toDecimalPlaces(0, D.ROUND_HALF_UP).toNumber();
}

/** Float degrees (from trigonometry) to angle units. */
export function floatDegreesToUnits(deg: number): number {
  return roundHalfAway(deg * ANGLE_UNITS);
}

export function parseDegrees(text: string): number | null {
  const d = parseDecimal(text);
  if (!d || d.abs().gt(100_000)) return null;
  return degreesToUnits(d);
}

/** Angle units as degrees, shortest exact form: 61200 → "6.12". */
export function formatDegrees(units: number): string {
  return new D(units).div(ANGLE_UNITS).toFixed();
}

/** Into [0, 360°). */
export function normalizeAngle(units: number): number {
  const r = units % FULL_CIRCLE;
  return r < 0 ? r + FULL_CIRCLE : r + 0; // + 0 turns −0 into 0
}

/** Into (−180°, 180°]. */
export function signedAngle(units: number): number {
  const n = normalizeAngle(units);
  return n > HALF_CIRCLE ? n - FULL_CIRCLE : n;
}

export function radians(units: number): number {
  return (units / ANGLE_UNITS) * (Math.PI / 180);
}
