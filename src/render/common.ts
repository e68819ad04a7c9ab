import type { CanvasRenderingContext2D } from 'canvas';
import type { CampaignState, Sector } from '../rules/thunderdome/state.ts';
import { safeText } from './fonts.ts';

/** Small helpers shared by the images. */

/** The text of a sector's label: its given name, or its key while unnamed. */
export function sectorText(s: Pick<Sector, 'key' | 'name'>): string {
  return (s.name !== null ? safeText(s.name) : '') || safeText(s.key) || '?';
}

export function playerText(state: CampaignState, id: string | null): string {
  if (id === null) return '';
  const p = state.players.find((x) => x.id === id);
  return p ? safeText(p.name) || safeText(p.id) || '?' : id === 'npe' ? 'NPE' : '?';
}

export function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}
