import { describe, expect, it } from 'vitest';
import { StateCache } from '../../src/app/state-cache.ts';
import { frozenJsonSharing } from '../../src/rules/json-data.ts';
import { copySharingFinished, unfinished } from '../../src/rules/thunderdome/finished.ts';
import type { CampaignState } from '../../src/rules/thunderdome/index.ts';

/**
 * UTD7.4, UTD1.7: resolved battles and decided votes never change, so a kept (frozen) state's list
 * is looked through once for its open records, not by every command; what the lists give must be
 * exactly what looking through them gives (docs/performance.md, "History out of the hot state").
 */
const battle = (id: string, status: 'open' | 'resolved') => ({ id, status, sector: `S${id}`, sides: ['a', 'b'] });
const vote = (id: string, status: 'open' | 'passed') => ({ id, status, ballots: {} });

function aged(): CampaignState {
  const battles = Array.from({ length: 200 }, (_, k) => battle(`B${k}`, k % 50 === 7 ? 'open' : 'resolved'));
  const votes = Array.from({ length: 40 }, (_, k) => vote(`V${k}`, k === 39 ? 'open' : 'passed'));
  return { name: 'Aged', players: [], battles, votes, retreats: [] } as unknown as CampaignState;
}

describe('finished lists of a kept state (UTD7.4, UTD1.7)', () => {
  it('UTD7.4 the open battles and votes of a kept state are those a look through the lists finds, in order', () => {
    const state = aged();
    const kept = frozenJsonSharing(state);
    const open = state.battles.filter((b) => b.status === 'open').map((b) => b.id);
    expect(open).toEqual(['B7', 'B57', 'B107', 'B157']);
    expect(unfinished('battles', kept.battles).map((b) => b.id)).toEqual(open);
    expect(unfinished('battles', kept.battles).map((b) => b.id)).toEqual(open);
    expect(unfinished('votes', kept.votes).map((v) => v.id)).toEqual(['V39']);
    // A list that may still change is looked through each time.
    state.battles[8]!.status = 'open';
    expect(unfinished('battles', state.battles).map((b) => b.id)).toEqual(['B7', 'B8', 'B57', 'B107', 'B157']);
  });

  it('UTD7.4 a fold’s copy of a kept state shares its finished records and copies its open ones, in a list it may change', () => {
    const kept = frozenJsonSharing(aged());
    for (let round = 0; round < 2; round++) {
      const copy = copySharingFinished(kept);
      expect(copy).toEqual(kept);
      expect(Object.isFrozen(copy.battles)).toBe(false);
      expect(copy.battles[0]).toBe(kept.battles[0]);
      expect(copy.battles[7]).not.toBe(kept.battles[7]);
      copy.battles[7]!.status = 'resolved';
      copy.battles.push(battle('B200', 'open') as never);
      expect(kept.battles[7]!.status).toBe('open');
      expect(kept.battles).toHaveLength(200);
    }
  });

  it('UTD1.7 the state cache keeps a long list a command left as it was (the same frozen list), and a new one for a list it changed', () => {
    const cache = new StateCache();
    cache.put('c', '1', aged());
    const first = cache.peek('c', '1')!;
    // An order that changed nothing in the lists: the rules' copy, with the open records copied.
    const order = copySharingFinished(first);
    order.name = 'Renamed';
    cache.put('c', '2', order, { xmin: '1', unchanged: [] });
    const second = cache.peek('c', '2')!;
    expect(second.name).toBe('Renamed');
    expect(second.battles).toBe(first.battles);
    expect(second.votes).toBe(first.votes);
    // A battle step: an open battle changed, so the list is a new one, and what it holds is the change.
    const step = copySharingFinished(second);
    step.battles[57]!.status = 'resolved';
    cache.put('c', '3', step, { xmin: '2', unchanged: [] });
    const third = cache.peek('c', '3')!;
    expect(third.battles).not.toBe(second.battles);
    expect(third.battles[57]!.status).toBe('resolved');
    expect(third.battles[0]).toBe(first.battles[0]);
    expect(unfinished('battles', third.battles).map((b) => b.id)).toEqual(['B7', 'B107', 'B157']);
  });
});
