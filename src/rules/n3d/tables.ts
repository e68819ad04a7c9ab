import { parse as parseCsv } from 'csv-parse/sync';

/**
 * The 'n3D tables (assets/tables/n3d). The rules layer does no file I/O, so the numbers are
 * embedded here; the parsers read the CSV format and the tests prove the embedded tables equal
 * the files in assets/tables/n3d.
 */

/** C3.31 turn-mode classes with a constant k: limit = max(1.5°, k·√S), or k·S for seeking weapons. */
export const TURN_MODE_CLASSES = ['shuttle', 'AA', 'A', 'B', 'C', 'D', 'E', 'F'] as const;
export type TurnModeClass = (typeof TURN_MODE_CLASSES)[number];

/** Exact decimal text of each constant (C3.31). */
export const TURN_MODE_K: Readonly<Record<TurnModeClass | 'seeking weapon', string>> = {
  'seeking weapon': '0.9375',
  shuttle: '3',
  AA: '2.3',
  A: '1.91',
  B: '1.65',
  C: '1.59',
  D: '1.53',
  E: '1.44',
  F: '1.26',
};

export interface YawArcRow {
  arc: string;
  /** Bearing degrees, + = starboard; `to` may exceed 360 (LF 290..370) or `from` be negative (RF −10..70). */
  from: number;
  to: number;
}

/** D2.12 / D2.31 / E8.23, with RR as recommended (110..190, digest N7). */
export const YAW_ARCS: readonly YawArcRow[] = [
  { arc: 'RF', from: -10, to: 70 },
  { arc: 'R', from: 50, to: 130 },
  { arc: 'RR', from: 110, to: 190 },
  { arc: 'LR', from: 170, to: 250 },
  { arc: 'L', from: 230, to: 310 },
  { arc: 'LF', from: 290, to: 370 },
  { arc: 'FH', from: -100, to: 100 },
  { arc: 'RH', from: 80, to: 280 },
  { arc: 'Mauler', from: -15, to: 15 },
];

/** The RR arc as the document prints it ("180° to 110°"), without the +10° past 180 (digest N7). */
export const RR_LITERAL: YawArcRow = { arc: 'RR', from: 110, to: 180 };

export type Mount = 'Top' | 'Center' | 'Bottom';
export const MOUNTS: readonly Mount[] = ['Top', 'Center', 'Bottom'];

/** D2.12 pitch arcs in degrees (relative pitch, + = above the deck). */
export const PITCH_ARCS: Readonly<Record<Mount, { from: number; to: number }>> = {
  Top: { from: -30, to: 90 },
  Center: { from: -60, to: 60 },
  Bottom: { from: -90, to: 30 },
};

export type HexFacing = 'A' | 'B' | 'C' | 'D' | 'E' | 'F';
export const HEX_FACINGS: readonly HexFacing[] = ['A', 'B', 'C', 'D', 'E', 'F'];

/** S3D1.2 as printed, and the geometric reading in the C1.21 sign (digest N8, N9). */
export const FACING_YAW: Readonly<Record<HexFacing, { literal: number; geometric: number }>> = {
  A: { literal: 300, geometric: 0 },
  B: { literal: 0, geometric: 300 },
  C: { literal: 60, geometric: 240 },
  D: { literal: 120, geometric: 180 },
  E: { literal: 180, geometric: 120 },
  F: { literal: 240, geometric: 60 },
};

/** One asteroid hex (P3.11): centre in whole hexes, radius in thirds of a hex (a d6 ÷ 3). */
export interface AsteroidRow {
  x: number;
  y: number;
  z: number;
  radiusThirds: number;
}

