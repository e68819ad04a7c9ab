/**
 * A bot process for the cold-start and memory figures: it opens the database (running the
 * migrations), starts the real bot logged in to a Discord stand-in run by the bench (the address
 * and token come as arguments), lets the scheduler make its boot pass, and prints
 * `ready {…timings}`. With `serve` it then stays up: on the line `memory` it collects garbage and
 * prints `memory {rss, heapUsed, external, arrayBuffers, detail}` (detail: where the resident
 * memory is, see memoryDetail; with BENCH_MEMORY_DETAIL set, the same also follows `ready`, as
 * `ready-memory`); on `memory-at-rest <ms>` it waits that long, forcing nothing, and prints the same
 * as `memory-at-rest {…}`; on `stop` it shuts down. BENCH_HEAP_SNAPSHOT=<file> also writes a heap snapshot of
 * the bot's thread there on `memory`, to see what the JS heap holds.
 *
 *   node dist/bench/bot-process.js <pglite|postgres> <dataDir|url> <restBase> <token> <clockIso> [serve]
 *
 * bench/processes.ts builds it there as `npm run build` builds the bot, and starts it as `npm start`
 * does (BENCH_BOT_TSX=1: from source with tsx instead).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { getHeapSpaceStatistics, getHeapStatistics, setFlagsFromString } from 'node:v8';
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
if (!kind || !where || !restBase || !token || !clockIso)
  throw new Error('usage: bot-process.ts <pglite|postgres> <dataDir|url> <restBase> <token> <clockIso> [serve]');

const database = await openDatabase(
  kind === 'postgres' ? { kind: 'postgres', url: where } : { kind: 'pglite', dataDir: where },
);
const databaseOpen = performance.now();
// Production wiring but for two things. The clock: the bench campaigns live at the playground's
// date, so the scheduler's boot pass finds what a real restart would (nothing overdue) whatever
// today is. And empty test hooks (no dice are ever forced): with them the router leaves out the
// per-user rate limit, which would otherwise slow the one bench user driving 50 campaigns.
const app: AppContext = {
  database,
  clock: new VirtualClock(clockIso),
  // BENCH_BOT_LOG=info (or debug) shows the bot's log on stderr, which the bench prints if the bot fails to come up.
  log: pino({ level: process.env.BENCH_BOT_LOG ?? 'silent' }, pino.destination(2)),
  ids: randomIds,
  seeds: randomSeeds,
  catalogs: builtInCatalogs(),
  testHooks: { forcedDice: [], nextSeed: null },
};
const bot = await startBot({
  app,
  token,
  commands: COMMANDS,
  clientOptions: {
    rest: { api: restBase },
    ws: { buildIdentifyThrottler: () => ({ waitForIdentify: async () => {} }) },
  },
  schedulerIntervalMs: 30_000,
});
const ready = performance.now();
// `performance.now()` counts from the start of the process.
console.log(
  `ready ${JSON.stringify({ modulesMs: modulesLoaded, databaseMs: databaseOpen - modulesLoaded, botMs: ready - databaseOpen, uptimeMs: ready })}`,
);
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
    if (process.env.BENCH_HEAP_SNAPSHOT) (await import('node:v8')).writeHeapSnapshot(process.env.BENCH_HEAP_SNAPSHOT);
    console.log(`memory ${JSON.stringify(memoryLine())}`);
  } else if (line.startsWith('memory-at-rest ')) {
    // No GC forced here: what the process holds after resting as long, V8's memory reducer included.
    await new Promise((resolve) => setTimeout(resolve, Number(line.slice('memory-at-rest '.length))));
    console.log(`memory-at-rest ${JSON.stringify(memoryLine())}`);
  } else if (line === 'stop') {
    await stop();
    process.exit(0);
  }
}

function memoryLine(): Record<string, unknown> {
  const m = process.memoryUsage();
  return {
    rss: m.rss,
    heapUsed: m.heapUsed,
    external: m.external,
    arrayBuffers: m.arrayBuffers,
    detail: memoryDetail(),
  };
}

/**
 * Where the resident memory is, in MiB, from /proc/self (Linux; only the V8 figures elsewhere):
 * the kernel's split (VmRSS = RssAnon + RssFile + RssShmem; VmHWM the peak), then the resident
 * pages by kind of mapping. `v8Pages`: the 256 KiB pages of every V8 heap in the process (with
 * tsx, its module loader runs in a thread of its own with a heap of its own: tens of MiB);
 * `mainHeap`: the bot thread's V8 heap, resident (the rest of `v8Pages` is the workers' heaps);
 * `newSpace`: the main heap's young generation, committed as it last grew; `mallocThreads` and
 * `mallocMain`: glibc's arenas of the worker threads (V8's compiler zones for PGlite's
 * WebAssembly, among others) and of the main thread, freed memory included that glibc keeps;
 * `wasmMemory`: read-write anonymous mappings of 128 MiB or more (PGlite's WebAssembly memory,
 * 128 MiB to start, of which only what PostgreSQL touched is resident); `jitCode`: executable
 * anonymous memory (compiled WebAssembly and JavaScript); `files`: mapped files (the node
 * binary, shared libraries), which are shared with the file cache.
 */
function memoryDetail(): Record<string, number> {
  const mib = (kb: number) => Math.round(kb / 102.4) / 10;
  const newSpace = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
  const out: Record<string, number> = {
    mainHeap: mib(getHeapStatistics().total_physical_size / 1024),
    mainHeapUsed: mib(getHeapStatistics().used_heap_size / 1024),
    newSpace: mib((newSpace?.physical_space_size ?? 0) / 1024),
  };
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    for (const key of ['VmRSS', 'RssAnon', 'RssFile', 'RssShmem', 'VmHWM']) {
      const m = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status);
      if (m) out[key] = mib(Number(m[1]));
    }
    const kinds: Record<string, number> = {
      v8Pages: 0,
      mallocThreads: 0,
      mallocMain: 0,
      wasmMemory: 0,
      jitCode: 0,
      files: 0,
      otherAnon: 0,
    };
    let kind = 'otherAnon';
    for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
      const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \d+\s*(.*)$/.exec(line);
      if (head) {
        const start = BigInt(`0x${head[1]}`);
        const size = BigInt(`0x${head[2]}`) - start;
        const [perms, path] = [head[3]!, head[4]!.trim()];
        if (path === '[heap]') kind = 'mallocMain';
        else if (path) kind = path.startsWith('/') ? 'files' : 'otherAnon';
        else if (perms.includes('x')) kind = 'jitCode';
        else if (size === 256n << 10n) kind = 'v8Pages';
        else if (size >= 128n << 20n) kind = 'wasmMemory';
        // glibc's thread arenas are heaps of at most 64 MiB, each aligned on 64 MiB.
        else if (start % (64n << 20n) === 0n) kind = 'mallocThreads';
        else kind = 'otherAnon';
        continue;
      }
      const rss = /^Rss:\s+(\d+) kB/.exec(line);
      if (rss) kinds[kind]! += Number(rss[1]);
    }
    for (const [k, kb] of Object.entries(kinds)) out[k] = mib(kb);
    out['threads'] = readdirSync('/proc/self/task').length;
  } catch {
    // not Linux
  }
  return out;
}
