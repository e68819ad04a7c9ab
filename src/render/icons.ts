import type { CanvasRenderingContext2D } from 'canvas';
import { THEME } from './theme.ts';

/**
 * Small vector icons, drawn with paths rather than font glyphs so they look the same at every
 * size and never depend on what a font contains. `size` is the icon's full width in pixels.
 */
export type IconKind = 'colony' | 'mine' | 'fort' | 'capital' | 'shipyard' | 'defense' | 'npe' | 'battle';

/** active: filled; pending: hollow and dashed (ordered, not there yet); removal: filled, struck through. */
export type IconState = 'active' | 'pending' | 'removal';

export const ICON_LABELS: Record<IconKind, string> = {
  colony: 'Colony',
  mine: 'Mine',
  fort: 'Fortification',
  capital: 'Capital',
  shipyard: 'Shipyard',
  defense: 'Defenses',
  npe: 'NPE',
  battle: 'Battle',
};

function polygon(ctx: CanvasRenderingContext2D, points: [number, number][]): void {
  ctx.beginPath();
  points.forEach(([x, y], i) => (i === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
  ctx.closePath();
}

function shapePath(
  ctx: CanvasRenderingContext2D,
  kind: Exclude<IconKind, 'battle'>,
  x: number,
  y: number,
  h: number,
): void {
  switch (kind) {
    case 'colony':
      ctx.beginPath();
      ctx.arc(x, y, h * 0.8, 0, Math.PI * 2);
      break;
    case 'mine':
      polygon(ctx, [
        [x, y - h],
        [x + h * 0.8, y],
        [x, y + h],
        [x - h * 0.8, y],
      ]);
      break;
    case 'fort': {
      // A tower with three merlons.
      const w = h * 0.85;
      const m = (2 * w) / 5;
      polygon(ctx, [
        [x - w, y + h * 0.85],
        [x - w, y - h * 0.85],
        [x - w + m, y - h * 0.85],
        [x - w + m, y - h * 0.4],
        [x - w + 2 * m, y - h * 0.4],
        [x - w + 2 * m, y - h * 0.85],
        [x - w + 3 * m, y - h * 0.85],
        [x - w + 3 * m, y - h * 0.4],
        [x - w + 4 * m, y - h * 0.4],
        [x - w + 4 * m, y - h * 0.85],
        [x + w, y - h * 0.85],
        [x + w, y + h * 0.85],
      ]);
      break;
    }
    case 'capital': {
      const pts: [number, number][] = [];
      for (let k = 0; k < 10; k++) {
        const a = -Math.PI / 2 + (k * Math.PI) / 5;
        const rad = k % 2 === 0 ? h * 1.05 : h * 0.45;
        pts.push([x + rad * Math.cos(a), y + rad * Math.sin(a)]);
      }
      polygon(ctx, pts);
      break;
    }
    case 'shipyard':
      // An arrowhead: a hull on the slip.
      polygon(ctx, [
        [x, y - h],
        [x + h * 0.85, y + h * 0.85],
        [x, y + h * 0.4],
        [x - h * 0.85, y + h * 0.85],
      ]);
      break;
    case 'defense':
      // A shield.
      ctx.beginPath();
      ctx.moveTo(x - h * 0.8, y - h * 0.85);
      ctx.lineTo(x + h * 0.8, y - h * 0.85);
      ctx.lineTo(x + h * 0.8, y);
      ctx.quadraticCurveTo(x + h * 0.7, y + h * 0.7, x, y + h);
      ctx.quadraticCurveTo(x - h * 0.7, y + h * 0.7, x - h * 0.8, y);
      ctx.closePath();
      break;
    case 'npe': {
      const pts: [number, number][] = [];
      for (let k = 0; k < 6; k++) {
        const a = Math.PI / 6 + (k * Math.PI) / 3;
        pts.push([x + h * Math.cos(a), y + h * Math.sin(a)]);
      }
      polygon(ctx, pts);
      break;
    }
  }
}

/** Two crossed swords in the battle colour, outlined so they show on any fill. */
function swords(ctx: CanvasRenderingContext2D, x: number, y: number, h: number): void {
  ctx.save();
  ctx.lineCap = 'round';
  for (const [colour, grow] of [
    [THEME.outline, 1.9],
    [THEME.battle, 1],
  ] as const) {
    ctx.strokeStyle = colour;
    ctx.lineWidth = Math.max(1.5, h * 0.3) * grow;
    ctx.beginPath();
    for (const dir of [1, -1]) {
      const tipX = x + dir * h * 0.9;
      const tipY = y - h * 0.9;
      const hiltX = x - dir * h * 0.9;
      const hiltY = y + h * 0.9;
      ctx.moveTo(tipX, tipY);
      ctx.lineTo(hiltX, hiltY);
      // cross-guard, perpendicular to the blade, a third of the way from the hilt
      const len = Math.hypot(tipX - hiltX, tipY - hiltY);
      const ux = (tipX - hiltX) / len;
      const uy = (tipY - hiltY) / len;
      const gx = hiltX + ux * len * 0.28;
      const gy = hiltY + uy * len * 0.28;
      const g = h * 0.4;
      ctx.moveTo(gx - uy * g, gy + ux * g);
      ctx.lineTo(gx + uy * g, gy - ux * g);
    }
    ctx.stroke();
  }
  ctx.restore();
}

/** Draws an icon centred on (x, y). */
export function drawIcon(
  ctx: CanvasRenderingContext2D,
  kind: IconKind,
  x: number,
  y: number,
  size: number,
  colour: string,
  state: IconState = 'active',
): void {
  const h = size / 2;
  if (kind === 'battle') {
    swords(ctx, x, y, h);
    return;
  }
  ctx.save();
  shapePath(ctx, kind, x, y, h);
  if (state === 'pending') {
    ctx.fillStyle = THEME.outline;
    ctx.fill();
    ctx.setLineDash([Math.max(2, h * 0.45), Math.max(1.5, h * 0.3)]);
    ctx.strokeStyle = colour;
    ctx.lineWidth = Math.max(1.5, h * 0.28);
    ctx.stroke();
  } else {
    ctx.fillStyle = colour;
    ctx.fill();
    ctx.strokeStyle = THEME.outline;
    ctx.lineWidth = Math.max(1, h * 0.2);
    ctx.stroke();
    if (state === 'removal') {
      ctx.setLineDash([]);
      ctx.strokeStyle = THEME.battle;
      ctx.lineWidth = Math.max(1.5, h * 0.3);
      ctx.beginPath();
      ctx.moveTo(x - h, y + h);
      ctx.lineTo(x + h, y - h);
      ctx.stroke();
    }
  }
  ctx.restore();
}
