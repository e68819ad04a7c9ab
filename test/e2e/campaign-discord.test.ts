import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PermissionFlagsBits } from 'discord.js';
import { COMMANDS } from '../../commands/index.ts';
import { SETTING_KEYS } from '../../src/rules/thunderdome/settings.ts';
import { startBot, type Bot } from '../../src/discord/bot.ts';
import { DiscordStandIn, standInClientOptions } from '../../src/discord/standin/index.ts';
import { testApp } from '../helpers/app.ts';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases.ts';

/** The real discord.js client, logged in to the local stand-in, driven as users would drive Discord. */
describe('end to end through the Discord stand-in', () => {
  let standIn: DiscordStandIn;
  let bot: Bot;
  let tdb: TestDatabase;
  let guildId: string;
  let channelId: string;
  const users: Record<string, string> = {};

  beforeAll(async () => {
    tdb = await createPgliteDatabase();
    standIn = await DiscordStandIn.start();
    const guild = standIn.addGuild({ name: 'Test Server' });
    guildId = guild.id;
    channelId = standIn.addChannel(guild.id, { name: 'rim-wars' }).id;
    for (const name of ['alice', 'bob', 'carol']) users[name] = standIn.addUser({ username: name }).id;
    standIn.registerCommands(
      COMMANDS.map((c) => c.data),
      guildId,
    );
    bot = await startBot({
      app: testApp(tdb.database),
      token: standIn.token,
      commands: COMMANDS,
      clientOptions: standInClientOptions(standIn),
    });
  });
  afterAll(async () => {
    await bot?.stop();
    await standIn?.stop();
    await tdb?.drop();
  });

  async function invoke(user: string, subcommand: string, args: Record<string, string | boolean> = {}) {
    const handle = await standIn.invokeCommand({
      guildId,
      channelId,
      userId: users[user]!,
      name: 'campaign',
      subcommand,
      args,
    });
    await handle.firstResponse();
    await bot.whenIdle();
    return handle;
  }

  it('/campaign create: a public reply announcing the campaign and its dice commitment', async () => {
    const handle = await invoke('alice', 'create', { name: 'Rim Wars' });
    const [reply] = handle.responses();
    expect(reply).toMatchObject({ kind: 'reply', ephemeral: false });
    expect(reply!.content).toContain('created the Thunderdome III campaign **Rim Wars**');
    expect(reply!.content).toMatch(/commitment \(SHA-256\): `[0-9a-f]{64}`/);
    expect(reply!.content).toContain(`<@${users['alice']}>`);
    // The public reply is a message in the channel for everyone to see.
    const posted = standIn.channelMessages(channelId);
    expect(posted.map((m) => m.id)).toContain(handle.original()!.id);
    expect(bot.router.outcomes.get(handle.id)).toEqual({ ok: true });
  });

  it('a refusal is ephemeral, cites the rule and posts nothing', async () => {
    const before = standIn.channelMessages(channelId).length;
    const handle = await invoke('bob', 'create', { name: 'Another' });
    const [reply] = handle.responses();
    expect(reply).toMatchObject({ kind: 'reply', ephemeral: true });
    expect(reply!.content).toContain('already runs the campaign **Rim Wars**');
    expect(reply!.content).toContain('Rule UTD8.1');
    expect(standIn.channelMessages(channelId)).toHaveLength(before);
  });

  it('joining, the map, starting: the turn order reply and, once all are ready, a post pinging the first player', async () => {
    await invoke('alice', 'join', { empire: 'federation' });
    await invoke('bob', 'join', { empire: 'klingon' });
    const generate = await standIn.invokeCommand({
      guildId,
      channelId,
      userId: users['alice']!,
      name: 'map',
      subcommand: 'generate',
      args: { sectors_per_player: 4 },
    });
    await generate.firstResponse();
    await bot.whenIdle();
    // Acknowledged privately at once (a large map takes time), then answered in public.
    expect(generate.responses()[0]).toMatchObject({ kind: 'defer', ephemeral: true });
    expect(generate.responses().find((r) => r.kind === 'followup')).toMatchObject({ ephemeral: false });
    expect(generate.responses().find((r) => r.kind === 'followup')!.content).toContain('New map');
    for (const u of ['alice', 'bob']) {
      const h = await standIn.invokeCommand({
        guildId,
        channelId,
        userId: users[u]!,
        name: 'map',
        subcommand: 'approve',
      });
      await h.firstResponse();
      await bot.whenIdle();
    }
    const start = await invoke('alice', 'start');
    expect(start.responses()[0]!.content).toContain('Turn order');
    expect(start.responses()[0]!.content).toContain('800 BPV');
    for (const u of ['alice', 'bob']) {
      const h = await standIn.invokeCommand({
        guildId,
        channelId,
        userId: users[u]!,
        name: 'setup',
        subcommand: 'ready',
        args: {},
      });
      await h.firstResponse();
      await bot.whenIdle();
    }
    const last = standIn.channelMessages(channelId).at(-1)!;
    expect(last.interactionId).toBeNull();
    expect(last.content).toMatch(/it is <@\d+>'s turn \(seat 1\) with \*\*2 order points\*\*/);
  });

  it('/campaign export attaches a JSON file of the whole campaign', async () => {
    const handle = await invoke('carol', 'export');
    const original = handle.original()!;
    expect(original.attachments).toHaveLength(1);
    const file = JSON.parse(original.attachments[0]!.data.toString('utf8'));
    expect(file).toMatchObject({
      format: 4,
      kind: 'campaign-master/campaign',
      campaign: { name: 'Rim Wars', status: 'active' },
    });
    expect(file.campaign.map.sectors.length).toBeGreaterThan(2);
    expect(file.secretSeeds).toBeUndefined();
  });

  it('requirements §3.3 /campaign settings lists every setting with its value, its default and its rule; the whole list is attached', async () => {
    const handle = await invoke('bob', 'settings');
    const [reply] = handle.responses();
    expect(reply).toMatchObject({ kind: 'reply', ephemeral: true });
    expect(reply!.content!.length).toBeLessThanOrEqual(2000);
    expect(reply!.content).toContain('**Settings of Rim Wars**');
    const original = handle.original()!;
    expect(original.attachments).toHaveLength(1);
    const text = original.attachments[0]!.data.toString('utf8');
    for (const key of SETTING_KEYS) expect(text).toContain(`${key} = `);
    expect(text).toContain(
      'deadline.ordersDays = 7 (default) — days a player has to give orders before the turn is forfeited (UTD3.3)',
    );
    expect(text).toContain('fleets.base = 3+P (default)');
  });

  it('the secret seed is exported only for server managers, and only to them', async () => {
    const refused = await invoke('carol', 'export', { include_secret: true });
    expect(refused.responses()[0]).toMatchObject({ ephemeral: true });
    standIn.setMemberPermissions(guildId, users['carol']!, PermissionFlagsBits.ManageGuild);
    const allowed = await invoke('carol', 'export', { include_secret: true });
    expect(allowed.responses()[0]).toMatchObject({ kind: 'defer', ephemeral: true });
    const file = JSON.parse(allowed.original()!.attachments[0]!.data.toString('utf8'));
    expect(file.secretSeeds[0].seed).toMatch(/^[0-9a-f]{64}$/);
  });

  it('the bot made no request the stand-in does not know', () => {
    expect(standIn.unknownRoutes()).toEqual([]);
  });
});
