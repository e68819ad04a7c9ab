import { createCanvas } from 'canvas';
import { fleetLimit } from '../rules/thunderdome/lookup.ts';
import type { CanvasRenderingContext2D } from 'canvas';
import { bpv, bpvToString, ZERO } from '../rules/exact/bpv.ts';
import { formatMoveClass, mc } from '../rules/exact/move-class.ts';
import { cycleLabel, season, yearLabel } from '../rules/thunderdome/calendar.ts';
import { empireName } from '../rules/thunderdome/empires.ts';
import type { Base, CampaignState, Fleet, Ship } from '../rules/thunderdome/state.ts';
import type { UnitCatalog } from '../rules/thunderdome/units.ts';
import { ensureFonts, font, safeText } from './fonts.ts';
import { drawIcon } from './icons.ts';
import type { IconKind } from './icons.ts';
import { playerText, roundRect, sectorText } from './common.ts';
import { encodePng } from './png.ts';
import { contrastText, playerColour, THEME } from './theme.ts';

/**
 * One player's navy on one image (UTD3.1): every fleet with its ships (class, BPV, move class,
 * conditions), the fleet's move class used of 5 (UTD7.23) and BPV, where it is; the capital,
 * shipyards and defenses by sector; the bank and the order points. The image is as tall as
 * its content.
 */
export interface NavySheetOptions {
  /** Width in pixels (default 1000). */
  width?: number;
}

/** Everything the sheet shows, worked out before drawing (tests read it). */
export interface NavySummary {
  playerId: string;
  name: string;
  empire: string;
  colour: string;
  bank: string;
  /** e.g. `3 of 4 left this turn` or `4 per turn`. */
  orderPoints: string;
  fleetsLine: string;
  fleets: FleetSummary[];
  /** Ships not in any fleet, dock or capture list (none normally; kept so nothing is ever hidden). */
  loose: ShipRow[];
  /** Ships in dry dock (UTD7.6): in no fleet, unpowered; the name says where and at which position. */
  docked: ShipRow[];
  /** Ships ordered at a shipyard this turn, arriving at step 10 (UTD6.3734); the id is the one reserved. */
  building: ShipRow[];
  /** Ships captured this turn and not yet organized into a fleet, dry dock or scrap (UTD6.3I2). */
  unorganized: ShipRow[];
  bases: {
    sector: string;
    label: string;
    groups: { role: string; kind: IconKind; units: string[]; pending: number }[];
  }[];
}

export interface FleetSummary {
  id: string;
  slot: number;
  sector: string;
  location: string;
  /** Move class used, in sixtieths, and its text (`4/3`). */
  mc: number;
  mcText: string;
  overLimit: boolean;
  bpv: string;
  flags: string[];
  ships: ShipRow[];
}

export interface ShipRow {
  id: string;
  name: string;
  bpv: string;
  mc: string;
  conditions: { text: string; colour: string }[];
}

const CONDITION_COLOURS = {
  crippled: '#f0b232',
  wrecked: '#f23f43',
  uninspected: '#4a9df8',
  'D9.4 used': '#b5bac1',
  captured: '#b26df2',
  building: '#3ba55c',
} as const;

function shipRow(ship: Ship, catalog: UnitCatalog): ShipRow {
  const unit = catalog.get(ship.unitId);
  const conditions: ShipRow['conditions'] = [];
  if (ship.wrecked) conditions.push({ text: 'wrecked', colour: CONDITION_COLOURS.wrecked });
  else if (ship.crippled) conditions.push({ text: 'crippled', colour: CONDITION_COLOURS.crippled });
  if (ship.uninspected) conditions.push({ text: 'uninspected', colour: CONDITION_COLOURS.uninspected });
  if (ship.d94Used) conditions.push({ text: 'D9.4 used', colour: CONDITION_COLOURS['D9.4 used'] });
  if (ship.captured) conditions.push({ text: 'captured', colour: CONDITION_COLOURS.captured });
  return {
    id: ship.id,
    name: safeText(unit?.name ?? ship.unitId) || ship.unitId,
    bpv: unit?.bpv ?? ship.bpv,
    mc: unit ? formatMoveClass(mc(unit.mc)) : '?',
    conditions,
  };
}

