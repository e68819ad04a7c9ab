import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../../src/rules/dice.ts';
import { RuleViolation } from '../../../src/rules/errors.ts';
import {
  asteroidsOverlap,
  canMoveWebPoint,
  checkEsgRadius,
  esgStrength,
  dropAnchor,
  exampleAsteroidField,
  fireBlockedByWeb,
  hexesToKm,
  hexToCoordinates,
  inAsteroidHex,
  inWebHex,
  LEVEL,
  orbitFacing,
  orbitStep,
  orientation,
  pickupPlacement,
  placeFromHex,
  powerGlobularWeb,
  rangeBetween,
  relativeBearing,
  rollAsteroidField,
  webBpv,
  webStrength,
  withinLayingReach,
} from '../../../src/rules/n3d/index.ts';

const deg = (d: number) => Math.round(d * 10_000);
const hex = (h: number) => hexesToKm(h);
const at = (x: number, y: number, z: number) => ({ x: hex(x), y: hex(y), z: hex(z) });

describe('D1.4 range', () => {
  it('is the distance rounded down: 2.9999 → 2, 3 → 3, 0.9999 → 0 (same hex)', () => {
    expect(rangeBetween(at(0, 0, 0), at(2.9999, 0, 0)).range).toBe(2);
    expect(rangeBetween(at(0, 0, 0), at(0, 3, 0)).range).toBe(3);
    expect(rangeBetween(at(0, 0, 0), at(0.9999, 0, 0))).toEqual({ distanceKm: 9_999, range: 0, sameHex: true });
  });

  it('is exact far away: (3000, 4000, 0) hexes is range 5000 exactly, one km less is 4999', () => {
    expect(rangeBetween(at(0, 0, 0), at(3000, 4000, 0)).range).toBe(5_000);
    expect(rangeBetween(at(0, 0, 0), { x: hex(3000), y: hex(4000) - 1, z: 0 }).range).toBe(4_999);
  });
});

describe('P8 standard orbit', () => {
  it('P8.411: facing puts the body at yaw 90 (left) or 270 (right), pitch 0', () => {
    const pos = at(0, 0, 0);
    const planet = at(0, 0, 2); // to the west = left of a north-facing ship
    const f = orbitFacing(LEVEL, pos, planet, 'left');
    const r = relativeBearing(f, pos, planet);
    expect([r.relYaw, r.relPitch]).toEqual([deg(90), 0]);
    const g = orbitFacing(LEVEL, pos, planet, 'right');
    expect(relativeBearing(g, pos, planet).relYaw).toBe(deg(-90));
  });

  it('one orbit at range 2 takes 2π·2 hexes at speed 1: after 402 impulses the unit is back near the start, radius kept', () => {
    const planet = at(0, 0, 2);
    let s = { pos: at(0, 0, 0), facing: orbitFacing(LEVEL, at(0, 0, 0), planet, 'left') };
    const perOrbit = Math.round(2 * Math.PI * 2 * 32); // 402.1 impulses
    for (let i = 0; i < perOrbit; i++) {
      s = orbitStep(s.pos, s.facing, planet, hex(2), 'left');
      expect(Math.abs(rangeBetween(s.pos, planet).distanceKm - hex(2))).toBeLessThanOrEqual(1);
    }
    expect(rangeBetween(s.pos, at(0, 0, 0)).distanceKm).toBeLessThan(100);
    expect(relativeBearing(s.facing, s.pos, planet).relYaw).toBe(deg(90));
  });

  it('a tilted orbit (body above and to the left) keeps the body at yaw 90, pitch 0 each impulse', () => {
    const planet = at(0, 1, 1);
    let s = { pos: at(0, 0, 0), facing: orbitFacing(LEVEL, at(0, 0, 0), planet, 'left') };
    for (let i = 0; i < 50; i++)
      s = orbitStep(s.pos, s.facing, planet, rangeBetween(at(0, 0, 0), planet).distanceKm, 'left');
    const r = relativeBearing(s.facing, s.pos, planet);
    expect(Math.abs(r.relYaw - deg(90))).toBeLessThan(deg(0.01));
    expect(Math.abs(r.relPitch)).toBeLessThan(deg(0.01));
  });
});

