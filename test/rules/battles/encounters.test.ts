import { describe, expect, it } from 'vitest';
import { startedGame } from '../td3/harness.ts';
import { explored, placeFleet } from './helpers.ts';

describe("UTD7.456 battles on another player's turn (TC-100)", () => {
  it('a retreat that arrives where an enemy waits fights at step 8 of the current turn, with A and B rolled', () => {
    const g = startedGame();
    explored(g, 'X', 'dead');
    explored(g, 'A', 'dead');
    placeFleet(g, 'p2', 1, 'X');
    placeFleet(g, 'p1', 1, 'A');
    g.do('p1', { type: 'end-turn' });
    // p1's fleet was driven from A towards X during p2's turn (seat 2): it moves on p3's turn.
    g.patch((s) => {
      s.retreats.push({
        id: 'R900',
        playerId: 'p1',
        from: 'A',
        to: 'X',
        fleetIds: [s.fleets.find((f) => f.owner === 'p1' && f.slot === 1)!.id],
        battleId: 'K0',
        cause: 'disengage',
        incurredHalfCycle: s.halfCycles,
        incurredTurnOf: 'p2',
        incurredSeat: 2,
        moved: false,
        charged: true,
      });
    });
    g.do('p2', { type: 'end-turn' });
    expect(g.fleetOf('p1', 1).sector).toBe('A');
    g.do('p3', { type: 'end-turn' });
    const b = g.state.battles[0]!;
    expect(g.fleetOf('p1', 1).sector).toBe('X');
    expect(b.sector).toBe('X');
    expect(b.turnPlayer).toBe('p3');
    expect(b.sides.sort()).toEqual(['p1', 'p2']);
    // The earlier-seated participant is responsible for contact (requirements §6.3).
    expect(b.contactBy).toBe('p1');
    const setup = b.setup!;
    expect(setup.positionRoll).not.toBeNull();
    expect(g.state.turn!.playerId).toBe('p3');
    expect(g.state.turn!.phase).toBe('battles');
  });

  it('UTD7.4572 if the current player also enters, it is one three-way battle on the ring', () => {
    const g = startedGame();
    explored(g, 'X', 'dead');
    explored(g, 'A', 'dead');
    placeFleet(g, 'p2', 1, 'X');
    placeFleet(g, 'p1', 1, 'A');
    placeFleet(g, 'p3', 1, 'F');
    explored(g, 'F', 'dead');
    g.do('p1', { type: 'end-turn' });
    g.patch((s) => {
      s.retreats.push({
        id: 'R900',
        playerId: 'p1',
        from: 'A',
        to: 'X',
        fleetIds: [s.fleets.find((f) => f.owner === 'p1' && f.slot === 1)!.id],
        battleId: 'K0',
        cause: 'disengage',
        incurredHalfCycle: s.halfCycles,
        incurredTurnOf: 'p2',
        incurredSeat: 2,
        moved: false,
        charged: true,
      });
    });
    g.do('p2', { type: 'end-turn' });
    g.do('p3', { type: 'move', fleet: '1', to: 'X' });
    g.do('p3', { type: 'end-turn' });
    const b = g.state.battles[0]!;
    expect(b.kind).toBe('multi');
    expect(b.sides).toEqual(['p3', 'p1', 'p2']);
    const setup = b.setup!;
    expect(setup.ring).not.toBeNull();
    expect(setup.starts.map((s) => s.hex).sort()).toEqual(['1538', '3015', '4538']);
  });
});
