import { createCanvas } from 'canvas';
import type { CanvasRenderingContext2D } from 'canvas';
import type { BattleSetup, BattleSetupInput } from '../rules/thunderdome/battle-setup/generate.ts';
import type { Hex } from '../rules/thunderdome/battle-setup/hex.ts';
import type { PlacedTerrain } from '../rules/thunderdome/battle-setup/terrain-placement.ts';
import type { Position } from '../rules/thunderdome/battle-setup/start-areas.ts';
import { roundRect } from './common.ts';
import { ensureFonts, font, safeText } from './fonts.ts';
import { encodePng } from './png.ts';
import { contrastText, PALETTE, THEME } from './theme.ts';

/**
 * The battle card image (SETUP_ROLLED, requirements §6.3): the 60×60 SFB hex map inside its death
 * barrier, with the rolled terrain, the warp points labelled with the sector each leads to, and
 * the start areas; beside it a panel with the sides' battle fleets, weapon status, the
 * disengagement rule and the notes. 1400×1000. Hexes are flat-topped in columns, even columns
 * half a hex lower, as on SFB maps (battle-setup/hex.ts).
 */

/** A side's battle fleet as the panel lists it, in the order of `input.sides`. */
export interface BattleFleet {
  label: string;
  colour?: string;
  units: string[];
}

