/**
 * `npm run bench`: the figures of docs/performance.md, on PGlite and on PostgreSQL
 * (when a server answers on 127.0.0.1:5432). For each database:
 *
 *  1. the order command end to end through the Discord stand-in, beside an empty transaction, on
 *     one 8-player campaign; where the time goes (the app path alone, loading the row, the rules);
 *  2. the same with 1,000 campaigns stored (copies of the bench campaign, events included);
 *  3. sustained throughput across 50 campaigns with concurrent players (app path, `runCommand`),
 *     and the scheduler's pass over 1,000 stored campaigns;
 *  4. cold start of a separate bot process to ready, and its resident memory with 50 campaigns
 *     in use and 1,000 stored.
 * Once: map render and PNG encode times. On PGlite also the same order in the bench campaign with
 * 3,000 resolved battles in its state (bench/aged.ts); at the end of a full run, the long histories
 * (a round trip and `/campaign history` at 100,000 events, bench/history-run.ts), then the event loop
 * under load on each driver (bench/loop-delay.ts).
 *
 * After all other output, the figures the issue tracker reads, one `FIGURE <name> <value>` line each
 * (docs/performance.md lists them), the event-loop delay (max and p99) measured over the whole run.
 *
 * Environment: BENCH_ROUNDS (order rounds, default 150, after 10 not counted), BENCH_CAMPAIGNS (stored, default 1000),
 * BENCH_ACTIVE (campaigns in the throughput and memory runs, default 50), BENCH_PER_WORKER
 * (commands per concurrent player, default 10), BENCH_COLD_STARTS (default 3),
 * BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test), BENCH_ONLY (pglite,
 * postgres, or render: only the pictures; roundtrip or history: only those long-history figures, on
 * PGlite; aged: only the order and a battle step at 3,000 resolved battles, on PGlite; loop: only the
 * event loop under load, on both drivers), BENCH_PICTURE_ROUNDS (default 10),
 * BENCH_LONG_EVENTS (events of the long-history campaigns, default 100000), BENCH_LOOP_EVENTS (events
 * of the history campaign of the event-loop scenario, default 100000), BENCH_CAMPAIGN_FILE (see benchFile).
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as nextTimer } from 'node:timers/promises';
import postgres from 'postgres';
import { isNull } from 'drizzle-orm';
import { runDue } from '../src/app/scheduler.ts';
import { stateLayout } from '../src/app/rulesets.ts';
import { findCampaignByChannel } from '../src/db/campaign-repo.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { outbox } from '../src/db/schema.ts';
import { Playground } from '../src/playground/playground.ts';
import { buildBenchCampaign, exportBenchCampaign, importBenchCampaign, type BenchCampaign } from './campaign.ts';
import { listCopies, storeCopies, tableSizes } from './copies.ts';
import { orderFigures, type OrderFigures } from './order.ts';
import { botStartLabel, processFigures, type BotTarget } from './processes.ts';
import {
  loopDelayWhileDrawing,
  pictureRunInWorker,
  printLoopDelay as printDrawingLoopDelay,
  printPictures,
  renderFiguresInWorker,
} from './render.ts';
import { agedBattleStepFigures, agedOrderFigures } from './aged.ts';
import { mb, mib, ms, removeFolder, stats, timed } from './stats.ts';
import { sustainedThroughput } from './throughput.ts';
import { longHistoryFigures } from './history-run.ts';
import { type LoopDelayFigures, loopDelayScenario, withPgliteFolder } from './loop-delay.ts';

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const ROUNDS = num('BENCH_ROUNDS', 150);
const STORED = num('BENCH_CAMPAIGNS', 1000);
const ACTIVE = num('BENCH_ACTIVE', 50);
const PER_WORKER = num('BENCH_PER_WORKER', 10);
const COLD_STARTS = num('BENCH_COLD_STARTS', 3);
const ONLY = process.env.BENCH_ONLY;
const CLOCK = '2026-11-21T12:00:00Z';

function printOrder(label: string, o: OrderFigures): void {
  console.log(`  ${label}`);
  console.log(`    order end to end (stand-in + discord.js + command): ${ms(o.endToEnd)}`);
  console.log(`    empty transaction:                                  ${ms(o.empty, 3)}`);
  console.log(
    `    ratio of medians:                                   ${(o.endToEnd.median / o.empty.median).toFixed(1)}×`,
  );
  console.log(
    `    one-row write transaction (durable commit):         ${ms(o.write, 3)} (order / write: ${(o.endToEnd.median / o.write.median).toFixed(1)}×)`,
  );
  console.log(
    `    where it goes (medians): app path (runCommand) ${o.appPath.median.toFixed(2)} ms = load locked row ${o.loadRow.median.toFixed(2)} + rules ${o.rules.median.toFixed(2)} + write and commit ≈${Math.max(0, o.appPath.median - o.loadRow.median - o.rules.median).toFixed(2)}; Discord round trips ≈${Math.max(0, o.endToEnd.median - o.appPath.median).toFixed(2)} ms`,
  );
}

/**
 * The figures the issue tracker reads (docs/performance.md): `FIGURE <name> <value>` lines, printed
 * together after all other output, in this order; a figure whose part did not run is not printed.
 */
