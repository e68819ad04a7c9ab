import { createCanvas } from 'canvas';
import type { Canvas, CanvasRenderingContext2D } from 'canvas';
import { cycleLabel, season, yearLabel } from '../rules/thunderdome/calendar.ts';
import { empireName } from '../rules/thunderdome/empires.ts';
import type { CampaignState, Development, Sector, SectorType } from '../rules/thunderdome/state.ts';
import { ensureFonts, font, safeText } from './fonts.ts';
import { drawIcon, ICON_LABELS } from './icons.ts';
import type { IconKind, IconState } from './icons.ts';
import { layoutMap, zoomLayout } from './map-layout.ts';
import { drawMoveArrows, turnMoves } from './map-moves.ts';
import type { LabelBox, LayoutMapInput, LayoutOptions, MapLayout, MeasureText, NodeBox, Rect } from './map-layout.ts';
import { catalogShipBpv, fleetBadges } from './map-fleets.ts';
import type { ShipBpv } from './map-fleets.ts';
import { drawTerrainGlyph, GLYPH_LABELS, GLYPH_ORDER, terrainGlyphs } from './terrain-glyphs.ts';
import type { GlyphKind } from './terrain-glyphs.ts';
import type { UnitCatalog } from '../rules/thunderdome/units.ts';
import { playerText, roundRect, sectorText } from './common.ts';
import { encodePng } from './png.ts';
import { contrastText, playerColour, THEME } from './theme.ts';

/**
 * The warp-lane map (UTD1.12): every sector coloured by its owner, marked by type, with its
 * terrain glyphs, developments, bases, fleets (count and BPV per owner) and open battles; a title
 * with the calendar and whose turn it is; a legend of players, symbols and the terrain shown.
 * 1600×1000 by default, sized to stay readable in Discord's ~550 px preview. `focus` draws one
 * sector and its neighbours only, larger.
 */
export interface MapImageOptions {
  /** Sector key: draw only this sector and its neighbours. */
  focus?: string;
  /**
   * The campaign's catalog, for the fleet badges' BPV (ships at their catalog BPV, as on the navy
   * sheet). Without one (benchmarks) a ship counts at the price recorded when it was bought.
   */
  catalog?: Pick<UnitCatalog, 'get'> | null;
  /** Image width in pixels (default 1600); the height is 5/8 of it unless given. */
  width?: number;
  height?: number;
}

export const MAP_IMAGE_DEFAULTS = { width: 1600, aspect: 0.625 } as const;

/** Where everything goes in the image; computed without drawing (tests read it). */
export interface MapScene {
  width: number;
  height: number;
  /** Scale of the fixed sizes relative to a 1600 px wide image. */
  k: number;
  title: Rect;
  legend: Rect;
  mapArea: Rect;
  /** Null when the campaign has no map yet. */
  layout: MapLayout | null;
  /**
   * The whole map has too many sectors to name them all without overlaps: it is drawn as an
   * overview (discs, icons and lanes, no names or badges) with OVERVIEW_NOTE pointing to the
   * zoomed view, which names every sector around the one asked for.
   */
  overview: boolean;
}

/** The line drawn on an overview map (too many sectors to name), pointing to the readable views. */
export function overviewNote(sectors: number): string {
  return `${sectors} sectors: too many to name on one picture. /map show sector:<name> draws a sector with its neighbours, named; /map show text:true lists them all.`;
}

const TYPE_LETTER: Record<SectorType, string> = { home: 'H', life: 'L', mineral: 'M', dead: 'D', unknown: '?' };
const TYPE_NAME: Record<SectorType, string> = {
  home: 'Home',
  life: 'Life',
  mineral: 'Mineral',
  dead: 'Dead',
  unknown: 'Unknown',
};

let scratch: CanvasRenderingContext2D | null = null;
let scratchPx = Number.NaN;
/**
 * Widths already measured, by size and text. A width depends only on the bundled font, the size
 * and the text, so a remembered one is exact; the layout asks for the same names again and again
 * (each of its passes, the truncation's bisection, every redraw of the campaign) and each
 * measureText costs a Pango layout (docs/performance.md, "Pictures off the main thread").
 */
const widths = new Map<string, number>();
const WIDTHS_KEPT = 20_000;

/** Text widths from the bundled bold font, for the layout step. */
export const measureBold: MeasureText = (text, px) => {
  const key = `${px}\u0000${text}`;
  const known = widths.get(key);
  if (known !== undefined) return known;
  ensureFonts();
  scratch ??= createCanvas(8, 8).getContext('2d');
  // Setting the font parses it and builds a Pango description: only when the size changes.
  if (px !== scratchPx) {
    scratch.font = font(px, 'bold');
    scratchPx = px;
  }
  const w = scratch.measureText(text).width;
  if (widths.size >= WIDTHS_KEPT) widths.clear();
  widths.set(key, w);
  return w;
};

/**
 * Width of `text` in the font `f`, with `f` left set on `ctx` (callers draw with it next). Kept
 * with the label widths, by font and text: the title and legend fit the same names on every
 * drawing, and a measureText is a Pango layout.
 */
function measureWith(ctx: CanvasRenderingContext2D, text: string, f: string): number {
  ctx.font = f;
  const key = `${f}\u0000${text}`;
  const known = widths.get(key);
  if (known !== undefined) return known;
  const w = ctx.measureText(text).width;
  if (widths.size >= WIDTHS_KEPT) widths.clear();
  widths.set(key, w);
  return w;
}

