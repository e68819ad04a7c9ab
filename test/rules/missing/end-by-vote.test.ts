import { describe, expect, it } from 'vitest';
import { startedGame, type Game } from '../td3/harness.ts';

function attachLastVote(g: Game): string {
  const id = g.state.votes.at(-1)!.id;
  g.do('system', { type: 'vote-attach', voteId: id, messageId: `m-${id}` });
  return `m-${id}`;
}

describe('UTD1.9 ending the campaign by agreement (ISS-A89 victory.endByVote)', () => {
  it('UTD1.9 a supermajority of the active players ends the campaign with the named winner', () => {
    const g = startedGame();
    g.do('p2', { type: 'vote-end', winner: 'p3' });
    const vote = g.state.votes.at(-1)!;
    expect(vote.payload).toEqual({ kind: 'end-campaign', winner: 'p3' });
    expect(vote.electorate).toEqual(['p1', 'p2', 'p3']);
    expect(vote.threshold).toBe(2);
    const m = attachLastVote(g);
    g.do('p2', { type: 'ballot', messageId: m, choice: 'yes', present: true });
    expect(g.state.status).toBe('active');
    g.do('p3', { type: 'ballot', messageId: m, choice: 'yes', present: true });
    expect(g.state.status).toBe('finished');
    expect(g.state.winner).toBe('p3');
    expect(g.state.turn).toBeNull();
    expect(g.events('CampaignEndedByAgreement').at(-1)!.event).toEqual({
      type: 'CampaignEndedByAgreement',
      voteId: vote.id,
      winner: 'p3',
    });
    expect(g.replayed()).toEqual(g.state);
  });

  it('UTD1.9 with no winner named the campaign ends as a draw', () => {
    const g = startedGame();
    g.do('p1', { type: 'vote-end', winner: null });
    const m = attachLastVote(g);
    for (const p of ['p1', 'p2']) g.do(p, { type: 'ballot', messageId: m, choice: 'yes', present: true });
    expect(g.state.status).toBe('finished');
    expect(g.state.winner).toBeNull();
  });

  it('UTD1.9 a vote without its supermajority by the deadline changes nothing; silence is no', () => {
    const g = startedGame();
    g.do('p1', { type: 'vote-end', winner: 'p1' });
    const m = attachLastVote(g);
    g.do('p1', { type: 'ballot', messageId: m, choice: 'yes', present: true });
    g.now = new Date(g.now.getTime() + 73 * 3_600_000);
    g.do('system', { type: 'vote-close-due' });
    expect(g.state.votes.at(-1)!.status).toBe('rejected');
    expect(g.state.status).toBe('active');
  });

  it('ISS-A89 victory.endByVote = unanimous: every active player must agree', () => {
    const g = startedGame();
    g.patch((s) => {
      s.settings['victory.endByVote'] = 'unanimous';
    });
    g.do('p1', { type: 'vote-end', winner: 'p2' });
    expect(g.state.votes.at(-1)!.threshold).toBe(3);
    const m = attachLastVote(g);
    for (const p of ['p1', 'p2']) g.do(p, { type: 'ballot', messageId: m, choice: 'yes', present: true });
    expect(g.state.status).toBe('active');
    g.do('p3', { type: 'ballot', messageId: m, choice: 'yes', present: true });
    expect(g.state.status).toBe('finished');
    expect(g.state.winner).toBe('p2');
  });

  it('ISS-A89 refusals: a winner who is not an active player, a second open end vote, a campaign not in play', () => {
    const g = startedGame();
    expect(g.refused('p1', { type: 'vote-end', winner: 'stranger' }, 'ISS-A89').code).toBe('victory/not-a-player');
    g.do('p1', { type: 'vote-end', winner: null });
    expect(g.refused('p2', { type: 'vote-end', winner: 'p2' }, 'ISS-A89').code).toBe('vote/duplicate');
    g.refused('stranger', { type: 'vote-end', winner: null }, 'UTD8.11');
    // The proposer may take it back (UTD1.7 withdraw), and then propose again.
    g.do('p1', { type: 'vote-withdraw', vote: g.state.votes.at(-1)!.id });
    g.do('p2', { type: 'vote-end', winner: 'p2' });
    const m = attachLastVote(g);
    for (const p of ['p1', 'p2']) g.do(p, { type: 'ballot', messageId: m, choice: 'yes', present: true });
    expect(g.state.status).toBe('finished');
    g.refused('p1', { type: 'vote-end', winner: null }, 'UTD1.9');
  });
});
