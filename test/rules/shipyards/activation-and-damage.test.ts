import { describe, expect, it } from 'vitest';
import { yardStatus } from '../../../src/rules/thunderdome/shipyards/index.ts';
import { startedGame } from '../td3/harness.ts';
import { addShip, addYard, runNewConstruction, shipsOf } from './yard-harness.ts';

const status = (g: ReturnType<typeof startedGame>, id: string) =>
  yardStatus(g.state, 'p1', g.catalog).find((y) => y.yard.base.id === id)!;

describe('UTD6.37 activation (ISS-A04)', () => {
  it('default `sector`: one OP activates the capital and every shipyard of the sector; a second activation is refused', () => {
    const g = startedGame();
    g.patch((s) => addYard(s, 'B900', 'p1', 'NEU-SY4', 'H1'));
    g.do('p1', { type: 'yard-activate', sector: 'H1' });
    expect(g.state.turn!.opsSpent).toBe(1);
    expect(status(g, 'B900').activated).toBe(true);
    expect(yardStatus(g.state, 'p1', g.catalog).every((y) => y.activated)).toBe(true);
    g.refused('p1', { type: 'yard-activate', yard: 'B900' }, 'UTD6.37');
  });

  it('`shipyard`: each yard costs its own OP, and a sector with two yards needs the yard named', () => {
    const g = startedGame();
    g.patch((s) => {
      s.settings['shipyard.activationScope'] = 'shipyard';
      addYard(s, 'B900', 'p1', 'NEU-SY4', 'H1');
    });
    g.refused('p1', { type: 'yard-activate', sector: 'H1' }, 'ISS-A04');
    g.do('p1', { type: 'yard-activate', yard: 'capital' });
    expect(status(g, 'B900').activated).toBe(false);
    g.refused('p1', { type: 'yard-build', unitId: 'LYR-FF', yard: 'B900' }, 'UTD6.37');
    g.do('p1', { type: 'yard-activate', yard: 'B900' });
    expect(g.state.turn!.opsSpent).toBe(2);
  });

  it('activation costs an order point the player must have (UTD6.2)', () => {
    const g = startedGame();
    g.patch((s) => (s.turn!.opsSpent = 3));
    g.refused('p1', { type: 'yard-activate', sector: 'H1' }, 'UTD6.37');
  });

  it('a sector without a yard of the player has nothing to activate', () => {
    const g = startedGame();
    g.refused('p1', { type: 'yard-activate', sector: 'A' }, 'UTD6.37');
  });
});

