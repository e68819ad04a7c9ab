import type { DiceSource } from '../dice.ts';
import { EXAMPLE_ASTEROID_FIELD, type AsteroidRow } from './tables.ts';
import { KM_PER_HEX } from './units.ts';
import { dist2, type Vec3 } from './vector.ts';

/**
 * Asteroid fields (P3.11, P3.12). Each "asteroid hex" is a sphere: centre 6·d6 + d6 per axis
 * (7..42), radius d6 ÷ 3. If it overlaps an earlier sphere (distance < r1 + r2) its location is
 * rolled again; the radius stays. Mirroring the board about the origin subtracts 21 as printed
 * (giving −14..21) or, as an option, 24.5 (symmetric −17.5..17.5; digest N12).
 */
export type MirrorOffset = 'none' | '21' | '24.5';

/** A sphere with its centre in km and radius in thirds of a hex (exact). */
export interface AsteroidHex {
  centre: Vec3;
  radiusThirds: number;
}

export const ASTEROID_HEXES = 54;

/** One axis: 6 × (first die) + (second die), less the mirror offset; km. */
export function asteroidAxisKm(sixes: number, ones: number, mirror: MirrorOffset = 'none'): number {
  const offset = mirror === '21' ? 210_000 : mirror === '24.5' ? 245_000 : 0;
  return (6 * sixes + ones) * KM_PER_HEX - offset;
}

/** Exact overlap test: |c1 − c2| < (k1 + k2)/3 hex  ⇔  9·d² < (k1 + k2)² · 10⁸. */
export function asteroidsOverlap(a: AsteroidHex, b: AsteroidHex): boolean {
  const k = BigInt(a.radiusThirds + b.radiusThirds);
  return 9n * dist2(a.centre, b.centre) < k * k * BigInt(KM_PER_HEX) ** 2n;
}

/** P3.12: is the point inside the asteroid hex (strictly within its radius)? */
export function inAsteroidHex(pos: Vec3, a: AsteroidHex): boolean {
  const k = BigInt(a.radiusThirds);
  return 9n * dist2(pos, a.centre) < k * k * BigInt(KM_PER_HEX) ** 2n;
}

/** Guard against a field too crowded to place (never reached by the printed rule's 54 spheres). */
const MAX_REROLLS = 10_000;

export function rollAsteroidField(
  dice: DiceSource,
  mirror: MirrorOffset = 'none',
  count = ASTEROID_HEXES,
): AsteroidHex[] {
  const field: AsteroidHex[] = [];
  for (let i = 1; i <= count; i++) {
    const location = (): Vec3 => {
      const [a, b, c, d, e, f] = dice.roll(6, 6, `P3.11 asteroid hex ${i} location (x, y, z: 6×d6 + d6)`) as [
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      return { x: asteroidAxisKm(a, b, mirror), y: asteroidAxisKm(c, d, mirror), z: asteroidAxisKm(e, f, mirror) };
    };
    let centre = location();
    const [radiusThirds] = dice.roll(6, 1, `P3.11 asteroid hex ${i} radius (d6 ÷ 3)`) as [number];
    let tries = 0;
    while (field.some((o) => asteroidsOverlap(o, { centre, radiusThirds }))) {
      if (++tries > MAX_REROLLS) throw new Error(`asteroid hex ${i} found no free place after ${MAX_REROLLS} rerolls`);
      centre = location();
    }
    field.push({ centre, radiusThirds });
  }
  return field;
}

/** The printed example field (P3.11), in km. */
export function exampleAsteroidField(rows: readonly AsteroidRow[] = EXAMPLE_ASTEROID_FIELD): AsteroidHex[] {
  return rows.map((r) => ({
    centre: { x: r.x * KM_PER_HEX, y: r.y * KM_PER_HEX, z: r.z * KM_PER_HEX },
    radiusThirds: r.radiusThirds,
  }));
}
