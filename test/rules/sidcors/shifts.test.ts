import { describe, expect, it } from 'vitest';
import { SIDCORS_RULE, cloakShiftFor, rollCloak, rollRound, shiftDie } from '../../../src/rules/sidcors/index.ts';
import { forced, refusal, unit } from './helpers.ts';

describe('SIDCORS die roll shifts', () => {
  it('DV13: a 6 cannot be raised, a 1 cannot be lowered; shifts clamp to 1..6', () => {
    expect(shiftDie(6, 1)).toBe(6);
    expect(shiftDie(1, -2)).toBe(1);
    expect(shiftDie(5, 2)).toBe(6);
    expect(shiftDie(6, -1)).toBe(5);
    expect(shiftDie(3, 0)).toBe(3);
  });
});

describe('SIDCORS cloaked ships: 2d6 before the first round', () => {
  it('5 or less gives the enemy −1, 11–12 gives it +1, 6–10 nothing', () => {
    expect([2, 3, 4, 5].map(cloakShiftFor)).toEqual([-1, -1, -1, -1]);
    expect([6, 7, 8, 9, 10].map(cloakShiftFor)).toEqual([0, 0, 0, 0, 0]);
    expect([11, 12].map(cloakShiftFor)).toEqual([1, 1]);
  });

  it('only a force made entirely of cloaking ships may roll; the roll is recorded', () => {
    const roms = [
      unit('R1', 'A', '8-8/4-4', { flags: { cloak: true } }),
      unit('R2', 'A', '5-5/2-2', { flags: { cloak: true } }),
      unit('K1', 'B', '8-8/4-4'),
    ];
    const dice = forced(2, 3);
    expect(rollCloak(roms, 'A', dice)).toEqual({ side: 'A', dice: [2, 3], total: 5, enemyShift: -1 });
    expect(dice.records[0]!.purpose).toContain('cloak');
    expect(rollCloak(roms, 'A', forced(6, 5)).enemyShift).toBe(1);
    const mixed = [...roms, unit('K2', 'A', '8-8/4-4')];
    refusal(() => rollCloak(mixed, 'A', forced(1, 1)), SIDCORS_RULE.cloak, 'sidcors/not-all-cloaked');
  });
});

describe('SIDCORS scouts', () => {
  const base = [unit('A1', 'A', '8-8/4-4'), unit('B1', 'B', '8-8/4-4')];
  const bif = { A: 2, B: 2 };

  it('one side with a working scout: the other subtracts 1 from its die', () => {
    const r = rollRound({ units: [...base, unit('S', 'A', '3-4/1-2', { flags: { scout: true } })], bif }, forced(3, 3));
    expect(r.shift).toEqual({ A: { scout: 0, extra: 0, total: 0 }, B: { scout: -1, extra: 0, total: -1 } });
    expect(r.effectiveDie).toEqual({ A: 3, B: 2 });
  });

  it('EW=2 shifts by 2, and the shifted die stops at 1', () => {
    const r = rollRound(
      { units: [...base, unit('S', 'A', '3-4/1-2', { flags: { scout: true, ew: 2 } })], bif },
      forced(3, 2),
    );
    expect(r.shift.B.total).toBe(-2);
    expect(r.effectiveDie.B).toBe(1);
    expect(r.coefficient.B).toBe(20); // BIR 4, die 1
  });

  it('a crippled scout cannot use its capabilities', () => {
    const r = rollRound(
      { units: [...base, unit('S', 'A', '3-4/1-2', { crippled: true, flags: { scout: true } })], bif },
      forced(3, 3),
    );
    expect(r.shift.B.total).toBe(0);
  });

  it('V22: scouts on both sides net out; the weaker side subtracts the difference', () => {
    const units = [
      ...base,
      unit('S1', 'A', '3-4/1-2', { flags: { scout: true, ew: 2 } }),
      unit('S2', 'B', '3-4/1-2', { flags: { scout: true } }),
    ];
    const r = rollRound({ units, bif }, forced(4, 4));
    expect([r.shift.A.total, r.shift.B.total]).toEqual([0, -1]);
    const even = [
      ...base,
      unit('S1', 'A', '3-4/1-2', { flags: { scout: true } }),
      unit('S2', 'B', '3-4/1-2', { flags: { scout: true } }),
    ];
    const e = rollRound({ units: even, bif }, forced(4, 4));
    expect([e.shift.A.total, e.shift.B.total]).toEqual([0, 0]);
  });

  it('V22 bothScouts "cancel": two scouting forces blind each other, no shift to either side', () => {
    const units = [
      ...base,
      unit('S1', 'A', '3-4/1-2', { flags: { scout: true, ew: 2 } }),
      unit('S2', 'B', '3-4/1-2', { flags: { scout: true } }),
    ];
    const r = rollRound({ units, bif, options: { bothScouts: 'cancel' } }, forced(4, 4));
    expect([r.shift.A.total, r.shift.B.total]).toEqual([0, 0]);
    // With one scout only, "cancel" changes nothing: the other side still subtracts.
    const one = rollRound({ units: units.slice(0, 3), bif, options: { bothScouts: 'cancel' } }, forced(4, 4));
    expect([one.shift.A.total, one.shift.B.total]).toEqual([0, -2]);
  });

  it('shifts combine: a scout −1 and a cloak +1 cancel', () => {
    const r = rollRound(
      { units: [...base, unit('S', 'A', '3-4/1-2', { flags: { scout: true } })], bif, extraShifts: { B: 1 } },
      forced(3, 4),
    );
    expect(r.shift.B).toEqual({ scout: -1, extra: 1, total: 0 });
    expect(r.effectiveDie.B).toBe(4);
  });
});
