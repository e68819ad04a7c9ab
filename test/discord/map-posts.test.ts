import { describe, expect, it } from 'vitest';
import type { CommandResult } from '../../src/app/run-command.ts';
import { VirtualClock } from '../../src/clock.ts';
import { mapPostCaption, MapPostThrottle } from '../../src/discord/map-posts.ts';
import { mapFingerprint } from '../../src/render/map-fingerprint.ts';
import type { CampaignCommand, CampaignState } from '../../src/rules/thunderdome/index.ts';
import { registeredGame, startedGame, type Game } from '../rules/td3/harness.ts';

/** The map-post throttle (UTD1.12) with a virtual clock and a fake channel: what would be posted, when. */
function rig(g: Game, opts = { quietMs: 30_000, maxWaitMs: 180_000 }) {
  const clock = new VirtualClock('2026-03-04T15:00:00Z');
  const posts: { channelId: string; fingerprint: string; version: number }[] = [];
  const throttle = new MapPostThrottle(
    {
      clock,
      load: async () => ({ state: g.state, version: g.log.length }),
      post: async (channelId, state, version) =>
        void posts.push({ channelId, fingerprint: mapFingerprint(state), version }),
    },
    opts,
  );
  /** Runs a command through the rules and hands its result to the throttle, as presentResult does. */
  const run = (user: string, command: CampaignCommand) => {
    const before: CampaignState = g.state;
    const events = g.do(user, command);
    const result: CommandResult = { ok: true, duplicate: false, events, state: g.state, before, sharedBefore: before };
    throttle.note(result);
  };
  return { clock, posts, throttle, run };
}

describe('map posts after changes of the map, throttled (UTD1.12)', () => {
  it('a burst of five map changes makes one post, 30 s after the last one, showing the final map', async () => {
    const g = startedGame();
    const { clock, posts, throttle, run } = rig(g);
    const moves: CampaignCommand[] = [
      { type: 'move', fleet: '1', to: 'A' },
      { type: 'undo' },
      { type: 'move', fleet: '1', to: 'B' },
      { type: 'undo' },
      { type: 'move', fleet: '1', to: 'A' },
    ];
    for (const m of moves) {
      run('p1', m);
      clock.advance(5_000);
      expect(await throttle.flush()).toBe(0);
    }
    expect(throttle.waiting).toBe(1);
    // The last change was 5 s ago: 24 s more is still inside the quiet period.
    clock.advance(24_000);
    expect(await throttle.flush()).toBe(0);
    clock.advance(1_000);
    expect(await throttle.flush()).toBe(1);
    expect(posts).toEqual([{ channelId: 'ch', fingerprint: mapFingerprint(g.state), version: g.log.length }]);
    expect(g.fleetOf('p1', 1).sector).toBe('A');
    // Nothing new: nothing more is posted, however long we wait.
    clock.advance(3_600_000);
    expect(await throttle.flush()).toBe(0);
    expect(throttle.waiting).toBe(0);
  });

  it('before the start a new map and its approvals post nothing: the approval message shows the map', async () => {
    const g = registeredGame();
    const { clock, throttle, run } = rig(g);
    run('p1', { type: 'map-generate' });
    for (const p of ['p1', 'p2', 'p3']) run(p, { type: 'map-approve' });
    expect(g.state.map!.approved).toBe(true);
    clock.advance(3_600_000);
    expect(throttle.waiting).toBe(0);
    expect(await throttle.flush()).toBe(0);
  });

  it('a change the map does not show (buying order points) posts nothing', async () => {
    const g = startedGame();
    const { clock, throttle, run } = rig(g);
    run('p1', { type: 'buy-ops', kind: 'temporary', count: 1 });
    clock.advance(60_000);
    expect(throttle.waiting).toBe(0);
    expect(await throttle.flush()).toBe(0);
  });

  it('changes that cancel out (a move undone) leave the last posted map current: no post', async () => {
    const g = startedGame();
    const { clock, posts, throttle, run } = rig(g);
    run('p1', { type: 'move', fleet: '1', to: 'A' });
    clock.advance(30_000);
    expect(await throttle.flush()).toBe(1);
    run('p1', { type: 'move', fleet: '1', to: 'X' });
    run('p1', { type: 'undo' });
    clock.advance(30_000);
    expect(await throttle.flush()).toBe(0);
    expect(posts).toHaveLength(1);
  });

  it('a campaign that never falls quiet is still posted 3 minutes after its first unposted change', async () => {
    const g = startedGame();
    const { clock, posts, throttle, run } = rig(g);
    const cycle: CampaignCommand[] = [{ type: 'move', fleet: '1', to: 'A' }, { type: 'undo' }];
    let n = 0;
    // A change every 20 s: never 30 s of quiet.
    for (let t = 0; t < 160_000; t += 20_000) {
      run('p1', cycle[n++ % 2]!);
      clock.advance(20_000);
      expect(await throttle.flush(), `at ${t / 1000} s`).toBe(0);
    }
    run('p1', cycle[n++ % 2]!);
    clock.advance(20_000); // 180 s after the first change
    expect(await throttle.flush()).toBe(1);
    expect(posts).toHaveLength(1);
  });

  it('a turn start carries the map itself: pending changes are dropped, and nothing is posted twice', async () => {
    const g = startedGame();
    const { clock, posts, throttle, run } = rig(g);
    run('p1', { type: 'move', fleet: '1', to: 'A' });
    run('p1', { type: 'end-turn' }); // p2's turn starts: the turn-start post shows this map
    expect(g.state.turn?.playerId).toBe('p2');
    expect(throttle.waiting).toBe(0);
    clock.advance(60_000);
    expect(await throttle.flush()).toBe(0);
    expect(posts).toEqual([]);
  });

  it('refusals and repeated deliveries are ignored; the caption names the campaign and the calendar', () => {
    const g = startedGame();
    const { throttle } = rig(g);
    throttle.note({ ok: false, error: { code: 'x', rule: 'UTD1', message: 'no' } });
    throttle.note({ ok: true, duplicate: true });
    expect(throttle.waiting).toBe(0);
    expect(mapPostCaption(g.state)).toBe('🗺️ The map of **Test** now (cycle 1.0, spring Y165).');
  });
});
