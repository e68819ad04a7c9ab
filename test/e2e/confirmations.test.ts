import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../commands/index.ts';
import { versionedCampaign } from '../../src/app/campaigns.ts';
import { runCommand } from '../../src/app/run-command.ts';
import { startBot, type Bot } from '../../src/discord/bot.ts';
import {
  DiscordStandIn,
  standInClientOptions,
  type InteractionHandle,
  type StoredMessage,
} from '../../src/discord/standin/index.ts';
import { actor, testApp } from '../helpers/app.ts';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases.ts';

/** Confirmation buttons on irreversible steps, through the real discord.js client (UTD6.121). */
describe('confirmation buttons carry the campaign version', () => {
  let standIn: DiscordStandIn;
  let bot: Bot;
  let tdb: TestDatabase;
  let app: ReturnType<typeof testApp>;
  let guildId: string;
  let channelId: string;
  const users: Record<string, string> = {};
  /** Seat order: the first player to move, then the second. */
  let first: string;
  let second: string;

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
    guildId = standIn.addGuild({ name: 'Confirm' }).id;
    channelId = standIn.addChannel(guildId, { name: 'confirm' }).id;
    for (const name of ['alice', 'bob']) users[name] = standIn.addUser({ username: name }).id;
    standIn.registerCommands(
      COMMANDS.map((c) => c.data),
      guildId,
    );
    // The campaign is set up through the use cases (the commands for it are tested elsewhere).
    const target = { guildId, channelId };
    const must = async (userId: string, command: Parameters<typeof runCommand>[1]['command']) => {
      const name = Object.keys(users).find((n) => users[n] === userId)!;
      const r = await runCommand(app, { target, actor: actor(userId, { displayName: name }), command });
      if (!r.ok) throw new Error(r.error.message);
    };
    await must(users['alice']!, { type: 'create', name: 'Confirm' });
    await must(users['alice']!, { type: 'join', empire: 'lyran' });
    await must(users['bob']!, { type: 'join', empire: 'kzinti' });
    await must(users['alice']!, { type: 'map-generate', sectorsPerPlayer: 3 });
    for (const u of ['alice', 'bob']) await must(users[u]!, { type: 'map-approve' });
    app.testHooks!.forcedDice.push(900, 100); // UTD8.14: alice rolls high and moves first
    await must(users['alice']!, { type: 'start' });
    for (const u of ['alice', 'bob']) await must(users[u]!, { type: 'setup-ready', ready: true });
    first = users['alice']!;
    second = users['bob']!;
    bot = await start();
  });
  afterAll(async () => {
    await bot?.stop();
    await standIn?.stop();
    await tdb?.drop();
  });

  const state = async () => (await versionedCampaign(app, channelId))!;

  async function command(
    userId: string,
    name: string,
    subcommand: string | undefined,
    args: Record<string, string | number | boolean> = {},
  ): Promise<InteractionHandle> {
    const h = await standIn.invokeCommand({
      guildId,
      channelId,
      userId,
      name,
      ...(subcommand ? { subcommand } : {}),
      args,
    });
    await h.firstResponse();
    await bot.whenIdle();
    return h;
  }

  function buttons(message: StoredMessage | undefined): { id: string; label: string }[] {
    const rows = (message?.components ?? []) as { components?: { custom_id: string; label: string }[] }[];
    return rows.flatMap((r) => r.components ?? []).map((b) => ({ id: b.custom_id, label: b.label }));
  }

  async function click(userId: string, prompt: StoredMessage, label: 'Confirm' | 'Cancel'): Promise<InteractionHandle> {
    const id = buttons(prompt).find((b) => b.label === label)!.id;
    const h = await standIn.clickButton({ channelId, messageId: prompt.id, userId, customId: id });
    await h.firstResponse();
    await bot.whenIdle();
    return h;
  }

  const followUp = (h: InteractionHandle) => h.responses().find((r) => r.kind === 'followup');

  it('UTD2.1 a player who may not end the turn is refused at once, without buttons', async () => {
    const h = await command(second, 'turn', 'end');
    const [reply] = h.responses();
    expect(reply).toMatchObject({ kind: 'reply', ephemeral: true });
    expect(buttons(h.original())).toEqual([]);
    expect(reply!.content).toContain("It is alice's turn, not bob's.");
    expect(reply!.content).toContain('Rule UTD2.1');
  });

  it('UTD2.3 /turn end asks first: an ephemeral prompt with Confirm and Cancel carrying the campaign version; nothing changes', async () => {
    const before = await state();
    const h = await command(first, 'turn', 'end');
    expect(h.responses()[0]).toMatchObject({ kind: 'reply', ephemeral: true });
    expect(h.original()!.content).toContain('End your turn?');
    expect(buttons(h.original()).map((b) => b.label)).toEqual(['Confirm', 'Cancel']);
    expect(buttons(h.original())[0]!.id).toMatch(new RegExp(`^confirm:yes:[0-9a-f]{12}:${before.version}$`));
    expect((await state()).version).toBe(before.version);
  });

  it('Cancel removes the buttons and does nothing', async () => {
    const before = await state();
    const h = await command(first, 'turn', 'end');
    const press = await click(first, h.original()!, 'Cancel');
    expect(press.responses()[0]!.kind).toBe('update');
    expect(standIn.message(h.original()!.id)!.content).toContain('Cancelled');
    expect(buttons(standIn.message(h.original()!.id))).toEqual([]);
    expect((await state()).version).toBe(before.version);
    expect((await state()).state.turn!.playerId).toBe(first);
  });

  it('UTD2.3 Confirm ends the turn: the announcement is public and the next player is called', async () => {
    const h = await command(first, 'turn', 'end');
    const press = await click(first, h.original()!, 'Confirm');
    const answer = followUp(press)!;
    expect(answer.ephemeral).toBe(false);
    expect(bot.router.outcomes.get(press.id)).toEqual({ ok: true });
    expect((await state()).state.turn!.playerId).toBe(second);
    expect(standIn.channelMessages(channelId).at(-1)!.content).toContain(`<@${second}>`);
  });

  it('UTD2.3 a stale button is refused: the campaign changed since the prompt, so nothing is done', async () => {
    const h = await command(second, 'turn', 'end');
    const asked = await state();
    // Something happens in between: a vote is opened, which changes the campaign version.
    await command(first, 'vote', 'setting', { key: 'vote.windowHours', value: '48' });
    expect((await state()).version).toBeGreaterThan(asked.version);
    const press = await click(second, h.original()!, 'Confirm');
    const answer = followUp(press)!;
    expect(answer.ephemeral).toBe(true);
    expect(answer.content).toContain(`version ${asked.version} →`);
    expect(answer.content).toContain('Rule UTD2.3');
    expect(answer.content).toContain('/turn end');
    expect(bot.router.outcomes.get(press.id)).toEqual({ ok: false });
    expect((await state()).state.turn!.playerId).toBe(second);
  });

  it('UTD6.3F /fleet scrap of a fleet the player does not have is refused before any prompt', async () => {
    const h = await command(second, 'fleet', 'scrap', { fleet: '9', ships: 'all' });
    expect(h.responses()[0]).toMatchObject({ kind: 'reply', ephemeral: true });
    expect(buttons(h.original())).toEqual([]);
    expect(h.original()!.content).toMatch(/Rule UTD/);
  });

  it('a confirmation left too long expires; nothing is done', async () => {
    const h = await command(second, 'resign', undefined);
    expect(h.original()!.content).toContain('Resign from the campaign?');
    app.clock.advance(16 * 60_000);
    const _press = await click(second, h.original()!, 'Confirm');
    expect(standIn.message(h.original()!.id)!.content).toContain('no longer available');
    expect((await state()).state.players.find((p) => p.id === second)!.status).toBe('active');
  });

  it('after a restart the bot has forgotten the prompt: the button says so and nothing is done', async () => {
    const h = await command(second, 'resign', undefined);
    await bot.stop();
    bot = await start();
    await click(second, h.original()!, 'Confirm');
    expect(standIn.message(h.original()!.id)!.content).toContain('no longer available');
    expect((await state()).state.players.find((p) => p.id === second)!.status).toBe('active');
  });

  it('UTD3.91 /resign confirmed: the player resigns (public announcement)', async () => {
    const h = await command(second, 'resign', undefined);
    const press = await click(second, h.original()!, 'Confirm');
    expect(followUp(press)!.ephemeral).toBe(false);
    expect((await state()).state.players.find((p) => p.id === second)!.status).toBe('resigned');
  });

  it('the bot made no request the stand-in does not know', () => {
    expect(standIn.unknownRoutes()).toEqual([]);
  });
});
