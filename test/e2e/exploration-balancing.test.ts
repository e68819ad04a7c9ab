import { ActionRowBuilder, ButtonBuilder, ButtonStyle } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../commands/index.ts';
import { versionedCampaign } from '../../src/app/campaigns.ts';
import { runCommand } from '../../src/app/run-command.ts';
import { runAfterCommand } from '../../src/discord/after-command.ts';
import { startBot, type Bot } from '../../src/discord/bot.ts';
import {
  DiscordStandIn,
  standInClientOptions,
  type InteractionHandle,
  type StoredMessage,
} from '../../src/discord/standin/index.ts';
import { actor, testApp } from '../helpers/app.ts';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases.ts';

/** Two homes with two lanes each and unknown sectors around them. */
const MAP = {
  title: 'Balance pair',
  sectors: [
    { key: 'H1', x: 100, y: 100, home: 0 },
    { key: 'H2', x: 900, y: 100, home: 1 },
    { key: 'A', x: 300, y: 200 },
    { key: 'B', x: 200, y: 350 },
    { key: 'C', x: 700, y: 200 },
    { key: 'D', x: 800, y: 350 },
    { key: 'X', x: 500, y: 450 },
    { key: 'E', x: 900, y: 600 },
  ],
  lanes: [
    ['H1', 'A'],
    ['H1', 'B'],
    ['H2', 'C'],
    ['H2', 'D'],
    ['A', 'X'],
    ['B', 'X'],
    ['C', 'X'],
    ['D', 'X'],
    ['A', 'B'],
    ['C', 'D'],
    ['D', 'E'],
  ],
};
const LANES = MAP.lanes as [string, string][];
const next = (from: string) => LANES.flatMap(([a, b]) => (a === from ? [b] : b === from ? [a] : []));

/**
 * Exploration balancing asked at the roll (UTD5.221–5.224), through the real discord.js client:
 * the question is posted with one button per answer the rules allow, pinging the explorer; the
 * explorer answers with a button or `/sector choose`; anyone else, an old button or an answer the
 * roll does not allow is refused in private, citing the rule, and changes nothing.
 *
 * The players vote `explore.balanceGap` = 1 and `explore.balanceCounts` = explored before the
 * start (ISS-A66), so bob's first exploration of a mineral sector puts alice one mineral sector
 * behind: UTD5.221 applies to her next exploration.
 */
