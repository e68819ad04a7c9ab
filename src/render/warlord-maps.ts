import { createCanvas } from 'canvas';
import type { CanvasRenderingContext2D } from 'canvas';
import { SECTOR_SIZE } from '../rules/warlord/hex.ts';
import type { AreaTerrain } from '../rules/warlord/tables.ts';
import type { GalaxyView, KnownHex, SectorView, ShipMark } from '../rules/warlord/view.ts';
import { roundRect } from './common.ts';
import { ensureFonts, font, safeText } from './fonts.ts';
import { encodePng } from './png.ts';
import { THEME } from './theme.ts';

/**
 * Star Fleet Warlord's pictures, drawn from ONE corporation's knowledge (fog of war, §8, §11.3):
 * the input is a `SectorView`/`GalaxyView` (src/rules/warlord/view.ts), in which a hex or sector
 * the corporation has not seen is already `null`/'unknown', so nothing here can show more than it
 * knows. The sector map lays out the 16×16 flat-topped hexes with even-numbered columns half a hex
 * lower (even-q, §4.1, src/rules/warlord/hex.ts).
 */

/** Area terrain colours (App E); every kind has one, so a new kind is a compile error here. */
export const AREA_COLOURS: Record<AreaTerrain, string> = {
  ES: '#1d2c44',
  AF: '#6b5a45',
  AZ: '#7d4b32',
  CC: '#47688a',
  DC: '#5a4e6e',
  DS: '#6e5d50',
  GW: '#3d6b6b',
  HZ: '#8a6a2a',
  IS: '#2f6f9f',
  MM: '#7a2f5a',
  MS: '#5b5b30',
  NE: '#6a3f8a',
  NF: '#4a2f6a',
  OM: '#2f5a3f',
  RZ: '#8a3f2f',
  SC: '#3f3f6a',
  SZ: '#962f2f',
  TZ: '#666a70',
  WS: '#2f4f7a',
};

export const WARLORD_COLOURS = {
  own: '#3fc97a',
  sighted: '#e8514a',
  monster: '#b26df2',
  other: '#f58a3a',
  home: '#f5c343',
  unknown: THEME.unknown,
} as const;

const R = 24;
const STEP_X = 1.5 * R;
const STEP_Y = Math.sqrt(3) * R;
const LEFT = 44;
const TOP = 84;
const GRID_W = (SECTOR_SIZE - 1) * STEP_X + 2 * R;
const GRID_H = SECTOR_SIZE * STEP_Y + STEP_Y / 2;
const PANEL_X = LEFT + GRID_W + 28;
const PANEL_W = 380;
export const SECTOR_MAP_SIZE = { width: Math.ceil(PANEL_X + PANEL_W), height: Math.ceil(TOP + GRID_H + 36) };

/** The centre of hex (col, row), 1-based, in sector-map pixels. */
export function sectorHexCentre(col: number, row: number): { x: number; y: number } {
  return {
    x: LEFT + R + (col - 1) * STEP_X,
    y: TOP + STEP_Y / 2 + (row - 1) * STEP_Y + (col % 2 === 0 ? STEP_Y / 2 : 0),
  };
}

function hexPath(ctx: CanvasRenderingContext2D, x: number, y: number, r: number): void {
  ctx.beginPath();
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    const px = x + r * Math.cos(a);
    const py = y + r * Math.sin(a);
    if (i === 0) ctx.moveTo(px, py);
    else ctx.lineTo(px, py);
  }
  ctx.closePath();
}

function text(
  ctx: CanvasRenderingContext2D,
  s: string,
  x: number,
  y: number,
  px: number,
  colour: string,
  opts: { weight?: 'normal' | 'bold'; align?: 'left' | 'right' | 'center' } = {},
): void {
  ctx.font = font(px, opts.weight ?? 'normal');
  ctx.fillStyle = colour;
  ctx.textAlign = opts.align ?? 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText(safeText(s), x, y);
}

function drawHex(ctx: CanvasRenderingContext2D, h: KnownHex | null, col: number, row: number): void {
  const { x, y } = sectorHexCentre(col, row);
  hexPath(ctx, x, y, R - 1);
  ctx.fillStyle = h ? AREA_COLOURS[h.area] : WARLORD_COLOURS.unknown;
  ctx.fill();
  ctx.strokeStyle = THEME.outline;
  ctx.lineWidth = 1.5;
  ctx.stroke();
  if (!h) return;
  text(ctx, h.name, x, y - R * 0.62, 8, THEME.faint, { align: 'center' });
  if (h.area !== 'ES') text(ctx, h.area, x, y + R * 0.6, 8, THEME.muted, { align: 'center' });
  const site = h.site;
  if (site) {
    const ring =
      site.owner === 'own' ? WARLORD_COLOURS.own : typeof site.owner === 'number' ? WARLORD_COLOURS.other : null;
    if (site.homeOffice || site.base) {
      ctx.strokeStyle = site.homeOffice ? WARLORD_COLOURS.home : (ring ?? THEME.text);
      ctx.lineWidth = 3;
      hexPath(ctx, x, y, R - 4);
      ctx.stroke();
    }
    ctx.beginPath();
    ctx.arc(x, y, 10, 0, Math.PI * 2);
    ctx.fillStyle = THEME.panel;
    ctx.fill();
    if (ring) {
      ctx.strokeStyle = ring;
      ctx.lineWidth = 2.5;
      ctx.stroke();
    }
    text(ctx, site.kind, x, y, 9, site.production ? THEME.text : THEME.muted, { weight: 'bold', align: 'center' });
  } else if (h.point && h.point !== 'ES') {
    text(ctx, h.point, x, y, 10, THEME.text, { weight: 'bold', align: 'center' });
  }
}

