import { segmentsIntersect } from '../rules/thunderdome/map/geometry.ts';
import type { Point } from '../rules/thunderdome/map/geometry.ts';
import { buildGraph, distancesFromIndex } from '../rules/thunderdome/map/graph.ts';
import type { MapGraph } from '../rules/thunderdome/map/graph.ts';

/**
 * Pure layout of the warp-lane map (no canvas here, so it is tested on its own):
 *
 * 1. positions: the map's own coordinates when every sector has them; otherwise an automatic
 *    layout (stress majorization on lane distances, from two deterministic starts, keeping the
 *    one with fewer lane crossings); sectors with coordinates stay put when only some lack them;
 * 2. fitting: an affine map of those positions into the map area (stretching at most 1.3× in
 *    one direction: an affine map keeps straight lanes from gaining crossings), with margins that
 *    leave room for a node and a label at the edges; the node size follows the closest pair;
 * 3. separation: nodes still closer than two footprints are pushed apart until none overlap;
 * 4. labels: greedy, most crowded node first, over candidate boxes around the node (below first,
 *    then above, beside, diagonal, then farther out with a leader line), refusing any box that
 *    touches a node footprint, another label or the area's edge, and preferring boxes that cross
 *    no lane; when some label finds no place the whole step is redone one font size smaller.
 *
 * A node's footprint (`R`) includes everything drawn around the sector (development icons, battle
 * ring); `r` is the coloured disc inside it. A label holds the sector's name with its terrain
 * glyphs before it and, on the lines below, its fleet badges: they are part of the
 * label box, so every check that keeps labels clear of nodes and of each other covers them too.
 * All numbers are image pixels.
 */

export interface LayoutSector {
  key: string;
  /** Text to show (the name, or the key while unnamed); already safe for the font. */
  label: string;
  x: number | null;
  y: number | null;
  home?: boolean;
  homeSlot?: number | null;
  /** Icons drawn round the disc from the top, anticlockwise (developments, bases, battle…). */
  icons?: number;
  /** Terrain glyphs drawn before the name, on the label's first line. */
  glyphs?: number;
  /** Fleet badge texts (one per owner), drawn as pills on the lines below the name. */
  tags?: readonly string[];
  /** A ring drawn through the icon slots (an open battle): the whole footprint is taken. */
  ring?: boolean;
}

export interface Circle {
  x: number;
  y: number;
  r: number;
}

