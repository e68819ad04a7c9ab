import { describe, expect, it } from 'vitest';
import {
  SIDCORS_RULE,
  defaultAllocation,
  directedPhase,
  intensityChooser,
  resolveRound,
  rollRound,
} from '../../../src/rules/sidcors/index.ts';
import { forced, refusal, unit } from './helpers.ts';

const klingons = [
  unit('D7C', 'A', '9-8/4-4'),
  unit('D7a', 'A', '8-8/4-4'),
  unit('D7b', 'A', '8-8/4-4'),
  unit('D7c', 'A', '8-8/4-4'),
  unit('F5', 'A', '5-4/2-2'),
];
const feds = [unit('FD7', 'B', '8-8/4-4'), unit('FF5', 'B', '5-4/2-2')];

describe('SIDCORS round: intensity, Combat Potential, damage (A.2.14 steps 1–4)', () => {
  it('VS1/VS2: D7C (9) + three D7 (8) + F5 (5) = ComPot 38; BIR 4 + 1 = 5, die 2 → 25% → 9.5 → 10 damage points', () => {
    const r = rollRound({ units: [...klingons, ...feds], bif: { A: 4, B: 1 } }, forced(2, 1));
    expect(r.comPot.A.total).toBe(38);
    expect(r.bir).toBe(5);
    expect(r.coefficient.A).toBe(25);
    expect(r.damage.A).toBe(10);
    expect(r.against.B).toBe(10);
    expect(r.comPot.B.total).toBe(13);
    expect([r.coefficient.B, r.damage.B]).toEqual([20, 3]); // 13 × 20% = 2.6 → 3
  });

  it('Battle Intensity Factors must be 1..4 each', () => {
    for (const bif of [
      { A: 0, B: 2 },
      { A: 2, B: 5 },
      { A: 2.5, B: 2 },
    ]) {
      refusal(
        () => rollRound({ units: [...klingons, ...feds], bif }, forced(3, 3)),
        SIDCORS_RULE.intensity,
        'sidcors/bad-bif',
      );
    }
  });

  it('a side with no units left cannot fight a round', () => {
    refusal(
      () => rollRound({ units: klingons, bif: { A: 2, B: 2 } }, forced(3, 3)),
      SIDCORS_RULE.end,
      'sidcors/side-destroyed',
    );
  });

  it('if one side has only units that cannot retreat, the other side picks both intensity factors', () => {
    const bats = unit('BATS', 'B', '6-6/6-6', { flags: { cannotRetreat: true } });
    expect(intensityChooser([...klingons, bats])).toBe('A');
    expect(intensityChooser([...klingons, ...feds])).toBe('each');
    expect(intensityChooser([unit('SB', 'A', '30-30/15-15', { flags: { cannotRetreat: true } }), bats])).toBe('each');
  });

  it('V24: fighter factors count towards ComPot unless the campaign turns that off; crippled units use CA and CF', () => {
    const units = [
      unit('CV', 'A', '10-10(6)/5-5(2)'),
      unit('CVx', 'A', '10-10(6)/5-5(2)', { crippled: true }),
      ...feds,
    ];
    expect(rollRound({ units, bif: { A: 2, B: 2 } }, forced(3, 3)).comPot.A.total).toBe(10 + 6 + 5 + 2);
    expect(
      rollRound({ units, bif: { A: 2, B: 2 }, options: { fightersInComPot: false } }, forced(3, 3)).comPot.A.total,
    ).toBe(15);
  });

  it('V23: a mauler without two non-mauler escorts attacks at half its factor, rounded down', () => {
    const mauler = unit('M', 'A', '9-9/4-4', { flags: { mauler: true } });
    const one = rollRound({ units: [mauler, unit('E1', 'A', '8-8/4-4'), ...feds], bif: { A: 2, B: 2 } }, forced(3, 3));
    expect(one.comPot.A.lines.find((l) => l.unitId === 'M')).toEqual({
      unitId: 'M',
      attack: 4,
      fighters: 0,
      halvedMauler: true,
    });
    expect(one.comPot.A.total).toBe(12);
    const two = rollRound(
      { units: [mauler, unit('E1', 'A', '8-8/4-4'), unit('E2', 'A', '8-8/4-4'), ...feds], bif: { A: 2, B: 2 } },
      forced(3, 3),
    );
    expect(two.comPot.A.total).toBe(25);
  });

  it('fire is simultaneous: a force destroyed this round still scores its damage', () => {
    const r = resolveRound(
      { units: [unit('FF', 'A', '4-4/2-2'), unit('CA', 'B', '20-20/10-10')], bif: { A: 4, B: 4 } },
      forced(6, 1),
    );
    expect(r.damage).toEqual({ A: 2, B: 6 }); // 4 × 40% = 1.6 → 2; 20 × 30% = 6
    expect(r.sideDestroyed).toEqual({ A: true, B: false });
    expect(r.allocation.A.steps.map((s) => s.step)).toEqual(['cripple', 'destroy']);
    expect(r.minusPoints.B).toBe(2); // 2 is less than half of the CA's 20
    expect(r.units.map((u) => u.id)).toEqual(['CA']);
  });
});

