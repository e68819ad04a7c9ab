import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../commands/index.ts';
import { startBot, type Bot } from '../../src/discord/bot.ts';
import { DiscordStandIn, standInClientOptions, type ArgValue } from '../../src/discord/standin/index.ts';
import { testApp } from '../helpers/app.ts';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases.ts';
import { pingsOf, sentMessagePings } from '../helpers/mentions.ts';

/**
 * What a stranger could type into a name or an option, through the real discord.js client and the
 * local stand-in: nothing pings beyond the players a message is about, and text Discord would
 * carry but the bot cannot store is refused like any other bad value.
 */
describe('closing what a stranger could use, through the Discord stand-in', () => {
  let standIn: DiscordStandIn;
  let bot: Bot;
  let tdb: TestDatabase;
  let guildId: string;
  let roleId: string;
  const channels: Record<string, string> = {};
  const users: Record<string, string> = {};

  beforeAll(async () => {
    tdb = await createPgliteDatabase();
    standIn = await DiscordStandIn.start();
    const guild = standIn.addGuild({ name: 'Strangers' });
    guildId = guild.id;
    for (const name of ['export', 'names', 'text']) channels[name] = standIn.addChannel(guildId, { name }).id;
    for (const name of ['alice', 'bob', 'mallory']) users[name] = standIn.addUser({ username: name }).id;
    roleId = standIn.addRole(guildId, { name: 'Moderators', memberIds: [users['bob']!] }).id;
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

  async function invoke(
    user: string,
    channel: string,
    name: string,
    subcommand: string | null,
    args: Record<string, ArgValue> = {},
  ) {
    const handle = await standIn.invokeCommand({
      guildId,
      channelId: channels[channel]!,
      userId: users[user]!,
      name,
      ...(subcommand ? { subcommand } : {}),
      args,
    });
    await handle.firstResponse();
    await bot.whenIdle();
    return { handle, outcome: bot.router.outcomes.get(handle.id) };
  }

  describe('mentions: allowed_mentions parses nothing unless a message names its users', () => {
    it('the public reply to /campaign export of a campaign named @everyone and a role mention pings nobody', async () => {
      const name = `@everyone <@&${roleId}> @here`;
      expect((await invoke('alice', 'export', 'campaign', 'create', { name })).outcome).toEqual({ ok: true });
      const { handle } = await invoke('alice', 'export', 'campaign', 'export');
      const answer = handle.responses().find((r) => r.kind === 'editOriginal')!;
      expect(answer.ephemeral).toBe(false);
      // The name is in the public text, and still nothing pings.
      expect(answer.content).toContain(name);
      expect(pingsOf(answer.body)).toEqual({ everyone: false, roles: [], users: [] });
    });

    it('announcements ping the campaign’s players only: a user mention, @everyone or a role written into a name pings no one else', async () => {
      const name = `<@${users['mallory']}> @everyone <@&${roleId}>`;
      const { handle } = await invoke('alice', 'names', 'campaign', 'create', { name });
      const reply = handle.responses()[0]!;
      expect(reply.content).toContain(`<@${users['mallory']}>`);
      // The creator is told (UTD3.1); the stranger named in the campaign's name is not.
      expect(pingsOf(reply.body && (reply.body as { data: unknown }).data)).toEqual({
        everyone: false,
        roles: [],
        users: [users['alice']],
      });
      const { handle: join } = await invoke('bob', 'names', 'campaign', 'join', { empire: 'kzinti' });
      expect(pingsOf((join.responses()[0]!.body as { data: unknown }).data)).toMatchObject({
        everyone: false,
        roles: [],
      });
      expect(pingsOf((join.responses()[0]!.body as { data: unknown }).data).users).not.toContain(users['mallory']);
    });

    it('no message the bot sent in these scenes would ping @everyone, a role, or anyone who is not a player', () => {
      const sent = sentMessagePings(standIn.log);
      expect(sent.length).toBeGreaterThan(3);
      const players = new Set([users['alice'], users['bob']]);
      for (const { request, pings } of sent) {
        expect(pings.everyone, `${request.method} ${request.path}`).toBe(false);
        expect(pings.roles, `${request.method} ${request.path}`).toEqual([]);
        for (const u of pings.users) expect(players.has(u), `${request.method} ${request.path}`).toBe(true);
      }
    });
  });

  describe('names and text: control characters and empty required text are refused like any other bad value (UTD6.11)', () => {
    it('UTD6.11 a campaign name with a NUL or another control character is refused privately, naming the option, and nothing is created', async () => {
      for (const name of ['Rim\u0000Wars', 'Rim\u0007Wars', 'Rim\nWars', 'Rim\u009bWars']) {
        const { handle, outcome } = await invoke('alice', 'text', 'campaign', 'create', { name });
        const reply = handle.responses()[0]!;
        expect(reply, JSON.stringify(name)).toMatchObject({ kind: 'reply', ephemeral: true });
        expect(reply.content).toContain('The option `name` contains a control character');
        expect(reply.content).toContain('input/control-character');
        expect(reply.content).not.toContain('incident');
        expect(outcome).toEqual({ ok: false });
      }
      expect(standIn.channelMessages(channels['text']!)).toEqual([]);
      // The same command with plain text works: the refusals were about the text.
      const { outcome } = await invoke('alice', 'text', 'campaign', 'create', { name: 'Rim Wars' });
      expect(outcome).toEqual({ ok: true });
    });

    it('UTD6.11 an empty required text (/yard inspect ships:"", /yard dock ship:" ") is refused privately, not an incident', async () => {
      for (const [sub, args] of [
        ['inspect', { ships: '' }],
        ['dock', { ship: '' }],
        ['dock', { ship: '   ' }],
      ] as const) {
        const before = standIn.channelMessages(channels['text']!).length;
        const { handle, outcome } = await invoke('alice', 'text', 'yard', sub, args);
        const reply = handle.responses()[0]!;
        expect(reply, sub).toMatchObject({ kind: 'reply', ephemeral: true });
        expect(reply.content).toContain(`The option \`${Object.keys(args)[0]}\` is empty`);
        expect(reply.content).toContain('input/empty');
        expect(reply.content).not.toContain('incident');
        expect(outcome).toEqual({ ok: false });
        expect(standIn.channelMessages(channels['text']!)).toHaveLength(before);
      }
    });
  });
});
