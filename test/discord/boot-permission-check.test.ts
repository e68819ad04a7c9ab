import { PermissionFlagsBits as P } from 'discord.js';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { copyChannel, listCopies, storeCopies } from '../../bench/copies.ts';
import { COMMANDS } from '../../commands/index.ts';
import { outboxRepo } from '../../src/app/outbox.ts';
import { campaigns, outbox } from '../../src/db/schema.ts';
import { startBot } from '../../src/discord/bot.ts';
import { DiscordStandIn, standInClientOptions } from '../../src/discord/standin/index.ts';
import { setupCampaign, testApp } from '../helpers/app.ts';
import { createDatabase, DRIVERS, postgresAvailable } from '../helpers/databases.ts';

/**
 * The boot-time permission check (docs/delivery.md, docs/performance.md "Boot") with many campaigns
 * stored: the bot answers commands while it runs, it reads channels from the gateway's cache (a
 * request to Discord only for a channel the cache lacks), it still finds a missing permission, and
 * it forgets only the notices of permissions granted since.
 */
for (const driver of DRIVERS)
  describe(`the boot permission check with 400 campaigns on ${driver}`, async () => {
    if (driver === 'postgres' && !(await postgresAvailable())) {
      it.skip('PostgreSQL is not running here', () => {});
      return;
    }
    const COUNT = 400;
    const GONE = [390, 391, 392, 393, 394, 395]; // channels deleted while the bot was away
    const GONE_MS = 800;
    const tdb = await createDatabase(driver);
    const app = testApp(tdb.database);
    const guildId = '800000000000000001';
    await setupCampaign(app, { guildId, channelId: copyChannel(0) });
    const [source] = await tdb.database.db.select({ id: campaigns.id }).from(campaigns);
    await storeCopies(tdb.database, source!.id, 1, COUNT - 1);
    const copies = await listCopies(tdb.database, COUNT - 1);
    const campaignOf = (g: number) => copies.find((c) => c.channelId === copyChannel(g))!.campaignId;

    const standIn = await DiscordStandIn.start();
    standIn.addGuild({ id: guildId, name: 'Boot' });
    for (let g = 0; g < COUNT; g++)
      if (!GONE.includes(g)) standIn.addChannel(guildId, { id: copyChannel(g), name: `campaign-${g}` });
    standIn.registerCommands(
      COMMANDS.map((c) => c.data),
      guildId,
    );
    const viewer = standIn.addUser({ username: 'viewer' });
    // Copy 7's channel denies the bot Attach Files; copies 7 and 8 were each told of it once before.
    standIn.denyBot(copyChannel(7), P.AttachFiles);
    for (const g of [7, 8]) {
      const at = { campaignId: campaignOf(g), channelId: copyChannel(g), version: 1 };
      await outboxRepo.notice(app, at, 'missing:AttachFiles', { permission: 'AttachFiles' });
    }
    await tdb.database.db
      .update(outbox)
      .set({ sentAt: app.clock.now() })
      .where(inArray(outbox.campaignId, [campaignOf(7), campaignOf(8)]));
    // Discord takes its time over the channels it no longer has.
    standIn.delay((r) =>
      r.method === 'GET' && GONE.some((g) => r.path.endsWith(`/channels/${copyChannel(g)}`)) ? GONE_MS : 0,
    );
    const warn = vi.spyOn(app.log, 'warn');

    const bot = await startBot({
      app,
      token: standIn.token,
      commands: COMMANDS,
      clientOptions: standInClientOptions(standIn),
    });
    let checkedAt: number | null = null;
    void bot.bootChecks.then(() => (checkedAt = Date.now()));
    const handle = await standIn.invokeCommand({
      guildId,
      channelId: copyChannel(1),
      userId: viewer.id,
      name: 'campaign',
      subcommand: 'status',
    });
    const first = await handle.firstResponse(10_000);
    const answeredAt = Date.now();
    const checkedBeforeAnswer = checkedAt !== null;
    const summary = await bot.bootChecks;
    afterAll(async () => {
      await bot.stop();
      await standIn.stop();
      await tdb.drop();
    });

    it('the bot answers a command before the check is done', () => {
      expect(['reply', 'defer']).toContain(first.kind);
      expect(checkedBeforeAnswer).toBe(false);
      expect(checkedAt).not.toBeNull();
      expect(checkedAt!).toBeGreaterThanOrEqual(answeredAt);
    });

    it('channels come from the gateway cache; Discord is asked only for those it no longer has', () => {
      expect(summary).toEqual({
        campaigns: COUNT,
        checked: COUNT - GONE.length,
        fromCache: COUNT - GONE.length,
        lacking: 1,
        forgotten: 1,
      });
      const channelGets = standIn
        .failedRequests()
        .filter((r) => r.method === 'GET' && /\/channels\/\d+$/.test(r.path))
        .map((r) => r.path.split('/').pop())
        .sort();
      expect(channelGets).toEqual(GONE.map(copyChannel).sort());
    });

    it('a missing permission is still found and logged, once for its campaign', () => {
      const lacking = warn.mock.calls.filter((c) => c[1] === 'the bot lacks permissions in a campaign channel');
      expect(lacking.map((c) => c[0])).toEqual([
        { campaign: campaignOf(7), channel: copyChannel(7), missing: ['AttachFiles'] },
      ]);
    });

    it('the notice of a permission still missing is kept (told once); one granted since is forgotten', async () => {
      const rows = await tdb.database.db
        .select({ campaignId: outbox.campaignId })
        .from(outbox)
        .where(eq(outbox.dedupeKey, 'missing:AttachFiles'));
      expect(rows.map((r) => r.campaignId)).toEqual([campaignOf(7)]);
    });
  });

/** Stopping the bot while the boot check still waits on Discord ends the check at the fetches in flight. */
describe('stopping the bot during the boot permission check', async () => {
  const GONE = Array.from({ length: 16 }, (_, i) => i + 4); // 16 channels gone: 4 rounds of 4 fetches
  const GONE_MS = 700;
  const tdb = await createDatabase('pglite');
  const app = testApp(tdb.database);
  const guildId = '800000000000000002';
  await setupCampaign(app, { guildId, channelId: copyChannel(0) });
  const [source] = await tdb.database.db.select({ id: campaigns.id }).from(campaigns);
  await storeCopies(tdb.database, source!.id, 1, 19);
  const standIn = await DiscordStandIn.start();
  standIn.addGuild({ id: guildId, name: 'Boot' });
  for (let g = 0; g < 4; g++) standIn.addChannel(guildId, { id: copyChannel(g), name: `campaign-${g}` });
  standIn.delay((r) =>
    r.method === 'GET' && GONE.some((g) => r.path.endsWith(`/channels/${copyChannel(g)}`)) ? GONE_MS : 0,
  );
  const bot = await startBot({
    app,
    token: standIn.token,
    commands: COMMANDS,
    clientOptions: standInClientOptions(standIn),
  });
  const t0 = Date.now();
  await bot.stop();
  const stopMs = Date.now() - t0;
  const summary = await bot.bootChecks;
  afterAll(async () => {
    await standIn.stop();
    await tdb.drop();
  });

  it('the shutdown waits only for the fetches in flight, not for all four rounds', () => {
    expect(stopMs).toBeLessThan(GONE_MS * 3);
    const asked = standIn.failedRequests().filter((r) => r.method === 'GET' && /\/channels\/\d+$/.test(r.path));
    expect(asked.length).toBeLessThanOrEqual(8);
    expect(summary?.campaigns).toBe(20);
    expect(summary?.fromCache).toBe(4);
  });
});
