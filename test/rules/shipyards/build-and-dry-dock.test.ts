import { describe, expect, it } from 'vitest';
import { freeDockIn } from '../../../src/rules/thunderdome/shipyards/index.ts';
import { startedGame } from '../td3/harness.ts';
import { addShip, addYard, fullFleets, runNewConstruction, shipsOf } from './yard-harness.ts';

describe('UTD6.373 building ships', () => {
  it('UTD6.3733/6.3734: the ship costs its BPV now and joins a fleet of the yard’s sector at step 10', () => {
    const g = startedGame();
    const bank = Number(g.player('p1').bank);
    g.do('p1', { type: 'yard-activate', sector: 'H1' });
    g.do('p1', { type: 'yard-build', unitId: 'LYR-DD', fleet: 2 });
    expect(bank - Number(g.player('p1').bank)).toBe(79);
    expect(shipsOf(g, 'LYR-DD')).toHaveLength(0);
    runNewConstruction(g, 'p1');
    const dd = shipsOf(g, 'LYR-DD')[0]!;
    expect(dd.fleetId).toBe(g.fleetOf('p1', 2).id);
    expect(g.fleetOf('p1', 2).sector).toBe('H1');
  });

  it('UTD6.3731 yards build warships and freighters only', () => {
    const g = startedGame();
    g.do('p1', { type: 'yard-activate', sector: 'H1' });
    g.refused('p1', { type: 'yard-build', unitId: 'NEU-MON' }, 'UTD6.3731');
    g.refused('p1', { type: 'yard-build', unitId: 'NEU-SY4' }, 'UTD6.3731');
    g.do('p1', { type: 'yard-build', unitId: 'NEU-F-L' });
  });

  it('UTD8.12 a class not yet available is refused; UTD6.3733 so is a ship the bank cannot pay', () => {
    const g = startedGame();
    g.do('p1', { type: 'yard-activate', sector: 'H1' });
    g.refused('p1', { type: 'yard-build', unitId: 'LYR-DN' }, 'UTD8.12');
    g.patch((s) => (s.players.find((p) => p.id === 'p1')!.bank = '60'));
    g.refused('p1', { type: 'yard-build', unitId: 'LYR-FF' }, 'UTD6.3733');
  });

  it('UTD6.3734 the fleet named must be at the yard (ISS-A79)', () => {
    const g = startedGame();
    g.patch((s) => {
      s.fleets.find((f) => f.owner === 'p1' && f.slot === 1)!.sector = 'A';
    });
    g.do('p1', { type: 'yard-activate', sector: 'H1' });
    g.refused('p1', { type: 'yard-build', unitId: 'LYR-FF', fleet: 1 }, 'UTD6.3734');
  });
});

describe('UTD6.3734 delivery at step 10 when things changed since the order', () => {
  it('the fleet named left the yard’s sector: the ship forms a new fleet there (ISS-A79)', () => {
    const g = startedGame();
    g.do('p1', { type: 'yard-activate', sector: 'H1' });
    g.do('p1', { type: 'yard-build', unitId: 'LYR-FF', fleet: 1 });
    g.patch((s) => {
      const f = s.fleets.find((x) => x.owner === 'p1' && x.slot === 1)!;
      f.sector = 'A';
      for (const x of s.ships) if (x.fleetId === f.id) x.sector = 'A';
    });
    runNewConstruction(g, 'p1');
    const ff = shipsOf(g, 'LYR-FF').find((s) => s.sector === 'H1')!;
    expect(g.state.fleets.find((f) => f.id === ff.fleetId)).toMatchObject({ slot: 2, sector: 'H1' });
  });

  it('the building yard was destroyed before step 10: the build is cancelled and its BPV returned', () => {
    const g = startedGame();
    g.patch((s) => addYard(s, 'B900', 'p1', 'NEU-SY4', 'H1'));
    const bank = g.player('p1').bank;
    g.do('p1', { type: 'yard-activate', sector: 'H1' });
    g.do('p1', { type: 'yard-build', unitId: 'LYR-FF', yard: 'B900' });
    g.patch((s) => (s.bases = s.bases.filter((b) => b.id !== 'B900')));
    runNewConstruction(g, 'p1');
    expect(g.player('p1').bank).toBe(bank);
    expect(g.state.pendingBuilds).toEqual([]);
    expect(g.log.at(-1)!.event).toMatchObject({ type: 'YardBuildDelivered', delivery: { ship: null, refund: '63' } });
  });
});