describe('SIDCORS plus and minus points (A.2.14 step 5)', () => {
  const units = [...klingons, ...feds];
  const crippleFd7 = { kind: 'unit' as const, target: 'FD7', action: 'cripple' as const };

  it('carried minus points are added BEFORE Directed Damage: 10 scored + 6 owed pays a 16-point cripple', () => {
    const rolled = rollRound({ units, bif: { A: 4, B: 1 }, carry: { B: 6 } }, forced(2, 1));
    expect(rolled.against.B).toBe(16);
    const phase = directedPhase(rolled, { A: crippleFd7 });
    expect(phase.directed.A!.cost).toBe(16);
    expect(phase.remaining.B).toBe(0);
    const without = rollRound({ units, bif: { A: 4, B: 1 } }, forced(2, 1));
    refusal(() => directedPhase(without, { A: crippleFd7 }), SIDCORS_RULE.directed, 'sidcors/dd-insufficient');
  });

  it('plus credit beyond the damage received floors it at 0 and keeps the rest for the next round', () => {
    const r = resolveRound({ units, bif: { A: 4, B: 1 }, carry: { A: -12 } }, forced(2, 1));
    expect(r.damage.B).toBe(3);
    expect([r.against.A, r.creditKept.A]).toEqual([0, 9]);
    expect(r.allocation.A.steps).toEqual([]);
    expect(r.carryOut.A).toBe(-9);
  });

  it('the round reports plus and minus points and carries them: overshoot is credited, the ignored remainder owed', () => {
    // A's 10 points on FD7 (8) + FF5 (4): FD7 crippled, 2 left ≥ half of 4 → FF5 crippled too: 2 plus points for B.
    const r = resolveRound({ units, bif: { A: 4, B: 1 } }, forced(2, 1));
    expect(r.allocation.B.steps.map((s) => `${s.step} ${s.unitId}`)).toEqual(['cripple FD7', 'cripple FF5']);
    expect(r.plusPoints.B).toBe(2);
    expect(r.carryOut.B).toBe(-2);
    // B's 3 points on the Klingons (smallest step 4, F5): 3 ≥ 2, so a step is required; crippling F5 overshoots by 1.
    expect(r.allocation.A.steps.map((s) => `${s.step} ${s.unitId}`)).toEqual(['cripple F5']);
    expect(r.carryOut.A).toBe(-1);
  });

  it('with the plus/minus procedure off, nothing carries', () => {
    const r = resolveRound(
      { units, bif: { A: 4, B: 1 }, carry: { A: -12 }, options: { plusMinus: false } },
      forced(2, 1),
    );
    expect([r.carryIn.A, r.against.A]).toEqual([0, 3]);
    expect(r.carryOut).toEqual({ A: 0, B: 0 });
  });
});