describe('S3D1 hex translation and S3D2 placement', () => {
  it('literal (as printed): 2215 → x 22, z 15; facing A = 300°, B = 0°', () => {
    expect(hexToCoordinates('2215', 'literal')).toEqual(at(22, 0, 15));
    expect(placeFromHex('2215', 'A', 'literal').facing.yaw).toBe(deg(300));
    expect(placeFromHex('2215', 'b', 'literal').facing.yaw).toBe(deg(0));
  });

  it('geometric (default): neighbouring hexes are range 1 (never "the same hex"), and a ship sees the neighbour it faces dead ahead', () => {
    const h0101 = hexToCoordinates('0101');
    const h0102 = hexToCoordinates('0102');
    const h0201 = hexToCoordinates('0201'); // even column sits half a hex lower: direction C of 0101
    expect(h0101).toEqual({ x: -10_000, y: 0, z: -8_661 });
    expect(h0201).toEqual({ x: -15_000, y: 0, z: -17_322 });
    expect(rangeBetween(h0101, h0102)).toEqual({ distanceKm: 10_000, range: 1, sameHex: false });
    expect(rangeBetween(h0101, h0201)).toEqual({ distanceKm: 10_001, range: 1, sameHex: false });
    const c = placeFromHex('0101', 'C');
    expect(Math.abs(relativeBearing(c.facing, c.pos, h0201).relYaw)).toBeLessThanOrEqual(deg(0.003));
    const a = placeFromHex('0102', 'A');
    expect(relativeBearing(a.facing, a.pos, h0101).arcBearing).toBe(0);
    const e = placeFromHex('0201', 'F'); // F of an even column is up-left: 0101
    expect(Math.abs(relativeBearing(e.facing, e.pos, h0101).relYaw)).toBeLessThanOrEqual(deg(0.003));
  });

  it('geometric, odd columns low (the other map parity): 0201 is then up-right of 0101 (direction B)', () => {
    const b = placeFromHex('0101', 'B', 'geometric', false);
    expect(
      Math.abs(relativeBearing(b.facing, b.pos, hexToCoordinates('0201', 'geometric', false)).relYaw),
    ).toBeLessThanOrEqual(deg(0.003));
  });

  it('bad hexes and facings are refused', () => {
    expect(() => hexToCoordinates('221')).toThrow(RuleViolation);
    expect(() => placeFromHex('2215', 'G')).toThrow(RuleViolation);
  });

  it('S3D2.1 pickup: fleets within 30 hexes of (±100, 0, 0), facing the origin', () => {
    const one = pickupPlacement(1, 3);
    expect(one.map((p) => p.pos)).toEqual([at(100, 0, -1), at(100, 0, 0), at(100, 0, 1)]);
    expect(one[0]!.facing.yaw).toBe(deg(180));
    expect(pickupPlacement(2, 1)[0]).toEqual({ pos: at(-100, 0, 0), facing: orientation(0, 0, 0) });
    expect(() => pickupPlacement(1, 62)).toThrow(RuleViolation);
  });
});

describe('P3.11 asteroid fields', () => {
  it('the printed example field: 54 spheres, coordinates 7..42, radii 1/3..2, no overlaps', () => {
    const field = exampleAsteroidField();
    expect(field).toHaveLength(54);
    for (const a of field) {
      for (const c of [a.centre.x, a.centre.y, a.centre.z]) expect(c >= hex(7) && c <= hex(42)).toBe(true);
      expect(a.radiusThirds >= 1 && a.radiusThirds <= 6).toBe(true);
    }
    for (let i = 0; i < field.length; i++)
      for (let j = i + 1; j < field.length; j++) expect(asteroidsOverlap(field[i]!, field[j]!)).toBe(false);
  });

  it('overlap is exact: radii 1 and 1 at distance 2 touch without overlapping; 1.9999 overlaps', () => {
    const a = { centre: at(0, 0, 0), radiusThirds: 3 };
    expect(asteroidsOverlap(a, { centre: at(2, 0, 0), radiusThirds: 3 })).toBe(false);
    expect(asteroidsOverlap(a, { centre: at(1.9999, 0, 0), radiusThirds: 3 })).toBe(true);
    expect(inAsteroidHex(at(0.3333, 0, 0), { centre: at(0, 0, 0), radiusThirds: 1 })).toBe(true);
    expect(inAsteroidHex(at(0.3334, 0, 0), { centre: at(0, 0, 0), radiusThirds: 1 })).toBe(false);
  });

  it('rolled with forced dice: an overlapping second sphere rerolls its location and keeps its radius', () => {
    const dice = new SeededDice('00', 1, [1, 1, 1, 1, 1, 1, 6, 1, 1, 1, 1, 1, 1, 6, 2, 2, 2, 2, 2, 2]);
    const field = rollAsteroidField(dice, 'none', 2);
    expect(field[0]).toEqual({ centre: at(7, 7, 7), radiusThirds: 6 });
    expect(field[1]).toEqual({ centre: at(14, 14, 14), radiusThirds: 6 });
    expect(dice.records.map((r) => r.purpose)).toEqual([
      'P3.11 asteroid hex 1 location (x, y, z: 6×d6 + d6)',
      'P3.11 asteroid hex 1 radius (d6 ÷ 3)',
      'P3.11 asteroid hex 2 location (x, y, z: 6×d6 + d6)',
      'P3.11 asteroid hex 2 radius (d6 ÷ 3)',
      'P3.11 asteroid hex 2 location (x, y, z: 6×d6 + d6)',
    ]);
  });

  it('a seeded 54-sphere field has no overlaps and, mirrored by 21, stays in −14..21', () => {
    const field = rollAsteroidField(new SeededDice('ab12', 7), '21');
    expect(field).toHaveLength(54);
    for (const a of field)
      for (const c of [a.centre.x, a.centre.y, a.centre.z]) expect(c >= hex(-14) && c <= hex(21)).toBe(true);
    for (let i = 0; i < field.length; i++)
      for (let j = i + 1; j < field.length; j++) expect(asteroidsOverlap(field[i]!, field[j]!)).toBe(false);
  });
});