export interface BattleCardOptions {
  /** A line under the title, e.g. the campaign and the turn. */
  subtitle?: string;
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface SceneLabel extends Rect {
  key: string;
  text: string;
  colour: string;
  /** What the label names: a leader line is drawn when the label had to move away from it. */
  anchor: { x: number; y: number; r: number };
}

export interface SceneMarker {
  key: string;
  kind: 'warp' | 'start' | PlacedTerrain['kind'];
  hex: string;
  x: number;
  y: number;
  r: number;
  colour: string;
}

export interface PanelItem {
  kind: 'text' | 'swatch' | 'rule';
  text: string;
  x: number;
  y: number;
  w: number;
  font: string;
  colour: string;
}

export interface BattleCardScene {
  width: number;
  height: number;
  /** Hex corner radius in pixels. */
  hexSize: number;
  /** Pixel centre of hex 0101. */
  origin: { x: number; y: number };
  /** The hex grid's bounding box; the death barrier is drawn round it. */
  map: Rect;
  panel: Rect;
  /** Map-filling terrain tints, SFBOL overlays: short banners drawn inside the top of the map. */
  banners: string[];
  markers: SceneMarker[];
  starts: { sideId: string; position: Position; hex: string; colour: string; hexes: string[] }[];
  labels: SceneLabel[];
  /** Labels that found no free place (drawn at their first choice anyway). */
  unplacedLabels: number;
  panelItems: PanelItem[];
  /** True when the panel ran out of room and the rest was cut. */
  panelCut: boolean;
}

export const BATTLE_CARD_SIZE = { width: 1400, height: 1000 } as const;

const HEX = 9;
const STEP = Math.sqrt(3) * HEX;
const MAP_X = 40;
const MAP_Y = 34;

export const BATTLE_COLOURS = {
  space: '#15161a',
  grid: '#2a2c32',
  gridMajor: '#3b3e46',
  barrier: '#ff5a36',
  warp: '#00e5ff',
  planet: '#3f8fd8',
  moon: '#a7abb3',
  gasGiant: '#c9874a',
  blackHole: '#000000',
  blackHoleRing: '#b26df2',
  pulsar: '#d7ecff',
  comet: '#e8f8ff',
  cometTail: '#8fd3ff',
  centre: '#80848e',
} as const;

const FILL_TINT: Record<string, string> = {
  nebula: '#b26df2',
  'dust-cloud': '#c7a27a',
  'ion-storm': '#4a9df8',
  'radiation-zone': '#9bd152',
  'heat-zone': '#f58a3a',
  'sunspot-activity': '#f5c343',
};

// ---------------------------------------------------------------------------------------------
// SFB hex geometry, as battle-setup/hex.ts defines it (flat-topped columns, even columns half a hex
// lower). Images may import only type declarations from the battle-setup rules (the render
// layering test), so the few formulas the picture needs are restated here; the image tests check
// them against the rules module hex by hex.

const MAP_SIZE = 60;

function parseHex(text: string): Hex {
  const m = /^(\d\d)(\d\d)$/.exec(text);
  if (!m) throw new RangeError(`"${text}" is not a hex number`);
  return { x: Number(m[1]), y: Number(m[2]) };
}

function formatHex(h: Hex): string {
  return `${String(h.x).padStart(2, '0')}${String(h.y).padStart(2, '0')}`;
}

/** Centre in hex steps from 0101 (neighbouring centres are 1 apart). */
function centreOf(h: Hex): { x: number; y: number } {
  return { x: ((h.x - 1) * Math.sqrt(3)) / 2, y: h.y - 1 + (h.x % 2 === 0 ? 0.5 : 0) };
}

function hexDistance(a: Hex, b: Hex): number {
  const dq = a.x - b.x;
  const dr = a.y - Math.floor((a.x + 1) / 2) - (b.y - Math.floor((b.x + 1) / 2));
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

/** The on-map hexes within `radius` of `centre`. */
export function hexesAround(centre: string, radius: number): string[] {
  const c = parseHex(centre);
  const out: string[] = [];
  for (let x = Math.max(1, c.x - radius); x <= Math.min(MAP_SIZE, c.x + radius); x++) {
    for (let y = Math.max(1, c.y - radius - 1); y <= Math.min(MAP_SIZE, c.y + radius + 1); y++)
      if (hexDistance({ x, y }, c) <= radius) out.push(formatHex({ x, y }));
  }
  return out;
}

/** `asteroid-field` → `Asteroid field`. */
function overlayName(id: string): string {
  const words = id.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Pixel centre of a hex (may be off the map). */
export function hexPixel(
  scene: Pick<BattleCardScene, 'origin' | 'hexSize'>,
  hex: Hex | string,
): { x: number; y: number } {
  const c = centreOf(typeof hex === 'string' ? parseHex(hex) : hex);
  const step = Math.sqrt(3) * scene.hexSize;
  return { x: scene.origin.x + c.x * step, y: scene.origin.y + c.y * step };
}

let scratch: CanvasRenderingContext2D | null = null;

function measure(text: string, f: string): number {
  ensureFonts();
  scratch ??= createCanvas(8, 8).getContext('2d');
  scratch.font = f;
  return scratch.measureText(text).width;
}

function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

function circleHitsRect(cx: number, cy: number, r: number, b: Rect): boolean {
  const nx = Math.max(b.x, Math.min(cx, b.x + b.w));
  const ny = Math.max(b.y, Math.min(cy, b.y + b.h));
  return (cx - nx) ** 2 + (cy - ny) ** 2 < r * r;
}

function inside(a: Rect, b: Rect): boolean {
  return a.x >= b.x && a.y >= b.y && a.x + a.w <= b.x + b.w && a.y + a.h <= b.y + b.h;
}

const LABEL_FONT = font(13, 'bold');
/** The compass sits in the panel's top-right corner: width kept free beside the title, and its bottom. */
const COMPASS_ROOM = 80;
const COMPASS_BOTTOM = 84;
const LABEL_H = 18;
/** Gas giants at least this wide (radius, px) carry their label on the disc. */
export const BIG_DISC = 36;

/** Side colours: the fleet's own, else the palette in side order. */
function sideColour(fleets: readonly BattleFleet[], i: number): string {
  return fleets[i]?.colour ?? PALETTE[i % PALETTE.length]!;
}

function terrainMarker(t: PlacedTerrain, scene: Pick<BattleCardScene, 'origin' | 'hexSize'>): SceneMarker[] {
  const at = (hex: string) => hexPixel(scene, hex);
  switch (t.placement) {
    case 'fixed':
    case 'point': {
      const p = at(t.hex);
      const colour =
        t.kind === 'class-m-planet'
          ? BATTLE_COLOURS.planet
          : t.kind === 'small-moon'
            ? BATTLE_COLOURS.moon
            : t.kind === 'black-hole'
              ? BATTLE_COLOURS.blackHole
              : BATTLE_COLOURS.pulsar;
      const r = t.kind === 'small-moon' ? HEX * 0.75 : HEX * 1.15;
      return [{ key: `terrain:${t.hex}:${t.kind}`, kind: t.kind, hex: t.hex, x: p.x, y: p.y, r, colour }];
    }
    case 'gas-giant': {
      const p = at(t.hex);
      const out: SceneMarker[] = [
        {
          key: `terrain:${t.hex}:gas-giant`,
          kind: 'gas-giant',
          hex: t.hex,
          x: p.x,
          y: p.y,
          r: (t.diameter / 2) * STEP,
          colour: BATTLE_COLOURS.gasGiant,
        },
      ];
      t.moons.forEach((m, i) => {
        if (m.hex === null) return;
        const q = at(m.hex);
        out.push({
          key: `terrain:${m.hex}:moon${i + 1}`,
          kind: 'small-moon',
          hex: m.hex,
          x: q.x,
          y: q.y,
          r: HEX * 0.75,
          colour: BATTLE_COLOURS.moon,
        });
      });
      return out;
    }
    case 'comet': {
      const p = at(t.hex);
      return [
        {
          key: `terrain:${t.hex}:comet`,
          kind: 'comet',
          hex: t.hex,
          x: p.x,
          y: p.y,
          r: HEX * 0.95,
          colour: BATTLE_COLOURS.comet,
        },
      ];
    }
    case 'fills-map':
    case 'overlay':
      return [];
  }
}

function terrainLabelText(m: SceneMarker, setup: BattleSetup): string | null {
  switch (m.kind) {
    case 'class-m-planet':
      return 'Class-M planet';
    case 'black-hole':
      return 'Black hole';
    case 'pulsar':
      return 'Pulsar';
    case 'comet':
      return 'Comet';
    case 'gas-giant': {
      const g = setup.terrain.find((t) => t.placement === 'gas-giant' && t.hex === m.hex);
      return g && g.placement === 'gas-giant' ? `Gas giant, diameter ${g.diameter}` : 'Gas giant';
    }
    default:
      return null;
  }
}

/** Greedy label placement: candidate spots round each anchor, the first that hits nothing wins. */
function placeLabels(
  requests: {
    key: string;
    text: string;
    colour: string;
    x: number;
    y: number;
    r: number;
    required: boolean;
    centred?: boolean;
  }[],
  markers: readonly SceneMarker[],
  map: Rect,
): { labels: SceneLabel[]; unplaced: number } {
  const labels: SceneLabel[] = [];
  let unplaced = 0;
  for (const q of requests) {
    const w = Math.ceil(measure(q.text, LABEL_FONT)) + 10;
    const h = LABEL_H;
    const spots: [number, number][] = [];
    if (q.centred) spots.push([q.x - w / 2, q.y - h / 2]);
    for (const gap of [4, 14, 28, 46]) {
      const d = q.r + gap;
      spots.push(
        [q.x + d, q.y - h / 2],
        [q.x - d - w, q.y - h / 2],
        [q.x - w / 2, q.y - d - h],
        [q.x - w / 2, q.y + d],
        [q.x + d * 0.7, q.y - d * 0.7 - h],
        [q.x + d * 0.7, q.y + d * 0.7],
        [q.x - d * 0.7 - w, q.y - d * 0.7 - h],
        [q.x - d * 0.7 - w, q.y + d * 0.7],
      );
    }
    const free = (b: Rect) =>
      inside(b, map) &&
      !labels.some((l) => overlaps(l, b)) &&
      !markers.some((m) => (m.kind !== 'gas-giant' || m.r < BIG_DISC) && circleHitsRect(m.x, m.y, m.r + 1, b));
    let chosen: Rect | null = null;
    for (const [x, y] of spots) {
      const b = { x: Math.round(x), y: Math.round(y), w, h };
      if (free(b)) {
        chosen = b;
        break;
      }
    }
    if (!chosen) {
      if (!q.required) continue;
      unplaced++;
      const [x, y] = spots[0]!;
      chosen = {
        x: Math.round(Math.min(Math.max(x, map.x), map.x + map.w - w)),
        y: Math.round(Math.min(Math.max(y, map.y), map.y + map.h - h)),
        w,
        h,
      };
    }
    labels.push({ key: q.key, text: q.text, colour: q.colour, anchor: { x: q.x, y: q.y, r: q.r }, ...chosen });
  }
  return { labels, unplaced };
}

/** Word-wraps `text` into lines no wider than `max` in font `f`; at most `maxLines`, the last cut with "…". */
function wrap(text: string, f: string, max: number, maxLines: number): string[] {
  const words = text.split(' ');
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (measure(next, f) <= max || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  const fit = (s: string) => {
    let chars = [...s];
    while (chars.length > 1 && measure(`${chars.join('')}…`, f) > max) chars = chars.slice(0, -1);
    return `${chars.join('').trimEnd()}…`;
  };
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = fit(kept[maxLines - 1]!);
    return kept;
  }
  return lines.map((l) => (measure(l, f) > max ? fit(l) : l));
}

function positionText(p: Position): string {
  return typeof p === 'number' ? `Start ${p}` : p;
}

function terrainPanelText(t: PlacedTerrain): string {
  switch (t.placement) {
    case 'fixed':
      return `${t.name} ${t.hex} (fixed)`;
    case 'point':
      return `${t.name} ${t.hex}`;
    case 'gas-giant':
      return `${t.name} ${t.hex}, diameter ${t.diameter}; moons ${t.moons.map((m) => m.hex ?? 'off map').join(', ') || 'none'}`;
    case 'comet':
      return `Comet nucleus ${t.hex}, tail direction ${t.tailDirection} to ${t.tailEnd}`;
    case 'fills-map':
      return `${t.name} fills the map${t.note ? ` (${t.note})` : ''}`;
    case 'overlay':
      return `${t.name}: SFBOL overlay`;
  }
}

/** Where everything goes; computed without drawing (tests read it). */
export function battleCardScene(
  setup: BattleSetup,
  input: BattleSetupInput,
  fleets: readonly BattleFleet[],
  opts: BattleCardOptions = {},
): BattleCardScene {
  ensureFonts();
  const { width, height } = BATTLE_CARD_SIZE;
  const origin = { x: MAP_X + HEX, y: MAP_Y + STEP / 2 };
  const map: Rect = { x: MAP_X, y: MAP_Y, w: (MAP_SIZE - 1) * 1.5 * HEX + 2 * HEX, h: (MAP_SIZE + 0.5) * STEP };
  const panelX = Math.ceil(map.x + map.w + 24);
  const panel: Rect = { x: panelX, y: 16, w: width - panelX - 16, h: height - 32 };
  const geo = { origin, hexSize: HEX };
  const markers: SceneMarker[] = [];
  for (const t of setup.terrain) markers.push(...terrainMarker(t, geo));

  const sideIndex = new Map(input.sides.map((s, i) => [s.id, i]));
  const starts = setup.starts.map((s) => {
    const i = sideIndex.get(s.sideId) ?? 0;
    return {
      sideId: s.sideId,
      position: s.position,
      hex: s.hex,
      colour: sideColour(fleets, i),
      hexes: hexesAround(s.hex, s.radius),
    };
  });
  for (const s of starts) {
    const p = hexPixel(geo, s.hex);
    markers.push({
      key: `start:${s.sideId}`,
      kind: 'start',
      hex: s.hex,
      x: p.x,
      y: p.y,
      r: HEX * 1.1,
      colour: s.colour,
    });
  }
  const byHex = new Map<string, string[]>();
  for (const w of setup.warpPoints) byHex.set(w.hex, [...(byHex.get(w.hex) ?? []), safeText(w.label) || w.to]);
  for (const hex of byHex.keys()) {
    const p = hexPixel(geo, hex);
    markers.push({ key: `warp:${hex}`, kind: 'warp', hex, x: p.x, y: p.y, r: HEX * 1.05, colour: BATTLE_COLOURS.warp });
  }

  const sideLabel = (id: string) => safeText(input.sides.find((s) => s.id === id)?.label ?? id) || id;
  const requests = [
    ...starts.map((s) => {
      const m = markers.find((x) => x.key === `start:${s.sideId}`)!;
      // Outside the 3-hex area, so the label never hides the area it names.
      return {
        key: m.key,
        text: `${positionText(s.position)} · ${sideLabel(s.sideId)}`,
        colour: s.colour,
        x: m.x,
        y: m.y,
        r: 3.5 * STEP,
        required: true,
      };
    }),
    ...[...byHex].map(([hex, names]) => {
      const m = markers.find((x) => x.key === `warp:${hex}`)!;
      return {
        key: m.key,
        text: `→ ${names.join(' · ')}`,
        colour: BATTLE_COLOURS.warp,
        x: m.x,
        y: m.y,
        r: m.r,
        required: true,
      };
    }),
    ...markers.flatMap((m) => {
      const text = m.kind === 'warp' || m.kind === 'start' ? null : terrainLabelText(m, setup);
      // A big gas giant carries its label on the disc; a small one is labelled beside it like the rest.
      const onDisc = m.kind === 'gas-giant' && m.r >= BIG_DISC;
      return text
        ? [
            {
              key: `label:${m.key}`,
              text,
              colour: THEME.text,
              x: m.x,
              y: m.y,
              r: onDisc ? 0 : m.r,
              required: false,
              centred: onDisc,
            },
          ]
        : [];
    }),
  ];
  const { labels, unplaced } = placeLabels(requests, markers, map);

  const banners: string[] = [];
  for (const t of setup.terrain) if (t.placement === 'fills-map') banners.push(`${t.name} fills the map`);
  for (const o of setup.overlays) banners.push(`SFBOL overlay: ${overlayName(o)}`);
  if (setup.terrainDeleted) banners.push('Terrain deleted for this battle');

  // Panel.
  const items: PanelItem[] = [];
  const left = panel.x + 20;
  const maxW = panel.w - 40;
  let y = panel.y + 30;
  let cut = false;
  const bottom = panel.y + panel.h - 14;
  const push = (kind: PanelItem['kind'], text: string, f: string, colour: string, dy: number, x = left, w = maxW) => {
    if (cut) return false;
    if (y + dy / 2 > bottom) {
      cut = true;
      items.push({
        kind: 'text',
        text: '… more on the battle card text',
        x: left,
        y: bottom - 6,
        w: maxW,
        font: font(14),
        colour: THEME.muted,
      });
      return false;
    }
    items.push({ kind, text, x, y, w, font: f, colour });
    y += dy;
    return true;
  };
  const para = (text: string, f: string, colour: string, lineH: number, maxLines: number, indent = 0) => {
    for (const line of wrap(safeText(text), f, maxW - indent, maxLines))
      push('text', line, f, colour, lineH, left + indent, maxW - indent);
  };
  const heading = (text: string) => {
    y += 8;
    push('rule', '', '', THEME.rule, 14);
    push('text', text.toUpperCase(), font(14, 'bold'), THEME.faint, 22);
  };
  // The title and subtitle leave room on the right for the direction compass.
  for (const line of wrap(
    `Battle in ${safeText(input.sector.label) || input.sector.key}`,
    font(28, 'bold'),
    maxW - COMPASS_ROOM,
    2,
  ))
    push('text', line, font(28, 'bold'), THEME.text, 36, left, maxW - COMPASS_ROOM);
  if (opts.subtitle)
    for (const line of wrap(safeText(opts.subtitle), font(15), maxW - COMPASS_ROOM, 1))
      push('text', line, font(15), THEME.muted, 22, left, maxW - COMPASS_ROOM);
  y = Math.max(y + 4, panel.y + COMPASS_BOTTOM);
  push('text', `Weapon status ${setup.weaponStatus} · 60×60 map · death barrier`, font(16, 'bold'), THEME.text, 24);
  const blocked = setup.disengagement.blocked.map(sideLabel);
  para(
    `Disengage only through a warp point, from Turn ${setup.disengagement.fromTurn} Impulse ${setup.disengagement.fromImpulse}.`,
    font(15),
    THEME.muted,
    21,
    2,
  );
  if (blocked.length)
    para(`No disengagement (enemy fortification): ${blocked.join(', ')}`, font(15, 'bold'), THEME.battle, 21, 2);

  heading('Sides');
  if (setup.positionRoll)
    para(`Not the current player's battle: A/B by roll, 1D6 = ${setup.positionRoll.die}`, font(14), THEME.muted, 24, 1);
  if (setup.ring) para(`Start hexes on the range-15 ring round 3030, assigned by roll`, font(14), THEME.muted, 24, 1);
  for (const s of setup.starts) {
    const i = sideIndex.get(s.sideId) ?? 0;
    const colour = sideColour(fleets, i);
    const fleet = fleets[i];
    push('swatch', positionText(s.position), font(14, 'bold'), colour, 0);
    push('text', `${sideLabel(s.sideId)}`, font(17, 'bold'), THEME.text, 0, left + 86, maxW - 86 - 110);
    push('text', `around ${s.hex}`, font(15), THEME.muted, 24, left + maxW - 104, 104);
    const units = fleet?.units.length ? fleet.units.map((u) => safeText(u) || '?').join(', ') : 'no fleet given';
    para(units, font(14), fleet?.units.length ? THEME.text : THEME.faint, 19, 3, 12);
    y += 4;
  }

  heading('Warp points');
  if (setup.warpPoints.length === 0) para('None: nobody can disengage', font(14), THEME.faint, 19, 1);
  for (const w of setup.warpPoints) {
    const moved = w.shiftedBy ? ` (moved ${w.shiftedBy})` : '';
    const again = w.rerolls ? ` (re-rolled ${w.rerolls}×)` : '';
    para(`→ ${safeText(w.label) || w.to}: ${w.hex}${moved}${again}`, font(14), THEME.text, 19, 1);
  }

  heading('Terrain');
  if (setup.terrainDeleted) para('Deleted for this battle (UTD7.45713)', font(14), THEME.text, 19, 1);
  else if (setup.terrain.length === 0 && setup.overlays.length === 0) para('None', font(14), THEME.faint, 19, 1);
  for (const t of setup.terrain) para(terrainPanelText(t), font(14), THEME.text, 19, 2);
  for (const o of setup.overlays)
    if (!setup.terrain.some((t) => t.placement === 'overlay' && t.overlay === o))
      para(`${overlayName(o)}: SFBOL overlay`, font(14), THEME.text, 19, 1);

  if (setup.notes.length) {
    heading('Notes');
    for (const n of setup.notes) para(n, font(13), THEME.muted, 17, 3);
  }

  return {
    width,
    height,
    hexSize: HEX,
    origin,
    map,
    panel,
    banners,
    markers,
    starts,
    labels,
    unplacedLabels: unplaced,
    panelItems: items,
    panelCut: cut,
  };
}

// ---------------------------------------------------------------------------------------------
// Drawing

function hexPath(ctx: CanvasRenderingContext2D, x: number, y: number, s: number): void {
  ctx.moveTo(x + s, y);
  for (let i = 1; i < 6; i++) ctx.lineTo(x + s * Math.cos((i * Math.PI) / 3), y + s * Math.sin((i * Math.PI) / 3));
  ctx.closePath();
}

function drawGrid(ctx: CanvasRenderingContext2D, scene: BattleCardScene): void {
  const { map } = scene;
  ctx.fillStyle = BATTLE_COLOURS.space;
  ctx.fillRect(map.x, map.y, map.w, map.h);
  ctx.beginPath();
  for (let x = 1; x <= MAP_SIZE; x++)
    for (let y = 1; y <= MAP_SIZE; y++) {
      const p = hexPixel(scene, { x, y });
      hexPath(ctx, p.x, p.y, HEX);
    }
  ctx.strokeStyle = BATTLE_COLOURS.grid;
  ctx.lineWidth = 1;
  ctx.stroke();
  // Light SFB numbering: every 5th column along the top, every 5th row down the left.
  ctx.font = font(11, 'bold');
  ctx.fillStyle = THEME.faint;
  ctx.textBaseline = 'bottom';
  ctx.textAlign = 'center';
  for (const x of [1, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60]) {
    const p = hexPixel(scene, { x, y: 1 });
    ctx.fillText(String(x).padStart(2, '0'), p.x, map.y - 6);
  }
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  for (const y of [1, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60]) {
    const p = hexPixel(scene, { x: 1, y });
    ctx.fillText(String(y).padStart(2, '0'), map.x - 7, p.y);
  }
  // Hex 3030, the centre every roll counts from.
  const c = hexPixel(scene, '3030');
  ctx.strokeStyle = BATTLE_COLOURS.centre;
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  hexPath(ctx, c.x, c.y, HEX);
  ctx.stroke();
}

function drawTerrain(ctx: CanvasRenderingContext2D, scene: BattleCardScene, setup: BattleSetup): void {
  const { map } = scene;
  for (const t of setup.terrain) {
    if (t.placement !== 'fills-map') continue;
    ctx.globalAlpha = 0.1;
    ctx.fillStyle = FILL_TINT[t.kind] ?? THEME.muted;
    ctx.fillRect(map.x, map.y, map.w, map.h);
    ctx.globalAlpha = 1;
  }
  for (const t of setup.terrain) {
    if (t.placement !== 'comet') continue;
    const a = hexPixel(scene, t.hex);
    const b = hexPixel(scene, t.tailEnd);
    const grad = ctx.createLinearGradient(a.x, a.y, b.x, b.y);
    grad.addColorStop(0, 'rgba(143,211,255,0.55)');
    grad.addColorStop(1, 'rgba(143,211,255,0.08)');
    ctx.strokeStyle = grad;
    ctx.lineWidth = STEP * 1.2;
    ctx.lineCap = 'round';
    ctx.beginPath();
    ctx.moveTo(a.x, a.y);
    ctx.lineTo(b.x, b.y);
    ctx.stroke();
    ctx.lineCap = 'butt';
  }
  for (const m of scene.markers) {
    switch (m.kind) {
      case 'gas-giant': {
        ctx.fillStyle = m.colour;
        ctx.beginPath();
        ctx.arc(m.x, m.y, m.r, 0, Math.PI * 2);
        ctx.fill();
        // Cloud bands, clipped to the disc.
        ctx.save();
        ctx.beginPath();
        ctx.arc(m.x, m.y, m.r, 0, Math.PI * 2);
        ctx.clip();
        ctx.fillStyle = 'rgba(120,70,30,0.35)';
        for (let i = -3; i <= 3; i += 2) ctx.fillRect(m.x - m.r, m.y + (i * m.r) / 4 - m.r / 16, 2 * m.r, m.r / 8);
        ctx.restore();
        ctx.strokeStyle = '#f0c08a';
        ctx.lineWidth = 1.5;
        ctx.beginPath();
        ctx.arc(m.x, m.y, m.r, 0, Math.PI * 2);
        ctx.stroke();
        break;
      }
      case 'class-m-planet':
      case 'small-moon':
      case 'comet':
        ctx.fillStyle = m.colour;
        ctx.beginPath();
        ctx.arc(m.x, m.y, m.r, 0, Math.PI * 2);
        ctx.fill();
        ctx.strokeStyle = THEME.outline;
        ctx.lineWidth = 1;
        ctx.stroke();
        break;
      case 'black-hole':
        ctx.strokeStyle = BATTLE_COLOURS.blackHoleRing;
        ctx.lineWidth = 3;
        ctx.beginPath();
        ctx.arc(m.x, m.y, m.r + 2, 0, Math.PI * 2);
        ctx.stroke();
        ctx.fillStyle = m.colour;
        ctx.beginPath();
        ctx.arc(m.x, m.y, m.r, 0, Math.PI * 2);
        ctx.fill();
        break;
      case 'pulsar':
        ctx.strokeStyle = m.colour;
        ctx.lineWidth = 2;
        ctx.beginPath();
        for (let i = 0; i < 8; i++) {
          const a = (i * Math.PI) / 4;
          ctx.moveTo(m.x + Math.cos(a) * m.r, m.y + Math.sin(a) * m.r);
          ctx.lineTo(m.x + Math.cos(a) * m.r * 1.9, m.y + Math.sin(a) * m.r * 1.9);
        }
        ctx.stroke();
        ctx.fillStyle = m.colour;
        ctx.beginPath();
        ctx.arc(m.x, m.y, m.r, 0, Math.PI * 2);
        ctx.fill();
        break;
      default:
        break;
    }
  }
}

function drawStarts(ctx: CanvasRenderingContext2D, scene: BattleCardScene): void {
  for (const s of scene.starts) {
    ctx.globalAlpha = 0.32;
    ctx.fillStyle = s.colour;
    ctx.beginPath();
    for (const h of s.hexes) {
      const p = hexPixel(scene, h);
      hexPath(ctx, p.x, p.y, HEX - 0.5);
    }
    ctx.fill();
    ctx.globalAlpha = 1;
    const c = hexPixel(scene, s.hex);
    ctx.fillStyle = s.colour;
    ctx.beginPath();
    hexPath(ctx, c.x, c.y, HEX);
    ctx.fill();
    // The area's rim: the hexes at exactly 3.
    ctx.strokeStyle = s.colour;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    for (const h of s.hexes) {
      const p = hexPixel(scene, h);
      if (Math.hypot(p.x - c.x, p.y - c.y) > 2.5 * STEP) hexPath(ctx, p.x, p.y, HEX - 1);
    }
    ctx.stroke();
  }
}

function drawWarpPoints(ctx: CanvasRenderingContext2D, scene: BattleCardScene): void {
  for (const m of scene.markers) {
    if (m.kind !== 'warp') continue;
    ctx.fillStyle = BATTLE_COLOURS.space;
    ctx.beginPath();
    ctx.arc(m.x, m.y, m.r + 2, 0, Math.PI * 2);
    ctx.fill();
    ctx.strokeStyle = m.colour;
    ctx.lineWidth = 2.5;
    ctx.beginPath();
    ctx.arc(m.x, m.y, m.r, 0, Math.PI * 2);
    ctx.stroke();
    ctx.fillStyle = m.colour;
    ctx.beginPath();
    ctx.arc(m.x, m.y, m.r * 0.35, 0, Math.PI * 2);
    ctx.fill();
  }
}

function drawLabels(ctx: CanvasRenderingContext2D, scene: BattleCardScene): void {
  ctx.font = LABEL_FONT;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  for (const l of scene.labels) {
    const nx = Math.max(l.x, Math.min(l.anchor.x, l.x + l.w));
    const ny = Math.max(l.y, Math.min(l.anchor.y, l.y + l.h));
    const gap = Math.hypot(nx - l.anchor.x, ny - l.anchor.y);
    if (gap > l.anchor.r + 10) {
      const k = l.anchor.r / gap;
      ctx.strokeStyle = l.colour;
      ctx.globalAlpha = 0.7;
      ctx.lineWidth = 1;
      ctx.beginPath();
      ctx.moveTo(l.anchor.x + (nx - l.anchor.x) * k, l.anchor.y + (ny - l.anchor.y) * k);
      ctx.lineTo(nx, ny);
      ctx.stroke();
      ctx.globalAlpha = 1;
    }
  }
  for (const l of scene.labels) {
    ctx.fillStyle = 'rgba(21,22,26,0.88)';
    roundRect(ctx, l.x, l.y, l.w, l.h, 4);
    ctx.fill();
    ctx.strokeStyle = l.colour;
    ctx.lineWidth = 1;
    ctx.stroke();
    ctx.fillStyle = l.colour;
    ctx.fillText(l.text, l.x + 5, l.y + l.h / 2 + 1);
  }
}

function drawBanners(ctx: CanvasRenderingContext2D, scene: BattleCardScene): void {
  ctx.font = font(13, 'bold');
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  let y = scene.map.y + 8;
  for (const b of scene.banners) {
    const w = ctx.measureText(b).width + 14;
    ctx.fillStyle = 'rgba(35,36,40,0.9)';
    roundRect(ctx, scene.map.x + 8, y, w, 22, 6);
    ctx.fill();
    ctx.fillStyle = THEME.text;
    ctx.fillText(b, scene.map.x + 15, y + 12);
    y += 26;
  }
}

function drawBarrier(ctx: CanvasRenderingContext2D, scene: BattleCardScene): void {
  const { map } = scene;
  ctx.strokeStyle = BATTLE_COLOURS.barrier;
  ctx.lineWidth = 4;
  ctx.strokeRect(map.x - 2, map.y - 2, map.w + 4, map.h + 4);
}

function drawCompass(ctx: CanvasRenderingContext2D, cx: number, cy: number): void {
  const r = 20;
  ctx.strokeStyle = THEME.faint;
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  hexPath(ctx, cx, cy, r * 0.8);
  ctx.stroke();
  ctx.font = font(12, 'bold');
  ctx.fillStyle = THEME.muted;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  // Direction A points up, then clockwise through the hexsides.
  'ABCDEF'.split('').forEach((d, i) => {
    const a = -Math.PI / 2 + (i * Math.PI) / 3;
    ctx.fillText(d, cx + Math.cos(a) * (r + 6), cy + Math.sin(a) * (r + 6));
  });
}

function drawPanel(ctx: CanvasRenderingContext2D, scene: BattleCardScene): void {
  const p = scene.panel;
  ctx.fillStyle = THEME.panel;
  roundRect(ctx, p.x, p.y, p.w, p.h, 12);
  ctx.fill();
  drawCompass(ctx, p.x + p.w - 40, p.y + 40);
  for (const it of scene.panelItems) {
    if (it.kind === 'rule') {
      ctx.fillStyle = it.colour;
      ctx.fillRect(it.x, it.y, it.w, 1);
      continue;
    }
    if (it.kind === 'swatch') {
      ctx.font = it.font;
      const w = 76;
      ctx.fillStyle = it.colour;
      roundRect(ctx, it.x, it.y - 11, w, 22, 11);
      ctx.fill();
      ctx.fillStyle = contrastText(it.colour);
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(it.text, it.x + w / 2, it.y + 1);
      continue;
    }
    ctx.font = it.font;
    ctx.fillStyle = it.colour;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    let t = it.text;
    while (t.length > 1 && ctx.measureText(t).width > it.w) t = `${t.slice(0, -2)}…`;
    ctx.fillText(t, it.x, it.y);
  }
}

/** Renders the battle card as PNG bytes (1400×1000). */
export async function renderBattleCard(
  setup: BattleSetup,
  input: BattleSetupInput,
  fleets: readonly BattleFleet[],
  opts: BattleCardOptions = {},
): Promise<Buffer> {
  ensureFonts();
  const scene = battleCardScene(setup, input, fleets, opts);
  const canvas = createCanvas(scene.width, scene.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = THEME.background;
  ctx.fillRect(0, 0, scene.width, scene.height);
  drawGrid(ctx, scene);
  drawTerrain(ctx, scene, setup);
  drawStarts(ctx, scene);
  drawWarpPoints(ctx, scene);
  drawBanners(ctx, scene);
  drawLabels(ctx, scene);
  drawBarrier(ctx, scene);
  drawPanel(ctx, scene);
  return encodePng(canvas);
}
