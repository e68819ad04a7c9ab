import { refuse } from '../errors.ts';
import { orientation, type Orientation } from './orientation.ts';
import { FACING_YAW, HEX_FACINGS, type HexFacing } from './tables.ts';
import { ANGLE_UNITS, KM_PER_HEX, roundHalfAway } from './units.ts';
import type { Vec3 } from './vector.ts';

/**
 * Traditional scenarios on the 'n3D axes (S3D1) and pickup placement (S3D2.1).
 *
 * - `literal` (S3D1.1/1.2 as printed): hex CCRR → x = CC, z = RR, y = 0; facing A = 300° … F = 240°.
 * - `geometric` (digest N9, the default): hex centres where they really are. Columns are √3/2 hex
 *   apart; offset columns sit half a hex further south. East = col·√3/2, south = row (+ ½);
 *   x (north) = −south, z (west) = −east. Facing A (up the map) = yaw 0, B = 300°, … F = 60°.
 *   Which columns are offset is a setting (`evenColumnsLow`, default true: 0201 is half a hex
 *   below 0101, as on the SFB map; check it against the map you use).
 *   Columns are placed 8,661 km apart: √3/2 hex (8,660.25 km) rounded UP, so two neighbouring
 *   hexes are never less than one hex apart on the km grid (rounded down they would be 9,999.8 km,
 *   range 0, "the same hex"). Directions are off by at most 0.003°.
 */
export const COLUMN_SPACING_KM = 8_661;
export type HexTranslation = 'geometric' | 'literal';

export interface HexPlacement {
  pos: Vec3;
  facing: Orientation;
}

export function parseSfbHex(hex: string): { col: number; row: number } {
  const m = /^(\d{2})(\d{2})$/.exec(hex.trim());
  if (!m)
    refuse('n3d/bad-hex', 'S3D1.1', `"${hex}" is not an SFB hex number (four digits, column then row, e.g. 2215).`);
  return { col: Number(m[1]), row: Number(m[2]) };
}

export function parseHexFacing(text: string): HexFacing {
  const f = text.trim().toUpperCase();
  if (!HEX_FACINGS.includes(f as HexFacing))
    refuse('n3d/bad-facing', 'S3D1.2', `"${text}" is not a hex facing (A to F).`);
  return f as HexFacing;
}

export function hexToCoordinates(hex: string, mode: HexTranslation = 'geometric', evenColumnsLow = true): Vec3 {
  const { col, row } = parseSfbHex(hex);
  if (mode === 'literal') return { x: col * KM_PER_HEX, y: 0, z: row * KM_PER_HEX };
  const offsetKm = (col % 2 === 0) === evenColumnsLow ? KM_PER_HEX / 2 : 0;
  const southKm = row * KM_PER_HEX + offsetKm;
  return { x: -southKm, y: 0, z: -col * COLUMN_SPACING_KM };
}

export function facingToYaw(facing: HexFacing, mode: HexTranslation = 'geometric'): number {
  return FACING_YAW[facing][mode] * ANGLE_UNITS;
}

/** S3D1: a counter on hex `hex` facing `facing` → position and facing (pitch and roll 0). */
export function placeFromHex(
  hex: string,
  facing: string,
  mode: HexTranslation = 'geometric',
  evenColumnsLow = true,
): HexPlacement {
  return {
    pos: hexToCoordinates(hex, mode, evenColumnsLow),
    facing: orientation(0, facingToYaw(parseHexFacing(facing), mode), 0),
  };
}

/**
 * S3D2.1: fleet 1 within 30 hexes of (100, 0, 0) facing the origin (yaw 180°), fleet 2 within 30
 * of (−100, 0, 0) facing it (yaw 0°). Units stand in a line across the axis, `spacingKm` apart,
 * centred on the station point; refused if the line would leave the 30-hex sphere.
 */
export function pickupPlacement(fleet: 1 | 2, count: number, spacingKm = KM_PER_HEX): HexPlacement[] {
  const half = ((count - 1) * spacingKm) / 2;
  if (half > 30 * KM_PER_HEX)
    refuse(
      'n3d/pickup-spread',
      'S3D2.1',
      `A fleet of ${count} at ${spacingKm / KM_PER_HEX} hexes apart does not fit within 30 hexes of its station.`,
    );
  const x = fleet === 1 ? 100 * KM_PER_HEX : -100 * KM_PER_HEX;
  const yaw = fleet === 1 ? 180 * ANGLE_UNITS : 0;
  return Array.from({ length: count }, (_, i) => ({
    pos: { x, y: 0, z: roundHalfAway(i * spacingKm - half) },
    facing: orientation(0, yaw, 0),
  }));
}
