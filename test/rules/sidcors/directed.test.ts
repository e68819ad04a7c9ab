import { describe, expect, it } from 'vitest';
import {
  SIDCORS_RULE,
  directDamage,
  directedCost,
  maulersForDirectedDamage,
} from '../../../src/rules/sidcors/index.ts';
import { refusal, unit } from './helpers.ts';

const RULE = SIDCORS_RULE.directed;
const attacker = unit('K1', 'A', '8-8/4-4');
const d7 = unit('D7', 'B', '8-8/4-4');
const crippledD7 = unit('D7', 'B', '8-8/4-4', { crippled: true });

describe('SIDCORS Directed Damage costs (A.2.14 step 6)', () => {
  it('crippling costs double the defence factor: 2 × 8 = 16 for a D7', () => {
    const { result, units } = directDamage([attacker, d7], 'A', { kind: 'unit', target: 'D7', action: 'cripple' }, 16);
    expect(result.cost).toBe(16);
    expect(result.steps).toEqual([{ unitId: 'D7', effect: 'crippled', defense: 8 }]);
    expect(units.find((u) => u.id === 'D7')!.crippled).toBe(true);
  });

  it('killing an already crippled unit costs double its crippled defence: 2 × 4 = 8', () => {
    const { result, units } = directDamage(
      [attacker, crippledD7],
      'A',
      { kind: 'unit', target: 'D7', action: 'kill' },
      8,
    );
    expect(result.cost).toBe(8);
    expect(units.map((u) => u.id)).toEqual(['K1']);
  });

  it('DV12: with 25 points, cripple (16) then kill the same D7 (8) = 24; 1 point is left for allocation', () => {
    const { result } = directDamage([attacker, d7], 'A', { kind: 'unit', target: 'D7', action: 'kill' }, 25);
    expect(result.steps.map((s) => [s.effect, s.defense])).toEqual([
      ['crippled', 8],
      ['destroyed', 4],
    ]);
    expect(result.cost).toBe(24);
    expect(25 - result.cost).toBe(1);
  });

  it('the full amount is needed, not half: 15 points cannot cripple a D7, and a kill it cannot pay suggests the cripple', () => {
    refusal(
      () => directDamage([attacker, d7], 'A', { kind: 'unit', target: 'D7', action: 'cripple' }, 15),
      RULE,
      'sidcors/dd-insufficient',
    );
    const e = refusal(
      () => directDamage([attacker, d7], 'A', { kind: 'unit', target: 'D7', action: 'kill' }, 20),
      RULE,
      'sidcors/dd-insufficient',
    );
    expect(e.hint).toContain('cripple it (cost 16)');
  });

  it('one enemy unit only: own units, destroyed ones and "cripple" of a crippled target are refused', () => {
    refusal(
      () => directDamage([attacker, d7], 'A', { kind: 'unit', target: 'K1', action: 'cripple' }, 50),
      RULE,
      'sidcors/dd-bad-target',
    );
    refusal(
      () => directDamage([attacker, d7], 'A', { kind: 'unit', target: 'nope', action: 'cripple' }, 50),
      RULE,
      'sidcors/dd-bad-target',
    );
    refusal(
      () => directDamage([attacker, crippledD7], 'A', { kind: 'unit', target: 'D7', action: 'cripple' }, 50),
      RULE,
      'sidcors/dd-already-crippled',
    );
  });

  it('a unit with no crippled side is destroyed for double its defence', () => {
    const { result, units } = directDamage(
      [attacker, unit('FRD', 'B', '0-6')],
      'A',
      { kind: 'unit', target: 'FRD', action: 'cripple' },
      12,
    );
    expect(result.steps).toEqual([{ unitId: 'FRD', effect: 'destroyed', defense: 6 }]);
    expect(result.cost).toBe(12);
    expect(units.map((u) => u.id)).toEqual(['K1']);
  });

  it('against fighters: any or all fighter factors of the enemy force, 2 points each', () => {
    const cvs = [attacker, unit('CV1', 'B', '10-10(6)/5-5(2)'), unit('CV2', 'B', '10-10(6)/5-5(2)', { fighters: 4 })];
    const order = {
      kind: 'fighters' as const,
      targets: [
        { unitId: 'CV1', count: 6 },
        { unitId: 'CV2', count: 1 },
      ],
    };
    const { result, units } = directDamage(cvs, 'A', order, 14);
    expect(result.cost).toBe(14);
    expect(units.filter((u) => u.side === 'B').map((u) => u.fighters)).toEqual([0, 3]);
    refusal(
      () => directDamage(cvs, 'A', { kind: 'fighters', targets: [{ unitId: 'CV2', count: 5 }] }, 50),
      RULE,
      'sidcors/dd-bad-fighters',
    );
    refusal(() => directDamage(cvs, 'A', order, 13), RULE, 'sidcors/dd-insufficient');
  });
});

