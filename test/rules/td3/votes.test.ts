import { describe, expect, it } from 'vitest';
import { startedGame } from './harness.ts';

describe('UTD1.7 votes in the rules', () => {
  it('UTD3.32 a longer extension passes with 2 of 3 and moves the orders deadline', () => {
    const g = startedGame();
    g.refused('p2', { type: 'vote-extension', days: 10 }, 'UTD3.32');
    g.do('p1', { type: 'vote-extension', days: 10 });
    const vote = g.state.votes[0]!;
    expect(vote).toMatchObject({ threshold: 2, electorate: ['p1', 'p2', 'p3'], status: 'open' });
    g.do('system', { type: 'vote-attach', voteId: vote.id, messageId: 'm1' });
    g.do('p2', { type: 'ballot', messageId: 'm1', choice: 'yes', present: true });
    expect(g.state.turn!.deadline).toBe('2026-03-11T23:59:59.000Z');
    g.do('p3', { type: 'ballot', messageId: 'm1', choice: 'yes', present: true });
    expect(g.state.votes[0]!.status).toBe('passed');
    expect(g.state.turn!.deadline).toBe('2026-03-21T23:59:59.000Z');
  });

  it('rules-notes §4 a setting changed in play takes effect at the next cycle', () => {
    const g = startedGame();
    g.do('p1', { type: 'vote-setting', key: 'income.perMine', value: '150' });
    g.do('system', { type: 'vote-attach', voteId: g.state.votes[0]!.id, messageId: 'm1' });
    for (const p of ['p1', 'p2']) g.do(p, { type: 'ballot', messageId: 'm1', choice: 'yes', present: true });
    expect(g.state.settings['income.perMine']).toBe(100);
    expect(g.state.pendingSettings).toEqual([{ key: 'income.perMine', value: 150, fromHalfCycle: 3 }]);
    const bank = Number(g.player('p2').bank);
    g.do('p1', { type: 'end-turn' });
    expect(Number(g.player('p2').bank)).toBe(bank + 100); // still cycle 1.0
    g.do('p2', { type: 'end-turn' });
    g.do('p3', { type: 'end-turn' });
    expect(g.state.settings['income.perMine']).toBe(150);
    expect(g.events('IncomePaid').at(-1)!.event).toMatchObject({ playerId: 'p1', amount: '150' });
  });

  it('bad proposals are refused: unknown key, bad value, no change', () => {
    const g = startedGame();
    g.refused('p1', { type: 'vote-setting', key: 'nonsense', value: '1' }, 'UTD1.11');
    g.refused('p1', { type: 'vote-setting', key: 'income.perMine', value: 'lots' }, 'UTD1.11');
    g.refused('p1', { type: 'vote-setting', key: 'income.perMine', value: '100' }, 'UTD1.11');
  });

  it('UTD1.7 at the deadline silence counts as no', () => {
    const g = startedGame();
    g.do('p1', { type: 'vote-setting', key: 'income.perMine', value: '150' });
    g.do('system', { type: 'vote-attach', voteId: g.state.votes[0]!.id, messageId: 'm1' });
    g.do('p1', { type: 'ballot', messageId: 'm1', choice: 'yes', present: true });
    g.now = new Date(g.now.getTime() + 73 * 3_600_000);
    g.do('system', { type: 'vote-close-due' });
    expect(g.state.votes[0]!.status).toBe('rejected');
  });
});

describe('UTD1.7 the proposer may withdraw an open vote (vote-withdraw.ts)', () => {
  it('UTD1.7 a withdrawn setting vote closes unapplied and takes no more ballots', () => {
    const g = startedGame();
    g.do('p1', { type: 'vote-setting', key: 'income.perMine', value: '150' });
    const id = g.state.votes[0]!.id;
    g.do('system', { type: 'vote-attach', voteId: id, messageId: 'm1' });
    g.do('p2', { type: 'ballot', messageId: 'm1', choice: 'yes', present: true });
    g.do('p1', { type: 'vote-withdraw', vote: id.toLowerCase() });
    expect(g.events('VoteWithdrawn').at(-1)!.event).toEqual({ type: 'VoteWithdrawn', voteId: id, playerId: 'p1' });
    expect(g.state.votes[0]!.status).toBe('withdrawn');
    // A yes that would have passed it changes nothing now, and nothing is pending.
    g.do('p3', { type: 'ballot', messageId: 'm1', choice: 'yes', present: true });
    expect(g.state.votes[0]!.status).toBe('withdrawn');
    expect(g.state.pendingSettings).toEqual([]);
    // The same proposal can be made again at once.
    g.do('p1', { type: 'vote-setting', key: 'income.perMine', value: '150' });
    expect(g.state.votes.map((v) => v.status)).toEqual(['withdrawn', 'open']);
  });

  it('UTD1.7 only the proposer withdraws, only while open; unknown votes are named', () => {
    const g = startedGame();
    g.do('p1', { type: 'vote-extension', days: 10 });
    const id = g.state.votes[0]!.id;
    expect(g.refused('p2', { type: 'vote-withdraw', vote: id }, 'UTD1.7').code).toBe('vote/not-proposer');
    expect(g.refused('p1', { type: 'vote-withdraw', vote: 'V999' }, 'UTD1.7').code).toBe('vote/unknown');
    g.do('p1', { type: 'vote-withdraw', vote: id });
    expect(g.refused('p1', { type: 'vote-withdraw', vote: id }, 'UTD1.7').code).toBe('vote/closed');
    // The deadline did not move: the extension was never granted.
    expect(g.state.turn!.deadline).toBe('2026-03-11T23:59:59.000Z');
  });
});
