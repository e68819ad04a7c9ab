import { ShardingManager } from 'discord.js';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, loadDotEnv } from './config.ts';

/**
 * `npm run start:shards`: the bot as several discord.js shard processes (discord.js's own
 * sharding). Every shard runs the bot's main module against the same PostgreSQL server; each
 * command, deadline and vote close is one transaction under the campaign's row lock, and the rules
 * refuse what was already done, so no two processes ever apply the same thing twice (see
 * test/multiprocess). PGlite cannot be shared between processes: sharding needs DATABASE_URL.
 */
async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig(process.env, { token: true });
  if (!config.DATABASE_URL)
    throw new ConfigError(
      'Sharding needs a PostgreSQL server: set DATABASE_URL (the embedded PGlite database belongs to one process).',
    );
  // Built (`npm run build`, dist/bot/shards.js) the shards run the built main.js; from source (tsx) main.ts.
  const fromSource = import.meta.url.endsWith('.ts');
  const manager = new ShardingManager(fileURLToPath(new URL(fromSource ? './main.ts' : './main.js', import.meta.url)), {
    token: config.DISCORD_TOKEN!,
    totalShards: process.env.SHARDS ? Number(process.env.SHARDS) : 'auto',
    // Built, each shard gets the Node flags `npm run start:shards` gave this process (package.json).
    execArgv: fromSource ? ['--import', 'tsx'] : process.execArgv,
  });
  manager.on('shardCreate', (shard) => console.log(`shard ${shard.id} launched`));
  await manager.spawn();
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