function shipColour(m: ShipMark): string {
  return m.kind === 'own'
    ? WARLORD_COLOURS.own
    : m.kind === 'monster'
      ? WARLORD_COLOURS.monster
      : WARLORD_COLOURS.sighted;
}

function drawShips(ctx: CanvasRenderingContext2D, marks: ShipMark[]): void {
  const slot = new Map<string, number>();
  for (const m of marks) {
    const col = Number(m.hex.slice(0, 2));
    const row = Number(m.hex.slice(2));
    const i = slot.get(m.hex) ?? 0;
    slot.set(m.hex, i + 1);
    const c = sectorHexCentre(col, row);
    // Own ships on the left of the hex, sightings and monsters on the right.
    const x = c.x + (m.kind === 'own' ? -13 : 13);
    const y = c.y - 8 + (i % 2) * 14;
    ctx.beginPath();
    ctx.arc(x, y, 7, 0, Math.PI * 2);
    ctx.fillStyle = shipColour(m);
    ctx.fill();
    ctx.strokeStyle = THEME.outline;
    ctx.lineWidth = 1;
    ctx.stroke();
    const label = m.kind === 'monster' ? 'M' : m.count === null ? '?' : String(Math.min(m.count, 99));
    text(ctx, label, x, y + 0.5, 8, '#111214', { weight: 'bold', align: 'center' });
  }
}

const fmtProd = (p: { PE: number; OR: number; DC: number; FP: number }) =>
  `PE ${p.PE} OR ${p.OR} DC ${p.DC} FP ${p.FP}`;

/** The side panel's lines: a legend, then known sites with their values, then ship marks. */
export function sectorPanelLines(v: SectorView): string[] {
  const seen = v.hexes.filter((h) => h !== null).length;
  const lines = [v.scanned ? 'Terrain: scanned' : `Terrain: ${seen} of 256 hexes seen`, '', 'Known sites'];
  const sites = v.hexes.filter((h): h is KnownHex & { site: NonNullable<KnownHex['site']> } => h?.site != null);
  if (sites.length === 0) lines.push('  none');
  for (const h of sites) {
    const s = h.site;
    const who = s.owner === 'own' ? ' yours' : typeof s.owner === 'number' ? ` corp ${s.owner}` : '';
    const base = s.base ? ` ${s.base}` : '';
    lines.push(`  ${h.name} ${s.kind} ${s.production ? fmtProd(s.production) : 'values unknown'}${who}${base}`);
  }
  lines.push('', 'Ships');
  if (v.ships.length === 0) lines.push('  none seen');
  for (const m of v.ships) {
    const n = m.count === null ? '?' : String(m.count);
    const who =
      m.kind === 'own'
        ? 'yours'
        : m.kind === 'monster'
          ? 'monster'
          : m.owner !== null
            ? `corp ${m.owner}`
            : 'unknown owner';
    lines.push(`  ${m.hex} ${n} ${who}${m.kind === 'own' ? '' : ` (turn ${m.turn})`}`);
  }
  return lines;
}

/** A legend entry: a 12-pixel square of `colour`, its label `gap` pixels from the square's left edge. */
function swatch(
  ctx: CanvasRenderingContext2D,
  colour: string,
  label: string,
  x: number,
  y: number,
  style: { gap: number; size: number },
): void {
  ctx.fillStyle = colour;
  ctx.fillRect(x, y - 6, 12, 12);
  text(ctx, label, x + style.gap, y, style.size, THEME.text);
}