describe('exploration balancing offered with buttons at the roll (UTD5.221–5.224)', () => {
  let standIn: DiscordStandIn;
  let bot: Bot;
  let tdb: TestDatabase;
  let app: ReturnType<typeof testApp>;
  let guildId: string;
  let channelId: string;
  const users: Record<string, string> = {};
  let alice: string;
  let bob: string;
  let carol: string;

  const state = async () => (await versionedCampaign(app, channelId))!;
  const must = async (userId: string, command: Parameters<typeof runCommand>[1]['command']) => {
    const name = Object.keys(users).find((n) => users[n] === userId) ?? userId;
    const r = await runCommand(app, {
      target: { guildId, channelId },
      actor: actor(userId, { displayName: name }),
      command,
    });
    if (!r.ok) throw new Error(r.error.message);
  };
  /** Moves the player's fleet 1 into an unknown sector next to it. */
  const explore = async (userId: string) => {
    const s = (await state()).state;
    const fleet = s.fleets.find((f) => f.owner === userId && f.slot === 1)!;
    const to = next(fleet.sector).find((k) => s.map!.sectors.find((x) => x.key === k)!.type === 'unknown');
    if (!to)
      throw new Error(
        `no unknown sector next to ${fleet.sector}: ${JSON.stringify(s.map!.sectors.map((x) => [x.key, x.type, x.owner]))} ${JSON.stringify(s.fleets.map((f) => [f.owner, f.sector]))}`,
      );
    await must(userId, { type: 'move', fleet: '1', to });
    return to;
  };
  const vote = async (key: string, value: string) => {
    await must(alice, { type: 'vote-setting', key, value });
    const id = (await state()).state.votes.at(-1)!.id;
    await must('system', { type: 'vote-attach', voteId: id, messageId: `m-${key}` });
    for (const u of [alice, bob])
      await must(u, { type: 'ballot', messageId: `m-${key}`, choice: 'yes', present: true });
  };

  let aliceSector: string;

  beforeAll(async () => {
    tdb = await createPgliteDatabase();
    app = testApp(tdb.database);
    standIn = await DiscordStandIn.start();
    guildId = standIn.addGuild({ name: 'Balance' }).id;
    channelId = standIn.addChannel(guildId, { name: 'balance' }).id;
    for (const name of ['alice', 'bob', 'carol']) users[name] = standIn.addUser({ username: name }).id;
    alice = users['alice']!;
    bob = users['bob']!;
    carol = users['carol']!;
    standIn.registerCommands(
      COMMANDS.map((c) => c.data),
      guildId,
    );
    await must(alice, { type: 'create', name: 'Balance' });
    await must(alice, { type: 'join', empire: 'lyran' });
    await must(bob, { type: 'join', empire: 'kzinti' });
    await must(alice, { type: 'map-import', json: JSON.stringify(MAP) });
    for (const u of [alice, bob]) await must(u, { type: 'map-approve' });
    await vote('explore.balanceGap', '1');
    await vote('explore.balanceCounts', 'explored');
    app.testHooks!.forcedDice.push(100, 900); // UTD8.14: bob rolls high and moves first
    await must(alice, { type: 'start' });
    await must(alice, { type: 'setup-buy', unitId: 'LYR-FF', fleetSlot: 1 });
    await must(bob, { type: 'setup-buy', unitId: 'KZI-FF', fleetSlot: 1 });
    for (const u of [alice, bob]) await must(u, { type: 'setup-ready', ready: true });
    // Bob explores a mineral sector (type 3, terrain 3, no NPE 6): alice is now one behind.
    await explore(bob);
    app.testHooks!.forcedDice.push(3, 3, 6);
    await must(bob, { type: 'end-turn' });
    // Alice explores and the type die shows dead (5): UTD5.221 lets her take a mineral sector instead.
    aliceSector = await explore(alice);
    app.testHooks!.forcedDice.push(5);
    await must(alice, { type: 'end-turn' });
    bot = await startBot({
      app,
      token: standIn.token,
      commands: COMMANDS,
      clientOptions: standInClientOptions(standIn),
      schedulerIntervalMs: null,
    });
    await bot.whenIdle();
  });
  afterAll(async () => {
    await bot?.stop();
    await standIn?.stop();
    await tdb?.drop();
  });

  function buttons(message: StoredMessage | undefined): { id: string; label: string }[] {
    const rows = (message?.components ?? []) as { components?: { custom_id: string; label: string }[] }[];
    return rows.flatMap((r) => r.components ?? []).map((b) => ({ id: b.custom_id, label: b.label }));
  }
  const question = () =>
    standIn
      .channelMessages(channelId)
      .filter((m) => buttons(m).some((b) => b.id.startsWith('cm:xa:')))
      .at(-1)!;
  async function click(userId: string, message: StoredMessage, label: string): Promise<InteractionHandle> {
    const id = buttons(message).find((b) => b.label === label)!.id;
    const h = await standIn.clickButton({ channelId, messageId: message.id, userId, customId: id });
    await h.firstResponse();
    await bot.whenIdle();
    return h;
  }
  async function command(userId: string, args: Record<string, string>): Promise<InteractionHandle> {
    const h = await standIn.invokeCommand({ guildId, channelId, userId, name: 'sector', subcommand: 'choose', args });
    await h.firstResponse();
    await bot.whenIdle();
    return h;
  }
  const reply = (h: InteractionHandle) => h.responses().find((r) => r.kind === 'reply' || r.kind === 'followup')!;

  it('UTD5.221 the question is posted in the channel with a button per allowed answer, pinging the explorer', async () => {
    const s = (await state()).state;
    expect(s.turn!.phase).toBe('exploration');
    const q = question();
    expect(q.content).toContain(`<@${alice}>`);
    expect(q.content).toContain('UTD5.221');
    expect(q.content).toContain('/sector choose');
    expect(buttons(q).map((b) => b.label)).toEqual(['Keep the roll', 'Mineral sector']);
    expect(buttons(q)[1]!.id).toBe(`cm:xa:${s.turn!.explorationOffer!.id}:mineral`);
    // The end of the turn says it waits; the question itself is posted once, with its buttons.
    const all = standIn.channelMessages(channelId).map((m) => m.content);
    expect(all.filter((c) => c.includes('⏸️ Step 7 waits')).length).toBe(1);
    expect(all.filter((c) => c.includes('the type die shows')).length).toBe(1);
  });

  it('UTD5.22 a button pressed by another player is refused in private, citing the rule; nothing changes', async () => {
    const before = await state();
    const h = await click(bob, question(), 'Mineral sector');
    expect(reply(h)).toMatchObject({ ephemeral: true });
    expect(reply(h).content).toContain('Rule UTD5.22');
    expect(bot.router.outcomes.get(h.id)).toEqual({ ok: false });
    expect((await state()).version).toBe(before.version);
  });

  it('UTD5.221 the explorer presses Mineral sector: announced in public, the sector is mineral, the turn goes on', async () => {
    const q = question();
    app.testHooks!.forcedDice.push(3, 6); // terrain on the mineral column, no NPE
    const h = await click(alice, q, 'Mineral sector');
    expect(reply(h).ephemeral).toBe(false);
    expect(reply(h).content).toContain('UTD5.221');
    expect(bot.router.outcomes.get(h.id)).toEqual({ ok: true });
    const s = (await state()).state;
    expect(s.map!.sectors.find((x) => x.key === aliceSector)!.type).toBe('mineral');
    expect(s.turn!.playerId).toBe(bob);
    expect(s.turn!.phase).toBe('orders');
  });

  it('UTD5.22 the button of an answered question is refused in private as stale; nothing changes', async () => {
    const before = await state();
    const h = await click(alice, question(), 'Keep the roll');
    expect(reply(h).ephemeral).toBe(true);
    expect(reply(h).content).toMatch(/^⌛ This balancing question was already answered \(UTD5\.22\)/);
    expect(bot.router.outcomes.get(h.id)).toEqual({ ok: false });
    expect((await state()).version).toBe(before.version);
  });

  it('UTD5.22 a button posted with the older `explore:` id is answered by the same handler (here: stale)', async () => {
    // A question posted before the buttons moved to `cm:xa:` ids (docs/components.md).
    const channel = await bot.client.channels.fetch(channelId);
    if (!channel?.isSendable()) throw new Error('channel not sendable');
    const old = await channel.send({
      content: 'an older question',
      components: [
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder().setCustomId('explore:1:keep').setLabel('Keep the roll').setStyle(ButtonStyle.Secondary),
        ),
      ],
    });
    await bot.whenIdle();
    const before = await state();
    const h = await click(alice, standIn.channelMessages(channelId).find((m) => m.id === old.id)!, 'Keep the roll');
    expect(reply(h).ephemeral).toBe(true);
    expect(reply(h).content).toMatch(/^⌛ This balancing question was already answered \(UTD5\.22\)/);
    expect((await state()).version).toBe(before.version);
  });

  it('UTD5.22 /sector choose with no question open is refused in private', async () => {
    const before = await state();
    const h = await command(alice, { answer: 'keep' });
    expect(reply(h).ephemeral).toBe(true);
    expect(reply(h).content).toContain('Rule UTD5.22');
    expect((await state()).version).toBe(before.version);
  });

  it('UTD5.221 /sector choose refuses an answer the roll does not allow at a new question', async () => {
    // Bob explores a second mineral sector: alice (home and the first) is one behind again.
    await explore(bob);
    app.testHooks!.forcedDice.push(3, 3, 6);
    await must(bob, { type: 'end-turn' });
    const second = await explore(alice);
    app.testHooks!.forcedDice.push(1); // life: UTD5.221 may change it to mineral
    const r = await runCommand(app, {
      target: { guildId, channelId },
      actor: actor(alice, { displayName: 'alice' }),
      command: { type: 'end-turn' },
    });
    expect(r.ok).toBe(true);
    // The question is posted as after any command (the deliverer), so its buttons can be pressed next.
    await runAfterCommand(bot.client, r, { via: 'scheduler', app, channelId });
    await bot.whenIdle();
    expect((await state()).state.turn!.phase).toBe('exploration');

    const before = await state();
    const refused = await command(alice, { answer: 'life' });
    expect(reply(refused).ephemeral).toBe(true);
    expect(reply(refused).content).toContain('Rule UTD5.221');
    expect((await state()).version).toBe(before.version);
    secondSector = second;
  });

  let secondSector: string;

  it('UTD3.2 only the explorer or their proxy may press: others are refused in private; the proxy answers for them', async () => {
    const q = question();
    expect(buttons(q)[0]!.id).toBe(`cm:xa:${(await state()).state.turn!.explorationOffer!.id}:keep`);
    const before = await state();
    // A stranger, and a fellow player without alice's proxy: refused, citing the rule; nothing changes.
    for (const who of [carol, bob]) {
      const h = await click(who, q, 'Mineral sector');
      expect(reply(h).ephemeral).toBe(true);
      expect(reply(h).content).toContain('Rule UTD5.22');
      expect(bot.router.outcomes.get(h.id)).toEqual({ ok: false });
    }
    expect((await state()).version).toBe(before.version);
    // Alice grants bob her proxy: his press now answers for her.
    await must(alice, { type: 'proxy-grant', userId: bob, expiresAt: null });
    app.testHooks!.forcedDice.push(3, 6);
    const h = await click(bob, q, 'Mineral sector');
    expect(reply(h).ephemeral).toBe(false);
    expect(bot.router.outcomes.get(h.id)).toEqual({ ok: true });
    const s = (await state()).state;
    expect(s.map!.sectors.find((x) => x.key === secondSector)!.type).toBe('mineral');
    expect(s.turn!.phase).toBe('orders');
    await must(alice, { type: 'proxy-revoke', userId: bob });
  });

  it('UTD5.22 when nobody answers for 24 hours the scheduler lets the standing instruction answer, and says so', async () => {
    // Bob explores a third mineral sector; alice explores again and the die shows dead.
    await explore(bob);
    app.testHooks!.forcedDice.push(3, 3, 6);
    await must(bob, { type: 'end-turn' });
    await must(alice, { type: 'balancing', mode: 'mineral' });
    const third = await explore(alice);
    app.testHooks!.forcedDice.push(5);
    await must(alice, { type: 'end-turn' });
    expect((await state()).state.turn!.phase).toBe('exploration');
    app.clock.advance(23 * 3_600_000);
    expect(await bot.tick()).toBe(0);
    expect((await state()).state.turn!.phase).toBe('exploration');
    app.clock.advance(3_600_000);
    app.testHooks!.forcedDice.push(3, 6);
    expect(await bot.tick()).toBeGreaterThan(0);
    await bot.whenIdle();
    const s = (await state()).state;
    expect(s.map!.sectors.find((x) => x.key === third)!.type).toBe('mineral');
    expect(s.turn).toMatchObject({ playerId: bob, phase: 'orders' });
    const said = standIn.channelMessages(channelId).map((m) => m.content);
    expect(said.some((c) => c.includes('did not answer in time') && c.includes('`mineral`'))).toBe(true);
  });

  it('the bot made no request the stand-in does not know', () => {
    expect(standIn.unknownRoutes()).toEqual([]);
  });
});
