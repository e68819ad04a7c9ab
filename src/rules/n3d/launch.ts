import { refuse } from '../errors.ts';
import { inPitchArc, inYawArc } from './arcs.ts';
import { aimAt, canonical, orientation, relativeBearing, type Orientation } from './orientation.ts';
import { ANGLE_UNITS, formatDegrees, signedAngle } from './units.ts';
import type { Vec3 } from './vector.ts';

/**
 * Placing seeking weapons and plasma torpedoes (D2.34, D2.35, FP3.1, F1.24, F2.21). Bearings are
 * in the arc convention (+ = starboard); a torpedo turned to bearing b gets yaw = firer yaw − b.
 */

/** The centre bearing of each plasma swivel mount (D2.34a, D2.34b: each step 45°). */
export const SWIVEL_CENTRE: Readonly<Record<'FP' | 'LP' | 'RP' | 'LS' | 'RS' | 'LRP' | 'RRP' | 'AP', number>> = {
  FP: 0,
  RP: 45,
  LP: -45,
  RS: 90,
  LS: -90,
  RRP: 135,
  LRP: -135,
  AP: 180,
};
export type SwivelMount = keyof typeof SWIVEL_CENTRE;

function turnedBy(firer: Orientation, bearingDeg: number): Orientation {
  return orientation(firer.pitch, firer.yaw - bearingDeg * ANGLE_UNITS, firer.roll);
}

/**
 * D2.34: a swivel torpedo may face anywhere within 120° of the mount's centre (FP: of the firer's
 * facing), at the firer's pitch. `bearingDeg` is where the player wants it to face.
 */
export function swivelTorpedoFacing(firer: Orientation, mount: SwivelMount, bearingDeg: number): Orientation {
  const off = Math.abs(signedAngle((bearingDeg - SWIVEL_CENTRE[mount]) * ANGLE_UNITS));
  if (off > 120 * ANGLE_UNITS) {
    refuse(
      'n3d/swivel-facing',
      'D2.34',
      `A ${mount} torpedo may face at most 120° from the mount's centre (${SWIVEL_CENTRE[mount]}°); bearing ${bearingDeg}° is ${formatDegrees(off)}° off.`,
    );
  }
  return turnedBy(firer, bearingDeg);
}

/** D2.35: ISC rear plasma: an L/LR torpedo faces 240° off the firer, an R/RR torpedo 120°. */
export function iscRearTorpedoFacing(firer: Orientation, side: 'L' | 'LR' | 'R' | 'RR'): Orientation {
  return turnedBy(firer, side === 'L' || side === 'LR' ? 240 : 120);
}

/** FP3.1: a fixed tube's torpedo takes the firer's pitch, roll and yaw, turned by the launcher's centre bearing. */
export function fixedTubeTorpedoFacing(firer: Orientation, launcherCentreBearingDeg: number): Orientation {
  return turnedBy(firer, launcherCentreBearingDeg);
}

/**
 * F1.24: on launch the target must be in the weapon's FA arc at Center mount (as seen from the
 * launcher); the weapon is then pointed straight at it, which is always possible.
 */
export function seekingLaunchFacing(launcherFacing: Orientation, launcherPos: Vec3, targetPos: Vec3): Orientation {
  const rel = relativeBearing(launcherFacing, launcherPos, targetPos);
  if (!inYawArc('FA', rel.arcBearing) || !inPitchArc('Center', rel.relPitch)) {
    refuse(
      'n3d/seeking-launch-arc',
      'F1.24',
      `The target must be in the FA arc at Center mount when the seeking weapon is launched; it is at bearing ${formatDegrees(rel.arcBearing)}°, pitch ${formatDegrees(rel.relPitch)}°.`,
      'Turn toward the target first.',
    );
  }
  const aim = aimAt(launcherPos, targetPos);
  return orientation(aim.pitch, aim.yaw, 0);
}

/**
 * F2.21: pure pursuit. The seeking weapon turns its pitch and yaw toward the target by at most
 * `limit` each (C3.1), never leading. Works on the canonical attitude (pitch within ±90°) so the
 * shortest turn is taken; returns the new facing.
 */
export function pursuitFacing(facing: Orientation, pos: Vec3, targetPos: Vec3, limit: number): Orientation {
  const c = canonical(facing);
  const aim = aimAt(pos, targetPos);
  const clamp = (d: number) => Math.max(-limit, Math.min(limit, d));
  const dPitch = clamp(signedAngle(aim.pitch - c.pitch));
  const dYaw = clamp(signedAngle(aim.yaw - c.yaw));
  return orientation(c.pitch + dPitch, c.yaw + dYaw, c.roll);
}