/** The layout input of a campaign map. */
export function layoutInput(state: CampaignState, shipBpv: ShipBpv = catalogShipBpv(null)): LayoutMapInput | null {
  const map = state.map;
  if (!map) return null;
  return {
    sectors: map.sectors.map((s) => {
      const marks = sectorMarks(state, s);
      return {
        key: s.key,
        label: sectorText(s),
        x: s.x,
        y: s.y,
        home: s.type === 'home' || s.homeSlot !== null,
        homeSlot: s.homeSlot,
        icons: marks.length,
        glyphs: terrainGlyphs(s).length,
        tags: fleetBadges(state, s.key, shipBpv).map((b) => b.text),
        ring: marks.some((m) => m.kind === 'battle'),
      };
    }),
    lanes: map.lanes,
  };
}

/**
 * Layouts and drawn map layers kept for redraws (least recently used out first). Each worker of
 * the render pool keeps its own; an entry is never changed once made (docs/performance.md,
 * "Pictures off the main thread").
 */
const layouts = new Map<string, MapLayout>();
const LAYOUTS_KEPT = 16;
/**
 * A kept map layer: the picture of its first drawing, and `band`, the title band's pixels as they
 * were before that drawing's title went on.
 */
interface MapLayer {
  picture: Canvas;
  /** The picture's context, its clean state saved first (a reused layer restores it). */
  ctx: CanvasRenderingContext2D;
  band: Canvas;
  /** Being encoded (a fresh drawing is encoded from the layer): not to be drawn over until done. */
  encoding: boolean;
}
const layers = new Map<string, MapLayer>();
/** A layer is a whole picture's pixels (6.4 MB at 1600×1000): two, for a map and its zoomed view. */
const LAYERS_KEPT = 2;

function remembered<T>(
  cache: Map<string, T>,
  key: string,
  make: () => T,
  kept = LAYOUTS_KEPT,
  dropped?: (old: T) => void,
): T {
  const hit = cache.get(key);
  if (hit !== undefined) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const made = make();
  cache.set(key, made);
  if (cache.size > kept) {
    const oldest = cache.keys().next().value!;
    const old = cache.get(oldest)!;
    cache.delete(oldest);
    dropped?.(old);
  }
  return made;
}

/**
 * One layer dropped from the cache, kept to be drawn over by the next fresh drawing of the same
 * size: a dropped 6.4 MB canvas left to the garbage collector made a collection land in the next
 * picture's encode (docs/performance.md, "Drawing a map from nothing").
 */
let spareLayer: MapLayer | null = null;

function spare(layer: MapLayer): void {
  if (!layer.encoding) spareLayer = layer;
}

/** A layer to draw a picture of this size on: the spare one, its state reset, or a new one. */
function blankLayer(width: number, height: number, bandHeight: number): MapLayer {
  const s = spareLayer;
  spareLayer = null;
  if (s && s.picture.width === width && s.picture.height === height && s.band.height === bandHeight) {
    s.ctx.restore();
    s.ctx.save();
    return s;
  }
  const picture = createCanvas(width, height);
  const ctx = drawingContext(picture);
  ctx.save();
  return { picture, ctx, band: createCanvas(width, bandHeight), encoding: false };
}

/**
 * Forgets the kept layouts and map layers (the bench's "drawn from nothing" figure; tests); with
 * `everything`, also what is kept by size, colour or text rather than by campaign — text widths,
 * disc and name sprites, halo offsets and scratch canvases — as in a render worker that has drawn nothing yet.
 */
export function forgetMapCaches(everything = false): void {
  layouts.clear();
  for (const layer of layers.values()) spare(layer);
  layers.clear();
  if (!everything) return;
  spareLayer = null;
  widths.clear();
  discSprites.clear();
  nameSprites.clear();
  haloOffsets.clear();
  haloScratch = null;
  scratch = null;
  scratchPx = Number.NaN;
}

/** Computes the frame and the map layout that `renderMap` will draw. */
export function mapScene(state: CampaignState, opts: MapImageOptions = {}): MapScene {
  const width = Math.round(opts.width ?? MAP_IMAGE_DEFAULTS.width);
  const height = Math.round(opts.height ?? width * MAP_IMAGE_DEFAULTS.aspect);
  if (!(width >= 200 && width <= 8000 && height >= 150 && height <= 8000))
    throw new RangeError(`image size ${width}×${height} is out of range`);
  const k = width / 1600;
  const titleH = Math.round(100 * k);
  const legendW = Math.round(310 * k);
  const pad = Math.round(16 * k);
  const title: Rect = { x: 0, y: 0, w: width, h: titleH };
  const legend: Rect = { x: width - legendW - pad, y: titleH, w: legendW, h: height - titleH - pad };
  const mapArea: Rect = { x: pad, y: titleH, w: legend.x - 2 * pad, h: height - titleH - pad };
  const input = layoutInput(state, catalogShipBpv(opts.catalog));
  let layout: MapLayout | null = null;
  if (input) {
    const base: LayoutOptions = {
      width,
      height,
      area: mapArea,
      measure: measureBold,
      minRadius: 12 * k,
      maxRadius: 52 * k,
      minFont: Math.max(9, 11 * k),
      maxFont: 26 * k,
    };
    // The layout is a pure function of its input and options (map-layout.ts measures with the
    // bundled font): a redraw whose sectors, names, marks counts and badges are unchanged (most
    // commands change none of them) reuses it.
    const key = JSON.stringify([input, width, height, opts.focus ?? null]);
    layout = remembered(layouts, key, () =>
      opts.focus !== undefined
        ? zoomLayout(input, opts.focus, { ...base, maxRadius: 64 * k, maxFont: 30 * k, maxLabelEms: 12 })
        : layoutMap(input, base),
    );
  }
  // A label that found no free place would be drawn over others: past that size the whole map is
  // an overview without names, and the note sends the reader to the zoomed view.
  const overview = opts.focus === undefined && layout !== null && layout.unplacedLabels > 0;
  if (overview && layout) layout = { ...layout, labels: [], unplacedLabels: 0 };
  return { width, height, k, title, legend, mapArea, layout, overview };
}

