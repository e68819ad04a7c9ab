/**
 * Cold start and resident memory (docs/performance.md), measured on a separate bot process
 * (bench/bot-process.ts, built and started as `npm start` builds and starts the bot: bundled by
 * esbuild, run by plain `node` with the start script's GLIBC_TUNABLES) that logs in to a Discord
 * stand-in run here. Cold start is the wall time from spawning the process to its
 * `ready` line (modules loaded, database opened and migrated, logged in, the scheduler's boot pass
 * done). Memory is the process's resident set at rest, a minute after 50 campaigns have been put to
 * use through Discord (a status and an order in each), with 1,000 campaigns stored; also read right
 * after the last command (a full GC forced), and the peak.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BOT_ENTRIES, buildBot } from '../scripts/build.ts';
import { COMMANDS } from '../commands/index.ts';
import { eachSliced, slices } from '../src/app/slices.ts';
import { DiscordStandIn } from '../src/discord/standin/index.ts';
import type { CampaignCopy } from './copies.ts';
import { stats, type Stats } from './stats.ts';

const SCRIPT = fileURLToPath(new URL('./bot-process.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface BotTarget {
  kind: 'pglite' | 'postgres';
  /** PGlite data folder or PostgreSQL URL. */
  where: string;
  clockIso: string;
}

export interface ReadyTimings {
  modulesMs: number;
  databaseMs: number;
  botMs: number;
  uptimeMs: number;
}

/** A memory line of bench/bot-process.ts: process.memoryUsage() and where the resident memory is (MiB, Linux). */
export interface MemoryLine {
  rss: number;
  heapUsed: number;
  detail?: Record<string, number>;
}

/**
 * How long the bot rests after its last command before its resident memory is read (docs/performance.md,
 * "resident memory"): V8's memory reducer starts 8 s after the bot goes quiet and gives back, in a few
 * collections, the heap pages a burst of commands left empty; a minute sees it done.
 * BENCH_MEMORY_REST_MS changes it.
 */
const REST_MS = Number(process.env.BENCH_MEMORY_REST_MS ?? 60_000);

export interface ProcessFigures {
  coldStart: Stats;
  /** The child's own account of its last start. */
  breakdown: ReadyTimings;
  /** Resident memory (bytes) at rest: REST_MS after the last command, nothing forced. */
  rss: number;
  heapUsed: number;
  /** The most the process held resident at any time (VmHWM, bytes; 0 off Linux). */
  peakRss: number;
  /** Right after the last command, with a full GC forced: what the bot holds while busy. */
  afterBurst: MemoryLine;
  activeCampaigns: number;
  /** The child's memory line at rest, whole (process.memoryUsage() and the /proc breakdown of bench/bot-process.ts). */
  memory: MemoryLine;
  /** The same breakdown right after `ready`, before any command, when BENCH_MEMORY_DETAIL is set. */
  readyMemory: Record<string, unknown> | null;
}

class BotProcess {
  private buffer = '';
  private readonly waiting: { prefix: string; resolve: (rest: string) => void }[] = [];
  private stderr = '';
  readonly exited: Promise<number | null>;

  constructor(readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.on('data', (chunk: Buffer) => {
      this.buffer += chunk.toString();
      let nl: number;
      while ((nl = this.buffer.indexOf('\n')) >= 0) {
        const line = this.buffer.slice(0, nl);
        this.buffer = this.buffer.slice(nl + 1);
        const i = this.waiting.findIndex((w) => line.startsWith(`${w.prefix} `));
        if (i >= 0) {
          const w = this.waiting.splice(i, 1)[0]!;
          w.resolve(line.slice(w.prefix.length + 1));
        }
      }
    });
    child.stderr.on('data', (c: Buffer) => (this.stderr += c.toString()));
    this.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  }

  line<T>(prefix: string, timeoutMs = 120_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        // Given up on: left running, it kept the bench from ending after its last figure.
        this.child.kill();
        reject(new Error(`bot process: no "${prefix}" line within ${timeoutMs} ms\n${this.stderr}`));
      }, timeoutMs);
      void this.exited.then((code) =>
        reject(new Error(`bot process exited (${code}) before "${prefix}"\n${this.stderr}`)),
      );
      this.waiting.push({
        prefix,
        resolve: (rest) => {
          clearTimeout(timer);
          resolve(JSON.parse(rest) as T);
        },
      });
    });
  }

  /** What the process wrote on stderr so far (its log with BENCH_BOT_LOG), for error messages. */
  errors(): string {
    return this.stderr;
  }

  send(line: string): void {
    this.child.stdin.write(`${line}\n`);
  }
}

