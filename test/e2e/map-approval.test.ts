import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../commands/index.ts';
import { campaignInChannel } from '../../src/app/campaigns.ts';
import { runCommand } from '../../src/app/run-command.ts';
import { outbox } from '../../src/db/schema.ts';
import { startBot, type Bot } from '../../src/discord/bot.ts';
import { MAP_APPROVAL_HEAD } from '../../src/discord/map-approval-words.ts';
import { DiscordStandIn, standInClientOptions } from '../../src/discord/standin/index.ts';
import { testApp } from '../helpers/app.ts';
import { reactAndSettle } from '../helpers/reactions.ts';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases.ts';

/**
 * The unanimous map approval (UTD8.16) as a reaction vote, through the real
 * discord.js client and the stand-in. Three players: alice approves by ✅, carol by
 * `/map approve`, bob by a ✅ made while the bot was down; an outsider's ✅ is ignored and a new
 * map supersedes the previous approval message.
 */
describe('map approval by ✅ reaction (UTD8.16)', () => {
  let standIn: DiscordStandIn;
  let bot: Bot;
  let tdb: TestDatabase;
  let app: ReturnType<typeof testApp>;
  let guildId: string;
  let channelId: string;
  const users: Record<string, string> = {};

  const start = () =>
    startBot({
      app,
      token: standIn.token,
      commands: COMMANDS,
      clientOptions: standInClientOptions(standIn),
      schedulerIntervalMs: null,
      mapPosts: null,
    });

  beforeAll(async () => {
    tdb = await createPgliteDatabase();
    app = testApp(tdb.database);
    standIn = await DiscordStandIn.start();
    guildId = standIn.addGuild({ name: 'Maps' }).id;
    channelId = standIn.addChannel(guildId, { name: 'maps' }).id;
    for (const name of ['alice', 'bob', 'carol', 'erin']) users[name] = standIn.addUser({ username: name }).id;
    standIn.registerCommands(
      COMMANDS.map((c) => c.data),
      guildId,
    );
    bot = await start();
    await command('alice', 'campaign', 'create', { name: 'Map Vote' });
    for (const [u, e] of [
      ['alice', 'lyran'],
      ['bob', 'kzinti'],
      ['carol', 'hydran'],
    ] as const)
      await command(u, 'campaign', 'join', { empire: e });
  }, 60_000);
  afterAll(async () => {
    await bot?.stop();
    await standIn?.stop();
    await tdb?.drop();
  });

  async function command(
    user: string,
    name: string,
    subcommand: string,
    args: Record<string, string | number | boolean>,
  ) {
    const h = await standIn.invokeCommand({ guildId, channelId, userId: users[user]!, name, subcommand, args });
    await h.firstResponse();
    await bot.whenIdle();
    return h;
  }

  async function react(user: string, messageId: string, emoji: string, add = true) {
    await reactAndSettle(standIn, bot, { channelId, messageId, userId: users[user]!, emoji }, add);
  }

  const approvalMessages = () =>
    standIn.channelMessages(channelId).filter((m) => m.content.startsWith(MAP_APPROVAL_HEAD));
  const current = async () => (await campaignInChannel(app, channelId))!;
  const names = async (ids: string[]) => {
    const s = await current();
    return ids.map((id) => s.players.find((p) => p.id === id)!.name);
  };

  let firstId = '';

  it('UTD8.16 a new map is posted with its image, an approval message carrying ✅ and the tally', async () => {
    await command('alice', 'map', 'generate', { sectors_per_player: 4 });
    const [msg] = approvalMessages();
    expect(msg).toBeDefined();
    firstId = msg!.id;
    expect(msg!.author.bot).toBe(true);
    expect(msg!.attachments.map((a) => a.filename)).toEqual(['map.png']);
    expect(msg!.reactions.map((r) => [r.emoji, r.me])).toEqual([['✅', true]]);
    expect(msg!.content).toContain('**Approved (0 of 3):** nobody yet');
    expect(msg!.content).toContain('**Waiting for:** alice, bob, carol');
    expect((await current()).map!.approvalMessageId).toBe(msg!.id);
  });

  it("UTD8.16 a ✅ by a player approves and is announced; an outsider's ✅ is ignored", async () => {
    await react('erin', firstId, '✅'); // not a player
    expect((await current()).map!.approvals).toEqual([]);
    await react('bob', firstId, '✅');
    expect(await names((await current()).map!.approvals)).toEqual(['bob']);
    expect(standIn.channelMessages(channelId).at(-1)!.content).toBe('👍 **bob** approves the map (1 of 3).');
    expect(standIn.message(firstId)!.content).toContain('**Approved (1 of 3):** bob');
  });

  it('UTD8.16 a new map supersedes the approval message, and its approvals start from nobody', async () => {
    await command('alice', 'map', 'generate', { sectors_per_player: 5 });
    const messages = approvalMessages();
    expect(messages).toHaveLength(2);
    const [old, fresh] = messages;
    expect(old!.id).toBe(firstId);
    expect(old!.content).toContain('**superseded** by a newer map');
    // The edit keeps the old picture; the new message has its own.
    expect(old!.attachments).toHaveLength(1);
    expect(fresh!.attachments).toHaveLength(1);
    const state = await current();
    expect(state.map!.approvalMessageId).toBe(fresh!.id);
    expect(state.map!.approvals).toEqual([]);
    // A ✅ on the superseded message approves nothing.
    await react('carol', firstId, '✅');
    expect((await current()).map!.approvals).toEqual([]);
  });

  it('UTD8.16 approvals by ✅ and by /map approve add up; removing a ✅ withdraws nothing', async () => {
    const id = (await current()).map!.approvalMessageId!;
    await react('alice', id, '✅');
    await react('alice', id, '✅', false);
    expect(await names((await current()).map!.approvals)).toEqual(['alice']);
    const h = await command('carol', 'map', 'approve', {});
    expect(h.original()?.content ?? '').toBe('👍 **carol** approves the map (2 of 3).');
    // The tally follows the command too.
    const text = standIn.message(id)!.content;
    expect(text).toContain('**Approved (2 of 3):** alice, carol');
    expect(text).toContain('**Waiting for:** bob');
    expect(text).toContain('Removing your ✅ does not withdraw an approval');
  });

  it('UTD8.16 a ✅ made while the bot was down is counted at boot and completes the unanimous approval', async () => {
    const id = (await current()).map!.approvalMessageId!;
    await bot.stop();
    await standIn.addReaction({ channelId, messageId: id, userId: users['bob']!, emoji: '✅' });
    await standIn.addReaction({ channelId, messageId: id, userId: users['erin']!, emoji: '✅' });
    bot = await start();
    await bot.whenIdle();
    const state = await current();
    expect(state.map!.approved).toBe(true);
    expect(await names(state.map!.approvals)).toEqual(['alice', 'carol', 'bob']);
    expect(standIn.message(id)!.content).toContain('✅ **Approved unanimously** (UTD8.16) by alice, bob, carol.');
    expect(
      standIn
        .channelMessages(channelId)
        .some((m) => m.content.startsWith('✅ **bob** approves the map — approved unanimously (UTD8.16)')),
    ).toBe(true);
    // No second approval message was posted at boot: the recorded one was found again.
    expect(approvalMessages()).toHaveLength(2);
    const started = await command('alice', 'campaign', 'start', {});
    expect(started.original()?.content ?? '').toContain('Turn order');
  });
});

