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
  return orientation(firer.pitch, firer.yaw - Math.round(bearingDeg * ANGLE_UNITS), firer.roll);
}

/**
 * D2.34: a swivel torpedo may face anywhere within 120° of the mount's centre (FP: of the firer's
 * facing), at the firer's pitch. `bearingDeg` is where the player wants it to face.
 */
export function swivelTorpedoFacing(firer: Orientation, mount: SwivelMount, bearingDeg: number): Orientation {
  const off = Math.abs(signedAngle(Math.round((bearingDeg - SWIVEL_CENTRE[mount]) * ANGLE_UNITS)));
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

// ---- Launch mounts: which way a seeking weapon is placed (FP3.1, D2.34, D2.35, F1.24) ----

/**
 * Fixed plasma tubes (FP3.1): the torpedo takes the firer's pitch, roll and yaw, turned by the
 * launcher's yaw, the centre of its 120° arc: FA (0°) and RA (180°). A launcher whose arc is
 * wider than 120° (FX, RX, FH, RH, 360) places the torpedo at any bearing that keeps the
 * torpedo's own FA arc (±60° traditional) wholly inside the launcher's arc. Spans are the
 * traditional ones, clockwise from `from` (+ = starboard); the 10° widening of D2.12 is added to
 * both arcs alike, so it does not change which bearings fit.
 */
export const TUBE_ARCS: Readonly<
  Record<'FA' | 'RA' | 'FX' | 'RX' | 'FH' | 'RH' | '360', { from: number; span: number }>
> = {
  FA: { from: 300, span: 120 },
  RA: { from: 120, span: 120 },
  FX: { from: 240, span: 240 },
  RX: { from: 60, span: 240 },
  FH: { from: 270, span: 180 },
  RH: { from: 90, span: 180 },
  '360': { from: 0, span: 360 },
};
export type TubeArc = keyof typeof TUBE_ARCS;

/** How a seeking weapon leaves its launcher. */
export type LaunchMount =
  /** Drones and other seeking weapons: pointed at the target (F1.24). */
  | { kind: 'drone' }
  /** FP3.1 fixed tube (or a launcher arc wider than 120°). */
  | { kind: 'tube'; arc: TubeArc }
  /** D2.34 plasma swivel mounts. */
  | { kind: 'swivel'; mount: SwivelMount }
  /** D2.35 ISC rear-firing plasma. */
  | { kind: 'isc-rear'; side: 'L' | 'LR' | 'R' | 'RR' };

const HALF_TORPEDO_FA = 60;

/** Reads a mount name as a player types it: drone, FA, RA, FX, …, FP, LP, …, ISC-L, ISC-RR. */
export function parseLaunchMount(text: string | undefined): LaunchMount {
  const t = (text ?? 'drone').trim().toUpperCase();
  if (t === '' || t === 'DRONE') return { kind: 'drone' };
  if (t in TUBE_ARCS) return { kind: 'tube', arc: t as TubeArc };
  if (t in SWIVEL_CENTRE) return { kind: 'swivel', mount: t as SwivelMount };
  const isc = /^ISC-?(L|LR|R|RR)$/.exec(t);
  if (isc) return { kind: 'isc-rear', side: isc[1] as 'L' | 'LR' | 'R' | 'RR' };
  refuse(
    'n3d/bad-mount',
    'FP3.1',
    `"${(text ?? '').slice(0, 20)}" is not a launch mount.`,
    `Use drone, a plasma tube arc (${Object.keys(TUBE_ARCS).join(', ')}), a swivel (${Object.keys(SWIVEL_CENTRE).join(', ')}) or ISC-L, ISC-LR, ISC-R, ISC-RR.`,
  );
}

/** The bearings (degrees, + = starboard) a torpedo from this tube may face: [lo, hi] on the unrolled circle. */
export function tubeBearings(arc: TubeArc): { lo: number; hi: number } {
  const a = TUBE_ARCS[arc];
  if (a.span >= 360) return { lo: -180, hi: 180 };
  return { lo: a.from + HALF_TORPEDO_FA, hi: a.from + a.span - HALF_TORPEDO_FA };
}

/** The bearing in [lo, hi] (unrolled, degrees) nearest to `want` (angle units, any turn). */
function nearestWithin(want: number, lo: number, hi: number): number {
  if (hi - lo >= 360) return want;
  const mid = ((lo + hi) / 2) * ANGLE_UNITS;
  const w = mid + signedAngle(want - mid);
  return Math.max(lo * ANGLE_UNITS, Math.min(hi * ANGLE_UNITS, w));
}

function within(b: number, lo: number, hi: number): boolean {
  if (hi - lo >= 360) return true;
  const mid = ((lo + hi) / 2) * ANGLE_UNITS;
  return Math.abs(signedAngle(b - mid)) <= ((hi - lo) / 2) * ANGLE_UNITS;
}

/**
 * Where a seeking weapon launched by `mount` faces, and the check of F1.24: the target must be in
 * the weapon's FA arc at Center mount as placed. A drone is pointed straight at the target. A
 * plasma torpedo is placed by its launcher (FP3.1, D2.34, D2.35); where the launcher leaves a
 * choice (a swivel, a launcher arc wider than 120°) the torpedo is placed as near the target's
 * bearing as the launcher allows, unless the player names a bearing (angle units, + = starboard).
 * From the next impulse on it turns toward its target by itself (F2.123, F2.21).
 */
export function launchFacing(
  mount: LaunchMount,
  launcherFacing: Orientation,
  launcherPos: Vec3,
  targetPos: Vec3,
  bearing?: number,
): Orientation {
  const targetBearing = relativeBearing(launcherFacing, launcherPos, targetPos).arcBearing;
  let facing: Orientation;
  let rule: string;
  switch (mount.kind) {
    case 'drone':
      if (bearing !== undefined)
        refuse('n3d/bearing-drone', 'F1.24', 'A drone is pointed at its target; a bearing is for plasma launchers.');
      return seekingLaunchFacing(launcherFacing, launcherPos, targetPos);
    case 'tube': {
      rule = 'FP3.1';
      const { lo, hi } = tubeBearings(mount.arc);
      const b = bearing ?? nearestWithin(targetBearing, lo, hi);
      if (!within(b, lo, hi))
        refuse(
          'n3d/tube-bearing',
          'FP3.1',
          TUBE_ARCS[mount.arc].span === 120
            ? `A fixed ${mount.arc} tube places its torpedo on the centre of its arc, bearing ${formatDegrees(nearestWithin(0, lo, hi))}°.`
            : `From a ${mount.arc} launcher the torpedo's FA arc must lie inside the launcher's arc: bearing ${lo}° to ${hi}° (got ${formatDegrees(b)}°).`,
        );
      facing = fixedTubeTorpedoFacing(launcherFacing, b / ANGLE_UNITS);
      break;
    }
    case 'swivel': {
      rule = 'D2.34';
      const centre = SWIVEL_CENTRE[mount.mount];
      const b = bearing ?? nearestWithin(targetBearing, centre - 120, centre + 120);
      facing = swivelTorpedoFacing(launcherFacing, mount.mount, b / ANGLE_UNITS);
      break;
    }
    case 'isc-rear':
      rule = 'D2.35';
      if (bearing !== undefined)
        refuse('n3d/bearing-isc', 'D2.35', 'An ISC rear-firing torpedo is placed at a fixed facing; give no bearing.');
      facing = iscRearTorpedoFacing(launcherFacing, mount.side);
      break;
  }
  const rel = relativeBearing(facing, launcherPos, targetPos);
  if (!inYawArc('FA', rel.arcBearing) || !inPitchArc('Center', rel.relPitch))
    refuse(
      'n3d/seeking-launch-arc',
      'F1.24',
      `Placed as its launcher places it (${rule}), the torpedo would have its target at bearing ${formatDegrees(rel.arcBearing)}°, pitch ${formatDegrees(rel.relPitch)}°: outside its FA arc at Center mount.`,
      'Turn toward the target first, or use another launcher.',
    );
  return facing;
}
