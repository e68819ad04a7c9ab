import { refuse } from '../errors.ts';
import { KM_PER_HEX, N3dDecimal as D } from './units.ts';
import { asV3, dist2, pointSegmentDist2, segmentSegmentDist2, type V3, type Vec3 } from './vector.ts';

/**
 * Tholian webs (G10). A linear web is a straight line through its anchors (G10.115); a globular
 * web is points joined by strands (G10.12). Strength is stored like speed, × 10,000, because webs
 * and speeds may both be fractional and are subtracted from each other (G10.511).
 */
export const WEB_STRENGTH_MAX = 35 * KM_PER_HEX;

/** G10.211: six energy per hex of web laid, fractional; exact decimal text. 0.1 hex → "0.6". */
export function webLayCost(fromLengthKm: number, toLengthKm: number): string {
  if (toLengthKm < fromLengthKm)
    refuse('n3d/web-length', 'G10.211', 'A web only costs energy to lengthen; the new length is shorter than the old.');
  return new D(toLengthKm - fromLengthKm).mul(6).div(KM_PER_HEX).toFixed();
}

/** G10.3: four times the traditional strength, at most 35; × 10,000 units. */
export function webStrength(traditional: number | string): number {
  const s = new D(traditional).mul(4).mul(KM_PER_HEX).toDecimalPlaces(0, D.ROUND_DOWN).toNumber();
  return Math.max(0, Math.min(WEB_STRENGTH_MAX, s));
}

const TWO_HEX2 = (2 * KM_PER_HEX) ** 2;
const ONE_HEX2 = KM_PER_HEX ** 2;

/** G10.211: a layer may lay from an anchor less than two hexes (up to 1.9999) away. */
export function withinLayingReach(layer: Vec3, anchor: Vec3): boolean {
  return dist2(layer, anchor) < BigInt(TWO_HEX2);
}

function segments(points: readonly Vec3[]): [V3, V3][] {
  const out: [V3, V3][] = [];
  for (let i = 0; i + 1 < points.length; i++) out.push([asV3(points[i]!), asV3(points[i + 1]!)]);
  if (points.length === 1) out.push([asV3(points[0]!), asV3(points[0]!)]);
  return out;
}

/** Squared distance (km²) from a point to a web given as its line segments. */
export function webDist2(pos: Vec3, line: readonly Vec3[]): number {
  return Math.min(Infinity, ...segments(line).map(([a, b]) => pointSegmentDist2(asV3(pos), a, b)));
}

/** G10.51: a unit less than two hexes (up to 1.9999) from a web is in a web hex. */
export function inWebHex(pos: Vec3, line: readonly Vec3[]): boolean {
  return line.length > 0 && webDist2(pos, line) < TWO_HEX2;
}

/**
 * G10.61 / G10.71: fire, transporters and tractors may not pass within 1 hex of the web's centre
 * line. They may fire INTO the field (target inside it) but not THROUGH it; firing out of it, the
 * mirror case, is allowed too. The field is convex, so the line crosses it at most once.
 */
export function fireBlockedByWeb(shooter: Vec3, target: Vec3, line: readonly Vec3[]): boolean {
  if (line.length === 0) return false;
  const inField = (p: Vec3) => webDist2(p, line) < ONE_HEX2;
  if (inField(shooter) || inField(target)) return false;
  return segments(line).some(([a, b]) => segmentSegmentDist2(asV3(shooter), asV3(target), a, b) < ONE_HEX2);
}

/** Web length (km, rounded) along its anchors. */
export function webLengthKm(line: readonly Vec3[]): number {
  let sum = 0;
  for (const [a, b] of segments(line)) sum += Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
  return Math.round(sum);
}

/**
 * G10.117: an anchor of a linear web drops out. With more than two anchors the web becomes the
 * line through the others (strength to be recalculated by the caller); with two, it dissolves (null).
 */
export function dropAnchor<T>(anchors: readonly T[], index: number): T[] | null {
  if (anchors.length <= 2) return null;
  return anchors.filter((_, i) => i !== index);
}

export interface GlobularWeb {
  points: { id: string; pos: Vec3 }[];
  /** Strands between point ids. */
  strands: [string, string][];
}

/**
 * G10.12: once powered, any web point not anchored to at least two other web points is lost,
 * repeatedly (losing one point can strand its neighbour): what is left is the 2-core.
 */
export function powerGlobularWeb(web: GlobularWeb): GlobularWeb {
  let points = web.points;
  let strands = web.strands;
  for (;;) {
    const degree = new Map<string, Set<string>>();
    for (const [a, b] of strands) {
      if (a === b) continue;
      degree.set(a, (degree.get(a) ?? new Set()).add(b));
      degree.set(b, (degree.get(b) ?? new Set()).add(a));
    }
    const keep = points.filter((p) => (degree.get(p.id)?.size ?? 0) >= 2);
    if (keep.length === points.length) return { points, strands };
    const ids = new Set(keep.map((p) => p.id));
    points = keep;
    strands = strands.filter(([a, b]) => ids.has(a) && ids.has(b));
  }
}

/** The centre of a globular web: the mean of its points. */
export function webCentre(points: readonly Vec3[]): V3 {
  const n = Math.max(1, points.length);
  const s = points.reduce<[number, number, number]>((acc, p) => [acc[0] + p.x, acc[1] + p.y, acc[2] + p.z], [0, 0, 0]);
  return [s[0] / n, s[1] / n, s[2] / n];
}

/**
 * G10.12: a ship less than half a hex from a web point, and nearer the web's centre than the
 * point, may pay 6 energy to move the point to itself (the 6 is not added to strength).
 */
export function canMoveWebPoint(ship: Vec3, point: Vec3, centre: V3): boolean {
  const half = BigInt(KM_PER_HEX / 2);
  if (dist2(ship, point) >= half * half) return false;
  const d = (p: Vec3) => (p.x - centre[0]) ** 2 + (p.y - centre[1]) ** 2 + (p.z - centre[2]) ** 2;
  return d(ship) < d(point);
}

export const MOVE_WEB_POINT_COST = 6;

/** G10.82: each web point is worth 0.125 BPV; exact decimal text. */
export function webBpv(points: number): string {
  return new D(points).mul('0.125').toFixed();
}
