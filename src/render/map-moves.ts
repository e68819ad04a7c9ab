import type { CanvasRenderingContext2D } from 'canvas';
import type { CampaignState } from '../rules/thunderdome/state.ts';
import type { CampaignEvent } from '../rules/thunderdome/events.ts';
import type { MapLayout } from './map-layout.ts';

/**
 * This turn's moves as arrows on the map ("this turn's moves as arrows"): every fleet
 * move and capital move ordered in the current turn, in order, read from the order's event. An
 * order of a state stored before events were kept for every order may have no event; it kept only
 * its legacy summary, `move fleet N FROM → TO`, whose sector keys cannot contain spaces
 * (map-format.md), which is read instead.
 */
export interface TurnMove {
  from: string;
  to: string;
  owner: string;
  kind: 'fleet' | 'capital';
}

const SUMMARY = /^move (?:fleet \d+|capital) (\S+) → (\S+)$/;

export function turnMoves(state: CampaignState): TurnMove[] {
  const turn = state.turn;
  if (!turn || state.status !== 'active') return [];
  const keys = new Set(state.map?.sectors.map((s) => s.key) ?? []);
  const out: TurnMove[] = [];
  for (const o of turn.orders) {
    if (o.kind !== 'move' && o.kind !== 'move-capital') continue;
    // The order's event, as the state keeps it (events.ts `orderEvent`; a type-only import keeps
    // src/render free of rules code).
    const e = o.event as CampaignEvent | null;
    let from: string | undefined;
    let to: string | undefined;
    if (e && (e.type === 'FleetMoved' || e.type === 'CapitalMoved')) ({ from, to } = e);
    else [, from, to] = SUMMARY.exec(o.summary ?? '') ?? [];
    if (from && to && keys.has(from) && keys.has(to) && from !== to)
      out.push({ from, to, owner: turn.playerId, kind: o.kind === 'move' ? 'fleet' : 'capital' });
  }
  return out;
}

/**
 * Draws the arrows between the sector discs, beside the lane (offset to the right of the
 * direction of travel, so a move and its return show as two arrows), with a dark outline so they
 * read over lanes of the same colour. Moves to or from sectors not shown (a zoomed map) are skipped.
 */
export function drawMoveArrows(
  ctx: CanvasRenderingContext2D,
  moves: readonly TurnMove[],
  layout: MapLayout,
  colourOf: (owner: string) => string,
  outline: string,
): void {
  const nodes = new Map(layout.nodes.map((n) => [n.key, n]));
  const R = layout.nodes[0]?.R ?? 20;
  const width = Math.max(2.5, R * 0.13);
  const head = width * 3.2;
  for (const m of moves) {
    const a = nodes.get(m.from);
    const b = nodes.get(m.to);
    if (!a || !b) continue;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len = Math.hypot(dx, dy);
    if (len < a.r + b.r + head) continue;
    const ux = dx / len;
    const uy = dy / len;
    // Right-hand normal (image y points down), a third of a disc off the lane.
    const off = Math.min(a.r, b.r) * 0.45;
    const nx = -uy * off;
    const ny = ux * off;
    const x1 = a.x + ux * (a.r + width) + nx;
    const y1 = a.y + uy * (a.r + width) + ny;
    const x2 = b.x - ux * (b.r + width) + nx;
    const y2 = b.y - uy * (b.r + width) + ny;
    const bx = x2 - ux * head;
    const by = y2 - uy * head;
    const path = () => {
      ctx.beginPath();
      ctx.moveTo(x1, y1);
      ctx.lineTo(bx, by);
    };
    const tip = () => {
      ctx.beginPath();
      ctx.moveTo(x2, y2);
      ctx.lineTo(bx - uy * head * 0.6, by + ux * head * 0.6);
      ctx.lineTo(bx + uy * head * 0.6, by - ux * head * 0.6);
      ctx.closePath();
    };
    ctx.save();
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    if (m.kind === 'capital') ctx.setLineDash([width * 2, width * 1.5]);
    ctx.strokeStyle = outline;
    ctx.lineWidth = width + 3;
    path();
    ctx.stroke();
    ctx.setLineDash([]);
    tip();
    ctx.lineWidth = 3;
    ctx.stroke();
    if (m.kind === 'capital') ctx.setLineDash([width * 2, width * 1.5]);
    ctx.strokeStyle = colourOf(m.owner);
    ctx.lineWidth = width;
    path();
    ctx.stroke();
    ctx.fillStyle = colourOf(m.owner);
    tip();
    ctx.fill();
    ctx.restore();
  }
}