/**
 * A 2D context that writes text as glyphs (cairo's cached glyph masks) rather than as outline
 * paths filled one by one, node-canvas' default: the same letters, placed on whole pixels, at a
 * small part of the cost — text was most of a fresh map's drawing (docs/performance.md, "Drawing
 * a map from nothing").
 */
function drawingContext(canvas: Canvas): CanvasRenderingContext2D {
  const ctx = canvas.getContext('2d');
  ctx.textDrawingMode = 'glyph';
  return ctx;
}

/** Renders the campaign map as PNG bytes. */
export async function renderMap(state: CampaignState, opts: MapImageOptions = {}): Promise<Buffer> {
  ensureFonts();
  const scene = mapScene(state, opts);
  if (scene.layout) {
    // The map area and the legend are most of the picture's drawing and change least often (a
    // bank, a vote or an order leaves them as they were): the first drawing of them is kept, by
    // everything they show, with the title band as it was under its title. A redraw copies the
    // picture, puts the band back and writes its own title: the same pixels as drawing it all
    // afresh. A fresh drawing is encoded from the kept picture itself, without a copy.
    const layout = scene.layout;
    const shipBpv = catalogShipBpv(opts.catalog);
    const key = mapLayerKey(state, scene, shipBpv);
    const kept = layers.get(key);
    if (kept) {
      remembered(layers, key, () => kept, LAYERS_KEPT, spare); // the most recently used
      const canvas = createCanvas(scene.width, scene.height);
      const ctx = drawingContext(canvas);
      ctx.drawImage(kept.picture, 0, 0);
      ctx.drawImage(kept.band, 0, 0);
      drawTitle(ctx, state, scene, opts.focus);
      return encodePng(canvas);
    }
    const layer = blankLayer(scene.width, scene.height, titleBandHeight(scene));
    const { picture, ctx, band } = layer;
    // Opaque over every pixel: nothing of a reused layer's picture shows through.
    ctx.fillStyle = THEME.background;
    ctx.fillRect(0, 0, scene.width, scene.height);
    drawLegend(ctx, state, scene);
    drawMap(ctx, state, layout, scene.k, shipBpv);
    if (scene.overview) drawOverviewNote(ctx, scene, state.map!.sectors.length);
    band.getContext('2d').drawImage(picture, 0, 0);
    remembered(layers, key, () => layer, LAYERS_KEPT, spare);
    drawTitle(ctx, state, scene, opts.focus);
    layer.encoding = true;
    try {
      return await encodePng(picture);
    } finally {
      layer.encoding = false;
    }
  }
  const canvas = createCanvas(scene.width, scene.height);
  const ctx = drawingContext(canvas);
  ctx.fillStyle = THEME.background;
  ctx.fillRect(0, 0, scene.width, scene.height);
  drawTitle(ctx, state, scene, opts.focus);
  drawLegend(ctx, state, scene);
  ctx.fillStyle = THEME.muted;
  ctx.font = font(28 * scene.k, 'bold');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText('No map yet', scene.mapArea.x + scene.mapArea.w / 2, scene.mapArea.y + scene.mapArea.h / 2);
  return encodePng(canvas);
}

/**
 * Everything the layer shows besides the layout: the legend's players (name, status, empire,
 * colour, whose turn) and terrain kinds; each drawn sector's type, terrain, fill and marks, the
 * lanes' colours (owners), this turn's moves in their players' colours, each label's badge
 * colours, and the overview note.
 */
function mapLayerKey(state: CampaignState, scene: MapScene, shipBpv: ShipBpv): string {
  const layout = scene.layout!;
  const sectors = new Map(state.map!.sectors.map((s) => [s.key, s]));
  const parts: unknown[] = [
    layout,
    scene.legend,
    scene.overview ? state.map!.sectors.length : 0,
    state.status,
    state.turn?.playerId ?? null,
    state.players.map((p) => [p.id, p.seat, playerText(state, p.id), p.status, p.empire, playerColour(state, p.id)]),
    legendGlyphs(state, scene),
  ];
  for (const n of layout.nodes) {
    const s = sectors.get(n.key);
    if (s) parts.push([s.type, sectorFill(state, s), sectorMarks(state, s), terrainGlyphs(s)]);
  }
  for (const l of layout.lanes) {
    const a = sectors.get(l.a);
    const b = sectors.get(l.b);
    parts.push(a?.owner && a.owner === b?.owner ? playerColour(state, a.owner) : null);
  }
  parts.push(turnMoves(state).map((m) => [m, playerColour(state, m.owner)]));
  for (const lb of layout.labels) {
    const s = sectors.get(lb.key);
    if (s) parts.push(fleetBadges(state, s.key, shipBpv).map((b) => playerColour(state, b.owner)));
  }
  return JSON.stringify(parts);
}

