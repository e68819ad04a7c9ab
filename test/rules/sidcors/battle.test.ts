import { describe, expect, it } from 'vitest';
import { SIDCORS_RULE, runQuickBattle } from '../../../src/rules/sidcors/index.ts';
import type { BattleController, PerSide } from '../../../src/rules/sidcors/index.ts';
import { forced, refusal, unit } from './helpers.ts';

const klingons = [unit('D7C', 'A', '9-8/4-4'), unit('D7', 'A', '8-8/4-4'), unit('F5', 'A', '5-4/2-2')];
const feds = [
  unit('CA', 'B', '10-10/5-5'),
  unit('FF', 'B', '4-4/2-2'),
  unit('SC', 'B', '3-4/1-2', { flags: { scout: true } }),
];

function intensities(...bifs: PerSide<number>[]): BattleController['intensity'] {
  return (p) => bifs[p.roundsFought]!;
}

describe('SIDCORS quick battle (A.2.14 step 8)', () => {
  it('a three-round battle computed by hand: scout shift, Directed Damage, plus/minus carry, the enemy retreats', () => {
    const dice = forced(4, 5, 6, 1, 3, 6);
    const result = runQuickBattle({ units: [...klingons, ...feds], attacker: 'A' }, dice, {
      intensity: intensities({ A: 3, B: 2 }, { A: 4, B: 4 }, { A: 1, B: 1 }),
      directed: (rolled, side) =>
        rolled.round === 2 && side === 'A' ? { kind: 'unit', target: 'SC', action: 'kill' } : undefined,
      retreats: (p) => (p.roundsFought === 3 ? ['B'] : []),
    });
    const [r1, r2, r3] = result.rounds;

    // Round 1, BIR 5. ComPot 22 vs 17. B's uncrippled scout: A's 4 becomes 3 → 25% → 5.5 → 6; B's 5 → 30% → 5.1 → 5.
    expect(r1!.comPot.A.total).toBe(22);
    expect(r1!.comPot.B.total).toBe(17);
    expect([r1!.effectiveDie.A, r1!.coefficient.A, r1!.damage.A]).toEqual([3, 25, 6]);
    expect([r1!.effectiveDie.B, r1!.coefficient.B, r1!.damage.B]).toEqual([5, 30, 5]);
    // B (defender, 6): cripple FF (4), 2 left ≥ half the FF's 2 → cripple SC rather than lose the FF: 2 plus.
    expect(r1!.allocation.B.steps.map((s) => `${s.step} ${s.unitId}`)).toEqual(['cripple FF', 'cripple SC']);
    // A (5): crippling the D7 loses 4 attack; the F5 route (F5, then the D7 anyway) would lose 7: 3 plus.
    expect(r1!.allocation.A.steps.map((s) => `${s.step} ${s.unitId}`)).toEqual(['cripple D7']);
    expect(r1!.carryOut).toEqual({ A: -3, B: -2 });

    // Round 2, BIR 8. ComPot 18 vs 13; the scout is crippled, no shift. A: 6 → 40% → 7.2 → 7; B: 1 → 30% → 3.9 → 4.
    expect([r2!.comPot.A.total, r2!.comPot.B.total]).toEqual([18, 13]);
    expect(r2!.shift.A.total).toBe(0);
    expect(r2!.damage).toEqual({ A: 7, B: 4 });
    expect(r2!.against).toEqual({ A: 1, B: 5 });
    // A directs 2 × 2 = 4 at the crippled scout; 1 point left, at least half the FF's crippled 2: B cripples the CA (9 plus).
    expect(r2!.directed.A).toMatchObject({ cost: 4, steps: [{ unitId: 'SC', effect: 'destroyed', defense: 2 }] });
    expect(r2!.allocation.B.steps.map((s) => `${s.step} ${s.unitId}`)).toEqual(['cripple CA']);
    // A's 1 point is below half its smallest step (4): ignored, 1 minus point.
    expect(r2!.allocation.A).toMatchObject({ steps: [], leftover: 1 });
    expect(r2!.carryOut).toEqual({ A: 1, B: -9 });

    // Round 3, BIR 2. ComPot 18 vs 7. A: 3 → 20% → 3.6 → 4; B: 6 → 25% → 1.75 → 2.
    expect(r3!.damage).toEqual({ A: 4, B: 2 });
    // Against A: 2 + 1 owed = 3; against B: 4 − 9 credit → 0, 5 credit kept.
    expect(r3!.against).toEqual({ A: 3, B: 0 });
    expect(r3!.creditKept.B).toBe(5);
    expect(r3!.allocation.A.steps.map((s) => `${s.step} ${s.unitId}`)).toEqual(['cripple F5']);
    expect(r3!.carryOut).toEqual({ A: -1, B: -5 });

    expect(result.ended).toBe('retreat');
    expect(result.retreated).toEqual(['B']);
    expect(result.destroyedSides).toEqual([]);
    expect(result.outcomes.map((o) => `${o.id} ${o.status}`)).toEqual([
      'D7C undamaged',
      'D7 crippled',
      'F5 crippled',
      'CA crippled',
      'FF crippled',
      'SC destroyed',
    ]);
    expect(result.outcomes.find((o) => o.id === 'SC')!.destroyedInRound).toBe(2);
    expect(dice.records).toHaveLength(6);
  });

  it('cloaked force: the 2d6 roll of 4 gives the enemy −1 in round 1; the battle ends when a side is destroyed', () => {
    const roms = [
      unit('R1', 'A', '8-8/4-4', { flags: { cloak: true } }),
      unit('R2', 'A', '8-8/4-4', { flags: { cloak: true } }),
    ];
    const result = runQuickBattle({ units: [...roms, unit('FF', 'B', '4-4/2-2')] }, forced(2, 2, 6, 2), {
      intensity: () => ({ A: 4, B: 4 }),
    });
    expect(result.cloak.A).toMatchObject({ total: 4, enemyShift: -1 });
    expect(result.cloak.B).toBeNull();
    const r1 = result.rounds[0]!;
    expect(r1.shift.B).toEqual({ scout: 0, extra: -1, total: -1 });
    // A: 16 × 40% = 6.4 → 6 destroys the 4-4/2-2 frigate; B: die 2 − 1 = 1 → 30% of 4 = 1.2 → 1, ignored.
    expect([r1.damage.A, r1.damage.B]).toEqual([6, 1]);
    expect(result.ended).toBe('destroyed');
    expect(result.rounds).toHaveLength(1);
    expect(result.destroyedSides).toEqual(['B']);
    expect(result.outcomes.map((o) => o.status)).toEqual(['undamaged', 'undamaged', 'destroyed']);
  });

  it('the cloak roll is only made when the cloaked side chooses it', () => {
    const roms = [unit('R1', 'A', '8-8/4-4', { flags: { cloak: true } })];
    const result = runQuickBattle({ units: [...roms, unit('FF', 'B', '4-4/2-2')], maxRounds: 1 }, forced(3, 3), {
      intensity: () => ({ A: 2, B: 2 }),
      useCloak: () => false,
    });
    expect(result.cloak.A).toBeNull();
    expect(result.rounds[0]!.shift.B.extra).toBe(0);
  });

  it('a side of bases, planets, FRDs or convoys cannot retreat', () => {
    const bats = unit('BATS', 'B', '12-12/6-6', { flags: { cannotRetreat: true } });
    refusal(
      () =>
        runQuickBattle({ units: [...klingons, bats] }, forced(1, 1), {
          intensity: () => ({ A: 1, B: 1 }),
          retreats: () => ['B'],
        }),
      SIDCORS_RULE.end,
      'sidcors/cannot-retreat',
    );
  });

  it('a battle in which neither side can ever force a damage step ends as a stalemate', () => {
    const result = runQuickBattle({ units: [unit('a', 'A', '1-4/1-2'), unit('b', 'B', '1-4/1-2')] }, forced(), {
      intensity: () => ({ A: 4, B: 4 }),
    });
    expect(result.ended).toBe('stalemate');
    expect(result.rounds).toEqual([]);
    expect(result.outcomes.map((o) => o.status)).toEqual(['undamaged', 'undamaged']);
  });

  it('the round limit stops a battle nobody leaves', () => {
    const result = runQuickBattle({ units: [...klingons, ...feds], maxRounds: 1 }, forced(4, 5), {
      intensity: () => ({ A: 3, B: 2 }),
    });
    expect(result.ended).toBe('round-limit');
    expect(result.rounds).toHaveLength(1);
  });
});