const FIGURE_ORDER = [
  'order_ratio_pglite',
  'order_ratio_postgres',
  'aged_order_ratio_pglite',
  'history_100k_ms',
  'roundtrip_100k_ok',
  'loop_delay_max_ms',
  'loop_delay_p99_ms',
  'scheduler_1000_ms',
  'throughput_pglite',
  'throughput_postgres',
  'rss_pglite_mb',
  'map_draw_over_encode',
] as const;
type FigureName = (typeof FIGURE_ORDER)[number];
const figures = new Map<FigureName, string>();
const figure = (name: FigureName, value: number, digits = 1) => figures.set(name, value.toFixed(digits));

/**
 * Event-loop delay over the whole bench (perf_hooks): the time between two runs of a 1 ms timer,
 * so a loop never held reads about 1 ms. It covers the bench's own setup too (docs/performance.md,
 * "Nothing blocks the event loop").
 */
const loopDelay = monitorEventLoopDelay({ resolution: 1 });

async function printFigures(): Promise<void> {
  // A timer's turn first, so a stretch that held the loop up to here is recorded too.
  await nextTimer(2);
  loopDelay.disable();
  figure('loop_delay_max_ms', loopDelay.max / 1e6);
  figure('loop_delay_p99_ms', loopDelay.percentile(99) / 1e6);
  console.log('');
  for (const name of FIGURE_ORDER) {
    const value = figures.get(name);
    if (value !== undefined) console.log(`FIGURE ${name} ${value}`);
  }
}

/**
 * The bench campaign as an export file, once built on the first database. BENCH_CAMPAIGN_FILE: a
 * file to read it from instead, written after the build when it does not exist yet (building it
 * through the playground takes minutes on a loaded machine; the file is the campaign whole).
 */
const CAMPAIGN_FILE = process.env.BENCH_CAMPAIGN_FILE;
let benchFile: string | null = CAMPAIGN_FILE && existsSync(CAMPAIGN_FILE) ? readFileSync(CAMPAIGN_FILE, 'utf8') : null;
function keepBenchFile(file: string): void {
  if (benchFile === null && CAMPAIGN_FILE) writeFileSync(CAMPAIGN_FILE, file);
  benchFile ??= file;
}

/** One column of the closing summary table, per database. */
const summary: { label: string; rows: Map<string, string> }[] = [];
const MANY = STORED.toLocaleString('en-US');
const TARGETS: Record<string, string> = {
  'order end to end, 1 campaign': 'p99 < 50 ms',
  'order / empty transaction': '< 20×',
  [`order end to end, ${MANY} campaigns`]: 'no growth',
  'sustained throughput (runCommand)': '≥ 200 commands/s',
  [`resident memory, ${MANY} stored, ${ACTIVE} in use`]: '< 250 MB',
};

function printSummary(): void {
  if (summary.length === 0) return;
  const keys = [...summary[0]!.rows.keys()];
  console.log(`\nSummary (median / p99)\n\n| figure | target | ${summary.map((s) => s.label).join(' | ')} |`);
  console.log(`|---|---|${summary.map(() => '---').join('|')}|`);
  for (const k of keys)
    console.log(`| ${k} | ${TARGETS[k] ?? ''} | ${summary.map((s) => s.rows.get(k) ?? '').join(' | ')} |`);
}

