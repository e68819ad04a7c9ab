import { describe, expect, it } from 'vitest';
import { battleInA, explored } from './helpers.ts';

describe('SIDCORS quick resolution (research digest §A.2.14)', () => {
  it('secret intensities, a rolled round, default allocations, then a retreat: applied as a battle result', () => {
    const { g, battle } = battleInA();
    const ship = (owner: string, unit: string) => g.state.ships.find((s) => s.owner === owner && s.unitId === unit)!.id;
    g.refused('p1', { type: 'battle-quick', battle, intensity: 5 }, 'SIDCORS (A.2.14) step 1');
    g.do('p1', { type: 'battle-quick', battle, intensity: 2 });
    let q = g.state.battles[0]!.quick!;
    expect(q.rolled).toBeNull();
    expect(q.agreed).toEqual(['p1']);
    g.refused('p1', { type: 'battle-quick', battle, intensity: 3 }, 'SIDCORS (A.2.14) step 1');
    // BIR 2+2 = 4; p1 (side A) rolls 6 → 30 %, p2 rolls 1 → 20 %; ComPot 8+4 = 12 each:
    // p1 scores RHU(12 × 30 %) = 4, p2 scores RHU(12 × 20 %) = 2.
    g.dice(6, 1).do('p2', { type: 'battle-quick', battle, intensity: 2 });
    q = g.state.battles[0]!.quick!;
    expect(q.rolled!.bir).toBe(4);
    expect(q.rolled!.damage).toEqual({ A: 4, B: 2 });
    g.refused('p1', { type: 'battle-quick', battle, retreat: 'H1' }, 'SIDCORS (A.2.14)');
    for (const p of ['p1', 'p2']) g.do(p, { type: 'battle-quick', battle, directed: 'none' });
    g.do('p1', { type: 'battle-quick', battle, allocate: 'auto' });
    g.do('p2', { type: 'battle-quick', battle, allocate: `${ship('p2', 'KZI-FF')} cripple` });
    q = g.state.battles[0]!.quick!;
    // 4 points cripple p2's frigate (D 4); 2 points against p1 must still take a step (2 ≥ ½ × 4): its frigate is crippled.
    expect(q.rounds[0]!.crippled.sort()).toEqual([ship('p1', 'LYR-FF'), ship('p2', 'KZI-FF')].sort());
    explored(g, 'C', 'dead');
    g.do('p2', { type: 'battle-quick', battle, retreat: 'C' });
    const b = g.state.battles[0]!;
    expect(b.resolution).toBe('quick');
    expect(b.result!.winner).toBe('p1');
    expect(g.state.ships.find((s) => s.unitId === 'KZI-FF')!.crippled).toBe(true);
    expect(g.state.ships.find((s) => s.unitId === 'LYR-FF')!.crippled).toBe(true);
    expect(g.state.retreats[0]).toMatchObject({ playerId: 'p2', to: 'C' });
  });

  it('refuses when a unit has no SIDCORS factors in the catalog', () => {
    const { g, battle } = battleInA({ p1: ['LYR-CA', 'NEU-F-L'] });
    g.refused('p1', { type: 'battle-quick', battle, intensity: 2 }, 'SIDCORS (A.2.14)');
  });
});

