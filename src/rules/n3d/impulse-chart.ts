import { forward, type Orientation } from './orientation.ts';
import { IMPULSES_PER_TURN, KM_PER_HEX } from './units.ts';
import type { Vec3 } from './vector.ts';

/**
 * The traditional SFB impulse chart, which 'n3D no longer uses for movement (C1.4) but still
 * uses as a clock: mines detonate (M2.40), rings (P2.223) and asteroids (P3.2) do damage only on
 * impulses when the unit "would have been scheduled to move on the traditional movement chart".
 * The chart itself is SFB's (C1.4) and not in the 'n3D text (digest N20); the bot uses the
 * construction the chart follows, an even spread of S moves over 32 impulses: at speed S a unit
 * moves on impulse i when (i × S) mod 32 < S (speed 1 on 32; 3 on 11, 22, 32; 5 on 7, 13, 20,
 * 26, 32; 32 on every impulse). docs/rules-notes.md, 'n3D terrain, mines and ballistic weapons.
 */
export function movesOnImpulse(speed: number, impulse: number): boolean {
  if (!Number.isInteger(impulse) || impulse < 1 || impulse > IMPULSES_PER_TURN)
    throw new RangeError(`impulse ${impulse} is not 1 to 32`);
  const s = Math.max(0, Math.min(IMPULSES_PER_TURN, Math.floor(speed)));
  return (impulse * s) % IMPULSES_PER_TURN < s;
}

/** The impulses of a turn on which speed S moves on the traditional chart. */
export function chartImpulses(speed: number): number[] {
  return Array.from({ length: IMPULSES_PER_TURN }, (_, k) => k + 1).filter((i) => movesOnImpulse(speed, i));
}

/**
 * The whole speed (hexes per turn) a unit moves at, for the traditional chart: its warp speed
 * less any web's strength (G10.511), along its facing, plus its inertia (1/32 km per turn),
 * rounded down; at most 32. A unit at rest is never scheduled to move.
 */
export function chartSpeed(unit: { facing: Orientation; speed: number; inertia: Vec3 }, webStrength = 0): number {
  const warp = Math.max(0, unit.speed - webStrength);
  const { x, y, z } = unit.inertia;
  if (x === 0 && y === 0 && z === 0) return Math.min(IMPULSES_PER_TURN, Math.floor(warp / KM_PER_HEX));
  const f = forward(unit.facing);
  const v = [f[0] * warp + x / 32, f[1] * warp + y / 32, f[2] * warp + z / 32];
  const hexes = Math.hypot(v[0]!, v[1]!, v[2]!) / KM_PER_HEX;
  // A whole speed reached through sin/cos may come out a hair short (15.9999999…).
  return Math.min(IMPULSES_PER_TURN, Math.floor(hexes + 1e-9));
}
