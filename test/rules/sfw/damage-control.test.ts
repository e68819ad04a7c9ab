import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../../src/rules/dice.ts';
import { RuleViolation } from '../../../src/rules/errors.ts';
import {
  applyRepair,
  dctTeamsLeft,
  REPAIR_TABLE,
  repairOutcome,
  rollRepairs,
} from '../../../src/rules/sfw/damage-control.ts';
import type { Band } from '../../../src/rules/sfw/percentile.ts';
import { applySpecialDamage, newShipState, penaltiesOn, takeDamage } from '../../../src/rules/sfw/ship-state.ts';
import type { SfwShipState } from '../../../src/rules/sfw/ship-state.ts';
import { SPECIAL_DAMAGE_TABLE, specialDamageRequired } from '../../../src/rules/sfw/special-damage.ts';

const SEED = 'cd'.repeat(32);

function covers00to99(bands: readonly Band<unknown>[]): boolean {
  let next = 0;
  for (const b of bands) {
    if (b.from !== next || b.to < b.from) return false;
    next = b.to + 1;
  }
  return next === 100;
}

/** Repeats PU repairs with roll 99 (6 PU each) and returns what each one actually repaired. */
function repairSixes(state: SfwShipState, times: number): { state: SfwShipState; applied: number[] } {
  const applied: number[] = [];
  let s = state;
  for (let i = 0; i < times; i++) {
    const r = applyRepair(s, 'GD', { type: 'pu' }, 99, 3);
    applied.push(r.applied);
    s = r.state;
  }
  return { state: s, applied };
}

