import { createCanvas } from 'canvas';
import type { CanvasRenderingContext2D } from 'canvas';
import type { Ledger, LedgerRow, LedgerTotals } from '../rules/thunderdome/ledger.ts';
import type { CampaignState } from '../rules/thunderdome/state.ts';
import { playerText, roundRect } from './common.ts';
import { ensureFonts, font, safeText } from './fonts.ts';
import { titleLines } from './map-image.ts';
import { encodePng } from './png.ts';
import { playerColour, THEME } from './theme.ts';

/**
 * The campaign ledger as a picture: the "campaign master spreadsheet" of UTD1.12,
 * one line per player in seat order with the treasury, income, sectors owned by type,
 * developments, navy and forfeits, and a totals line. The figures come from the rules'
 * `campaignLedger`; this file only places and draws them. Laid out at 1520 px and scaled.
 */
export interface LedgerImageOptions {
  /** Width in pixels (default 1520); the height follows from the number of players. */
  width?: number;
}

export const LEDGER_BASE_WIDTH = 1520;

type NumberKey = keyof LedgerTotals;

export interface LedgerColumn {
  key: 'seat' | 'player' | NumberKey;
  heading: string;
  /** Left edge and width in image pixels. */
  x: number;
  w: number;
  align: 'left' | 'right' | 'center';
}

export interface LedgerScene {
  width: number;
  height: number;
  k: number;
  title: Rect;
  columns: LedgerColumn[];
  groups: { heading: string; x: number; w: number }[];
  /** One line per ledger row, in the same order; `disc` is the player's colour swatch. */
  rows: { playerId: string; y: number; h: number; disc: { x: number; y: number; r: number } }[];
  totals: Rect;
  footer: Rect;
}

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

const PAD = 24;
const HEADER_H = 118;
const GROUP_H = 30;
const HEAD_H = 36;
const ROW_H = 46;
const FOOT_H = 46;

/** Column widths at 1520 px; numbers are right-aligned so digits line up. */
const COLUMN_SPECS: { key: LedgerColumn['key']; heading: string; w: number; align: LedgerColumn['align'] }[] = [
  { key: 'seat', heading: '#', w: 40, align: 'center' },
  { key: 'player', heading: 'Player', w: 300, align: 'left' },
  { key: 'bank', heading: 'Bank', w: 110, align: 'right' },
  { key: 'incomePerCycle', heading: 'Income', w: 100, align: 'right' },
  { key: 'sectorsOwned', heading: 'All', w: 56, align: 'right' },
  { key: 'home', heading: 'Home', w: 70, align: 'right' },
  { key: 'life', heading: 'Life', w: 60, align: 'right' },
  { key: 'mineral', heading: 'Mineral', w: 90, align: 'right' },
  { key: 'dead', heading: 'Dead', w: 66, align: 'right' },
  { key: 'colonies', heading: 'Colonies', w: 100, align: 'right' },
  { key: 'mines', heading: 'Mines', w: 76, align: 'right' },
  { key: 'forts', heading: 'Forts', w: 70, align: 'right' },
  { key: 'fleets', heading: 'Fleets', w: 76, align: 'right' },
  { key: 'ships', heading: 'Ships', w: 70, align: 'right' },
  { key: 'bpvAfloat', heading: 'BPV', w: 96, align: 'right' },
  { key: 'forfeits', heading: 'Forfeits', w: 92, align: 'right' },
];

/** Headings over groups of columns: [heading, first key, last key]. */
const GROUPS: [string, LedgerColumn['key'], LedgerColumn['key']][] = [
  ['Treasury (BPV)', 'bank', 'incomePerCycle'],
  ['Sectors owned', 'sectorsOwned', 'dead'],
  ['Developments', 'colonies', 'forts'],
  ['Navy afloat', 'fleets', 'bpvAfloat'],
];