/** The battle step at 3,000 resolved battles (bench/aged.ts). */
async function printBattleStep(templates: Parameters<typeof agedBattleStepFigures>[0]): Promise<void> {
  const step = await agedBattleStepFigures(templates);
  if (!step) {
    console.log('  battle step: the simulated campaign opened no schedulable battle');
    return;
  }
  console.log(
    `  battle step (/battle schedule, one open battle changed) with ${step.battles.toLocaleString('en-US')} resolved battles: ${ms(step.aged)}, against ${ms(step.fresh)} without: ${(step.aged.median / step.fresh.median).toFixed(2)}×; CPU per step ${step.cpu.aged.median.toFixed(2)} ms against ${step.cpu.fresh.median.toFixed(2)} ms; finished records written by it: ${step.recordsWritten}`,
  );
}

async function benchDatabase(
  label: string,
  short: string,
  database: Database,
  botTarget: BotTarget | null,
  renderToo: boolean,
): Promise<void> {
  console.log(`\n${label}`);
  const rows = new Map<string, string>();
  summary.push({ label: short, rows });
  const both = (st: { median: number; p99: number }, digits = 1) =>
    `${st.median.toFixed(digits)} / ${st.p99.toFixed(digits)} ms`;
  const out = mkdtempSync(join(tmpdir(), 'cm-bench-'));
  let closed = false;
  const play = await Playground.start({ database, outDir: out, clockStart: CLOCK });
  try {
    const file = benchFile;
    const built = await timed(() => (file ? importBenchCampaign(play, file) : buildBenchCampaign(play)));
    const c: BenchCampaign = built.value;
    if (!benchFile) keepBenchFile(await exportBenchCampaign(play));
    // The build's 1,500 dice rolls went through runCommand, not the bot, so their announcements wait in
    // the outbox: the first order rounds' `whenIdle` would wait for the bot to post that backlog
    // (docs/delivery.md, recovery), which measured a crash's recovery, not orders, and took minutes.
    // They are marked posted, as for the throughput run below.
    const setupBacklog = await markBacklogPosted(database);
    console.log(
      `  bench campaign: 8 players, ${c.fleets} fleets, ${c.ships} ships, ${c.events} events, state ${Math.round(c.stateBytes / 1024)} KiB (${file ? 'imported' : 'built'} in ${(built.ms / 1000).toFixed(1)} s; outbox rows it left unposted, marked posted: ${setupBacklog})`,
    );
    const one = await orderFigures(play, c, ROUNDS);
    printOrder('1 campaign stored', one);
    rows.set('order end to end, 1 campaign', both(one.endToEnd));
    rows.set('empty transaction', both(one.empty, 2));
    rows.set('order / empty transaction', `${(one.endToEnd.median / one.empty.median).toFixed(0)}×`);
    rows.set('one-row write transaction', both(one.write, 2));
    rows.set('order on the app path (runCommand)', both(one.appPath));
    figure(`order_ratio_${database.kind}`, one.endToEnd.median / one.empty.median);
    if (database.kind === 'pglite') {
      const aged = await agedOrderFigures(
        play.app,
        { guildId: c.guildId, channelId: c.channelId },
        c.turnPlayer.userId,
      );
      const ratio = aged.aged.median / aged.fresh.median;
      console.log(
        `  order on the app path with ${aged.battles.toLocaleString('en-US')} resolved battles in the state (copies of ${aged.played} the simulator played; state ${aged.stateKiB.fresh} → ${aged.stateKiB.aged} KiB): ${ms(aged.aged)}, against ${ms(aged.fresh)} without: ${ratio.toFixed(1)}×`,
      );
      console.log(
        `  the bot's reader of that campaign after a command (a delivery's newest state: versionedCampaign): ${ms(aged.reader.kept)}, against the row read whole from the database ${ms(aged.reader.stored)}`,
      );
      rows.set('aged order ÷ fresh order (3,000 resolved battles)', `${ratio.toFixed(1)}×`);
      figure('aged_order_ratio_pglite', ratio, 2);
      await printBattleStep(aged.templates);
    }
    if (ONLY === 'aged') return;

    const copied = await timed(() => storeCopies(database, c.campaignId, 1, STORED - 1));
    const sizes = await tableSizes(database);
    console.log(
      `  stored ${sizes.campaigns} campaigns, ${sizes.events} events (copied in ${(copied.ms / 1000).toFixed(1)} s)`,
    );
    const many = await orderFigures(play, c, ROUNDS);
    printOrder(`${sizes.campaigns} campaigns stored`, many);
    rows.set(`order end to end, ${MANY} campaigns`, both(many.endToEnd));

    const active = await listCopies(database, ACTIVE);
    const channels = [c.channelId, ...(await listCopies(database, STORED - 1)).map((x) => x.channelId)];
    const others = c.players
      .filter((p) => p.userId !== c.turnPlayer.userId)
      .slice(0, 2)
      .map((p) => p.userId);
    const tp = await sustainedThroughput(play.app, active, { turn: c.turnPlayer.userId, others }, PER_WORKER);
    console.log(
      `  sustained throughput (app path, runCommand): ${tp.perSecond.toFixed(0)} commands/s — ${tp.commands} commands by ${tp.workers} concurrent players in ${tp.campaigns} campaigns in ${tp.seconds.toFixed(1)} s; latency ${ms(tp.latency)}${tp.refused ? `; ${tp.refused} refused` : ''}`,
    );
    rows.set('sustained throughput (runCommand)', `${tp.perSecond.toFixed(0)} commands/s`);
    figure(`throughput_${database.kind}`, tp.perSecond, 0);
    rows.set('latency during it', both(tp.latency, 0));
    const passes: number[] = [];
    for (let k = 0; k < 5; k++) passes.push((await timed(() => runDue(play.app))).ms);
    console.log(
      `  scheduler pass (runDue) over ${sizes.campaigns} stored campaigns, nothing due: ${ms(stats(passes))}`,
    );
    rows.set(`scheduler pass over ${MANY} campaigns`, both(stats(passes), 0));
    // One figure for both drivers: the slower median pass.
    const pass = stats(passes).median;
    if (STORED === 1000) figure('scheduler_1000_ms', Math.max(pass, Number(figures.get('scheduler_1000_ms') ?? 0)), 2);

    if (renderToo) {
      const state = (await findCampaignByChannel(database.db, c.channelId, stateLayout))!.state;
      // In a worker thread, as the bot draws (docs/performance.md, "Pictures off the main thread"):
      // drawn here, each render held the bench's event loop 70–250 ms.
      const r = await renderFiguresInWorker(state, 10);
      console.log(
        `\nMap image (${state.map?.sectors.length ?? 0} sectors, ${r.width}×${r.height}, ${Math.round(r.bytes / 1024)} KiB PNG)`,
      );
      console.log(`  renderMap (layout + draw + encode): ${ms(r.render)}`);
      console.log(`  layout alone (mapScene):            ${ms(r.layout)}`);
      console.log(`  PNG encode alone:                   ${ms(r.encode)}`);
      console.log(`\n${label} (continued)`);
    }

    // The throughput run's commands went through runCommand, not the bot, so their announcements wait
    // in the outbox (1,500 of them): the bot process would post them all before `ready` (docs/delivery.md,
    // recovery), which took 95 s and measured a crash's backlog, not a start. They are marked posted,
    // as the bot that ran those commands would have left them.
    const backlog = await markBacklogPosted(database);
    console.log(`  outbox rows the throughput run left unposted, marked posted before the bot process: ${backlog}`);
    await play.close();
    await database.close();
    closed = true;
    const turnUserId = c.turnPlayer.userId;
    // A bot process that does not come up (on a machine loaded past its two cores it can miss the
    // two-minute limit) costs its two figures, not the rest of the bench.
    const p = await processFigures(
      botTarget!,
      { guildId: c.guildId, campaigns: active, channels, players: c.players, turnUserId },
      COLD_STARTS,
    ).catch((err: unknown) => {
      console.log(`  cold start and resident memory: not measured — ${(err as Error).message.split('\n')[0]}`);
      return null;
    });
    if (!p) return;
    console.log(
      `  cold start to ready (${botStartLabel()}, ${sizes.campaigns} campaigns stored): ${ms(p.coldStart, 0)}; last start: modules ${p.breakdown.modulesMs.toFixed(0)} ms, database open ${p.breakdown.databaseMs.toFixed(0)} ms, login + boot pass ${p.breakdown.botMs.toFixed(0)} ms`,
    );
    console.log(
      `  resident memory, ${sizes.campaigns} stored and ${p.activeCampaigns} in use through Discord, at rest (a minute after the last command): rss ${mb(p.rss)} = ${mib(p.rss)} (JS heap ${mib(p.heapUsed)}); right after the last command, a full GC forced: ${mb(p.afterBurst.rss)}; peak ${p.peakRss ? mb(p.peakRss) : 'not known'}`,
    );
    rows.set('cold start to ready', both(p.coldStart, 0));
    rows.set(`resident memory, ${MANY} stored, ${ACTIVE} in use`, mb(p.rss));
    // In MB (10^6 bytes), as its name and the target (200 MB) say; the line above gives MiB too.
    if (database.kind === 'pglite' && STORED === 1000) figure('rss_pglite_mb', p.rss / 1e6, 0);
  } finally {
    if (!closed) {
      await play.close().catch(() => {});
      await database.close().catch(() => {});
    }
    await removeFolder(out);
  }
}