describe('SIDCORS round: Directed Damage and allocation together (A.2.14 steps 6–7)', () => {
  it("DV12 in a round: 25 points kill a D7 by Directed Damage (24) and the 1 left is below half the F5's 4 → 1 minus point", () => {
    // Klingon ComPot 38 at BIR 8, die 4 → 35% → 13.3 → 13, plus 12 minus points owed by B = 25.
    const r = resolveRound(
      {
        units: [...klingons, ...feds],
        bif: { A: 4, B: 4 },
        carry: { B: 12 },
        directed: { A: { kind: 'unit', target: 'FD7', action: 'kill' } },
      },
      forced(4, 1),
    );
    expect(r.against.B).toBe(25);
    expect(r.directed.A!.cost).toBe(24);
    expect(r.allocation.B).toMatchObject({ points: 1, steps: [], leftover: 1 });
    expect(r.destroyedNow).toEqual(['FD7']);
  });

  it('a chosen allocation is validated; an automatic one is used for the owner who gives none', () => {
    const units = [...klingons, ...feds];
    const rolled = rollRound({ units, bif: { A: 4, B: 1 } }, forced(2, 1));
    expect(defaultAllocation(rolled, 'B')).toEqual([
      { unitId: 'FD7', step: 'cripple' },
      { unitId: 'FF5', step: 'cripple' },
    ]);
    const r = resolveRound(
      {
        units,
        bif: { A: 4, B: 1 },
        allocation: {
          B: [
            { unitId: 'FF5', step: 'destroy' },
            { unitId: 'FD7', step: 'cripple' },
          ],
        },
      },
      forced(2, 1),
    );
    expect(r.allocation.B.automatic).toBe(false);
    expect(r.allocation.A.automatic).toBe(true);
    expect(r.allocation.B.overshoot).toBe(4); // 4 + 2 + 8 = 14 for 10
    refusal(
      () =>
        resolveRound(
          { units, bif: { A: 4, B: 1 }, allocation: { B: [{ unitId: 'FF5', step: 'cripple' }] } },
          forced(2, 1),
        ),
      SIDCORS_RULE.allocation,
      'sidcors/alloc-incomplete',
    );
  });

  it('transfer or die: a carrier killed by Directed Damage leaves its fighters to absorb damage first', () => {
    const units = [
      unit('CV', 'A', '10-10(6)/5-5(2)', { crippled: true }),
      unit('D7', 'A', '8-8/4-4'),
      unit('X', 'B', '30-30/15-15'),
    ];
    // B: 30 × 40% = 12; kill the crippled CV (2 × 5 = 10); its 2 fighter factors absorb the last 2 points.
    const r = resolveRound(
      { units, bif: { A: 4, B: 4 }, directed: { B: { kind: 'unit', target: 'CV', action: 'kill' } } },
      forced(1, 6),
    );
    expect(r.damage.B).toBe(12);
    expect(r.allocation.A.steps.map((s) => `${s.step} ${s.unitId}`)).toEqual(['fighter CV', 'fighter CV']);
    expect(r.units.filter((u) => u.side === 'A')).toEqual([
      { id: 'D7', side: 'A', factors: '8-8/4-4', crippled: false, fighters: 0 },
    ]);
    expect(r.fighterFate.A).toEqual({ transferred: [], lost: [] });
  });

  it('transfer or die: carrierless fighters move to a carrier with room at the end of the round', () => {
    const units = [
      unit('CV', 'A', '10-10(6)/5-5(2)', { crippled: true }),
      unit('CV2', 'A', '10-10(6)/5-5(2)', { fighters: 4 }),
      unit('X', 'B', '25-25/12-12'),
    ];
    const r = resolveRound(
      { units, bif: { A: 4, B: 4 }, directed: { B: { kind: 'unit', target: 'CV', action: 'kill' } } },
      forced(1, 6),
    );
    expect(r.against.A - r.directed.B!.cost).toBe(0);
    expect(r.fighterFate.A).toEqual({ transferred: [{ from: 'CV', to: 'CV2', count: 2 }], lost: [] });
    expect(r.units.find((u) => u.id === 'CV2')!.fighters).toBe(6);
  });
});

describe('SIDCORS maulers: shock after Directed Damage', () => {
  const force = [
    unit('M', 'A', '10-10/5-5', { flags: { mauler: true } }),
    unit('E1', 'A', '12-12/6-6'),
    unit('E2', 'A', '12-12/6-6'),
  ];
  const bats = unit('BATS', 'B', '6-6/6-6', { flags: { cannotRetreat: true, scout: true } });
  const order = { A: { kind: 'unit' as const, target: 'BATS', action: 'kill' as const, maulerId: 'M' } };

  it('after a round in which it was used, a 5–6 cripples the mauler', () => {
    // ComPot 34; the BATS scout shifts A's 6 to 5 → 40% → 13.6 → 14: exactly the 10 + 2 × 2 the kill costs.
    const dice = forced(6, 1, 5);
    const r = resolveRound({ units: [...force, bats], bif: { A: 4, B: 4 }, directed: order }, dice);
    expect([r.effectiveDie.A, r.damage.A, r.directed.A!.cost]).toEqual([5, 14, 14]);
    expect(r.sideDestroyed.B).toBe(true);
    expect(r.maulerBreakdown.A).toEqual({ unitId: 'M', roll: 5, crippled: true });
    expect(r.units.find((u) => u.id === 'M')!.crippled).toBe(true);
    expect(dice.records.map((x) => x.purpose)).toEqual([
      'SIDCORS round 1 combat die, side A',
      'SIDCORS round 1 combat die, side B',
      'SIDCORS round 1 mauler shock, side A (M)',
    ]);
  });

  it('a 1–4 leaves it uncrippled', () => {
    const r = resolveRound({ units: [...force, bats], bif: { A: 4, B: 4 }, directed: order }, forced(6, 1, 4));
    expect(r.maulerBreakdown.A).toEqual({ unitId: 'M', roll: 4, crippled: false });
    expect(r.units.find((u) => u.id === 'M')!.crippled).toBe(false);
  });

  it("a mauler crippled voluntarily (in its owner's allocation) does not roll", () => {
    // B scores 6 × 30% = 1.8 → 2, plus 3 owed = 5, at least half of the mauler's 10: the owner cripples it.
    const dice = forced(6, 1);
    const r = resolveRound(
      {
        units: [...force, bats],
        bif: { A: 4, B: 4 },
        carry: { A: 3 },
        directed: order,
        allocation: { A: [{ unitId: 'M', step: 'cripple' }] },
      },
      dice,
    );
    expect(r.maulerBreakdown.A).toEqual({ unitId: 'M', roll: null, crippled: false });
    expect(dice.records).toHaveLength(2);
  });
});
