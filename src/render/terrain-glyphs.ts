import type { CanvasRenderingContext2D } from 'canvas';
import { TERRAIN } from '../rules/thunderdome/exploration/tables.ts';
import type { TerrainComponentKind, TerrainId } from '../rules/thunderdome/exploration/tables.ts';
import type { Sector } from '../rules/thunderdome/state.ts';
import { THEME } from './theme.ts';

/**
 * Terrain glyphs of the warp-lane map ("each sector shows … its terrain glyph"): one
 * small vector picture per terrain component of UTD5.3 (a composite terrain such as "nebula and
 * Class-M planet" shows both of its pieces), drawn with canvas paths rather than emoji, which the
 * bundled font does not have. Each glyph has its own shape *and* colour, so two glyphs that look
 * alike at preview size still differ by colour.
 */
export type GlyphKind = TerrainComponentKind;

export const GLYPH_LABELS: Record<GlyphKind, string> = {
  'class-m-planet': 'Planet',
  'gas-giant': 'Gas giant',
  'small-moon': 'Moon',
  'asteroid-field': 'Asteroids',
  'solar-system-slice': 'Star system',
  'dual-planets': 'Twin planets',
  'radiation-zone': 'Radiation',
  nebula: 'Nebula',
  'heat-zone': 'Heat zone',
  'sunspot-activity': 'Sunspots',
  'ion-storm': 'Ion storm',
  comet: 'Comet',
  'dust-cloud': 'Dust cloud',
  pulsar: 'Pulsar',
  'black-hole': 'Black hole',
};

/** Legend order: bodies first, then the things that fill the battle map, then the hazards. */
export const GLYPH_ORDER: readonly GlyphKind[] = [
  'class-m-planet',
  'dual-planets',
  'gas-giant',
  'small-moon',
  'asteroid-field',
  'solar-system-slice',
  'comet',
  'nebula',
  'dust-cloud',
  'heat-zone',
  'sunspot-activity',
  'ion-storm',
  'radiation-zone',
  'pulsar',
  'black-hole',
];

/** At most this many glyphs beside one name (no table cell produces more than two). */
export const MAX_GLYPHS = 3;

/**
 * The glyphs of a sector: the components of its terrain (UTD5.3, `none` has none), then any SFBOL
 * overlay it carries that is not already shown (the `‡` cells add the asteroid field to a
 * radiation zone or an ion storm). Terrain ids the tables do not know (a hand-edited import) draw
 * nothing rather than a wrong picture.
 */
export function terrainGlyphs(s: Pick<Sector, 'terrain' | 'overlays'>): GlyphKind[] {
  const out: GlyphKind[] = [];
  const add = (k: GlyphKind) => {
    if (!out.includes(k)) out.push(k);
  };
  for (const id of s.terrain) {
    const info = Object.hasOwn(TERRAIN, id) ? TERRAIN[id as TerrainId] : null;
    for (const c of info?.components ?? []) add(c.kind);
  }
  for (const o of s.overlays) if (o === 'asteroid-field' || o === 'solar-system-slice' || o === 'dual-planets') add(o);
  return out.slice(0, MAX_GLYPHS);
}

const C = {
  planet: '#4aa8e8',
  land: '#57c27a',
  gas: '#d99a5b',
  band: '#a8683a',
  moon: '#b9bcc4',
  rock: '#9c8672',
  star: '#ffd23f',
  nebula: '#c06ee8',
  radiation: '#e6e045',
  heat: '#ff6a3d',
  ion: '#5fe3ff',
  comet: '#dff4ff',
  dust: '#c9a878',
  pulsar: '#f0f0ff',
  hole: '#000000',
  accretion: '#ff9b3d',
} as const;

function disc(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, fill: string, outline = true): void {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = fill;
  ctx.fill();
  if (outline) ctx.stroke();
}

/**
 * Draws a glyph centred on (x, y) inside a `size`×`size` square, on a dark backdrop so it reads
 * over a lane that runs under the label.
 */
