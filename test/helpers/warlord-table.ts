import { COMMANDS } from '../../commands/index.ts';
import { type Bot, startBot } from '../../src/discord/bot.ts';
import { DiscordStandIn, standInClientOptions } from '../../src/discord/standin/index.ts';
import { testApp } from './app.ts';
import { type TestDatabase, createPgliteDatabase } from './databases.ts';

/** A Warlord table through Discord: the real bot on the stand-in, one channel, its users. */
export interface WarlordTable {
  tdb: TestDatabase;
  app: ReturnType<typeof testApp>;
  standIn: DiscordStandIn;
  bot: Bot;
  guildId: string;
  channelId: string;
}

/**
 * Starts the bot (no scheduler timer: the tests pass deadlines themselves) on a fresh PGlite
 * database with the clock at 2026-06-01 12:00, in a guild with one channel and the named users,
 * whose ids go into `users` by name.
 */
export async function startWarlordTable(
  channel: string,
  names: readonly string[],
  users: Record<string, string>,
): Promise<WarlordTable> {
  const tdb = await createPgliteDatabase();
  const app = testApp(tdb.database, { start: '2026-06-01T12:00:00Z' });
  const standIn = await DiscordStandIn.start();
  const guildId = standIn.addGuild({ name: 'Warlord' }).id;
  const channelId = standIn.addChannel(guildId, { name: channel }).id;
  for (const name of names) users[name] = standIn.addUser({ username: name }).id;
  standIn.registerCommands(
    COMMANDS.map((c) => c.data),
    guildId,
  );
  const bot = await startBot({
    app,
    token: standIn.token,
    commands: COMMANDS,
    clientOptions: standInClientOptions(standIn),
    schedulerIntervalMs: null,
  });
  return { tdb, app, standIn, bot, guildId, channelId };
}

/** Stops what startWarlordTable started (each part only if it was started). */
export async function stopWarlordTable(t: Partial<WarlordTable> | undefined): Promise<void> {
  await t?.bot?.stop();
  await t?.standIn?.stop();
  await t?.tdb?.drop();
}
