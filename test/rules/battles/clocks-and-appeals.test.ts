import { describe, expect, it } from 'vitest';
import { battleInA, explored, result, shipsOf } from './helpers.ts';
import type { Game } from '../td3/harness.ts';

const days = (g: Game, n: number) => {
  g.now = new Date(g.now.getTime() + n * 86_400_000);
};

describe('UTD3.4–3.5 battle clocks', () => {
  it('UTD3.42#1 the current player who makes no contact in three days retreats the way it came', () => {
    const { g, battle } = battleInA();
    days(g, 2);
    g.do('system', { type: 'battle-clocks' });
    expect(g.state.battles[0]!.status).toBe('open');
    days(g, 2);
    g.do('system', { type: 'battle-clocks' });
    const b = g.state.battles.find((x) => x.id === battle)!;
    expect(b.resolution).toBe('forced-retreat');
    expect(b.result!.winner).toBe('p2');
    expect(g.state.retreats[0]).toMatchObject({ playerId: 'p1', from: 'A', to: 'H1', cause: 'disengage' });
    // A second run applies nothing more.
    const n = g.log.length;
    g.do('system', { type: 'battle-clocks' });
    expect(g.log.length).toBe(n);
  });

  it('UTD3.43#1 the attacked player who does not answer retreats (ISS-A16: 24 h to choose the lane, then one rolled at random)', () => {
    const { g, battle } = battleInA();
    g.do('p1', { type: 'battle-schedule', battle, when: 'Saturday 20:00 UTC' });
    expect(g.state.battles[0]!.stage).toBe('awaiting-response');
    days(g, 4);
    g.do('system', { type: 'battle-clocks' });
    expect(g.state.battles[0]!.stage).toBe('awaiting-lane');
    days(g, 1);
    g.dice(2).do('system', { type: 'battle-clocks' });
    const r = g.state.retreats[0]!;
    expect(r.playerId).toBe('p2');
    expect(['H1', 'C', 'X']).toContain(r.to);
    expect(g.state.battles[0]!.result!.winner).toBe('p1');
  });

  it('UTD3.5 after four weeks an unresolved battle stalls; UTD3.44 a real-life week is automatic and resumes it', () => {
    const { g, battle } = battleInA();
    g.do('p1', { type: 'battle-schedule', battle, when: null });
    g.do('p2', { type: 'battle-schedule', battle, when: 'Sunday' });
    expect(g.state.battles[0]!.stage).toBe('in-play');
    days(g, 30);
    g.do('system', { type: 'battle-clocks' });
    expect(g.state.battles[0]!.stage).toBe('stalled');
    const before = g.state.battles[0]!.deadlines.resolve!;
    g.do('p2', { type: 'battle-extension', battle, reason: 'real-life', days: 7 });
    const b = g.state.battles[0]!;
    expect(b.stage).toBe('in-play');
    expect(new Date(b.deadlines.resolve!).getTime() - new Date(before).getTime()).toBe(7 * 86_400_000);
  });

  it('UTD3.44#2 a week asked by both players is automatic; one alone waits for the other; longer needs a vote', () => {
    const { g, battle } = battleInA();
    g.do('p1', { type: 'battle-schedule', battle, when: null });
    g.do('p2', { type: 'battle-schedule', battle, when: null });
    const before = g.state.battles[0]!.deadlines.resolve!;
    g.do('p1', { type: 'battle-extension', battle, reason: 'other', days: 7 });
    expect(g.state.battles[0]!.deadlines.resolve).toBe(before);
    g.do('p2', { type: 'battle-extension', battle, reason: 'other', days: 7 });
    expect(g.state.battles[0]!.deadlines.resolve).not.toBe(before);
    g.do('p1', { type: 'battle-extension', battle, reason: 'other', days: 14 });
    expect(g.state.votes.at(-1)!.payload).toEqual({ kind: 'battle-extension', battleId: battle, days: 14 });
  });

  it('UTD3.42#2 ISS-A15 two unexcused failures force a retreat; one real-life excuse per battle', () => {
    const { g, battle } = battleInA();
    g.do('p1', { type: 'battle-schedule', battle, when: 'Friday' });
    g.do('p2', { type: 'battle-schedule', battle, when: 'Friday' });
    g.do('p1', { type: 'battle-failure', battle, player: 'p2' });
    g.do('p2', { type: 'battle-excuse', battle });
    g.refused('p2', { type: 'battle-excuse', battle }, 'UTD3.42');
    g.do('p1', { type: 'battle-failure', battle, player: 'p2' });
    expect(g.state.battles[0]!.status).toBe('open');
    g.dice(1).do('p1', { type: 'battle-failure', battle, player: 'p2' });
    expect(g.state.battles[0]!.resolution).toBe('forced-retreat');
    expect(g.state.retreats[0]!.playerId).toBe('p2');
  });
});

