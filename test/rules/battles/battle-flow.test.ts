import { describe, expect, it } from 'vitest';
import { opsLeft } from '../../../src/rules/thunderdome/index.ts';
import { battleInA, explored, placeFleet, result, shipsOf } from './helpers.ts';
import { startedGame } from '../td3/harness.ts';

describe('UTD7.42 encounters and fleet selection', () => {
  it('UTD2.3 8b a fleet entering an enemy fleet opens a battle; the turn waits in the battles phase', () => {
    const { g, battle } = battleInA();
    const b = g.state.battles.find((x) => x.id === battle)!;
    expect(b.sector).toBe('A');
    expect(b.sides).toEqual(['p1', 'p2']);
    expect(b.kind).toBe('pvp');
    expect(b.contactBy).toBe('p1');
    expect(b.entry.p1).toBe('H1');
    expect(g.state.turn!.phase).toBe('battles');
    expect(g.state.turn!.playerId).toBe('p1');
    // One fleet each and no defenses: nothing to choose; the setup is rolled and contact is awaited.
    expect(b.participants.every((p) => p.selected)).toBe(true);
    expect(b.stage).toBe('awaiting-contact');
    expect(b.setup).not.toBeNull();
    g.refused('p2', { type: 'end-turn' }, 'UTD2.1');
    g.refused('p1', { type: 'move', fleet: '1', to: 'H1' }, 'UTD2.3');
  });

  it('UTD7.421 with two fleets in the sector the player names the fighting fleet; the default after 24 h is the strongest', () => {
    const g = startedGame({ p2: ['KZI-CA', 'KZI-FF', 'KZI-FF'] });
    explored(g, 'A', 'dead');
    g.patch((s) => {
      const ships = s.ships.filter((x) => x.owner === 'p2');
      const f1 = s.fleets.find((f) => f.owner === 'p2' && f.slot === 1)!;
      s.fleets.push({ ...f1, id: 'F900', slot: 2 });
      ships[0]!.fleetId = 'F900'; // the CA alone in fleet 2
    });
    placeFleet(g, 'p2', 1, 'A');
    placeFleet(g, 'p2', 2, 'A');
    g.do('p1', { type: 'move', fleet: '1', to: 'A' });
    g.do('p1', { type: 'end-turn' });
    const id = g.state.battles[0]!.id;
    expect(g.state.battles[0]!.stage).toBe('fleet-selection');
    g.refused('p2', { type: 'battle-fleet', battle: id, fleet: null, units: [] }, 'UTD7.421');
    g.refused('p2', { type: 'battle-fleet', battle: id, fleet: '1', units: ['S1'] }, 'UTD7.423');
    // Nothing happens before the 24 hours are up.
    g.now = new Date(g.now.getTime() + 23 * 3_600_000);
    g.do('system', { type: 'battle-clocks' });
    expect(g.state.battles[0]!.stage).toBe('fleet-selection');
    g.now = new Date(g.now.getTime() + 2 * 3_600_000);
    g.do('system', { type: 'battle-clocks' });
    const part = g.state.battles[0]!.participants.find((p) => p.side === 'p2')!;
    // KZI-CA (fleet 2) is worth more than two KZI-FF (fleet 1) in the sample catalog?
    const ca = g.state.ships.find((s) => s.owner === 'p2' && s.unitId === 'KZI-CA')!;
    const ffValue = g.state.ships
      .filter((s) => s.owner === 'p2' && s.unitId === 'KZI-FF')
      .reduce((n, s) => n + Number(g.catalog.get(s.unitId)!.bpv), 0);
    const strongest = Number(g.catalog.get('KZI-CA')!.bpv) > ffValue ? 'F900' : g.fleetOf('p2', 1).id;
    expect(part.fleetId).toBe(strongest);
    expect(part.units.includes(ca.id)).toBe(strongest === 'F900');
    expect(g.state.battles[0]!.stage).toBe('awaiting-contact');
  });
});

