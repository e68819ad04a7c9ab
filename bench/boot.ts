/**
 * Boot with many campaigns stored (docs/performance.md, "Boot"): the time from login to `startBot`
 * resolving (ready to answer) and until the boot permission check of every campaign channel is
 * done, against a Discord stand-in that answers each REST call after BENCH_REST_MS (default 90 ms,
 * about what the bot measured from Discord). Campaigns: BENCH_CAMPAIGNS copies (default 1000), of
 * which the stand-in has the channels of BENCH_PRESENT (default all; the others' channels are gone,
 * as in bench/processes.ts, which adds only the 50 it drives); BENCH_DRIVER=postgres for PostgreSQL.
 *
 *   npx tsx bench/boot.ts
 */
import { performance } from 'node:perf_hooks';
import { COMMANDS } from '../commands/index.ts';
import { campaigns } from '../src/db/schema.ts';
import { openDatabase } from '../src/db/client.ts';
import { createPostgresDatabase } from '../test/helpers/databases.ts';
import { startBot } from '../src/discord/bot.ts';
import { DiscordStandIn, standInClientOptions } from '../src/discord/standin/index.ts';
import { setupCampaign, testApp } from '../test/helpers/app.ts';
import { copyChannel, storeCopies } from './copies.ts';

const count = Number(process.env.BENCH_CAMPAIGNS ?? 1000);
const restMs = Number(process.env.BENCH_REST_MS ?? 90);
const driver = process.env.BENCH_DRIVER === 'postgres' ? 'postgres' : 'pglite';
const tdb = driver === 'postgres' ? await createPostgresDatabase() : null;
const database = tdb ? tdb.database : await openDatabase({ kind: 'pglite', dataDir: null });
const app = testApp(database);
const guildId = '800000000000000001';
await setupCampaign(app, { guildId, channelId: copyChannel(0) });
const [source] = await database.db.select({ id: campaigns.id }).from(campaigns);
await storeCopies(database, source!.id, 1, count - 1);
const standIn = await DiscordStandIn.start();
standIn.addGuild({ id: guildId, name: 'Bench' });
const present = Number(process.env.BENCH_PRESENT ?? count);
for (let g = 0; g < present; g++) standIn.addChannel(guildId, { id: copyChannel(g), name: `campaign-${g}` });
standIn.registerCommands(
  COMMANDS.map((c) => c.data),
  guildId,
);
standIn.delay(() => restMs);
const t0 = performance.now();
const bot = await startBot({
  app,
  token: standIn.token,
  commands: COMMANDS,
  clientOptions: standInClientOptions(standIn),
});
const ready = performance.now() - t0;
const summary = await bot.bootChecks;
const done = performance.now() - t0;
console.log(
  `boot with ${count} campaigns (${present} channels in the stand-in, ${driver}), REST ${restMs} ms a call: ready in ${Math.round(ready)} ms, permission check done in ${Math.round(done)} ms`,
);
console.log(`check: ${JSON.stringify(summary)}`);
await bot.stop();
await standIn.stop();
if (tdb) await tdb.drop();
else await database.close();
