import { describe, expect, it } from 'vitest';
import { StateCache } from '../../src/app/state-cache.ts';
import { frozenJsonSharing } from '../../src/rules/json-data.ts';
import { copySharingFinished, ownRecord, settleFinished, unfinished } from '../../src/rules/thunderdome/finished.ts';
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

  it('UTD7.4 a command that left a list as it was settles it as the very list it copied, even across several events', () => {
    const kept = frozenJsonSharing(aged());
    // Two events: the second copies the first's copy (a list that is not frozen).
    const first = copySharingFinished(kept);
    first.name = 'Renamed';
    const second = copySharingFinished(first);
    expect(second.battles[0]).toBe(kept.battles[0]);
    expect(second.battles[7]).not.toBe(first.battles[7]);
    const settled = settleFinished(second);
    expect(settled.battles).toBe(kept.battles);
    expect(settled.votes).toBe(kept.votes);
    expect(settled.name).toBe('Renamed');
  });

  it('UTD7.4 given the state it was decided on, a settled state shares the frozen parts the command left as they were, not those it changed', () => {
    const kept = frozenJsonSharing({
      ...aged(),
      ships: [{ id: 's1', bpv: 100 }],
      fleets: [{ id: 'f1', sector: 'A1' }],
    } as unknown as CampaignState);
    const after = copySharingFinished(kept);
    expect(after.ships).not.toBe(kept.ships);
    after.fleets[0]!.sector = 'A2';
    const settled = settleFinished(after, kept);
    expect(settled.ships).toBe(kept.ships);
    expect(settled.players).toBe(kept.players);
    expect(settled.fleets).not.toBe(kept.fleets);
    expect(settled.fleets[0]!.sector).toBe('A2');
    expect(kept.fleets[0]!.sector).toBe('A1');
  });

  it('UTD7.4 a settled list is frozen, and its open records are what a look through it finds, after a battle resolved, one opened and a finished one corrected', () => {
    const kept = frozenJsonSharing(aged());
    const first = copySharingFinished(kept);
    first.battles[57]!.status = 'resolved';
    first.battles.push(battle('B200', 'open') as never);
    const second = copySharingFinished(first);
    // UTD1.7: a correction replaces a finished record with its changed copy (reopened here).
    ownRecord(second.battles, 3).status = 'open';
    second.votes[39]!.status = 'passed';
    const expected = JSON.parse(JSON.stringify(second)) as CampaignState;
    const settled = settleFinished(second);
    expect(settled).toEqual(expected);
    expect(Object.isFrozen(settled.battles)).toBe(true);
    expect(settled.battles.every((b) => Object.isFrozen(b))).toBe(true);
    expect(settled.battles[0]).toBe(kept.battles[0]);
    expect(unfinished('battles', settled.battles).map((b) => b.id)).toEqual(['B3', 'B7', 'B107', 'B157', 'B200']);
    expect(unfinished('votes', settled.votes)).toEqual([]);
    expect(() => {
      (settled.battles as unknown[]).push(battle('B201', 'open'));
    }).toThrow(TypeError);
    // The next command copies the settled list as it copies a kept one.
    const next = copySharingFinished(settled);
    expect(next.battles[3]).not.toBe(settled.battles[3]);
    expect(next.battles[4]).toBe(settled.battles[4]);
  });
});
