import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../commands/index.ts';
import { campaignInChannel } from '../../src/app/campaigns.ts';
import { startBot, type Bot } from '../../src/discord/bot.ts';
import { DiscordStandIn, standInClientOptions } from '../../src/discord/standin/index.ts';
import { testApp } from '../helpers/app.ts';
import { reactAndSettle } from '../helpers/reactions.ts';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases.ts';
import { eq } from 'drizzle-orm';
import { stateLayout } from '../../src/app/rulesets.ts';
import { findCampaignByChannel } from '../../src/db/campaign-repo.ts';
import { outbox } from '../../src/db/schema.ts';

/** Reaction votes through the real discord.js client and the stand-in (UTD1.7). */
describe('reaction votes with supermajority', () => {
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
    });

  beforeAll(async () => {
    tdb = await createPgliteDatabase();
    app = testApp(tdb.database);
    standIn = await DiscordStandIn.start();
    guildId = standIn.addGuild({ name: 'Votes' }).id;
    channelId = standIn.addChannel(guildId, { name: 'votes' }).id;
    for (const name of ['alice', 'bob', 'carol', 'dave', 'erin']) users[name] = standIn.addUser({ username: name }).id;
    standIn.registerCommands(
      COMMANDS.map((c) => c.data),
      guildId,
    );
    bot = await start();
    await command('alice', 'campaign', 'create', { name: 'Votes' });
    for (const [u, e] of [
      ['alice', 'lyran'],
      ['bob', 'kzinti'],
      ['carol', 'hydran'],
      ['dave', 'gorn'],
    ] as const)
      await command(u, 'campaign', 'join', { empire: e });
  });
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

  const voteMessage = () =>
    [...standIn.channelMessages(channelId)].reverse().find((m) => m.content.startsWith('🗳️ **Vote'))!;

  it('UTD1.7 four players need three yes votes; outsiders are ignored; the message shows the live tally', async () => {
    await command('alice', 'vote', 'setting', { key: 'startYear', value: '168' });
    const msg = voteMessage();
    expect(msg.reactions.map((r) => [r.emoji, r.me])).toEqual([
      ['✅', true],
      ['❌', true],
    ]);
    expect(msg.content).toContain('3 of 4 players must say yes');
    await react('alice', msg.id, '✅');
    await react('erin', msg.id, '✅'); // not a player
    await react('bob', msg.id, '✅');
    expect(standIn.message(msg.id)!.content).toMatch(/Tally: ✅ 2 \(alice, bob\)/);
    expect((await campaignInChannel(app, channelId))!.settings.startYear).toBe(165);
    await react('carol', msg.id, '✅');
    expect((await campaignInChannel(app, channelId))!.settings.startYear).toBe(168);
    expect(standIn.channelMessages(channelId).at(-1)!.content).toContain('Passed');
  });

  it('removing a reaction withdraws it, and two no votes of four make the vote fail at once', async () => {
    await command('bob', 'vote', 'setting', { key: 'vote.windowHours', value: '48' });
    const msg = voteMessage();
    await react('alice', msg.id, '✅');
    await react('alice', msg.id, '✅', false);
    expect(Object.keys((await campaignInChannel(app, channelId))!.votes.at(-1)!.ballots)).toEqual([]);
    await react('carol', msg.id, '❌');
    await react('dave', msg.id, '❌');
    const state = (await campaignInChannel(app, channelId))!;
    expect(state.votes.at(-1)!.status).toBe('rejected');
    expect(state.settings['vote.windowHours']).toBe(72);
  });

  it('reactions made while the bot was down are counted after a restart', async () => {
    await command('carol', 'vote', 'setting', { key: 'deadline.ordersDays', value: '10' });
    const msg = voteMessage();
    await react('alice', msg.id, '✅');
    await bot.stop();
    for (const u of ['bob', 'carol'])
      await standIn.addReaction({ channelId, messageId: msg.id, userId: users[u]!, emoji: '✅' });
    bot = await start();
    await bot.whenIdle();
    const state = (await campaignInChannel(app, channelId))!;
    expect(state.votes.at(-1)!.status).toBe('passed');
    expect(state.settings['deadline.ordersDays']).toBe(10);
  });

  it('a vote that lacks its supermajority at the deadline is rejected by the scheduler', async () => {
    await command('dave', 'vote', 'setting', { key: 'deadline.ordersDays', value: '9' });
    const msg = voteMessage();
    await react('dave', msg.id, '✅');
    app.clock.advance(73 * 3_600_000);
    expect(await bot.tick()).toBe(1);
    expect((await campaignInChannel(app, channelId))!.votes.at(-1)!.status).toBe('rejected');
    expect(standIn.message(msg.id)!.content).toContain('**rejected**');
  });

  it('UTD1.7 /vote withdraw: the proposer takes back an open vote; its message says so and reactions no longer count', async () => {
    await command('bob', 'vote', 'setting', { key: 'deadline.ordersDays', value: '12' });
    const msg = voteMessage();
    await react('bob', msg.id, '✅');
    const id = (await campaignInChannel(app, channelId))!.votes.at(-1)!.id;
    const refused = await command('alice', 'vote', 'withdraw', { vote: id });
    expect((await refused.firstResponse()).content).toContain('Only bob, who proposed vote');
    await command('bob', 'vote', 'withdraw', { vote: id });
    expect(standIn.channelMessages(channelId).at(-1)!.content).toContain(`bob withdraws vote ${id}`);
    expect(standIn.message(msg.id)!.content).toContain('**withdrawn by its proposer**');
    for (const u of ['alice', 'carol']) await react(u, msg.id, '✅');
    const state = (await campaignInChannel(app, channelId))!;
    expect(state.votes.at(-1)!.status).toBe('withdrawn');
    expect(state.settings['deadline.ordersDays']).not.toBe(12);
  });

  it('UTD1.7 a live tally is never overwritten by an older one: a tally already shown for a newer version wins', async () => {
    await command('dave', 'vote', 'setting', { key: 'income.perMine', value: '150' });
    const msg = voteMessage();
    await react('alice', msg.id, '✅');
    expect(standIn.message(msg.id)!.content).toMatch(/✅ 1 \(alice\)/);
    // Another bot process has already shown the tally of a later campaign version than this one will read.
    const row = (await findCampaignByChannel(tdb.database.db, channelId, stateLayout))!;
    const shown = row.version + 50;
    const [newer] = await tdb.database.db
      .insert(outbox)
      .values({
        campaignId: row.id,
        channelId,
        version: shown,
        fromSeq: shown,
        kind: 'vote-tally',
        subject: row.state.votes.at(-1)!.id,
        payload: {},
        progress: { renderedVersion: shown },
        createdAt: new Date(),
        sentAt: new Date(),
      })
      .returning({ id: outbox.id });
    const edits = () =>
      standIn.log.filter((r) => r.method === 'PATCH' && r.path.endsWith(`/messages/${msg.id}`)).length;
    const before = edits();
    await react('bob', msg.id, '✅');
    expect(edits()).toBe(before);
    expect(standIn.message(msg.id)!.content).toMatch(/✅ 1 \(alice\)/);
    // Once no newer tally is shown, the next edit writes the tally of the campaign as it is now.
    await tdb.database.db.delete(outbox).where(eq(outbox.id, newer!.id));
    await react('carol', msg.id, '❌');
    expect(edits()).toBe(before + 1);
    expect(standIn.message(msg.id)!.content).toMatch(/✅ 2 \(alice, bob\)/);
  });
});
