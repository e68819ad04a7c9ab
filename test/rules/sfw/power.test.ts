import { describe, expect, it } from 'vitest';
import { RuleViolation } from '../../../src/rules/errors.ts';
import {
  bestDefense,
  checkPowerAllocation,
  factorCost,
  maxFactors,
  sgdBonusActive,
} from '../../../src/rules/sfw/power.ts';
import { EXAMPLE_SHIPS } from '../../../src/rules/sfw/ship.ts';
import type { SfwShip } from '../../../src/rules/sfw/ship.ts';

const { VICTORY, PIRAHNA } = EXAMPLE_SHIPS;

describe('SFW power allocation (digest C.2.1, C.3)', () => {
  it('S1 undamaged VICTORY at speed 3, OF 18, DF 12 spends 9 + 324 + 144 = 477 of 480 PU', () => {
    const a = checkPowerAllocation(VICTORY, 0, { speed: 3, of: 18, df: 12 });
    expect(a.legal).toBe(true);
    expect(a.used).toBe(477);
    expect(a.left).toBe(3);
  });

  it('S2 VICTORY adds its additional OF 7 to the calculated 18: 25 Offensive Factors', () => {
    expect(checkPowerAllocation(VICTORY, 0, { speed: 3, of: 18, df: 12 }).effective.of).toBe(25);
  });

  it('S3 VICTORY DF is 12 + 7 = 19 (correction W1: the text prints "boosted from 12 to 9")', () => {
    expect(checkPowerAllocation(VICTORY, 0, { speed: 3, of: 18, df: 12 }).effective.df).toBe(19);
  });

  it('DS2 SGD bonus cut-off at a loss of 75% (W14: ≥): VICTORY keeps +7 at 359 damage, loses it at 360', () => {
    expect(sgdBonusActive(480, 359)).toBe(true);
    expect(sgdBonusActive(480, 360)).toBe(false);
    const at359 = checkPowerAllocation(VICTORY, 359, { speed: 0, of: 11, df: 0 });
    expect(at359.legal).toBe(true);
    expect(at359.effective).toEqual({ speed: 0, of: 18, df: 7 });
    const at360 = checkPowerAllocation(VICTORY, 360, { speed: 0, of: 10, df: 0 });
    expect(at360.sgdBonus).toBe(false);
    expect(at360.effective).toEqual({ speed: 0, of: 10, df: 0 });
  });

  it('one more factor than the PU allow is refused with the arithmetic shown', () => {
    const a = checkPowerAllocation(VICTORY, 0, { speed: 3, of: 18, df: 13 });
    expect(a.legal).toBe(false);
    expect(a.used).toBe(502);
    expect(a.problems[0]).toMatch(/480 PU but the allocation costs 502 \(3² \+ 18² \+ 13²\)/);
  });

  it('SGDs, starbombers and SAPS may not exceed speed 5', () => {
    const a = checkPowerAllocation(VICTORY, 0, { speed: 6, of: 0, df: 0 });
    expect(a.legal).toBe(false);
    expect(a.problems[0]).toMatch(/may not exceed speed 5/);
    const gd: SfwShip = { name: 'GD', type: 'GD', maxPU: 240 };
    expect(checkPowerAllocation(gd, 0, { speed: 6, of: 0, df: 0 }).legal).toBe(true);
  });

  it('maximum Offensive and Defensive Factors cap the purchase whatever the PU', () => {
    const ship: SfwShip = { name: 'capped', type: 'GB', maxPU: 200, maxOF: 5, maxDF: 7 };
    const a = checkPowerAllocation(ship, 0, { speed: 0, of: 6, df: 8 });
    expect(a.problems).toEqual([
      'capped has at most 5 Offensive Factors (asked 6).',
      'capped has at most 7 Defensive Factors (asked 8).',
    ]);
    expect(bestDefense(ship, 0, 0, 0)).toBe(7);
  });

  it('cost is the square of the factor, and ⌊√PU⌋ is the most one system can buy (300 → 17, 121 → 11, 120 → 10)', () => {
    expect(factorCost(9)).toBe(81);
    expect(maxFactors(300)).toBe(17);
    expect(maxFactors(121)).toBe(11);
    expect(maxFactors(120)).toBe(10);
    expect(maxFactors(0)).toBe(0);
    expect(maxFactors(-5)).toBe(0);
    expect(maxFactors(2 ** 52)).toBe(2 ** 26);
  });

  it('S18 Pirahna with 10 PU left: speed 2 (4) + OF 2 (4) + DF 1 (1) = 9, and DF 1 is the best the rest buys', () => {
    const a = checkPowerAllocation(PIRAHNA, 20, { speed: 2, of: 2, df: 1 });
    expect(a.legal).toBe(true);
    expect(a.available).toBe(10);
    expect(a.used).toBe(9);
    expect(a.left).toBe(1);
    expect(bestDefense(PIRAHNA, 20, 2, 2)).toBe(1);
  });

  it('a ship at 0 PU is disabled', () => {
    const a = checkPowerAllocation(PIRAHNA, 30, { speed: 0, of: 0, df: 0 });
    expect(a.disabled).toBe(true);
    expect(a.available).toBe(0);
  });

  it('special-damage penalties come off the calculated factors, never below 0', () => {
    const a = checkPowerAllocation(
      EXAMPLE_SHIPS.INVINCIBLE,
      0,
      { speed: 1, of: 1, df: 3 },
      { of: 2, df: 2, speed: 2, noOF: false, noDF: false },
    );
    expect(a.effective).toEqual({ speed: 0, of: 0, df: 1 });
    const dynamo = checkPowerAllocation(
      VICTORY,
      0,
      { speed: 0, of: 10, df: 10 },
      { of: 0, df: 0, speed: 0, noOF: true, noDF: false },
    );
    expect(dynamo.effective.of).toBe(0);
    expect(dynamo.effective.df).toBe(17);
  });

  it('fractional or negative factors are refused as bad input', () => {
    expect(() => checkPowerAllocation(VICTORY, 0, { speed: 1.5, of: 0, df: 0 })).toThrow(RuleViolation);
    expect(() => checkPowerAllocation(VICTORY, -1, { speed: 1, of: 0, df: 0 })).toThrow(
      /Damage must be a whole number/,
    );
  });
});