describe('UTD3.41 negotiation, UTD7.466 retreat and its order point', () => {
  it('an agreed result applies at once: loss removed, loser retreats at the next turn and pays 1 OP first', () => {
    const { g, battle } = battleInA();
    const ff = shipsOf(g, 'p2', 'KZI-FF')[0]!;
    g.do('p1', {
      type: 'battle-propose',
      battle,
      kind: 'negotiated',
      result: result({ winner: 'p1', destroyed: [ff], retreat: 'C' }),
    });
    expect(g.state.battles[0]!.stage).toBe('negotiating');
    g.refused('p1', { type: 'battle-accept', battle }, 'UTD3.41');
    g.do('p2', { type: 'battle-accept', battle });
    const b = g.state.battles[0]!;
    expect(b.status).toBe('resolved');
    expect(b.resolution).toBe('negotiated');
    expect(g.state.ships.some((s) => s.id === ff)).toBe(false);
    expect(g.state.retreats).toHaveLength(1);
    expect(g.state.retreats[0]).toMatchObject({
      playerId: 'p2',
      from: 'A',
      to: 'C',
      cause: 'disengage',
      charged: true,
      moved: false,
    });
    // The turn went on: p2 plays now, and the retreat point was spent first (UTD7.4663).
    expect(g.state.turn!.playerId).toBe('p2');
    expect(g.state.turn!.opsSpent).toBe(1);
    expect(opsLeft(g.state.turn!)).toBe(2);
    // The fleet is still in A during p2's orders (ISS-A17) and arrives after them.
    expect(g.fleetOf('p2', 1).sector).toBe('A');
    explored(g, 'C', 'dead');
    g.do('p2', { type: 'end-turn' });
    expect(g.fleetOf('p2', 1).sector).toBe('C');
    expect(g.state.retreats[0]!.moved).toBe(true);
  });

  it('UTD7.46723 TC-102 more retreats than order points lock the turn; buying points covers them (UTD7.46724)', () => {
    const g = startedGame();
    g.patch((s) => {
      for (let i = 0; i < 4; i++) {
        s.retreats.push({
          id: `R${900 + i}`,
          playerId: 'p2',
          from: 'A',
          to: 'C',
          fleetIds: [],
          battleId: 'K0',
          cause: 'disengage',
          incurredHalfCycle: s.halfCycles,
          incurredTurnOf: 'p1',
          incurredSeat: 1,
          moved: false,
          charged: false,
        });
      }
    });
    g.do('p1', { type: 'end-turn' });
    expect(g.state.turn!.playerId).toBe('p2');
    expect(g.state.turn!.opsSpent).toBe(4);
    expect(g.state.turn!.locked).toBe(true);
    g.refused('p2', { type: 'move', fleet: '1', to: 'C' }, 'UTD7.46723');
    g.do('p2', { type: 'buy-ops', kind: 'temporary', count: 1 });
    expect(g.state.turn!.locked).toBe(false);
    expect(opsLeft(g.state.turn!)).toBe(0);
  });

  it('UTD7.46723 TC-102 case 2: without buying, no orders at all; income still came and the turn goes on', () => {
    const g = startedGame();
    g.patch((s) => {
      for (let i = 0; i < 4; i++)
        s.retreats.push({
          id: `R${900 + i}`,
          playerId: 'p2',
          from: 'A',
          to: 'C',
          fleetIds: [],
          battleId: 'K0',
          cause: 'disengage',
          incurredHalfCycle: s.halfCycles,
          incurredTurnOf: 'p1',
          incurredSeat: 1,
          moved: false,
          charged: false,
        });
    });
    g.do('p1', { type: 'end-turn' });
    expect(g.events('IncomePaid').some((e) => (e.event as { playerId: string }).playerId === 'p2')).toBe(true);
    g.refused('p2', { type: 'undo' }, 'UTD7.46723');
    g.do('p2', { type: 'end-turn' });
    expect(g.state.turn!.playerId).toBe('p3');
  });

  it('UTD7.46725 TC-103 no carry-over: 10 retreats with the maximum bought stay locked this turn, and cost nothing next turn', () => {
    const g = startedGame();
    g.patch((s) => {
      for (let i = 0; i < 10; i++)
        s.retreats.push({
          id: `R${900 + i}`,
          playerId: 'p2',
          from: 'A',
          to: 'C',
          fleetIds: [],
          battleId: 'K0',
          cause: 'disengage',
          incurredHalfCycle: s.halfCycles,
          incurredTurnOf: 'p1',
          incurredSeat: 1,
          moved: false,
          charged: false,
        });
      s.players.find((p) => p.id === 'p2')!.bank = '5000';
    });
    g.do('p1', { type: 'end-turn' });
    g.do('p2', { type: 'buy-ops', kind: 'temporary', count: 3 });
    expect(g.state.turn!.locked).toBe(true);
    g.do('p2', { type: 'end-turn' });
    g.do('p3', { type: 'end-turn' });
    g.do('p1', { type: 'end-turn' });
    expect(g.state.turn!.playerId).toBe('p2');
    expect(g.state.turn!.opsSpent).toBe(0);
    expect(g.state.turn!.locked).toBe(false);
  });

  it("two retreats from different sectors before the player's turn cost two order points", () => {
    const g = startedGame();
    g.patch((s) => {
      s.retreats.push({
        id: 'R900',
        playerId: 'p2',
        from: 'A',
        to: 'C',
        fleetIds: [],
        battleId: 'K0',
        cause: 'disengage',
        incurredHalfCycle: s.halfCycles,
        incurredTurnOf: 'p1',
        incurredSeat: 1,
        moved: false,
        charged: false,
      });
      s.retreats.push({
        id: 'R901',
        playerId: 'p2',
        from: 'X',
        to: 'D',
        fleetIds: [],
        battleId: 'K1',
        cause: 'destroyed-choice',
        incurredHalfCycle: s.halfCycles,
        incurredTurnOf: 'p1',
        incurredSeat: 1,
        moved: false,
        charged: false,
      });
    });
    g.do('p1', { type: 'end-turn' });
    expect(g.state.turn!.opsSpent).toBe(2);
    expect(opsLeft(g.state.turn!)).toBe(1);
    expect(g.state.turn!.locked).toBe(false);
  });
});