export interface LayoutMapInput {
  sectors: readonly LayoutSector[];
  lanes: readonly (readonly [string, string])[];
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Width in pixels of `text` in the bold label font at `px` pixels. */
export type MeasureText = (text: string, px: number) => number;

export interface LayoutOptions {
  width: number;
  height: number;
  /** The part of the image the map may use (labels included); default the image inset by 12 px. */
  area?: Rect;
  /** Real text widths (the renderer passes canvas' measureText); default an estimate for DejaVu Sans Bold. */
  measure?: MeasureText;
  /** Footprint radius range. */
  minRadius?: number;
  maxRadius?: number;
  /** Label font size range in pixels. */
  minFont?: number;
  maxFont?: number;
  /** Labels longer than this many font sizes are cut with an ellipsis. Default 8. */
  maxLabelEms?: number;
}

export interface NodeBox {
  key: string;
  x: number;
  y: number;
  /** Radius of the sector disc. */
  r: number;
  /** Radius of everything drawn for the sector (the icons around the disc, the battle ring). */
  R: number;
  home: boolean;
  /** Radius of the circle the icon slots sit on, and the size of one icon. */
  orbit: number;
  icon: number;
  /** Icon slot centres, anticlockwise from the top. */
  slots: Point[];
  /** What is actually drawn for the sector (disc, slots, ring): labels keep clear of these. */
  obstacles: Circle[];
}

export type LabelSide =
  | 'below'
  | 'above'
  | 'right'
  | 'left'
  | 'below-right'
  | 'below-left'
  | 'above-right'
  | 'above-left';

export interface LabelBox extends Rect {
  key: string;
  text: string;
  /** Font size in pixels (bold). */
  px: number;
  /** Where the name is written (centred in it), on the first line. */
  textBox: Rect;
  /** Terrain glyph squares, before the name on the first line. */
  glyphs: Rect[];
  /** Fleet badge pills on the lines below the name, and their font size (bold). */
  tags: (Rect & { text: string })[];
  tagPx: number;
  side: LabelSide;
  /** A line from the footprint's edge to the label when the label sits farther out. */
  leader: { x1: number; y1: number; x2: number; y2: number } | null;
}

export interface LaneLine {
  a: string;
  b: string;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** In a zoomed layout: a short line from a shown sector towards a neighbour that is not shown. */
export interface Stub extends LaneLine {}

export interface MapLayout {
  width: number;
  height: number;
  area: Rect;
  nodes: NodeBox[];
  labels: LabelBox[];
  lanes: LaneLine[];
  stubs: Stub[];
  /** Label font size actually used. */
  fontPx: number;
  positioning: 'coordinates' | 'automatic' | 'mixed' | 'zoom';
  focus: string | null;
  /** Labels that found no free place (then drawn at their least bad place); 0 in every test map. */
  unplacedLabels: number;
}

/** Disc radius as a share of the footprint radius; the renderer draws icons in the ring between. */
export const DISC_SHARE = 0.56;
const STRETCH = 1.3;
const NODE_GAP = 4;
const LABEL_GAP = 3;
/** Extra cost per step farther from the disc. */
const RING_COST = 1.2;

const DEFAULTS = { minRadius: 12, maxRadius: 52, minFont: 11, maxFont: 26, maxLabelEms: 8 } as const;

/** Estimated width of DejaVu Sans Bold text, used when no canvas is at hand (slightly generous). */
export const estimateTextWidth: MeasureText = (text, px) => {
  let em = 0;
  for (const ch of text) {
    if ("iljtf.,:;|!'I1 ()[]".includes(ch)) em += 0.4;
    else if ('mwMWÆŒ@%'.includes(ch)) em += 1.0;
    else if (ch >= 'A' && ch <= 'Z') em += 0.78;
    else em += 0.7;
  }
  return Math.ceil(em * px);
};

export function labelHeight(px: number): number {
  return Math.ceil(px * 1.25);
}

/** Sizes inside a label at font size `px`: glyph squares and the fleet badge pills. */
export function labelMetrics(px: number): {
  line: number;
  glyph: number;
  glyphGap: number;
  tagPx: number;
  tagH: number;
  tagPad: number;
  tagGap: number;
} {
  const tagPx = Math.max(7, Math.round(px * 0.8));
  return {
    line: labelHeight(px),
    glyph: Math.round(px * 1.2),
    glyphGap: Math.max(2, Math.round(px * 0.2)),
    tagPx,
    tagH: Math.ceil(tagPx * 1.4),
    tagPad: Math.ceil(tagPx * 0.45),
    tagGap: Math.max(2, Math.round(px * 0.2)),
  };
}

/** A label's content laid out from its top-left corner: size, name box, glyphs, badge pills. */
interface LabelContent {
  w: number;
  h: number;
  text: string;
  textBox: Rect;
  glyphs: Rect[];
  tags: (Rect & { text: string })[];
  tagPx: number;
}

function labelContent(s: LayoutSector, px: number, o: Opts): LabelContent {
  const m = labelMetrics(px);
  const text = truncate(s.label, px, o);
  const textW = Math.ceil(o.measure(text, px)) + 2;
  const nGlyphs = Math.max(0, s.glyphs ?? 0);
  const line1W = nGlyphs * (m.glyph + m.glyphGap) + textW;
  // Badge pills, wrapped into rows no wider than the name line (or one pill): a narrow, taller
  // label finds a place between crowded sectors more easily than a wide one.
  const pills = (s.tags ?? []).map((t) => ({ text: t, w: Math.ceil(o.measure(t, m.tagPx)) + 2 * m.tagPad }));
  const maxRow = Math.max(line1W, ...pills.map((p) => p.w));
  const rows: { text: string; w: number }[][] = [];
  for (const p of pills) {
    const row = rows.at(-1);
    const used = row ? row.reduce((n, q) => n + q.w + m.tagGap, 0) : Infinity;
    if (row && used + p.w <= maxRow) row.push(p);
    else rows.push([p]);
  }
  const rowW = (row: { w: number }[]) => row.reduce((n, q) => n + q.w, 0) + m.tagGap * (row.length - 1);
  const w = Math.max(line1W, ...rows.map(rowW));
  const h = m.line + rows.length * (m.tagH + m.tagGap);
  const x0 = (w - line1W) / 2;
  const glyphs: Rect[] = [];
  for (let i = 0; i < nGlyphs; i++)
    glyphs.push({ x: x0 + i * (m.glyph + m.glyphGap), y: (m.line - m.glyph) / 2, w: m.glyph, h: m.glyph });
  const textBox: Rect = { x: x0 + nGlyphs * (m.glyph + m.glyphGap), y: 0, w: textW, h: m.line };
  const tags: (Rect & { text: string })[] = [];
  rows.forEach((row, r) => {
    let x = (w - rowW(row)) / 2;
    const y = m.line + m.tagGap + r * (m.tagH + m.tagGap);
    for (const p of row) {
      tags.push({ text: p.text, x, y, w: p.w, h: m.tagH });
      x += p.w + m.tagGap;
    }
  });
  return { w, h, text, textBox, glyphs, tags, tagPx: m.tagPx };
}

function shifted<T extends Rect>(r: T, dx: number, dy: number): T {
  return { ...r, x: r.x + dx, y: r.y + dy };
}

// ---------------------------------------------------------------------------------------------
// Public entry points

export function layoutMap(map: LayoutMapInput, options: LayoutOptions): MapLayout {
  const opts = withDefaults(options);
  const { points, positioning } = rawPositions(map);
  const raw = map.sectors.map((s) => points.get(s.key)!);
  const lanes = uniqueLanes(map);
  return finish(map.sectors, raw, lanes, [], opts, positioning, null, 0);
}

/**
 * The sector `focus` and its neighbours only: the focus in the middle, its neighbours on a circle
 * in the directions the map draws them (evenly spread when there are no coordinates), lanes among
 * them, and a stub towards every neighbour's neighbour that is not shown.
 */
export function zoomLayout(map: LayoutMapInput, focus: string, options: LayoutOptions): MapLayout {
  const opts = withDefaults({ maxRadius: 64, maxFont: 30, maxLabelEms: 12, ...options });
  const graph = graphOf(map);
  const fi = graph.indexOf.get(focus);
  if (fi === undefined) throw new RangeError(`unknown sector ${focus}`);
  const around = graph.adjacency[fi]!;
  const shown = [fi, ...around];
  const shownSet = new Set(shown);
  const sectors = shown.map((i) => map.sectors[i]!);
  const haveCoords = sectors.every((s) => s.x !== null && s.y !== null);
  const centre = map.sectors[fi]!;
  const angleOf = (s: LayoutSector, from: LayoutSector): number | null =>
    haveCoords &&
    s.x !== null &&
    s.y !== null &&
    from.x !== null &&
    from.y !== null &&
    (s.x !== from.x || s.y !== from.y)
      ? Math.atan2(s.y - from.y, s.x - from.x)
      : null;

  // Directions of the neighbours: their true bearing, spread so that no two are too close.
  const k = around.length;
  let angles = around.map(
    (i, n) => angleOf(map.sectors[i]!, centre) ?? -Math.PI / 2 + (2 * Math.PI * n) / Math.max(1, k),
  );
  angles = spreadAngles(angles, Math.min(Math.PI / 3, ((2 * Math.PI) / Math.max(1, k)) * 0.85));
  const raw: Point[] = [{ x: 0, y: 0 }, ...angles.map((a) => ({ x: Math.cos(a), y: Math.sin(a) }))];

  const lanes: [number, number][] = [];
  const seen = new Set<string>();
  for (const i of shown) {
    for (const j of graph.adjacency[i]!) {
      if (!shownSet.has(j) || i >= j) continue;
      const id = `${i}/${j}`;
      if (!seen.has(id)) {
        seen.add(id);
        lanes.push([shown.indexOf(i), shown.indexOf(j)]);
      }
    }
  }
  // Stubs: from each neighbour outwards, fanned around its own direction from the focus.
  const stubs: { from: number; to: string; angle: number }[] = [];
  around.forEach((i, n) => {
    const outside = graph.adjacency[i]!.filter((j) => !shownSet.has(j));
    const base = angles[n]!;
    const s = map.sectors[i]!;
    const ordered = outside
      .map((j) => {
        const a = angleOf(map.sectors[j]!, s);
        return { j, rel: a === null ? 0 : wrapAngle(a - base) };
      })
      .sort((p, q) => p.rel - q.rel || p.j - q.j);
    const fan = Math.PI / 5;
    ordered.forEach(({ j }, m) => {
      const t = ordered.length === 1 ? 0 : -fan + (2 * fan * m) / (ordered.length - 1);
      stubs.push({ from: n + 1, to: map.sectors[j]!.key, angle: base + t });
    });
  });
  return finish(sectors, raw, lanes, stubs, opts, 'zoom', focus, 1);
}

/** Pairs of lanes that cross in a layout (lanes sharing a sector do not count). */
export function countLaneCrossings(lanes: readonly LaneLine[]): number {
  let n = 0;
  for (let i = 0; i < lanes.length; i++) {
    const u = lanes[i]!;
    for (let j = i + 1; j < lanes.length; j++) {
      const v = lanes[j]!;
      if (u.a === v.a || u.a === v.b || u.b === v.a || u.b === v.b) continue;
      if (segmentsIntersect({ x: u.x1, y: u.y1 }, { x: u.x2, y: u.y2 }, { x: v.x1, y: v.y1 }, { x: v.x2, y: v.y2 }))
        n++;
    }
  }
  return n;
}

export function rectsOverlap(a: Rect, b: Rect, pad = 0): boolean {
  return a.x < b.x + b.w + pad && b.x < a.x + a.w + pad && a.y < b.y + b.h + pad && b.y < a.y + a.h + pad;
}

export function circleOverlapsRect(cx: number, cy: number, radius: number, r: Rect): boolean {
  const nx = Math.max(r.x, Math.min(cx, r.x + r.w));
  const ny = Math.max(r.y, Math.min(cy, r.y + r.h));
  const dx = cx - nx;
  const dy = cy - ny;
  return dx * dx + dy * dy < radius * radius;
}

/** Distance from a point to the nearest point of a rectangle (0 inside). */
export function rectDistance(r: Rect, x: number, y: number): number {
  const nx = Math.max(r.x, Math.min(x, r.x + r.w));
  const ny = Math.max(r.y, Math.min(y, r.y + r.h));
  return Math.hypot(x - nx, y - ny);
}

export function rectInside(inner: Rect, outer: Rect): boolean {
  return (
    inner.x >= outer.x - 1e-6 &&
    inner.y >= outer.y - 1e-6 &&
    inner.x + inner.w <= outer.x + outer.w + 1e-6 &&
    inner.y + inner.h <= outer.y + outer.h + 1e-6
  );
}

/**
 * Positions for a map without coordinates, in lane units (neighbours about 1 apart): stress
 * majorization (Gansner, Koren & North) on lane distances from two deterministic starts — a
 * classical scaling and a ring of the home sectors — keeping the one whose lanes cross least.
 */
export function autoPositions(map: LayoutMapInput): Map<string, Point> {
  const graph = graphOf(map);
  const n = graph.keys.length;
  const out = new Map<string, Point>();
  if (n === 0) return out;
  const D = allDistances(graph);
  const starts: Point[][] = [classicalScaling(D, n)];
  const homes = map.sectors.map((s, i) => ({ s, i })).filter(({ s }) => s.home);
  if (homes.length >= 2)
    starts.push(
      homeRing(
        D,
        n,
        homes.sort((a, b) => (a.s.homeSlot ?? a.i) - (b.s.homeSlot ?? b.i) || a.i - b.i).map(({ i }) => i),
      ),
    );
  let best: Point[] | null = null;
  let bestCross = Infinity;
  for (const start of starts) {
    const pts = majorize(D, n, start, null);
    const cross = crossingsOf(graph, pts);
    if (cross < bestCross) {
      best = pts;
      bestCross = cross;
    }
  }
  graph.keys.forEach((k, i) => out.set(k, best![i]!));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Positions

type Opts = Required<Omit<LayoutOptions, 'area'>> & { area: Rect };

function withDefaults(o: LayoutOptions): Opts {
  const inset = 12;
  return {
    width: o.width,
    height: o.height,
    area: o.area ?? { x: inset, y: inset, w: o.width - 2 * inset, h: o.height - 2 * inset },
    measure: o.measure ?? estimateTextWidth,
    minRadius: o.minRadius ?? DEFAULTS.minRadius,
    maxRadius: o.maxRadius ?? DEFAULTS.maxRadius,
    minFont: o.minFont ?? DEFAULTS.minFont,
    maxFont: o.maxFont ?? DEFAULTS.maxFont,
    maxLabelEms: o.maxLabelEms ?? DEFAULTS.maxLabelEms,
  };
}

function graphOf(map: LayoutMapInput): MapGraph {
  return buildGraph({ sectors: map.sectors.map((s) => ({ key: s.key })), lanes: map.lanes.map(([a, b]) => [a, b]) });
}

function uniqueLanes(map: LayoutMapInput): [number, number][] {
  const g = graphOf(map);
  const out: [number, number][] = [];
  g.adjacency.forEach((list, i) => {
    for (const j of list) if (i < j) out.push([i, j]);
  });
  return out;
}

function rawPositions(map: LayoutMapInput): { points: Map<string, Point>; positioning: MapLayout['positioning'] } {
  const known = map.sectors.filter((s) => s.x !== null && s.y !== null && Number.isFinite(s.x) && Number.isFinite(s.y));
  if (known.length === map.sectors.length) {
    return { points: new Map(map.sectors.map((s) => [s.key, { x: s.x!, y: s.y! }])), positioning: 'coordinates' };
  }
  if (known.length < 2) return { points: autoPositions(map), positioning: 'automatic' };
  return { points: mixedPositions(map), positioning: 'mixed' };
}

/** Some sectors have coordinates: they stay, the others are placed by majorization around them. */
function mixedPositions(map: LayoutMapInput): Map<string, Point> {
  const graph = graphOf(map);
  const n = graph.keys.length;
  const D = allDistances(graph);
  const fixed = new Uint8Array(n);
  const pts: Point[] = map.sectors.map(() => ({ x: 0, y: 0 }));
  const lens: number[] = [];
  map.sectors.forEach((s, i) => {
    if (s.x !== null && s.y !== null && Number.isFinite(s.x) && Number.isFinite(s.y)) fixed[i] = 1;
  });
  graph.adjacency.forEach((list, i) => {
    for (const j of list) {
      if (i < j && fixed[i] && fixed[j]) {
        const a = map.sectors[i]!;
        const b = map.sectors[j]!;
        lens.push(Math.hypot(a.x! - b.x!, a.y! - b.y!));
      }
    }
  });
  lens.sort((a, b) => a - b);
  const knownPts = map.sectors.filter((_, i) => fixed[i]);
  const xs = knownPts.map((s) => s.x!);
  const ys = knownPts.map((s) => s.y!);
  const spread = Math.hypot(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  const unit = (lens.length ? lens[Math.floor(lens.length / 2)]! : spread / Math.sqrt(n)) || 1;
  map.sectors.forEach((s, i) => {
    if (fixed[i]) pts[i] = { x: s.x! / unit, y: s.y! / unit };
  });
  // Unknown sectors start next to the mean of placed neighbours, in BFS order from the known ones.
  const placed = Uint8Array.from(fixed);
  let frontier = true;
  let round = 0;
  const cx = xs.reduce((a, b) => a + b, 0) / xs.length / unit;
  const cy = ys.reduce((a, b) => a + b, 0) / ys.length / unit;
  while (frontier) {
    frontier = false;
    const now: number[] = [];
    for (let i = 0; i < n; i++) {
      if (placed[i]) continue;
      const ns = graph.adjacency[i]!.filter((j) => placed[j]);
      if (ns.length === 0) continue;
      const mx = ns.reduce((a, j) => a + pts[j]!.x, 0) / ns.length;
      const my = ns.reduce((a, j) => a + pts[j]!.y, 0) / ns.length;
      const a = (i * 2.399963) % (2 * Math.PI);
      pts[i] = { x: mx + 0.6 * Math.cos(a), y: my + 0.6 * Math.sin(a) };
      now.push(i);
    }
    for (const i of now) placed[i] = 1;
    frontier = now.length > 0;
    round++;
  }
  for (let i = 0; i < n; i++) {
    if (!placed[i]) {
      const a = (i * 2.399963) % (2 * Math.PI);
      pts[i] = { x: cx + (2 + round) * Math.cos(a), y: cy + (2 + round) * Math.sin(a) };
    }
  }
  const out = majorize(D, n, pts, fixed);
  const result = new Map<string, Point>();
  graph.keys.forEach((k, i) =>
    result.set(
      k,
      fixed[i] ? { x: map.sectors[i]!.x!, y: map.sectors[i]!.y! } : { x: out[i]!.x * unit, y: out[i]!.y * unit },
    ),
  );
  return result;
}

/** All-pairs lane distances; sectors in different parts are put one step beyond the diameter. */
function allDistances(graph: MapGraph): Float64Array {
  const n = graph.keys.length;
  const D = new Float64Array(n * n);
  let max = 1;
  for (let i = 0; i < n; i++) {
    const d = distancesFromIndex(graph, i);
    for (let j = 0; j < n; j++) {
      D[i * n + j] = d[j]!;
      if (d[j]! > max) max = d[j]!;
    }
  }
  for (let k = 0; k < n * n; k++) if (D[k]! < 0) D[k] = max + 1;
  return D;
}

/** Deterministic numbers in [0, 1) for start vectors (no Math.random). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** Classical multidimensional scaling by power iteration (two leading eigenvectors). */
function classicalScaling(D: Float64Array, n: number): Point[] {
  if (n === 1) return [{ x: 0, y: 0 }];
  const B = new Float64Array(n * n);
  const row = new Float64Array(n);
  let all = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const d2 = D[i * n + j]! ** 2;
      B[i * n + j] = d2;
      row[i]! += d2 / n;
    }
    all += row[i]! / n;
  }
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) B[i * n + j] = -0.5 * (B[i * n + j]! - row[i]! - row[j]! + all);
  const rand = lcg(20260304);
  const vecs: Float64Array[] = [];
  const vals: number[] = [];
  for (let e = 0; e < 2; e++) {
    let v = new Float64Array(n).map(() => rand() - 0.5);
    let lambda = 0;
    for (let it = 0; it < 200; it++) {
      for (const u of vecs) {
        let dot = 0;
        for (let i = 0; i < n; i++) dot += u[i]! * v[i]!;
        for (let i = 0; i < n; i++) v[i]! -= dot * u[i]!;
      }
      const w = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        let s = 0;
        for (let j = 0; j < n; j++) s += B[i * n + j]! * v[j]!;
        w[i] = s;
      }
      let norm = 0;
      for (let i = 0; i < n; i++) norm += w[i]! * w[i]!;
      norm = Math.sqrt(norm);
      if (norm < 1e-12) break;
      lambda = norm;
      v = w.map((x) => x / norm);
    }
    vecs.push(v);
    vals.push(Math.sqrt(Math.max(lambda, 1e-9)));
  }
  return Array.from({ length: n }, (_, i) => ({ x: vecs[0]![i]! * vals[0]!, y: vecs[1]![i]! * vals[1]! }));
}