export function drawTerrainGlyph(
  ctx: CanvasRenderingContext2D,
  kind: GlyphKind,
  x: number,
  y: number,
  size: number,
): void {
  const h = size / 2;
  ctx.save();
  ctx.beginPath();
  ctx.arc(x, y, h, 0, Math.PI * 2);
  ctx.fillStyle = THEME.outline;
  ctx.fill();
  ctx.strokeStyle = THEME.outline;
  ctx.lineWidth = Math.max(1, h * 0.12);
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  const u = h * 0.92; // drawing radius inside the backdrop
  switch (kind) {
    case 'class-m-planet': {
      // A blue world with a green continent.
      disc(ctx, x, y, u * 0.8, C.planet);
      ctx.save();
      ctx.beginPath();
      ctx.arc(x, y, u * 0.8, 0, Math.PI * 2);
      ctx.clip();
      ctx.beginPath();
      ctx.ellipse(x - u * 0.25, y - u * 0.15, u * 0.42, u * 0.28, -0.5, 0, Math.PI * 2);
      ctx.fillStyle = C.land;
      ctx.fill();
      ctx.restore();
      break;
    }
    case 'dual-planets':
      disc(ctx, x - u * 0.35, y + u * 0.2, u * 0.55, C.planet);
      disc(ctx, x + u * 0.4, y - u * 0.3, u * 0.45, C.land);
      break;
    case 'gas-giant': {
      // A banded giant with one moon.
      disc(ctx, x - u * 0.12, y + u * 0.1, u * 0.72, C.gas);
      ctx.save();
      ctx.beginPath();
      ctx.arc(x - u * 0.12, y + u * 0.1, u * 0.72, 0, Math.PI * 2);
      ctx.clip();
      ctx.fillStyle = C.band;
      for (const dy of [-0.3, 0.15, 0.5]) ctx.fillRect(x - u, y + u * dy, 2 * u, u * 0.16);
      ctx.restore();
      disc(ctx, x + u * 0.72, y - u * 0.62, u * 0.22, C.moon, false);
      break;
    }
    case 'small-moon': {
      // A small grey moon with two craters.
      disc(ctx, x, y, u * 0.55, C.moon);
      ctx.fillStyle = '#7d818a';
      for (const [dx, dy, r] of [
        [-0.18, -0.12, 0.14],
        [0.2, 0.2, 0.1],
      ] as const) {
        ctx.beginPath();
        ctx.arc(x + u * dx, y + u * dy, u * r, 0, Math.PI * 2);
        ctx.fill();
      }
      break;
    }
    case 'asteroid-field': {
      // Three irregular rocks.
      ctx.fillStyle = C.rock;
      for (const [dx, dy, r] of [
        [-0.45, 0.3, 0.34],
        [0.35, 0.4, 0.26],
        [0.15, -0.4, 0.3],
      ] as const) {
        ctx.beginPath();
        for (let k = 0; k < 7; k++) {
          const a = (k * 2 * Math.PI) / 7;
          const rad = u * r * (k % 2 === 0 ? 1 : 0.72);
          const px = x + u * dx + rad * Math.cos(a);
          const py = y + u * dy + rad * Math.sin(a);
          if (k === 0) ctx.moveTo(px, py);
          else ctx.lineTo(px, py);
        }
        ctx.closePath();
        ctx.fill();
      }
      break;
    }
    case 'solar-system-slice': {
      // A sun in the corner, an orbit and a planet on it.
      disc(ctx, x - u * 0.55, y + u * 0.55, u * 0.42, C.star, false);
      ctx.strokeStyle = C.moon;
      ctx.lineWidth = Math.max(1, u * 0.1);
      ctx.beginPath();
      ctx.arc(x - u * 0.55, y + u * 0.55, u * 1.05, -Math.PI / 2, 0);
      ctx.stroke();
      ctx.strokeStyle = THEME.outline;
      disc(ctx, x + u * 0.19, y - u * 0.2, u * 0.22, C.planet, false);
      break;
    }
    case 'comet': {
      // A bright head with a tail sweeping away to the upper right.
      ctx.beginPath();
      ctx.moveTo(x - u * 0.45, y + u * 0.15);
      ctx.lineTo(x + u * 0.85, y - u * 0.75);
      ctx.lineTo(x - u * 0.15, y + u * 0.45);
      ctx.closePath();
      ctx.fillStyle = 'rgba(223, 244, 255, 0.55)';
      ctx.fill();
      disc(ctx, x - u * 0.4, y + u * 0.4, u * 0.3, C.comet, false);
      break;
    }
    case 'nebula': {
      // A violet cloud of three puffs.
      ctx.fillStyle = C.nebula;
      ctx.beginPath();
      ctx.arc(x - u * 0.4, y + u * 0.15, u * 0.42, 0, Math.PI * 2);
      ctx.arc(x + u * 0.05, y - u * 0.22, u * 0.5, 0, Math.PI * 2);
      ctx.arc(x + u * 0.45, y + u * 0.2, u * 0.38, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillRect(x - u * 0.4, y + u * 0.1, u * 0.85, u * 0.47);
      break;
    }
    case 'dust-cloud': {
      // A haze of fine specks.
      ctx.fillStyle = C.dust;
      const specks = [
        [0, 0],
        [-0.5, -0.3],
        [0.45, -0.4],
        [-0.35, 0.45],
        [0.5, 0.35],
        [0.05, -0.65],
        [-0.7, 0.1],
        [0.1, 0.62],
        [0.7, -0.05],
      ] as const;
      for (const [dx, dy] of specks) {
        ctx.beginPath();
        ctx.arc(x + u * dx, y + u * dy, Math.max(0.8, u * 0.13), 0, Math.PI * 2);
        ctx.fill();
      }
      break;
    }
    case 'heat-zone': {
      // A flame.
      ctx.beginPath();
      ctx.moveTo(x, y - u * 0.9);
      ctx.quadraticCurveTo(x + u * 0.75, y - u * 0.1, x + u * 0.45, y + u * 0.55);
      ctx.quadraticCurveTo(x, y + u * 0.95, x - u * 0.45, y + u * 0.55);
      ctx.quadraticCurveTo(x - u * 0.7, y - u * 0.05, x - u * 0.15, y - u * 0.35);
      ctx.quadraticCurveTo(x - u * 0.05, y - u * 0.05, x, y - u * 0.9);
      ctx.closePath();
      ctx.fillStyle = C.heat;
      ctx.fill();
      disc(ctx, x, y + u * 0.35, u * 0.25, C.star, false);
      break;
    }
    case 'sunspot-activity': {
      // A sun with short rays and a dark spot.
      ctx.strokeStyle = C.star;
      ctx.lineWidth = Math.max(1, u * 0.14);
      ctx.beginPath();
      for (let k = 0; k < 8; k++) {
        const a = (k * Math.PI) / 4;
        ctx.moveTo(x + u * 0.62 * Math.cos(a), y + u * 0.62 * Math.sin(a));
        ctx.lineTo(x + u * 0.92 * Math.cos(a), y + u * 0.92 * Math.sin(a));
      }
      ctx.stroke();
      ctx.strokeStyle = THEME.outline;
      disc(ctx, x, y, u * 0.5, C.star, false);
      disc(ctx, x + u * 0.15, y - u * 0.1, u * 0.17, C.band, false);
      break;
    }
    case 'ion-storm': {
      // A lightning bolt.
      ctx.beginPath();
      ctx.moveTo(x + u * 0.2, y - u * 0.95);
      ctx.lineTo(x - u * 0.5, y + u * 0.1);
      ctx.lineTo(x - u * 0.02, y + u * 0.1);
      ctx.lineTo(x - u * 0.25, y + u * 0.95);
      ctx.lineTo(x + u * 0.55, y - u * 0.2);
      ctx.lineTo(x + u * 0.05, y - u * 0.2);
      ctx.closePath();
      ctx.fillStyle = C.ion;
      ctx.fill();
      break;
    }
    case 'radiation-zone': {
      // The trefoil.
      ctx.fillStyle = C.radiation;
      for (let k = 0; k < 3; k++) {
        const a = -Math.PI / 2 + (k * 2 * Math.PI) / 3;
        ctx.beginPath();
        ctx.moveTo(x + u * 0.25 * Math.cos(a - 0.5), y + u * 0.25 * Math.sin(a - 0.5));
        ctx.arc(x, y, u * 0.9, a - 0.5, a + 0.5);
        ctx.arc(x, y, u * 0.25, a + 0.5, a - 0.5, true);
        ctx.closePath();
        ctx.fill();
      }
      disc(ctx, x, y, u * 0.15, C.radiation, false);
      break;
    }
    case 'pulsar': {
      // A white star with two opposite beams.
      ctx.fillStyle = 'rgba(240, 240, 255, 0.75)';
      for (const dir of [1, -1]) {
        ctx.beginPath();
        ctx.moveTo(x, y);
        ctx.lineTo(x + dir * u * 0.95, y - dir * u * 0.55);
        ctx.lineTo(x + dir * u * 0.6, y - dir * u * 0.95);
        ctx.closePath();
        ctx.fill();
      }
      disc(ctx, x, y, u * 0.3, C.pulsar, false);
      break;
    }
    case 'black-hole': {
      // A black disc in an orange accretion ring.
      ctx.strokeStyle = C.accretion;
      ctx.lineWidth = Math.max(1.2, u * 0.22);
      ctx.beginPath();
      ctx.ellipse(x, y, u * 0.85, u * 0.38, -0.35, 0, Math.PI * 2);
      ctx.stroke();
      ctx.strokeStyle = C.accretion;
      ctx.lineWidth = Math.max(1, u * 0.1);
      disc(ctx, x, y, u * 0.42, C.hole);
      break;
    }
  }
  ctx.restore();
}
