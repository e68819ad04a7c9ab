import { describe, expect, it } from 'vitest';
import { battleInA, result, shipsOf } from '../battles/helpers.ts';
import { startedGame, type Game } from '../td3/harness.ts';

const HOUR = 3_600_000;

function attachLastVote(g: Game): string {
  const id = g.state.votes.at(-1)!.id;
  g.do('system', { type: 'vote-attach', voteId: id, messageId: `m-${id}` });
  return `m-${id}`;
}

describe('UTD3.91 a player who resigns during a battle', () => {
  it('UTD3.91 his forces outside the battle leave at once; those fighting stay and the battle clocks stop', () => {
    const { g, battle } = battleInA();
    const fighting = shipsOf(g, 'p2');
    expect(g.state.bases.some((b) => b.owner === 'p2')).toBe(true);
    const before = g.state.battles[0]!.stage;
    g.do('p2', { type: 'resign' });
    expect(g.player('p2').status).toBe('resigned');
    expect(g.state.bases.filter((b) => b.owner === 'p2')).toEqual([]);
    expect(shipsOf(g, 'p2')).toEqual(fighting);
    const b = g.state.battles[0]!;
    expect(b.stage).toBe('awaiting-stand-in');
    expect(b.resigned).toMatchObject({ side: 'p2', playerId: 'p2', resume: before });
    expect(b.deadlines.window).toBe(new Date(g.now.getTime() + 72 * HOUR).toISOString());
    // The contact clock no longer runs: nobody is forced to retreat while a stand-in is sought.
    g.now = new Date(g.now.getTime() + 71 * HOUR);
    g.do('system', { type: 'battle-clocks' });
    expect(g.state.battles[0]!.status).toBe('open');
    expect(g.events('RetreatOrdered')).toHaveLength(0);
    void battle;
  });

  it('UTD3.91 with no stand-in approved the battle is cancelled, the opponent holds the sector and the turn goes on', () => {
    const { g } = battleInA();
    expect(g.state.turn!.phase).toBe('battles');
    g.do('p2', { type: 'resign' });
    g.now = new Date(g.now.getTime() + 72 * HOUR + 1000);
    g.do('system', { type: 'battle-clocks' });
    const b = g.state.battles[0]!;
    expect(b.status).toBe('resolved');
    expect(b.resolution).toBe('cancelled');
    expect(g.events('BattleResolved').at(-1)!.event).toMatchObject({
      summary: [{ code: 'cancelled-resignation', player: 'p2', holders: ['p1'] }],
    });
    expect(shipsOf(g, 'p2')).toEqual([]);
    expect(g.state.fleets.filter((f) => f.owner === 'p2')).toEqual([]);
    expect(shipsOf(g, 'p1').every((id) => g.state.ships.find((s) => s.id === id)!.sector === 'A')).toBe(true);
    // The turn did not hang on the battle: p1's turn ended and p3 (the next active seat) plays.
    expect(g.state.turn!.playerId).toBe('p3');
  });

  it('UTD3.91 a stand-in approved by a supermajority finishes the battle in his stead; the clocks resume moved on', () => {
    const { g, battle } = battleInA();
    const contactBefore = g.state.battles[0]!.deadlines.contact!;
    g.do('p2', { type: 'resign' });
    g.now = new Date(g.now.getTime() + 10 * HOUR);
    g.do('p3', { type: 'battle-stand-in', battle });
    const vote = g.state.votes.at(-1)!;
    expect(vote.payload).toEqual({ kind: 'battle-stand-in', battleId: battle, side: 'p2', userId: 'p3' });
    // The resigned player no longer votes: 2 active players, both must agree.
    expect(vote.electorate).toEqual(['p1', 'p3']);
    const m = attachLastVote(g);
    g.do('p1', { type: 'ballot', messageId: m, choice: 'yes', present: true });
    g.now = new Date(g.now.getTime() + 2 * HOUR);
    g.do('p3', { type: 'ballot', messageId: m, choice: 'yes', present: true });
    const b = g.state.battles[0]!;
    expect(b.standIns).toEqual({ p2: 'p3' });
    expect(b.stage).toBe('awaiting-contact');
    expect(new Date(b.deadlines.contact!).getTime() - new Date(contactBefore).getTime()).toBe(12 * HOUR);
    // The stand-in answers for p2; p1 settles with the stand-in.
    const [ca, ff] = shipsOf(g, 'p2');
    g.do('p1', {
      type: 'battle-propose',
      battle,
      kind: 'negotiated',
      result: result({ winner: 'p1', destroyed: [ff!], retreat: 'C' }),
    });
    g.refused('p2', { type: 'battle-accept', battle }, 'UTD3.9');
    g.do('p3', { type: 'battle-accept', battle });
    expect(g.state.battles[0]!.resolution).toBe('negotiated');
    // The resigned player's survivor leaves the map once the battle is over.
    expect(g.state.ships.some((s) => s.id === ca)).toBe(false);
    expect(g.events('DepartedForcesRemoved').at(-1)!.event).toMatchObject({ playerId: 'p2', shipIds: [ca] });
  });

  it('UTD3.91 a rejected stand-in leaves the battle waiting until the window; then it is cancelled', () => {
    const { g, battle } = battleInA();
    g.do('p2', { type: 'resign' });
    g.do('p3', { type: 'battle-stand-in', battle });
    const m = attachLastVote(g);
    g.do('p1', { type: 'ballot', messageId: m, choice: 'no', present: true });
    expect(g.state.votes.at(-1)!.status).toBe('rejected');
    expect(g.state.battles[0]!.stage).toBe('awaiting-stand-in');
    g.now = new Date(g.now.getTime() + 73 * HOUR);
    g.do('system', { type: 'battle-clocks' });
    expect(g.state.battles[0]!.resolution).toBe('cancelled');
  });

  it('UTD3.91 refusals: a side of the battle cannot stand in; no stand-in where nobody resigned', () => {
    const { g, battle } = battleInA();
    g.refused('p3', { type: 'battle-stand-in', battle }, 'UTD3.91');
    g.do('p2', { type: 'resign' });
    expect(g.refused('p1', { type: 'battle-stand-in', battle }, 'UTD3.91').code).toBe('battle/stand-in-own-battle');
    g.do('p3', { type: 'battle-stand-in', battle });
    expect(g.refused('p3', { type: 'battle-stand-in', battle }, 'UTD3.91').code).toBe('vote/duplicate');
  });
});

