import { describe, expect, it } from 'vitest';
import { bpv, bpvToString, percentOf, roundHalfUp } from '../../src/rules/exact/bpv.ts';
import { FLEET_LIMIT, formatMoveClass, parseMoveClass } from '../../src/rules/exact/move-class.ts';

describe('exact numbers (requirements §0.2)', () => {
  it.each([
    ['1/3', 20],
    ['0.33', 20],
    ['.333', 20],
    ['0.67', 40],
    ['2/3', 40],
    ['0.5', 30],
    ['1', 60],
    ['1.5', 90],
    ['4/3', 80],
    ['0.165', 10],
    ['1/5', 12],
  ])('move class %s is %i sixtieths', (text, sixtieths) => {
    expect(parseMoveClass(text)).toBe(sixtieths);
  });
  it('refuses move classes that are not near a sixtieth', () => {
    expect(parseMoveClass('0.31')).toBeNull();
    expect(parseMoveClass('0.3')).toBe(18); // 3/10 is exactly 18/60
    expect(parseMoveClass('abc')).toBeNull();
    expect(parseMoveClass('1/0')).toBeNull();
  });
  it('UTD6.3722 six FFs of MC 0.33 make exactly the capital capacity of 2', () => {
    expect(6 * parseMoveClass('0.33')!).toBe(120);
  });
  it('UTD7.23 DN + CA + CW + DD + 4 FF is exactly 5', () => {
    const sum = ['1.5', '1', '2/3', '0.5', '1/3', '1/3', '1/3', '1/3']
      .map((t) => parseMoveClass(t)!)
      .reduce((a, b) => a + b, 0);
    expect(sum).toBe(FLEET_LIMIT);
  });
  it('formats move classes as fractions', () => {
    expect(formatMoveClass(parseMoveClass('0.33')!)).toBe('1/3');
    expect(formatMoveClass(parseMoveClass('1.5')!)).toBe('3/2');
    expect(formatMoveClass(parseMoveClass('2')!)).toBe('2');
  });
  it('UTD6.3783 25% of 133 is exactly 33.25 and 10% is 13.3, total 46.55 rounds to 47', () => {
    const overhaul = percentOf(bpv(133), 25);
    const refit = percentOf(bpv(133), 10);
    expect(bpvToString(overhaul)).toBe('33.25');
    expect(bpvToString(refit)).toBe('13.3');
    expect(bpvToString(roundHalfUp(overhaul.add(refit)))).toBe('47');
  });
  it('design §4 half-up rounding in exact arithmetic: 90 × 35% = 31.5 rounds to 32', () => {
    expect(bpvToString(roundHalfUp(percentOf(bpv(90), 35)))).toBe('32');
  });
  it('UTD6.3F scrapping keeps every fraction', () => {
    expect(bpvToString(bpv('33.25').div(2))).toBe('16.625');
  });
});