describe('G10 webs', () => {
  const line = [at(0, 0, 0), at(10, 0, 0)];

  it('G10.51: less than two hexes (1.9999) from the line is in the web hex; 2 is not', () => {
    expect(inWebHex(at(5, 1.9999, 0), line)).toBe(true);
    expect(inWebHex(at(5, 2, 0), line)).toBe(false);
    expect(inWebHex(at(11.9, 0, 0), line)).toBe(true); // past the end, 1.9 from the anchor
  });

  it('G10.211: laying reach is under two hexes from an anchor', () => {
    expect(withinLayingReach(at(0, 0, 0), at(1.9999, 0, 0))).toBe(true);
    expect(withinLayingReach(at(0, 0, 0), at(2, 0, 0))).toBe(false);
  });

  it('G10.61: fire may go into the field but not through it', () => {
    expect(fireBlockedByWeb(at(5, -5, 0), at(5, 5, 0), line)).toBe(true); // through
    expect(fireBlockedByWeb(at(5, -5, 0), at(5, 0.5, 0), line)).toBe(false); // into
    expect(fireBlockedByWeb(at(5, -5, 0), at(15, -5, 0), line)).toBe(false); // nowhere near
    expect(fireBlockedByWeb(at(-5, 1.5, 0), at(15, 1.5, 0), line)).toBe(false); // passes 1.5 from the line
  });

  it('G10.3: strength is four times the traditional, at most 35 (× 10,000)', () => {
    expect([webStrength(3), webStrength('2.5'), webStrength(9)]).toEqual([hex(12), hex(10), hex(35)]);
  });

  it('G10.117: a middle anchor lost leaves the line through the others; with two anchors the web dissolves', () => {
    expect(dropAnchor(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
    expect(dropAnchor(['a', 'b'], 0)).toBeNull();
  });

  it('G10.12: powering a globular web loses every point not anchored to two others, repeatedly', () => {
    const p = (id: string) => ({ id, pos: at(0, 0, 0) });
    const web = {
      points: ['a', 'b', 'c', 'd', 'e'].map(p),
      strands: [
        ['a', 'b'],
        ['b', 'c'],
        ['c', 'a'],
        ['c', 'd'],
        ['d', 'e'],
      ] as [string, string][],
    };
    const powered = powerGlobularWeb(web);
    expect(powered.points.map((x) => x.id)).toEqual(['a', 'b', 'c']);
    expect(powered.strands).toHaveLength(3);
  });

  it('G10.12: a ship within half a hex of a point and nearer the centre may move it; G10.82 0.125 BPV per point', () => {
    expect(canMoveWebPoint(at(0.6, 0, 0), at(1, 0, 0), [0, 0, 0])).toBe(true);
    expect(canMoveWebPoint(at(1.4, 0, 0), at(1, 0, 0), [0, 0, 0])).toBe(false); // farther from the centre
    expect(canMoveWebPoint(at(0.5, 0, 0), at(1, 0, 0), [0, 0, 0])).toBe(false); // exactly half a hex away
    expect(webBpv(12)).toBe('1.5');
  });
});

describe('G23 expanding sphere', () => {
  it('the radius must be under 4 hexes', () => {
    expect(() => checkEsgRadius(hex(3.9999))).not.toThrow();
    expect(() => checkEsgRadius(hex(4))).toThrow(RuleViolation);
  });

  it('G23.42 strength = (4 − radius ÷ 3) × energy, exact: falls by a third of the energy per hex of radius', () => {
    expect(esgStrength(0, 6)).toBe('24'); // 4 × 6 at the generator
    expect(esgStrength(hex(1.5), 6)).toBe('21'); // (4 − 0.5) × 6
    expect(esgStrength(hex(3), 2)).toBe('6'); // (4 − 1) × 2
    expect(esgStrength(hex(3.9999), 3)).toBe('8.0001'); // just inside the 4-hex limit
    expect(esgStrength(hex(0.25), '2.5')).toBe('9.7917'); // (4 − 1/12) × 2.5 = 9.791666…
  });
});