/** The example field printed with P3.11 (54 spheres; x y z radius, radius as d6/3). */
export const EXAMPLE_ASTEROID_FIELD: readonly AsteroidRow[] = (
  [
    [30, 34, 16, 3],
    [29, 27, 14, 2],
    [8, 28, 8, 1],
    [31, 29, 7, 2],
    [18, 8, 38, 1],
    [29, 34, 38, 2],
    [40, 40, 12, 2],
    [9, 16, 11, 3],
    [25, 15, 27, 1],
    [31, 8, 37, 5],
    [11, 22, 27, 2],
    [19, 14, 37, 1],
    [38, 38, 42, 4],
    [28, 35, 35, 6],
    [38, 24, 11, 1],
    [34, 24, 39, 2],
    [15, 10, 19, 1],
    [21, 24, 7, 6],
    [35, 26, 36, 1],
    [35, 41, 36, 2],
    [31, 13, 41, 6],
    [27, 21, 10, 6],
    [11, 34, 11, 5],
    [20, 9, 27, 5],
    [34, 10, 38, 6],
    [38, 21, 36, 5],
    [10, 12, 12, 5],
    [20, 33, 35, 1],
    [11, 40, 18, 5],
    [31, 17, 38, 2],
    [29, 23, 39, 1],
    [38, 41, 40, 4],
    [15, 15, 24, 4],
    [41, 20, 18, 4],
    [26, 17, 35, 4],
    [29, 28, 17, 2],
    [24, 38, 24, 5],
    [37, 36, 10, 5],
    [17, 24, 24, 4],
    [36, 15, 38, 1],
    [10, 38, 42, 5],
    [30, 32, 10, 1],
    [17, 28, 24, 2],
    [13, 36, 29, 4],
    [7, 15, 30, 5],
    [26, 33, 19, 5],
    [23, 22, 30, 6],
    [22, 35, 41, 6],
    [41, 9, 28, 4],
    [13, 36, 34, 6],
    [20, 8, 41, 3],
    [13, 16, 8, 1],
    [23, 17, 17, 3],
    [34, 36, 35, 6],
  ] as const
).map(([x, y, z, radiusThirds]) => ({ x, y, z, radiusThirds }));

// ---- CSV readers (the files in assets/tables/n3d) ----

function rows(text: string): Record<string, string>[] {
  return parseCsv(text.replace(/^\uFEFF/, ''), { columns: true, skip_empty_lines: true, trim: true }) as Record<
    string,
    string
  >[];
}

function num(value: string | undefined, what: string): number {
  const n = Number(value);
  if (value === undefined || value === '' || !Number.isFinite(n))
    throw new Error(`n3d table: ${what} is not a number (${value})`);
  return n;
}

/** `n3d_turn_mode.csv`: class → k (rows with a k only). */
export function parseTurnModeCsv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of rows(text)) if (r['k']) out[r['class']!] = r['k'];
  return out;
}

/** `n3d_yaw_arcs.csv`: arc, from, to. */
export function parseYawArcsCsv(text: string): YawArcRow[] {
  return rows(text).map((r) => ({
    arc: r['arc']!,
    from: num(r['from_deg'], `${r['arc']} from`),
    to: num(r['to_deg'], `${r['arc']} to`),
  }));
}

/** `n3d_pitch_arcs.csv`: mount, from, to. */
export function parsePitchArcsCsv(text: string): Record<string, { from: number; to: number }> {
  const out: Record<string, { from: number; to: number }> = {};
  for (const r of rows(text)) out[r['mount']!] = { from: num(r['from_deg'], 'from'), to: num(r['to_deg'], 'to') };
  return out;
}

/** `n3d_facing_translation.csv`: facing letter → literal and geometric yaw. */
export function parseFacingCsv(text: string): Record<string, { literal: number; geometric: number }> {
  const out: Record<string, { literal: number; geometric: number }> = {};
  for (const r of rows(text)) {
    const geometricKey = Object.keys(r).find((k) => k.startsWith('geometric_yaw'))!;
    out[r['hex_facing']!] = {
      literal: num(r['doc_literal_yaw'], 'literal yaw'),
      geometric: num(r[geometricKey], 'geometric yaw'),
    };
  }
  return out;
}

/** `n3d_asteroid_example.csv`: radius printed to 5 decimals (0.33333) is read back as thirds. */
export function parseAsteroidCsv(text: string): AsteroidRow[] {
  return rows(text).map((r, i) => {
    const radius = num(r['radius'], `row ${i + 1} radius`);
    const thirds = Math.round(radius * 3);
    if (Math.abs(radius * 3 - thirds) > 0.001)
      throw new Error(`n3d table: row ${i + 1} radius ${radius} is not a whole number of thirds`);
    return { x: num(r['x'], 'x'), y: num(r['y'], 'y'), z: num(r['z'], 'z'), radiusThirds: thirds };
  });
}
