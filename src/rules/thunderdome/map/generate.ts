import { fairnessReport } from './fairness.ts';
import { boxesApart, boxOf, dist2, segmentDist2, segmentsIntersect } from './geometry.ts';
import type { Point } from './geometry.ts';
import { buildGraph, components } from './graph.ts';
import { seededDie } from '../../prng.ts';
import { MAP_LIMITS } from './types.ts';
import type { FairnessReport, Lane, MapSector, MapSpec } from './types.ts';

/**
 * Map generator for the setup vote (UTD8.16): the admin may take a generated map instead of
 * drawing one. What it guarantees, and why:
 *
 * - every home has exactly two lanes and no lane joins two homes (UTD8.15), and no sector is
 *   next to two homes when the geometry allows it, so each player has two gateways of their own;
 * - the map is connected (UTD4.1): lanes among the other sectors contain the relative
 *   neighbourhood graph, which joins every point set, and a final pass joins any stray part;
 * - it draws cleanly: homes sit on an outer ring (radius 460 around 500,500), the other sectors
 *   are spread evenly inside radius 400, at least a minimum spacing apart, and lanes come from
 *   the relative neighbourhood and Gabriel graphs, which are planar and only join near neighbours;
 * - fairness (UTD8.16): with `symmetry: 'rotational'` (the default) one player's wedge is
 *   generated and copied round the ring, and every lane decision is applied to all copies, so the
 *   lane graph has a rotation taking each home to the next: every per-player figure of the
 *   fairness report is identical (all spreads 0). With `symmetry: 'none'` each wedge is drawn
 *   independently, which looks less regular and relies on the candidate selection below.
 *
 * Several candidates are drawn from the same rng, one after another, and the best is kept:
 * lowest fairness score (fairness.ts), then fewest lane crossings, then the earliest. The rng is
 * the only source of variation, so the same rng sequence gives the same map.
 */

export interface GenerateOptions {
  /** Number of players, 2–13. */
  players: number;
  /** Sectors per player including the home, 3–40 (and at most 500 in all). Default 8. */
  sectorsPerPlayer?: number;
  /** Uniform integer 1..n (a die with n sides). */
  rng: (n: number) => number;
  /** Candidates drawn before keeping the best, 1–32. Default 8. */
  candidates?: number;
  /** 'rotational' (default): identical wedges, perfectly even; 'none': each wedge its own. */
  symmetry?: 'rotational' | 'none';
}

export interface GeneratedMap {
  map: MapSpec;
  fairness: FairnessReport;
}

const CENTRE = 500;
const HOME_RADIUS = 460;
const INNER_RADIUS = 400;
/** Chance, in percent, that a lane of the Gabriel graph beyond the backbone is kept. */
const EXTRA_LANE_PERCENT = 50;
/** Resolution of random positions: rng(10000) per coordinate draw. */
const GRAIN = 10_000;
/** A home lane may not pass closer than this fraction of the spacing to another sector. */
const CLEARANCE = 0.35;
export const GENERATOR_DEFAULTS = {
  sectorsPerPlayer: 8,
  candidates: 8,
  minSectorsPerPlayer: 3,
  maxSectorsPerPlayer: 40,
} as const;

/**
 * Smallest distance the generator keeps between any two sectors for a map of `total` sectors:
 * 62% of the side of the square each inner sector would get if they tiled the inner disc evenly.
 * Sampling may shrink it when a wedge is crowded; tests check the actual minimum.
 */
export function targetSpacing(total: number): number {
  return Math.min(140, 0.62 * Math.sqrt((Math.PI * INNER_RADIUS * INNER_RADIUS) / total));
}

/** How many sectors per player the generator builds for `players` (the map's size cap, MAP_LIMITS). */
export function sectorsPerPlayerRange(players: number): { min: number; max: number } {
  return {
    min: GENERATOR_DEFAULTS.minSectorsPerPlayer,
    max: Math.min(GENERATOR_DEFAULTS.maxSectorsPerPlayer, Math.floor(MAP_LIMITS.maxSectors / players)),
  };
}

