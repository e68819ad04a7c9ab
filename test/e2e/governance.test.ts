import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../commands/index.ts';
import { campaignEvents, campaignInChannel } from '../../src/app/campaigns.ts';
import { startBot, type Bot } from '../../src/discord/bot.ts';
import {
  DiscordStandIn,
  standInClientOptions,
  type InteractionHandle,
  type StoredMessage,
} from '../../src/discord/standin/index.ts';
import { testApp } from '../helpers/app.ts';
import { commandRunner, startThreePlayerCampaign } from '../helpers/started-campaign.ts';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases.ts';
import { reactAndSettle } from '../helpers/reactions.ts';

/** Governance without a moderator through the real discord.js client and the stand-in (UTD3.2, UTD8.113). */
describe('governance through Discord', () => {
  let standIn: DiscordStandIn;
  let bot: Bot;
  let tdb: TestDatabase;
  let app: ReturnType<typeof testApp>;
  let guildId: string;
  let channelId: string;
  let registration: string;
  const users: Record<string, string> = {};

  beforeAll(async () => {
    tdb = await createPgliteDatabase();
    app = testApp(tdb.database);
    standIn = await DiscordStandIn.start();
    guildId = standIn.addGuild({ name: 'Governance' }).id;
    channelId = standIn.addChannel(guildId, { name: 'governance' }).id;
    registration = standIn.addChannel(guildId, { name: 'registration' }).id;
    for (const name of ['alice', 'bob', 'carol', 'sitter', 'friend', 'mallory'])
      users[name] = standIn.addUser({ username: name }).id;
    standIn.registerCommands(
      COMMANDS.map((c) => c.data),
      guildId,
    );
    const must = commandRunner(app, guildId, users);
    await startThreePlayerCampaign(app, guildId, channelId, users, 'Governance');
    await must(registration, 'alice', { type: 'create', name: 'Registration' });
    await must(registration, 'alice', { type: 'join', empire: 'lyran' });
    await must(registration, 'bob', { type: 'join', empire: 'kzinti' });
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

  async function command(
    name: string,
    command: string,
    subcommand: string | undefined,
    args: Record<string, string | number | boolean> = {},
    channel = channelId,
  ): Promise<InteractionHandle> {
    const h = await standIn.invokeCommand({
      guildId,
      channelId: channel,
      userId: users[name]!,
      name: command,
      ...(subcommand ? { subcommand } : {}),
      args,
    });
    await h.firstResponse();
    await bot.whenIdle();
    return h;
  }

  const reply = (h: InteractionHandle) => h.responses()[0]!;

  it('UTD3.2 the proxy abuse chain: granting itself, appointing another, resigning are refused ephemerally while its orders work, marked as proxied', async () => {
    await command('alice', 'proxy', 'grant', { user: users['sitter']!, days: 7 });
    const before = (await campaignEvents(app, channelId)).length;
    for (const [cmd, sub, args] of [
      ['proxy', 'grant', { user: users['sitter']! }],
      ['proxy', 'grant', { user: users['friend']! }],
      ['proxy', 'revoke', { user: users['sitter']! }],
      ['resign', undefined, {}],
    ] as const) {
      const h = await command('sitter', cmd, sub, args);
      expect(reply(h)).toMatchObject({ kind: 'reply', ephemeral: true });
      expect(reply(h).content).toContain('only alice can do this');
      expect(reply(h).content).toContain('Rule UTD3.2');
    }
    expect(await campaignEvents(app, channelId)).toHaveLength(before);
    const bought = await command('sitter', 'buy', 'ops', { count: 1 });
    expect(reply(bought).ephemeral).toBe(false);
    expect(reply(bought).content).toContain(`<@${users['sitter']}> acts as proxy for <@${users['alice']}> (UTD3.2)`);
    const alice = (await campaignInChannel(app, channelId))!.players.find((p) => p.id === users['alice'])!;
    expect(alice.status).toBe('active');
    expect(alice.proxies.map((x) => [x.userId, x.expiresAt !== null])).toEqual([[users['sitter'], true]]);
  });

  it('UTD3.2 a fellow player named proxy gives the player’s orders, announced as proxied', async () => {
    const refused = await command('bob', 'buy', 'ops', { count: 1 });
    expect(reply(refused)).toMatchObject({ ephemeral: true });
    expect(reply(refused).content).toContain('Rule UTD2.1');
    await command('alice', 'proxy', 'grant', { user: users['bob']! });
    const bought = await command('bob', 'buy', 'ops', { count: 1 });
    expect(reply(bought).ephemeral).toBe(false);
    expect(reply(bought).content).toContain(`<@${users['bob']}> acts as proxy for <@${users['alice']}> (UTD3.2)`);
    expect((await campaignEvents(app, channelId)).at(-1)!.actor).toEqual({
      userId: users['bob'],
      asPlayer: users['alice'],
    });
  });

  it('UTD8.113 repeated /campaign contest by an outsider evicts nobody; each refusal is ephemeral', async () => {
    for (let i = 0; i < 4; i++) {
      app.testHooks!.forcedDice.push(1, 6);
      const h = await command('mallory', 'campaign', 'contest', { empire: i % 2 ? 'kzinti' : 'lyran' }, registration);
      app.testHooks!.forcedDice.length = 0;
      expect(reply(h)).toMatchObject({ ephemeral: true });
      expect(reply(h).content).toContain('Only players joining');
      expect(reply(h).content).toContain('Rule UTD8.113');
    }
    expect((await campaignInChannel(app, registration))!.players.map((p) => [p.id, p.empire])).toEqual([
      [users['alice'], 'lyran'],
      [users['bob'], 'kzinti'],
    ]);
  });

  async function confirm(name: string, prompt: StoredMessage): Promise<void> {
    const rows = (prompt.components ?? []) as { components?: { custom_id: string; label: string }[] }[];
    const id = rows.flatMap((r) => r.components ?? []).find((b) => b.label === 'Confirm')!.custom_id;
    const h = await standIn.clickButton({ channelId, messageId: prompt.id, userId: users[name]!, customId: id });
    await h.firstResponse();
    await bot.whenIdle();
  }

  it('tamper-evident history: the turn-start post shows the chain head; /campaign verify confirms it, then names the one event edited by SQL', async () => {
    const ending = await command('alice', 'turn', 'end');
    await confirm('alice', ending.original()!);
    const post = standIn
      .channelMessages(channelId)
      .find((m) => m.content.includes(`<@${users['bob']}>`) && m.content.includes('🔗 Log chain head'));
    expect(post).toBeDefined();
    const shown = /Log chain head: `([0-9a-f]{16})`/.exec(post!.content)![1]!;
    const events = await campaignEvents(app, channelId);
    const verified = await command('carol', 'campaign', 'verify');
    expect(reply(verified).ephemeral).toBeFalsy();
    const answer = verified.original()!.content;
    expect(answer).toContain(`the log of ${events.length} events verifies`);
    expect(answer).toContain(`Chain head \`${shown}`);

    const bought = events.find((e) => e.event.type === 'OrderPointsBought')!;
    const id = (await campaignInChannel(app, channelId))!.id;
    await app.database.db.execute(
      sql`update campaign_events set event = jsonb_set(event, '{temporary}', '5') where campaign_id = ${id} and seq = ${bought.seq}`,
    );
    const after = (await command('carol', 'campaign', 'verify')).original()!.content;
    expect(after).toContain('the log does not verify');
    expect(after).toContain(`event #${bought.seq} was changed after it was stored`);
    expect(after.match(/was changed after it was stored/g)).toHaveLength(1);
  });

  const voteMessage = () =>
    [...standIn.channelMessages(channelId)].reverse().find((m) => m.content.startsWith('🗳️ **Vote'))!;

  it('UTD1.7 /vote pause passes by reactions: every clock stops and orders are refused; a second vote resumes with the time left', async () => {
    const deadline = Date.parse((await campaignInChannel(app, channelId))!.turn!.deadline!);
    const pausedAt = app.clock.now().getTime();
    const proxyVote = await command('sitter', 'vote', 'pause', undefined);
    expect(reply(proxyVote).content).toContain('Rule UTD3.2');
    await command('bob', 'vote', 'pause', undefined);
    for (const u of ['alice', 'carol'])
      await reactAndSettle(standIn, bot, { channelId, messageId: voteMessage().id, userId: users[u]!, emoji: '✅' });
    expect(standIn.channelMessages(channelId).some((m) => m.content.includes('is paused by vote'))).toBe(true);
    const refused = await command('bob', 'buy', 'ops', { count: 1 });
    expect(reply(refused)).toMatchObject({ ephemeral: true });
    expect(reply(refused).content).toContain('is paused by vote');
    app.clock.advance(30 * 86_400_000);
    await bot.tick();
    expect((await campaignInChannel(app, channelId))!.turn!.playerId).toBe(users['bob']);
    await command('carol', 'vote', 'pause', undefined);
    for (const u of ['alice', 'bob'])
      await reactAndSettle(standIn, bot, { channelId, messageId: voteMessage().id, userId: users[u]!, emoji: '✅' });
    expect(standIn.channelMessages(channelId).some((m) => m.content.includes('resumes by vote'))).toBe(true);
    const resumed = (await campaignInChannel(app, channelId))!;
    expect(resumed.paused).toBeNull();
    expect(Date.parse(resumed.turn!.deadline!) - app.clock.now().getTime()).toBe(deadline - pausedAt);
  });

  it('UTD3.91 /concede asks first, then the player leaves with all their forces', async () => {
    const h = await command('carol', 'concede', undefined);
    expect(h.original()!.content).toContain('Concede the campaign?');
    await confirm('carol', h.original()!);
    expect(standIn.channelMessages(channelId).some((m) => m.content.includes('concedes the campaign'))).toBe(true);
    expect((await campaignInChannel(app, channelId))!.players.find((p) => p.id === users['carol'])!.status).toBe(
      'resigned',
    );
  });

  it('the bot made no request the stand-in does not know', () => {
    expect(standIn.unknownRoutes()).toEqual([]);
  });
});
