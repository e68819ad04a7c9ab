/**
 * The Warlord galaxy's geometry (§4.1–4.6, App R): a grid of sectors that wraps in both
 * directions, each sector 16×16 hexes numbered CCRR (column, row, from 01). Hexes are flat-topped
 * in vertical columns with even-numbered columns set half a hex lower ("even-q"); directions are
 * 1 = N, then clockwise 2 = NE, 3 = SE, 4 = S, 5 = SW, 6 = NW (digest §d.1, checked against every
 * hex sequence in the text: G25–G30).
 */

export const SECTOR_SIZE = 16;

export interface Galaxy {
  /** Sectors across (columns, the tens digit of a sector id). */
  width: number;
  /** Sectors down (rows, the units digit). */
  height: number;
}

export interface SectorId {
  x: number;
  y: number;
}

/** A full address `SS-CCRR`: sector plus column and row (1..16) inside it. */
export interface Address {
  sx: number;
  sy: number;
  col: number;
  row: number;
}

export type Direction = 1 | 2 | 3 | 4 | 5 | 6;
export const DIRECTIONS: readonly Direction[] = [1, 2, 3, 4, 5, 6];

const mod = (a: number, n: number) => ((a % n) + n) % n;
const two = (n: number) => String(n).padStart(2, '0');

export function sectorName(s: SectorId): string {
  return `${s.x}${s.y}`;
}

export function hexName(a: Pick<Address, 'col' | 'row'>): string {
  return `${two(a.col)}${two(a.row)}`;
}

export function addressName(a: Address): string {
  return `${sectorName({ x: a.sx, y: a.sy })}-${hexName(a)}`;
}

export function sameAddress(a: Address, b: Address): boolean {
  return a.sx === b.sx && a.sy === b.sy && a.col === b.col && a.row === b.row;
}

/** Parses `CCRR` (a hex inside a sector); null when it is not one. */
export function parseHex(text: string): { col: number; row: number } | null {
  const m = /^(\d\d)(\d\d)$/.exec(text);
  if (!m) return null;
  const col = Number(m[1]);
  const row = Number(m[2]);
  if (col < 1 || col > SECTOR_SIZE || row < 1 || row > SECTOR_SIZE) return null;
  return { col, row };
}

/** Parses a two-digit sector id `XY` in a galaxy; null when outside it. */
export function parseSector(g: Galaxy, text: string): SectorId | null {
  const m = /^(\d)(\d)$/.exec(text);
  if (!m) return null;
  const x = Number(m[1]);
  const y = Number(m[2]);
  if (x >= g.width || y >= g.height) return null;
  return { x, y };
}

/** Parses `SS-CCRR` or `SS CCRR`. */
export function parseAddress(g: Galaxy, text: string): Address | null {
  const m = /^(\d\d)[- ](\d{4})$/.exec(text.trim());
  if (!m?.[1] || !m[2]) return null;
  const s = parseSector(g, m[1]);
  const h = parseHex(m[2]);
  if (!s || !h) return null;
  return { sx: s.x, sy: s.y, col: h.col, row: h.row };
}

/** Global coordinates, 0-based and wrapped: gx = 16·X + c − 1 (mod 16·width). */
export function toGlobal(a: Address): { gx: number; gy: number } {
  return { gx: SECTOR_SIZE * a.sx + a.col - 1, gy: SECTOR_SIZE * a.sy + a.row - 1 };
}

export function fromGlobal(g: Galaxy, gx: number, gy: number): Address {
  const x = mod(gx, SECTOR_SIZE * g.width);
  const y = mod(gy, SECTOR_SIZE * g.height);
  return {
    sx: Math.floor(x / SECTOR_SIZE),
    sy: Math.floor(y / SECTOR_SIZE),
    col: (x % SECTOR_SIZE) + 1,
    row: (y % SECTOR_SIZE) + 1,
  };
}

/**
 * The neighbour in a direction. Sixteen is even, so column parity survives across sector borders:
 * odd columns (even global x) have NE = (c+1, r−1), even columns NE = (c+1, r).
 */
export function neighbour(g: Galaxy, a: Address, d: Direction): Address {
  const { gx, gy } = toGlobal(a);
  const oddCol = gx % 2 === 0; // column number c = gx+1 is odd
  const [dx, dy] = (() => {
    switch (d) {
      case 1:
        return [0, -1];
      case 4:
        return [0, 1];
      case 2:
        return oddCol ? [1, -1] : [1, 0];
      case 3:
        return oddCol ? [1, 0] : [1, 1];
      case 5:
        return oddCol ? [-1, 0] : [-1, 1];
      case 6:
        return oddCol ? [-1, -1] : [-1, 0];
    }
  })();
  return fromGlobal(g, gx + dx, gy + dy);
}

export function neighbours(g: Galaxy, a: Address): Address[] {
  return DIRECTIONS.map((d) => neighbour(g, a, d));
}

/**
 * Resolves a move written as a bare `CCRR` (§4.5: "only the hex is written; the sector is inferred
 * when crossing a border"): the neighbour of `from` whose in-sector number is that hex, or null
 * when no neighbour has it (an illegal, non-adjacent move, §4.6).
 */
export function resolveMove(g: Galaxy, from: Address, hex: { col: number; row: number }): Address | null {
  return neighbours(g, from).find((n) => n.col === hex.col && n.row === hex.row) ?? null;
}

/** The direction from `a` to an adjacent `b`, or null. */
export function directionTo(g: Galaxy, a: Address, b: Address): Direction | null {
  return DIRECTIONS.find((d) => sameAddress(neighbour(g, a, d), b)) ?? null;
}

/**
 * Sector adjacency (§4.1, §4.5): four orthogonal neighbours and two diagonal ones (up-left and
 * down-right), wrapping. A sector's 0116 and 1601 corners touch no diagonal sector.
 */
export function adjacentSectors(g: Galaxy, s: SectorId): SectorId[] {
  const at = (dx: number, dy: number) => ({ x: mod(s.x + dx, g.width), y: mod(s.y + dy, g.height) });
  return [at(0, -1), at(1, 0), at(0, 1), at(-1, 0), at(-1, -1), at(1, 1)];
}

export function sectorsAdjacent(g: Galaxy, a: SectorId, b: SectorId): boolean {
  return adjacentSectors(g, a).some((s) => s.x === b.x && s.y === b.y);
}

/** Sector distance in moves between sectors (for "HO within 2 sectors, diagonals included", §10.4). */
export function sectorDistance(g: Galaxy, a: SectorId, b: SectorId): number {
  let best = Number.POSITIVE_INFINITY;
  for (const ox of [-g.width, 0, g.width])
    for (const oy of [-g.height, 0, g.height]) {
      const dx = b.x + ox - a.x;
      const dy = b.y + oy - a.y;
      best = Math.min(best, Math.max(Math.abs(dx), Math.abs(dy)));
    }
  return best;
}

/** Hex distance inside one sector (BOMB range, T5), by cube coordinates of the even-q layout. */
export function hexDistance(a: Pick<Address, 'col' | 'row'>, b: Pick<Address, 'col' | 'row'>): number {
  const cube = (h: Pick<Address, 'col' | 'row'>) => {
    const q = h.col - 1;
    // Odd-numbered columns (even q) sit higher; even-numbered columns are shifted down half a hex.
    const r = h.row - 1 - (q - (q & 1)) / 2;
    return { q, r, s: -q - r };
  };
  const p = cube(a);
  const q = cube(b);
  return Math.max(Math.abs(p.q - q.q), Math.abs(p.r - q.r), Math.abs(p.s - q.s));
}
