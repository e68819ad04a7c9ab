import { createCanvas } from 'canvas';
import type { CanvasRenderingContext2D } from 'canvas';
import {
  bodyAxes,
  formatHexes,
  KM_PER_HEX,
  rangeTable,
  signedAngle,
  webLines,
  type Engagement,
  type N3dUnit,
} from '../rules/n3d/index.ts';
import { ensureFonts, font, safeText } from './fonts.ts';
import { encodePng } from './png.ts';
import { PALETTE, THEME } from './theme.ts';

/**
 * Two views of an SFB 'n3D engagement plus a range table (digest P-B1 `/n3d render`).
 * Axes follow C1.12 (+x north, +y up, +z west):
 * - TOP view, looking down: north up the image, west to the left (x vertical, z horizontal).
 * - SIDE view, seen from the west: north to the right, up is up (x horizontal, y vertical).
 * Both views share one scale, so lengths compare across them. Each unit has its owner's colour,
 * an arrow along its facing projected into the view, and its id. The table gives, for every
 * ordered pair, the range (D1.4), the bearing in the arc convention (+ = starboard) and the
 * relative pitch. Drawing depends only on the engagement, so the same engagement gives the same
 * bytes.
 */
const W = 1200;
const PAD = 20;
const TITLE_H = 56;
const PANEL = (W - 3 * PAD) / 2; // 570
const PANEL_TOP = TITLE_H;
const MARGIN = 44; // inside a panel, room for labels
const TABLE_TOP = PANEL_TOP + PANEL + 24;
const ROW_H = 24;
const FIRST_COL = 230;
/** The range table lists at most this many units (a 16 × 16 grid still reads at 1200 px). */
export const TABLE_MAX_UNITS = 16;

export interface ViewPoint {
  id: string;
  top: { x: number; y: number };
  side: { x: number; y: number };
}

export interface N3dViewLayout {
  width: number;
  height: number;
  /** Pixels per hex (both views). */
  scale: number;
  /** Grid spacing in hexes. */
  grid: number;
  points: ViewPoint[];
  /** Panel origins (top-left) in the image. */
  panels: { top: { x: number; y: number }; side: { x: number; y: number } };
  /** The world point (hexes) at the centre of both panels. */
  mid: { x: number; y: number; z: number };
}

type Hexes = { x: number; y: number; z: number };

/** Where a world point (hexes) is drawn in one view. */
export function projectPoint(
  layout: Pick<N3dViewLayout, 'scale' | 'panels' | 'mid'>,
  view: 'top' | 'side',
  p: Hexes,
): { x: number; y: number } {
  const c = PANEL / 2;
  const o = layout.panels[view];
  const { mid, scale } = layout;
  return view === 'top'
    ? { x: o.x + c - (p.z - mid.z) * scale, y: o.y + c - (p.x - mid.x) * scale }
    : { x: o.x + c + (p.x - mid.x) * scale, y: o.y + c - (p.y - mid.y) * scale };
}

const inHexes = (v: { x: number; y: number; z: number }): Hexes => ({
  x: v.x / KM_PER_HEX,
  y: v.y / KM_PER_HEX,
  z: v.z / KM_PER_HEX,
});

/** Owners in order of first appearance, each with a seat-style colour. */
export function ownerColours(e: Engagement): Map<string, string> {
  const out = new Map<string, string>();
  for (const u of e.units) if (!out.has(u.owner)) out.set(u.owner, PALETTE[out.size % PALETTE.length]!);
  return out;
}

function niceStep(span: number): number {
  const raw = span / 6;
  const p = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * p >= raw) return m * p;
  return 10 * p;
}

function tableRows(e: Engagement): number {
  const n = Math.min(TABLE_MAX_UNITS, e.units.length);
  return n === 0 ? 1 : n + 1;
}

