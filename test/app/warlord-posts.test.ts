import { describe, expect, it } from 'vitest';
import { warlordPosts } from '../../src/app/warlord-posts.ts';
import { type WarlordCampaign, type WarlordEvent, warlord } from '../../src/app/warlord-ruleset.ts';
import { SeededDice } from '../../src/rules/dice.ts';
import type { StoredEventOf } from '../../src/ruleset.ts';

const at = '2026-06-01T12:00:00Z';
const stored = (seq: number, event: WarlordEvent, userId = 'a'): StoredEventOf<WarlordEvent> => ({
  seq,
  at,
  actor: { userId },
  event,
  rolls: [],
});
const ctx = (userId: string) => ({
  actor: { userId, displayName: userId, isServerAdmin: false },
  now: new Date(at),
  dice: new SeededDice('42'.repeat(32), 1),
  firstSeq: 9,
  catalog: null,
});

function joined(): WarlordCampaign {
  let s = warlord.apply(null, stored(1, { type: 'WarlordCreated', id: 'w', guildId: 'g', channelId: 'c', name: 'W' }));
  s = warlord.apply(s, stored(2, { type: 'WarlordJoined', userId: 'a', corp: 1, name: 'Alpha' }));
  return warlord.apply(s, stored(3, { type: 'WarlordJoined', userId: 'b', corp: 2, name: 'Beta' }));
}

describe('Warlord posts and private threads', () => {
  it("§11 fog of war: a processed turn posts the channel's news and one private report per corporation", () => {
    const s = joined();
    const turn = stored(8, { type: 'WarlordTurnProcessed', turn: 0, deadline: null, waived: [2], winner: null });
    expect(warlordPosts([turn], s, s)).toEqual([
      { kind: 'warlord-news', subject: '' },
      { kind: 'warlord-report', subject: '1', payload: { seq: 8 } },
      { kind: 'warlord-report', subject: '2', payload: { seq: 8 } },
    ]);
    // A join is news only; recording a thread is the bot's bookkeeping and posts nothing.
    expect(warlordPosts([stored(3, { type: 'WarlordJoined', userId: 'b', corp: 2, name: 'Beta' })], s, s)).toEqual([
      { kind: 'warlord-news', subject: '' },
    ]);
    expect(warlordPosts([stored(9, { type: 'WarlordThreadOpened', corp: 1, threadId: 't1' })], s, s)).toEqual([]);
  });

  it("a corporation's private thread is recorded by the bot only, once, for a corporation that exists", () => {
    const s = joined();
    expect(warlord.decide(s, { type: 'warlord-thread', corp: 1, threadId: 't1' }, ctx('a'))).toMatchObject({
      ok: false,
      error: { code: 'warlord/system-only' },
    });
    expect(warlord.decide(s, { type: 'warlord-thread', corp: 3, threadId: 't3' }, ctx('system'))).toMatchObject({
      ok: false,
      error: { code: 'warlord/no-corp' },
    });
    const r = warlord.decide(s, { type: 'warlord-thread', corp: 1, threadId: 't1' }, ctx('system'));
    if (!r.ok) throw new Error(r.error.message);
    const after = warlord.apply(s, stored(9, r.value.events[0]!, 'system'));
    expect(after.threads).toEqual({ '1': 't1' });
    expect(warlord.decide(after, { type: 'warlord-thread', corp: 1, threadId: 't1' }, ctx('system'))).toMatchObject({
      ok: false,
      error: { code: 'warlord/thread-known' },
    });
  });
});