/** Homes evenly on a circle in slot order; the rest at a mean of the homes weighted by nearness. */
function homeRing(D: Float64Array, n: number, homes: number[]): Point[] {
  let diameter = 1;
  for (let k = 0; k < n * n; k++) diameter = Math.max(diameter, D[k]!);
  const radius = diameter / 2;
  const at = new Map<number, Point>();
  homes.forEach((h, m) => {
    const a = -Math.PI / 2 + (2 * Math.PI * m) / homes.length;
    at.set(h, { x: radius * Math.cos(a), y: radius * Math.sin(a) });
  });
  return Array.from({ length: n }, (_, i) => {
    const fixed = at.get(i);
    if (fixed) return fixed;
    let wx = 0;
    let wy = 0;
    let ws = 0;
    for (const h of homes) {
      const w = 1 / (D[i * n + h]! + 0.5) ** 3;
      wx += w * at.get(h)!.x;
      wy += w * at.get(h)!.y;
      ws += w;
    }
    const jitter = (i * 2.399963) % (2 * Math.PI);
    return { x: wx / ws + 0.05 * Math.cos(jitter), y: wy / ws + 0.05 * Math.sin(jitter) };
  });
}

/** Stress majorization (localized Jacobi updates); `fixed` nodes do not move. */
function majorize(D: Float64Array, n: number, start: Point[], fixed: Uint8Array | null): Point[] {
  let X = Float64Array.from(start.flatMap((p) => [p.x, p.y]));
  if (n < 2) return start.map((p) => ({ ...p }));
  const stress = (P: Float64Array): number => {
    let s = 0;
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const d = D[i * n + j]!;
        const dist = Math.hypot(P[2 * i]! - P[2 * j]!, P[2 * i + 1]! - P[2 * j + 1]!);
        s += ((dist - d) * (dist - d)) / (d * d);
      }
    }
    return s;
  };
  let prev = stress(X);
  for (let it = 0; it < 400; it++) {
    const Y = new Float64Array(2 * n);
    for (let i = 0; i < n; i++) {
      if (fixed?.[i]) {
        Y[2 * i] = X[2 * i]!;
        Y[2 * i + 1] = X[2 * i + 1]!;
        continue;
      }
      const xi = X[2 * i]!;
      const yi = X[2 * i + 1]!;
      let nx = 0;
      let ny = 0;
      let den = 0;
      for (let j = 0; j < n; j++) {
        if (j === i) continue;
        const d = D[i * n + j]!;
        const w = 1 / (d * d);
        let dx = xi - X[2 * j]!;
        let dy = yi - X[2 * j + 1]!;
        let dist = Math.hypot(dx, dy);
        if (dist < 1e-9) {
          // Coincident points: separate them in a fixed direction that depends on the pair.
          const a = ((i * 31 + j * 17) % 360) * (Math.PI / 180);
          dx = Math.cos(a) * 1e-3;
          dy = Math.sin(a) * 1e-3;
          dist = 1e-3;
        }
        nx += w * (X[2 * j]! + (d * dx) / dist);
        ny += w * (X[2 * j + 1]! + (d * dy) / dist);
        den += w;
      }
      Y[2 * i] = nx / den;
      Y[2 * i + 1] = ny / den;
    }
    X = Y;
    if (it % 10 === 9) {
      const s = stress(X);
      if (prev - s < 1e-5 * prev) break;
      prev = s;
    }
  }
  return Array.from({ length: n }, (_, i) => ({ x: X[2 * i]!, y: X[2 * i + 1]! }));
}