describe('a map set while no bot posted its approval message (UTD8.16)', () => {
  it.each([
    ['from the outbox row its command wrote', false],
    ['when no outbox row exists (a map stored by a bot older than the outbox)', true],
  ])(
    'UTD8.16 the bot posts and records the approval message at boot, once: %s',
    async (_, legacy) => {
      const tdb = await createPgliteDatabase();
      const app = testApp(tdb.database);
      const standIn = await DiscordStandIn.start();
      let bot: Bot | null = null;
      try {
        const guildId = standIn.addGuild({ name: 'Crash' }).id;
        const channelId = standIn.addChannel(guildId, { name: 'crash' }).id;
        const ids = ['ann', 'ben'].map((username) => standIn.addUser({ username }).id);
        const target = { guildId, channelId };
        const as = (userId: string) => ({ userId, displayName: userId, isServerAdmin: false });
        // The map is committed, then the bot went down before posting: the campaign has no approval message.
        await runCommand(app, { target, actor: as(ids[0]!), command: { type: 'create', name: 'Crash' } });
        for (const [id, empire] of [
          [ids[0]!, 'lyran'],
          [ids[1]!, 'gorn'],
        ] as const)
          await runCommand(app, { target, actor: as(id), command: { type: 'join', empire } });
        await runCommand(app, { target, actor: as(ids[0]!), command: { type: 'map-generate', sectorsPerPlayer: 4 } });
        if (legacy) await tdb.database.db.update(outbox).set({ sentAt: new Date() });
        const start = () =>
          startBot({
            app,
            token: standIn.token,
            commands: COMMANDS,
            clientOptions: standInClientOptions(standIn),
            schedulerIntervalMs: null,
            mapPosts: null,
          });
        bot = await start();
        const posted = standIn.channelMessages(channelId).filter((m) => m.content.startsWith(MAP_APPROVAL_HEAD));
        expect(posted).toHaveLength(1);
        expect(posted[0]!.reactions.map((r) => r.emoji)).toEqual(['✅']);
        expect((await campaignInChannel(app, channelId))!.map!.approvalMessageId).toBe(posted[0]!.id);
        await bot.stop();
        bot = await start();
        expect(standIn.channelMessages(channelId).filter((m) => m.content.startsWith(MAP_APPROVAL_HEAD))).toHaveLength(
          1,
        );
      } finally {
        await bot?.stop();
        await standIn.stop();
        await tdb.drop();
      }
    },
    60_000,
  );
});
