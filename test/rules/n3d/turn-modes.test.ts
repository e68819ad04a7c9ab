import { describe, expect, it } from 'vitest';
import { RuleViolation } from '../../../src/rules/errors.ts';
import {
  checkBaseRotation,
  hexesToKm,
  quarterOf,
  tacLimit,
  turnLimit,
  turnModeLimit,
} from '../../../src/rules/n3d/index.ts';

const deg = (d: number) => Math.round(d * 10_000);
const hex = (h: number) => hexesToKm(h);

describe('C3.31 turn limits per class (degrees per impulse per axis, floored to 1/10,000°)', () => {
  it.each([
    ['shuttle', 9, 9], // 3 × 3
    ['AA', 25, 11.5], // 2.3 × 5
    ['A', 4, 3.82],
    ['B', 36, 9.9],
    ['C', 16, 6.36],
    ['E', 9, 4.32],
    ['F', 25, 6.3],
  ] as const)('class %s at speed %i: %f°', (cls, s, expected) => {
    expect(turnModeLimit({ kind: 'class', class: cls }, hex(s))).toBe(deg(expected));
  });

  it('an irrational limit is rounded DOWN: class A at speed 2 = 1.91·√2 = 2.70114…° → 2.7011°', () => {
    expect(turnModeLimit({ kind: 'class', class: 'A' }, hex(2))).toBe(27_011);
  });

  it('the 1.5° floor applies at speed 0 to every class and to seeking weapons', () => {
    expect(turnModeLimit({ kind: 'class', class: 'AA' }, 0)).toBe(deg(1.5));
    expect(turnModeLimit({ kind: 'seeking' }, hex(1))).toBe(deg(1.5));
  });

  it('fractional speed: class D at 12.25 = 1.53 × 3.5 = 5.355°', () => {
    expect(turnModeLimit({ kind: 'class', class: 'D' }, hex(12.25))).toBe(deg(5.355));
  });

  it('digest N4: the printed multi-hex formula grows as speed falls and is unbounded at 0 (capped at 180°)', () => {
    expect(turnModeLimit({ kind: 'multi-hex', hexes: 3 }, hex(8), 'literal')).toBe(deg(60));
    expect(turnModeLimit({ kind: 'multi-hex', hexes: 3 }, 0, 'literal')).toBe(deg(180));
    expect(turnModeLimit({ kind: 'multi-hex', hexes: 3 }, hex(8))).toBe(deg(3.75));
  });
});

describe('C5 tactical maneuvers, C3.7 bases', () => {
  it('C5.13 zero-energy 1.5°, C5.11 sub-light 2°, C5.21 warp 7.5°, C5.32 both 9°', () => {
    expect(['none', 'sublight', 'warp', 'both'].map((t) => tacLimit(t as 'none'))).toEqual([
      deg(1.5),
      deg(2),
      deg(7.5),
      deg(9),
    ]);
  });

  it('G21.224: an outstanding crew makes 11° with a warp TAC, alone or combined (digest N15)', () => {
    expect([tacLimit('warp', true), tacLimit('both', true), tacLimit('sublight', true)]).toEqual([
      deg(11),
      deg(11),
      deg(2),
    ]);
  });

  it('a unit uses the greater of its turn mode and its TAC: class D at 16 (6.12°) with warp TAC → 7.5°; at 36 (9.18°) → 9.18°', () => {
    expect(turnLimit({ kind: 'class', class: 'D' }, hex(16), 'warp', false)).toBe(deg(7.5));
    expect(turnLimit({ kind: 'class', class: 'D' }, hex(36), 'warp', false)).toBe(deg(9.18));
  });

  it('C5.21: quarter turns are impulses 1–8, 9–16, 17–24, 25–32', () => {
    expect([1, 8, 9, 16, 17, 25, 32].map(quarterOf)).toEqual([1, 1, 2, 2, 3, 4, 4]);
  });

  it('C3.7: a base rotates at most 7.5° per impulse per axis', () => {
    expect(() => checkBaseRotation({ pitch: deg(7.5), yaw: deg(-7.5), roll: 0 })).not.toThrow();
    expect(() => checkBaseRotation({ pitch: 0, yaw: deg(7.6), roll: 0 })).toThrow(RuleViolation);
  });
});
