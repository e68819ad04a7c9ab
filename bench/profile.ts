/**
 * A profiling aid for the command path (not part of `npm run bench`; docs/performance.md): builds
 * the bench campaign once, then times `runCommand` for the order (`buy-ops` and its undo) in a
 * loop, and optionally the bench's order figure through Discord and the sustained-throughput mix.
 * Besides wall times it prints the process's CPU time per command, which stays steady when other
 * work shares the machine, and it can write CPU profiles of the timed parts alone:
 *
 *   PROFILE_ROUNDS=300 PROFILE_ACTIVE=50 PROFILE_CPU=/tmp/prof npx tsx bench/profile.ts
 *
 * Environment, all optional:
 *   PROFILE_DB              pglite (the default; a data folder on disk) or postgres
 *   PROFILE_ROUNDS          order rounds through runCommand (default 300)
 *   PROFILE_STORED          campaigns stored before the rounds, copies as in the bench (default 1)
 *   PROFILE_DISCORD_ROUNDS  rounds of bench/order.ts through the Discord stand-in (default 0: none)
 *   PROFILE_ACTIVE          campaigns in a throughput run after the rounds (default 0: none)
 *   PROFILE_PER_WORKER      commands per concurrent player in it (default 10)
 *   PROFILE_CACHE           a file keeping the exported bench campaign between runs, so later
 *                           runs import it instead of building it again
 *   PROFILE_CPU             a folder for CPU profiles (orders-, discord-, throughput-<db>.cpuprofile)
 *   PROFILE_AGED            resolved battles put in the bench campaign's state before the rounds, as
 *                           bench/aged.ts does for the aged figure (default 0: none)
 *   PROFILE_AGED_TEMPLATES  a JSON file of resolved battles to copy for PROFILE_AGED instead of
 *                           simulating a campaign to get them
 *   BENCH_POSTGRES_URL      as for the bench
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { runCommand } from '../src/app/run-command.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { Playground } from '../src/playground/playground.ts';
import { buildBenchCampaign, exportBenchCampaign, importBenchCampaign } from './campaign.ts';
import { listCopies, storeCopies } from './copies.ts';
import { orderFigures } from './order.ts';
import { ageCampaign } from './aged.ts';
import { ms, stats } from './stats.ts';
import { sustainedThroughput } from './throughput.ts';

const DB = process.env.PROFILE_DB ?? 'pglite';
const ROUNDS = Number(process.env.PROFILE_ROUNDS ?? 300);
const ACTIVE = Number(process.env.PROFILE_ACTIVE ?? 0);
const PER_WORKER = Number(process.env.PROFILE_PER_WORKER ?? 10);
const CACHE = process.env.PROFILE_CACHE;
const CPU_DIR = process.env.PROFILE_CPU;
const DISCORD_ROUNDS = Number(process.env.PROFILE_DISCORD_ROUNDS ?? 0);
const STORED = Number(process.env.PROFILE_STORED ?? 1);
const AGED = Number(process.env.PROFILE_AGED ?? 0);
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Runs `fn` under the CPU profiler when PROFILE_CPU names a folder; the profile goes to `<folder>/<name>.cpuprofile`. */
async function cpuProfiled<T>(name: string, fn: () => Promise<T>): Promise<T> {
  if (!CPU_DIR) return fn();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await fn();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(join(CPU_DIR, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

async function profile(database: Database): Promise<void> {
  const out = mkdtempSync(join(tmpdir(), 'cm-profile-'));
  const play = await Playground.start({ database, outDir: out, clockStart: '2026-11-21T12:00:00Z' });
  try {
    const t0 = performance.now();
    const c =
      CACHE && existsSync(CACHE)
        ? await importBenchCampaign(play, readFileSync(CACHE, 'utf8'))
        : await buildBenchCampaign(play);
    if (CACHE && !existsSync(CACHE)) writeFileSync(CACHE, await exportBenchCampaign(play));
    console.log(
      `bench campaign ready in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${c.events} events, state ${Math.round(c.stateBytes / 1024)} KiB`,
    );
    if (STORED > 1) await storeCopies(database, c.campaignId, 1, STORED - 1);
    const target = { guildId: c.guildId, channelId: c.channelId };
    if (AGED > 0) {
      const file = process.env.PROFILE_AGED_TEMPLATES;
      const templates = file && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
      await ageCampaign(play.app, c.channelId, AGED, templates);
    }
    const actor = { userId: c.turnPlayer.userId, displayName: c.turnPlayer.name, isServerAdmin: false };
    const orders: number[] = [];
    const undos: number[] = [];
    const cpuRounds = process.cpuUsage();
    await cpuProfiled(`orders-${DB}`, async () => {
      for (let k = 0; k < ROUNDS; k++) {
        let t = performance.now();
        const a = await runCommand(play.app, {
          target,
          actor,
          command: { type: 'buy-ops', kind: 'temporary', count: 1 },
          interactionId: `profile-${process.pid}-${k}`,
        });
        orders.push(performance.now() - t);
        if (!a.ok) throw new Error('buy-ops refused');
        t = performance.now();
        if (!(await runCommand(play.app, { target, actor, command: { type: 'undo' } })).ok)
          throw new Error('undo refused');
        undos.push(performance.now() - t);
      }
    });
    const cpu = process.cpuUsage(cpuRounds);
    console.log(
      `runCommand buy-ops: ${ms(stats(orders))}; undo: ${ms(stats(undos))} (${ROUNDS} rounds); CPU ${((cpu.user + cpu.system) / 1000 / ROUNDS / 2).toFixed(2)} ms a command`,
    );
    if (DISCORD_ROUNDS > 0) {
      const o = await cpuProfiled(`discord-${DB}`, () => orderFigures(play, c, DISCORD_ROUNDS));
      const med = (x: { median: number }) => x.median.toFixed(2);
      console.log(
        `order through Discord (bench/order.ts, ${DISCORD_ROUNDS} rounds, medians): end to end ${med(o.endToEnd)} ms (p99 ${o.endToEnd.p99.toFixed(1)}), empty transaction ${med(o.empty)} ms, ratio ${(o.endToEnd.median / o.empty.median).toFixed(1)}×; app path ${med(o.appPath)}, load row ${med(o.loadRow)}, rules ${med(o.rules)}`,
      );
    }
    if (ACTIVE > 0) {
      if (STORED <= ACTIVE) await storeCopies(database, c.campaignId, STORED, ACTIVE);
      const active = await listCopies(database, ACTIVE);
      const others = c.players
        .filter((p) => p.userId !== c.turnPlayer.userId)
        .slice(0, 2)
        .map((p) => p.userId);
      const cpu0 = process.cpuUsage();
      const tp = await cpuProfiled(`throughput-${DB}`, () =>
        sustainedThroughput(play.app, active, { turn: c.turnPlayer.userId, others }, PER_WORKER),
      );
      const cpu = process.cpuUsage(cpu0);
      // CPU time of this process per command: steadier than the rate when other work shares the cores.
      const cpuMs = (cpu.user + cpu.system) / 1000 / tp.commands;
      console.log(
        `throughput: ${tp.perSecond.toFixed(0)} commands/s (${tp.commands} commands, ${tp.campaigns} campaigns, ${tp.seconds.toFixed(1)} s); latency ${ms(tp.latency)}; CPU ${cpuMs.toFixed(2)} ms a command`,
      );
    }
    const m = process.memoryUsage();
    console.log(`rss ${(m.rss / 1048576).toFixed(0)} MiB, heap ${(m.heapUsed / 1048576).toFixed(0)} MiB`);
  } finally {
    await play.close();
    rmSync(out, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (DB === 'postgres') {
    const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
    const name = `cm_profile_${process.pid}`;
    await admin.unsafe(`create database ${name}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    try {
      const database = await openDatabase({ kind: 'postgres', url: url.toString() });
      try {
        await profile(database);
      } finally {
        await database.close();
      }
    } finally {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'cm-profile-pglite-'));
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      await profile(database);
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