function crossingsOf(graph: MapGraph, pts: Point[]): number {
  const lanes: LaneLine[] = [];
  graph.adjacency.forEach((list, i) => {
    for (const j of list)
      if (i < j)
        lanes.push({
          a: graph.keys[i]!,
          b: graph.keys[j]!,
          x1: pts[i]!.x,
          y1: pts[i]!.y,
          x2: pts[j]!.x,
          y2: pts[j]!.y,
        });
  });
  return countLaneCrossings(lanes);
}

function wrapAngle(a: number): number {
  let x = a;
  while (x <= -Math.PI) x += 2 * Math.PI;
  while (x > Math.PI) x -= 2 * Math.PI;
  return x;
}

/** Moves angles apart (keeping their circular order) until neighbours are at least `gap` apart. */
function spreadAngles(angles: number[], gap: number): number[] {
  const k = angles.length;
  if (k < 2) return angles;
  const order = angles.map((a, i) => ({ a: wrapAngle(a), i })).sort((p, q) => p.a - q.a || p.i - q.i);
  const a = order.map((o) => o.a);
  for (let it = 0; it < 200; it++) {
    let moved = false;
    for (let m = 0; m < k; m++) {
      const next = (m + 1) % k;
      let diff = a[next]! - a[m]!;
      if (next === 0) diff += 2 * Math.PI;
      if (diff < gap - 1e-9) {
        const push = (gap - diff) / 2;
        a[m] = a[m]! - push;
        a[next] = a[next]! + push;
        moved = true;
      }
    }
    if (!moved) break;
  }
  const out = new Array<number>(k);
  order.forEach((o, m) => (out[o.i] = a[m]!));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Fitting, separation and labels

function fontFor(R: number, o: Opts): number {
  return Math.max(o.minFont, Math.min(o.maxFont, Math.round(R * 0.72)));
}

function truncate(text: string, px: number, o: Opts): string {
  const max = o.maxLabelEms * px;
  if (o.measure(text, px) <= max) return text;
  const chars = [...text];
  let lo = 1;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (o.measure(`${chars.slice(0, mid).join('').trimEnd()}…`, px) <= max) lo = mid;
    else hi = mid - 1;
  }
  return `${chars.slice(0, lo).join('').trimEnd()}…`;
}