export function generateMap(options: GenerateOptions): GeneratedMap {
  const players = options.players;
  const perPlayer = options.sectorsPerPlayer ?? GENERATOR_DEFAULTS.sectorsPerPlayer;
  const candidates = options.candidates ?? GENERATOR_DEFAULTS.candidates;
  const symmetric = (options.symmetry ?? 'rotational') === 'rotational';
  if (!Number.isInteger(players) || players < MAP_LIMITS.minPlayers || players > MAP_LIMITS.maxPlayers) {
    throw new RangeError(`players must be ${MAP_LIMITS.minPlayers}–${MAP_LIMITS.maxPlayers}, got ${players}`);
  }
  const maxPer = sectorsPerPlayerRange(players).max;
  if (!Number.isInteger(perPlayer) || perPlayer < GENERATOR_DEFAULTS.minSectorsPerPlayer || perPlayer > maxPer) {
    throw new RangeError(
      `sectorsPerPlayer must be ${GENERATOR_DEFAULTS.minSectorsPerPlayer}–${maxPer} for ${players} players, got ${perPlayer}`,
    );
  }
  if (!Number.isInteger(candidates) || candidates < 1 || candidates > 32) {
    throw new RangeError(`candidates must be 1–32, got ${candidates}`);
  }
  const rng = checkedRng(options.rng);

  let best: GeneratedMap | undefined;
  for (let c = 0; c < candidates; c++) {
    const map = buildCandidate(players, perPlayer, symmetric, rng);
    const fairness = fairnessReport(map);
    if (best === undefined || better(fairness, best.fairness)) best = { map, fairness };
  }
  return best!;
}

/** What `/map generate` asks of the generator (UTD8.16): the seed is the command's own die roll. */
export interface SeededMapRequest {
  players: number;
  sectorsPerPlayer: number;
  seed: number;
}

/**
 * Makes the map of a `/map generate`. The rules call it through `DecisionContext.generateMap`, which
 * the bot answers from a worker thread (docs/performance.md, "Nothing blocks the event loop": a
 * 300-sector map takes 150–300 ms to generate); the same request always gives the same map.
 */
export type MapGenerator = (request: SeededMapRequest) => MapSpec;

/** The map for a request, generated here. */
export const generateSeededMap: MapGenerator = ({ players, sectorsPerPlayer, seed }) =>
  generateMap({ players, sectorsPerPlayer, rng: seededDie(seed) }).map;

function better(a: FairnessReport, b: FairnessReport): boolean {
  const eps = 1e-9; // scores are sums of means; ignore float noise so earlier candidates win ties
  if (a.score < b.score - eps) return true;
  if (a.score > b.score + eps) return false;
  return (a.crossings ?? 0) < (b.crossings ?? 0);
}

function checkedRng(rng: (n: number) => number): (n: number) => number {
  return (n) => {
    const v = rng(n);
    if (!Number.isInteger(v) || v < 1 || v > n)
      throw new Error(`rng(${n}) returned ${v}; it must be an integer 1..${n}`);
    return v;
  };
}

/** Sector i lies in wedge floor(i / m) with template index i % m; template index 0 is the home. */
interface Layout {
  players: number;
  m: number;
  symmetric: boolean;
  pts: Point[];
  spacing: number;
}

function isHomeIndex(L: Layout, i: number): boolean {
  return i % L.m === 0;
}

/** The sector that i becomes when the map is turned k wedges on. */
function rotate(L: Layout, i: number, k: number): number {
  return ((Math.floor(i / L.m) + k) % L.players) * L.m + (i % L.m);
}

/** Every lane that must be added together with a-b: its copies in all wedges, or just itself. */
function orbit(L: Layout, a: number, b: number): Lane2[] {
  if (!L.symmetric) return [[a, b]];
  const seen = new Set<number>();
  const out: Lane2[] = [];
  for (let k = 0; k < L.players; k++) {
    const x = rotate(L, a, k);
    const y = rotate(L, b, k);
    const code = Math.min(x, y) * L.pts.length + Math.max(x, y);
    if (!seen.has(code)) {
      seen.add(code);
      out.push([x, y]);
    }
  }
  return out;
}

type Lane2 = [number, number];

/** The smallest pair code among the copies of a-b (orbit's members), worked out without building them. */
function orbitCode(L: Layout, a: number, b: number): number {
  const n = L.pts.length;
  let code = Number.POSITIVE_INFINITY;
  for (let k = 0; k < L.players; k++) {
    const x = rotate(L, a, k);
    const y = rotate(L, b, k);
    code = Math.min(code, x < y ? x * n + y : y * n + x);
  }
  return code;
}

function polar(angle: number, radius: number): Point {
  return { x: Math.round(CENTRE + radius * Math.cos(angle)), y: Math.round(CENTRE + radius * Math.sin(angle)) };
}

