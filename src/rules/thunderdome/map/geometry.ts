import type { MapSpec } from './types.ts';

/**
 * Plane geometry for drawing quality only: no rule depends on where a sector is drawn, but a
 * map whose lanes cross is hard to read, so the generator avoids crossings and the fairness
 * report counts them.
 */
export interface Point {
  x: number;
  y: number;
}

export function dist2(a: Point, b: Point): number {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  return dx * dx + dy * dy;
}

/** Sign of the turn a → b → c: > 0 counter-clockwise, < 0 clockwise, 0 collinear. */
function orient(a: Point, b: Point, c: Point): number {
  return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

function onSegment(a: Point, b: Point, p: Point): boolean {
  return (
    Math.min(a.x, b.x) <= p.x && p.x <= Math.max(a.x, b.x) && Math.min(a.y, b.y) <= p.y && p.y <= Math.max(a.y, b.y)
  );
}

/**
 * True when segments pq and rs share a point. Callers skip lanes that share an end sector,
 * because lanes meeting at their common sector are not a crossing.
 */
export function segmentsIntersect(p: Point, q: Point, r: Point, s: Point): boolean {
  const d1 = orient(r, s, p);
  const d2 = orient(r, s, q);
  const d3 = orient(p, q, r);
  const d4 = orient(p, q, s);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (
    (d1 === 0 && onSegment(r, s, p)) ||
    (d2 === 0 && onSegment(r, s, q)) ||
    (d3 === 0 && onSegment(p, q, r)) ||
    (d4 === 0 && onSegment(p, q, s))
  );
}

/** The bounding box of the segment pq. */
export interface Box {
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

export function boxOf(p: Point, q: Point): Box {
  return { minX: Math.min(p.x, q.x), maxX: Math.max(p.x, q.x), minY: Math.min(p.y, q.y), maxY: Math.max(p.y, q.y) };
}

/** True when the segment rs lies wholly beside `box`, so it cannot share a point with the segment boxed. */
export function boxesApart(box: Box, r: Point, s: Point): boolean {
  return (
    Math.max(r.x, s.x) < box.minX ||
    Math.min(r.x, s.x) > box.maxX ||
    Math.max(r.y, s.y) < box.minY ||
    Math.min(r.y, s.y) > box.maxY
  );
}

/** Squared distance from p to the segment ab. */
export function segmentDist2(p: Point, a: Point, b: Point): number {
  const len2 = dist2(a, b);
  if (len2 === 0) return dist2(p, a);
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * (b.x - a.x) + (p.y - a.y) * (b.y - a.y)) / len2));
  return dist2(p, { x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y) });
}

/** Positions by sector key, or null when any sector lacks a full coordinate pair. */
export function positions(map: Pick<MapSpec, 'sectors'>): Map<string, Point> | null {
  const out = new Map<string, Point>();
  for (const s of map.sectors) {
    if (s.x === undefined || s.y === undefined) return null;
    out.set(s.key, { x: s.x, y: s.y });
  }
  return out;
}

/**
 * Number of pairs of lanes that cross when drawn straight, or null without coordinates. The lanes
 * are swept left to right, so only pairs whose spans across x overlap are tested: the map
 * generator counts them for every candidate map, and a map is drawn mostly of short lanes.
 */
export function countCrossings(map: Pick<MapSpec, 'sectors' | 'lanes'>): number | null {
  const pos = positions(map);
  if (pos === null) return null;
  const index = new Map<string, number>();
  for (const key of pos.keys()) index.set(key, index.size);
  const segs: (Box & { a: number; b: number; p: Point; q: Point })[] = [];
  for (const [a, b] of map.lanes) {
    const p = pos.get(a);
    const q = pos.get(b);
    if (p && q) segs.push({ a: index.get(a)!, b: index.get(b)!, p, q, ...boxOf(p, q) });
  }
  segs.sort((u, v) => u.minX - v.minX);
  let count = 0;
  for (let i = 0; i < segs.length; i++) {
    const u = segs[i]!;
    for (let j = i + 1; j < segs.length && segs[j]!.minX <= u.maxX; j++) {
      const v = segs[j]!;
      if (u.a === v.a || u.a === v.b || u.b === v.a || u.b === v.b) continue;
      if (boxesApart(u, v.p, v.q)) continue;
      if (segmentsIntersect(u.p, u.q, v.p, v.q)) count++;
    }
  }
  return count;
}
