import { refuse } from '../errors.ts';
import { KM_PER_HEX, N3dDecimal as D } from './units.ts';

/**
 * Expanding Sphere Generator (G23). The radius may be anything from 0 up to (not including) 4
 * hexes; strength = (4 − radius ÷ 3) × energy, exact. A unit collides with the field when,
 * between impulses, its range from the generator crosses the radius in either direction or
 * lands exactly on it (G23.41). Comparisons are on squared kilometres, exact.
 */
export function checkEsgRadius(radiusKm: number): void {
  if (!Number.isInteger(radiusKm) || radiusKm < 0 || radiusKm >= 4 * KM_PER_HEX) {
    refuse(
      'n3d/esg-radius',
      'G23.41',
      `An expanding sphere's radius is from 0 to 3.9999 hexes (got ${radiusKm / KM_PER_HEX}).`,
    );
  }
}

/**
 * G23.42 as decimal text: radius 0.5, energy 3 → "11.5". Computed as (12 − r) × energy ÷ 3 so the
 * division comes last and whole results stay whole; thirds that do not come out even are shown
 * to 4 decimals (radius 1, energy 1 → "3.6667").
 */
export function esgStrength(radiusKm: number, energy: number | string): string {
  checkEsgRadius(radiusKm);
  const r = new D(radiusKm).div(KM_PER_HEX);
  return new D(12).sub(r).mul(energy).div(3).toDecimalPlaces(4).toFixed();
}

/** G23.41, on squared distances (km²) before and after the impulse. */
export function esgCollides(prevDist2: bigint, curDist2: bigint, radiusKm: number): boolean {
  const r2 = BigInt(radiusKm) * BigInt(radiusKm);
  return (prevDist2 > r2 && curDist2 < r2) || (prevDist2 < r2 && curDist2 > r2) || curDist2 === r2;
}
