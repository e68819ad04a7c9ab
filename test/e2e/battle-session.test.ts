import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignInChannel } from '../../src/app/campaigns.ts';
import { INVITE_PERMISSIONS } from '../../src/discord/permission-words.ts';
import { Playground, type LineResult } from '../../src/playground/playground.ts';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases.ts';
import { ROOT } from '../helpers/playground.ts';

/**
 * UTD3.42 a session time across time zones, through the real discord.js client and the stand-in:
 * the battles example up to bob's attack in A (battle K43), then bob (New York) proposes a time,
 * alice accepts, a Discord server event is made once, the sides are reminded an hour before and,
 * after the time, offered the no-show as a failure.
 */
describe('/battle schedule across time zones', () => {
  let tdb: TestDatabase;
  let pg: Playground;
  let outDir: string;
  let line = 0;
  const cwd = process.cwd();

  async function play(text: string): Promise<LineResult> {
    const r = await pg.run(text, ++line);
    if (!r) throw new Error(`no result for ${text}`);
    return r;
  }

  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'cm-session-'));
    tdb = await createPgliteDatabase();
    pg = await Playground.start({ database: tdb.database, outDir });
    process.chdir(ROOT);
    const lines = readFileSync(join(ROOT, 'examples/03-battles.txt'), 'utf8').split('\n');
    const upTo = lines.findIndex((l) => l.startsWith('@bob /turn end'));
    for (const text of lines.slice(0, upTo + 1)) await pg.run(text, ++line);
  }, 240_000);
  afterAll(async () => {
    process.chdir(cwd);
    await pg?.close();
    await tdb?.drop();
    rmSync(outDir, { recursive: true, force: true });
  });

  // The playground keeps its guild and channel private; the test reads them as the bot does.
  const guildId = () => (pg as unknown as { guildId: string }).guildId;
  const battle = async () => (await campaignInChannel(pg.app, channel()))!.battles.find((b) => b.id === 'K43')!;
  const channel = () => (pg as unknown as { channelId: string }).channelId;

  it('a time typed in the proposer’s zone is kept as the instant and shown to all as a Discord timestamp', async () => {
    expect((await play('@bob /me time_zone:America/New_York')).ok).toBe(true);
    const bad = await play('@bob /battle schedule battle:K43 when:"2026-02-30 20:00"');
    expect(bad.ok).toBe(false);
    expect(bad.content).toContain('America/New_York');
    const r = await play('@bob /battle schedule battle:K43 when:"2026-12-01 20:00"');
    expect(r.ok).toBe(true);
    // 20:00 in New York on 1 December (EST, UTC−5) is 01:00 UTC on the 2nd, posted as a Discord
    // timestamp (the playground shows <t:…> as the UTC time it stands for).
    const at = Date.parse('2026-12-02T01:00:00Z') / 1000;
    const raw = pg.standIn.channelMessages(channel()).map((m) => m.content);
    expect(raw.some((c) => c.includes(`proposes to play <t:${at}:f> (<t:${at}:R>`))).toBe(true);
    expect([r.content, ...r.posts.map((p) => p.content)].join('\n')).toContain('2026-12-02T01:00:00Z');
    expect((await battle()).session).toMatchObject({
      at: '2026-12-02T01:00:00.000Z',
      by: expect.any(String),
      status: 'proposed',
    });
  });

  it('accepted by the other side without Create Events: no server event, the session told in the channel', async () => {
    pg.standIn.setMemberPermissions(
      String(guildId()),
      pg.standIn.botUserId,
      INVITE_PERMISSIONS & ~PermissionFlagsBits.CreateEvents,
    );
    const r = await play('@alice /battle schedule battle:K43 accept:true');
    expect(r.ok).toBe(true);
    expect((await battle()).session?.status).toBe('agreed');
    expect(pg.standIn.scheduledEvents(String(guildId()))).toEqual([]);
    const told = pg.standIn
      .channelMessages(channel())
      .some((m) => m.content.includes('I may not create server events'));
    expect(told).toBe(true);
  });

  it('with Create Events, a new agreed time makes exactly one Discord scheduled event at that instant', async () => {
    const gid = String(guildId());
    pg.standIn.setMemberPermissions(gid, pg.standIn.botUserId, INVITE_PERMISSIONS | PermissionFlagsBits.CreateEvents);
    await play('@bob /battle schedule battle:K43 when:"2026-12-02 21:00"');
    await play('@alice /battle schedule battle:K43 accept:true');
    const events = pg.standIn.scheduledEvents(gid);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      name: expect.stringContaining('Battle K43'),
      scheduled_start_time: '2026-12-03T02:00:00.000Z',
      entity_type: 3,
    });
  });

  it('an hour before, the sides are reminded; after the time, the no-show is offered as the UTD3.42#2 failure', async () => {
    pg.app.clock.set('2026-12-03T01:10:00Z');
    await pg.bot.tick();
    await pg.bot.whenIdle();
    const posts = () => pg.standIn.channelMessages(channel()).map((m) => m.content);
    expect(posts().filter((c) => c.includes('starts in an hour'))).toHaveLength(1);
    pg.app.clock.set('2026-12-03T03:30:00Z');
    await pg.bot.tick();
    await pg.bot.tick();
    await pg.bot.whenIdle();
    expect(posts().filter((c) => c.includes('/battle failure'))).toHaveLength(1);
  });
});
