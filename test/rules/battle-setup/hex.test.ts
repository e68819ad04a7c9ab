import { describe, expect, it } from 'vitest';
import {
  CENTRE,
  centreOf,
  DIRECTIONS,
  directionOf,
  distance,
  euclid,
  formatHex,
  hexesWithin,
  move,
  neighbours,
  onMap,
  parseHex,
  ring,
} from '../../../src/rules/thunderdome/battle-setup/hex.ts';
import type { Direction } from '../../../src/rules/thunderdome/battle-setup/hex.ts';

const OPPOSITE: Record<Direction, Direction> = { A: 'D', B: 'E', C: 'F', D: 'A', E: 'B', F: 'C' };
const hexes = (list: { x: number; y: number }[]) => list.map(formatHex);

describe('SFB hex numbering on the 60×60 map (UTD7.41)', () => {
  it('even columns sit half a hex lower: the neighbours of 3030 (even) and 2929 (odd), A to F clockwise from up', () => {
    expect(hexes(neighbours(parseHex('3030')))).toEqual(['3029', '3130', '3131', '3031', '2931', '2930']);
    expect(hexes(neighbours(parseHex('2929')))).toEqual(['2928', '3028', '3029', '2930', '2829', '2828']);
  });

  it('every step is undone by the opposite direction and is one hex long, everywhere on the map', () => {
    const bad: string[] = [];
    for (let x = 1; x <= 60; x++) {
      for (let y = 1; y <= 60; y++) {
        const h = { x, y };
        for (const d of DIRECTIONS) {
          const n = move(h, d);
          const back = move(n, OPPOSITE[d]);
          if (back.x !== x || back.y !== y || distance(h, n) !== 1 || Math.abs(euclid(h, n) - 1) > 1e-9)
            bad.push(`${x},${y} ${d}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('ISS-A71: a 1D6 result 1..6 is direction A..F; anything else is a bug', () => {
    expect([1, 2, 3, 4, 5, 6].map(directionOf)).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    expect(() => directionOf(0)).toThrow(RangeError);
    expect(() => directionOf(7)).toThrow(RangeError);
  });

  it('UTD7.451: 15 hexes in direction F of 3030 is 1523, in direction C is 4538 (mirror images about the centre)', () => {
    expect(formatHex(move(CENTRE, 'F', 15))).toBe('1523');
    expect(formatHex(move(CENTRE, 'C', 15))).toBe('4538');
    const [a, c, b] = [centreOf(parseHex('1523')), centreOf(CENTRE), centreOf(parseHex('4538'))];
    expect(a.x + b.x).toBeCloseTo(2 * c.x, 9);
    expect(a.y + b.y).toBeCloseTo(2 * c.y, 9);
  });

  it('moving n hexes equals n single steps, and can leave the map', () => {
    let h = parseHex('1050');
    for (let i = 0; i < 7; i++) h = move(h, 'B');
    expect(move(parseHex('1050'), 'B', 7)).toEqual(h);
    const off = move(parseHex('3003'), 'A', 5);
    expect(onMap(off)).toBe(false);
    expect(() => formatHex(off)).toThrow(RangeError);
  });

  it('hex distance: corner to corner is 89, along a column it is the row difference', () => {
    expect(distance(parseHex('0101'), parseHex('6060'))).toBe(89);
    expect(distance(parseHex('3001'), parseHex('3060'))).toBe(59);
    expect(distance(parseHex('3030'), parseHex('1523'))).toBe(15);
  });

  it('parses only on-map xxyy numbers', () => {
    expect(parseHex('0160')).toEqual({ x: 1, y: 60 });
    for (const bad of ['6101', '0000', '303', '30300', 'ab12']) expect(() => parseHex(bad)).toThrow(RangeError);
  });

  it('the range-15 ring: 90 hexes clockwise from 3015 (A), through 4538 (C corner), 1538 (E) and 1523 (F)', () => {
    const r = ring(CENTRE, 15);
    expect(r).toHaveLength(90);
    expect(new Set(hexes(r)).size).toBe(90);
    for (const h of r) expect(distance(h, CENTRE)).toBe(15);
    expect([0, 15, 30, 45, 60, 75].map((i) => formatHex(r[i]!))).toEqual([
      '3015',
      '4523',
      '4538',
      '3045',
      '1538',
      '1523',
    ]);
  });

  it('hexesWithin: 37 hexes within 3 of a central hex, fewer at the map edge', () => {
    expect(hexesWithin(CENTRE, 3)).toHaveLength(37);
    expect(hexesWithin(parseHex('0101'), 1).map(formatHex).sort()).toEqual(['0101', '0102', '0201']);
  });
});