/**
 * `npm start` runs the bot built (`npm run build`: one esbuild bundle of our code, packages left
 * to node_modules) with plain `node` (tsx compiles in a loader thread with a V8 heap of its own,
 * about 55 MiB), the Node flag below and this glibc setting (docs/performance.md, "resident
 * memory"). V8 compiles PGlite's WebAssembly in its background threads, in zone segments of
 * 32 KiB at most, from glibc's per-thread arenas; freed, they stayed there (40–60 MiB, growing as
 * more of PostgreSQL got hot and was compiled again). From 32 KiB up glibc now maps each block
 * by itself and unmaps it when freed (`mmap_threshold`; a fixed threshold also stops glibc raising
 * it as blocks are freed), and it gives back the top of an arena past 128 KiB free
 * (`trim_threshold`). Keep in step with package.json's start scripts (test/build.test.ts checks).
 */
export const START_ENV = {
  GLIBC_TUNABLES: 'glibc.malloc.trim_threshold=131072:glibc.malloc.mmap_threshold=32768',
};
/**
 * And this Node flag: V8's young generation at most 4 MiB instead of 32 (each of its two halves
 * 2 MiB). The bot allocates fast while it copies a grown campaign state, and the young generation
 * then stays at its largest; 16 MiB saved 16–30 MiB, and 4 MiB about 10 MiB more, with no
 * throughput change we could measure in either step (docs/performance.md, "Memory").
 * (`--optimize-for-size` takes the bot under 200 MB but costs about a quarter of its throughput:
 * docs/performance.md, "resident memory".)
 */
export const START_NODE_FLAGS = ['--max-semi-space-size=2'];

/**
 * To measure other ways of starting the bot (optional): BENCH_BOT_TSX=1 runs bench/bot-process.ts
 * from source with `npx tsx` and without START_ENV, as `npm run start:dev` does;
 * BENCH_BOT_NODE_FLAGS, space-separated Node flags for the bot process, e.g. --max-semi-space-size=4.
 */
const BOT_NODE_FLAGS = process.env.BENCH_BOT_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
const FROM_SOURCE = Boolean(process.env.BENCH_BOT_TSX);
/** Two folders deep, as dist/bot/main.js, so the bundle's paths to drizzle/ and assets/ resolve. */
const BUILT = fileURLToPath(new URL('../dist/bench/bot-process.js', import.meta.url));

/** Builds bench/bot-process.ts as `npm run build` builds the bot (scripts/build.ts), with the bot's workers beside it. */
async function buildBotProcess(): Promise<void> {
  await buildBot(
    {
      'bot-process': SCRIPT,
      'pglite-worker': BOT_ENTRIES['pglite-worker']!,
      'render-worker': BOT_ENTRIES['render-worker']!,
    },
    dirname(BUILT),
  );
}

export function botStartLabel(): string {
  return FROM_SOURCE ? 'npx tsx, from source' : 'built, plain node, as npm start';
}

function startBotProcess(standIn: DiscordStandIn, target: BotTarget, serve: boolean): BotProcess {
  const rest = [
    target.kind,
    target.where,
    standIn.restBase,
    standIn.token,
    target.clockIso,
    ...(serve ? ['serve'] : []),
  ];
  const [command, args] = FROM_SOURCE
    ? ['npx', ['tsx', ...BOT_NODE_FLAGS, SCRIPT, ...rest]]
    : ['node', [...START_NODE_FLAGS, ...BOT_NODE_FLAGS, BUILT, ...rest]];
  const env = FROM_SOURCE ? process.env : { ...process.env, ...START_ENV };
  return new BotProcess(spawn(command, args, { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] }));
}

