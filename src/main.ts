import { COMMANDS } from '../commands/index.ts';
import { openConfiguredDatabase, productionApp } from './app/open.ts';
import { ConfigError, loadConfig, loadDotEnv } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';
import { startBot } from './discord/bot.ts';
import { createLogger } from './log.ts';

/** `npm start`: the bot on Discord, with PostgreSQL (DATABASE_URL) or embedded PGlite (DATA_DIR). */
async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig(process.env, { token: true });
  const log = createLogger(config.LOG_LEVEL);
  const database = await openConfiguredDatabase(config);
  log.info({ database: database.kind, where: database.where }, 'database ready');
  const app = productionApp(database, log);
  const bot = await startBot({
    app,
    token: config.DISCORD_TOKEN!,
    commands: COMMANDS,
    adminRoleName: config.CAMPAIGN_ADMIN_ROLE,
    schedulerIntervalMs: config.SCHEDULER_INTERVAL_SECONDS * 1000,
  });
  const shutdown = async (signal: string) => {
    log.info({ signal }, 'shutting down');
    await bot.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else if ((err as { code?: string }).code === 'TokenInvalid') {
    console.error(
      'Discord rejected DISCORD_TOKEN: reset the token in the Developer Portal and paste the new one into .env.',
    );
  } else {
    console.error(err);
  }
  process.exit(1);
});