/** A sector map as one corporation knows it. */
export async function renderWarlordSector(v: SectorView): Promise<Buffer> {
  ensureFonts();
  const { width, height } = SECTOR_MAP_SIZE;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = THEME.background;
  ctx.fillRect(0, 0, width, height);
  text(ctx, `Sector ${v.sector}`, LEFT, 28, 24, THEME.text, { weight: 'bold' });
  text(ctx, `${v.corpName} · turn ${v.turn} · what your corporation knows`, LEFT, 56, 14, THEME.muted);
  for (let row = 1; row <= SECTOR_SIZE; row++)
    for (let col = 1; col <= SECTOR_SIZE; col++)
      drawHex(ctx, v.hexes[(row - 1) * SECTOR_SIZE + (col - 1)] ?? null, col, row);
  drawShips(ctx, v.ships);
  // Side panel: legend swatches, then the lines.
  ctx.fillStyle = THEME.panel;
  roundRect(ctx, PANEL_X - 12, TOP - 8, PANEL_W - 8, GRID_H + 16, 8);
  ctx.fill();
  let y = TOP + 12;
  for (const [colour, label] of [
    [WARLORD_COLOURS.own, 'your ships / sites'],
    [WARLORD_COLOURS.sighted, 'ships sighted (? = not counted)'],
    [WARLORD_COLOURS.monster, 'monster'],
    [WARLORD_COLOURS.home, 'Home Office'],
    [WARLORD_COLOURS.unknown, 'not seen'],
  ] as const) {
    swatch(ctx, colour, label, PANEL_X, y, { gap: 20, size: 13 });
    y += 20;
  }
  y += 8;
  const maxY = TOP + GRID_H - 8;
  const lines = sectorPanelLines(v);
  for (const [i, line] of lines.entries()) {
    if (y > maxY - 16 && i < lines.length - 1) {
      text(ctx, `  … ${lines.length - i} more lines in the report`, PANEL_X, y, 11, THEME.faint);
      break;
    }
    const heading = line !== '' && !line.startsWith(' ');
    text(ctx, line, PANEL_X, y, heading ? 13 : 11, heading ? THEME.text : THEME.muted, {
      weight: heading ? 'bold' : 'normal',
    });
    y += line === '' ? 8 : 16;
  }
  return encodePng(canvas);
}

const CELL = 88;
const G_LEFT = 40;
const G_TOP = 84;

export function galaxyMapSize(v: Pick<GalaxyView, 'width' | 'height'>): { width: number; height: number } {
  return { width: Math.max(520, G_LEFT * 2 + v.width * CELL), height: G_TOP + v.height * CELL + 60 };
}

/** The top-left corner of sector (x, y)'s cell in the overview. */
export function galaxyCell(x: number, y: number): { x: number; y: number; size: number } {
  return { x: G_LEFT + x * CELL, y: G_TOP + y * CELL, size: CELL };
}

export const GALAXY_FILL = { scanned: '#2f4f7a', visited: '#3d5c55', unknown: THEME.unknown } as const;

/** The galaxy overview as one corporation knows it. */
export async function renderWarlordGalaxy(v: GalaxyView): Promise<Buffer> {
  ensureFonts();
  const { width, height } = galaxyMapSize(v);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = THEME.background;
  ctx.fillRect(0, 0, width, height);
  text(ctx, `Galaxy ${v.width}×${v.height}`, G_LEFT, 28, 24, THEME.text, { weight: 'bold' });
  text(ctx, `${v.corpName} · turn ${v.turn} · the map wraps at every edge`, G_LEFT, 56, 14, THEME.muted);
  for (const s of v.sectors) {
    const c = galaxyCell(s.x, s.y);
    ctx.fillStyle = GALAXY_FILL[s.known];
    roundRect(ctx, c.x + 3, c.y + 3, CELL - 6, CELL - 6, 6);
    ctx.fill();
    if (s.home) {
      ctx.strokeStyle = s.home === 'own' ? WARLORD_COLOURS.home : WARLORD_COLOURS.other;
      ctx.lineWidth = 4;
      ctx.stroke();
    }
    text(ctx, s.sector, c.x + 10, c.y + 16, 14, THEME.text, { weight: 'bold' });
    if (s.home)
      text(ctx, s.home === 'own' ? 'HOME' : 'HO', c.x + CELL - 10, c.y + 16, 10, THEME.text, { align: 'right' });
    if (s.known === 'unknown') text(ctx, '?', c.x + CELL / 2, c.y + CELL / 2 + 6, 22, THEME.faint, { align: 'center' });
    let y = c.y + 38;
    for (const [n, colour, label] of [
      [s.ownShips, WARLORD_COLOURS.own, 'ships'],
      [s.ownSites, WARLORD_COLOURS.own, 'sites'],
      [s.sighted, WARLORD_COLOURS.sighted, 'seen'],
    ] as const) {
      if (n === 0) continue;
      ctx.beginPath();
      ctx.arc(c.x + 14, y, 5, 0, Math.PI * 2);
      ctx.fillStyle = colour;
      ctx.fill();
      text(ctx, `${n} ${label}`, c.x + 24, y, 11, THEME.text);
      y += 15;
    }
  }
  let x = G_LEFT;
  const ly = G_TOP + v.height * CELL + 28;
  for (const [colour, label] of [
    [GALAXY_FILL.scanned, 'scanned'],
    [GALAXY_FILL.visited, 'visited'],
    [GALAXY_FILL.unknown, 'unknown'],
    [WARLORD_COLOURS.home, 'your home'],
    [WARLORD_COLOURS.other, 'another HO'],
  ] as const) {
    swatch(ctx, colour, label, x, ly, { gap: 18, size: 12 });
    x += 96;
  }
  return encodePng(canvas);
}
