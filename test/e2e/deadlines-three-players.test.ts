import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../commands/index.ts';
import { campaignInChannel } from '../../src/app/campaigns.ts';
import { runCommand } from '../../src/app/run-command.ts';
import { startBot, type Bot } from '../../src/discord/bot.ts';
import { DiscordStandIn, standInClientOptions, type StoredMessage } from '../../src/discord/standin/index.ts';
import { actor, testApp } from '../helpers/app.ts';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases.ts';
import { reactAndSettle } from '../helpers/reactions.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * A 3-player campaign through the real discord.js client and the
 * stand-in, on the virtual clock. alice misses two orders deadlines and the bot forfeits both
 * turns (UTD3.31); the reminders come at the end of the target day (deadline.ordersTargetDays) and the default offsets (24 h, 1 h) and never twice;
 * the bot is down across a deadline and applies it once on boot; bob's extension votes (UTD3.32)
 * pass and fail by reactions, one of them across a restart.
 */
describe('three players, deadlines and votes through Discord', () => {
  let standIn: DiscordStandIn;
  let bot: Bot;
  let tdb: TestDatabase;
  let app: ReturnType<typeof testApp>;
  let guildId: string;
  let channelId: string;
  const users: Record<string, string> = {};

  /** The scheduler wakes only on `tick()`, except when a test boots with `atBoot` (catch-up on boot). */
  const start = (atBoot = false) =>
    startBot({
      app,
      token: standIn.token,
      commands: COMMANDS,
      clientOptions: standInClientOptions(standIn),
      schedulerIntervalMs: atBoot ? 20 * DAY : null,
    });

  beforeAll(async () => {
    tdb = await createPgliteDatabase();
    app = testApp(tdb.database, { start: '2026-11-21T12:00:00Z' });
    standIn = await DiscordStandIn.start();
    guildId = standIn.addGuild({ name: 'Deadlines' }).id;
    channelId = standIn.addChannel(guildId, { name: 'deadlines' }).id;
    for (const name of ['alice', 'bob', 'carol']) users[name] = standIn.addUser({ username: name }).id;
    standIn.registerCommands(
      COMMANDS.map((c) => c.data),
      guildId,
    );
    const target = { guildId, channelId };
    const must = async (name: string, command: Parameters<typeof runCommand>[1]['command']) => {
      const r = await runCommand(app, { target, actor: actor(users[name]!, { displayName: name }), command });
      if (!r.ok) throw new Error(r.error.message);
    };
    await must('alice', { type: 'create', name: 'Deadlines' });
    for (const [name, empire] of [
      ['alice', 'lyran'],
      ['bob', 'kzinti'],
      ['carol', 'hydran'],
    ] as const)
      await must(name, { type: 'join', empire });
    await must('alice', { type: 'map-generate', sectorsPerPlayer: 3 });
    for (const name of ['alice', 'bob', 'carol']) await must(name, { type: 'map-approve' });
    app.testHooks!.forcedDice.push(900, 500, 100); // UTD8.14: seats alice, bob, carol
    await must('alice', { type: 'start' });
    for (const name of ['alice', 'bob', 'carol']) await must(name, { type: 'setup-ready', ready: true });
    bot = await start();
  });
  afterAll(async () => {
    await bot?.stop();
    await standIn?.stop();
    await tdb?.drop();
  });

  const state = async () => (await campaignInChannel(app, channelId))!;
  const messages = () => standIn.channelMessages(channelId);
  const reminders = (name: string) =>
    messages().filter((m) => m.content.startsWith(`⏰ <@${users[name]}>, your orders are due`));
  const forfeits = (name: string) =>
    messages().filter((m) => m.content.includes(`⌛ <@${users[name]}> gave no orders by the deadline`));
  const voteMessage = (): StoredMessage => [...messages()].reverse().find((m) => m.content.startsWith('🗳️ **Vote'))!;

  async function command(
    name: string,
    command: string,
    subcommand: string,
    args: Record<string, string | number | boolean> = {},
  ) {
    const h = await standIn.invokeCommand({
      guildId,
      channelId,
      userId: users[name]!,
      name: command,
      subcommand,
      args,
    });
    await h.firstResponse();
    await bot.whenIdle();
    return h;
  }

  async function react(name: string, messageId: string, emoji: string) {
    await reactAndSettle(standIn, bot, { channelId, messageId, userId: users[name]!, emoji });
  }

  /** Moves the virtual clock to `at` and lets the scheduler run once. */
  async function at(when: number) {
    app.clock.set(new Date(when));
    return bot.tick();
  }

  let aliceDeadline: number;

  it('UTD3.3 ISS-A09 reminders come at the end of the target day (96 h before the deadline) and 24 h before it, once each, mentioning alice', async () => {
    const s = await state();
    expect(s.turn!.playerId).toBe(users['alice']);
    aliceDeadline = new Date(s.turn!.deadline!).getTime();
    expect(await at(aliceDeadline - 96 * HOUR - 60_000)).toBe(0);
    expect(reminders('alice')).toHaveLength(0);
    await at(aliceDeadline - 96 * HOUR + 60_000);
    expect(reminders('alice')).toHaveLength(1);
    expect(reminders('alice')[0]!.content).toContain(`<t:${aliceDeadline / 1000}:R>`);
    expect(reminders('alice')[0]!.content).toContain(
      'your turn is forfeited; orders you have given stand and the turn ends then (UTD3.31)',
    );
    expect(await at(aliceDeadline - 30 * HOUR)).toBe(0);
    await at(aliceDeadline - 24 * HOUR + 60_000);
    expect(reminders('alice')).toHaveLength(2);
    expect(await at(aliceDeadline - 23 * HOUR)).toBe(0);
    expect(reminders('alice')).toHaveLength(2);
  });

  it('UTD3.31 the bot is down across the deadline: on boot the turn is forfeited once and no stale reminder is posted', async () => {
    await bot.stop();
    app.clock.set(new Date(aliceDeadline + 2 * HOUR));
    bot = await start(true); // the boot pass catches up
    await bot.whenIdle();
    expect(forfeits('alice')).toHaveLength(1);
    expect(reminders('alice')).toHaveLength(2);
    const s = await state();
    expect(s.turn!.playerId).toBe(users['bob']);
    expect(s.players.find((p) => p.id === users['alice'])!.consecutiveForfeits).toBe(1);
    // Another pass, and another restart, change nothing.
    expect(await bot.tick()).toBe(0);
    await bot.stop();
    bot = await start(true);
    await bot.whenIdle();
    expect(forfeits('alice')).toHaveLength(1);
    expect(reminders('alice')).toHaveLength(2);
  });

  it('UTD3.32 an extension vote passed by reactions: 2 of 3 say yes and the deadline moves 3 days', async () => {
    const before = new Date((await state()).turn!.deadline!).getTime();
    await command('bob', 'turn', 'extension', { real_life: false, days: 3 });
    const msg = voteMessage();
    expect(msg.content).toContain('2 of 3 players must say yes');
    await react('alice', msg.id, '✅');
    expect((await state()).turn!.deadline).toBe(new Date(before).toISOString());
    await react('carol', msg.id, '✅');
    expect((await state()).votes.at(-1)!.status).toBe('passed');
    expect(new Date((await state()).turn!.deadline!).getTime() - before).toBe(3 * DAY);
  });

  it('UTD3.32 an extension vote that fails: two no of three reject it at once and the deadline stays', async () => {
    const before = (await state()).turn!.deadline;
    await command('bob', 'turn', 'extension', { real_life: false, days: 5 });
    const msg = voteMessage();
    await react('alice', msg.id, '❌');
    await react('carol', msg.id, '❌');
    expect((await state()).votes.at(-1)!.status).toBe('rejected');
    expect((await state()).turn!.deadline).toBe(before);
    expect(standIn.message(msg.id)!.content).toContain('**rejected**');
  });

  it('UTD3.32 a restart in the middle of an open vote counts the reactions made while the bot was down', async () => {
    const before = new Date((await state()).turn!.deadline!).getTime();
    await command('bob', 'turn', 'extension', { real_life: false, days: 2 });
    const msg = voteMessage();
    await react('alice', msg.id, '✅');
    await bot.stop();
    await standIn.addReaction({ channelId, messageId: msg.id, userId: users['carol']!, emoji: '✅' });
    bot = await start();
    await bot.whenIdle();
    expect((await state()).votes.at(-1)!.status).toBe('passed');
    expect(new Date((await state()).turn!.deadline!).getTime() - before).toBe(2 * DAY);
    expect(standIn.message(msg.id)!.content).toContain('**passed**');
  });

  it('UTD3.31 alice misses her second deadline: forfeited again, two in a row, and the turn passes on', async () => {
    // bob and carol end their turns (confirming the buttons); then it is alice's turn again.
    for (const name of ['bob', 'carol']) {
      const h = await command(name, 'turn', 'end');
      const confirm = (h.original()!.components as { components: { custom_id: string }[] }[])[0]!.components[0]!
        .custom_id;
      const press = await standIn.clickButton({
        channelId,
        messageId: h.original()!.id,
        userId: users[name]!,
        customId: confirm,
      });
      await press.firstResponse();
      await bot.whenIdle();
    }
    const s = await state();
    expect(s.turn!.playerId).toBe(users['alice']);
    const deadline = new Date(s.turn!.deadline!).getTime();
    await at(deadline - 1 * HOUR + 60_000);
    expect(reminders('alice')).toHaveLength(3); // the target-day and 24 h ones of this turn fell while the clock jumped: only the latest is posted
    await at(deadline + 60_000);
    expect(forfeits('alice')).toHaveLength(2);
    const after = await state();
    expect(after.players.find((p) => p.id === users['alice'])!.consecutiveForfeits).toBe(2);
    expect(after.players.find((p) => p.id === users['alice'])!.status).toBe('active');
    expect(after.turn!.playerId).not.toBe(users['alice']);
  });

  it('UTD1.7 /dice reveal by reactions publishes the seed and commits a fresh one; /dice verify then checks every roll', async () => {
    const secret = await command('carol', 'dice', 'verify');
    expect(secret.original()!.content).toContain('🔒 The seed is still secret');
    await command('carol', 'dice', 'reveal');
    const msg = voteMessage();
    expect(msg.content).toContain('Reveal the secret dice seed now');
    await react('alice', msg.id, '✅');
    await react('bob', msg.id, '✅');
    expect(
      messages().some((m) =>
        m.content.includes('🔓 The secret dice seed is revealed (the players voted for it (UTD1.7))'),
      ),
    ).toBe(true);
    expect(messages().some((m) => m.content.includes('🔒 A fresh secret dice seed is committed'))).toBe(true);
    const verify = await command('carol', 'dice', 'verify');
    expect(verify.original()!.content).toMatch(
      /^✅ Seed matches its commitment\.\n\d+ rolls \(\d+ dice\): \d+ recomputed exactly, 3 forced \(test only\), 0 mismatches\./,
    );
  });

  it('the bot made no request the stand-in does not know', () => {
    expect(standIn.unknownRoutes()).toEqual([]);
  });
});