describe('UTD3.91 an NPE runner who resigns', () => {
  it('UTD3.91 with no stand-in for the NPE runner nobody runs the NPE: Anschluss (UTD5.431)', () => {
    const g = startedGame();
    g.patch((s) => {
      const a = s.map!.sectors.find((x) => x.key === 'A')!;
      Object.assign(a, {
        type: 'life',
        terrain: ['class-m-planet'],
        overlays: [],
        exploredBy: 'p3',
        npe: { empire: 'federation', status: 'active', losses: '0', offset: '0' },
      });
    });
    g.do('p1', { type: 'move', fleet: '1', to: 'A' });
    g.do('p1', { type: 'end-turn' });
    const battle = g.state.battles[0]!.id;
    g.do('p2', { type: 'battle-volunteer', battle });
    g.do('p2', { type: 'battle-fleet', battle, fleet: null, units: ['FED-CA'] });
    g.do('p2', { type: 'resign' });
    expect(g.state.battles[0]!.resigned).toMatchObject({ side: 'npe', playerId: 'p2' });
    g.refused('p2', { type: 'battle-schedule', battle, when: null }, 'UTD3.9');
    g.now = new Date(g.now.getTime() + 73 * HOUR);
    g.do('system', { type: 'battle-clocks' });
    expect(g.state.battles[0]!.resolution).toBe('anschluss');
    expect(g.events('BattleResolved').at(-1)!.event).toMatchObject({
      summary: [{ code: 'anschluss', why: { code: 'runner-resigned' } }, expect.anything(), expect.anything()],
    });
  });
});
