import { roundHalfAway } from './units.ts';

/**
 * Three-vectors. Positions are whole kilometres on the C1.12 axes: +x north, +y up, +z west.
 * `Vec3` holds integers when it is a position or a velocity; `V3` is a float direction.
 */
export interface Vec3 {
  x: number;
  y: number;
  z: number;
}

export type V3 = readonly [number, number, number];

export function addVec(a: Vec3, b: Vec3): Vec3 {
  return { x: a.x + b.x, y: a.y + b.y, z: a.z + b.z };
}

export function subVec(a: Vec3, b: Vec3): Vec3 {
  return { x: a.x - b.x, y: a.y - b.y, z: a.z - b.z };
}

export function roundVec(v: V3): Vec3 {
  return { x: roundHalfAway(v[0]), y: roundHalfAway(v[1]), z: roundHalfAway(v[2]) };
}

export function asV3(v: Vec3): V3 {
  return [v.x, v.y, v.z];
}

export function dot(a: V3, b: V3): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

export function cross(a: V3, b: V3): V3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

export function norm(a: V3): number {
  return Math.hypot(a[0], a[1], a[2]);
}

export function scaleV(a: V3, k: number): V3 {
  return [a[0] * k, a[1] * k, a[2] * k];
}

export function addV(a: V3, b: V3): V3 {
  return [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
}

export function subV(a: V3, b: V3): V3 {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}

/** Unit vector, or null for the zero vector. */
export function unit(a: V3): V3 | null {
  const n = norm(a);
  return n === 0 ? null : scaleV(a, 1 / n);
}

/** Rodrigues rotation of v about the unit axis k by `angle` radians (right-handed). */
export function rotateAbout(v: V3, k: V3, angle: number): V3 {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return addV(addV(scaleV(v, c), scaleV(cross(k, v), s)), scaleV(k, dot(k, v) * (1 - c)));
}

/** Squared distance in km², exact (BigInt: coordinates up to 10^9 km square past 2^53). */
export function dist2(a: Vec3, b: Vec3): bigint {
  const dx = BigInt(a.x - b.x);
  const dy = BigInt(a.y - b.y);
  const dz = BigInt(a.z - b.z);
  return dx * dx + dy * dy + dz * dz;
}

/** ⌊√n⌋ exactly. */
export function isqrt(n: bigint): bigint {
  if (n < 0n) throw new RangeError('isqrt of a negative number');
  if (n < 2n) return n;
  let x = BigInt(Math.floor(Math.sqrt(Number(n))));
  while (x * x > n) x -= 1n;
  while ((x + 1n) * (x + 1n) <= n) x += 1n;
  return x;
}

/** Distance to the nearest km (the 4-decimal hex distance the utility shows), exact. */
export function distanceKm(a: Vec3, b: Vec3): number {
  const n = dist2(a, b);
  const r = isqrt(n);
  // √n ≥ r + ½  ⇔  n ≥ r² + r + ¼  ⇔  n > r² + r (integers).
  return Number(n > r * r + r ? r + 1n : r);
}

/** Squared distance (km², float) from p to the segment ab. */
export function pointSegmentDist2(p: V3, a: V3, b: V3): number {
  const ab = subV(b, a);
  const len2 = dot(ab, ab);
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, dot(subV(p, a), ab) / len2));
  const d = subV(p, addV(a, scaleV(ab, t)));
  return dot(d, d);
}

/** Squared distance (km², float) between the segments p1q1 and p2q2 (Ericson, Real-Time Collision Detection §5.1.9). */
export function segmentSegmentDist2(p1: V3, q1: V3, p2: V3, q2: V3): number {
  const d1 = subV(q1, p1);
  const d2 = subV(q2, p2);
  const r = subV(p1, p2);
  const a = dot(d1, d1);
  const e = dot(d2, d2);
  const f = dot(d2, r);
  let s: number;
  let t: number;
  if (a === 0 && e === 0) return dot(r, r);
  if (a === 0) {
    s = 0;
    t = clamp01(f / e);
  } else {
    const c = dot(d1, r);
    if (e === 0) {
      t = 0;
      s = clamp01(-c / a);
    } else {
      const b = dot(d1, d2);
      const denom = a * e - b * b;
      s = denom !== 0 ? clamp01((b * f - c * e) / denom) : 0;
      t = (b * s + f) / e;
      if (t < 0) {
        t = 0;
        s = clamp01(-c / a);
      } else if (t > 1) {
        t = 1;
        s = clamp01((b - c) / a);
      }
    }
  }
  const c1 = addV(p1, scaleV(d1, s));
  const c2 = addV(p2, scaleV(d2, t));
  const d = subV(c1, c2);
  return dot(d, d);
}

function clamp01(x: number): number {
  return Math.min(Math.max(x, 0), 1);
}
