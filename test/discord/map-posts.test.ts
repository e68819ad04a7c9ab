import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../commands/index.ts';
import { runCommand } from '../../src/app/run-command.ts';
import { MAP_POST_THROTTLE } from '../../src/app/thunderdome-posts.ts';
import { pendingRows } from '../../src/db/outbox-repo.ts';
import { startBot, type Bot } from '../../src/discord/bot.ts';
import { mapPostCaption } from '../../src/discord/map-posts.ts';
import { DiscordStandIn, standInClientOptions } from '../../src/discord/standin/index.ts';
import type { CampaignCommand } from '../../src/rules/thunderdome/index.ts';
import { actor, testApp } from '../helpers/app.ts';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases.ts';

/**
 * The map after changes (UTD1.12), throttled: each change the map shows writes or moves one
 * waiting `map-post` outbox row in its command's transaction (docs/delivery.md), and the bot posts
 * it once the campaign has been quiet for 30 s, or 3 minutes after the first unposted change. The
 * real bot on the Discord stand-in, a virtual clock, commands committed with `runCommand` (as any
 * path commits them) and the bot's scheduler pass (`tick`) delivering what fell due.
 */
const TRIANGLE = readFileSync(new URL('../../examples/maps/triangle.json', import.meta.url), 'utf8');
const PLAYERS = ['alice', 'bob', 'carol'];

