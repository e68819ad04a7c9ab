import { relativeBearing, type Orientation, type RelativeBearing } from './orientation.ts';
import { MOUNTS, PITCH_ARCS, RR_LITERAL, YAW_ARCS, type Mount, type YawArcRow } from './tables.ts';
import { ANGLE_UNITS, normalizeAngle } from './units.ts';
import type { Vec3 } from './vector.ts';

/**
 * Firing arcs (D2): a target is in arc when it is inside BOTH the weapon's yaw arc (on the
 * arc bearing, + = starboard) and its pitch arc (on the relative pitch). Boundaries count as
 * inside, as on the hex map. Every comparison is on whole 1/10,000ths of a degree.
 */
export type RrReading = 'recommended' | 'literal';

export type BasicArc = 'RF' | 'R' | 'RR' | 'LR' | 'L' | 'LF' | 'FH' | 'RH';
/** Combined arcs: the union of their components, each already widened by 10° (digest B.2.5). */
export const COMBINED_ARCS: Readonly<Record<string, readonly BasicArc[]>> = {
  FA: ['LF', 'RF'],
  RA: ['LR', 'RR'],
  LS: ['LF', 'L', 'LR'],
  RS: ['RF', 'R', 'RR'],
  FX: ['LF', 'RF', 'L', 'R'],
  RX: ['LR', 'RR', 'L', 'R'],
  '360': ['RF', 'R', 'RR', 'LR', 'L', 'LF'],
};

export const BASIC_ARCS: readonly BasicArc[] = ['RF', 'R', 'RR', 'LR', 'L', 'LF', 'FH', 'RH'];

/** Every arc name a weapon may carry. */
export const ARC_NAMES: readonly string[] = [...BASIC_ARCS, ...Object.keys(COMBINED_ARCS)];

function basicRow(arc: BasicArc, rr: RrReading): YawArcRow {
  if (arc === 'RR' && rr === 'literal') return RR_LITERAL;
  return YAW_ARCS.find((r) => r.arc === arc)!;
}

/** `bearing` (angle units) within [from, to] degrees going clockwise (to may pass 360). */
export function bearingWithin(bearing: number, fromDeg: number, toDeg: number): boolean {
  const span = (toDeg - fromDeg) * ANGLE_UNITS;
  if (span >= 360 * ANGLE_UNITS) return true;
  return normalizeAngle(bearing - fromDeg * ANGLE_UNITS) <= span;
}

export function isArcName(name: string): boolean {
  return ARC_NAMES.includes(name);
}

/** D2.12: is the bearing inside the named yaw arc (basic or combined)? */
export function inYawArc(arc: string, bearing: number, rr: RrReading = 'recommended'): boolean {
  const parts: readonly BasicArc[] | undefined =
    COMBINED_ARCS[arc] ?? (BASIC_ARCS.includes(arc as BasicArc) ? [arc as BasicArc] : undefined);
  if (!parts) throw new RangeError(`unknown arc ${arc}`);
  return parts.some((p) => {
    const row = basicRow(p, rr);
    return bearingWithin(bearing, row.from, row.to);
  });
}

/** D2.12 pitch arcs on the relative pitch. */
export function inPitchArc(mount: Mount, relPitch: number): boolean {
  const a = PITCH_ARCS[mount];
  return relPitch >= a.from * ANGLE_UNITS && relPitch <= a.to * ANGLE_UNITS;
}

/** E8.23: a mauler fires within 15° of dead ahead in both yaw and pitch, with no +10°. */
export function inMaulerArc(rel: RelativeBearing): boolean {
  const yaw = Math.abs(rel.relYaw);
  return yaw <= 15 * ANGLE_UNITS && Math.abs(rel.relPitch) <= 15 * ANGLE_UNITS;
}

/** D2.34: plasma swivels (FP, LP, RP, LS, RS, LRP, RRP, AP) fire at any yaw when the pitch is within ±60°. */
export function inSwivelArc(rel: RelativeBearing): boolean {
  return Math.abs(rel.relPitch) <= 60 * ANGLE_UNITS;
}

/** How a weapon's pitch arc is decided. */
export type WeaponSpecial =
  | 'none'
  /** D2.32 wing phasers: Top mount; 360° yaw when the target is above 60° pitch. */
  | 'wing'
  /** D2.33 forward arcs that can fire into the row behind: Top mount; 360° yaw above 30° pitch. */
  | 'forward-rear'
  /** E8.23. */
  | 'mauler'
  /** D2.34 plasma swivel mounts. */
  | 'swivel';

export interface WeaponArc {
  arc: string;
  mount: Mount;
  special?: WeaponSpecial;
}

export function weaponInArc(w: WeaponArc, rel: RelativeBearing, rr: RrReading = 'recommended'): boolean {
  switch (w.special ?? 'none') {
    case 'mauler':
      return inMaulerArc(rel);
    case 'swivel':
      return inSwivelArc(rel);
    case 'wing':
      if (!inPitchArc('Top', rel.relPitch)) return false;
      return rel.relPitch > 60 * ANGLE_UNITS || inYawArc(w.arc, rel.arcBearing, rr);
    case 'forward-rear':
      if (!inPitchArc('Top', rel.relPitch)) return false;
      return rel.relPitch > 30 * ANGLE_UNITS || inYawArc(w.arc, rel.arcBearing, rr);
    case 'none':
      return inPitchArc(w.mount, rel.relPitch) && inYawArc(w.arc, rel.arcBearing, rr);
  }
}

/** Everything about where a target lies for a shooter: the `/n3d arcs` and `/calc arc` answer. */
export interface ArcSummary extends RelativeBearing {
  /** The basic and combined yaw arcs that contain the target. */
  yawArcs: string[];
  /** The pitch mounts that contain it. */
  mounts: Mount[];
  mauler: boolean;
  swivel: boolean;
}

export function arcSummary(facing: Orientation, from: Vec3, to: Vec3, rr: RrReading = 'recommended'): ArcSummary {
  const rel = relativeBearing(facing, from, to);
  return {
    ...rel,
    yawArcs: ARC_NAMES.filter((a) => inYawArc(a, rel.arcBearing, rr)),
    mounts: MOUNTS.filter((m) => inPitchArc(m, rel.relPitch)),
    mauler: inMaulerArc(rel),
    swivel: inSwivelArc(rel),
  };
}

/**
 * D2.11 mount assignment for one SSD group of n weapons sharing borders: one weapon is Center;
 * more are split into the FEWEST groups of two and three; a pair is Top + Bottom, a triple is
 * Top + Center + Bottom. Six is two triples (2T 2C 2B), not the printed 3/3/3 (digest N6).
 * `order` lists the mounts in SSD reading order, pairs first as in the five-weapon example.
 */
export function pitchMounts(n: number): { top: number; center: number; bottom: number; order: Mount[] } {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`a weapon group has at least one weapon (got ${n})`);
  if (n === 1) return { top: 0, center: 1, bottom: 0, order: ['Center'] };
  const r = n % 3;
  const pairs = r === 0 ? 0 : r === 1 ? 2 : 1;
  const triples = (n - 2 * pairs) / 3;
  const order: Mount[] = [];
  for (let i = 0; i < pairs; i++) order.push('Top', 'Bottom');
  for (let i = 0; i < triples; i++) order.push('Top', 'Center', 'Bottom');
  return { top: pairs + triples, center: triples, bottom: pairs + triples, order };
}