function finish(
  sectors: readonly LayoutSector[],
  raw: Point[],
  laneIdx: [number, number][],
  stubSpecs: { from: number; to: string; angle: number }[],
  o: Opts,
  positioning: MapLayout['positioning'],
  focus: string | null,
  stubShare: number,
): MapLayout {
  const area = o.area;
  let R = o.maxRadius;
  let pts: Point[] = raw;
  const stubLen = (r: number) => r * 1.9;
  for (let pass = 0; pass < 4; pass++) {
    const px = fontFor(R, o);
    const widths = sectors.map((s) => labelContent(s, px, o).w).sort((a, b) => a - b);
    const median = widths.length ? widths[Math.floor(widths.length / 2)]! : 0;
    const extra = stubShare ? stubLen(R) - R : 0;
    const padX = Math.max(R + extra, median / 2) + 6;
    const padY = R + extra + labelHeight(px) + LABEL_GAP + 4;
    pts = fitInto(raw, { x: area.x + padX, y: area.y + padY, w: area.w - 2 * padX, h: area.h - 2 * padY });
    const dmin = minDistance(pts);
    const next = Math.max(o.minRadius, Math.min(o.maxRadius, Number.isFinite(dmin) ? dmin * 0.42 : o.maxRadius));
    if (Math.abs(next - R) < 0.5) {
      R = next;
      break;
    }
    R = next;
  }
  R = Math.round(R * 2) / 2;
  // Keep every node (footprint and stubs) inside the area, and no two footprints touching.
  const keepOut = R + (stubShare ? stubLen(R) - R : 0) + 2;
  const bounds = { x: area.x + keepOut, y: area.y + keepOut, w: area.w - 2 * keepOut, h: area.h - 2 * keepOut };
  pts = separate(pts, 2 * R + NODE_GAP, bounds);
  const nodes: NodeBox[] = sectors.map((s, i) => nodeBox(s, pts[i]!, R));
  const lanes: LaneLine[] = laneIdx.map(([i, j]) => ({
    a: sectors[i]!.key,
    b: sectors[j]!.key,
    x1: nodes[i]!.x,
    y1: nodes[i]!.y,
    x2: nodes[j]!.x,
    y2: nodes[j]!.y,
  }));
  const stubs: Stub[] = stubSpecs.map((s) => {
    const node = nodes[s.from]!;
    const len = stubLen(R);
    return {
      a: node.key,
      b: s.to,
      x1: node.x,
      y1: node.y,
      x2: node.x + len * Math.cos(s.angle),
      y2: node.y + len * Math.sin(s.angle),
    };
  });
  // The largest font (from the node size down) at which every label finds a place that reads as
  // its own sector's: next to it, nearer to it than to any other sector. Failing that, the font
  // with the fewest labels that do not (the larger on a tie).
  type Placement = { labels: LabelBox[]; unplaced: number; poor: number; px: number };
  let chosen = null as Placement | null;
  let alternative = null as Placement | null;
  const tolerated = Math.floor(sectors.length / 50);
  for (let px = fontFor(R, o); ; px--) {
    const last = px <= o.minFont;
    const result = { ...placeLabels(sectors, nodes, [...lanes, ...stubs], px, o, last), px };
    if (result.unplaced === 0 && result.poor <= tolerated) {
      chosen = result;
      break;
    }
    if (result.unplaced === 0 && (!alternative || result.poor < alternative.poor)) alternative = result;
    if (last) {
      chosen = alternative ?? result;
      break;
    }
  }
  const { labels, unplaced, px: fontPx } = chosen!;
  return {
    width: o.width,
    height: o.height,
    area,
    nodes,
    labels,
    lanes,
    stubs,
    fontPx,
    positioning,
    focus,
    unplacedLabels: unplaced,
  };
}