describe('UTF3.45 appeal', () => {
  it('a disputed report stalls; both sides submit; the player outside the battle picks one by supermajority', () => {
    const { g, battle } = battleInA();
    const p2ff = g.state.ships.find((s) => s.owner === 'p2' && s.unitId === 'KZI-FF')!.id;
    const p1ff = g.state.ships.find((s) => s.owner === 'p1' && s.unitId === 'LYR-FF')!.id;
    g.do('p1', {
      type: 'battle-propose',
      battle,
      kind: 'report',
      result: result({ winner: 'p1', destroyed: [p2ff], retreat: 'C' }),
    });
    g.do('p2', { type: 'battle-reject', battle });
    expect(g.state.battles[0]!.stage).toBe('stalled');
    g.refused(
      'p3',
      { type: 'battle-appeal', battle, explanation: 'x', plan: 'y', result: result({ winner: 'p1', retreat: 'C' }) },
      'UTD7.42',
    );
    g.do('p1', {
      type: 'battle-appeal',
      battle,
      explanation: 'I had him cornered',
      plan: 'Close to range 8 and fire',
      result: result({ winner: 'p1', destroyed: [p2ff], retreat: 'C' }),
    });
    expect(g.state.battles[0]!.stage).toBe('appeal');
    g.do('p2', {
      type: 'battle-appeal',
      battle,
      explanation: 'My drones were inbound',
      plan: 'Disengage at turn 4',
      result: result({ winner: 'p2', crippled: [p1ff], retreat: 'H1' }),
    });
    const vote = g.state.votes.at(-1)!;
    expect(vote.payload).toEqual({ kind: 'appeal', battleId: battle });
    expect(vote.electorate).toEqual(['p3']);
    expect(vote.options!.map((o) => o.key)).toEqual(['A', 'B']);
    g.do('p3', { type: 'vote-attach', voteId: vote.id, messageId: 'm1' });
    g.do('p3', { type: 'ballot', messageId: 'm1', choice: 'B', present: true });
    const b = g.state.battles[0]!;
    expect(b.resolution).toBe('appeal');
    expect(b.result!.winner).toBe('p2');
    expect(g.state.ships.find((s) => s.id === p1ff)!.crippled).toBe(true);
    expect(g.state.retreats[0]).toMatchObject({ playerId: 'p1', to: 'H1' });
  });
});

