import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../commands/index.ts';
import { versionedCampaign } from '../../src/app/campaigns.ts';
import { runCommand } from '../../src/app/run-command.ts';
import { startBot, type Bot } from '../../src/discord/bot.ts';
import { DiscordStandIn, standInClientOptions, type StoredMessage } from '../../src/discord/standin/index.ts';
import { actor, testApp } from '../helpers/app.ts';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases.ts';

type Row = { components?: { custom_id: string; label?: string; type: number; options?: { value: string }[] }[] };

/**
 * The buttons are part of the post the outbox delivers (docs/delivery.md, docs/components.md): a
 * turn start committed while no bot ran is posted by the next bot with its buttons, and a press on
 * them works in that process, which remembers nothing of the post.
 */
describe('buttons survive the outbox: a turn post delivered after a restart carries them, and they work', () => {
  let standIn: DiscordStandIn;
  let bot: Bot;
  let tdb: TestDatabase;
  let app: ReturnType<typeof testApp>;
  let channelId: string;
  const users: Record<string, string> = {};

  beforeAll(async () => {
    tdb = await createPgliteDatabase();
    app = testApp(tdb.database);
    standIn = await DiscordStandIn.start();
    const guildId = standIn.addGuild({ name: 'Outbox' }).id;
    channelId = standIn.addChannel(guildId, { name: 'outbox' }).id;
    for (const name of ['alice', 'bob']) users[name] = standIn.addUser({ username: name }).id;
    standIn.registerCommands(
      COMMANDS.map((c) => c.data),
      guildId,
    );
    // Every command runs before any bot: the turn start waits in the outbox.
    const target = { guildId, channelId };
    const must = async (name: string, command: Parameters<typeof runCommand>[1]['command']) => {
      const r = await runCommand(app, { target, actor: actor(users[name]!, { displayName: name }), command });
      if (!r.ok) throw new Error(r.error.message);
    };
    await must('alice', { type: 'create', name: 'Outbox' });
    await must('alice', { type: 'join', empire: 'lyran' });
    await must('bob', { type: 'join', empire: 'kzinti' });
    await must('alice', { type: 'map-generate', sectorsPerPlayer: 3 });
    for (const u of ['alice', 'bob']) await must(u, { type: 'map-approve' });
    app.testHooks!.forcedDice.push(900, 100); // UTD8.14: alice moves first
    await must('alice', { type: 'start' });
    for (const u of ['alice', 'bob']) await must(u, { type: 'setup-ready', ready: true });
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

  const components = (m: StoredMessage | undefined) =>
    ((m?.components ?? []) as Row[]).flatMap((r) => r.components ?? []);

  it('UTD3.3 the turn post recovered from the outbox carries Move a fleet, Buy order points and End turn', () => {
    const post = standIn.channelMessages(channelId).find((m) => m.content.includes('it is <@'))!;
    expect(post).toBeDefined();
    expect(components(post).map((c) => c.label)).toEqual(['Move a fleet', 'Buy order points', 'End turn']);
    expect(components(post).every((c) => c.custom_id.startsWith('cm:') && c.custom_id.length <= 100)).toBe(true);
  });

  it('UTD6.21 Buy order points on that post offers what the rules sell, and a pick buys it in one command', async () => {
    const post = standIn.channelMessages(channelId).find((m) => m.content.includes('it is <@'))!;
    const buy = components(post).find((c) => c.label === 'Buy order points')!;
    const before = await versionedCampaign(app, channelId);
    const press = await standIn.clickButton({
      channelId,
      messageId: post.id,
      userId: users['alice']!,
      customId: buy.custom_id,
    });
    await press.firstResponse();
    await bot.whenIdle();
    const menuMessage = press.original()!;
    expect(menuMessage.ephemeral).toBe(true);
    const menu = components(menuMessage)[0]!;
    expect(menu.custom_id).toBe(`cm:to:${before!.version}`);
    expect(menu.options!.map((o) => o.value)).toContain('t1');
    expect((await versionedCampaign(app, channelId))!.version).toBe(before!.version);
    const pick = await standIn.selectMenu({
      channelId,
      messageId: menuMessage.id,
      userId: users['alice']!,
      customId: menu.custom_id,
      values: ['t1'],
    });
    await pick.firstResponse();
    await bot.whenIdle();
    const after = await versionedCampaign(app, channelId);
    expect(after!.state.turn!.opsTempBought).toBe(1);
    const announced = pick.responses().find((r) => r.kind === 'followup')!;
    expect(announced.ephemeral).toBe(false);
    expect(announced.content).toContain('buys 1 temporary order point');
    // The menu was taken away: it cannot be used twice.
    expect(components(standIn.message(menuMessage.id))).toEqual([]);
  });
});