/** A node with its slots (same geometry the renderer draws with) and obstacle circles. */
function nodeBox(s: LayoutSector, p: Point, R: number): NodeBox {
  const r = Math.round(R * DISC_SHARE * 2) / 2;
  const orbit = (r + R) / 2;
  const icon = (R - r) * 0.95;
  const icons = Math.max(0, s.icons ?? 0);
  const total = icons;
  let step = 2 * Math.asin(Math.min(1, (icon / 2 + Math.max(1, icon * 0.12)) / orbit));
  if (total * step > 2 * Math.PI) step = (2 * Math.PI) / total;
  const top = -Math.PI / 2;
  const slots: Point[] = [];
  for (let i = 0; i < icons; i++)
    slots.push({ x: p.x + orbit * Math.cos(top - i * step), y: p.y + orbit * Math.sin(top - i * step) });
  const obstacles: Circle[] = s.ring
    ? [{ x: p.x, y: p.y, r: R }]
    : [{ x: p.x, y: p.y, r }, ...slots.map((q) => ({ x: q.x, y: q.y, r: (R - r) / 2 }))];
  return { key: s.key, x: p.x, y: p.y, r, R, home: !!s.home, orbit, icon, slots, obstacles };
}

/** Affine fit of points into a box: uniform scale, then up to STRETCH more along the roomier axis. */
function fitInto(raw: Point[], box: Rect): Point[] {
  if (raw.length === 0) return [];
  const xs = raw.map((p) => p.x);
  const ys = raw.map((p) => p.y);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const bw = Math.max(...xs) - minX;
  const bh = Math.max(...ys) - minY;
  const w = Math.max(1, box.w);
  const h = Math.max(1, box.h);
  if (bw < 1e-9 && bh < 1e-9) return raw.map(() => ({ x: box.x + w / 2, y: box.y + h / 2 }));
  const fx = bw < 1e-9 ? Infinity : w / bw;
  const fy = bh < 1e-9 ? Infinity : h / bh;
  const s = Math.min(fx, fy);
  const sx = Math.min(fx, s * STRETCH);
  const sy = Math.min(fy, s * STRETCH);
  const ox = box.x + (w - (Number.isFinite(sx) ? bw * sx : 0)) / 2;
  const oy = box.y + (h - (Number.isFinite(sy) ? bh * sy : 0)) / 2;
  return raw.map((p) => ({
    x: ox + (Number.isFinite(sx) ? (p.x - minX) * sx : 0),
    y: oy + (Number.isFinite(sy) ? (p.y - minY) * sy : 0),
  }));
}

function minDistance(pts: Point[]): number {
  let best = Infinity;
  for (let i = 0; i < pts.length; i++) {
    for (let j = i + 1; j < pts.length; j++) {
      const d = Math.hypot(pts[i]!.x - pts[j]!.x, pts[i]!.y - pts[j]!.y);
      if (d < best) best = d;
    }
  }
  return best;
}

/** Pushes apart pairs closer than `min`, keeping everything inside `bounds`; deterministic. */
function separate(start: Point[], min: number, bounds: Rect): Point[] {
  const pts = start.map((p) => ({ ...p }));
  const clamp = (p: Point) => {
    p.x = Math.max(bounds.x, Math.min(bounds.x + Math.max(0, bounds.w), p.x));
    p.y = Math.max(bounds.y, Math.min(bounds.y + Math.max(0, bounds.h), p.y));
  };
  pts.forEach(clamp);
  for (let it = 0; it < 500; it++) {
    let worst = 0;
    for (let i = 0; i < pts.length; i++) {
      for (let j = i + 1; j < pts.length; j++) {
        const a = pts[i]!;
        const b = pts[j]!;
        let dx = b.x - a.x;
        let dy = b.y - a.y;
        let d = Math.hypot(dx, dy);
        if (d >= min) continue;
        if (d < 1e-6) {
          const ang = ((i * 37 + j * 101) % 360) * (Math.PI / 180);
          dx = Math.cos(ang);
          dy = Math.sin(ang);
          d = 1;
        }
        const push = (min - Math.hypot(b.x - a.x, b.y - a.y)) / 2 + 0.01;
        worst = Math.max(worst, push);
        a.x -= (dx / d) * push;
        a.y -= (dy / d) * push;
        b.x += (dx / d) * push;
        b.y += (dy / d) * push;
      }
    }
    pts.forEach(clamp);
    if (worst === 0) break;
  }
  return pts;
}

