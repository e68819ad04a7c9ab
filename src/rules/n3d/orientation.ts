import { floatDegreesToUnits, HALF_CIRCLE, normalizeAngle, radians, signedAngle } from './units.ts';
import { asV3, dot, subVec, type V3, type Vec3 } from './vector.ts';

/**
 * Facing (C1.21) as pitch, yaw and roll in 1/10,000 degree, each kept in [0°, 360°).
 *
 * THE convention, used by movement, arcs and the renderer alike (digest B.2.1):
 * - World axes (C1.12): +x north, +y up, +z west.
 * - pitch +90° points straight up; yaw +90° points exactly LEFT (a north-facing ship turning to
 *   yaw 90 faces west, +z); roll +90° tips the top of the ship to the RIGHT; roll 180° is upside down.
 * - Body matrix M = Yaw(ψ)·Pitch(θ)·Roll(φ); its columns are the body axes Forward, Up, Left,
 *   which equal x, y, z when all three angles are zero. Forward = (cosθ·cosψ, sinθ, cosθ·sinψ).
 * - Turning adds the plotted increments to these absolute angles (C3.1, the author's utility;
 *   digest N18), so pitching up through 90° continues over the top as a loop.
 * - Firing-arc tables count bearings the other way (+ = starboard, D2.12; digest N8), so
 *   `arcBearing = −relativeYaw`.
 */
export interface Orientation {
  pitch: number;
  yaw: number;
  roll: number;
}

export const LEVEL: Orientation = { pitch: 0, yaw: 0, roll: 0 };

export function orientation(pitch: number, yaw: number, roll: number): Orientation {
  return { pitch: normalizeAngle(pitch), yaw: normalizeAngle(yaw), roll: normalizeAngle(roll) };
}

/** Adds a turn (C3.1: each axis independent) and normalises. */
export function turned(o: Orientation, delta: Orientation): Orientation {
  return orientation(o.pitch + delta.pitch, o.yaw + delta.yaw, o.roll + delta.roll);
}

export function forward(o: Orientation): V3 {
  const t = radians(o.pitch);
  const p = radians(o.yaw);
  return [Math.cos(t) * Math.cos(p), Math.sin(t), Math.cos(t) * Math.sin(p)];
}

/** M = Yaw·Pitch·Roll as rows; columns are Forward, Up, Left. */
export function bodyMatrix(o: Orientation): [V3, V3, V3] {
  const [ct, st] = [Math.cos(radians(o.pitch)), Math.sin(radians(o.pitch))];
  const [cp, sp] = [Math.cos(radians(o.yaw)), Math.sin(radians(o.yaw))];
  const [cr, sr] = [Math.cos(radians(o.roll)), Math.sin(radians(o.roll))];
  // Yaw = [[cp,0,-sp],[0,1,0],[sp,0,cp]]; Pitch = [[ct,-st,0],[st,ct,0],[0,0,1]]; Roll = [[1,0,0],[0,cr,sr],[0,-sr,cr]].
  const yp: [V3, V3, V3] = [
    [cp * ct, -cp * st, -sp],
    [st, ct, 0],
    [sp * ct, -sp * st, cp],
  ];
  const roll: [V3, V3, V3] = [
    [1, 0, 0],
    [0, cr, sr],
    [0, -sr, cr],
  ];
  const rowTimes = (row: V3): V3 => [
    row[0] * roll[0][0] + row[1] * roll[1][0] + row[2] * roll[2][0],
    row[0] * roll[0][1] + row[1] * roll[1][1] + row[2] * roll[2][1],
    row[0] * roll[0][2] + row[1] * roll[1][2] + row[2] * roll[2][2],
  ];
  return [rowTimes(yp[0]), rowTimes(yp[1]), rowTimes(yp[2])];
}

