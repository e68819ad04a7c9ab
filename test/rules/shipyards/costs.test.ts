import { describe, expect, it } from 'vitest';
import { type bpv, bpvToString } from '../../../src/rules/exact/bpv.ts';
import {
  chargeLine,
  conversionCapacity,
  conversionCost,
  formatCapacity,
  inspectionCost,
  overhaulCost,
  refitCapacity,
  refitCost,
} from '../../../src/rules/thunderdome/shipyards/index.ts';

const s = (x: ReturnType<typeof bpv>) => bpvToString(x);

describe('TC-064 shipyard cost formulas (UTD6.3743, 6.3755, 6.3764, 6.3766, 6.3775, 6.3744)', () => {
  it('UTD6.3743 overhaul at 10%: 125 → 12.5, charged 13 per line, 12.5 with rounding none', () => {
    expect(s(overhaulCost('125', 10))).toBe('12.5');
    expect(s(chargeLine([overhaulCost('125', 10)], 'perLine'))).toBe('13');
    expect(s(chargeLine([overhaulCost('125', 10)], 'none'))).toBe('12.5');
  });

  it('UTD6.3755 a refit to a cheaper configuration is free by the rule; 10% of the original under the printed preset (ISS-A02)', () => {
    expect(s(refitCost('100', '97', 0))).toBe('0');
    expect(s(refitCost('100', '97', 10))).toBe('10');
    expect(s(refitCost('133', '137', 0))).toBe('4');
    expect(s(refitCost('133', '137', 10))).toBe('13.3');
  });

  it('UTD6.3755 a catalog cost_override replaces the BPV difference', () => {
    expect(s(refitCost('63', '65', 0, '5'))).toBe('5');
  });

  it('UTD6.3764 conversion: 100→110 costs 25, 100→140 costs 40, 100→90 costs 25', () => {
    expect(s(conversionCost('100', '110', 25))).toBe('25');
    expect(s(conversionCost('100', '140', 25))).toBe('40');
    expect(s(conversionCost('100', '90', 25))).toBe('25');
  });

  it('UTD6.3766 conversion capacity is the larger MC: 1/2→2/3 uses 40 sixtieths, 1→2/3 uses 60', () => {
    expect(conversionCapacity(30, 40)).toBe(40);
    expect(conversionCapacity(60, 40)).toBe(60);
  });

  it('UTD6.3775 inspecting a ship of BPV 120 costs 30', () => {
    expect(s(inspectionCost('120', 25))).toBe('30');
  });

  it('UTD6.3765 overhaul + conversion of a CA 133 into a hull of 160: 13.3 + max(27, 33.25) = 46.55 → 47', () => {
    const line = overhaulCost('133', 10).add(conversionCost('133', '160', 25));
    expect(s(line)).toBe('46.55');
    expect(s(chargeLine([line], 'perLine'))).toBe('47');
  });

  it('UTD6.3755 refit capacity is half the MC: MC 1 → 30, MC 2 → 60, MC 1/4 → 7.5 kept exact', () => {
    expect(refitCapacity(60)).toBe(30);
    expect(refitCapacity(120)).toBe(60);
    expect(refitCapacity(15)).toBe(7.5);
    expect(refitCapacity(15) * 8).toBe(60);
  });

  it('ISS-A03 a line of two FF refits rounds once (12.6 → 13); per ship it is 6 + 6', () => {
    const parts = [refitCost('63', '65', 10), refitCost('63', '65', 10)];
    expect(s(chargeLine(parts, 'perLine'))).toBe('13');
    expect(s(chargeLine(parts, 'perShip'))).toBe('12');
    expect(s(chargeLine(parts, 'none'))).toBe('12.6');
  });
});

describe('TC-061 capacity arithmetic (UTD6.3722, 6.372)', () => {
  it('six FFs of MC 1/3 make exactly 2, and 1 + 2/3 + 1/3 is exactly 2, counted in sixtieths', () => {
    expect(Array.from({ length: 6 }, () => 20).reduce((a, b) => a + b, 0)).toBe(120);
    expect(60 + 40 + 2 * refitCapacity(20)).toBe(120);
    expect(formatCapacity(120)).toBe('2');
    expect(formatCapacity(10)).toBe('1/6');
    expect(formatCapacity(7.5)).toBe('1/8');
    expect(formatCapacity(120 * 7, 10)).toBe('7/5');
  });
});