/**
 * A uniform grid over rectangles, for quick "what is near this box" questions. The label search
 * asks it several times for each of thousands of candidate boxes, so the cells are an array over
 * `bounds` (boxes beyond it fall in its edge cells: an answer may hold more than is near, never
 * less, and every caller tests what it gets exactly), and an answer is written into an array the
 * caller keeps, each item once (a stamp per item instead of a new Set per question).
 */
class Grid<T> {
  private readonly cells: (number[] | undefined)[];
  private readonly items: T[] = [];
  private readonly seen: number[] = [];
  private stamp = 0;
  private readonly x0: number;
  private readonly y0: number;
  private readonly x1: number;
  private readonly y1: number;
  private readonly cols: number;
  constructor(
    private readonly size: number,
    bounds: Rect,
  ) {
    this.x0 = Math.floor(bounds.x / size);
    this.y0 = Math.floor(bounds.y / size);
    this.x1 = Math.max(this.x0, Math.floor((bounds.x + bounds.w) / size));
    this.y1 = Math.max(this.y0, Math.floor((bounds.y + bounds.h) / size));
    this.cols = this.x1 - this.x0 + 1;
    this.cells = new Array((this.y1 - this.y0 + 1) * this.cols);
  }
  private col(x: number): number {
    return Math.min(this.x1, Math.max(this.x0, Math.floor(x / this.size))) - this.x0;
  }
  private row(y: number): number {
    return Math.min(this.y1, Math.max(this.y0, Math.floor(y / this.size))) - this.y0;
  }
  add(r: Rect, item: T): void {
    const id = this.items.length;
    this.items.push(item);
    this.seen.push(0);
    const c1 = this.col(r.x + r.w);
    const r1 = this.row(r.y + r.h);
    for (let cy = this.row(r.y); cy <= r1; cy++) {
      for (let cx = this.col(r.x); cx <= c1; cx++) {
        const k = cy * this.cols + cx;
        const list = this.cells[k];
        if (list) list.push(id);
        else this.cells[k] = [id];
      }
    }
  }
  /** The items in the cells `r` touches, into `out` (emptied first), each once. */
  near(r: Rect, out: T[]): T[] {
    out.length = 0;
    const stamp = ++this.stamp;
    const c0 = this.col(r.x);
    const c1 = this.col(r.x + r.w);
    const r1 = this.row(r.y + r.h);
    for (let cy = this.row(r.y); cy <= r1; cy++) {
      for (let cx = c0; cx <= c1; cx++) {
        const list = this.cells[cy * this.cols + cx];
        if (!list) continue;
        for (const id of list) {
          if (this.seen[id] === stamp) continue;
          this.seen[id] = stamp;
          out.push(this.items[id]!);
        }
      }
    }
    return out;
  }
}

/** A lane or stub as the label search tests it: its end points, made once. */
interface Segment {
  p: Point;
  q: Point;
}

/** A candidate box's corners, clockwise from the top left. */
function corners(r: Rect): [Point, Point, Point, Point] {
  return [
    { x: r.x, y: r.y },
    { x: r.x + r.w, y: r.y },
    { x: r.x + r.w, y: r.y + r.h },
    { x: r.x, y: r.y + r.h },
  ];
}

function pointInside(x: number, y: number, r: Rect): boolean {
  return x > r.x && x < r.x + r.w && y > r.y && y < r.y + r.h;
}

function segmentCrossesRect(l: Segment, r: Rect, c: readonly [Point, Point, Point, Point]): boolean {
  if (pointInside(l.p.x, l.p.y, r) || pointInside(l.q.x, l.q.y, r)) return true;
  return (
    segmentsIntersect(l.p, l.q, c[0], c[1]) ||
    segmentsIntersect(l.p, l.q, c[1], c[2]) ||
    segmentsIntersect(l.p, l.q, c[2], c[3]) ||
    segmentsIntersect(l.p, l.q, c[3], c[0])
  );
}

/** Sides tried for a label, cheapest first, with the shifts along the side each allows. */
const SIDES: { side: LabelSide; dx: number; dy: number; cost: number; shifts: readonly number[] }[] = [
  { side: 'below', dx: 0, dy: 1, cost: 0, shifts: [0, -0.3, 0.3] },
  { side: 'above', dx: 0, dy: -1, cost: 1, shifts: [0, -0.3, 0.3] },
  { side: 'right', dx: 1, dy: 0, cost: 1.5, shifts: [0, -0.6, 0.6] },
  { side: 'left', dx: -1, dy: 0, cost: 1.6, shifts: [0, -0.6, 0.6] },
  { side: 'below-right', dx: 1, dy: 1, cost: 2.2, shifts: [0] },
  { side: 'below-left', dx: -1, dy: 1, cost: 2.3, shifts: [0] },
  { side: 'above-right', dx: 1, dy: -1, cost: 2.4, shifts: [0] },
  { side: 'above-left', dx: -1, dy: -1, cost: 2.5, shifts: [0] },
];

/** The label box touching a circle of radius `dist` around the node on one side. */
function candidate(node: NodeBox, w: number, h: number, dx: number, dy: number, dist: number, shift: number): Rect {
  let cx: number;
  let cy: number;
  if (dx === 0) {
    cx = node.x + shift * w;
    cy = node.y + dy * (dist + h / 2);
  } else if (dy === 0) {
    cx = node.x + dx * (dist + w / 2);
    cy = node.y + shift * h;
  } else {
    const d = dist * Math.SQRT1_2;
    cx = node.x + dx * (d + w / 2);
    cy = node.y + dy * (d + h / 2);
  }
  return { x: cx - w / 2, y: cy - h / 2, w, h };
}