const ROLE_GROUPS: { role: string; kind: IconKind; roles: Base['role'][] }[] = [
  { role: 'Capital', kind: 'capital', roles: ['capital', 'capital-rf'] },
  { role: 'Shipyards', kind: 'shipyard', roles: ['shipyard', 'supporting-rf'] },
  { role: 'Defenses', kind: 'defense', roles: ['defense', 'defending-ship'] },
];

/** Works out the content of a navy sheet. Throws on an unknown player (a caller's bug). */
export function navySummary(state: CampaignState, playerId: string, catalog: UnitCatalog): NavySummary {
  const p = state.players.find((x) => x.id === playerId);
  if (!p) throw new RangeError(`unknown player ${playerId}`);
  const sectorLabel = (key: string) => {
    const s = state.map?.sectors.find((x) => x.key === key);
    if (!s) return safeText(key);
    const text = sectorText(s);
    return text === s.key ? text : `${text} (${safeText(s.key)})`;
  };
  const fleets = state.fleets
    .filter((f) => f.owner === p.id)
    .sort((a, b) => a.slot - b.slot)
    .map((f: Fleet): FleetSummary => {
      const ships = state.ships.filter((s) => s.fleetId === f.id);
      const used = ships.reduce((sum, s) => sum + (catalog.get(s.unitId)?.mc ?? 0), 0);
      const total = ships.reduce((sum, s) => sum.add(bpv(catalog.get(s.unitId)?.bpv ?? s.bpv)), ZERO);
      const flags: string[] = [];
      if (f.pinned) flags.push('pinned');
      if (f.trapped) flags.push(`trapped by fort in ${sectorLabel(f.trapped.fortSector)}`);
      if (f.establishing) flags.push('establishing');
      return {
        id: f.id,
        slot: f.slot,
        sector: f.sector,
        location: sectorLabel(f.sector),
        mc: used,
        mcText: formatMoveClass(mc(used)),
        overLimit: used > fleetLimit(state),
        bpv: bpvToString(total),
        flags,
        ships: ships.map((s) => shipRow(s, catalog)),
      };
    });
  // Ships outside fleets: in dry dock, captured and unorganized, or (never normally) neither.
  const outside = state.ships.filter((s) => s.owner === p.id && s.fleetId === null);
  const yardLabel = (yardId: string) => {
    const yard = state.bases.find((b) => b.id === yardId);
    if (!yard) return safeText(yardId);
    // Short: the name column is narrow; the sector key is enough to tell two yards apart.
    return `${yard.role === 'capital' ? 'capital' : `yard ${yard.id}`} (${safeText(yard.sector)})`;
  };
  const docked = outside
    .filter((s) => s.dock)
    .sort((a, b) =>
      a.dock!.yardId < b.dock!.yardId ? -1 : a.dock!.yardId > b.dock!.yardId ? 1 : a.dock!.position - b.dock!.position,
    )
    .map((s) => {
      const row = shipRow(s, catalog);
      return { ...row, name: `${row.name} · dock ${s.dock!.position}, ${yardLabel(s.dock!.yardId)}` };
    });
  const unorganized = outside.filter((s) => !s.dock && s.unorganized).map((s) => shipRow(s, catalog));
  const loose = outside.filter((s) => !s.dock && !s.unorganized).map((s) => shipRow(s, catalog));
  const building = (state.pendingBuilds ?? [])
    .filter((b) => b.owner === p.id)
    .map((b): ShipRow => {
      const unit = catalog.get(b.unitId);
      const to = b.planned.kind === 'fleet' ? `fleet ${b.planned.slot}` : 'dry dock';
      return {
        id: b.shipId,
        name: `${safeText(unit?.name ?? b.unitId) || b.unitId} · ${yardLabel(b.yardId)} → ${to}`,
        bpv: b.cost,
        mc: unit ? formatMoveClass(mc(unit.mc)) : '?',
        conditions: [{ text: 'building', colour: CONDITION_COLOURS.building }],
      };
    });
  const bySector = new Map<string, Base[]>();
  for (const b of state.bases.filter((x) => x.owner === p.id))
    bySector.set(b.sector, [...(bySector.get(b.sector) ?? []), b]);
  const bases = [...bySector].map(([sector, list]) => ({
    sector,
    label: sectorLabel(sector),
    groups: ROLE_GROUPS.map((g) => {
      const mine = list.filter((b) => g.roles.includes(b.role));
      const counts = new Map<string, number>();
      for (const b of mine) {
        const name = safeText(catalog.get(b.unitId)?.name ?? b.unitId) || b.unitId;
        counts.set(name, (counts.get(name) ?? 0) + 1);
      }
      return {
        role: g.role,
        kind: g.kind,
        units: [...counts].map(([n, c]) => (c > 1 ? `${c}× ${n}` : n)),
        pending: mine.filter((b) => b.pending).length,
      };
    }).filter((g) => g.units.length > 0),
  }));
  // Capital first, then by sector label.
  bases.sort(
    (a, b) =>
      Number(b.groups.some((g) => g.kind === 'capital')) - Number(a.groups.some((g) => g.kind === 'capital')) ||
      (a.label < b.label ? -1 : a.label > b.label ? 1 : 0),
  );
  const active = state.players.filter((x) => x.status === 'active').length;
  const perTurn = active + p.permanentOps;
  const turn = state.turn;
  const orderPoints =
    turn && turn.playerId === p.id
      ? `${turn.opsBase + turn.opsTempBought - turn.opsSpent} of ${turn.opsBase + turn.opsTempBought} left this turn`
      : `${perTurn} per turn${p.permanentOps ? ` (${active} + ${p.permanentOps} permanent)` : ''}`;
  const maxFleets = 3 + active + p.extraFleets;
  return {
    playerId: p.id,
    name: playerText(state, p.id),
    empire: empireName(p.empire),
    colour: playerColour(state, p.id),
    bank: p.bank,
    orderPoints,
    fleetsLine: `${fleets.length} of ${maxFleets}`,
    fleets,
    loose,
    docked,
    building,
    unorganized,
    bases,
  };
}

