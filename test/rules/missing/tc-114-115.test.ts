import { describe, expect, it } from 'vitest';
import { unexcusedFailures } from '../../../src/rules/thunderdome/battles/negotiation.ts';
import { battleInA } from '../battles/helpers.ts';
import type { Game } from '../td3/harness.ts';

function inPlay(): { g: Game; battle: string } {
  const { g, battle } = battleInA();
  g.do('p1', { type: 'battle-schedule', battle, when: 'Friday' });
  g.do('p2', { type: 'battle-schedule', battle, when: 'Friday' });
  expect(g.state.battles[0]!.stage).toBe('in-play');
  return { g, battle };
}

function attachLastVote(g: Game): string {
  const id = g.state.votes.at(-1)!.id;
  g.do('system', { type: 'vote-attach', voteId: id, messageId: `m-${id}` });
  return `m-${id}`;
}

describe('TC-114 failure to play (UTD3.42#2, default ISS-A15)', () => {
  it('TC-114 UTD3.42#2 a first no-show excused by real life counts 0; the second 1; the third 2 and P is forced to retreat', () => {
    const { g, battle } = inPlay();
    const count = () => unexcusedFailures(g.state.battles[0]!, 'p2');
    g.do('p1', { type: 'battle-failure', battle, player: 'p2' });
    g.do('p2', { type: 'battle-excuse', battle });
    expect(count()).toBe(0);
    g.do('p1', { type: 'battle-failure', battle, player: 'p2' });
    expect(count()).toBe(1);
    expect(g.state.battles[0]!.status).toBe('open');
    g.dice(1).do('p1', { type: 'battle-failure', battle, player: 'p2' });
    expect(g.state.battles[0]!.resolution).toBe('forced-retreat');
    expect(g.state.retreats.at(-1)!.playerId).toBe('p2');
  });

  it('TC-114 ISS-A15 beyond the real-life excuse, a supermajority excuse vote takes one failure off the count', () => {
    const { g, battle } = inPlay();
    const count = () => unexcusedFailures(g.state.battles[0]!, 'p2');
    g.do('p1', { type: 'battle-failure', battle, player: 'p2' });
    g.do('p2', { type: 'battle-excuse', battle });
    g.do('p1', { type: 'battle-failure', battle, player: 'p2' });
    expect(count()).toBe(1);
    // The real-life excuse is spent: asking again puts it to the players.
    g.do('p2', { type: 'battle-excuse', battle });
    expect(g.state.votes.at(-1)!.payload).toEqual({ kind: 'battle-excuse', battleId: battle, player: 'p2' });
    expect(count()).toBe(1);
    const m = attachLastVote(g);
    for (const p of ['p1', 'p3']) g.do(p, { type: 'ballot', messageId: m, choice: 'yes', present: true });
    expect(count()).toBe(0);
    // A further failure counts 1 again: no forced retreat yet.
    g.do('p1', { type: 'battle-failure', battle, player: 'p2' });
    expect(count()).toBe(1);
    expect(g.state.battles[0]!.status).toBe('open');
  });
});

describe('TC-115 battle extensions (UTD3.44#1, 3.44#2)', () => {
  it('TC-115 UTD3.44#2 one player asking 7 days citing real life: automatic', () => {
    const { g, battle } = inPlay();
    const before = g.state.battles[0]!.deadlines.resolve!;
    g.do('p1', { type: 'battle-extension', battle, reason: 'real-life', days: 7 });
    expect(new Date(g.state.battles[0]!.deadlines.resolve!).getTime() - new Date(before).getTime()).toBe(
      7 * 86_400_000,
    );
    expect(g.state.votes).toHaveLength(0);
  });

  it('TC-115 UTD3.44#2 both players asking 7 days with no reason: automatic, for the finishing clock only', () => {
    const { g, battle } = inPlay();
    const before = g.state.battles[0]!.deadlines.resolve!;
    g.do('p1', { type: 'battle-extension', battle, reason: 'other', days: 7 });
    g.do('p2', { type: 'battle-extension', battle, reason: 'other', days: 7 });
    const b = g.state.battles[0]!;
    expect(new Date(b.deadlines.resolve!).getTime() - new Date(before).getTime()).toBe(7 * 86_400_000);
    expect(b.extensions.at(-1)).toMatchObject({ reason: { code: 'both-asked' }, automatic: true });
    // The vote the first ask opened is no longer needed.
    expect(g.state.votes.filter((v) => v.status === 'open')).toHaveLength(0);
  });

  it('TC-115 UTD3.44#2 one player asking 7 days with no reason: a vote', () => {
    const { g, battle } = inPlay();
    const before = g.state.battles[0]!.deadlines.resolve!;
    g.do('p1', { type: 'battle-extension', battle, reason: 'other', days: 7 });
    expect(g.state.battles[0]!.deadlines.resolve).toBe(before);
    expect(g.state.votes.at(-1)).toMatchObject({ status: 'open', payload: { kind: 'battle-extension', days: 7 } });
    const m = attachLastVote(g);
    for (const p of ['p2', 'p3']) g.do(p, { type: 'ballot', messageId: m, choice: 'yes', present: true });
    expect(new Date(g.state.battles[0]!.deadlines.resolve!).getTime() - new Date(before).getTime()).toBe(
      7 * 86_400_000,
    );
  });

  it('TC-115 UTD3.44#2 fourteen days even with real life: a vote', () => {
    const { g, battle } = inPlay();
    const before = g.state.battles[0]!.deadlines.resolve!;
    g.do('p1', { type: 'battle-extension', battle, reason: 'real-life', days: 14 });
    expect(g.state.battles[0]!.deadlines.resolve).toBe(before);
    expect(g.state.votes.at(-1)).toMatchObject({ payload: { kind: 'battle-extension', days: 14 } });
  });
});
