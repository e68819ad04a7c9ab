import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  EXAMPLE_ASTEROID_FIELD,
  FACING_YAW,
  parseAsteroidCsv,
  parseFacingCsv,
  parsePitchArcsCsv,
  parseTurnModeCsv,
  parseYawArcsCsv,
  PITCH_ARCS,
  RR_LITERAL,
  TURN_MODE_K,
  YAW_ARCS,
} from '../../../src/rules/n3d/index.ts';

/** The embedded tables equal the CSV files in assets/tables/n3d (the rules layer cannot read files). */
const DIR = fileURLToPath(new URL('../../../assets/tables/n3d/', import.meta.url));
const read = (name: string) => readFileSync(`${DIR}${name}`, 'utf8');

describe('assets/tables/n3d ↔ src/rules/n3d/tables.ts', () => {
  it('C3.31 turn-mode constants k', () => {
    expect(parseTurnModeCsv(read('n3d_turn_mode.csv'))).toEqual(TURN_MODE_K);
  });

  it('D2.12 yaw arcs (RR as recommended; the printed 110..180 kept as the literal reading)', () => {
    expect(parseYawArcsCsv(read('n3d_yaw_arcs.csv'))).toEqual(YAW_ARCS);
    expect(read('n3d_yaw_arcs.csv')).toContain('doc prints 110..180');
    expect(RR_LITERAL).toEqual({ arc: 'RR', from: 110, to: 180 });
  });

  it('D2.12 pitch arcs', () => {
    expect(parsePitchArcsCsv(read('n3d_pitch_arcs.csv'))).toEqual(PITCH_ARCS);
  });

  it('S3D1.2 facing translation, both readings', () => {
    expect(parseFacingCsv(read('n3d_facing_translation.csv'))).toEqual(FACING_YAW);
  });

  it('P3.11 example asteroid field: all 54 spheres, radii read back as thirds', () => {
    const rows = parseAsteroidCsv(read('n3d_asteroid_example.csv'));
    expect(rows).toHaveLength(54);
    expect(rows).toEqual(EXAMPLE_ASTEROID_FIELD);
  });

  it('the README names where the tables came from', () => {
    expect(read('README.md')).toContain('003_d6e13cdaa01e64ff.txt');
  });
});