describe('TC-067 dry dock (UTD6.3735, 7.61–7.63)', () => {
  it('with every fleet slot used and full, builds go to the capital’s five positions; a sixth is refused', () => {
    const g = startedGame();
    g.patch(fullFleets);
    g.do('p1', { type: 'yard-activate', sector: 'H1' });
    for (let i = 0; i < 5; i++) g.do('p1', { type: 'yard-build', unitId: 'LYR-FF' });
    expect(g.state.pendingBuilds!.every((b) => b.planned.kind === 'dock')).toBe(true);
    g.refused('p1', { type: 'yard-build', unitId: 'LYR-FF' }, 'UTD7.63');
    runNewConstruction(g, 'p1');
    const docked = shipsOf(g, 'LYR-FF');
    expect(docked.map((s) => s.dock?.position).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(docked.every((s) => s.fleetId === null)).toBe(true);
  });

  it('UTD7.62 positions by yard: an SC4 yard adds 2, an SC3 yard 3', () => {
    const g = startedGame();
    g.patch((s) => {
      fullFleets(s);
      addYard(s, 'B900', 'p1', 'NEU-SY4', 'H1');
      addYard(s, 'B901', 'p1', 'NEU-SY3', 'H1');
      s.turn!.opsBase = 10;
    });
    g.do('p1', { type: 'yard-activate', sector: 'H1' });
    // 10 positions in all (5 + 2 + 3); the yards' capacity (2 + 2/3 + 1) builds 11 FFs.
    for (let i = 0; i < 10; i++) g.do('p1', { type: 'yard-build', unitId: 'LYR-FF' });
    g.refused('p1', { type: 'yard-build', unitId: 'LYR-FF' }, 'UTD7.63');
    runNewConstruction(g, 'p1');
    const at = (yard: string) => g.state.ships.filter((s) => s.dock?.yardId === yard).length;
    expect([at('B900'), at('B901')]).toEqual([2, 3]);
  });

  it('UTD7.61 urgent only: a ship goes to a fleet whenever one can take it, even a new one', () => {
    const g = startedGame();
    g.patch((s) => {
      fullFleets(s);
      s.ships = s.ships.filter((x) => x.id !== 'S860');
    });
    g.do('p1', { type: 'yard-activate', sector: 'H1' });
    g.do('p1', { type: 'yard-build', unitId: 'LYR-FF' });
    expect(g.state.pendingBuilds![0]!.planned).toEqual({ kind: 'fleet', slot: 6 });
    runNewConstruction(g, 'p1');
    expect(shipsOf(g, 'LYR-FF')[0]).toMatchObject({ fleetId: 'F86' });
    expect(shipsOf(g, 'LYR-FF')[0]!.dock).toBeUndefined();
  });

  it('UTD7.66 one organize order moves docked ships of a sector into one fleet', () => {
    const g = startedGame();
    g.patch(fullFleets);
    g.do('p1', { type: 'yard-activate', sector: 'H1' });
    g.do('p1', { type: 'yard-build', unitId: 'LYR-FF' });
    g.do('p1', { type: 'yard-build', unitId: 'LYR-FF' });
    runNewConstruction(g, 'p1');
    // Next own turn (test surgery): fleet 6 was scrapped meanwhile, freeing the slot.
    g.patch((s) => {
      s.ships = s.ships.filter((x) => x.fleetId !== 'F86');
      s.fleets = s.fleets.filter((f) => f.id !== 'F86');
      s.turn!.opsSpent = 0;
    });
    const ids = shipsOf(g, 'LYR-FF').map((s) => s.id);
    g.refused('p1', { type: 'yard-undock', ships: ids.join(','), fleet: '1' }, 'UTD7.23');
    g.do('p1', { type: 'yard-undock', ships: ids.join(','), fleet: '6' });
    expect(g.state.turn!.opsSpent).toBe(1);
    const f6 = g.fleetOf('p1', 6);
    expect(shipsOf(g, 'LYR-FF').every((s) => s.fleetId === f6.id && !s.dock)).toBe(true);
    g.refused('p1', { type: 'yard-undock', ships: ids[0]!, fleet: '6' }, 'UTD7.66');
  });
});

describe('UTD6.3I5 captured ships into dry dock', () => {
  function captured(full: boolean) {
    const g = startedGame();
    g.patch((s) => {
      if (full) fullFleets(s);
      addShip(
        s,
        {
          id: 'S900',
          owner: 'p1',
          unitId: 'KZI-DD',
          sector: 'H1',
          captured: true,
          uninspected: true,
          unorganized: true,
        },
        null,
      );
    });
    return g;
  }

  it('with no fleet able to take it, the captured ship is docked for free at a yard of the sector', () => {
    const g = captured(true);
    g.do('p1', { type: 'yard-dock', ship: 'S900' });
    expect(g.state.ships.find((s) => s.id === 'S900')).toMatchObject({
      fleetId: null,
      dock: { position: 1 },
      uninspected: true,
    });
    expect(g.state.ships.find((s) => s.id === 'S900')!.unorganized).toBeUndefined();
  });

  it('UTD7.61 (ISS-A78) when a fleet can take it, dry dock is refused', () => {
    const g = captured(false);
    g.refused('p1', { type: 'yard-dock', ship: 'S900' }, 'UTD7.61');
  });

  it('without a friendly shipyard in the sector there is no dry dock', () => {
    const g = captured(true);
    g.patch((s) => {
      for (const x of s.ships) if (x.id === 'S900') x.sector = 'A';
    });
    g.refused('p1', { type: 'yard-dock', ship: 'S900' }, 'UTD6.3I5');
  });

  it('ISS-A77 freeDockIn finds the next free position for the default organization, null when full', () => {
    const g = captured(true);
    const capital = g.state.bases.find((b) => b.owner === 'p1' && b.role === 'capital')!.id;
    expect(freeDockIn(g.state, g.catalog, 'p1', 'H1')).toEqual({ yardId: capital, position: 1 });
    g.do('p1', { type: 'yard-dock', ship: 'S900' });
    expect(freeDockIn(g.state, g.catalog, 'p1', 'H1')).toEqual({ yardId: capital, position: 2 });
    g.patch((s) => {
      for (let n = 2; n <= 5; n++)
        addShip(
          s,
          { id: `S95${n}`, owner: 'p1', unitId: 'LYR-FF', sector: 'H1', dock: { yardId: capital, position: n } },
          null,
        );
    });
    expect(freeDockIn(g.state, g.catalog, 'p1', 'H1')).toBeNull();
    expect(freeDockIn(g.state, g.catalog, 'p1', 'A')).toBeNull();
  });

  it('UTD6.3775 a docked captured ship can be inspected at its yard', () => {
    const g = captured(true);
    g.do('p1', { type: 'yard-dock', ship: 'S900' });
    g.do('p1', { type: 'yard-activate', sector: 'H1' });
    g.do('p1', { type: 'yard-inspect', ships: 'S900' });
    expect(g.state.ships.find((s) => s.id === 'S900')!.uninspected).toBe(false);
  });
});
