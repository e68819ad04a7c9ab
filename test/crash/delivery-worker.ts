/**
 * A bot process for the delivery crash test (delivery.test.ts): the real bot (`startBot`) on a
 * PGlite folder or PostgreSQL, logged in to the test's Discord stand-in. With a crash point it
 * kills itself (SIGKILL, nothing flushed) the first time a delivery reaches that point; without
 * one it boots, finishes what was pending, prints `ready`, runs a scheduler pass on `tick`, and
 * stops cleanly on `stop`.
 *
 *   node --import tsx delivery-worker.ts <pglite|postgres> <dir|url> <restBase> <token> [crashPoint]
 */
import { createHash } from 'node:crypto';
import { createInterface } from 'node:readline';
import pino from 'pino';
import { COMMANDS } from '../../commands/index.ts';
import { catalogSource } from '../../src/app/catalogs.ts';
import { randomIds, type AppContext } from '../../src/app/context.ts';
import { outboxRepo } from '../../src/app/outbox.ts';
import { systemClock } from '../../src/clock.ts';
import { openDatabase } from '../../src/db/client.ts';
import { startBot } from '../../src/discord/bot.ts';

const [kind, where, restBase, token, crashAt] = process.argv.slice(2);
let armed = false;
if (!kind || !where || !restBase || !token)
  throw new Error('usage: delivery-worker.ts <kind> <where> <restBase> <token> [crashPoint]');
const database = await openDatabase(
  kind === 'postgres' ? { kind: 'postgres', url: where } : { kind: 'pglite', dataDir: where },
);
const app: AppContext = {
  database,
  clock: systemClock,
  log: pino({ level: process.env['CRASH_DEBUG'] ? 'debug' : 'silent' }),
  ids: randomIds,
  seeds: { newSeed: () => createHash('sha256').update('delivery-crash').digest('hex') },
  catalogs: catalogSource(database),
  testHooks: {
    forcedDice: [],
    nextSeed: null,
    deliveryPoint: (point) => {
      // Armed once the boot's own recovery is done: the crash is the new command's.
      if (!armed || point !== crashAt) return;
      console.log(`crash ${point}`);
      process.kill(process.pid, 'SIGKILL');
    },
  },
};
// Several processes started together (test/multiprocess/delivery.test.ts) begin delivering at one moment.
if (process.env['WAIT_FOR_GO']) {
  console.log('loaded');
  const go = createInterface({ input: process.stdin });
  for await (const line of go) if (line === 'go') break;
  go.close();
}
const bot = await startBot({
  app,
  token,
  commands: COMMANDS,
  clientOptions: {
    rest: { api: restBase },
    ws: { buildIdentifyThrottler: () => ({ waitForIdentify: async () => {} }) },
  },
  schedulerIntervalMs: null,
  mapPosts: null,
  // A second process would take over a crashed one's rows after this long (PostgreSQL).
  delivery: { leaseMs: 10_000 },
});
await bot.whenIdle();
// The map after changes (UTD1.12) waits out its quiet period, and map posts are off here: not waited for.
const pending = async () => (await outboxRepo.pending(app)).filter((r) => r.kind !== 'map-post').length;
// On PostgreSQL the rows a killed process held are taken over once its lease runs out.
for (let waited = 0; waited < 60_000 && (await pending()) > 0; waited += 250) {
  await new Promise((resolve) => setTimeout(resolve, 250));
  await bot.tick();
}
armed = true;
console.log(`ready ${await pending()}`);
const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (line === 'stop') break;
  // A scheduler pass (the test's overdue turn): its results go through the same after-command steps.
  if (line === 'tick') await bot.tick();
}
lines.close();
await bot.whenIdle();
await bot.stop();
await database.close();
console.log('stopped');
process.exit(0);
