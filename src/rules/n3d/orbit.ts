import { refuse } from '../errors.ts';
import { bodyAxes, orientationFromAxes, type Orientation } from './orientation.ts';
import { floatDegreesToUnits, KM_PER_HEX, roundHalfAway } from './units.ts';
import { asV3, cross, dot, rotateAbout, scaleV, subV, subVec, unit, type V3, type Vec3 } from './vector.ts';

/**
 * Standard orbits (P8). To establish one, a unit within three hexes of the body with all warp
 * movement stopped turns so the body is at yaw +90° (left) or 270° (right) and pitch 0 (P8.411,
 * the zero-energy turn); it then moves at speed 1 and turns 5.625 ÷ (π × range) degrees per
 * impulse, which is exactly one orbit of 2π·range hexes at one hex per turn (digest N5; the
 * printed "5.625 ÷ range × π" is ten times too fast and kept as the `literal` reading).
 */
export type OrbitSide = 'left' | 'right';
export type OrbitFormula = 'recommended' | 'literal';

/** Degrees per impulse at `distKm` (float; display rounds it). */
export function orbitYawRateDegrees(distKm: number, formula: OrbitFormula = 'recommended'): number {
  const r = distKm / KM_PER_HEX;
  if (r <= 0) refuse('n3d/orbit-range', 'P8.413', 'A unit cannot orbit at range 0.');
  return formula === 'recommended' ? 5.625 / (Math.PI * r) : (5.625 / r) * Math.PI;
}

/** The same rate in angle units (1/10,000 degree), signed: negative for a body on the right (P8.413). */
export function orbitYawRate(distKm: number, side: OrbitSide, formula: OrbitFormula = 'recommended'): number {
  const units = floatDegreesToUnits(orbitYawRateDegrees(distKm, formula));
  return side === 'left' ? units : -units;
}

export const ORBIT_MAX_KM = 3 * KM_PER_HEX;

/**
 * P8.411: the facing that puts the body at yaw 90° (left) or 270° (right) and pitch 0, changing
 * the current facing as little as possible: the forward axis is the old forward with its
 * component toward the body removed. Works in any plane; a level orbit keeps roll 0.
 */
export function orbitFacing(facing: Orientation, pos: Vec3, body: Vec3, side: OrbitSide): Orientation {
  const toBody = unit(asV3(subVec(body, pos)));
  if (!toBody) refuse('n3d/orbit-range', 'P8.41', 'A unit at the centre of the body cannot orbit it.');
  const axes = bodyAxes(facing);
  const flat = (v: V3) => unit(subV(v, scaleV(toBody, dot(v, toBody))));
  const f = flat(axes.forward) ?? flat(axes.up)!;
  const left = side === 'left' ? toBody : scaleV(toBody, -1);
  return orientationFromAxes(f, left);
}

/**
 * One impulse of orbit: the unit moves 1/32 hex along the circle about the body (the radius is
 * kept exactly, `radiusKm`, so rounding to the km never makes the orbit drift), and its facing is
 * set again from where it now is (P8.411), so the body stays at yaw ±90°, pitch 0 without the
 * angle rounding adding up. For a level orbit this is exactly the author's constant yaw rate.
 */
export function orbitStep(
  pos: Vec3,
  facing: Orientation,
  body: Vec3,
  radiusKm: number,
  side: OrbitSide,
): { pos: Vec3; facing: Orientation } {
  const r = asV3(subVec(pos, body));
  const axes = bodyAxes(facing);
  const axis = unit(cross(r, axes.forward));
  if (!axis) return { pos, facing };
  const angle = (orbitYawRateDegrees(radiusKm) * Math.PI) / 180;
  const out = unit(rotateAbout(r, axis, angle))!;
  const next: Vec3 = {
    x: roundHalfAway(body.x + out[0] * radiusKm),
    y: roundHalfAway(body.y + out[1] * radiusKm),
    z: roundHalfAway(body.z + out[2] * radiusKm),
  };
  const turnedForward = rotateAbout(axes.forward, axis, angle);
  const toBody = unit(asV3(subVec(body, next)))!;
  const f = unit(subV(turnedForward, scaleV(toBody, dot(turnedForward, toBody))))!;
  return { pos: next, facing: orientationFromAxes(f, side === 'left' ? toBody : scaleV(toBody, -1)) };
}