/** Marks every unposted outbox row posted; says how many there were. */
async function markBacklogPosted(database: Database): Promise<number> {
  const rows = await database.db
    .update(outbox)
    .set({ sentAt: new Date() })
    .where(isNull(outbox.sentAt))
    .returning({ id: outbox.id });
  return rows.length;
}

function printLoopDelay(label: string, f: LoopDelayFigures): void {
  console.log(
    `\nEvent loop under load, ${label} (bench/loop-delay.ts; setup ${(f.setupMs / 1000).toFixed(1)} s, not counted here)`,
  );
  console.log(
    `  the command burst (${f.burst.commands} commands by ${f.burst.workers} players in ${f.burst.campaigns} campaigns, ${f.burst.perSecond.toFixed(0)} commands/s), a 300-sector map render (${f.renderMs.toFixed(0)} ms), /campaign history of ${f.historyEvents.toLocaleString('en-US')} events (${ms(f.history)}) and VACUUM campaigns (${f.vacuumMs.toFixed(0)} ms), all at once for ${(f.ms / 1000).toFixed(1)} s:`,
  );
  console.log(
    `  event-loop delay (1 ms timer, ${f.samples} runs): p99 ${f.p99.toFixed(1)} ms, max ${f.max.toFixed(1)} ms, mean ${f.mean.toFixed(1)} ms (target: p99 ≤ 20 ms, max ≤ 100 ms)`,
  );
}

