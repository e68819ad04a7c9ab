import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../../src/rules/dice.ts';
import { distance, formatHex, parseHex } from '../../../src/rules/thunderdome/battle-setup/hex.ts';
import {
  bodiesOf,
  gasGiantHexes,
  placeTerrain,
} from '../../../src/rules/thunderdome/battle-setup/terrain-placement.ts';
import type { Body } from '../../../src/rules/thunderdome/battle-setup/terrain-placement.ts';
import { colocated, placeWarpPoint, placeWarpPoints } from '../../../src/rules/thunderdome/battle-setup/warp-points.ts';

const SEED = 'b2'.repeat(32);
const forced = (...values: number[]) => new SeededDice(SEED, 3, values);
const body = (name: string, hexes: string[], dangerous = false): Body => ({
  name,
  kind: 'class-m-planet',
  hexes: hexes.map(parseHex),
  dangerous,
});
const ALPHA = { to: 'A', label: 'Alpha' };

describe('warp points (UTD7.4552x)', () => {
  it('UTD7.45521: direction 1D6 and distance 2D6 from 3030 (2 = B, 3 + 4 → 3727), dice recorded with their purpose', () => {
    const d = forced(2, 3, 4);
    expect(placeWarpPoint(ALPHA, [], d)).toEqual({
      to: 'A',
      label: 'Alpha',
      hex: '3727',
      direction: 'B',
      distance: 7,
      shiftedBy: 0,
      shiftedPast: [],
      rerolls: 0,
      dice: [2, 3, 4],
    });
    expect(d.records.map((r) => `${r.results.length}D${r.sides} ${r.purpose}`)).toEqual([
      '1D6 warp point to Alpha: direction (1D6, 1=A … 6=F)',
      '2D6 warp point to Alpha: distance from 3030 (2D6)',
    ]);
  });

  it('ISS-A72: one warp point per lane, in lane order', () => {
    const w = placeWarpPoints([ALPHA, { to: 'B', label: 'Beta' }], [], forced(1, 1, 1, 4, 6, 6));
    expect(w.map((p) => [p.to, p.hex])).toEqual([
      ['A', '3028'],
      ['B', '3042'],
    ]);
  });

  it('UTD7.45522: two warp points may share a hex', () => {
    const w = placeWarpPoints(
      [ALPHA, { to: 'B', label: 'Beta' }, { to: 'C', label: 'Cygnus' }],
      [],
      forced(3, 2, 2, 3, 1, 3, 5, 2, 2),
    );
    expect(w.map((p) => p.hex)).toEqual(['3432', '3432', '2632']);
    expect(colocated(w)).toEqual([{ hex: '3432', labels: ['Alpha', 'Beta'] }]);
  });

  it('UTD7.45532: a warp point on a planet moves on in its rolled direction until two hexes clear (3027 → 3025)', () => {
    const bodies = bodiesOf(placeTerrain({ terrain: ['class-m-planet'], home: false }, forced(1, 3)));
    const w = placeWarpPoint(ALPHA, bodies, forced(1, 1, 2));
    expect([w.hex, w.distance, w.shiftedBy, w.shiftedPast]).toEqual(['3025', 3, 2, ['Class-M planet']]);
    expect(distance(parseHex(w.hex), parseHex('3027'))).toBe(2);
  });

  it('UTD7.45532: inside a gas giant it moves until two hexes clear of the whole disc', () => {
    const giant = body('Gas giant', gasGiantHexes(parseHex('3024'), 5).map(formatHex));
    const w = placeWarpPoint(ALPHA, [giant], forced(1, 3, 3));
    // 3024 is the centre; the disc reaches 3022, so 2 clear is 3020.
    expect([w.hex, w.shiftedBy]).toEqual(['3020', 4]);
    expect(Math.min(...giant.hexes.map((h) => distance(h, parseHex(w.hex))))).toBe(2);
  });

  it('UTD7.45532: a shift that ends in another body is shifted again (planet 3027, moon 3025 → 3023)', () => {
    const w = placeWarpPoint(ALPHA, [body('planet', ['3027']), body('moon', ['3025'])], forced(1, 1, 2));
    expect([w.hex, w.shiftedBy, w.shiftedPast]).toEqual(['3023', 4, ['planet', 'moon']]);
  });

  it('a warp point next to a body but not in it stays put (UTD7.45531 forbids only the same hex)', () => {
    expect(placeWarpPoint(ALPHA, [body('planet', ['3027'])], forced(1, 1, 1)).hex).toBe('3028');
  });

  it('UTD7.45532: a shift that would leave the map is re-rolled; every die is kept', () => {
    const wall = body(
      'wall',
      Array.from({ length: 19 }, (_, i) => `30${String(i + 1).padStart(2, '0')}`),
    );
    const d = forced(1, 6, 6, 4, 1, 1);
    const w = placeWarpPoint(ALPHA, [wall], d);
    expect([w.hex, w.direction, w.distance, w.shiftedBy, w.rerolls, w.dice]).toEqual([
      '3032',
      'D',
      2,
      0,
      1,
      [1, 6, 6, 4, 1, 1],
    ]);
    expect(d.records.map((r) => r.purpose)).toEqual([
      'warp point to Alpha: direction (1D6, 1=A … 6=F)',
      'warp point to Alpha: distance from 3030 (2D6)',
      'warp point to Alpha: direction (1D6, 1=A … 6=F) (re-roll 1)',
      'warp point to Alpha: distance from 3030 (2D6) (re-roll 1)',
    ]);
  });
});
