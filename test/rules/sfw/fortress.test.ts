import { describe, expect, it } from 'vitest';
import { RuleViolation } from '../../../src/rules/errors.ts';
import { allocateFortress, allocateMad, buildFortress, firingHits, moveMad } from '../../../src/rules/sfw/fortress.ts';
import type { FortressLayout } from '../../../src/rules/sfw/fortress.ts';
import { FORTRESS_FIRING_PENALTY } from '../../../src/rules/sfw/fortress-modules.ts';

/** The rule's example fortress: 3 LSS, 2 WP and a SAWS, in a ring. */
function example(damage: Record<string, number> = {}, extra: Partial<FortressLayout> = {}): FortressLayout {
  const modules = [
    { id: 'L1', type: 'LSS' as const },
    { id: 'L2', type: 'LSS' as const },
    { id: 'L3', type: 'LSS' as const },
    { id: 'W1', type: 'WP' as const },
    { id: 'W2', type: 'WP' as const },
    { id: 'S1', type: 'SAWS' as const },
  ].map((m) => (damage[m.id] === undefined ? m : { ...m, damage: damage[m.id]! }));
  return {
    name: 'Example',
    modules,
    adjacent: [
      ['L1', 'W1'],
      ['W1', 'L2'],
      ['L2', 'W2'],
      ['W2', 'L3'],
      ['L3', 'S1'],
      ['S1', 'L1'],
    ],
    ...extra,
  };
}