describe('TC-066 damaged yards (UTD6.3724–6.3726, 6.3H, ISS-A28, ISS-A29)', () => {
  function damagedSc3(forgo: boolean, destroyed = 1) {
    const g = startedGame({ p1: ['LYR-DD', 'LYR-FF'] });
    g.patch((s) => {
      addYard(s, 'B900', 'p1', 'NEU-SY3', 'A', { worksDestroyed: destroyed });
      s.fleets.find((f) => f.owner === 'p1' && f.slot === 1)!.sector = 'A';
      for (const x of s.ships) if (x.owner === 'p1') x.sector = 'A';
    });
    g.do('p1', { type: 'yard-activate', sector: 'A', ...(forgo ? { forgoRepair: ['B900'] } : {}) });
    return g;
  }

  it('SC3 yard (capacity 1), 4 works, 1 destroyed, forgoing repair: capacity 3/4 (45 sixtieths)', () => {
    const g = damagedSc3(true);
    expect(status(g, 'B900')).toMatchObject({ effective: '3/4', condition: 'damaged' });
    g.do('p1', { type: 'yard-overhaul', ships: shipsOf(g, 'LYR-DD')[0]!.id });
    g.refused('p1', { type: 'yard-overhaul', ships: shipsOf(g, 'LYR-FF')[0]!.id }, 'UTD6.3721');
    runNewConstruction(g, 'p1');
    expect(g.state.bases.find((b) => b.id === 'B900')!.worksDestroyed).toBe(1);
  });

  it('the same yard self-repairing: half capacity (30) for the whole turn, works restored after the battles', () => {
    const g = damagedSc3(false);
    expect(status(g, 'B900')).toMatchObject({ effective: '1/2', condition: 'self-repairing' });
    g.do('p1', { type: 'yard-overhaul', ships: shipsOf(g, 'LYR-DD')[0]!.id });
    g.refused('p1', { type: 'yard-overhaul', ships: shipsOf(g, 'LYR-FF')[0]!.id }, 'UTD6.3721');
    runNewConstruction(g, 'p1');
    expect(g.state.bases.find((b) => b.id === 'B900')!.worksDestroyed).toBeUndefined();
  });

  it('all works destroyed and no self-repair: the yard cannot act (UTD6.3H)', () => {
    const g = damagedSc3(true, 4);
    g.refused('p1', { type: 'yard-overhaul', ships: shipsOf(g, 'LYR-FF')[0]!.id }, 'UTD6.3H');
  });

  it('capital with 10 works, 3 destroyed: 7/5 (84 sixtieths)', () => {
    const g = startedGame({ p1: ['LYR-CA', 'LYR-FF', 'LYR-FF'] });
    const capital = g.state.bases.find((b) => b.owner === 'p1' && b.role === 'capital')!.id;
    g.patch((s) => (s.bases.find((b) => b.id === capital)!.worksDestroyed = 3));
    g.do('p1', { type: 'yard-activate', sector: 'H1', forgoRepair: ['capital'] });
    expect(status(g, capital).effective).toBe('7/5');
    const [ff1, ff2] = shipsOf(g, 'LYR-FF').map((s) => s.id);
    g.do('p1', { type: 'yard-overhaul', ships: `${shipsOf(g, 'LYR-CA')[0]!.id},${ff1}` });
    g.refused('p1', { type: 'yard-overhaul', ships: ff2! }, 'UTD6.3721');
  });

  it('UTD6.3725 forgoing a self-repair the yard does not need is refused', () => {
    const g = startedGame();
    g.refused('p1', { type: 'yard-activate', sector: 'H1', forgoRepair: ['capital'] }, 'UTD6.3725');
  });

  it('UTD6.3H overhauling a yard: 1 OP, fully repaired, no shipyard actions this turn (UTD6.3726)', () => {
    const g = startedGame();
    g.patch((s) => addYard(s, 'B900', 'p1', 'NEU-SY4', 'H1', { worksDestroyed: 2 }));
    g.do('p1', { type: 'yard-overhaul-yard', yard: 'B900' });
    expect(g.state.turn!.opsSpent).toBe(1);
    expect(g.state.bases.find((b) => b.id === 'B900')!.worksDestroyed).toBeUndefined();
    g.do('p1', { type: 'yard-activate', sector: 'H1' });
    expect(status(g, 'B900').effective).toBe('0');
    g.refused('p1', { type: 'yard-build', unitId: 'LYR-FF', yard: 'B900' }, 'UTD6.3726');
    g.refused('p1', { type: 'yard-overhaul-yard', yard: 'B900' }, 'UTD6.3H');
  });

  it('UTD6.3726 a yard that already worked this turn cannot be overhauled', () => {
    const g = startedGame();
    g.do('p1', { type: 'yard-activate', sector: 'H1' });
    g.do('p1', { type: 'yard-build', unitId: 'LYR-FF' });
    g.refused('p1', { type: 'yard-overhaul-yard', yard: 'capital' }, 'UTD6.3726');
  });

  it('UTD6.3724 the owner records works destroyed; other players may not', () => {
    const g = startedGame();
    g.patch((s) => addYard(s, 'B900', 'p1', 'NEU-SY3', 'H1'));
    g.refused('p2', { type: 'yard-damage', yard: 'B900', worksDestroyed: 2 }, 'UTD8.1');
    g.refused('p1', { type: 'yard-damage', yard: 'B900', worksDestroyed: 5 }, 'UTD6.3724');
    g.do('p1', { type: 'yard-damage', yard: 'B900', worksDestroyed: 2 });
    expect(g.state.bases.find((b) => b.id === 'B900')!.worksDestroyed).toBe(2);
    expect(status(g, 'B900').condition).toBe('self-repairing');
  });
});

describe('UTD6.3741 overhaul resets D9.4', () => {
  it('a crippled ship that used its D9.4 repair is whole again and may repair again', () => {
    const g = startedGame();
    g.patch((s) =>
      addShip(s, { id: 'S900', owner: 'p1', unitId: 'LYR-DD', sector: 'H1', crippled: true, d94Used: true }, 1),
    );
    g.do('p1', { type: 'yard-activate', sector: 'H1' });
    g.do('p1', { type: 'yard-overhaul', ships: 'S900' });
    expect(g.state.ships.find((x) => x.id === 'S900')).toMatchObject({ crippled: false, d94Used: false });
  });
});
