import { describe, expect, it } from 'vitest';
import type { Development } from '../../../src/rules/thunderdome/index.ts';
import { type Game, startedGame } from '../td3/harness.ts';
import { explored, placeFleet, result, shipsOf } from './helpers.ts';

const active = (owner: string): Development => ({
  owner,
  status: 'active',
  fleetId: null,
  orderedHalfCycle: 2,
  exposedTo: null,
});

/**
 * p2 holds a colony in A (life) with a container of its own laid there, and waits there with
 * fleet 1; p3 has a fortification in A but no unit, so it is no side. p1 attacks with `ships`
 * and loses: its fleet must retreat to H1 and waits in A until the next player's turn.
 */
function loserWaitsInA(ships: string[]): Game {
  const g = startedGame({ p1: ships });
  explored(g, 'A', 'life', 'p2');
  g.patch((s) => {
    const a = s.map!.sectors.find((x) => x.key === 'A')!;
    a.colony = active('p2');
    a.fort = active('p3');
    a.containers = [{ by: 'p2', value: '100', laidHalfCycle: 2 }];
  });
  placeFleet(g, 'p2', 1, 'A');
  g.do('p1', { type: 'move', fleet: '1', to: 'A' });
  g.do('p1', { type: 'end-turn' });
  const battle = g.state.battles.find((b) => b.status === 'open')!.id;
  g.do('p2', { type: 'battle-propose', battle, kind: 'negotiated', result: result({ winner: 'p2', retreat: 'H1' }) });
  g.do('p1', { type: 'battle-accept', battle });
  return g;
}

describe('UTD2.3(9) only a side that holds the sector after the battle acts at step 9', () => {
  it('UTD4.333 a loser waiting to retreat does not destroy the colony at step 9', () => {
    const g = loserWaitsInA(['LYR-CA', 'LYR-FF']);
    expect(g.state.retreats[0]).toMatchObject({ playerId: 'p1', moved: false });
    expect(g.fleetOf('p1', 1).sector).toBe('A');
    expect(g.sector('A').colony).toMatchObject({ owner: 'p2', status: 'active' });
    expect(g.events('DevelopmentDestroyed')).toHaveLength(0);
  });

  it('UTD4.332 a loser waiting to retreat does not capture the colony with its troop ship', () => {
    const g = loserWaitsInA(['LYR-CA', 'LYR-TS']);
    expect(g.sector('A').colony!.owner).toBe('p2');
    expect(g.events('DevelopmentCaptured')).toHaveLength(0);
  });

  it('UTD4.354 UTD4.352 a loser waiting to retreat does not destroy a fortification with its minesweeper', () => {
    const g = loserWaitsInA(['LYR-CA', 'LYR-MS']);
    expect(g.sector('A').fort).toMatchObject({ owner: 'p3', status: 'active' });
    expect(g.events('FortDestroyed')).toHaveLength(0);
  });

  it('UTD6.3D1 a loser waiting to retreat collects no dead drop', () => {
    const g = loserWaitsInA(['LYR-CA', 'LYR-FF']);
    expect(g.sector('A').containers).toHaveLength(1);
    expect(g.events('ContainersCollected')).toHaveLength(0);
  });

  it('UTD7.4665 the loser leaves after the next player\'s orders, and the colony it never held stays p2\'s', () => {
    const g = loserWaitsInA(['LYR-CA', 'LYR-FF']);
    g.do('p2', { type: 'end-turn' });
    expect(g.fleetOf('p1', 1).sector).toBe('H1');
    expect(g.sector('A').colony!.owner).toBe('p2');
  });
});

describe('UTD7.44 the battle goes on until only one side is left', () => {
  function fortifiedBattle() {
    const g = startedGame();
    explored(g, 'A', 'dead', 'p2');
    g.patch((s) => {
      s.map!.sectors.find((x) => x.key === 'A')!.fort = active('p2');
    });
    placeFleet(g, 'p2', 1, 'A');
    g.do('p1', { type: 'move', fleet: '1', to: 'A' });
    g.do('p1', { type: 'end-turn' });
    return { g, battle: g.state.battles.find((b) => b.status === 'open')!.id };
  }

  it('UTD7.44 a result in which the loser keeps ships in a sector with an enemy fortification is refused', () => {
    const { g, battle } = fortifiedBattle();
    const p1 = shipsOf(g, 'p1');
    const err = g.refused(
      'p2',
      { type: 'battle-propose', battle, kind: 'negotiated', result: result({ winner: 'p2', destroyed: [p1[0]!] }) },
      'UTD7.44',
    );
    expect(err.code).toBe('result/loser-stays');
    expect(err.message).toContain(p1[1]!);
    g.do('p2', { type: 'battle-propose', battle, kind: 'negotiated', result: result({ winner: 'p2', destroyed: p1 }) });
    g.do('p1', { type: 'battle-accept', battle });
    expect(g.state.ships.filter((s) => s.owner === 'p1')).toHaveLength(0);
  });
});
