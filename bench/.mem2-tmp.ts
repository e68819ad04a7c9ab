import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { readFileSync } from 'node:fs';
import pino from 'pino';
import { builtInCatalogs } from '../src/app/catalogs.ts';
import { randomIds, randomSeeds, type AppContext } from '../src/app/context.ts';
import { runCommand } from '../src/app/run-command.ts';
import { runDue } from '../src/app/scheduler.ts';
import { VirtualClock } from '../src/clock.ts';
import * as schema from '../src/db/schema.ts';
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const mem = (label: string) => { gc(); const m = process.memoryUsage(); console.log(label, `rss ${(m.rss / 1048576).toFixed(0)} heap ${(m.heapUsed / 1048576).toFixed(0)} ext ${(m.external / 1048576).toFixed(0)} ab ${(m.arrayBuffers / 1048576).toFixed(0)}`); };
mem('start');
const DIR = process.env.MEM_DIR ?? '/tmp/h7/data1000';
const params = (process.env.PARAMS ?? '').split(' ').filter(Boolean).flatMap((p) => ['-c', p]);
const opts: Record<string, unknown> = {};
if (params.length) opts.startParams = [...PGlite.defaultStartParams, ...params];
if (process.env.INITMEM) opts.initialMemory = Number(process.env.INITMEM) * 1048576;
const client = await PGlite.create(DIR, opts);
mem('opened');
const db = drizzle(client, { schema }) as never;
const app: AppContext = { database: { db, kind: 'pglite', where: DIR, close: () => client.close() }, clock: new VirtualClock('2026-11-21T12:00:00Z'), log: pino({ level: 'silent' }), ids: randomIds, seeds: randomSeeds, catalogs: builtInCatalogs(), testHooks: { forcedDice: [], nextSeed: null } };
await runDue(app);
mem('after runDue');
const world = JSON.parse(readFileSync(`${DIR}.world.json`, 'utf8'));
for (const c of world.campaigns) {
  const r = await runCommand(app, { target: c, actor: { userId: world.turnUserId, displayName: 'x', isServerAdmin: false }, command: { type: 'buy-ops', kind: 'temporary', count: 1 } });
  if (!r.ok) throw new Error(r.error.message);
  await runCommand(app, { target: c, actor: { userId: world.turnUserId, displayName: 'x', isServerAdmin: false }, command: { type: 'undo' } });
}
mem('after 50 orders');
await runDue(app);
mem('after runDue 2');
const smaps = readFileSync('/proc/self/smaps', 'utf8').split('\n');
const maps: { head: string; size: number; rss: number }[] = [];
for (const line of smaps) {
  if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) maps.push({ head: line, size: 0, rss: 0 });
  else if (line.startsWith('Size:')) maps.at(-1)!.size = Number(line.split(/\s+/)[1]);
  else if (line.startsWith('Rss:')) maps.at(-1)!.rss = Number(line.split(/\s+/)[1]);
}
for (const m of maps.sort((a, b) => b.rss - a.rss).slice(0, 15)) console.log(`${(m.rss / 1024).toFixed(1).padStart(7)} MiB of ${(m.size / 1024).toFixed(0).padStart(8)} MiB ${m.head.slice(0, 140)}`);
await client.close();