function placeSectors(players: number, m: number, symmetric: boolean, rng: (n: number) => number): Layout {
  const total = players * m;
  const pts: (Point | undefined)[] = new Array<Point | undefined>(total).fill(undefined);
  const wedge = (2 * Math.PI) / players;
  const angleOf = (w: number): number => -Math.PI / 2 + w * wedge; // wedge 0 at the top
  for (let w = 0; w < players; w++) pts[w * m] = polar(angleOf(w), HOME_RADIUS);
  let spacing = targetSpacing(total);
  const placed = (): Point[] => pts.filter((p): p is Point => p !== undefined);

  // Dart throwing (Poisson-disc sampling): random points in the wedge, rejected when too close
  // to anything already placed; 300 misses in a row loosen the spacing by 10%.
  const wedgesToFill = symmetric ? [0] : [...Array(players).keys()];
  for (const w of wedgesToFill) {
    for (let t = 1; t < m; t++) {
      for (let miss = 0; ; ) {
        const angle = angleOf(w) + ((rng(GRAIN) - 0.5) / GRAIN - 0.5) * wedge;
        // Stratified by area: sector t gets the t-th of m-1 equal-area rings, so no wedge ends
        // up with an empty middle (which makes a map a ring road with no short cuts).
        const radius = INNER_RADIUS * Math.sqrt((t - 1 + (rng(GRAIN) - 0.5) / GRAIN) / (m - 1));
        // In symmetric mode the template point brings its copies in the other wedges along.
        const copies = symmetric
          ? [...Array(players).keys()].map((k) => ({ i: k * m + t, p: polar(angle + k * wedge, radius) }))
          : [{ i: w * m + t, p: polar(angle, radius) }];
        const min2 = spacing * spacing;
        const existing = placed();
        const fits = copies.every(
          (c, j) =>
            existing.every((q) => dist2(c.p, q) >= min2) && copies.every((o, l) => l === j || dist2(c.p, o.p) >= min2),
        );
        if (fits) {
          for (const c of copies) pts[c.i] = c.p;
          break;
        }
        if (++miss === 300) {
          miss = 0;
          spacing *= 0.9;
        }
      }
    }
  }
  return { players, m, symmetric, pts: pts as Point[], spacing };
}

/**
 * Lanes among the non-home sectors, shortest first. Every relative-neighbourhood edge (no third
 * sector closer to both ends) is kept: that graph joins all points and is planar. Each further
 * Gabriel edge (no sector inside the circle on the edge as diameter; still planar) is kept with
 * EXTRA_LANE_PERCENT chance, which adds loops so that routes are not all tree-like. A lane that
 * would cross one already drawn is dropped (only degenerate layouts get there; `connect` repairs
 * any split). One decision per orbit keeps the symmetry exact.
 */
function innerLanes(L: Layout, rng: (n: number) => number): Lane2[] {
  const n = L.pts.length;
  const inner = [...Array(n).keys()].filter((i) => !isHomeIndex(L, i));
  const reps: { a: number; b: number; len: number; code: number }[] = [];
  const seen = new Set<number>();
  const firstWedge = L.symmetric ? inner.filter((i) => i < L.m) : inner;
  for (const a of firstWedge) {
    for (const b of inner) {
      if (b === a || (!L.symmetric && b < a)) continue;
      let code = a * n + b;
      if (L.symmetric) {
        // One representative per orbit: the copy with the smallest pair code.
        code = orbitCode(L, a, b);
        if (seen.has(code)) continue;
        seen.add(code);
      }
      reps.push({ a, b, len: dist2(L.pts[a]!, L.pts[b]!), code });
    }
  }
  reps.sort((u, v) => u.len - v.len || u.code - v.code);
  const lanes: Lane2[] = [];
  for (const { a, b, len } of reps) {
    const kind = classify(L, inner, a, b, len);
    if (kind === 'none' || (kind === 'gabriel' && rng(100) > EXTRA_LANE_PERCENT)) continue;
    // Both graphs are planar for points in general position, but a symmetric layout is not
    // general: copies of a point share a circle round the centre. Never draw a crossing.
    const members = orbit(L, a, b);
    if (members.every((m, j) => !crossesAny(L, m, lanes) && !crossesAny(L, m, members.slice(j + 1))))
      lanes.push(...members);
  }
  return lanes;
}

function classify(L: Layout, inner: number[], a: number, b: number, len: number): 'rng' | 'gabriel' | 'none' {
  const pa = L.pts[a]!;
  const pb = L.pts[b]!;
  let isRng = true;
  for (const c of inner) {
    if (c === a || c === b) continue;
    const pc = L.pts[c]!;
    // Gabriel fails when c sees a-b at an obtuse angle, i.e. lies inside the diametral circle.
    // A point on the circle (right angle) blocks too, so the two diagonals of a square of
    // copies are both refused rather than both accepted.
    if ((pa.x - pc.x) * (pb.x - pc.x) + (pa.y - pc.y) * (pb.y - pc.y) <= 0) return 'none';
    if (isRng && Math.max(dist2(pa, pc), dist2(pb, pc)) < len) isRng = false;
  }
  return isRng ? 'rng' : 'gabriel';
}

