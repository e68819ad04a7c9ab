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
