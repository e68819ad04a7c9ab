import { roundHalfAway } from './units.ts';
import { dist2, type Vec3 } from './vector.ts';

/**
 * Black holes (P4.11): pull = Size ÷ range², toward the hole; per axis
 * Change = (hole − unit) ÷ range × Pull, added to the unit's inertia every impulse (it
 * accumulates). The unit of the change is hexes per turn of inertia (digest B.2.10, N17); the
 * distance is clamped at 1 km so a unit at the centre does not divide by zero.
 */
export interface BlackHole {
  id: string;
  pos: Vec3;
  /** Size (P4.1), a plain number. */
  size: number;
}

/** Inertia units (1/32 km per turn) in one hex per turn. */
export const INERTIA_PER_HEX_PER_TURN = 320_000;

/** The change in hexes per turn per axis (the P4.11 formula as printed, for display and tests). */
export function blackHolePullHexes(hole: BlackHole, unit: Vec3): { pull: number; change: [number, number, number] } {
  const d2km = Math.max(1, Number(dist2(hole.pos, unit)));
  const dKm = Math.sqrt(d2km);
  const dHex = dKm / 10_000;
  const pull = hole.size / (dHex * dHex);
  const k = pull / dKm; // (hole − unit)_km / d_km × pull
  return { pull, change: [(hole.pos.x - unit.x) * k, (hole.pos.y - unit.y) * k, (hole.pos.z - unit.z) * k] };
}

/** The same change in stored inertia units, rounded per axis. */
export function blackHoleDeltaV(hole: BlackHole, unit: Vec3): Vec3 {
  const { change } = blackHolePullHexes(hole, unit);
  return {
    x: roundHalfAway(change[0] * INERTIA_PER_HEX_PER_TURN),
    y: roundHalfAway(change[1] * INERTIA_PER_HEX_PER_TURN),
    z: roundHalfAway(change[2] * INERTIA_PER_HEX_PER_TURN),
  };
}