function placeLabels(
  sectors: readonly LayoutSector[],
  nodes: NodeBox[],
  lines: LaneLine[],
  px: number,
  o: Opts,
  lastTry: boolean,
): { labels: LabelBox[]; unplaced: number; poor: number } {
  const h = labelHeight(px);
  const contents = sectors.map((s) => labelContent(s, px, o));
  const widths = contents.map((c) => c.w);
  const cell = Math.max(32, Math.ceil(2 * (nodes[0]?.R ?? 16) + h));
  const image: Rect = { x: 0, y: 0, w: o.width, h: o.height };
  const nodeGrid = new Grid<NodeBox>(cell, image);
  for (const nd of nodes) nodeGrid.add({ x: nd.x - nd.R, y: nd.y - nd.R, w: 2 * nd.R, h: 2 * nd.R }, nd);
  const lineGrid = new Grid<Segment>(cell, image);
  for (const l of lines)
    lineGrid.add(
      { x: Math.min(l.x1, l.x2), y: Math.min(l.y1, l.y2), w: Math.abs(l.x2 - l.x1), h: Math.abs(l.y2 - l.y1) },
      { p: { x: l.x1, y: l.y1 }, q: { x: l.x2, y: l.y2 } },
    );
  const labelGrid = new Grid<Rect>(cell, image);
  const nearNodes: NodeBox[] = [];
  const nearLabels: Rect[] = [];
  const nearLines: Segment[] = [];

  // Most crowded nodes choose first: they have the fewest free places.
  const reach = (widths.reduce((a, b) => Math.max(a, b), 0) + 2 * (nodes[0]?.R ?? 0)) * 0.75;
  const crowd = nodes.map(
    (nd) =>
      nodeGrid
        .near({ x: nd.x - reach, y: nd.y - reach, w: 2 * reach, h: 2 * reach }, nearNodes)
        .filter((m) => m !== nd && Math.hypot(m.x - nd.x, m.y - nd.y) < reach).length,
  );
  // Labels taller than one line (fleet badges) need more room: they weigh as one more neighbour
  // per extra line.
  const weight = contents.map((c, i) => crowd[i]! + (c.h - h) / h);
  const order = nodes.map((_, i) => i).sort((a, b) => weight[b]! - weight[a]! || a - b);

  const labels: LabelBox[] = new Array(nodes.length);
  let unplaced = 0;
  let poor = 0;
  const step = Math.max(2, h * 0.45);
  const footRings = Math.ceil(((nodes[0]?.R ?? 0) - (nodes[0]?.r ?? 0)) / step);
  const rings = footRings + (lastTry ? 5 : 3);
  for (const i of order) {
    const node = nodes[i]!;
    const content = contents[i]!;
    const w = content.w;
    const lh = content.h;
    type Spot = { rect: Rect; side: LabelSide; cost: number; far: boolean; ambiguous: boolean };
    let best = null as Spot | null;
    let fallback = null as Spot | null;
    for (let ring = 0; ring < rings; ring++) {
      const dist = node.r + LABEL_GAP + ring * step;
      for (const s of SIDES) {
        for (const shift of s.shifts) {
          let cost = s.cost + ring * RING_COST + Math.abs(shift) * 2;
          // Costs only grow from here: a box that cannot beat the best free one is not looked at
          // (once a free box is found, the boxes that clash are no longer a fallback either).
          if (best && cost >= best.cost) continue;
          const rect = candidate(node, w, lh, s.dx, s.dy, dist, shift);
          if (!rectInside(rect, o.area)) continue;
          let clash = 0;
          for (const m of nodeGrid.near(rect, nearNodes))
            for (const c of m.obstacles) if (circleOverlapsRect(c.x, c.y, c.r + 1, rect)) clash++;
          for (const other of labelGrid.near(rect, nearLabels)) if (rectsOverlap(rect, other, 2)) clash++;
          if (clash > 0 && best) continue;
          const box = corners(rect);
          for (const l of lineGrid.near(rect, nearLines)) if (segmentCrossesRect(l, rect, box)) cost += 3;
          // A label nearer to another sector than to its own reads as that sector's: avoid.
          const own = rectDistance(rect, node.x, node.y) - node.r;
          let ambiguous = false;
          for (const m of nodeGrid.near(
            {
              x: rect.x - cell,
              y: rect.y - cell,
              w: rect.w + 2 * cell,
              h: rect.h + 2 * cell,
            },
            nearNodes,
          )) {
            if (m !== node && rectDistance(rect, m.x, m.y) - m.r < own - 1) {
              cost += 4;
              ambiguous = true;
            }
          }
          const far = dist > node.R + LABEL_GAP + h / 2;
          if (clash === 0) {
            if (!best || cost < best.cost) best = { rect, side: s.side, cost, far, ambiguous };
          } else if (!fallback || cost + clash * 100 < fallback.cost) {
            fallback = { rect, side: s.side, cost: cost + clash * 100, far, ambiguous };
          }
        }
      }
      if (best && best.cost < (ring + 1) * RING_COST) break; // nothing farther out can beat it
    }
    if (!best) {
      unplaced++;
      if (!lastTry) return { labels: [], unplaced, poor: Infinity };
    }
    const pick = best ??
      fallback ?? {
        rect: candidate(node, w, lh, 0, 1, node.R + LABEL_GAP, 0),
        side: 'below' as const,
        cost: 0,
        far: false,
        ambiguous: false,
      };
    const r = pick.rect;
    let leader: LabelBox['leader'] = null;
    if (pick.far) {
      const tx = Math.max(r.x, Math.min(node.x, r.x + r.w));
      const ty = Math.max(r.y, Math.min(node.y, r.y + r.h));
      const d = Math.hypot(tx - node.x, ty - node.y) || 1;
      leader = {
        x1: node.x + ((tx - node.x) / d) * (node.r + 2),
        y1: node.y + ((ty - node.y) / d) * (node.r + 2),
        x2: tx,
        y2: ty,
      };
    }
    if (pick.far || pick.ambiguous) poor++;
    labels[i] = {
      key: node.key,
      text: content.text,
      px,
      textBox: shifted(content.textBox, r.x, r.y),
      glyphs: content.glyphs.map((g) => shifted(g, r.x, r.y)),
      tags: content.tags.map((t) => shifted(t, r.x, r.y)),
      tagPx: content.tagPx,
      side: pick.side,
      leader,
      ...r,
    };
    labelGrid.add(r, r);
  }
  return { labels, unplaced, poor };
}
