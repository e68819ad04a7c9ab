import { describe, expect, it } from 'vitest';
import { mapApprovalText, mapApprovalSupersededText } from '../../../src/discord/map-approval-words.ts';
import { mapApprovalTally, mapAwaitsApproval, reactionApprovals } from '../../../src/rules/thunderdome/map-approval.ts';
import { TEST_MAP, registeredGame } from './harness.ts';

/** Map approval as a reaction vote on the rules' unanimous approval (UTD8.16). */
function mapped() {
  const g = registeredGame();
  g.do('p1', { type: 'map-import', json: JSON.stringify(TEST_MAP) });
  g.do('system', { type: 'map-approval-attach', messageId: 'm1' });
  return g;
}

describe('UTD8.16 map approval by reaction', () => {
  it('UTD8.16 the bot records the approval message of the current map; a new map has none', () => {
    const g = mapped();
    expect(g.state.map!.approvalMessageId).toBe('m1');
    expect(g.replayed().map!.approvalMessageId).toBe('m1');
    g.do('p1', { type: 'map-approve' });
    g.do('p1', { type: 'map-generate', sectorsPerPlayer: 4 });
    expect(g.state.map!.approvalMessageId).toBeUndefined();
    expect(g.state.map!.approvals).toEqual([]);
  });

  it('UTD8.16 only the bot records the message, once per map, and only while a map waits before the start', () => {
    const g = registeredGame();
    expect(g.refused('system', { type: 'map-approval-attach', messageId: 'm0' }, 'UTD8.16').code).toBe('map/none');
    g.do('p1', { type: 'map-import', json: JSON.stringify(TEST_MAP) });
    expect(g.refused('p1', { type: 'map-approval-attach', messageId: 'm1' }, 'UTD8.16').code).toBe('permission/system');
    g.do('system', { type: 'map-approval-attach', messageId: 'm1' });
    // A second bot process that posted its own message too is refused (and removes it).
    expect(g.refused('system', { type: 'map-approval-attach', messageId: 'm2' }, 'UTD8.16').code).toBe(
      'map/approval-posted',
    );
  });

  it('UTD8.16 a ✅ counts for joined players who have not approved, on the current message only', () => {
    const g = mapped();
    // The outsider p9 and the bot's own id are not players; m0 is not the approval message.
    expect(reactionApprovals(g.state, 'm1', ['p9', 'system', 'p3', 'p2', 'p3'])).toEqual(['p2', 'p3']);
    expect(reactionApprovals(g.state, 'm0', ['p2'])).toEqual([]);
    g.do('p2', { type: 'map-approve' });
    // p2 approved by command: a ✅ of p2 adds nothing (approvals are a union).
    expect(reactionApprovals(g.state, 'm1', ['p2', 'p3'])).toEqual(['p3']);
  });

  it('UTD8.16 a proxy reacting does not approve for the player it stands in for', () => {
    const g = mapped();
    g.do('p2', { type: 'proxy-grant', userId: 'u7', expiresAt: null });
    expect(reactionApprovals(g.state, 'm1', ['u7'])).toEqual([]);
  });

  it('UTD8.16 once unanimous, or after the start, reactions change nothing', () => {
    const g = mapped();
    for (const p of ['p1', 'p2']) g.do(p, { type: 'map-approve' });
    expect(mapAwaitsApproval(g.state)).toBe(true);
    g.do('p3', { type: 'map-approve' });
    expect(g.state.map!.approved).toBe(true);
    expect(mapAwaitsApproval(g.state)).toBe(false);
    expect(reactionApprovals(g.state, 'm1', ['p1', 'p2', 'p3'])).toEqual([]);
  });

  it('UTD8.16 the tally lists who approved and who is missing, in join order', () => {
    const g = mapped();
    g.do('p3', { type: 'map-approve' });
    g.do('p1', { type: 'map-approve' });
    const tally = mapApprovalTally(g.state);
    expect([tally.approved.map((p) => p.id), tally.missing.map((p) => p.id)]).toEqual([['p1', 'p3'], ['p2']]);
  });
});

describe('the map approval message (UTD8.16)', () => {
  it('shows the live tally, how to approve, and that a removed ✅ withdraws nothing', () => {
    const g = mapped();
    g.do('p2', { type: 'map-approve' });
    const text = mapApprovalText(g.state);
    expect(text.startsWith('🗺️ **Map approval** — **Test**: *Test triangle* (imported file)')).toBe(true);
    expect(text).toContain(g.state.map!.fairness);
    expect(text).toContain('**Approved (1 of 3):** p2');
    expect(text).toContain('**Waiting for:** p1, p3');
    expect(text).toContain('react ✅ here or use `/map approve`');
    expect(text).toContain('Removing your ✅ does not withdraw an approval');
  });

  it('says when the map is approved unanimously, and when a newer map superseded it', () => {
    const g = mapped();
    for (const p of ['p1', 'p2', 'p3']) g.do(p, { type: 'map-approve' });
    const text = mapApprovalText(g.state);
    expect(text).toContain('✅ **Approved unanimously** (UTD8.16) by p1, p2, p3.');
    expect(text).not.toContain('Waiting for');
    expect(mapApprovalSupersededText(g.state)).toContain('**superseded** by a newer map');
  });
});
