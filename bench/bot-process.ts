/**
 * A bot process for the cold-start and memory figures: it opens the database (running the
 * migrations), starts the real bot logged in to a Discord stand-in run by the bench (the address
 * and token come as arguments), lets the scheduler make its boot pass, and prints
 * `ready {…timings}`. With `serve` it then stays up: on the line `memory` it collects garbage and
 * prints `memory {rss, heapUsed}`; on `stop` it shuts down.
 *
 *   tsx bench/bot-process.ts <pglite|postgres> <dataDir|url> <restBase> <token> <clockIso> [serve]
 */
import { readFileSync } from 'node:fs';
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
if (process.env.BENCH_MEMORY_DETAIL) console.log(`ready-memory ${JSON.stringify(memoryDetail())}`);

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
    if (process.env.BENCH_SMAPS_DUMP) {
      (await import('node:fs')).writeFileSync(`${process.env.BENCH_SMAPS_DUMP}-${process.pid}.smaps`, readFileSync('/proc/self/smaps'));
      (await import('node:fs')).writeFileSync(`${process.env.BENCH_SMAPS_DUMP}-${process.pid}.heap.json`, JSON.stringify({ stats: (await import('node:v8')).getHeapStatistics(), spaces: (await import('node:v8')).getHeapSpaceStatistics(), code: (await import('node:v8')).getHeapCodeStatistics() }));
    }
    console.log(`memory ${JSON.stringify({ rss: m.rss, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers, detail: memoryDetail() })}`);
  } else if (line === 'stop') {
    await stop();
    process.exit(0);
  }
}

/**
 * Where the resident memory is, from /proc/self (Linux only; empty elsewhere), in MiB: the kernel's
 * split into anonymous, file-backed and shared pages, and the resident pages of the largest
 * mappings (PGlite's WebAssembly memory is the anonymous mapping of many GiB that V8 reserves for
 * it; file mappings are named by their file).
 */
function memoryDetail(): Record<string, number> {
  const out: Record<string, number> = {};
  const mib = (kb: number) => Math.round(kb / 102.4) / 10;
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    for (const key of ['VmRSS', 'RssAnon', 'RssFile', 'RssShmem', 'VmHWM']) {
      const m = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status);
      if (m) out[key] = mib(Number(m[1]));
    }
    const groups = new Map<string, number>();
    let name = '';
    for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
      const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \d+\s*(.*)$/.exec(line);
      if (head) {
        const path = head[4]!.trim();
        const sizeMib = Math.round(Number((BigInt(`0x${head[2]}`) - BigInt(`0x${head[1]}`)) / 1024n) / 1024);
        name = path.startsWith('/') ? `file: ${path.split('/').pop()}` : path || `anon ${head[3]} ${sizeMib >= 64 ? `${sizeMib}M` : 'small'}`;
        continue;
      }
      const rss = /^Rss:\s+(\d+) kB/.exec(line);
      if (rss) groups.set(name, (groups.get(name) ?? 0) + Number(rss[1]));
    }
    for (const [k, kb] of [...groups].sort((a, b) => b[1] - a[1])) if (kb >= 1024) out[k] = mib(kb);
  } catch {
    // not Linux
  }
  return out;
}
