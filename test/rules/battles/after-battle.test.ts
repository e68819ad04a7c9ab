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

  it("UTD7.4665 the loser leaves after the next player's orders, and the colony it never held stays p2's", () => {
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

/** p1 attacks p2 in A and wins; p2's fleet 1 must retreat to `to`. Returns at the start of p2's turn. */
function p2LosesInA(to: string, before: (g: Game) => void = () => {}): Game {
  const g = startedGame();
  explored(g, 'A', 'dead');
  placeFleet(g, 'p2', 1, 'A');
  before(g);
  g.do('p1', { type: 'move', fleet: '1', to: 'A' });
  g.do('p1', { type: 'end-turn' });
  const battle = g.state.battles.find((b) => b.status === 'open')!.id;
  g.do('p1', { type: 'battle-propose', battle, kind: 'negotiated', result: result({ winner: 'p1', retreat: to }) });
  g.do('p2', { type: 'battle-accept', battle });
  return g;
}

describe('UTD6.3G, UTD7.4665 a fleet under a retreat obligation takes no other order (ISS-A17)', () => {
  it('UTD6.3G the loser cannot move its retreating fleet on its own turn, and still pays the retreat point', () => {
    const g = p2LosesInA('C', (x) => explored(x, 'C', 'dead'));
    expect(g.state.turn!.playerId).toBe('p2');
    expect(g.state.turn!.opsSpent).toBe(1);
    const err = g.refused('p2', { type: 'move', fleet: '1', to: 'D' }, 'UTD6.3G');
    expect(err.code).toBe('fleet/retreating');
    expect(err.message).toContain('C');
    expect(g.fleetOf('p2', 1).sector).toBe('A');
  });

  it('UTD7.4665 every other order for that fleet is refused too: organize, dead drop, establish, scrap', () => {
    const g = p2LosesInA('C', (x) => explored(x, 'C', 'dead'));
    const ff = shipsOf(g, 'p2', 'KZI-FF')[0]!;
    g.refused('p2', { type: 'organize', from: '1', to: '2', ships: ff }, 'UTD6.3G');
    g.refused('p2', { type: 'dead-drop', fleet: '1' }, 'UTD6.3G');
    g.refused('p2', { type: 'establish', fleet: '1', kind: 'fort' }, 'UTD6.3G');
    g.refused('p2', { type: 'scrap', fleet: '1', ships: ff }, 'UTD6.3G');
  });

  it('UTD7.4665 after the orders the retreat moves the fleet, and from then on it takes orders again', () => {
    const g = p2LosesInA('C', (x) => explored(x, 'C', 'dead'));
    g.do('p2', { type: 'end-turn' });
    expect(g.fleetOf('p2', 1).sector).toBe('C');
    g.do('p3', { type: 'end-turn' });
    g.do('p1', { type: 'end-turn' });
    g.do('p2', { type: 'move', fleet: '1', to: 'H2' });
    expect(g.fleetOf('p2', 1).sector).toBe('H2');
  });
});

describe('UTD4.356 a retreat into a sector with an enemy fortification is trapped (ISS-A52)', () => {
  it('UTD4.356 ISS-A52 the retreating fleet arrives trapped by the fort and cannot simply leave', () => {
    const g = p2LosesInA('C', (x) => {
      explored(x, 'C', 'dead', 'p3');
      x.patch((s) => {
        s.map!.sectors.find((k) => k.key === 'C')!.fort = active('p3');
      });
    });
    g.do('p2', { type: 'end-turn' });
    expect(g.fleetOf('p2', 1)).toMatchObject({
      sector: 'C',
      trapped: { fortSector: 'C', fortOwner: 'p3', failedDice: 0 },
    });
    g.do('p3', { type: 'end-turn' });
    g.do('p1', { type: 'end-turn' });
    g.refused('p2', { type: 'move', fleet: '1', to: 'H2' }, 'UTD4.356');
    // A siege roll is the way out (UTD4.3561).
    g.dice(2).do('p2', { type: 'siege', fleet: '1', desperation: 0 });
    expect(g.fleetOf('p2', 1).trapped).toBeNull();
  });

  it('UTD4.356 a retreat into a sector without an enemy fortification is not trapped', () => {
    const g = p2LosesInA('C', (x) => explored(x, 'C', 'dead'));
    g.do('p2', { type: 'end-turn' });
    expect(g.fleetOf('p2', 1)).toMatchObject({ sector: 'C', trapped: null });
  });
});

describe('ISS-A17 retreat.timing', () => {
  it("ISS-A17 retreat.timing = startOfStep5: the fleet has moved when the next turn's orders begin", () => {
    const g = p2LosesInA('C', (x) => {
      explored(x, 'C', 'dead');
      x.patch((s) => {
        s.settings['retreat.timing'] = 'startOfStep5';
      });
    });
    expect(g.state.turn!.playerId).toBe('p2');
    expect(g.fleetOf('p2', 1).sector).toBe('C');
    expect(g.state.retreats[0]!.moved).toBe(true);
    // The retreat point was still spent first (UTD7.4663); the arrived fleet is free to act.
    expect(g.state.turn!.opsSpent).toBe(1);
    g.do('p2', { type: 'move', fleet: '1', to: 'H2' });
    expect(g.fleetOf('p2', 1).sector).toBe('H2');
  });

  it('ISS-A17 retreat.timing = afterOrders (default): the fleet is still in the lost sector during those orders', () => {
    const g = p2LosesInA('C', (x) => explored(x, 'C', 'dead'));
    expect(g.state.settings['retreat.timing']).toBe('afterOrders');
    expect(g.fleetOf('p2', 1).sector).toBe('A');
    g.do('p2', { type: 'end-turn' });
    expect(g.fleetOf('p2', 1).sector).toBe('C');
  });
});

describe('ISS-A18 explore.onRetreatArrival', () => {
  it('ISS-A18 explore.onRetreatArrival = true (default): a retreat into an unknown sector explores it at step 7 of that turn', () => {
    const g = p2LosesInA('C');
    expect(g.sector('C').type).toBe('unknown');
    g.do('p2', { type: 'end-turn' });
    expect(g.sector('C').type).not.toBe('unknown');
    expect(g.events('SectorExplored').at(-1)!.event).toMatchObject({ sector: 'C', by: 'p2' });
  });

  it("ISS-A18 explore.onRetreatArrival = false: the sector waits for step 7 of the owner's next own turn", () => {
    const g = p2LosesInA('C', (x) =>
      x.patch((s) => {
        s.settings['explore.onRetreatArrival'] = false;
      }),
    );
    g.do('p2', { type: 'end-turn' });
    expect(g.fleetOf('p2', 1).sector).toBe('C');
    expect(g.sector('C').type).toBe('unknown');
    g.do('p3', { type: 'end-turn' });
    g.do('p1', { type: 'end-turn' });
    expect(g.sector('C').type).toBe('unknown');
    g.do('p2', { type: 'end-turn' });
    expect(g.sector('C').type).not.toBe('unknown');
    expect(g.events('SectorExplored').at(-1)!.event).toMatchObject({ sector: 'C', by: 'p2' });
  });
});

describe('UTD5.4A1 tribute ships from an Anschluss carry their value', () => {
  /** A Federation NPE in A with 500 BPV of losses: p1's 329 BPV is twice its 150, so Anschluss at once. */
  function anschlussInA(): Game {
    const g = startedGame({ p1: ['LYR-CA', 'LYR-CA', 'LYR-FF'] });
    g.patch((s) => {
      Object.assign(s.map!.sectors.find((x) => x.key === 'A')!, {
        type: 'life',
        terrain: [],
        overlays: [],
        exploredBy: 'p3',
        npe: { empire: 'federation', status: 'active', losses: '500', offset: '0' },
      });
    });
    g.do('p1', { type: 'move', fleet: '1', to: 'A' });
    g.do('p1', { type: 'end-turn' });
    return g;
  }

  it('UTD5.4A1 the tribute ships are created at their catalog BPV, not 0', () => {
    const g = anschlussInA();
    expect(g.state.battles[0]!.resolution).toBe('anschluss');
    const tribute = g.state.ships.filter((s) => s.owner === 'p1' && s.unorganized);
    expect(tribute.length).toBeGreaterThan(0);
    for (const s of tribute) expect(s.bpv).toBe(g.catalog.get(s.unitId)!.bpv);
    expect(tribute.reduce((n, s) => n + Number(s.bpv), 0)).toBeLessThanOrEqual(150);
  });

  it('UTD6.3F scrapping a tribute ship after it joined a fleet returns half its value', () => {
    const g = anschlussInA();
    const tribute = g.state.ships.filter((s) => s.owner === 'p1' && s.unorganized);
    for (const s of tribute) g.do('p1', { type: 'captured-organize', ship: s.id, into: 'new', makeRoom: [] });
    g.do('p2', { type: 'end-turn' });
    g.do('p3', { type: 'end-turn' });
    const ship = g.state.ships.find((s) => s.id === tribute[0]!.id)!;
    const slot = g.state.fleets.find((f) => f.id === ship.fleetId)!.slot;
    const bank = Number(g.player('p1').bank);
    g.do('p1', { type: 'scrap', fleet: String(slot), ships: ship.id });
    const value = Number(g.catalog.get(ship.unitId)!.bpv);
    expect(value).toBeGreaterThan(0);
    expect(Number(g.player('p1').bank)).toBe(bank + value / 2);
  });
});

describe('UTD3.31 a turn that runs out after orders were executed (ISS-A128)', () => {
  it('UTD3.31 ISS-A128 the orders given stand, the turn ends, and it does not count toward removal', () => {
    const g = startedGame();
    explored(g, 'A', 'dead');
    g.patch((s) => {
      s.players.find((p) => p.id === 'p1')!.consecutiveForfeits = 2;
    });
    g.do('p1', { type: 'move', fleet: '1', to: 'A' });
    g.now = new Date(new Date(g.state.turn!.deadline!).getTime() + 1000);
    g.do('system', { type: 'expire-turn' });
    expect(g.events('TurnForfeited')).toHaveLength(0);
    expect(g.events('TurnTimedOut')[0]!.event).toMatchObject({ playerId: 'p1', orders: 1 });
    expect(g.events('TurnEnded').at(-1)!.event).toMatchObject({ playerId: 'p1', forfeited: false });
    // The move stands; a third forfeit in a row would have removed p1.
    expect(g.fleetOf('p1', 1).sector).toBe('A');
    expect(g.player('p1')).toMatchObject({ status: 'active', consecutiveForfeits: 0, totalForfeits: 0 });
    expect(g.state.turn!.playerId).toBe('p2');
  });

  it('UTD3.31 with no order given by the deadline the turn is still forfeited', () => {
    const g = startedGame();
    g.now = new Date(new Date(g.state.turn!.deadline!).getTime() + 1000);
    g.do('system', { type: 'expire-turn' });
    expect(g.events('TurnForfeited')[0]!.event).toMatchObject({ playerId: 'p1', consecutive: 1 });
    expect(g.events('TurnTimedOut')).toHaveLength(0);
  });

  it('UTD3.31 an order undone before the deadline leaves nothing given: the turn is forfeited', () => {
    const g = startedGame();
    explored(g, 'A', 'dead');
    g.do('p1', { type: 'move', fleet: '1', to: 'A' });
    g.do('p1', { type: 'undo' });
    g.now = new Date(new Date(g.state.turn!.deadline!).getTime() + 1000);
    g.do('system', { type: 'expire-turn' });
    expect(g.events('TurnForfeited')).toHaveLength(1);
  });
});