describe('SIDCORS maulers and Directed Damage', () => {
  const escorted = [
    unit('M', 'A', '10-10/5-5', { flags: { mauler: true } }),
    unit('E1', 'A', '8-8/4-4'),
    unit('E2', 'A', '8-8/4-4'),
  ];
  const bats = unit('BATS', 'B', '6-6/6-6', { flags: { cannotRetreat: true, scout: true } });

  it('VS6: a mauler pays up to its attack factor at 1:1: 12 points to destroy a battle station cost 10 + 2 × 2 = 14', () => {
    expect(directedCost(12, 10)).toBe(14);
    expect(directedCost(12)).toBe(24);
    expect(directedCost(8, 10)).toBe(8);
    const { result } = directDamage(
      [...escorted, bats],
      'A',
      { kind: 'unit', target: 'BATS', action: 'kill', maulerId: 'M' },
      14,
    );
    expect([result.defense, result.maulerPoints, result.cost, result.maulerId]).toEqual([12, 10, 14, 'M']);
    refusal(
      () => directDamage([...escorted, bats], 'A', { kind: 'unit', target: 'BATS', action: 'kill', maulerId: 'M' }, 13),
      RULE,
      'sidcors/dd-insufficient',
    );
    expect(
      directDamage([...escorted, bats], 'A', { kind: 'unit', target: 'BATS', action: 'kill' }, 24).result.cost,
    ).toBe(24);
  });

  it('a mauler without two non-mauler escorts, a crippled mauler or a non-mauler cannot pay at 1:1', () => {
    const alone = [escorted[0]!, escorted[1]!, bats];
    expect(maulersForDirectedDamage([...escorted, bats], 'A')).toEqual(['M']);
    expect(maulersForDirectedDamage(alone, 'A')).toEqual([]);
    refusal(
      () => directDamage(alone, 'A', { kind: 'unit', target: 'BATS', action: 'kill', maulerId: 'M' }, 30),
      SIDCORS_RULE.mauler,
      'sidcors/dd-mauler-alone',
    );
    const crippled = [
      unit('M', 'A', '10-10/5-5', { crippled: true, flags: { mauler: true } }),
      escorted[1]!,
      escorted[2]!,
      bats,
    ];
    refusal(
      () => directDamage(crippled, 'A', { kind: 'unit', target: 'BATS', action: 'kill', maulerId: 'M' }, 30),
      SIDCORS_RULE.mauler,
      'sidcors/dd-mauler-crippled',
    );
    refusal(
      () =>
        directDamage([...escorted, bats], 'A', { kind: 'unit', target: 'BATS', action: 'kill', maulerId: 'E1' }, 30),
      SIDCORS_RULE.mauler,
      'sidcors/dd-not-a-mauler',
    );
  });

  it('two maulers with four escorts are both accompanied; the order names the one mauler it uses', () => {
    const two = [
      ...escorted,
      unit('M2', 'A', '10-10/5-5', { flags: { mauler: true } }),
      unit('E3', 'A', '8-8/4-4'),
      unit('E4', 'A', '8-8/4-4'),
      bats,
    ];
    expect(
      directDamage(two, 'A', { kind: 'unit', target: 'BATS', action: 'kill', maulerId: 'M2' }, 14).result.maulerId,
    ).toBe('M2');
  });
});