/** Body axes (Forward, Up, Left) in world coordinates. */
export function bodyAxes(o: Orientation): { forward: V3; up: V3; left: V3 } {
  const m = bodyMatrix(o);
  const col = (j: 0 | 1 | 2): V3 => [m[0][j], m[1][j], m[2][j]];
  return { forward: col(0), up: col(1), left: col(2) };
}

/** b = Mᵀ·v: a world vector in body coordinates (Forward, Up, Left). */
export function toBody(o: Orientation, v: V3): V3 {
  const { forward: f, up: u, left: l } = bodyAxes(o);
  return [dot(f, v), dot(u, v), dot(l, v)];
}

/** Where a target lies as seen from a unit: the three angles a utility would print. */
export interface RelativeBearing {
  /** + = left (C1.21), in (−180°, 180°], angle units. */
  relYaw: number;
  /** + = above the ship's deck, in [−90°, 90°], angle units. */
  relPitch: number;
  /** + = starboard, in [0°, 360°): the bearing the D2 arc tables use. */
  arcBearing: number;
}

/**
 * Angles are rounded to 1/10,000 degree before anyone compares them with arc limits, so a target
 * exactly on a boundary (45.00000000000001° from atan2) lands on the boundary.
 */
export function relativeBearing(o: Orientation, from: Vec3, to: Vec3): RelativeBearing {
  const b = toBody(o, asV3(subVec(to, from)));
  if (b[0] === 0 && b[1] === 0 && b[2] === 0) return { relYaw: 0, relPitch: 0, arcBearing: 0 };
  const relYaw = signedAngle(floatDegreesToUnits((Math.atan2(b[2], b[0]) * 180) / Math.PI));
  const relPitch = floatDegreesToUnits((Math.atan2(b[1], Math.hypot(b[0], b[2])) * 180) / Math.PI);
  return { relYaw, relPitch, arcBearing: normalizeAngle(-relYaw) };
}

/** The world pitch and yaw that point straight at `to` (the utility's "Target" section, F2.21). */
export function aimAt(from: Vec3, to: Vec3): { pitch: number; yaw: number } {
  const d = asV3(subVec(to, from));
  const pitch = floatDegreesToUnits((Math.atan2(d[1], Math.hypot(d[0], d[2])) * 180) / Math.PI);
  const yaw = floatDegreesToUnits((Math.atan2(d[2], d[0]) * 180) / Math.PI);
  return { pitch: normalizeAngle(pitch), yaw: normalizeAngle(yaw) };
}

/**
 * The same physical attitude with pitch in [−90°, 90°]: pitch θ past vertical equals
 * (180° − θ, yaw + 180°, roll + 180°). Used where a shortest turn toward a direction is wanted.
 */
export function canonical(o: Orientation): Orientation {
  const p = signedAngle(o.pitch);
  if (p > HALF_CIRCLE / 2 || p < -HALF_CIRCLE / 2)
    return orientation(HALF_CIRCLE - p, o.yaw + HALF_CIRCLE, o.roll + HALF_CIRCLE);
  return o;
}

/**
 * Euler angles whose Forward and Left axes are the given (orthonormal) directions. Used when a
 * rule fixes where something must lie relative to the ship (standard orbit, P8.411).
 */
export function orientationFromAxes(f: V3, l: V3): Orientation {
  const pitch = Math.asin(Math.max(-1, Math.min(1, f[1])));
  const yaw = Math.atan2(f[2], f[0]);
  // Left in the yaw·pitch frame is Roll·z = (0, sin φ, cos φ).
  const ct = Math.cos(pitch);
  const st = Math.sin(pitch);
  const cp = Math.cos(yaw);
  const sp = Math.sin(yaw);
  const upYP: V3 = [-cp * st, ct, -sp * st];
  const leftYP: V3 = [-sp, 0, cp];
  const roll = Math.atan2(dot(l, upYP), dot(l, leftYP));
  const deg = (r: number) => floatDegreesToUnits((r * 180) / Math.PI);
  return orientation(deg(pitch), deg(yaw), deg(roll));
}