/** Where everything goes; computed without drawing (tests read it). */
export function ledgerScene(ledger: Ledger, opts: LedgerImageOptions = {}): LedgerScene {
  const width = Math.round(opts.width ?? LEDGER_BASE_WIDTH);
  if (!(width >= 600 && width <= 6000)) throw new RangeError(`ledger width ${width} is out of range`);
  const k = width / LEDGER_BASE_WIDTH;
  const used = COLUMN_SPECS.reduce((n, c) => n + c.w, 0);
  // Spare width goes to the player column, so the table always spans the image.
  const spare = LEDGER_BASE_WIDTH - 2 * PAD - used;
  let x = PAD;
  const columns: LedgerColumn[] = COLUMN_SPECS.map((c) => {
    const w = c.key === 'player' ? c.w + spare : c.w;
    const col = { key: c.key, heading: c.heading, x: x * k, w: w * k, align: c.align };
    x += w;
    return col;
  });
  const groups = GROUPS.map(([heading, first, last]) => {
    const a = columns.find((c) => c.key === first)!;
    const b = columns.find((c) => c.key === last)!;
    return { heading, x: a.x, w: b.x + b.w - a.x };
  });
  const top = HEADER_H + GROUP_H + HEAD_H;
  const seat = columns.find((c) => c.key === 'player')!;
  const rows = ledger.rows.map((r, i) => {
    const y = (top + i * ROW_H) * k;
    return { playerId: r.playerId, y, h: ROW_H * k, disc: { x: seat.x + 16 * k, y: y + (ROW_H * k) / 2, r: 10 * k } };
  });
  const totalsY = top + Math.max(1, ledger.rows.length) * ROW_H + 6;
  const totals = { x: PAD * k, y: totalsY * k, w: (LEDGER_BASE_WIDTH - 2 * PAD) * k, h: ROW_H * k };
  const footer = { x: PAD * k, y: (totalsY + ROW_H) * k, w: totals.w, h: FOOT_H * k };
  const height = Math.ceil((totalsY + ROW_H + FOOT_H + PAD / 2) * k);
  return { width, height, k, title: { x: 0, y: 0, w: width, h: HEADER_H * k }, columns, groups, rows, totals, footer };
}