export async function processFigures(
  target: BotTarget,
  world: {
    guildId: string;
    campaigns: readonly CampaignCopy[];
    /**
     * The channels of every stored campaign: the stand-in has them all, as Discord has the channels
     * of a bot's campaigns, so the bot finds them in its cache (GUILD_CREATE) instead of asking for
     * 950 channels that do not exist while the figures are taken.
     */
    channels: readonly string[];
    players: { name: string; userId: string }[];
    turnUserId: string;
  },
  coldStarts: number,
): Promise<ProcessFigures> {
  if (!FROM_SOURCE) await buildBotProcess();
  // No 3-second limit to acknowledge: these figures are start-up time and memory, and on a machine
  // loaded past its cores a fresh process's first commands can take longer (Discord would refuse the
  // late answer and the memory run would wait for nothing).
  const standIn = await DiscordStandIn.start({ ackTimeoutMs: null });
  // A bot that failed a step (no `ready` line in time, a command unanswered) is stopped with the
  // run: left behind, it went on working on a machine others share.
  const started: BotProcess[] = [];
  const spawnBot = (serve: boolean) => {
    const bot = startBotProcess(standIn, target, serve);
    started.push(bot);
    return bot;
  };
  try {
    const guild = standIn.addGuild({ id: world.guildId, name: 'Bench' });
    // A channel for each of the 1,000 campaigns, in slices: each one added looks through the guild's
    // channels so far, and all at once held the bench's event loop for the lot.
    const channels = new Set([...world.channels, ...world.campaigns.map((c) => c.channelId)]);
    await eachSliced(channels, slices(), (channelId) =>
      standIn.addChannel(guild.id, { id: channelId, name: `campaign-${channelId.slice(-4)}` }),
    );
    for (const p of world.players) standIn.addUser({ id: p.userId, username: p.name });
    standIn.registerCommands(
      COMMANDS.map((c) => c.data),
      guild.id,
    );

    const starts: number[] = [];
    let breakdown: ReadyTimings | null = null;
    for (let k = 0; k < coldStarts; k++) {
      const t0 = performance.now();
      const bot = spawnBot(false);
      breakdown = await bot.line<ReadyTimings>('ready');
      starts.push(performance.now() - t0);
      const code = await bot.exited;
      if (code !== 0) throw new Error(`bot process exited with ${code}`);
    }

    const bot = spawnBot(true);
    const readyMemory = process.env.BENCH_MEMORY_DETAIL ? bot.line<Record<string, unknown>>('ready-memory') : null;
    readyMemory?.catch(() => {}); // a failure surfaces where it is awaited, below
    await bot.line('ready');
    for (const c of world.campaigns) {
      for (const [name, subcommand, args] of [
        ['campaign', 'status', {}],
        ['buy', 'ops', { count: 1 }],
      ] as const) {
        const h = await standIn.invokeCommand({
          guildId: guild.id,
          channelId: c.channelId,
          userId: world.turnUserId,
          name,
          subcommand,
          args,
        });
        // A minute: on a machine loaded past its cores the first commands of a fresh process can take seconds; this part measures memory, not latency.
        const first = await h.firstResponse(60_000).catch((err: unknown) => {
          bot.child.kill();
          throw new Error(`${(err as Error).message}\n${bot.errors().slice(-4000)}`);
        });
        if (first.kind !== 'reply' && first.kind !== 'defer')
          throw new Error(`bench: /${name} ${subcommand} was answered with ${first.kind}`);
      }
    }
    bot.send('memory');
    const memory = await bot.line<MemoryLine>('memory');
    bot.send(`memory-at-rest ${REST_MS}`);
    const atRest = await bot.line<MemoryLine>('memory-at-rest', REST_MS + 120_000);
    bot.send('stop');
    await bot.exited;
    return {
      coldStart: stats(starts),
      breakdown: breakdown!,
      rss: atRest.rss,
      heapUsed: atRest.heapUsed,
      peakRss: Math.max(memory.detail?.VmHWM ?? 0, atRest.detail?.VmHWM ?? 0) * 2 ** 20,
      afterBurst: memory,
      activeCampaigns: world.campaigns.length,
      memory: atRest,
      readyMemory: readyMemory === null ? null : await readyMemory,
    };
  } finally {
    for (const bot of started) if (bot.child.exitCode === null && bot.child.signalCode === null) bot.child.kill();
    await standIn.stop();
  }
}