/**
 * The event-loop target on each driver (bench/loop-delay.ts), each in a database of its own; the
 * bench campaign file comes from the first per-driver bench when there was one.
 */
async function loopDelayFigures(): Promise<void> {
  const opts = { active: ACTIVE, perWorker: PER_WORKER, events: num('BENCH_LOOP_EVENTS', 100_000) };
  const pg = await withPgliteFolder(
    (dir) => openDatabase({ kind: 'pglite', dataDir: dir }),
    (database) => loopDelayScenario(database, { ...opts, benchFile }),
  );
  keepBenchFile(pg.benchFile);
  printLoopDelay('PGlite', pg);
  const admin = postgres(ADMIN_URL, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await admin`select 1`;
  } catch {
    console.log('\nEvent loop under load, PostgreSQL: no server answers at', ADMIN_URL, '— skipped');
    await admin.end();
    return;
  }
  const name = `cm_bench_loop_${process.pid}`;
  await admin.unsafe(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    const database = await openDatabase({ kind: 'postgres', url: url.toString() });
    try {
      printLoopDelay('PostgreSQL', await loopDelayScenario(database, { ...opts, benchFile }));
    } finally {
      await database.close().catch(() => {});
    }
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function main(): Promise<void> {
  const t0 = performance.now();
  loopDelay.enable();
  console.log(
    `Campaign Master bench — Node ${process.version}, ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}; ${ROUNDS} order rounds, ${STORED} campaigns stored, ${ACTIVE} active`,
  );
  // A round trip and `/campaign history` at 100,000 events (docs/performance.md, "Long histories"); alone with BENCH_ONLY=roundtrip|history.
  const finished = async () => {
    console.log(
      `\nbench finished in ${((performance.now() - t0) / 1000).toFixed(0)} s (load average now ${loadavg()[0]!.toFixed(1)}; other work on the machine inflates every figure)`,
    );
    await printFigures();
  };
  const longEvents = num('BENCH_LONG_EVENTS', 100_000);
  const long = async (which: 'roundtrip' | 'history' | 'both') => {
    for (const line of await longHistoryFigures(which, longEvents, false)) {
      const [, name, value] = line.split(' ');
      if (longEvents === 100_000) figures.set(name as FigureName, value!);
    }
  };
  if (ONLY === 'roundtrip' || ONLY === 'history') {
    await long(ONLY);
    await finished();
    return;
  }
  if (ONLY === 'loop') {
    await loopDelayFigures();
    await finished();
    return;
  }
  // The aged order and battle step alone (docs/performance.md, "History out of the hot state"): BENCH_ONLY=aged.
  if (ONLY === 'aged') {
    const dir = mkdtempSync(join(tmpdir(), 'cm-bench-pglite-'));
    try {
      const pglite = await openDatabase({ kind: 'pglite', dataDir: dir });
      await benchDatabase('PGlite (data folder on disk), aged order only', 'PGlite', pglite, null, false);
    } finally {
      await removeFolder(dir);
    }
    await finished();
    return;
  }
  // The pictures (maps of 30/100/300 sectors, a 10-fleet navy sheet, the ledger); alone with BENCH_ONLY=render.
  // Measured in a worker thread, as the bot draws (docs/performance.md, "Pictures off the main thread").
  const pictureRounds = num('BENCH_PICTURE_ROUNDS', 10);
  const pictures = await pictureRunInWorker(pictureRounds);
  printPictures(pictures.pictures);
  for (const [what, d] of [
    ['redrawn (kept layout and map layer)', pictures.ratio],
    ['drawn from nothing (layout and layer forgotten)', pictures.cold],
    ["a worker's first (every map cache empty)", pictures.first],
  ] as const)
    console.log(
      `  map of 100 sectors, ${what}: draw (renderMap less its encode) ${(d.figures.render.median - d.figures.encode.median).toFixed(1)} ms ÷ PNG encode of the same picture ${d.figures.encode.median.toFixed(1)} ms = ${d.ratio.toFixed(2)}`,
    );
  printDrawingLoopDelay(await loopDelayWhileDrawing(pictureRounds, process.env.BENCH_PICTURE_IN_THREAD === '1'));
  // The figure is a map drawn from nothing (docs/performance.md, "Drawing a map from nothing"):
  // every change to a sector, an owner or a fleet draws the map afresh, a redraw is the cheap case.
  figure('map_draw_over_encode', pictures.cold.ratio, 2);
  if (ONLY === 'render') {
    await finished();
    return;
  }
  if (ONLY !== 'postgres') {
    const dir = mkdtempSync(join(tmpdir(), 'cm-bench-pglite-'));
    try {
      const pglite = await openDatabase({ kind: 'pglite', dataDir: dir });
      await benchDatabase(
        `PGlite (data folder on disk, as DATA_DIR)`,
        'PGlite',
        pglite,
        { kind: 'pglite', where: dir, clockIso: CLOCK },
        true,
      );
    } finally {
      if (process.env.BENCH_KEEP_PGLITE) console.log(`PGlite data folder kept: ${dir}`);
      else await removeFolder(dir);
    }
  }
  if (ONLY !== 'pglite') {
    const admin = postgres(ADMIN_URL, { max: 1, connect_timeout: 3, onnotice: () => {} });
    try {
      await admin`select 1`;
    } catch {
      console.log('\nPostgreSQL: no server answers at', ADMIN_URL, '— skipped');
      await admin.end();
      printSummary();
      if (!ONLY) {
        await long('both');
        await loopDelayFigures();
      }
      await finished();
      return;
    }
    const name = `cm_bench_${process.pid}`;
    await admin.unsafe(`create database ${name}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    try {
      const pg = await openDatabase({ kind: 'postgres', url: url.toString() });
      const version = await admin`show server_version`;
      const pgLabel = `PostgreSQL ${String(version[0]?.server_version ?? '').split(' ')[0]}`;
      await benchDatabase(
        `${pgLabel} (local server)`,
        pgLabel,
        pg,
        { kind: 'postgres', where: url.toString(), clockIso: CLOCK },
        ONLY === 'postgres',
      );
    } finally {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
  printSummary();
  // The long histories (a round trip and `/campaign history` at 100,000 events) and the event loop
  // under load close the full run.
  if (!ONLY) {
    await long('both');
    await loopDelayFigures();
  }
  await finished();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