function fit(ctx: CanvasRenderingContext2D, text: string, max: number): string {
  if (ctx.measureText(text).width <= max) return text;
  const chars = [...text];
  while (chars.length > 1 && ctx.measureText(`${chars.join('')}…`).width > max) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

function cell(
  ctx: CanvasRenderingContext2D,
  text: string,
  col: Pick<LedgerColumn, 'x' | 'w' | 'align'>,
  cy: number,
  f: string,
  colour: string,
  inset: number,
): void {
  ctx.font = f;
  ctx.fillStyle = colour;
  ctx.textBaseline = 'middle';
  ctx.textAlign = col.align;
  const x = col.align === 'left' ? col.x + inset : col.align === 'right' ? col.x + col.w - inset : col.x + col.w / 2;
  ctx.fillText(fit(ctx, text, col.w - 2 * inset), x, cy);
}

function value(row: LedgerRow | LedgerTotals, key: NumberKey): string {
  return String(row[key]);
}

/** Renders the ledger as PNG bytes. */
export async function renderLedger(
  state: CampaignState,
  ledger: Ledger,
  opts: LedgerImageOptions = {},
): Promise<Buffer> {
  ensureFonts();
  const scene = ledgerScene(ledger, opts);
  const { k, width, height } = scene;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = THEME.background;
  ctx.fillRect(0, 0, width, height);

  // Title: the campaign, then the calendar and whose turn it is (the map's own second line).
  const [, when] = titleLines(state);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  ctx.font = font(36 * k, 'bold');
  ctx.fillStyle = THEME.text;
  ctx.fillText(fit(ctx, `${safeText(state.name) || 'Campaign'} — ledger`, width - 2 * PAD * k), PAD * k, 50 * k);
  ctx.font = font(22 * k);
  ctx.fillStyle = THEME.muted;
  ctx.fillText(fit(ctx, when, width - 2 * PAD * k), PAD * k, 86 * k);
  ctx.fillStyle = THEME.rule;
  ctx.fillRect(0, (HEADER_H - 4) * k, width, Math.max(1, 2 * k));

  // Group headings with a rule under each group, then the column headings.
  const gy = (HEADER_H + GROUP_H / 2 + 2) * k;
  for (const g of scene.groups) {
    cell(
      ctx,
      g.heading.toUpperCase(),
      { x: g.x, w: g.w, align: 'center' },
      gy,
      font(15 * k, 'bold'),
      THEME.faint,
      4 * k,
    );
    ctx.fillStyle = THEME.rule;
    ctx.fillRect(g.x + 8 * k, (HEADER_H + GROUP_H - 2) * k, g.w - 16 * k, Math.max(1, 2 * k));
  }
  const hy = (HEADER_H + GROUP_H + HEAD_H / 2) * k;
  for (const c of scene.columns) cell(ctx, c.heading, c, hy, font(16 * k, 'bold'), THEME.muted, 6 * k);

  // One line per player, striped; players no longer in the game are greyed.
  ledger.rows.forEach((r, i) => {
    const line = scene.rows[i]!;
    const cy = line.y + line.h / 2;
    if (i % 2 === 0) {
      ctx.fillStyle = THEME.panel;
      roundRect(ctx, PAD * k, line.y + 2 * k, (LEDGER_BASE_WIDTH - 2 * PAD) * k, line.h - 4 * k, 8 * k);
      ctx.fill();
    }
    const gone = r.status !== 'active';
    const ink = gone ? THEME.faint : THEME.text;
    const turn = state.status === 'active' && state.turn?.playerId === r.playerId;
    for (const c of scene.columns) {
      if (c.key === 'seat') {
        if (turn) {
          // The player whose turn it is: a pointer instead of the plain seat number.
          ctx.fillStyle = THEME.text;
          ctx.beginPath();
          ctx.moveTo(c.x + 6 * k, cy - 8 * k);
          ctx.lineTo(c.x + 18 * k, cy);
          ctx.lineTo(c.x + 6 * k, cy + 8 * k);
          ctx.closePath();
          ctx.fill();
          cell(ctx, String(r.seat ?? ''), { ...c, align: 'right' }, cy, font(19 * k, 'bold'), ink, 2 * k);
        } else cell(ctx, r.seat === null ? '–' : String(r.seat), c, cy, font(19 * k), ink, 2 * k);
      } else if (c.key === 'player') {
        ctx.beginPath();
        ctx.arc(line.disc.x, line.disc.y, line.disc.r, 0, Math.PI * 2);
        ctx.fillStyle = playerColour(state, r.playerId);
        ctx.fill();
        const nameX = line.disc.x + 20 * k;
        const room = c.x + c.w - nameX - 8 * k;
        ctx.font = font(21 * k, 'bold');
        const name = fit(ctx, playerText(state, r.playerId), room * 0.62);
        ctx.fillStyle = ink;
        ctx.textAlign = 'left';
        ctx.textBaseline = 'middle';
        ctx.fillText(name, nameX, cy);
        const after = nameX + ctx.measureText(name).width + 10 * k;
        ctx.font = font(17 * k);
        ctx.fillStyle = gone ? THEME.battle : THEME.faint;
        ctx.fillText(fit(ctx, gone ? r.status : r.empire, c.x + c.w - after - 8 * k), after, cy + 1 * k);
      } else
        cell(
          ctx,
          value(r, c.key),
          c,
          cy,
          font(20 * k, c.key === 'bank' || c.key === 'bpvAfloat' ? 'bold' : 'normal'),
          ink,
          8 * k,
        );
    }
  });
  if (ledger.rows.length === 0)
    cell(
      ctx,
      'No players yet.',
      scene.columns.find((c) => c.key === 'player')!,
      scene.rows[0]?.y ?? (HEADER_H + GROUP_H + HEAD_H + ROW_H / 2) * k,
      font(20 * k),
      THEME.faint,
      8 * k,
    );

  // Totals.
  const t = scene.totals;
  ctx.fillStyle = THEME.rule;
  ctx.fillRect(t.x, t.y - 3 * k, t.w, Math.max(1, 2 * k));
  const ty = t.y + t.h / 2;
  for (const c of scene.columns) {
    if (c.key === 'seat') continue;
    if (c.key === 'player') cell(ctx, 'Total', c, ty, font(20 * k, 'bold'), THEME.muted, 8 * k);
    else cell(ctx, value(ledger.totals, c.key), c, ty, font(20 * k, 'bold'), THEME.muted, 8 * k);
  }
  // What the columns mean, in one line.
  const note = `Income: ${state.settings['income.perMine']} BPV per active mine in a sector the player owns (UTD4.344) · ${ledger.unowned} of ${ledger.sectors} sectors unowned · BPV afloat: catalog BPV of every ship`;
  ctx.font = font(16 * k);
  ctx.fillStyle = THEME.faint;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText(fit(ctx, note, scene.footer.w), scene.footer.x, scene.footer.y + scene.footer.h / 2);
  return encodePng(canvas);
}
