import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../commands/index.ts';
import { campaignEvents, campaignInChannel } from '../../src/app/campaigns.ts';
import { startBot, type Bot } from '../../src/discord/bot.ts';
import { DiscordStandIn, standInClientOptions, type InteractionHandle } from '../../src/discord/standin/index.ts';
import { verifyCampaign } from '../../src/app/verify.ts';
import { testApp } from '../helpers/app.ts';
import { commandRunner, startThreePlayerCampaign } from '../helpers/started-campaign.ts';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases.ts';
import { reactAndSettle } from '../helpers/reactions.ts';

/** Corrections by consent through the real discord.js client and the stand-in (UTD1.7). */
describe('corrections through Discord', () => {
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
    guildId = standIn.addGuild({ name: 'Corrections' }).id;
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

  const state = async () => (await campaignInChannel(app, channelId))!;
  const bankOf = async (name: string) => (await state()).players.find((p) => p.id === users[name])!.bank;
  const voteMessage = () =>
    [...standIn.channelMessages(channelId)].reverse().find((m) => m.content.startsWith('🗳️ **Vote'))!;
  const react = async (names: string[], emoji: string) => {
    const message = voteMessage().id;
    for (const u of names)
      await reactAndSettle(standIn, bot, { channelId, messageId: message, userId: users[u]!, emoji });
  };
  const posted = (text: string) => standIn.channelMessages(channelId).filter((m) => m.content.includes(text));
  /** The log replays to the stored state and its chain holds. */
  const verifies = async () => {
    const v = await verifyCampaign(app, channelId);
    expect(v.ok && v.value).toMatchObject({ breaks: [], state: [], replayFailed: null });
  };

  it('UTD1.7 /vote amend posts the before/after difference, and passes by ✅ reactions', async () => {
    const before = await bankOf('bob');
    const h = await command('alice', 'vote', 'amend', {
      what: 'bank',
      target: 'kzinti',
      value: '200',
      reason: 'the yard refund was never paid',
    });
    expect(reply(h).ephemeral).toBeFalsy();
    const difference = posted('📝 **Amendment**').at(-1)!.content;
    expect(difference).toContain('Reason: the yard refund was never paid');
    expect(difference).toContain(`\`players[bob].bank\`: "${before}" → "200"`);
    expect(await bankOf('bob')).toBe(before);
    await react(['bob', 'carol'], '✅');
    expect(posted('is amended by vote').length).toBe(1);
    expect(await bankOf('bob')).toBe('200');
    await verifies();
  });

  it('UTD1.7 a /vote amend rejected by ❌ changes nothing; a malformed one is refused ephemerally citing the rule', async () => {
    const before = await bankOf('carol');
    await command('bob', 'vote', 'amend', { what: 'bank', target: 'hydran', value: '999', reason: 'I think so' });
    await react(['alice', 'carol'], '❌');
    expect((await state()).votes.at(-1)!.status).toBe('rejected');
    expect(await bankOf('carol')).toBe(before);
    const events = (await campaignEvents(app, channelId)).length;
    const bad = await command('bob', 'vote', 'amend', { what: 'condition', target: 'S1', value: 'sunk', reason: 'x' });
    expect(reply(bad)).toMatchObject({ ephemeral: true });
    expect(reply(bad).content).toContain('is not a ship condition');
    expect(reply(bad).content).toContain('Rule UTD1.7');
    expect(await campaignEvents(app, channelId)).toHaveLength(events);
    await verifies();
  });

  it('UTD1.7 /campaign revert goes through when the player whose order it undoes agrees: the summary says what changes back', async () => {
    const before = await bankOf('alice');
    const bought = await command('alice', 'buy', 'ops', { count: 1 });
    expect(reply(bought).ephemeral).toBe(false);
    const seq = (await campaignEvents(app, channelId)).findLast((e) => e.event.type === 'OrderPointsBought')!.seq;
    expect(await bankOf('alice')).not.toBe(before);
    await command('bob', 'campaign', 'revert', { event: seq });
    const proposal = posted('⏪ **Revert proposed**').at(-1)!.content;
    expect(proposal).toContain(`#${seq} OrderPointsBought (alice)`);
    expect(proposal).toContain('`players[alice].bank`');
    expect(proposal).toContain('No dice were rolled');
    // Only alice is asked: bob's reaction does not count.
    await react(['bob'], '✅');
    expect((await state()).votes.at(-1)!.status).toBe('open');
    await react(['alice'], '✅');
    expect(posted(`is back to its state before event #${seq}`).length).toBe(1);
    expect(await bankOf('alice')).toBe(before);
    // The log keeps the event, marked reverted (15 events a page).
    const log = await command('carol', 'campaign', 'log', { page: Math.ceil(seq / 15) });
    expect(reply(log).content).toContain(`\`#${seq}\` ↩️ *reverted*`);
    await verifies();
  });

  it('UTD1.7 /campaign revert without the consent of the player concerned changes nothing', async () => {
    await command('alice', 'buy', 'ops', { count: 1 });
    const seq = (await campaignEvents(app, channelId)).findLast((e) => e.event.type === 'OrderPointsBought')!.seq;
    const bank = await bankOf('alice');
    const proxy = await command('sitter', 'campaign', 'revert', { event: seq });
    expect(reply(proxy)).toMatchObject({ ephemeral: true });
    await command('carol', 'campaign', 'revert', { event: seq });
    await react(['alice'], '❌');
    expect((await state()).votes.at(-1)!.status).toBe('rejected');
    expect(await bankOf('alice')).toBe(bank);
    const stale = await command('carol', 'campaign', 'revert', { event: 99_999 });
    expect(reply(stale)).toMatchObject({ ephemeral: true });
    expect(reply(stale).content).toContain('There is no event #99999');
    await verifies();
  });

  it('UTD3.31 /proxy absence is announced publicly and names the automatic proxy; one too long is refused ephemerally', async () => {
    const long = await command('carol', 'proxy', 'absence', { days: 20 });
    expect(reply(long)).toMatchObject({ ephemeral: true });
    expect(reply(long).content).toContain('Rule UTD3.31');
    const away = await command('carol', 'proxy', 'absence', { days: 7, user: users['friend']! });
    expect(reply(away).ephemeral).toBeFalsy();
    expect(posted('is away until').at(-1)!.content).toContain(`<@${users['friend']}> plays for them meanwhile`);
    const carol = (await state()).players.find((p) => p.id === users['carol'])!;
    expect(carol.proxies.map((x) => x.userId)).toEqual([users['friend']]);
    expect(carol.absence?.proxy).toBe(users['friend']);
  });

  it('UTD3.91 /vote replace under the default removal.seat is refused ephemerally, citing the rule', async () => {
    const h = await command('alice', 'vote', 'replace', { seat: users['carol']!, newcomer: users['mallory']! });
    expect(reply(h)).toMatchObject({ ephemeral: true });
    expect(reply(h).content).toContain('there is no seat to take over');
    expect(reply(h).content).toContain('Rule UTD3.91');
  });

  it('the bot made no request the stand-in does not know', () => {
    expect(standIn.unknownRoutes()).toEqual([]);
  });
});