function crossesAny(L: Layout, lane: Lane2, lanes: readonly Lane2[]): boolean {
  const [a, b] = lane;
  const p = L.pts[a]!;
  const q = L.pts[b]!;
  const box = boxOf(p, q);
  for (const [c, d] of lanes) {
    if (c === a || c === b || d === a || d === b) continue;
    const r = L.pts[c]!;
    const s = L.pts[d]!;
    // Lanes whose boxes are apart share no point; most are, and this test is a fraction of the other.
    if (boxesApart(box, r, s)) continue;
    if (segmentsIntersect(p, q, r, s)) return true;
  }
  return false;
}

function clear(L: Layout, [a, b]: Lane2): boolean {
  const min2 = (CLEARANCE * L.spacing) ** 2;
  return L.pts.every((p, c) => c === a || c === b || segmentDist2(p, L.pts[a]!, L.pts[b]!) >= min2);
}

/**
 * Two lanes per home (UTD8.15), to the nearest sectors that keep the drawing clean. Pass 0 wants
 * a tidy lane (crosses nothing, passes no sector closely) to a sector next to no other home;
 * pass 1 drops the second wish, pass 2 the first. Pass 2 always finds enough targets because
 * there are at least two non-home sectors per player.
 */
function homeLanes(L: Layout, lanes: Lane2[]): void {
  const n = L.pts.length;
  const homeNeighbour = new Uint8Array(n);
  const homes = [...Array(L.symmetric ? 1 : L.players).keys()].map((w) => w * L.m);
  for (const h of homes) {
    const targets = [...Array(n).keys()]
      .filter((i) => !isHomeIndex(L, i))
      .sort((u, v) => dist2(L.pts[h]!, L.pts[u]!) - dist2(L.pts[h]!, L.pts[v]!) || u - v);
    let chosen = 0;
    for (let pass = 0; pass < 3 && chosen < 2; pass++) {
      for (const t of targets) {
        if (chosen === 2) break;
        const members = orbit(L, h, t);
        if (members.some(([, x]) => lanes.some(([p, q]) => (p === h && q === x) || (p === x && q === h)))) continue;
        const ends = members.map(([, x]) => x);
        const privateGateway = ends.every((x) => homeNeighbour[x] === 0) && new Set(ends).size === ends.length;
        const tidy = members.every(
          (m, j) => clear(L, m) && !crossesAny(L, m, lanes) && !crossesAny(L, m, members.slice(j + 1)),
        );
        if ((pass === 0 && !(tidy && privateGateway)) || (pass === 1 && !tidy)) continue;
        lanes.push(...members);
        for (const x of ends) homeNeighbour[x]! += 1;
        chosen++;
      }
    }
  }
}

/**
 * Joins stray parts through their shortest inner link that crosses nothing (or the shortest
 * link, if every one crosses). A safety net: it only runs when a degenerate symmetric layout
 * made innerLanes drop a backbone lane.
 */
function connect(L: Layout, lanes: Lane2[], keys: string[]): void {
  for (;;) {
    const graph = buildGraph({
      sectors: keys.map((key) => ({ key })),
      lanes: lanes.map(([a, b]) => [keys[a]!, keys[b]!]),
    });
    const parts = components(graph);
    if (parts.length === 1) return;
    const mainPart = new Set(parts[0]);
    const links: { lane: Lane2; len: number }[] = [];
    for (let a = 0; a < keys.length; a++) {
      if (!mainPart.has(a) || isHomeIndex(L, a)) continue;
      for (let b = 0; b < keys.length; b++) {
        if (!mainPart.has(b) && !isHomeIndex(L, b)) links.push({ lane: [a, b], len: dist2(L.pts[a]!, L.pts[b]!) });
      }
    }
    if (links.length === 0) throw new Error('generator bug: a home is cut off from the map');
    links.sort((u, v) => u.len - v.len);
    const tidy = links.find(({ lane }) => orbit(L, lane[0], lane[1]).every((m) => !crossesAny(L, m, lanes)));
    const [a, b] = (tidy ?? links[0]!).lane;
    lanes.push(...orbit(L, a, b));
  }
}

function buildCandidate(players: number, m: number, symmetric: boolean, rng: (n: number) => number): MapSpec {
  const L = placeSectors(players, m, symmetric, rng);
  const width = String(players * (m - 1)).length;
  let next = 0;
  const keys = L.pts.map((_, i) => (isHomeIndex(L, i) ? `H${i / m + 1}` : `S${String(++next).padStart(width, '0')}`));
  const lanes = innerLanes(L, rng);
  homeLanes(L, lanes);
  connect(L, lanes, keys);
  const sectors: MapSector[] = L.pts.map((p, i) => {
    const s: MapSector = { key: keys[i]!, x: p.x, y: p.y };
    if (isHomeIndex(L, i)) s.home = i / m;
    return s;
  });
  return { sectors, lanes: lanes.map(([a, b]): Lane => [keys[a]!, keys[b]!]) };
}