/** Size, scale and where every unit is drawn (tests check pixels with it). */
export function n3dViewLayout(e: Engagement): N3dViewLayout {
  const points: Hexes[] = e.units.map((u) => inHexes(u.pos));
  for (const w of webLines(e)) for (const p of w.line) points.push(inHexes(p));
  for (const b of e.blackHoles) points.push(inHexes(b.pos));
  // Planets and moons set the frame; the asteroid field (35 hexes across) is drawn where it falls.
  for (const b of e.bodies ?? []) points.push(inHexes(b.centre));
  const range = (k: 'x' | 'y' | 'z') => {
    const v = points.map((p) => p[k]);
    return v.length ? { lo: Math.min(...v), hi: Math.max(...v) } : { lo: 0, hi: 0 };
  };
  const rx = range('x');
  const ry = range('y');
  const rz = range('z');
  const span = Math.max(2, rx.hi - rx.lo, ry.hi - ry.lo, rz.hi - rz.lo);
  const scale = (PANEL - 2 * MARGIN) / span;
  const mid = { x: (rx.lo + rx.hi) / 2, y: (ry.lo + ry.hi) / 2, z: (rz.lo + rz.hi) / 2 };
  const panels = { top: { x: PAD, y: PANEL_TOP }, side: { x: 2 * PAD + PANEL, y: PANEL_TOP } };
  const at = { scale, panels, mid };
  const project = (p: Hexes) => ({ top: projectPoint(at, 'top', p), side: projectPoint(at, 'side', p) });
  const rows = tableRows(e);
  const height = TABLE_TOP + 30 + rows * ROW_H + (e.units.length > TABLE_MAX_UNITS ? ROW_H : 0) + PAD;
  return {
    width: W,
    height,
    scale,
    grid: niceStep(span),
    points: e.units.map((u, i) => ({ id: u.id, ...project(points[i]!) })),
    panels,
    mid,
  };
}

function text(
  ctx: CanvasRenderingContext2D,
  t: string,
  x: number,
  y: number,
  f: string,
  colour: string,
  align: 'left' | 'right' | 'center' = 'left',
  max?: number,
): void {
  ctx.font = f;
  ctx.fillStyle = colour;
  ctx.textAlign = align;
  ctx.textBaseline = 'middle';
  let shown = t;
  if (max !== undefined && ctx.measureText(shown).width > max) {
    const chars = [...shown];
    while (chars.length > 1 && ctx.measureText(`${chars.join('')}…`).width > max) chars.pop();
    shown = `${chars.join('')}…`;
  }
  ctx.fillText(shown, x, y);
}

function arrow(ctx: CanvasRenderingContext2D, x: number, y: number, dx: number, dy: number, colour: string): void {
  const len = Math.hypot(dx, dy);
  if (len < 2) return;
  const ex = x + dx;
  const ey = y + dy;
  ctx.strokeStyle = colour;
  ctx.lineWidth = 2.5;
  ctx.beginPath();
  ctx.moveTo(x, y);
  ctx.lineTo(ex, ey);
  ctx.stroke();
  const ux = dx / len;
  const uy = dy / len;
  ctx.fillStyle = colour;
  ctx.beginPath();
  ctx.moveTo(ex + ux * 6, ey + uy * 6);
  ctx.lineTo(ex - uy * 5, ey + ux * 5);
  ctx.lineTo(ex + uy * 5, ey - ux * 5);
  ctx.closePath();
  ctx.fill();
}

