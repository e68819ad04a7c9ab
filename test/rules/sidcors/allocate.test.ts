import { describe, expect, it } from 'vitest';
import { SIDCORS_RULE, allocateDamage } from '../../../src/rules/sidcors/index.ts';
import { refusal, unit } from './helpers.ts';

const RULE = SIDCORS_RULE.allocation;
const d7 = unit('D7', 'A', '8-8/4-4');
const f5 = unit('F5', 'A', '5-4/2-2');

describe('SIDCORS damage allocation: the must-take-another-step rule (A.2.14 step 7)', () => {
  it('DV10: 10 points on D7 (8/4) + F5 (4/2): cripple D7, 2 left ≥ half of 4, so cripple F5 too → 2 plus points', () => {
    const { result, units } = allocateDamage([d7, f5], 'A', 10, [
      { unitId: 'D7', step: 'cripple' },
      { unitId: 'F5', step: 'cripple' },
    ]);
    expect(result.steps.map((s) => [s.unitId, s.value, s.remaining])).toEqual([
      ['D7', 8, 2],
      ['F5', 4, -2],
    ]);
    expect([result.overshoot, result.leftover]).toEqual([2, 0]);
    expect(units.map((u) => u.crippled)).toEqual([true, true]);
    const stop = refusal(
      () => allocateDamage([d7, f5], 'A', 10, [{ unitId: 'D7', step: 'cripple' }]),
      RULE,
      'sidcors/alloc-incomplete',
    );
    expect(stop.message).toContain('2 unresolved damage points');
  });

  it('DV11: with 9 points, 1 left is below half of 4: the point is ignored (1 minus point) and a further step is refused', () => {
    const { result } = allocateDamage([d7, f5], 'A', 9, [{ unitId: 'D7', step: 'cripple' }]);
    expect([result.leftover, result.overshoot]).toEqual([1, 0]);
    refusal(
      () =>
        allocateDamage([d7, f5], 'A', 9, [
          { unitId: 'D7', step: 'cripple' },
          { unitId: 'F5', step: 'cripple' },
        ]),
      RULE,
      'sidcors/alloc-not-required',
    );
  });

  it('VS7: required to give up 6, the owner cripples a 7-point war cruiser and gets 1 plus point', () => {
    const cw = unit('CW', 'A', '7-7/4-4');
    expect(allocateDamage([cw], 'A', 6, [{ unitId: 'CW', step: 'cripple' }]).result.overshoot).toBe(1);
    expect(allocateDamage([cw], 'A', 6).result.overshoot).toBe(1);
  });

  it('VS8: 8 points, the 7-point war cruiser crippled, 1 left is too small for its 4 crippled defence → 1 minus point', () => {
    const cw = unit('CW', 'A', '7-7/4-4');
    const { result } = allocateDamage([cw], 'A', 8);
    expect(result.steps.map((s) => s.step)).toEqual(['cripple']);
    expect(result.leftover).toBe(1);
  });

  it('destroying an undamaged unit is crippling it then destroying it: each half must still be required', () => {
    const ca = unit('CA', 'A', '10-10/5-5');
    const ff = unit('FF', 'A', '4-4/2-2');
    const ok = allocateDamage([ca, ff], 'A', 12, [{ unitId: 'CA', step: 'destroy' }]);
    expect(ok.result.steps.map((s) => [s.step, s.value])).toEqual([
      ['cripple', 10],
      ['destroy', 5],
    ]);
    expect(ok.result.overshoot).toBe(3);
    expect(ok.units.map((u) => u.id)).toEqual(['FF']);
    const e = refusal(
      () => allocateDamage([ca, ff], 'A', 11, [{ unitId: 'CA', step: 'destroy' }]),
      RULE,
      'sidcors/alloc-not-required',
    );
    expect(e.message).toContain('less than half the smallest step (4)');
  });

  it('a unit with no crippled side (convoy) is destroyed by any damage step', () => {
    const convoy = unit('CV', 'A', '0-6');
    const { result, units } = allocateDamage([convoy, d7], 'A', 6, [{ unitId: 'CV', step: 'cripple' }]);
    expect(result.steps[0]).toMatchObject({ value: 6, remaining: 0 });
    expect(units.map((u) => u.id)).toEqual(['D7']);
  });

  it('each fighter factor resolves 1, so no points are left over while fighters remain', () => {
    const cv = unit('CV', 'A', '10-10(6)/5-5(2)');
    const { result, units } = allocateDamage([cv, d7], 'A', 3, [{ unitId: 'CV', step: 'fighter', count: 3 }]);
    expect([result.leftover, result.overshoot]).toEqual([0, 0]);
    expect(units[0]!.fighters).toBe(3);
    refusal(
      () => allocateDamage([cv, d7], 'A', 3, [{ unitId: 'CV', step: 'fighter', count: 2 }]),
      RULE,
      'sidcors/alloc-incomplete',
    );
  });

  it("transfer or die: fighters beyond a crippled carrier's (CF) may absorb damage, then move to room elsewhere or are lost", () => {
    const cv = unit('CV', 'A', '10-10(6)/5-5(2)');
    const cv2 = unit('CV2', 'A', '10-10(6)/5-5(2)', { fighters: 3 });
    // 12 points: crippling CV resolves 10 and leaves 4 fighter factors without a carrier; 2 of them absorb the last 2 points.
    const absorbed = allocateDamage([cv, d7], 'A', 12, [
      { unitId: 'CV', step: 'cripple' },
      { unitId: 'CV', step: 'fighter', count: 2 },
    ]);
    expect(absorbed.result.leftover).toBe(0);
    expect(absorbed.units[0]).toMatchObject({ crippled: true, fighters: 2 });
    expect(absorbed.fighterFate).toEqual({ transferred: [], lost: [{ from: 'CV', count: 2 }] });
    // With a second carrier holding 3 of its 6, three of the four carrierless factors transfer and one is lost.
    const moved = allocateDamage([cv, cv2], 'A', 10, [{ unitId: 'CV', step: 'cripple' }]);
    expect(moved.fighterFate).toEqual({
      transferred: [{ from: 'CV', to: 'CV2', count: 3 }],
      lost: [{ from: 'CV', count: 1 }],
    });
    expect(moved.units.map((u) => u.fighters)).toEqual([2, 6]);
  });

  it('refuses steps on enemy units, on already crippled units and on units without fighters', () => {
    const enemy = unit('K', 'B', '8-8/4-4');
    refusal(
      () => allocateDamage([d7, enemy], 'A', 8, [{ unitId: 'K', step: 'cripple' }]),
      RULE,
      'sidcors/alloc-bad-unit',
    );
    refusal(
      () =>
        allocateDamage([unit('D7', 'A', '8-8/4-4', { crippled: true }), f5], 'A', 4, [
          { unitId: 'D7', step: 'cripple' },
        ]),
      RULE,
      'sidcors/alloc-already-crippled',
    );
    refusal(() => allocateDamage([d7], 'A', 4, [{ unitId: 'D7', step: 'fighter' }]), RULE, 'sidcors/alloc-no-fighters');
  });
});

