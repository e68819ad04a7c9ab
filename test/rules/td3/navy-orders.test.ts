import { describe, expect, it } from 'vitest';
import { maxFleets } from '../../../src/rules/thunderdome/index.ts';
import { startedGame } from './harness.ts';

describe('UTD7.22 extra fleets', () => {
  it('250 for one; a second bought later pays the difference to 500; a fourth is refused (ISS-A22)', () => {
    const g = startedGame();
    g.patch((s) => (s.players[0]!.bank = '2000'));
    expect(maxFleets(g.state, g.player('p1'))).toBe(6);
    g.do('p1', { type: 'buy-fleets', count: 1 });
    expect(g.player('p1').bank).toBe('1750');
    g.do('p1', { type: 'buy-fleets', count: 1 });
    expect(g.player('p1').bank).toBe('1500');
    g.do('p1', { type: 'buy-fleets', count: 1 });
    expect(g.player('p1').bank).toBe('1000');
    expect(maxFleets(g.state, g.player('p1'))).toBe(9);
    g.refused('p1', { type: 'buy-fleets', count: 1 }, 'UTD7.22');
    expect(g.state.turn!.opsSpent).toBe(0);
  });
});

describe('UTD6.33 organize fleets', () => {
  it('one OP moves ships between two fleets of one sector, or into a new fleet; a full fleet refuses more (UTD7.23)', () => {
    const g = startedGame({ p1: ['LYR-CA', 'LYR-CA', 'LYR-CA', 'LYR-CA', 'LYR-FF', 'LYR-FF'] });
    const ffs = g.state.ships.filter((s) => s.unitId === 'LYR-FF').map((s) => s.id);
    g.do('p1', { type: 'organize', from: '1', to: '2', ships: ffs.join(',') });
    expect(g.state.turn!.opsSpent).toBe(1);
    expect(g.state.ships.filter((s) => s.fleetId === g.fleetOf('p1', 2).id).map((s) => s.unitId)).toEqual([
      'LYR-FF',
      'LYR-FF',
    ]);
    const cas = g.state.ships.filter((s) => s.unitId === 'LYR-CA').map((s) => s.id);
    g.do('p1', { type: 'organize', from: '1', to: '2', ships: cas.slice(0, 3).join(',') });
    expect(g.state.turn!.opsSpent).toBe(2);
    // Fleet 2 now holds 2 FF + 3 CA = MC 11/3; one more CA beside it makes MC 14/3, the last CA of fleet 1 then 17/3.
    g.patch((s) => {
      const f2 = s.fleets.find((f) => f.owner === 'p1' && f.slot === 2)!;
      s.ships.push({ ...s.ships.find((x) => x.unitId === 'LYR-CA')!, id: 'S900', fleetId: f2.id });
    });
    expect(g.refused('p1', { type: 'organize', from: '1', to: '2', ships: 'all' }, 'UTD7.23').message).toContain(
      'MC 17/3',
    );
    g.refused('p1', { type: 'organize', from: '1', to: '2', ships: 'S999' }, 'UTD6.33');
    g.refused('p1', { type: 'organize', from: '1', to: '1', ships: 'all' }, 'UTD6.33');
  });
});

describe('UTD6.3F scrap', () => {
  it('scrapping returns half the value, keeping fractions, for 1 OP; an emptied fleet disappears', () => {
    const g = startedGame({ p1: ['LYR-CA', 'LYR-FF'] });
    const bank = Number(g.player('p1').bank);
    g.do('p1', { type: 'scrap', fleet: '1', ships: 'all' });
    expect(g.player('p1').bank).toBe(String(bank + (133 + 63) / 2));
    expect(g.state.fleets.filter((f) => f.owner === 'p1')).toHaveLength(0);
    expect(g.state.turn!.opsSpent).toBe(1);
  });
  it('half of an odd value keeps the half BPV', () => {
    const g = startedGame({ p1: ['LYR-FF', 'LYR-CA'] });
    const ff = g.state.ships.find((s) => s.unitId === 'LYR-FF')!.id;
    const bank = g.player('p1').bank;
    g.do('p1', { type: 'scrap', fleet: '1', ships: ff });
    expect(g.player('p1').bank).toBe(String(Number(bank) + 31.5));
  });
});