describe('SIDCORS Directed Damage, scouts and the cloak roll in /battle quick (digest §A.2.14)', () => {
  const ship = (g: ReturnType<typeof battleInA>['g'], owner: string, unit: string) =>
    g.state.ships.find((s) => s.owner === owner && s.unitId === unit)!.id;

  it('A.2.14 step 6 Directed Damage is chosen secretly by each side, revealed and applied attacker first, then the rest is allocated', () => {
    const { g, battle } = battleInA({ p1: ['LYR-CA', 'LYR-CA', 'LYR-FF'] });
    const kziFf = ship(g, 'p2', 'KZI-FF');
    g.do('p1', { type: 'battle-quick', battle, intensity: 4 });
    // BIR 8, both dice 6 → 40 %: p1 (ComPot 20) scores 8, p2 (ComPot 12) scores RHU(4.8) = 5.
    g.dice(6, 6).do('p2', { type: 'battle-quick', battle, intensity: 4 });
    let q = g.state.battles[0]!.quick!;
    expect(q.rolled!.damage).toEqual({ A: 8, B: 5 });
    expect(q.directedResults).toBeNull();
    // Allocation waits for Directed Damage.
    g.refused('p1', { type: 'battle-quick', battle, allocate: 'auto' }, 'SIDCORS (A.2.14) step 6');
    // p2's 5 points cannot pay double the LYR-FF's defence 4 (8): the full amount is needed.
    const short = g.refused(
      'p2',
      { type: 'battle-quick', battle, directed: `${ship(g, 'p1', 'LYR-FF')} cripple` },
      'SIDCORS (A.2.14 step 6)',
    );
    expect(short.code).toBe('sidcors/dd-insufficient');
    g.refused('p2', { type: 'battle-quick', battle, directed: 'everything please' }, 'SIDCORS (A.2.14) step 6');
    // p1 (the attacker) directs all 8 at the Kzinti frigate: cripple costs 2 × D 4 = 8.
    g.do('p1', { type: 'battle-quick', battle, directed: `${kziFf} cripple` });
    q = g.state.battles[0]!.quick!;
    expect(q.directedResults).toBeNull(); // secret until the other side has chosen
    expect(g.log.at(-1)!.event).toMatchObject({ type: 'BattleQuickUpdated', step: 'secret' });
    g.refused('p1', { type: 'battle-quick', battle, directed: 'none' }, 'SIDCORS (A.2.14) step 6');
    g.do('p2', { type: 'battle-quick', battle, directed: 'none' });
    q = g.state.battles[0]!.quick!;
    expect(q.directedResults!.A).toMatchObject({ by: 'A', cost: 8, steps: [{ unitId: kziFf, effect: 'crippled' }] });
    expect(q.directedResults!.B).toBeNull();
    expect(g.log.at(-1)!.event).toMatchObject({ type: 'BattleQuickUpdated', step: 'directed' });
    // Nothing is left against p2 (8 − 8); p1 still takes the 5 points p2 scored.
    g.do('p2', { type: 'battle-quick', battle, allocate: 'auto' });
    // 5 points: crippling the frigate (4) leaves 1, not less than half its next step (2), so it is destroyed too.
    g.refused(
      'p1',
      { type: 'battle-quick', battle, allocate: `${ship(g, 'p1', 'LYR-FF')} cripple` },
      'SIDCORS (A.2.14 step 7)',
    );
    g.do('p1', { type: 'battle-quick', battle, allocate: `${ship(g, 'p1', 'LYR-FF')} destroy` });
    q = g.state.battles[0]!.quick!;
    const round = q.rounds[0]!;
    expect(round.crippled).toEqual([kziFf]);
    expect(round.destroyed).toEqual([ship(g, 'p1', 'LYR-FF')]);
    expect(round.directed!.A!.cost).toBe(8);
    // The overshoot of 1 is a plus point for p1 next round.
    expect(q.carry).toEqual({ A: -1, B: 0 });
    expect(q.directed).toEqual({});
  });

  it('A.2.14 step 7 an allocation the rule does not allow is refused when given, not when the other side allocates', () => {
    const { g, battle } = battleInA();
    g.do('p1', { type: 'battle-quick', battle, intensity: 2 });
    g.dice(6, 1).do('p2', { type: 'battle-quick', battle, intensity: 2 });
    g.do('p1', { type: 'battle-quick', battle, directed: 'none' });
    g.do('p2', { type: 'battle-quick', battle, directed: 'none' });
    // p2 took 4 points: crippling the cruiser (8) as well as the frigate is more than the rule asks.
    const err = g.refused(
      'p2',
      {
        type: 'battle-quick',
        battle,
        allocate: `${ship(g, 'p2', 'KZI-FF')} cripple, ${ship(g, 'p2', 'KZI-CA')} cripple`,
      },
      'SIDCORS (A.2.14 step 7)',
    );
    expect(err.code).toBe('sidcors/alloc-not-required');
  });

  it('A.2.14 scouts: exactly one side with a working scout (catalog sidcors_ew) takes 1 off the other side’s die', () => {
    const { g, battle } = battleInA({ p2: ['KZI-CA', 'KZI-DD'] });
    g.do('p1', { type: 'battle-quick', battle, intensity: 2 });
    g.dice(4, 4).do('p2', { type: 'battle-quick', battle, intensity: 2 });
    const r = g.state.battles[0]!.quick!.rolled!;
    expect(r.shift.A).toEqual({ scout: -1, extra: 0, total: -1 });
    expect(r.shift.B.total).toBe(0);
    expect(r.effectiveDie).toEqual({ A: 3, B: 4 });
  });

  it('V22 both sides with scouts: the campaign setting sidcors.bothScouts chooses net (default) or cancel', () => {
    const both = (bothScouts?: string) => {
      const { g, battle } = battleInA({ p1: ['LYR-CA', 'LYR-DD'], p2: ['KZI-CA', 'KZI-DD'] });
      // p1's destroyer is a scout with EW 2, p2's (the sample's KZI-DD) one with EW 1.
      const sample = g.catalog;
      g.catalog = {
        ...sample,
        get: (id) => (id === 'LYR-DD' ? { ...sample.get(id)!, sidcorsEw: 2 } : sample.get(id)),
      };
      if (bothScouts) g.patch((s) => Object.assign(s.settings, { 'sidcors.bothScouts': bothScouts }));
      g.do('p1', { type: 'battle-quick', battle, intensity: 2 });
      g.dice(4, 4).do('p2', { type: 'battle-quick', battle, intensity: 2 });
      const shift = g.state.battles[0]!.quick!.rolled!.shift;
      return [shift.A.scout, shift.B.scout];
    };
    expect(both()).toEqual([0, -1]); // net: the weaker side subtracts 2 − 1
    expect(both('net')).toEqual([0, -1]);
    expect(both('cancel')).toEqual([0, 0]);
  });

  it('A.2.14 cloaked ships: a force made entirely of cloaking ships rolls 2d6 before round 1; 5 or less gives the enemy −1 in round 1 only', () => {
    const { g, battle } = battleInA();
    g.patch((s) => {
      for (const x of s.ships) if (x.owner === 'p1') x.unitId = x.unitId.replace('LYR-', 'ROM-');
    });
    g.do('p1', { type: 'battle-quick', battle, intensity: 2 });
    // Cloak roll 2+3 = 5 first, then the combat dice.
    g.dice(2, 3, 4, 4).do('p2', { type: 'battle-quick', battle, intensity: 2 });
    let q = g.state.battles[0]!.quick!;
    expect(q.cloak).toEqual({ A: { side: 'A', dice: [2, 3], total: 5, enemyShift: -1 }, B: null });
    expect(q.rolled!.shift.B).toEqual({ scout: 0, extra: -1, total: -1 });
    expect(q.rolled!.effectiveDie).toEqual({ A: 4, B: 3 });
    expect(g.log.at(-1)!.rolls.some((r) => r.purpose.includes('cloak'))).toBe(true);
    for (const p of ['p1', 'p2']) g.do(p, { type: 'battle-quick', battle, directed: 'none' });
    for (const p of ['p1', 'p2']) g.do(p, { type: 'battle-quick', battle, allocate: 'auto' });
    g.do('p1', { type: 'battle-quick', battle, intensity: 2 });
    g.dice(4, 4).do('p2', { type: 'battle-quick', battle, intensity: 2 });
    q = g.state.battles[0]!.quick!;
    expect(q.rolled!.round).toBe(2);
    expect(q.rolled!.shift.B.extra).toBe(0);
  });

  it('A.2.14 the cloak roll is optional: cloak:false declines it; a force that is not all cloaking ships cannot ask', () => {
    const { g, battle } = battleInA();
    g.refused('p2', { type: 'battle-quick', battle, intensity: 2, cloak: true }, 'SIDCORS (A.2.14) cloaked ships');
    g.patch((s) => {
      for (const x of s.ships) if (x.owner === 'p1') x.unitId = x.unitId.replace('LYR-', 'ROM-');
    });
    g.do('p1', { type: 'battle-quick', battle, intensity: 2, cloak: false });
    g.dice(4, 4).do('p2', { type: 'battle-quick', battle, intensity: 2 });
    const q = g.state.battles[0]!.quick!;
    expect(q.cloak).toEqual({ A: null, B: null });
    expect(q.rolled!.die).toEqual({ A: 4, B: 4 });
  });

  it('A.2.14 step 6 is optional: with sidcors.directedDamage false the round goes straight to allocation', () => {
    const { g, battle } = battleInA();
    g.patch((s) => Object.assign(s.settings, { 'sidcors.directedDamage': false }));
    g.do('p1', { type: 'battle-quick', battle, intensity: 2 });
    g.dice(6, 1).do('p2', { type: 'battle-quick', battle, intensity: 2 });
    g.refused('p1', { type: 'battle-quick', battle, directed: 'none' }, 'SIDCORS (A.2.14) step 6');
    g.do('p1', { type: 'battle-quick', battle, allocate: 'auto' });
    g.do('p2', { type: 'battle-quick', battle, allocate: 'auto' });
    expect(g.state.battles[0]!.quick!.rounds).toHaveLength(1);
  });

  it('A.2.14 step 1 against a force that cannot retreat the other side chooses both intensities; the stuck side only agrees', () => {
    const { g, battle } = battleInA();
    // Test surgery: p2's force stands as bases would (cannot retreat), before the first quick order.
    g.patch((s) => {
      const b = s.battles[0]!;
      const units = b.participants.flatMap((p) =>
        p.units.map((id) => ({
          id,
          side: (p.side === 'p1' ? 'A' : 'B') as 'A' | 'B',
          factors: s.ships.find((x) => x.id === id)!.unitId.endsWith('CA') ? '8-8/4-4' : '4-4/2-2',
          crippled: false,
          ...(p.side === 'p2' ? { flags: { cannotRetreat: true } } : {}),
        })),
      );
      b.quick = {
        agreed: [],
        intensity: {},
        allocations: {},
        units,
        carry: { A: 0, B: 0 },
        rolled: null,
        rounds: [],
        fates: {},
      };
    });
    g.refused('p2', { type: 'battle-quick', battle, intensity: 2 }, 'SIDCORS (A.2.14) step 1');
    const one = g.refused('p1', { type: 'battle-quick', battle, intensity: 3 }, 'SIDCORS (A.2.14) step 1');
    expect(one.code).toBe('quick/enemy-intensity');
    g.do('p1', { type: 'battle-quick', battle, intensity: 3, enemyIntensity: 1 });
    expect(g.state.battles[0]!.quick!.rolled).toBeNull(); // p2 has not agreed yet
    g.dice(3, 3).do('p2', { type: 'battle-quick', battle });
    const q = g.state.battles[0]!.quick!;
    expect(q.rolled!.bif).toEqual({ A: 3, B: 1 });
    expect(q.agreed.sort()).toEqual(['p1', 'p2']);
    g.refused('p2', { type: 'battle-quick', battle, intensity: 4 }, 'SIDCORS (A.2.14)');
  });

  it('UTD1.11 a vote on sidcors.bothScouts names one of its values', () => {
    const { g } = battleInA();
    const err = g.refused('p1', { type: 'vote-setting', key: 'sidcors.bothScouts', value: 'maybe' }, 'UTD1.11');
    expect(err.hint).toContain('net, cancel');
  });
});