// ---------------------------------------------------------------------------------------------
// Drawing

const W = 1000;
const PAD = 28;
const HEADER_H = 150;
const CARD_HEAD = 58;
const ROW = 38;
const TABLE_HEAD = 32;
const GAP = 18;
const MAX_HEIGHT = 30_000;

/** Column x offsets (inside a card) and widths, for a 1000 px sheet. */
const COLS = { id: 20, name: 104, bpv: 540, mc: 620, cond: 690 } as const;

function cardHeight(rows: number): number {
  return CARD_HEAD + TABLE_HEAD + Math.max(1, rows) * ROW + 12;
}

function basesHeight(s: NavySummary): number {
  return s.bases.length === 0 ? 0 : CARD_HEAD + s.bases.reduce((h, b) => h + baseRows(b) * ROW + 10, 0) + 12;
}

/** Height of the sheet for a summary at width 1000. */
export function navySheetHeight(s: NavySummary): number {
  let h = HEADER_H + GAP;
  for (const f of s.fleets) h += cardHeight(f.ships.length) + GAP;
  if (s.fleets.length === 0) h += ROW + GAP;
  for (const list of extraCards(s)) h += cardHeight(list.rows.length) + GAP;
  h += basesHeight(s) + (s.bases.length ? GAP : 0);
  return h + 12;
}

/** The cards after the fleets, in drawing order; empty ones are left out. */
function extraCards(s: NavySummary): { title: string; rows: ShipRow[] }[] {
  return [
    { title: 'Being built (arrive at step 10)', rows: s.building },
    { title: 'In dry dock', rows: s.docked },
    { title: 'Captured, not yet organized', rows: s.unorganized },
    { title: 'Not in a fleet', rows: s.loose },
  ].filter((c) => c.rows.length > 0);
}

function baseRows(b: NavySummary['bases'][number]): number {
  return Math.max(
    1,
    b.groups.reduce((n, g) => n + g.units.length, 0),
  );
}

function fit(ctx: CanvasRenderingContext2D, text: string, max: number): string {
  if (ctx.measureText(text).width <= max) return text;
  const chars = [...text];
  while (chars.length > 1 && ctx.measureText(`${chars.join('')}…`).width > max) chars.pop();
  return `${chars.join('').trimEnd()}…`;
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
): number {
  ctx.font = f;
  ctx.fillStyle = colour;
  ctx.textAlign = align;
  ctx.textBaseline = 'middle';
  const shown = max !== undefined ? fit(ctx, t, max) : t;
  ctx.fillText(shown, x, y);
  return ctx.measureText(shown).width;
}