describe('SFW Damage Control (digest C.2.7, C.3)', () => {
  it('S14 a GD (INVINCIBLE) that takes 90 loses 1 of its 3 teams (60 per team)', () => {
    expect(dctTeamsLeft('GD', 90)).toBe(2);
  });

  it('S15 30 more (120 in all) loses a second team (W4: the threshold itself counts)', () => {
    expect(dctTeamsLeft('GD', 120)).toBe(1);
    expect(dctTeamsLeft('GD', 119)).toBe(2);
    expect(dctTeamsLeft('GD', 60)).toBe(2);
  });

  it('S16 repairs back to 56 do not revive the lost team (high-water mark)', () => {
    let s = newShipState(240, 90);
    s = { ...s, damage: 56 };
    expect(dctTeamsLeft('GD', s.maxDamageTaken)).toBe(2);
  });

  it("S16 / W3 the example's 34-PU repair exceeds the GD battle maximum: repairs stop at 20", () => {
    const { state, applied } = repairSixes(newShipState(240, 90), 5);
    expect(applied).toEqual([6, 6, 6, 2, 0]);
    expect(state.damage).toBe(70);
    expect(state.puRepaired).toBe(20);
  });

  it('DS8 once a GD has repaired 20 PU this battle, further PU results repair nothing', () => {
    const s: SfwShipState = { ...newShipState(240, 100), puRepaired: 20 };
    expect(applyRepair(s, 'GD', { type: 'pu' }, 99, 5).applied).toBe(0);
  });

  it('DS3 an SGD (4 teams, 80 per team) after 160 damage has 2 teams left', () => {
    expect(dctTeamsLeft('SGD', 160)).toBe(2);
  });

  it('starbombers, SAPS, transports and starfighters have no teams', () => {
    expect(['SB', 'SAPS', 'GTP', 'SF'].map((t) => dctTeamsLeft(t as 'SB', 0))).toEqual([0, 0, 0, 0]);
  });

  it('S13 INVINCIBLE repairs 6 PU (roll 99): 44/240 = 18.3%, no more special-damage rolls', () => {
    const r = applyRepair(newShipState(240, 50), 'GD', { type: 'pu' }, 99, 3);
    expect(r.state.damage).toBe(44);
    expect(specialDamageRequired(240, r.state.damage)).toBe(false);
  });

  it('PU repairs never lift PU above the original maximum', () => {
    const r = applyRepair(newShipState(240, 1), 'GD', { type: 'pu' }, 95, 3);
    expect(r.applied).toBe(1);
    expect(r.state.damage).toBe(0);
  });

  it('Offensive Factor repairs reduce the 86 penalty: 88–94 one factor, 95–98 two; 99 loses all OF for good', () => {
    const hit = applySpecialDamage(newShipState(240, 60), 86, 3).state;
    const one = applyRepair(hit, 'GD', { type: 'of' }, 88, 3).state;
    expect(penaltiesOn(one, 4).of).toBe(1);
    const two = applyRepair(hit, 'GD', { type: 'of' }, 95, 3).state;
    expect(two.effects).toHaveLength(0);
    const blown = applyRepair(hit, 'GD', { type: 'of' }, 99, 3).state;
    expect(penaltiesOn(blown, 4).noOF).toBe(true);
    expect(applyRepair(hit, 'GD', { type: 'of' }, 87, 3).applied).toBe(0);
  });

  it('Defensive Factor 98–99 shorts the field generators; Speed 97–99 blows the ship up', () => {
    expect(penaltiesOn(applyRepair(newShipState(240, 60), 'GD', { type: 'df' }, 98, 3).state, 4).noDF).toBe(true);
    expect(applyRepair(newShipState(240, 60), 'GD', { type: 'speed' }, 97, 3).state.destroyed).toBe(true);
    expect(applyRepair(newShipState(240, 60), 'GD', { type: 'speed' }, 96, 3).state.destroyed).toBe(false);
  });

  it('Turn Reduction 89–97 takes a turn off a timed effect; 98–99 takes two (source text; the digest W7 calls this row missing)', () => {
    const hit = applySpecialDamage(newShipState(240, 60), 95, 3).state; // DF −2 on turns 4–7
    const id = hit.effects[0]!.id;
    expect(applyRepair(hit, 'GD', { type: 'turns', effectId: id }, 89, 3).state.effects[0]!.lastTurn).toBe(6);
    expect(applyRepair(hit, 'GD', { type: 'turns', effectId: id }, 98, 3).state.effects[0]!.lastTurn).toBe(5);
    expect(repairOutcome('turns', 99)).toEqual({ kind: 'turns', n: 2 });
  });

  it('Turn Reduction on a ship with no timed effect does nothing; naming a non-timed effect is refused', () => {
    expect(applyRepair(newShipState(240, 60), 'GD', { type: 'turns' }, 98, 3).applied).toBe(0);
    const sensors = applySpecialDamage(newShipState(240, 60), 84, 3).state;
    expect(() => applyRepair(sensors, 'GD', { type: 'turns', effectId: sensors.effects[0]!.id }, 98, 3)).toThrow(
      RuleViolation,
    );
  });

  it('a repair phase rolls once per declared team and refuses more declarations than teams left', () => {
    const s = takeDamage(newShipState(240), 90); // 2 teams left
    const dice = new SeededDice(SEED, 1, [100, 80]); // rolls 99 and 79
    const results = rollRepairs(s, 'GD', [{ type: 'pu' }, { type: 'pu' }], dice, 3, 'INVINCIBLE');
    expect(results.map((r) => r.roll)).toEqual([99, 79]);
    expect(results.map((r) => r.applied)).toEqual([6, 2]);
    expect(results[1]!.state.damage).toBe(82);
    expect(dice.records[0]!.purpose).toBe('SFW damage control pu: INVINCIBLE');
    expect(() => rollRepairs(s, 'GD', [{ type: 'pu' }, { type: 'pu' }, { type: 'of' }], dice, 3)).toThrow(
      /2 damage-control teams left but 3/,
    );
  });

  it('S22 table integrity: the Special Damage table and every Damage Control Table #2 column cover 00–99 without gaps (correction: Turn Reduction 98–99 is in the source)', () => {
    expect(covers00to99(SPECIAL_DAMAGE_TABLE)).toBe(true);
    for (const bands of Object.values(REPAIR_TABLE)) expect(covers00to99(bands)).toBe(true);
    expect(covers00to99(REPAIR_TABLE.turns.slice(0, 2))).toBe(false);
  });
});
