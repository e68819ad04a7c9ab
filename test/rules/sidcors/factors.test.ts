import { describe, expect, it } from 'vitest';
import { SIDCORS_RULE, formatFactors, parseFactors } from '../../../src/rules/sidcors/index.ts';
import { refusal } from './helpers.ts';

describe('SIDCORS unit factors A-D(F)/CA-CD(CF) (A.2.14 "reading the ship factors")', () => {
  it('reads all six numbers', () => {
    expect(parseFactors('10-10(6)/5-5(3)')).toEqual({
      uncrippled: { attack: 10, defense: 10, fighters: 6 },
      crippled: { attack: 5, defense: 5, fighters: 3 },
    });
  });

  it('a missing D is the attack factor and a missing F is zero, on both sides', () => {
    expect(parseFactors('8/4')).toEqual({
      uncrippled: { attack: 8, defense: 8, fighters: 0 },
      crippled: { attack: 4, defense: 4, fighters: 0 },
    });
    expect(parseFactors('5-4/2-2')).toEqual({
      uncrippled: { attack: 5, defense: 4, fighters: 0 },
      crippled: { attack: 2, defense: 2, fighters: 0 },
    });
    expect(parseFactors(' 9 - 8 / 4 - 4 ')).toEqual(parseFactors('9-8/4-4'));
  });

  it('units with no crippled side (convoys, FRDs) have crippled = null', () => {
    expect(parseFactors('0-6')).toEqual({ uncrippled: { attack: 0, defense: 6, fighters: 0 }, crippled: null });
    expect(formatFactors(parseFactors('0-6'))).toBe('0-6');
    expect(formatFactors(parseFactors('8/4'))).toBe('8-8/4-4');
  });

  it('malformed strings, fractional fighter factors and zero defence are refused', () => {
    for (const bad of ['', 'x', '8-8/', '8--8', '-8', '8-8/4-4/2', '8(6'])
      refusal(() => parseFactors(bad), SIDCORS_RULE.factors, 'sidcors/bad-factors');
    refusal(() => parseFactors('10-10(4.5)/5-5'), SIDCORS_RULE.factors, 'sidcors/fractional-factor');
    refusal(() => parseFactors('0'), SIDCORS_RULE.factors, 'sidcors/zero-defense');
    refusal(() => parseFactors('6-6/0'), SIDCORS_RULE.factors, 'sidcors/zero-defense');
  });
});