function chip(ctx: CanvasRenderingContext2D, t: string, x: number, cy: number, colour: string, f: string): number {
  ctx.font = f;
  const w = ctx.measureText(t).width + 16;
  const h = 24;
  ctx.fillStyle = colour;
  roundRect(ctx, x, cy - h / 2, w, h, 12);
  ctx.fill();
  text(ctx, t, x + w / 2, cy + 1, f, contrastText(colour), 'center');
  return w;
}

/** Renders a player's navy sheet as PNG bytes. */
export async function renderNavySheet(
  state: CampaignState,
  playerId: string,
  catalog: UnitCatalog,
  opts: NavySheetOptions = {},
): Promise<Buffer> {
  ensureFonts();
  const s = navySummary(state, playerId, catalog);
  const width = Math.round(opts.width ?? W);
  if (!(width >= 400 && width <= 4000)) throw new RangeError(`sheet width ${width} is out of range`);
  const k = width / W;
  const fullHeight = navySheetHeight(s);
  const height = Math.min(MAX_HEIGHT, Math.ceil(fullHeight * k));
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.scale(k, k);
  ctx.fillStyle = THEME.background;
  ctx.fillRect(0, 0, W, height / k);

  // Header: colour band, name, empire, bank, order points.
  ctx.fillStyle = s.colour;
  ctx.fillRect(0, 0, 12, HEADER_H);
  text(ctx, s.name, PAD, 44, font(38, 'bold'), THEME.text, 'left', W - 2 * PAD - 260);
  text(ctx, `${s.empire} navy`, W - PAD, 44, font(24), THEME.muted, 'right');
  const when = `${safeText(state.name)} · cycle ${cycleLabel(state.halfCycles)} · ${season(state.halfCycles)} ${yearLabel(state.settings.startYear, state.halfCycles)}`;
  text(ctx, when, PAD, 84, font(20), THEME.faint, 'left', W - 2 * PAD);
  let x = PAD;
  for (const [label, value] of [
    ['Bank', `${s.bank} BPV`],
    ['Order points', s.orderPoints],
    ['Fleets', s.fleetsLine],
  ] as const) {
    x += text(ctx, `${label} `, x, 122, font(22), THEME.muted) + 2;
    x += text(ctx, value, x, 122, font(22, 'bold'), THEME.text) + 28;
  }
  ctx.fillStyle = THEME.rule;
  ctx.fillRect(0, HEADER_H - 2, W, 2);

  let y = HEADER_H + GAP;
  const limit = height / k - (fullHeight * k > MAX_HEIGHT ? 50 : 12);
  const card = (h: number) => {
    ctx.fillStyle = THEME.panel;
    roundRect(ctx, PAD, y, W - 2 * PAD, h, 12);
    ctx.fill();
  };
  const shipTable = (rows: ShipRow[], top: number) => {
    const left = PAD;
    const headY = top + TABLE_HEAD / 2;
    const hf = font(17, 'bold');
    text(ctx, 'SHIP', left + COLS.id, headY, hf, THEME.faint);
    text(ctx, 'CLASS', left + COLS.name, headY, hf, THEME.faint);
    text(ctx, 'BPV', left + COLS.bpv + 56, headY, hf, THEME.faint, 'right');
    text(ctx, 'MC', left + COLS.mc, headY, hf, THEME.faint);
    text(ctx, 'CONDITION', left + COLS.cond, headY, hf, THEME.faint);
    rows.forEach((r, i) => {
      const cy = top + TABLE_HEAD + i * ROW + ROW / 2;
      if (i % 2 === 1) {
        ctx.fillStyle = 'rgba(255,255,255,0.03)';
        ctx.fillRect(left + 8, cy - ROW / 2, W - 2 * PAD - 16, ROW);
      }
      const rf = font(20);
      text(ctx, r.id, left + COLS.id, cy, font(18), THEME.faint, 'left', COLS.name - COLS.id - 8);
      text(ctx, r.name, left + COLS.name, cy, rf, THEME.text, 'left', COLS.bpv - COLS.name - 12);
      text(ctx, r.bpv, left + COLS.bpv + 56, cy, rf, THEME.text, 'right');
      text(ctx, r.mc, left + COLS.mc, cy, rf, THEME.text);
      let cx = left + COLS.cond;
      const room = W - 2 * PAD - COLS.cond - 12;
      const cf = font(15, 'bold');
      ctx.font = cf;
      const chipsW = r.conditions.reduce((sum, c) => sum + ctx.measureText(c.text).width + 22, 0);
      if (r.conditions.length === 0) text(ctx, '—', cx, cy, rf, THEME.faint);
      else if (chipsW <= room) for (const c of r.conditions) cx += chip(ctx, c.text, cx, cy, c.colour, cf) + 6;
      else
        text(
          ctx,
          r.conditions.map((c) => c.text).join(', '),
          cx,
          cy,
          font(17, 'bold'),
          r.conditions[0]!.colour,
          'left',
          room,
        );
    });
    if (rows.length === 0) text(ctx, 'no ships', left + COLS.name, top + TABLE_HEAD + ROW / 2, font(20), THEME.faint);
  };

  let truncated = false;
  for (const f of s.fleets) {
    const h = cardHeight(f.ships.length);
    if (y + h > limit) {
      truncated = true;
      break;
    }
    card(h);
    const cy = y + CARD_HEAD / 2 + 4;
    let hx = PAD + 20;
    hx += text(ctx, `Fleet ${f.slot}`, hx, cy, font(26, 'bold'), THEME.text) + 12;
    hx += text(ctx, `at ${f.location}`, hx, cy, font(22), THEME.muted, 'left', 330) + 12;
    for (const flag of f.flags)
      hx +=
        chip(
          ctx,
          flag,
          hx,
          cy,
          flag === 'pinned' ? '#f0b232' : flag.startsWith('trapped') ? THEME.battle : '#4a9df8',
          font(15, 'bold'),
        ) + 6;
    const right = W - PAD - 20;
    const bw = text(ctx, `${f.bpv} BPV`, right, cy, font(22, 'bold'), THEME.text, 'right');
    text(
      ctx,
      `MC ${f.mcText} of 5`,
      right - bw - 24,
      cy,
      font(22, 'bold'),
      f.overLimit ? THEME.battle : THEME.text,
      'right',
    );
    ctx.fillStyle = THEME.rule;
    ctx.fillRect(PAD + 12, y + CARD_HEAD, W - 2 * PAD - 24, 1);
    shipTable(f.ships, y + CARD_HEAD);
    y += h + GAP;
  }
  if (s.fleets.length === 0) {
    text(ctx, 'No fleets.', PAD, y + ROW / 2, font(22), THEME.faint);
    y += ROW + GAP;
  }
  for (const extra of extraCards(s)) {
    if (truncated) break;
    const h = cardHeight(extra.rows.length);
    if (y + h <= limit) {
      card(h);
      text(ctx, extra.title, PAD + 20, y + CARD_HEAD / 2 + 4, font(26, 'bold'), THEME.text);
      shipTable(extra.rows, y + CARD_HEAD);
      y += h + GAP;
    } else truncated = true;
  }
  if (!truncated && s.bases.length) {
    const h = basesHeight(s);
    if (y + h <= limit) {
      card(h);
      text(ctx, 'Bases', PAD + 20, y + CARD_HEAD / 2 + 4, font(26, 'bold'), THEME.text);
      let by = y + CARD_HEAD;
      for (const b of s.bases) {
        text(ctx, b.label, PAD + 20, by + ROW / 2, font(20, 'bold'), THEME.text, 'left', 230);
        let row = 0;
        for (const g of b.groups) {
          const cy = by + row * ROW + ROW / 2;
          drawIcon(
            ctx,
            g.kind,
            PAD + 270,
            cy,
            20,
            s.colour,
            g.pending === g.units.length && g.pending > 0 ? 'pending' : 'active',
          );
          text(ctx, g.role, PAD + 290, cy, font(20), THEME.muted);
          g.units.forEach((u, i) => {
            const last = i === g.units.length - 1;
            text(
              ctx,
              u + (last && g.pending ? ` · ${g.pending} arriving` : ''),
              PAD + 410,
              by + (row + i) * ROW + ROW / 2,
              font(20),
              THEME.text,
              'left',
              W - 2 * PAD - 430,
            );
          });
          row += g.units.length;
        }
        by += baseRows(b) * ROW + 10;
      }
      y += h + GAP;
    } else truncated = true;
  }
  if (truncated) text(ctx, '… more than fits on one image', PAD, limit + 25, font(20), THEME.muted);
  return encodePng(canvas);
}
