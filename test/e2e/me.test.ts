import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COMMANDS } from '../../commands/index.ts';
import { campaignInChannel } from '../../src/app/campaigns.ts';
import { userSettingsOf } from '../../src/app/me-settings.ts';
import { runCommand } from '../../src/app/run-command.ts';
import { startBot, type Bot } from '../../src/discord/bot.ts';
import { DiscordStandIn, standInClientOptions, type InteractionHandle } from '../../src/discord/standin/index.ts';
import { actor, testApp } from '../helpers/app.ts';
import { commandRunner, startThreePlayerCampaign } from '../helpers/started-campaign.ts';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases.ts';

/** `/me` through the real discord.js client and the stand-in: the personal to-do and its settings. */
describe('/me through Discord', () => {
  let standIn: DiscordStandIn;
  let bot: Bot;
  let tdb: TestDatabase;
  let app: ReturnType<typeof testApp>;
  let guildId: string;
  let otherGuild: string;
  let playing: string;
  let forming: string;
  const users: Record<string, string> = {};

  beforeAll(async () => {
    tdb = await createPgliteDatabase();
    app = testApp(tdb.database);
    standIn = await DiscordStandIn.start();
    guildId = standIn.addGuild({ name: 'Me' }).id;
    otherGuild = standIn.addGuild({ name: 'Elsewhere' }).id;
    playing = standIn.addChannel(guildId, { name: 'playing' }).id;
    forming = standIn.addChannel(guildId, { name: 'forming' }).id;
    for (const name of ['alice', 'bob', 'carol']) users[name] = standIn.addUser({ username: name }).id;
    for (const g of [guildId, otherGuild])
      standIn.registerCommands(
        COMMANDS.map((c) => c.data),
        g,
      );
    const must = commandRunner(app, guildId, users);
    await startThreePlayerCampaign(app, guildId, playing, users, 'Playing');
    // A second campaign of the same server, its map waiting for approval.
    await must(forming, 'bob', { type: 'create', name: 'Forming' });
    await must(forming, 'bob', { type: 'join', empire: 'gorn' });
    await must(forming, 'alice', { type: 'join', empire: 'romulan' });
    await must(forming, 'bob', { type: 'map-generate', sectorsPerPlayer: 3 });
    await must(forming, 'bob', { type: 'map-approve' });
    bot = await startBot({
      app,
      token: standIn.token,
      commands: COMMANDS,
      clientOptions: standInClientOptions(standIn),
      schedulerIntervalMs: null,
    });
  });
  afterAll(async () => {
    await bot?.stop();
    await standIn?.stop();
    await tdb?.drop();
  });

  async function me(name: string, args: Record<string, string | boolean> = {}, guild = guildId) {
    const channelId = guild === guildId ? playing : standIn.addChannel(guild, { name: 'x' }).id;
    const h = await standIn.invokeCommand({ guildId: guild, channelId, userId: users[name]!, name: 'me', args });
    await h.firstResponse();
    await bot.whenIdle();
    return h;
  }
  const text = (h: InteractionHandle) => h.original()?.content ?? '';

  it('lists, privately, what waits on the player in every campaign of the server, soonest deadline first, with the command to act', async () => {
    const h = await me('alice');
    expect(h.responses()[0]).toMatchObject({ ephemeral: true });
    const lines = text(h).split('\n');
    const orders = lines.findIndex((l) => l.includes(`<#${playing}>`) && l.includes('your turn: orders'));
    const map = lines.findIndex((l) => l.includes(`<#${forming}>`) && l.includes('approval'));
    expect(orders).toBeGreaterThan(0);
    expect(map).toBeGreaterThan(orders); // a dated item before an undated one
    expect(lines[orders]).toMatch(/<t:\d+:R>/);
    expect(lines[orders]).toContain('/turn end');
    expect(lines[map]).toContain('/map approve');
    // Bob approved the forming map and it is not his turn: nothing waits on him but what is his.
    expect(text(await me('bob'))).not.toContain('your turn');
  });

  it('a server where the player has no campaign: nothing waits', async () => {
    expect(text(await me('alice', {}, otherGuild))).toContain('Nothing waits on you');
  });

  it('UTD3.3 time zone: an IANA name is stored in its canonical spelling, per server; a wrong one is refused and changes nothing', async () => {
    const ok = await me('carol', { time_zone: 'europe/berlin', dm_turn: true, reminder_hours: '4, 24' });
    expect(text(ok)).toContain('Settings saved');
    expect(text(ok)).toContain('`Europe/Berlin`');
    expect(await userSettingsOf(app, guildId, users['carol']!)).toMatchObject({
      timeZone: 'Europe/Berlin',
      dm: ['turn'],
      reminderHours: [24, 4],
    });
    const bad = await me('carol', { time_zone: 'Mars/Olympus_Mons', dm_vote: true });
    expect(bad.responses()[0]).toMatchObject({ ephemeral: true });
    expect(text(bad)).toContain('not a time zone name');
    expect(await userSettingsOf(app, guildId, users['carol']!)).toMatchObject({
      timeZone: 'Europe/Berlin',
      dm: ['turn'],
    });
    const badHours = await me('carol', { reminder_hours: '0, 999' });
    expect(text(badHours)).toContain('Reminder hours');
    expect((await userSettingsOf(app, otherGuild, users['carol']!)).timeZone).toBeNull();
  });

  it('UTD2.2 /campaign history refuses a cycle that has not ended, privately and citing the rule', async () => {
    const h = await standIn.invokeCommand({
      guildId,
      channelId: playing,
      userId: users['bob']!,
      name: 'campaign',
      subcommand: 'history',
      args: { cycle: 1 },
    });
    await h.firstResponse();
    await bot.whenIdle();
    expect(h.responses()[0]).toMatchObject({ ephemeral: true });
    expect(h.responses()[0]!.content).toContain('Cycle 1.0 has not ended yet');
    expect(h.responses()[0]!.content).toContain('UTD2.2');
  });

  it('/help in a campaign channel lists every command, /me and /campaign log among them', async () => {
    const h = await standIn.invokeCommand({
      guildId,
      channelId: playing,
      userId: users['carol']!,
      name: 'help',
      args: {},
    });
    await h.firstResponse();
    const embed = JSON.stringify(h.responses()[0]);
    expect(embed).toContain('Every command');
    expect(embed).toMatch(/campaign create\|join\|contest\|leave/);
    expect(embed).toContain('`/me`');
  });

  describe('direct messages chosen in /me, delivered once through the outbox', () => {
    const dmsOf = (name: string) => {
      const channel = standIn.dmChannelOf(users[name]!);
      return channel ? standIn.channelMessages(channel.id).map((m) => m.content) : [];
    };
    const mentionsOf = (name: string) =>
      standIn.channelMessages(playing).filter((m) => m.content.startsWith(`<@${users[name]}> `));

    it('a vote opened reaches the players who chose it by DM; closed DMs fall back to a channel mention, told once', async () => {
      const warned = vi.spyOn(app.log, 'warn');
      await me('carol', { dm_vote: true });
      standIn.setDmsClosed(users['alice']!, true);
      await me('alice', { dm_vote: true });
      const h = await standIn.invokeCommand({
        guildId,
        channelId: playing,
        userId: users['bob']!,
        name: 'vote',
        subcommand: 'setting',
        args: { key: 'startYear', value: '170' },
      });
      await h.firstResponse();
      await bot.whenIdle();
      const carol = dmsOf('carol');
      expect(carol).toHaveLength(1);
      expect(carol[0]).toMatch(
        /^🔔 \*\*Playing\*\* <t:\d+:R> — <#\d+> vote: .*→ react ✅ or ❌ on https:\/\/discord\.com\/channels\//,
      );
      expect(dmsOf('bob')).toEqual([]); // the proposer, who did not ask for them anyway
      expect(dmsOf('alice')).toEqual([]);
      const fallback = mentionsOf('alice');
      expect(fallback).toHaveLength(1);
      expect(fallback[0]!.content).toContain('vote:');
      expect(fallback[0]!.content).toContain('your DMs are closed');
      // The refusal is logged with whom and what it was about.
      expect(warned.mock.calls.map(([details]) => details)).toContainEqual(
        expect.objectContaining({
          code: 50007,
          user: users['alice'],
          event: 'vote',
          channelId: playing,
          firstRefusal: true,
        }),
      );

      // A second vote: alice is mentioned again, but not told again.
      const again = await standIn.invokeCommand({
        guildId,
        channelId: playing,
        userId: users['carol']!,
        name: 'vote',
        subcommand: 'setting',
        args: { key: 'vote.windowHours', value: '48' },
      });
      await again.firstResponse();
      await bot.whenIdle();
      expect(mentionsOf('alice')).toHaveLength(2);
      expect(mentionsOf('alice')[1]!.content).not.toContain('your DMs are closed');
      expect(dmsOf('carol')).toHaveLength(1); // her own vote
      warned.mockRestore();
    });

    it('UTD3.3 the next player’s turn, and reminders at the player’s own hours, once each', async () => {
      await me('bob', { dm_turn: true, dm_reminders: true, reminder_hours: '24' });
      const r = await runCommand(app, {
        target: { guildId, channelId: playing },
        actor: actor(users['alice']!, { displayName: 'alice' }),
        command: { type: 'end-turn' },
      });
      expect(r.ok).toBe(true);
      // Written outside an interaction, its rows are held by this process for the lease (docs/delivery.md).
      app.clock.advance(61_000);
      await bot.tick();
      await bot.whenIdle();
      const bob = dmsOf('bob');
      expect(bob).toHaveLength(1);
      expect(bob[0]).toMatch(/^🔔 \*\*Playing\*\* <t:\d+:R> — <#\d+> your turn: orders/);
      // A day before the deadline, one reminder, however many passes the scheduler makes.
      const state = (await campaignInChannel(app, playing))!;
      app.clock.set(new Date(Date.parse(state.turn!.deadline!) - 20 * 3_600_000));
      await bot.tick();
      await bot.tick();
      await bot.whenIdle();
      expect(dmsOf('bob')).toHaveLength(2);
      expect(dmsOf('bob')[1]).toMatch(/^⏰ Reminder \*\*Playing\*\*/);
    });
  });
});