/** The overview's note, across the foot of the map area on a band so the map under it does not show through. */
function drawOverviewNote(ctx: CanvasRenderingContext2D, scene: MapScene, sectors: number): void {
  const px = Math.max(10, 15 * scene.k);
  const band = px * 2;
  const y = scene.mapArea.y + scene.mapArea.h - band;
  ctx.fillStyle = withAlpha(THEME.background, 0.85);
  ctx.fillRect(scene.mapArea.x, y, scene.mapArea.w, band);
  ctx.font = font(px, 'bold');
  ctx.fillStyle = THEME.text;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(overviewNote(sectors), scene.mapArea.x + scene.mapArea.w / 2, y + band / 2, scene.mapArea.w - 8);
}

// ---------------------------------------------------------------------------------------------
// Title

/** `2026-03-11 15:00 UTC` from an ISO timestamp. */
export function deadlineText(iso: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  return m ? `${m[1]} ${m[2]} UTC` : safeText(iso);
}

/** The two title lines of a map image. */
export function titleLines(state: CampaignState, focus?: string): [string, string] {
  const name = safeText(state.name) || 'Campaign';
  const sector = focus !== undefined ? state.map?.sectors.find((s) => s.key === focus) : undefined;
  const first = sector ? `${name} — around ${sectorText(sector)}` : name;
  const when = `Cycle ${cycleLabel(state.halfCycles)} · ${season(state.halfCycles) === 'spring' ? 'Spring' : 'Fall'} ${yearLabel(state.settings.startYear, state.halfCycles)}`;
  let what: string;
  switch (state.status) {
    case 'registration':
      what = `Registration · ${state.players.length} player${state.players.length === 1 ? '' : 's'}`;
      break;
    case 'setup':
      what =
        state.map && !state.map.approved
          ? `Setup · map approvals ${state.map.approvals.length}/${state.players.length}`
          : 'Setup · initial purchases';
      break;
    case 'finished':
      what = state.winner ? `Finished · winner ${playerText(state, state.winner)}` : 'Finished';
      break;
    default:
      if (state.turn) {
        const p = state.players.find((x) => x.id === state.turn!.playerId);
        what = `Turn: ${playerText(state, state.turn.playerId)}${p ? ` (${empireName(p.empire)})` : ''}`;
        if (state.turn.deadline) what += ` · orders due ${deadlineText(state.turn.deadline)}`;
      } else what = 'Between turns';
  }
  return [first, `${when} · ${what}`];
}