describe('result validation (requirements §6.3)', () => {
  it('refuses units that were not in the battle, a lane that does not exist, and a winner who retreats', () => {
    const { g, battle } = battleInA();
    const p3ship = shipsOf(g, 'p3')[0]!;
    g.refused(
      'p1',
      { type: 'battle-propose', battle, kind: 'negotiated', result: result({ winner: 'p1', destroyed: [p3ship] }) },
      'UTD7.4234',
    );
    g.refused(
      'p1',
      { type: 'battle-propose', battle, kind: 'negotiated', result: result({ winner: 'p1', retreat: 'H3' }) },
      'UTD7.46',
    );
    g.refused('p1', { type: 'battle-propose', battle, kind: 'report', result: result({ winner: 'p1' }) }, 'UTD7.466');
    g.refused(
      'p3',
      { type: 'battle-propose', battle, kind: 'negotiated', result: result({ winner: 'p1', retreat: 'C' }) },
      'UTD7.42',
    );
  });

  it('UTD7.4622 an enemy fortification prevents disengagement altogether', () => {
    const { g, battle } = battleInA();
    g.patch((s) => {
      s.map!.sectors.find((x) => x.key === 'A')!.fort = {
        owner: 'p1',
        status: 'active',
        fleetId: null,
        orderedHalfCycle: 2,
        exposedTo: null,
      };
    });
    g.refused(
      'p1',
      { type: 'battle-propose', battle, kind: 'negotiated', result: result({ winner: 'p1', retreat: 'C' }) },
      'UTD7.4622',
    );
    const p2 = shipsOf(g, 'p2');
    g.do('p1', { type: 'battle-propose', battle, kind: 'negotiated', result: result({ winner: 'p1', destroyed: p2 }) });
  });

  it('UTD7.4651 provisional retreat of the winner: the ship stays, no obligation (TC-104)', () => {
    const { g, battle } = battleInA();
    const ff = g.state.ships.find((s) => s.owner === 'p1' && s.unitId === 'LYR-FF')!.id;
    g.refused(
      'p1',
      {
        type: 'battle-propose',
        battle,
        kind: 'report',
        result: result({ winner: 'p2', provisional: [ff], retreat: 'H1' }),
      },
      'UTD7.4651',
    );
    g.do('p1', {
      type: 'battle-propose',
      battle,
      kind: 'report',
      result: result({ winner: 'p1', provisional: [ff], destroyed: shipsOf(g, 'p2') }),
    });
    expect(g.state.battles[0]!.stage).toBe('result-proposed');
    g.do('p2', { type: 'battle-accept', battle });
    expect(g.state.battles[0]!.resolution).toBe('confirmed');
    expect(g.state.retreats).toHaveLength(0);
    expect(g.state.ships.find((s) => s.id === ff)!.fleetId).toBe(g.fleetOf('p1', 1).id);
    expect(shipsOf(g, 'p2')).toHaveLength(0);
  });
});
