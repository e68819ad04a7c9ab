import { describe, expect, it } from 'vitest';
import { startedGame } from './harness.ts';

describe('UTD6.32 move the capital (TC-053)', () => {
  it('3 OP even from the home colony; the F-RL comes along free; once a cycle', () => {
    const g = startedGame();
    g.do('p1', { type: 'move-capital', to: 'A', withDefenses: false });
    expect(g.state.turn!.opsSpent).toBe(3);
    const moved = g.state.bases
      .filter((b) => b.owner === 'p1' && b.sector === 'A')
      .map((b) => b.role)
      .sort();
    expect(moved).toEqual(['capital', 'capital-rf']);
    g.do('p1', { type: 'buy-ops', kind: 'temporary', count: 3 });
    g.refused('p1', { type: 'move-capital', to: 'H1', withDefenses: false }, 'UTD6.322');
  });

  it('UTD6.325 with its defenses for 4 OP: 3 are not enough, one bought point makes it', () => {
    const g = startedGame();
    // ISS-A119: the destination must be able to hold the defenses (UTD7.33 fortified, UTD7.34 a planet for the GBs).
    g.patch((s) => {
      const a = s.map!.sectors.find((x) => x.key === 'A')!;
      Object.assign(a, {
        type: 'dead',
        terrain: ['class-m-planet'],
        exploredBy: 'p1',
        owner: 'p1',
        fort: { owner: 'p1', status: 'active', fleetId: null, orderedHalfCycle: 2, exposedTo: null },
      });
    });
    g.do('p1', { type: 'move', fleet: '1', to: 'A' }); // free from the home colony
    expect(g.refused('p1', { type: 'move-capital', to: 'A', withDefenses: true }, 'UTD6.32').message).toContain(
      'costs 4 order points; you have 3 left',
    );
    g.do('p1', { type: 'buy-ops', kind: 'temporary', count: 1 });
    g.do('p1', { type: 'move-capital', to: 'A', withDefenses: true });
    expect(g.state.turn!.opsSpent).toBe(4);
    expect(g.state.bases.filter((b) => b.owner === 'p1' && b.sector === 'A')).toHaveLength(9);
  });

  it('ISS-A132 the capital may not enter a sector with enemy units', () => {
    const g = startedGame();
    g.patch((s) => {
      const f = s.fleets.find((x) => x.owner === 'p2')!;
      f.sector = 'A';
    });
    g.refused('p1', { type: 'move-capital', to: 'A', withDefenses: false }, 'ISS-A132');
  });

  it('undo puts the capital back and returns the 3 OP', () => {
    const g = startedGame();
    g.do('p1', { type: 'move-capital', to: 'A', withDefenses: false });
    g.do('p1', { type: 'undo' });
    expect(g.state.bases.filter((b) => b.owner === 'p1').every((b) => b.sector === 'H1')).toBe(true);
    expect(g.state.turn!.opsSpent).toBe(0);
    expect(g.player('p1').capitalMovedHalfCycle).toBeNull();
  });
});

describe('UTD4.331 / UTD8.26 which freighters make establishment free', () => {
  function establishWith(ship: string) {
    const g = startedGame({ p1: ['LYR-CA', ship] });
    g.do('p1', { type: 'move', fleet: '1', to: 'A' });
    g.dice(1, 3, 4).do('p1', { type: 'end-turn' });
    g.do('p2', { type: 'end-turn' });
    g.do('p3', { type: 'end-turn' });
    g.do('p1', { type: 'establish', fleet: '1', kind: 'colony' });
    return g.state.turn!.opsSpent;
  }
  it('a large freighter of 50 cargo boxes: free', () => expect(establishWith('NEU-F-L')).toBe(0));
  it('UTD8.26 a Q-ship is never eligible: 1 OP', () => expect(establishWith('NEU-F-Q')).toBe(1));
  it('a small freighter: 1 OP', () => expect(establishWith('NEU-F-S')).toBe(1));
  it('UTD4.351 a minesweeper makes a fortification free', () => {
    const g = startedGame({ p1: ['LYR-MS'] });
    g.do('p1', { type: 'move', fleet: '1', to: 'A' });
    g.dice(1, 3, 4).do('p1', { type: 'end-turn' });
    g.do('p2', { type: 'end-turn' });
    g.do('p3', { type: 'end-turn' });
    g.do('p1', { type: 'establish', fleet: '1', kind: 'fort' });
    expect(g.state.turn!.opsSpent).toBe(0);
  });
});

describe('UTD8.134 an empire without a monitor', () => {
  it('gets 165 BPV of free defending ships to choose instead, which stay home', async () => {
    const { Game, mappedGame } = await import('./harness.ts');
    const { sampleCatalog } = await import('../../../src/app/catalogs.ts');
    const g = new Game();
    const noMonitor = sampleCatalog()
      .all()
      .filter((u) => u.unitKind !== 'monitor');
    g.catalog = { version: 'test', get: (id) => noMonitor.find((u) => u.unitId === id), all: () => noMonitor };
    mappedGame(g);
    g.dice(3, 2, 1).do('p1', { type: 'start' });
    expect(g.player('p1').defenseAllowance).toBe('165');
    g.do('p1', { type: 'setup-defender', unitId: 'LYR-DD' });
    expect(g.player('p1').defenseAllowance).toBe('86');
    expect(g.player('p1').bank).toBe('950');
    g.refused('p1', { type: 'setup-defender', unitId: 'LYR-CA' }, 'UTD8.134');
    g.do('p1', { type: 'setup-defender', unitId: 'LYR-FF' });
    const defenders = g.state.bases
      .filter((b) => b.owner === 'p1' && b.role === 'defending-ship')
      .map((b) => [b.unitId, b.sector]);
    expect(defenders).toEqual([
      ['LYR-DD', 'H1'],
      ['LYR-FF', 'H1'],
    ]);
  });
});