describe('SFW Starfortress (digest C.2.2, C.3)', () => {
  it('S4 3 LSS + 2 WP + 1 SAWS: 300 PU, max OF 6 + 6 + 2 = 14, though 300 PU could buy ⌊√300⌋ = 17 factors', () => {
    const f = buildFortress(example());
    expect(f.pu).toBe(300);
    expect(f.maxOF).toBe(14);
    expect(f.maxFactors).toBe(17);
  });

  it('S5 the same fortress at OF 14 spends 196, has 104 left and buys DF 10 for every module (speed 1 costs nothing, W11)', () => {
    const a = allocateFortress(buildFortress(example()), 14);
    expect(a.legal).toBe(true);
    expect(a.df).toBe(10);
    expect(300 - 14 * 14).toBe(104);
    expect(a.used).toBe(296);
  });

  it('the fortress cannot buy more OF than its weapon modules carry, nor more than its PU', () => {
    const f = buildFortress(example());
    expect(allocateFortress(f, 15).problems[0]).toMatch(/at most 14 Offensive Factors/);
    expect(allocateFortress(f, 14, 11).problems[0]).toMatch(/300 PU .* 14² \+ 11² = 317/);
  });

  it('S6 a MAD with DF 5 and OF 2 uses 29 of its own 30 PU: legal', () => {
    const f = buildFortress({
      modules: [
        { id: 'L', type: 'LSS' },
        { id: 'M', type: 'MAD', on: 'L' },
      ],
      adjacent: [],
    });
    const a = allocateMad(f, 'M', 2, 5);
    expect(a.used).toBe(29);
    expect(a.legal).toBe(true);
  });

  it('S7 a MAD with DF 5 and OF 3 would need 34 PU: illegal', () => {
    const f = buildFortress({
      modules: [
        { id: 'L', type: 'LSS' },
        { id: 'M', type: 'MAD', on: 'L' },
      ],
      adjacent: [],
    });
    const a = allocateMad(f, 'M', 3, 5);
    expect(a.used).toBe(34);
    expect(a.legal).toBe(false);
  });

  it('S8 the MAD DF cap is 5 (25 PU < 30): DF 6 is refused even though 36 > 30 is not the only reason', () => {
    const f = buildFortress({
      modules: [
        { id: 'L', type: 'LSS' },
        { id: 'M', type: 'MAD', on: 'L' },
      ],
      adjacent: [],
    });
    expect(allocateMad(f, 'M', 0, 5).legal).toBe(true);
    expect(allocateMad(f, 'M', 0, 6).problems.some((p) => /at most 5 Defensive Factors/.test(p))).toBe(true);
  });

  it('S9 an LSS that took 29 damage generates 71 PU next turn', () => {
    expect(buildFortress({ modules: [{ id: 'L', type: 'LSS', damage: 29 }], adjacent: [] }).pu).toBe(71);
    expect(buildFortress(example({ L1: 29 })).pu).toBe(271);
  });

  it('a destroyed weapons module takes its OF with it; a destroyed LSS its power', () => {
    const f = buildFortress(example({ W1: 60, L2: 100 }));
    expect(f.maxOF).toBe(8);
    expect(f.pu).toBe(200);
    expect(f.modules.find((m) => m.id === 'W1')!.destroyed).toBe(true);
    expect(buildFortress(example({ W1: 59 })).maxOF).toBe(14);
  });

  it('with no LSS left the fortress is knocked out (a MAD cannot power it)', () => {
    const f = buildFortress(example({ L1: 100, L2: 100, L3: 100 }, {}));
    expect(f.knockedOut).toBe(true);
    expect(f.pu).toBe(0);
    expect(allocateFortress(f, 0).problems[0]).toMatch(/no Life Support System left/);
  });

  it('no CM left: +10 to the fortress firing rolls; with a CM, none', () => {
    expect(buildFortress(example()).firingPenalty).toBe(FORTRESS_FIRING_PENALTY);
    const withCm = example({}, {});
    const f = buildFortress({ ...withCm, modules: [...withCm.modules, { id: 'C', type: 'CM' }] });
    expect(f.firingPenalty).toBe(0);
    const cmGone = buildFortress({ ...withCm, modules: [...withCm.modules, { id: 'C', type: 'CM', damage: 50 }] });
    expect(cmGone.firingPenalty).toBe(10);
  });

  it('W5 fortress special damage counts only LSS damage: more than 20% of 300 (60 no, 61 yes); WP damage does not count', () => {
    expect(buildFortress(example({ L1: 60 })).specialDamageRoll).toBe(false);
    expect(buildFortress(example({ L1: 31, L2: 30 })).specialDamageRoll).toBe(true);
    expect(buildFortress(example({ W1: 59, W2: 59 })).specialDamageRoll).toBe(false);
  });

  it('fortress damage control: one team per LSS, lost once that LSS has taken 70', () => {
    expect(buildFortress(example()).dctTeams).toBe(3);
    expect(buildFortress(example({ L1: 69 })).dctTeams).toBe(3);
    expect(buildFortress(example({ L1: 70 })).dctTeams).toBe(2);
  });

  it('a MAD sitting on a destroyed module is destroyed with it', () => {
    const layout = example({ W1: 60 });
    const f = buildFortress({ ...layout, modules: [...layout.modules, { id: 'M', type: 'MAD', on: 'W1' }] });
    expect(f.modules.find((m) => m.id === 'M')!.destroyed).toBe(true);
  });

  it('a MAD moves only to a module adjacent to the one it is on', () => {
    const layout = example();
    const withMad = { ...layout, modules: [...layout.modules, { id: 'M', type: 'MAD' as const, on: 'L1' }] };
    const moved = moveMad(withMad, 'M', 'W1');
    expect(moved.modules.find((m) => m.id === 'M')!.on).toBe('W1');
    expect(() => moveMad(withMad, 'M', 'W2')).toThrow(/adjacent/);
  });

  it('DS5 aimed fire adds 10 to the firing die: a 00–29 hit band becomes 00–19 (20 rolls of 100)', () => {
    const hits = Array.from({ length: 100 }, (_, roll) => roll).filter((roll) =>
      firingHits(roll, 29, FORTRESS_FIRING_PENALTY),
    );
    expect(hits).toHaveLength(20);
    expect(Math.max(...hits)).toBe(19);
    expect(Array.from({ length: 100 }, (_, r) => r).filter((r) => firingHits(r, 29, 0))).toHaveLength(30);
  });

  it('bad layouts are refused: duplicate ids, unknown adjacency, a non-MAD sitting on a module', () => {
    expect(() =>
      buildFortress({
        modules: [
          { id: 'A', type: 'LSS' },
          { id: 'A', type: 'WP' },
        ],
        adjacent: [],
      }),
    ).toThrow(RuleViolation);
    expect(() => buildFortress({ modules: [{ id: 'A', type: 'LSS' }], adjacent: [['A', 'B']] })).toThrow(
      /not in the fortress/,
    );
    expect(() =>
      buildFortress({
        modules: [
          { id: 'A', type: 'LSS' },
          { id: 'B', type: 'WP', on: 'A' },
        ],
        adjacent: [],
      }),
    ).toThrow(/only a MAD/);
  });
});