describe('SIDCORS automatic allocation (used when the owner gives none)', () => {
  it('DV10/DV11 defaults: cripple the D7 first; at 10 the F5 too (2 plus), at 9 stop (1 minus)', () => {
    expect(allocateDamage([d7, f5], 'A', 10).result.steps.map((s) => `${s.step} ${s.unitId}`)).toEqual([
      'cripple D7',
      'cripple F5',
    ]);
    const nine = allocateDamage([d7, f5], 'A', 9).result;
    expect(nine.steps.map((s) => `${s.step} ${s.unitId}`)).toEqual(['cripple D7']);
    expect(nine.leftover).toBe(1);
  });

  it('keeps the most attack: 5 points on D7C 9-8/4-4, D7 8-8/4-4, F5 5-4/2-2 cripple the D7 (−4 attack, 3 plus), not the F5 and then more', () => {
    const units = [unit('D7C', 'A', '9-8/4-4'), d7, f5];
    const { result } = allocateDamage(units, 'A', 5);
    expect(result.steps.map((s) => `${s.step} ${s.unitId}`)).toEqual(['cripple D7']);
    expect(result.overshoot).toBe(3);
  });

  it('cripples the cheapest-to-cripple first: 6 points on CA 10-10/5-5, FF 4-4/2-2, scout 3-4/1-2 cripple FF and scout (2 plus)', () => {
    const units = [
      unit('CA', 'B', '10-10/5-5'),
      unit('FF', 'B', '4-4/2-2'),
      unit('SC', 'B', '3-4/1-2', { flags: { scout: true } }),
    ];
    const { result } = allocateDamage(units, 'B', 6);
    expect(result.steps.map((s) => `${s.step} ${s.unitId}`)).toEqual(['cripple FF', 'cripple SC']);
    expect(result.overshoot).toBe(2);
  });

  it('destroys nothing while a unit can still be crippled (crippled ships cost nothing in Thunderdome III)', () => {
    const units = [unit('CA', 'B', '10-10/5-5'), unit('FF', 'B', '4-4/2-2', { crippled: true })];
    const { result } = allocateDamage(units, 'B', 1);
    expect(result.steps.map((s) => `${s.step} ${s.unitId}`)).toEqual(['cripple CA']);
    expect(result.overshoot).toBe(9);
  });

  it('lets fighters absorb the remainder exactly: 12 points on CV 10-10(6)/5-5(2) + D7 cripple the D7 and lose 4 fighter factors', () => {
    const cv = unit('CV', 'A', '10-10(6)/5-5(2)');
    const { result, units } = allocateDamage([cv, d7], 'A', 12);
    expect(result.steps.map((s) => `${s.step} ${s.unitId}`)).toEqual([
      'cripple D7',
      'fighter CV',
      'fighter CV',
      'fighter CV',
      'fighter CV',
    ]);
    expect(units.map((u) => [u.id, u.crippled, u.fighters])).toEqual([
      ['CV', false, 2],
      ['D7', true, 0],
    ]);
  });

  it('overwhelming damage destroys the whole force; the rest is reported as leftover', () => {
    const { result, units } = allocateDamage([d7], 'A', 100);
    expect(result.steps.map((s) => s.step)).toEqual(['cripple', 'destroy']);
    expect(result.leftover).toBe(88);
    expect(units).toEqual([]);
  });
});

describe('SIDCORS automatic allocation on large forces', () => {
  it('stays legal past the planning budget: 300 points on 30 units with fighters resolve to the last point or the last unit', () => {
    const units = Array.from({ length: 30 }, (_, i) =>
      unit(`u${i}`, 'A', i % 3 === 0 ? '10-10(12)/5-5(6)' : `${6 + (i % 5)}-${6 + (i % 4)}/3-3`),
    );
    // allocateDamage runs the plan through the same validation as a player's list, so an illegal plan would be refused.
    const { result } = allocateDamage(units, 'A', 300);
    const resolved = result.steps.reduce((s, x) => s + x.value, 0);
    expect(resolved).toBe(300 - result.leftover + result.overshoot);
    expect(result.automatic).toBe(true);
    expect(result.leftover).toBe(0); // fighters remain to the end, so nothing can be left over
  });
});
