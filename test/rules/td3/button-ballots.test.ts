import { describe, expect, it } from 'vitest';
import { startedGame } from './harness.ts';

/** Ballots cast with the buttons under a vote's message, beside the reactions (UTD1.7). */
describe('UTD1.7 a ballot cast by button counts like a reaction and survives the reaction re-read', () => {
  function openVote() {
    const g = startedGame();
    g.do('p1', { type: 'vote-setting', key: 'income.perMine', value: '150' });
    g.do('system', { type: 'vote-attach', voteId: g.state.votes[0]!.id, messageId: 'm1' });
    return g;
  }

  it('a button ballot is recorded and marked as cast by button', () => {
    const g = openVote();
    g.do('p2', { type: 'ballot', messageId: 'm1', choice: 'no', present: true, button: true });
    expect(g.state.votes[0]!.ballots).toEqual({ p2: 'no' });
    expect(g.state.votes[0]!.buttonBallots).toEqual(['p2']);
  });

  it('the re-read of reactions after a restart keeps a button ballot that no reaction shows', () => {
    const g = openVote();
    g.do('p2', { type: 'ballot', messageId: 'm1', choice: 'yes', present: true, button: true });
    g.do('p3', { type: 'ballot', messageId: 'm1', choice: 'no', present: true });
    // Only p1 reacted while the bot was down; p3's ❌ reaction was removed meanwhile.
    g.do('system', { type: 'ballot-sync', messageId: 'm1', yes: ['p1'], no: [] });
    expect(g.state.votes[0]!.status).toBe('passed');
    expect(g.state.votes[0]!.ballots).toEqual({ p1: 'yes', p2: 'yes' });
  });

  it('the latest ballot counts: a reaction after a button ballot replaces it and is no longer a button ballot', () => {
    const g = openVote();
    g.do('p2', { type: 'ballot', messageId: 'm1', choice: 'yes', present: true, button: true });
    g.do('p2', { type: 'ballot', messageId: 'm1', choice: 'no', present: true });
    expect(g.state.votes[0]!.ballots).toEqual({ p2: 'no' });
    expect(g.state.votes[0]!.buttonBallots).toEqual([]);
    // Now the reactions are the record again: with no reaction left, the re-read clears it.
    g.do('system', { type: 'ballot-sync', messageId: 'm1', yes: [], no: [] });
    expect(g.state.votes[0]!.ballots).toEqual({});
  });

  it('a button ballot by someone outside the electorate changes nothing', () => {
    const g = openVote();
    const before = g.state.votes[0]!;
    g.do('outsider', { type: 'ballot', messageId: 'm1', choice: 'yes', present: true, button: true });
    expect(g.state.votes[0]).toEqual(before);
  });
});