describe('map posts after changes of the map, throttled, through the outbox (UTD1.12)', () => {
  let tdb: TestDatabase;
  let standIn: DiscordStandIn;
  let bot: Bot | null = null;
  let guildId: string;
  const app = () => testApp(tdb.database);
  let shared: ReturnType<typeof testApp>;

  beforeAll(async () => {
    tdb = await createPgliteDatabase();
    shared = app();
    standIn = await DiscordStandIn.start();
    guildId = standIn.addGuild({ name: 'Maps' }).id;
    standIn.registerCommands(
      COMMANDS.map((c) => c.data),
      guildId,
    );
  });
  afterAll(async () => {
    await bot?.stop();
    await standIn?.stop();
    await tdb?.drop();
  });

  const start = async () =>
    (bot ??= await startBot({
      app: shared,
      token: standIn.token,
      commands: COMMANDS,
      clientOptions: standInClientOptions(standIn),
      schedulerIntervalMs: null,
    }));

  /** A campaign on the triangle map in its own channel; `started`: alice's first turn under way. */
  async function campaign(name: string, started = true) {
    const channelId = standIn.addChannel(guildId, { name }).id;
    const target = { guildId, channelId };
    const run = async (user: string, command: CampaignCommand) => {
      const r = await runCommand(shared, { target, actor: actor(user), command: command as never });
      if (!r.ok || r.duplicate) throw new Error(`${command.type}: ${r.ok ? 'a duplicate' : r.error.message}`);
      return r;
    };
    await run('alice', { type: 'create', name } as never);
    for (const [p, empire] of [
      ['alice', 'lyran'],
      ['bob', 'kzinti'],
      ['carol', 'hydran'],
    ] as const)
      await run(p, { type: 'join', empire });
    if (started) {
      await run('alice', { type: 'map-import', json: TRIANGLE });
      for (const p of PLAYERS) await run(p, { type: 'map-approve' });
      shared.testHooks!.forcedDice.push(900, 500, 100);
      await run('alice', { type: 'start' });
      for (const [p, u] of [
        ['alice', 'LYR-CA'],
        ['bob', 'KZI-CA'],
        ['carol', 'HYD-CA'],
      ] as const)
        await run(p, { type: 'setup-buy', unitId: u, fleetSlot: 1 });
      for (const p of PLAYERS) await run(p, { type: 'setup-ready', ready: true });
    }
    const mapPosts = () => standIn.channelMessages(channelId).filter((m) => m.content.startsWith('🗺️ The map of'));
    return { channelId, run, mapPosts };
  }

  /** Moves the virtual clock and runs the bot's scheduler pass, which delivers the rows due. */
  async function wait(ms: number) {
    shared.clock.advance(ms);
    await (await start()).tick();
    await bot!.whenIdle();
  }

  it('UTD1.12 a change committed while no bot runs is not lost: the bot started later posts it once the campaign is quiet', async () => {
    const c = await campaign('Crashed');
    // Committed with no bot at all: as if the bot had died right after the commit.
    await c.run('alice', { type: 'move', fleet: '1', to: 'A' });
    const rows = (await pendingRows(tdb.database.db)).filter((r) => r.kind === 'map-post');
    expect(rows).toHaveLength(1);
    await start();
    await wait(29_000);
    expect(c.mapPosts()).toEqual([]);
    await wait(1_000);
    expect(c.mapPosts()).toHaveLength(1);
    expect(c.mapPosts()[0]!.attachments.map((a) => a.filename)).toEqual(['map.png']);
    await wait(3_600_000);
    expect(c.mapPosts()).toHaveLength(1);
  });

  it('UTD1.12 a burst of five map changes makes one post, 30 s after the last one, showing the final map', async () => {
    const c = await campaign('Burst');
    const moves: CampaignCommand[] = [
      { type: 'move', fleet: '1', to: 'A' },
      { type: 'undo' },
      { type: 'move', fleet: '1', to: 'B' },
      { type: 'undo' },
      { type: 'move', fleet: '1', to: 'A' },
    ];
    for (const m of moves) {
      await c.run('alice', m);
      await wait(5_000);
      expect(c.mapPosts()).toEqual([]);
    }
    // One row waits for the whole burst.
    expect((await pendingRows(tdb.database.db)).filter((r) => r.kind === 'map-post')).toHaveLength(1);
    // The last change was 5 s ago: 24 s more is still inside the quiet period.
    await wait(24_000);
    expect(c.mapPosts()).toEqual([]);
    await wait(1_000);
    const posted = c.mapPosts();
    expect(posted).toHaveLength(1);
    expect(posted[0]!.content).toBe('🗺️ The map of **Burst** now (cycle 1.0, spring Y165).');
    await wait(3_600_000);
    expect(c.mapPosts()).toHaveLength(1);
  });

  it('UTD1.12 before the start a new map and its approvals post no map: the approval message shows it (UTD8.16)', async () => {
    const c = await campaign('Registration', false);
    await c.run('alice', { type: 'map-import', json: TRIANGLE });
    for (const p of PLAYERS) await c.run(p, { type: 'map-approve' });
    await wait(3_600_000);
    expect(c.mapPosts()).toEqual([]);
  });

  it('UTD1.12 a change the map does not show (buying order points) posts nothing', async () => {
    const c = await campaign('Order points');
    await c.run('alice', { type: 'buy-ops', kind: 'temporary', count: 1 });
    await wait(3_600_000);
    expect(c.mapPosts()).toEqual([]);
  });

  it('UTD1.12 changes that cancel out (a move undone) leave the last posted map current: no post', async () => {
    const c = await campaign('Undone');
    await c.run('alice', { type: 'move', fleet: '1', to: 'A' });
    await wait(30_000);
    expect(c.mapPosts()).toHaveLength(1);
    await c.run('alice', { type: 'move', fleet: '1', to: 'X' });
    await c.run('alice', { type: 'undo' });
    await wait(3_600_000);
    expect(c.mapPosts()).toHaveLength(1);
  });

  it('UTD1.12 a campaign that never falls quiet is still posted 3 minutes after its first unposted change', async () => {
    const c = await campaign('Busy');
    const cycle: CampaignCommand[] = [{ type: 'move', fleet: '1', to: 'A' }, { type: 'undo' }];
    let n = 0;
    // A change every 20 s: never 30 s of quiet.
    for (let t = 0; t < 160_000; t += 20_000) {
      await c.run('alice', cycle[n++ % 2]!);
      await wait(20_000);
      expect(c.mapPosts(), `at ${t / 1000} s`).toEqual([]);
    }
    await c.run('alice', cycle[n++ % 2]!);
    await wait(20_000); // 180 s after the first change
    expect(c.mapPosts()).toHaveLength(1);
    expect(MAP_POST_THROTTLE).toEqual({ quietMs: 30_000, maxWaitMs: 180_000 });
  });

  it('UTD1.12 a change made while a due post still waits is drawn by that post: no second picture of the same map', async () => {
    const c = await campaign('Late change');
    await c.run('alice', { type: 'move', fleet: '1', to: 'A' });
    // The post is due, and no pass has taken it yet when the next change comes.
    shared.clock.advance(31_000);
    await c.run('alice', { type: 'undo' });
    await c.run('alice', { type: 'move', fleet: '1', to: 'B' });
    expect((await pendingRows(tdb.database.db)).filter((r) => r.kind === 'map-post')).toHaveLength(2);
    await wait(0);
    expect(c.mapPosts()).toHaveLength(1);
    await wait(3_600_000);
    expect(c.mapPosts()).toHaveLength(1);
  });

  it('UTD1.12 a turn start carries the map itself: the waiting post is dropped, nothing is posted twice', async () => {
    const c = await campaign('Turn start');
    await c.run('alice', { type: 'move', fleet: '1', to: 'A' });
    // Exploration of A (UTD5.4): dead, no terrain, so no battle holds the turn.
    shared.testHooks!.forcedDice.push(5, 3);
    const ended = await c.run('alice', { type: 'end-turn' });
    expect(ended.state.turn?.playerId).toBe('bob');
    await wait(3_600_000);
    expect(c.mapPosts()).toEqual([]);
    expect(standIn.channelMessages(c.channelId).filter((m) => m.content.startsWith('▶️')).length).toBeGreaterThan(0);
  });

  it('the caption names the campaign and the calendar', async () => {
    const c = await campaign('Caption');
    const r = await c.run('alice', { type: 'buy-ops', kind: 'temporary', count: 1 });
    expect(mapPostCaption(r.state)).toBe('🗺️ The map of **Caption** now (cycle 1.0, spring Y165).');
  });
});