describe('UTD6.3I captured ships', () => {
  it('a captured ship must be organized before the turn goes on; it stays uninspected (UTD6.3773)', () => {
    const { g, battle } = battleInA();
    const p2ca = g.state.ships.find((s) => s.owner === 'p2' && s.unitId === 'KZI-CA')!.id;
    const p2ff = g.state.ships.find((s) => s.owner === 'p2' && s.unitId === 'KZI-FF')!.id;
    g.do('p1', {
      type: 'battle-propose',
      battle,
      kind: 'negotiated',
      result: result({ winner: 'p1', captured: [p2ca], destroyed: [p2ff] }),
    });
    g.do('p2', { type: 'battle-accept', battle });
    const ship = g.state.ships.find((s) => s.id === p2ca)!;
    expect(ship).toMatchObject({ owner: 'p1', captured: true, uninspected: true, unorganized: true, fleetId: null });
    expect(g.state.turn!.phase).toBe('captures');
    expect(g.state.turn!.playerId).toBe('p1');
    g.refused('p2', { type: 'captured-organize', ship: p2ca, into: 'new', makeRoom: [] }, 'UTD6.3I');
    g.do('p1', { type: 'captured-organize', ship: p2ca, into: 'new', makeRoom: [] });
    expect(g.state.ships.find((s) => s.id === p2ca)!.fleetId).toBe(g.fleetOf('p1', 2).id);
    expect(g.state.turn!.playerId).toBe('p2');
  });

  it('UTD6.3I6 scrapping a captured ship pays half its BPV; the default at the deadline puts it in a fleet with room', () => {
    const { g, battle } = battleInA();
    const p2ca = g.state.ships.find((s) => s.owner === 'p2' && s.unitId === 'KZI-CA')!.id;
    const p2ff = g.state.ships.find((s) => s.owner === 'p2' && s.unitId === 'KZI-FF')!.id;
    g.do('p1', {
      type: 'battle-propose',
      battle,
      kind: 'negotiated',
      result: result({ winner: 'p1', captured: [p2ca, p2ff] }),
    });
    g.do('p2', { type: 'battle-accept', battle });
    const bank = Number(g.player('p1').bank);
    g.do('p1', { type: 'captured-organize', ship: p2ff, into: 'scrap', makeRoom: [] });
    expect(Number(g.player('p1').bank)).toBe(bank + Number(g.catalog.get('KZI-FF')!.bpv) / 2);
    days(g, 2);
    g.do('system', { type: 'battle-clocks' });
    expect(g.state.ships.find((s) => s.id === p2ca)!.unorganized).toBeUndefined();
    expect(g.state.turn!.playerId).toBe('p2');
  });
});

describe('UTD7.4672 multiple fleets and the loser', () => {
  it('UTD7.46721 TC-101 a second fleet in the sector retreats with the defeated one, for one order point', () => {
    const { g, battle } = battleInA({ p2: ['KZI-CA', 'KZI-FF'] });
    // Surgery: a second p2 fleet in A that did not fight.
    g.patch((s) => {
      const f1 = s.fleets.find((f) => f.owner === 'p2' && f.slot === 1)!;
      s.fleets.push({ ...f1, id: 'F950', slot: 2 });
      s.ships.push({ ...s.ships.find((x) => x.owner === 'p2')!, id: 'S950', fleetId: 'F950' });
    });
    g.do('p1', { type: 'battle-propose', battle, kind: 'negotiated', result: result({ winner: 'p1', retreat: 'C' }) });
    g.do('p2', { type: 'battle-accept', battle });
    expect(g.state.retreats).toHaveLength(1);
    expect(g.state.retreats[0]!.fleetIds.sort()).toEqual([g.fleetOf('p2', 1).id, 'F950'].sort());
    expect(g.state.turn!.opsSpent).toBe(1);
  });

  it('UTD7.46722 the battle fleet destroyed: the loser chooses any lane for the others', () => {
    const { g, battle } = battleInA();
    g.patch((s) => {
      const f1 = s.fleets.find((f) => f.owner === 'p2' && f.slot === 1)!;
      s.fleets.push({ ...f1, id: 'F950', slot: 2 });
      s.ships.push({ ...s.ships.find((x) => x.owner === 'p2')!, id: 'S950', fleetId: 'F950' });
    });
    g.refused(
      'p1',
      {
        type: 'battle-propose',
        battle,
        kind: 'negotiated',
        result: result({ winner: 'p1', destroyed: shipsOf(g, 'p2').filter((x) => x !== 'S950') }),
      },
      'UTD7.466',
    );
    g.do('p1', {
      type: 'battle-propose',
      battle,
      kind: 'negotiated',
      result: result({ winner: 'p1', destroyed: shipsOf(g, 'p2').filter((x) => x !== 'S950'), retreat: 'X' }),
    });
    g.do('p2', { type: 'battle-accept', battle });
    expect(g.state.retreats[0]).toMatchObject({ to: 'X', fleetIds: ['F950'], cause: 'destroyed-choice' });
    explored(g, 'X', 'dead');
  });
});
