import { refuse } from '../errors.ts';
import { dist2, isqrt, type Vec3 } from './vector.ts';

/**
 * Explosions and mines (D5.2, M2.50): damage = strength ÷ distance², fractions dropped, on the
 * exact distance (not the floored range). Computed in integer kilometres,
 * ⌊strength · 10⁸ / d_km²⌋, because in floats 10 / 0.1² = 999.999… would floor to 999.
 * A victim at the very point of the explosion is treated as 1 km away (digest B.2.6).
 */
export interface ExplosionHit {
  /** Strength after the web reduction (G10.72). */
  strength: number;
  damage: number;
  /** How much the web took off (0 outside webs). */
  webReduction: number;
}

/** G10.72: inside a web, one point less per whole tenth of a hex (1,000 km) between them (floor, digest N16). */
export function webReducedStrength(strength: number, distKm2: bigint): { strength: number; reduction: number } {
  const tenths = Number(isqrt(distKm2) / 1000n);
  const reduced = Math.max(0, strength - tenths);
  return { strength: reduced, reduction: strength - reduced };
}

export function explosionDamageAtKm2(strength: number, distKm2: bigint, inWeb = false): ExplosionHit {
  if (!Number.isInteger(strength) || strength < 0)
    refuse(
      'n3d/explosion-strength',
      'D5.2',
      `An explosion's strength must be a whole number of points, 0 or more (got ${strength}).`,
    );
  const web = inWeb ? webReducedStrength(strength, distKm2) : { strength, reduction: 0 };
  const d2 = distKm2 === 0n ? 1n : distKm2;
  const damage = Number((BigInt(web.strength) * 100_000_000n) / d2);
  return { strength: web.strength, damage, webReduction: web.reduction };
}

/** D5.2 between two points. */
export function explosionDamage(strength: number, at: Vec3, victim: Vec3, inWeb = false): ExplosionHit {
  return explosionDamageAtKm2(strength, dist2(at, victim), inWeb);
}

/** D5.2 at a distance given in km. */
export function explosionDamageAtKm(strength: number, distKm: number, inWeb = false): ExplosionHit {
  const d = BigInt(Math.abs(distKm));
  return explosionDamageAtKm2(strength, d * d, inWeb);
}
