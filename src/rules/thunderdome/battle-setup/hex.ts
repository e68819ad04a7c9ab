/**
 * SFB hex geometry on the Thunderdome battle map (UTD7.41: 60×60 hexes, centre 3030).
 *
 * Numbering: a hex is `xxyy`, column xx and row yy, each 01..60; 0101 is the top-left hex.
 * The hexes are flat-topped and stand in vertical columns, as on SFB maps. Column convention:
 * EVEN-numbered columns sit half a hex LOWER than odd-numbered ones (so 0201 is below and to
 * the right of 0101, and 0202 touches 0101 only through 0201).
 *
 * Directions are the six SFB directions: A straight up (towards row 01), then clockwise B
 * up-right, C down-right, D straight down, E down-left, F up-left. A 1D6 result 1..6 is A..F
 * (ISS-A71).
 *
 * Internally a hex is turned into axial coordinates (q, r) so that moves and distances are plain
 * sums: q = x, r = y − ⌊(x + 1) / 2⌋. The `Hex` type may lie off the map (moves can run past
 * the edge); `onMap` tells.
 */

export const MAP_SIZE = 60;
export const CENTRE_HEX = '3030';

export type Direction = 'A' | 'B' | 'C' | 'D' | 'E' | 'F';
export const DIRECTIONS: readonly Direction[] = ['A', 'B', 'C', 'D', 'E', 'F'];

/** Column x and row y; SFB hex `xxyy` on the map when both are 1..60. */
export interface Hex {
  x: number;
  y: number;
}

export const CENTRE: Hex = { x: 30, y: 30 };

/** Axial steps of the six directions (r grows downwards). */
const AXIAL: Record<Direction, readonly [number, number]> = {
  A: [0, -1],
  B: [1, -1],
  C: [1, 0],
  D: [0, 1],
  E: [-1, 1],
  F: [-1, 0],
};

/** ISS-A71: a 1D6 result as an SFB direction, 1 = A … 6 = F. */
export function directionOf(die: number): Direction {
  const d = DIRECTIONS[die - 1];
  if (!Number.isInteger(die) || d === undefined) throw new RangeError(`a direction die must be 1..6, got ${die}`);
  return d;
}

export function onMap(h: Hex): boolean {
  return h.x >= 1 && h.x <= MAP_SIZE && h.y >= 1 && h.y <= MAP_SIZE;
}

/** `xxyy` → hex; throws on anything that is not an on-map SFB hex number. */
export function parseHex(text: string): Hex {
  const m = /^(\d\d)(\d\d)$/.exec(text);
  const h = m ? { x: Number(m[1]), y: Number(m[2]) } : null;
  if (!h || !onMap(h)) throw new RangeError(`"${text}" is not a hex of the 60×60 map`);
  return h;
}

/** Hex → `xxyy`; throws for an off-map hex, which has no SFB number. */
export function formatHex(h: Hex): string {
  if (!onMap(h)) throw new RangeError(`hex (${h.x}, ${h.y}) is off the map`);
  return `${String(h.x).padStart(2, '0')}${String(h.y).padStart(2, '0')}`;
}

function toAxial(h: Hex): [number, number] {
  return [h.x, h.y - Math.floor((h.x + 1) / 2)];
}

function fromAxial(q: number, r: number): Hex {
  return { x: q, y: r + Math.floor((q + 1) / 2) };
}

/** The hex `n` steps from `h` in direction `dir` (n = 1: the neighbour). May be off the map. */
export function move(h: Hex, dir: Direction, n = 1): Hex {
  const [q, r] = toAxial(h);
  const [dq, dr] = AXIAL[dir];
  return fromAxial(q + dq * n, r + dr * n);
}

export function neighbours(h: Hex): Hex[] {
  return DIRECTIONS.map((d) => move(h, d));
}

/** Hex distance: the number of steps between two hexes. */
export function distance(a: Hex, b: Hex): number {
  const [aq, ar] = toAxial(a);
  const [bq, br] = toAxial(b);
  const dq = aq - bq;
  const dr = ar - br;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

export function sameHex(a: Hex, b: Hex): boolean {
  return a.x === b.x && a.y === b.y;
}

/**
 * Centre of a hex in units of the hex-to-hex step (neighbouring centres are 1 apart), x to the
 * right and y down, 0101 at the origin. Used for round shapes (gas giants) and by the image.
 */
export function centreOf(h: Hex): { x: number; y: number } {
  return { x: ((h.x - 1) * Math.sqrt(3)) / 2, y: h.y - 1 + (h.x % 2 === 0 ? 0.5 : 0) };
}

/** Straight-line distance between hex centres, in hex steps. */
export function euclid(a: Hex, b: Hex): number {
  const p = centreOf(a);
  const q = centreOf(b);
  return Math.hypot(p.x - q.x, p.y - q.y);
}

/**
 * The hexes exactly `radius` steps from `centre`, clockwise, starting at the corner in direction A
 * (the hex `radius` straight up). 6 × radius hexes; the ring may run off the map.
 */
export function ring(centre: Hex, radius: number): Hex[] {
  if (radius === 0) return [centre];
  const out: Hex[] = [];
  // Walking from the A corner to the B corner goes in direction C, and so on round the ring.
  const walk: Direction[] = ['C', 'D', 'E', 'F', 'A', 'B'];
  let h = move(centre, 'A', radius);
  for (const dir of walk) {
    for (let i = 0; i < radius; i++) {
      out.push(h);
      h = move(h, dir);
    }
  }
  return out;
}

/** The on-map hexes within `radius` steps of `centre` (the centre included). */
export function hexesWithin(centre: Hex, radius: number): Hex[] {
  const out: Hex[] = [];
  for (let x = centre.x - 2 * radius; x <= centre.x + 2 * radius; x++) {
    for (let y = centre.y - 2 * radius; y <= centre.y + 2 * radius; y++) {
      const h = { x, y };
      if (onMap(h) && distance(h, centre) <= radius) out.push(h);
    }
  }
  return out;
}