function fitText(ctx: CanvasRenderingContext2D, text: string, f: string, max: number): string {
  if (measureWith(ctx, text, f) <= max) return text;
  const chars = [...text];
  while (chars.length > 1 && measureWith(ctx, `${chars.join('')}…`, f) > max) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

/**
 * Rows from the top that hold the title, its rule (which can reach a row into the map area at
 * small sizes) and a row to spare: what a redraw puts back before writing its title.
 */
function titleBandHeight(scene: MapScene): number {
  const k = scene.k;
  const rule = scene.title.h - 4 * k + Math.max(1, 2 * k);
  return Math.min(scene.height, Math.ceil(Math.max(scene.title.h, rule)) + 1);
}

function drawTitle(ctx: CanvasRenderingContext2D, state: CampaignState, scene: MapScene, focus?: string): void {
  const k = scene.k;
  const [first, second] = titleLines(state, focus);
  const x = 24 * k;
  const max = scene.width - 48 * k;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = THEME.text;
  const f1 = font(36 * k, 'bold');
  ctx.font = f1;
  ctx.fillText(fitText(ctx, first, f1, max), x, 50 * k);
  const f2 = font(24 * k);
  ctx.font = f2;
  ctx.fillStyle = THEME.muted;
  ctx.fillText(fitText(ctx, second, f2, max), x, 84 * k);
  ctx.fillStyle = THEME.rule;
  ctx.fillRect(0, scene.title.h - 4 * k, scene.width, Math.max(1, 2 * k));
}

// ---------------------------------------------------------------------------------------------
// Map

interface Mark {
  kind: IconKind;
  colour: string;
  state: IconState;
}

function devState(d: Development): IconState {
  return d.status === 'pending' ? 'pending' : d.status === 'pending-removal' ? 'removal' : 'active';
}

/** The icons drawn around a sector, in drawing order (from the top, anticlockwise). */
export function sectorMarks(state: CampaignState, s: Sector): Mark[] {
  const marks: Mark[] = [];
  if (state.battles.some((b) => b.sector === s.key && b.status === 'open'))
    marks.push({ kind: 'battle', colour: THEME.battle, state: 'active' });
  const bases = state.bases.filter((b) => b.sector === s.key);
  const addBases = (kind: IconKind, roles: string[]) => {
    const seen = new Set<string>();
    for (const b of bases) {
      if (!roles.includes(b.role) || seen.has(b.owner)) continue;
      seen.add(b.owner);
      const allPending = bases.filter((x) => roles.includes(x.role) && x.owner === b.owner).every((x) => x.pending);
      marks.push({ kind, colour: playerColour(state, b.owner), state: allPending ? 'pending' : 'active' });
    }
  };
  addBases('capital', ['capital']);
  if (s.colony) marks.push({ kind: 'colony', colour: playerColour(state, s.colony.owner), state: devState(s.colony) });
  if (s.mine) marks.push({ kind: 'mine', colour: playerColour(state, s.mine.owner), state: devState(s.mine) });
  if (s.fort) marks.push({ kind: 'fort', colour: playerColour(state, s.fort.owner), state: devState(s.fort) });
  addBases('shipyard', ['shipyard']);
  addBases('defense', ['defense', 'defending-ship']);
  if (s.npe && s.npe.status === 'active') marks.push({ kind: 'npe', colour: THEME.npe, state: 'active' });
  return marks;
}

/** Disc fill of a sector: its owner's colour, else grey (darker while unexplored). */
export function sectorFill(state: CampaignState, s: Sector): string {
  if (s.owner) return playerColour(state, s.owner);
  return s.type === 'unknown' ? THEME.unknown : THEME.unowned;
}

function withAlpha(hex: string, alpha: number): string {
  const v = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(v >> 16) & 255}, ${(v >> 8) & 255}, ${v & 255}, ${alpha})`;
}

function drawMap(
  ctx: CanvasRenderingContext2D,
  state: CampaignState,
  layout: MapLayout,
  k: number,
  shipBpv: ShipBpv,
): void {
  const sectors = new Map(state.map!.sectors.map((s) => [s.key, s]));
  const R = layout.nodes[0]?.R ?? 20;
  const laneWidth = Math.max(2, R * 0.09);
  ctx.lineCap = 'round';
  // Stubs (zoomed view): dashed, towards sectors not shown.
  ctx.save();
  ctx.setLineDash([laneWidth * 2, laneWidth * 2]);
  ctx.strokeStyle = THEME.faint;
  ctx.lineWidth = laneWidth;
  for (const s of layout.stubs) {
    ctx.beginPath();
    ctx.moveTo(s.x1, s.y1);
    ctx.lineTo(s.x2, s.y2);
    ctx.stroke();
  }
  ctx.restore();
  // Lanes; a lane inside one player's territory takes that player's colour.
  for (const l of layout.lanes) {
    const a = sectors.get(l.a);
    const b = sectors.get(l.b);
    const same = a?.owner && a.owner === b?.owner ? a.owner : null;
    ctx.strokeStyle = same ? withAlpha(playerColour(state, same), 0.7) : THEME.lane;
    ctx.lineWidth = same ? laneWidth * 1.4 : laneWidth;
    ctx.beginPath();
    ctx.moveTo(l.x1, l.y1);
    ctx.lineTo(l.x2, l.y2);
    ctx.stroke();
  }
  // This turn's moves, beside the lanes, under the discs.
  drawMoveArrows(ctx, turnMoves(state), layout, (owner) => playerColour(state, owner), THEME.outline);
  for (const node of layout.nodes) {
    const s = sectors.get(node.key);
    if (s) drawSector(ctx, state, s, node);
  }
  // Labels last: terrain glyphs, the name with a halo so lanes under it do not cut the letters,
  // and the fleet badges below.
  for (const lb of layout.labels) {
    const s = sectors.get(lb.key);
    if (s) drawLabel(ctx, state, s, lb, k, shipBpv);
  }
}

function drawLabel(
  ctx: CanvasRenderingContext2D,
  state: CampaignState,
  s: Sector,
  lb: LabelBox,
  k: number,
  shipBpv: ShipBpv,
): void {
  if (lb.leader) {
    ctx.strokeStyle = THEME.faint;
    ctx.lineWidth = Math.max(1, 1.5 * k);
    ctx.beginPath();
    ctx.moveTo(lb.leader.x1, lb.leader.y1);
    ctx.lineTo(lb.leader.x2, lb.leader.y2);
    ctx.stroke();
  }
  const glyphs = terrainGlyphs(s);
  lb.glyphs.forEach((g, i) => {
    const kind = glyphs[i];
    if (kind) drawTerrainGlyph(ctx, kind, g.x + g.w / 2, g.y + g.h / 2, g.w);
  });
  const cx = lb.textBox.x + lb.textBox.w / 2;
  const cy = lb.textBox.y + lb.textBox.h / 2 + lb.px * 0.04;
  drawHaloedName(ctx, lb.text, cx, cy, lb.px);
  // The layout wrapped the badges in the order fleetBadges gives them (seat order).
  const badges = fleetBadges(state, s.key, shipBpv);
  lb.tags.forEach((t, i) => {
    const owner = badges[i]?.owner ?? null;
    drawPill(ctx, t, t.text, lb.tagPx, playerColour(state, owner));
  });
}

/**
 * Whole-pixel offsets on the edge of a disc of `reach` pixels (with half a pixel for the
 * letters' anti-aliased edge): the copies of a name's shape that make its halo. Those inside the
 * disc add nothing the edge ones and the name do not cover; copies at whole pixels are not
 * resampled, which makes them several times cheaper than at fractions of a pixel.
 */
const haloOffsets = new Map<number, readonly (readonly [number, number])[]>();

function haloRing(reach: number): readonly (readonly [number, number])[] {
  const key = Math.round(reach * 10);
  const known = haloOffsets.get(key);
  if (known) return known;
  const r2 = (reach + 0.5) ** 2;
  const n = Math.floor(reach + 0.5);
  const inside = (x: number, y: number) => x * x + y * y <= r2;
  const ring: [number, number][] = [];
  for (let y = -n; y <= n; y++)
    for (let x = -n; x <= n; x++)
      if (
        (x !== 0 || y !== 0) &&
        inside(x, y) &&
        (!inside(x + 1, y) || !inside(x - 1, y) || !inside(x, y + 1) || !inside(x, y - 1))
      )
        ring.push([x, y]);
  haloOffsets.set(key, ring);
  return ring;
}

/** The two scratch canvases of drawHaloedName, grown to the largest name drawn so far. */
let haloScratch: {
  ink: Canvas;
  inkCtx: CanvasRenderingContext2D;
  halo: Canvas;
  haloCtx: CanvasRenderingContext2D;
  font: string;
} | null = null;

function scratchFor(w: number, h: number): NonNullable<typeof haloScratch> {
  if (haloScratch && haloScratch.ink.width >= w && haloScratch.ink.height >= h) return haloScratch;
  const cw = Math.max(w, haloScratch?.ink.width ?? 0);
  const ch = Math.max(h, haloScratch?.ink.height ?? 0);
  const ink = createCanvas(cw, ch);
  const halo = createCanvas(cw, ch);
  const inkCtx = drawingContext(ink);
  inkCtx.textAlign = 'center';
  inkCtx.textBaseline = 'middle';
  inkCtx.fillStyle = THEME.text;
  haloScratch = { ink, inkCtx, halo, haloCtx: halo.getContext('2d'), font: '' };
  return haloScratch;
}

/**
 * A sector name centred on (cx, cy) with a halo in the background colour, so lanes under it do
 * not cut the letters, drawn as one picture of name and halo (`nameSprite`), kept by text, size
 * and fraction of a pixel: the layout puts a map's names at the same places every time it is
 * drawn, so a map drawn afresh after a command (its owners, fleets or marks changed) copies each
 * name once instead of laying it out and haloing it again (docs/performance.md, "Drawing a map
 * from nothing"). Like the disc sprites they depend on nothing else of a campaign.
 */
function drawHaloedName(ctx: CanvasRenderingContext2D, text: string, cx: number, cy: number, px: number): void {
  const ix = Math.floor(cx);
  const iy = Math.floor(cy);
  const fx = cx - ix;
  const fy = cy - iy;
  const sprite = remembered(
    nameSprites,
    `${px}\u0000${fx}\u0000${fy}\u0000${text}`,
    () => nameSprite(text, fx, fy, px),
    NAME_SPRITES_KEPT,
  );
  ctx.drawImage(sprite, ix - Math.floor(sprite.width / 2), iy - Math.floor(sprite.height / 2));
}

/** Name sprites (`drawHaloedName`): a 300-sector map's names fit, at about 8 KB each. */
const nameSprites = new Map<string, Canvas>();
const NAME_SPRITES_KEPT = 400;

/**
 * A name and its halo as one picture, to be copied at a whole-pixel offset. The name is laid out
 * and filled once, into a scratch canvas at the same fraction of a pixel (fx, fy) as on the map
 * (so the copy is not resampled: the letters are the pixels a fillText on the map would give);
 * the halo is that shape in the background colour, copied round it at whole-pixel offsets up to
 * `reach` (haloRing), about the area a round-joined stroke of twice that width covers outside the
 * letters; the letters go over it. Compositing is associative, so copying the sprite onto the map
 * gives the pixels the halo copies and then the letters drawn onto the map one by one would.
 */
function nameSprite(text: string, fx: number, fy: number, px: number): Canvas {
  const reach = Math.max(1, px * 0.14);
  const pad = Math.ceil(reach) + 2;
  const w = Math.ceil(measureBold(text, px)) + 2 * pad + 2;
  const h = Math.ceil(px * 1.6) + 2 * pad;
  const s = scratchFor(w, h);
  const f = font(px, 'bold');
  if (s.font !== f) {
    s.inkCtx.font = f;
    s.font = f;
  }
  s.inkCtx.clearRect(0, 0, w, h);
  s.inkCtx.fillText(text, Math.floor(w / 2) + fx, Math.floor(h / 2) + fy);
  // The same shape in the background colour.
  s.haloCtx.globalCompositeOperation = 'copy';
  s.haloCtx.drawImage(s.ink, 0, 0, w, h, 0, 0, w, h);
  s.haloCtx.globalCompositeOperation = 'source-in';
  s.haloCtx.fillStyle = THEME.background;
  s.haloCtx.fillRect(0, 0, w, h);
  const sprite = createCanvas(w, h);
  const sctx = sprite.getContext('2d');
  for (const [dx, dy] of haloRing(reach)) sctx.drawImage(s.halo, 0, 0, w, h, dx, dy, w, h);
  sctx.drawImage(s.ink, 0, 0, w, h, 0, 0, w, h);
  return sprite;
}

/** Draws one sector: battle ring, disc, type ring and letter, and its icons. */
function drawSector(ctx: CanvasRenderingContext2D, state: CampaignState, s: Sector, node: NodeBox): void {
  const { x, y, r, orbit, icon } = node;
  const marks = sectorMarks(state, s);
  if (marks.some((m) => m.kind === 'battle')) {
    ctx.strokeStyle = THEME.battle;
    ctx.lineWidth = Math.max(2, icon * 0.3);
    ctx.beginPath();
    ctx.arc(x, y, orbit, 0, Math.PI * 2);
    ctx.stroke();
  }
  drawDisc(ctx, x, y, r, s.type, sectorFill(state, s));
  // The layout placed the icon slots, anticlockwise from the top.
  marks.forEach((m, i) => {
    const at = node.slots[i];
    if (at) drawIcon(ctx, m.kind, at.x, at.y, icon, m.colour, m.state);
  });
}

/**
 * A sector disc: fill, ring by type (home double, unknown dashed), and the type letter. Copied
 * from a kept sprite (discSprite) with its centre on the nearest half pixel: a map has many discs
 * of few kinds (type, fill, radius), and a copy at a whole-pixel offset costs a small part of the
 * arcs, dashes and text layout it replaces (docs/performance.md, "Drawing a map from nothing").
 */
export function drawDisc(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  r: number,
  type: SectorType,
  fill: string,
): void {
  const hx = Math.round(x * 2);
  const hy = Math.round(y * 2);
  const sprite = discSprite(r, type, fill, ctx.lineCap, hx & 1, hy & 1);
  ctx.drawImage(sprite.canvas, (hx >> 1) - sprite.half, (hy >> 1) - sprite.half);
}

/**
 * Disc sprites by radius, type, fill, line cap (the dashes of an unknown ring end as they would
 * on the picture: round on the map, flat in the legend) and half-pixel offset of the centre. They
 * depend on nothing else of a campaign, so every campaign a render worker draws shares them and
 * forgetMapCaches keeps them; a map uses a few dozen.
 */
const discSprites = new Map<string, { canvas: Canvas; half: number }>();
const DISC_SPRITES_KEPT = 256;

function discSprite(
  r: number,
  type: SectorType,
  fill: string,
  cap: CanvasRenderingContext2D['lineCap'],
  halfX: number,
  halfY: number,
): { canvas: Canvas; half: number } {
  return remembered(
    discSprites,
    `${r}\u0000${type}\u0000${fill}\u0000${cap}\u0000${halfX}${halfY}`,
    () => {
      // One pixel round the disc for its anti-aliased edge.
      const half = Math.ceil(r) + 1;
      const canvas = createCanvas(2 * half + 1, 2 * half + 1);
      const sctx = drawingContext(canvas);
      sctx.lineCap = cap;
      paintDisc(sctx, half + halfX / 2, half + halfY / 2, r, type, fill);
      return { canvas, half };
    },
    DISC_SPRITES_KEPT,
  );
}

function paintDisc(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  r: number,
  type: SectorType,
  fill: string,
): void {
  const ring = Math.max(2, r * (type === 'home' ? 0.2 : 0.14));
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineWidth = ring;
  ctx.strokeStyle = THEME.ring[type];
  if (type === 'unknown') ctx.setLineDash([ring * 1.6, ring * 1.2]);
  ctx.beginPath();
  ctx.arc(x, y, r - ring / 2, 0, Math.PI * 2);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.fillStyle = contrastText(fill);
  ctx.font = font(r * (type === 'home' ? 0.9 : 1.0), 'bold');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(TYPE_LETTER[type], x, y + r * 0.04);
}

/** A fleet badge: a pill in the owner's colour with `count · BPV` in it. */
function drawPill(ctx: CanvasRenderingContext2D, r: Rect, text: string, px: number, colour: string): void {
  ctx.save();
  roundRect(ctx, r.x, r.y, r.w, r.h, r.h / 2);
  ctx.fillStyle = colour;
  ctx.fill();
  ctx.lineWidth = Math.max(1, r.h * 0.1);
  ctx.strokeStyle = THEME.outline;
  ctx.stroke();
  ctx.fillStyle = contrastText(colour);
  ctx.font = font(px, 'bold');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, r.x + r.w / 2, r.y + r.h / 2 + px * 0.05);
  ctx.restore();
}

// ---------------------------------------------------------------------------------------------
// Legend

function drawLegend(ctx: CanvasRenderingContext2D, state: CampaignState, scene: MapScene): void {
  const k = scene.k;
  const L = scene.legend;
  ctx.fillStyle = THEME.panel;
  roundRect(ctx, L.x, L.y + 8 * k, L.w, L.h - 8 * k, 12 * k);
  ctx.fill();
  const pad = 16 * k;
  let y = L.y + 8 * k + pad;
  const heading = (text: string) => {
    ctx.font = font(18 * k, 'bold');
    ctx.fillStyle = THEME.muted;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'top';
    ctx.fillText(text.toUpperCase(), L.x + pad, y);
    y += 30 * k;
  };
  // Players, in seat order. Rows shrink (to 22 px at full size) to leave the terrain room.
  heading('Players');
  const players = [...state.players].sort((a, b) => (a.seat ?? 99) - (b.seat ?? 99));
  const cellH = 34 * k;
  const glyphKinds = legendGlyphs(state, scene);
  const glyphRows = Math.ceil(glyphKinds.length / 2);
  const terrainCell = 30 * k;
  // Everything below the players: two headings with their gaps, 3 rows of sector types, 6 of
  // symbols, and the terrain (heading and rows) when the map shows any.
  const below =
    2 * (14 * k + 30 * k) + 3 * cellH + 6 * cellH + (glyphRows ? 14 * k + 30 * k + glyphRows * terrainCell : 0) + pad;
  const room = L.y + L.h - y - below;
  const n = Math.max(1, players.length);
  const rowH = Math.min(34 * k, (L.h * 0.5) / n, Math.max(22 * k, room / n));
  const nameF = font(Math.min(21 * k, rowH * 0.64), 'bold');
  const smallF = font(Math.min(17 * k, rowH * 0.52));
  for (const p of players) {
    const cy = y + rowH / 2;
    const turn = state.turn?.playerId === p.id && state.status === 'active';
    if (turn) {
      ctx.fillStyle = THEME.text;
      ctx.beginPath();
      ctx.moveTo(L.x + pad - 6 * k, cy - 7 * k);
      ctx.lineTo(L.x + pad + 4 * k, cy);
      ctx.lineTo(L.x + pad - 6 * k, cy + 7 * k);
      ctx.closePath();
      ctx.fill();
    }
    const discX = L.x + pad + 18 * k;
    ctx.beginPath();
    ctx.arc(discX, cy, Math.min(10 * k, rowH * 0.34), 0, Math.PI * 2);
    ctx.fillStyle = playerColour(state, p.id);
    ctx.fill();
    const textX = discX + 18 * k;
    const maxW = L.x + L.w - pad - textX;
    const gone = p.status !== 'active';
    const name = fitText(ctx, playerText(state, p.id), nameF, maxW * 0.8);
    ctx.font = nameF;
    ctx.textBaseline = 'middle';
    ctx.fillStyle = gone ? THEME.faint : THEME.text;
    ctx.fillText(name, textX, cy);
    const nameW = measureWith(ctx, name, nameF);
    const extra = gone ? p.status : empireName(p.empire);
    const room = maxW - nameW - 8 * k;
    if (room > 40 * k) {
      ctx.fillStyle = THEME.faint;
      ctx.fillText(fitText(ctx, extra, smallF, room), textX + nameW + 8 * k, cy + 1 * k);
    }
    y += rowH;
  }
  y += 14 * k;
  // Sector types.
  heading('Sectors');
  const colW = (L.w - 2 * pad) / 2;
  const types: SectorType[] = ['home', 'life', 'mineral', 'dead', 'unknown'];
  types.forEach((t, i) => {
    const cx = L.x + pad + (i % 2) * colW + 13 * k;
    const cy = y + Math.floor(i / 2) * cellH + cellH / 2;
    drawDisc(ctx, cx, cy, 13 * k, t, t === 'unknown' ? THEME.unknown : THEME.unowned);
    legendText(ctx, TYPE_NAME[t], cx + 22 * k, cy, k);
  });
  y += Math.ceil(types.length / 2) * cellH + 14 * k;
  // Symbols.
  heading('Symbols');
  const sample =
    playerColour(state, state.players[0]?.id ?? null) === THEME.unowned
      ? THEME.muted
      : playerColour(state, state.players[0]!.id);
  const items: { draw: (cx: number, cy: number) => void; text: string }[] = (
    ['capital', 'colony', 'mine', 'fort', 'shipyard', 'defense', 'npe', 'battle'] as IconKind[]
  ).map((kind) => ({
    draw: (cx, cy) =>
      drawIcon(ctx, kind, cx, cy, 20 * k, kind === 'npe' ? THEME.npe : kind === 'battle' ? THEME.battle : sample),
    text: kind === 'fort' ? 'Fort' : ICON_LABELS[kind],
  }));
  items.push({ draw: (cx, cy) => drawIcon(ctx, 'colony', cx, cy, 20 * k, sample, 'pending'), text: 'Ordered' });
  items.push({ draw: (cx, cy) => drawLegendArrow(ctx, cx, cy, k, sample), text: 'Moved' });
  items.forEach((item, i) => {
    const cx = L.x + pad + (i % 2) * colW + 13 * k;
    const cy = y + Math.floor(i / 2) * cellH + cellH / 2;
    item.draw(cx, cy);
    legendText(ctx, item.text, cx + 22 * k, cy, k);
  });
  y += Math.ceil(items.length / 2) * cellH;
  // The fleet badge, on a row of its own: it is wider than an icon.
  {
    const px = 15 * k;
    const sampleText = '2 · 640';
    ctx.font = font(px, 'bold');
    const w = ctx.measureText(sampleText).width + 2 * Math.ceil(px * 0.45);
    const pill: Rect = { x: L.x + pad, y: y + cellH / 2 - px * 0.7, w, h: px * 1.4 };
    drawPill(ctx, pill, sampleText, px, sample);
    legendText(ctx, 'Fleets · their BPV', pill.x + w + 9 * k, y + cellH / 2, k);
    y += cellH;
  }
  // Terrain: only the kinds this picture shows, to keep the legend short.
  if (glyphKinds.length === 0) return;
  y += 14 * k;
  heading('Terrain');
  const bottom = L.y + L.h - pad;
  const cell = Math.min(terrainCell, (bottom - y) / glyphRows);
  const glyphSize = Math.min(24 * k, cell * 0.9);
  const textF = font(Math.min(17 * k, cell * 0.62));
  glyphKinds.forEach((g, i) => {
    const cx = L.x + pad + (i % 2) * colW + 12 * k;
    const cy = y + Math.floor(i / 2) * cell + cell / 2;
    drawTerrainGlyph(ctx, g, cx, cy, glyphSize);
    ctx.fillStyle = THEME.text;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    const tx = cx + 18 * k;
    ctx.font = textF;
    ctx.fillText(fitText(ctx, GLYPH_LABELS[g], textF, L.x + pad + (i % 2) * colW + colW - tx - 4 * k), tx, cy);
  });
}

/** The terrain glyphs of the sectors this picture draws, in legend order. */
export function legendGlyphs(state: CampaignState, scene: Pick<MapScene, 'layout'>): GlyphKind[] {
  const shown = new Set(scene.layout?.nodes.map((n) => n.key) ?? []);
  const present = new Set<GlyphKind>();
  for (const s of state.map?.sectors ?? []) if (shown.has(s.key)) for (const g of terrainGlyphs(s)) present.add(g);
  return GLYPH_ORDER.filter((g) => present.has(g));
}

function legendText(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, k: number): void {
  ctx.font = font(19 * k);
  ctx.fillStyle = THEME.text;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, x, y);
}

/** The legend's sample of a move arrow (this turn's moves, map-moves.ts). */
function drawLegendArrow(ctx: CanvasRenderingContext2D, cx: number, cy: number, k: number, colour: string): void {
  const w = 4 * k;
  ctx.save();
  ctx.strokeStyle = colour;
  ctx.fillStyle = colour;
  ctx.lineWidth = w;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(cx - 12 * k, cy);
  ctx.lineTo(cx + 2 * k, cy);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(cx + 13 * k, cy);
  ctx.lineTo(cx + 2 * k, cy - 7 * k);
  ctx.lineTo(cx + 2 * k, cy + 7 * k);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}