function marker(ctx: CanvasRenderingContext2D, u: N3dUnit, x: number, y: number, colour: string): void {
  ctx.fillStyle = colour;
  ctx.strokeStyle = THEME.outline;
  ctx.lineWidth = 2;
  ctx.beginPath();
  if (u.kind === 'base') ctx.rect(x - 7, y - 7, 14, 14);
  else if (u.kind === 'seeking') {
    ctx.moveTo(x, y - 6);
    ctx.lineTo(x + 6, y);
    ctx.lineTo(x, y + 6);
    ctx.lineTo(x - 6, y);
    ctx.closePath();
  } else ctx.arc(x, y, 7, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
}

interface PanelSpec {
  key: 'top' | 'side';
  title: string;
  /** How the panel's axes run, shown in its top-right corner. */
  across: string;
  down: string;
}

function drawPanel(
  ctx: CanvasRenderingContext2D,
  e: Engagement,
  layout: N3dViewLayout,
  spec: PanelSpec,
  colours: Map<string, string>,
): void {
  const o = layout.panels[spec.key];
  ctx.fillStyle = THEME.panel;
  ctx.fillRect(o.x, o.y, PANEL, PANEL);
  ctx.save();
  ctx.beginPath();
  ctx.rect(o.x, o.y, PANEL, PANEL);
  ctx.clip();
  // Grid lines on whole multiples of the grid step, in world hexes.
  ctx.strokeStyle = THEME.rule;
  ctx.lineWidth = 1;
  const half = PANEL / 2 / layout.scale;
  const [hAxis, vAxis] = spec.key === 'top' ? (['z', 'x'] as const) : (['x', 'y'] as const);
  const lines = (axis: 'x' | 'y' | 'z') => {
    const out: number[] = [];
    for (let k = Math.ceil((layout.mid[axis] - half) / layout.grid); k * layout.grid <= layout.mid[axis] + half; k++)
      out.push(k * layout.grid);
    return out;
  };
  for (const h of lines(hAxis)) {
    const q = projectPoint(layout, spec.key, { ...layout.mid, [hAxis]: h });
    ctx.beginPath();
    ctx.moveTo(Math.round(q.x) + 0.5, o.y);
    ctx.lineTo(Math.round(q.x) + 0.5, o.y + PANEL);
    ctx.stroke();
  }
  for (const v of lines(vAxis)) {
    const q = projectPoint(layout, spec.key, { ...layout.mid, [vAxis]: v });
    ctx.beginPath();
    ctx.moveTo(o.x, Math.round(q.y) + 0.5);
    ctx.lineTo(o.x + PANEL, Math.round(q.y) + 0.5);
    ctx.stroke();
  }
  const project = (p: { x: number; y: number; z: number }) => projectPoint(layout, spec.key, inHexes(p));
  // Webs (G10) and black holes (P4.1).
  for (const w of webLines(e)) {
    if (w.line.length < 2) continue;
    ctx.strokeStyle = '#9bd152';
    ctx.lineWidth = 3;
    ctx.beginPath();
    w.line.forEach((p, i) => {
      const q = project(p);
      if (i === 0) ctx.moveTo(q.x, q.y);
      else ctx.lineTo(q.x, q.y);
    });
    ctx.stroke();
  }
  // Asteroid hexes (P3.12) and planets, gas giants and moons (P2.1), to scale (never under 3 px).
  const px = (km: number) => Math.max(3, (km / 10_000) * layout.scale);
  ctx.strokeStyle = '#8a7f70';
  ctx.lineWidth = 1;
  for (const a of e.asteroids ?? []) {
    const q = project(a.centre);
    ctx.beginPath();
    ctx.arc(q.x, q.y, px((a.radiusThirds * 10_000) / 3), 0, Math.PI * 2);
    ctx.stroke();
  }
  for (const b of e.bodies ?? []) {
    const q = project(b.centre);
    if (b.ring) {
      ctx.strokeStyle = '#c9b27c';
      ctx.lineWidth = 1;
      for (const r of [b.ring.innerKm, b.ring.outerKm]) {
        ctx.beginPath();
        if (spec.key === 'top') ctx.arc(q.x, q.y, px(r), 0, Math.PI * 2);
        else {
          ctx.moveTo(q.x - px(r), q.y);
          ctx.lineTo(q.x + px(r), q.y);
        }
        ctx.stroke();
      }
    }
    if (b.atmosphereKm !== undefined) {
      ctx.fillStyle = 'rgba(120, 170, 230, 0.35)';
      ctx.beginPath();
      ctx.arc(q.x, q.y, px(b.atmosphereKm), 0, Math.PI * 2);
      ctx.fill();
    }
    ctx.fillStyle = b.kind === 'gas-giant' ? '#c98f4a' : b.kind === 'small-moon' ? '#9a9a9a' : '#3f8f5a';
    ctx.beginPath();
    ctx.arc(q.x, q.y, px(b.radiusKm), 0, Math.PI * 2);
    ctx.fill();
    text(ctx, safeText(b.id), q.x + px(b.radiusKm) + 4, q.y + 12, font(12), THEME.muted);
  }
  for (const b of e.blackHoles) {
    const q = project(b.pos);
    ctx.fillStyle = '#000000';
    ctx.strokeStyle = THEME.muted;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc(q.x, q.y, 9, 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
  }
  // Units: arrow first, so the marker sits on top of its base.
  e.units.forEach((u, i) => {
    const p = layout.points[i]![spec.key];
    const colour = colours.get(u.owner)!;
    const f = bodyAxes(u.facing).forward;
    const [dx, dy] = spec.key === 'top' ? [-f[2], -f[0]] : [f[0], -f[1]];
    arrow(ctx, p.x, p.y, dx * 28, dy * 28, colour);
    marker(ctx, u, p.x, p.y, colour);
  });
  // Labels; units drawn on the same spot (a drone just launched) stack their labels downwards.
  const placed: { x: number; y: number }[] = [];
  e.units.forEach((u, i) => {
    const p = layout.points[i]![spec.key];
    const below = placed.filter((q) => Math.abs(q.x - p.x) < 4 && Math.abs(q.y - p.y) < 4).length;
    placed.push(p);
    text(ctx, safeText(u.id) || '?', p.x + 10, p.y - 12 + below * 15, font(13, 'bold'), THEME.text);
  });
  ctx.restore();
  ctx.strokeStyle = THEME.rule;
  ctx.lineWidth = 1;
  ctx.strokeRect(o.x + 0.5, o.y + 0.5, PANEL - 1, PANEL - 1);
  text(ctx, spec.title, o.x + 10, o.y + 16, font(15, 'bold'), THEME.muted);
  text(ctx, `${spec.down} · ${spec.across}`, o.x + PANEL - 10, o.y + 16, font(13), THEME.faint, 'right');
}

function drawTable(ctx: CanvasRenderingContext2D, e: Engagement, colours: Map<string, string>): void {
  const units = e.units.slice(0, TABLE_MAX_UNITS);
  text(
    ctx,
    'Range · bearing (+ = starboard) · pitch — row sees column (D1.4, D2)',
    PAD,
    TABLE_TOP + 12,
    font(15, 'bold'),
    THEME.muted,
  );
  const top = TABLE_TOP + 30;
  if (units.length === 0) {
    text(ctx, 'No units yet.', PAD, top + ROW_H / 2, font(14), THEME.faint);
    return;
  }
  const colW = Math.min(150, (W - 2 * PAD - FIRST_COL) / units.length);
  const rows = new Map(rangeTable(e).map((r) => [`${r.from}>${r.to}`, r]));
  units.forEach((u, j) =>
    text(
      ctx,
      safeText(u.id) || '?',
      PAD + FIRST_COL + j * colW + colW / 2,
      top + ROW_H / 2,
      font(13, 'bold'),
      colours.get(u.owner)!,
      'center',
      colW - 6,
    ),
  );
  units.forEach((a, i) => {
    const y = top + (i + 1) * ROW_H;
    if (i % 2 === 0) {
      ctx.fillStyle = THEME.panel;
      ctx.fillRect(PAD, y, W - 2 * PAD, ROW_H);
    }
    ctx.fillStyle = colours.get(a.owner)!;
    ctx.fillRect(PAD, y + 4, 5, ROW_H - 8);
    const label = `${safeText(a.id) || '?'}  ${safeText(a.name)} · sp ${formatHexes(a.speed)}`;
    text(ctx, label, PAD + 12, y + ROW_H / 2, font(13), THEME.text, 'left', FIRST_COL - 16);
    units.forEach((b, j) => {
      const cx = PAD + FIRST_COL + j * colW + colW / 2;
      if (a.id === b.id) {
        text(ctx, '—', cx, y + ROW_H / 2, font(13), THEME.faint, 'center');
        return;
      }
      const r = rows.get(`${a.id}>${b.id}`)!;
      const pitch = signedAngle(r.relPitch);
      const cell = `${r.sameHex ? '0*' : r.range} · ${Math.round(r.arcBearing / 10_000) % 360}° · ${pitch >= 0 ? '+' : ''}${Math.round(pitch / 10_000)}°`;
      text(ctx, cell, cx, y + ROW_H / 2, font(12), THEME.text, 'center', colW - 6);
    });
  });
  if (e.units.length > TABLE_MAX_UNITS) {
    text(
      ctx,
      `… and ${e.units.length - TABLE_MAX_UNITS} more units (use /n3d range).`,
      PAD,
      top + (units.length + 1) * ROW_H + ROW_H / 2,
      font(13),
      THEME.faint,
    );
  }
}

/** The PNG of an engagement: top and side views and the range table. */
export async function renderN3dViews(e: Engagement): Promise<Buffer> {
  ensureFonts();
  const layout = n3dViewLayout(e);
  const colours = ownerColours(e);
  const canvas = createCanvas(layout.width, layout.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = THEME.background;
  ctx.fillRect(0, 0, layout.width, layout.height);
  text(ctx, `SFB 'n3D · turn ${e.turn}, impulse ${e.impulse} of 32`, PAD, 22, font(22, 'bold'), THEME.text);
  text(
    ctx,
    `grid ${formatHexes(Math.round(layout.grid * KM_PER_HEX))} hex · 1 hex = 10,000 km · arrows show facing`,
    W - PAD,
    22,
    font(14),
    THEME.faint,
    'right',
  );
  text(
    ctx,
    `${e.units.length} unit${e.units.length === 1 ? '' : 's'} · ${[...colours.keys()].map((o) => safeText(o)).join(', ') || 'no owners'}`,
    PAD,
    44,
    font(13),
    THEME.faint,
    'left',
    W - 2 * PAD,
  );
  drawPanel(
    ctx,
    e,
    layout,
    { key: 'top', title: 'TOP (from above)', across: '← west (+z)', down: '↑ north (+x)' },
    colours,
  );
  drawPanel(
    ctx,
    e,
    layout,
    { key: 'side', title: 'SIDE (from the west)', across: 'north (+x) →', down: '↑ up (+y)' },
    colours,
  );
  drawTable(ctx, e, colours);
  return encodePng(canvas);
}
