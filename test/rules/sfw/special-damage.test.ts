import { describe, expect, it } from 'vitest';
import { RuleViolation } from '../../../src/rules/errors.ts';
import { checkPowerAllocation, factorCost } from '../../../src/rules/sfw/power.ts';
import { EXAMPLE_SHIPS } from '../../../src/rules/sfw/ship.ts';
import {
  applySpecialDamage,
  expireEffects,
  needsSpecialDamageRoll,
  newShipState,
  penaltiesOn,
  restrictionsOn,
  takeDamage,
} from '../../../src/rules/sfw/ship-state.ts';
import { specialDamageFor, specialDamageRequired } from '../../../src/rules/sfw/special-damage.ts';

const INVINCIBLE = EXAMPLE_SHIPS.INVINCIBLE;

describe('SFW Special Damage Table (digest C.2.6, C.3)', () => {
  it('S11 INVINCIBLE (240 PU) after losing 50 on turn 3 is 20.8% damaged and must roll', () => {
    expect(specialDamageRequired(240, 50)).toBe(true);
    expect(needsSpecialDamageRoll(newShipState(240, 50))).toBe(true);
  });

  it('DS1 exactly 20% is not "more than 20%": INVINCIBLE at 48 does not roll, at 49 does', () => {
    expect(specialDamageRequired(240, 48)).toBe(false);
    expect(specialDamageRequired(240, 49)).toBe(true);
  });

  it('S12 roll 86 on turn 3; on turn 4 121 PU buy 11 Offensive Factors, reduced to 9 (9 factors would normally cost 81)', () => {
    const { state, result } = applySpecialDamage(newShipState(240, 50), 86, 3);
    expect(result.code).toBe('of-minus-2');
    const a = checkPowerAllocation(INVINCIBLE, state.damage, { speed: 0, of: 11, df: 0 }, penaltiesOn(state, 4));
    expect(a.used).toBe(121);
    expect(a.effective.of).toBe(9);
    expect(factorCost(9)).toBe(81);
  });

  it("S12 roll 86 lasts until repaired by default (W2); the variant flag gives the example's three turns", () => {
    const untilRepaired = applySpecialDamage(newShipState(240, 50), 86, 3).state;
    expect(penaltiesOn(untilRepaired, 20).of).toBe(2);
    const timed = applySpecialDamage(newShipState(240, 50), 86, 3, { ofPenaltyTurns: 3 }).state;
    expect([4, 5, 6, 7].map((t) => penaltiesOn(timed, t).of)).toEqual([2, 2, 2, 0]);
  });

  it('effects start the turn after the roll: shields buckle (95) take 2 DF off turns 4–7 only', () => {
    const { state } = applySpecialDamage(newShipState(240, 60), 95, 3);
    expect([3, 4, 7, 8].map((t) => penaltiesOn(state, t).df)).toEqual([0, 2, 2, 0]);
    expect(expireEffects(state, 8).effects).toHaveLength(0);
    expect(expireEffects(state, 7).effects).toHaveLength(1);
  });

  it('the laser dynamo (94) silences all Offensive Factors for two turns', () => {
    const { state } = applySpecialDamage(newShipState(240, 60), 94, 5);
    expect([6, 7, 8].map((t) => penaltiesOn(state, t).noOF)).toEqual([true, true, false]);
  });

  it('two hits of the same kind add up: two 88s take 4 speed', () => {
    let s = newShipState(240, 60);
    s = applySpecialDamage(s, 88, 3).state;
    s = applySpecialDamage(s, 89, 4).state;
    expect(penaltiesOn(s, 5).speed).toBe(4);
  });

  it('99 destroys the ship; 00–82 do nothing; the other bands map as printed', () => {
    expect(applySpecialDamage(newShipState(240, 60), 99, 3).state.destroyed).toBe(true);
    expect(applySpecialDamage(newShipState(240, 60), 82, 3).state.effects).toHaveLength(0);
    expect([83, 85, 87, 90, 91, 92, 93, 97, 98].map((r) => specialDamageFor(r).code)).toEqual([
      'sensors',
      'sensors',
      'pw-launchers-destroyed',
      'no-attack-craft-launch',
      'no-attack-craft-launch',
      'cids-minus-2-rolls',
      'cids-minus-2-rolls',
      'stardrive-crippled',
      'stardrive-crippled',
    ]);
  });

  it('W13 sensor damage has no duration: it holds for the rest of the battle (36-inch range)', () => {
    const { state } = applySpecialDamage(newShipState(240, 60), 84, 2);
    expect(restrictionsOn(state, 30).sensorRangeInches).toBe(36);
    expect(restrictionsOn(state, 2).sensorRangeInches).toBeNull();
  });

  it('83% of rolls do nothing, 1% destroys the ship', () => {
    const codes = Array.from({ length: 100 }, (_, r) => specialDamageFor(r).code);
    expect(codes.filter((c) => c === 'none')).toHaveLength(83);
    expect(codes.filter((c) => c === 'reactors-critical')).toHaveLength(1);
  });

  it('rolls outside 00–99 are refused', () => {
    expect(() => specialDamageFor(100)).toThrow(RuleViolation);
    expect(() => specialDamageFor(-1)).toThrow(/00–99/);
    expect(() => specialDamageFor(50.5)).toThrow(RuleViolation);
  });

  it("damage is capped at the ship's PU and the high-water mark is kept", () => {
    const s = takeDamage(newShipState(30), 45);
    expect(s.damage).toBe(30);
    expect(s.maxDamageTaken).toBe(30);
  });
});
