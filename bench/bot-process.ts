/**
 * A bot process for the cold-start and memory figures: it opens the database (running the
 * migrations), starts the real bot logged in to a Discord stand-in run by the bench (the address
 * and token come as arguments), lets the scheduler make its boot pass, and prints
 * `ready {…timings}`. With `serve` it then stays up: on the line `memory` it collects garbage and
 * prints `memory {rss, heapUsed}`; on `stop` it shuts down.
 *
 *   tsx bench/bot-process.ts <pglite|postgres> <dataDir|url> <restBase> <token> <clockIso> [serve]
 */
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import pino from 'pino';
import { COMMANDS } from '../commands/index.ts';
import { builtInCatalogs } from '../src/app/catalogs.ts';
import { randomIds, randomSeeds, type AppContext } from '../src/app/context.ts';
import { VirtualClock } from '../src/clock.ts';
import { openDatabase } from '../src/db/client.ts';
import { startBot } from '../src/discord/bot.ts';

const modulesLoaded = performance.now();
const [kind, where, restBase, token, clockIso, mode] = process.argv.slice(2);
if (!kind || !where || !restBase || !token || !clockIso) throw new Error('usage: bot-process.ts <pglite|postgres> <dataDir|url> <restBase> <token> <clockIso> [serve]');

const database = await openDatabase(kind === 'postgres' ? { kind: 'postgres', url: where } : { kind: 'pglite', dataDir: where });
const databaseOpen = performance.now();
// Production wiring but for two things. The clock: the bench campaigns live at the playground's
// date, so the scheduler's boot pass finds what a real restart would (nothing overdue) whatever
// today is. And empty test hooks (no dice are ever forced): with them the router leaves out the
// per-user rate limit, which would otherwise slow the one bench user driving 50 campaigns.
const app: AppContext = {
  database,
  clock: new VirtualClock(clockIso),
  log: pino({ level: 'silent' }),
  ids: randomIds,
  seeds: randomSeeds,
  catalogs: builtInCatalogs(),
  testHooks: { forcedDice: [], nextSeed: null },
};
const bot = await startBot({
  app,
  token,
  commands: COMMANDS,
  clientOptions: { rest: { api: restBase }, ws: { buildIdentifyThrottler: () => ({ waitForIdentify: async () => {} }) } },
  schedulerIntervalMs: 30_000,
});
const ready = performance.now();
// `performance.now()` counts from the start of the process.
console.log(`ready ${JSON.stringify({ modulesMs: modulesLoaded, databaseMs: databaseOpen - modulesLoaded, botMs: ready - databaseOpen, uptimeMs: ready })}`);

async function stop(): Promise<void> {
  await bot.stop();
  await database.close();
}

if (mode !== 'serve') {
  await stop();
  process.exit(0);
}

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'memory') {
    await bot.whenIdle();
    gc();
    const m = process.memoryUsage();
    console.log(`memory ${JSON.stringify({ rss: m.rss, heapUsed: m.heapUsed, external: m.external })}`);
  } else if (line === 'stop') {
    await stop();
    process.exit(0);
  }
}
