/**
 * The resident-memory figure alone (docs/performance.md, "resident memory"), quicker than the
 * bench's PGlite part: the same bot process (bench/processes.ts, built and started as `npm start`),
 * the same 1,000 campaigns stored (the bench campaign and 999 copies, bench/copies.ts) and the same
 * 50 put to use through Discord, without the order, throughput and scheduler figures before it
 * (a minute of it the bot's rest before the figure, bench/processes.ts).
 *
 *   npx tsx bench/memory-run.ts            # MEMORY_BASE=<folder>: keep the stored campaigns there
 *
 * Building the 1,000 campaigns takes minutes; with MEMORY_BASE the first run keeps the PGlite data
 * folder (and what the run needs to know of it) in that folder, and later runs start from a copy of
 * it, so each measures the same database. MEMORY_RUNS (default 1): memory runs in a row.
 * BENCH_CAMPAIGN_FILE, BENCH_CAMPAIGNS, BENCH_ACTIVE, BENCH_BOT_NODE_FLAGS, BENCH_MEMORY_DETAIL as
 * for `npm run bench`.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../src/db/client.ts';
import { delivererOf } from '../src/discord/deliverer.ts';
import { Playground } from '../src/playground/playground.ts';
import { buildBenchCampaign, importBenchCampaign, exportBenchCampaign } from './campaign.ts';
import { listCopies, storeCopies } from './copies.ts';
import { processFigures } from './processes.ts';

const CLOCK = '2026-11-21T12:00:00Z';
const STORED = Number(process.env.BENCH_CAMPAIGNS ?? 1000);
const ACTIVE = Number(process.env.BENCH_ACTIVE ?? 50);
const RUNS = Number(process.env.MEMORY_RUNS ?? 1);
const BASE = process.env.MEMORY_BASE;
const CAMPAIGN_FILE = process.env.BENCH_CAMPAIGN_FILE;

type World = Parameters<typeof processFigures>[1];

/** Builds the stored campaigns in `dir` and says what the memory run needs of them. */
async function store(dir: string): Promise<World> {
  const database = await openDatabase({ kind: 'pglite', dataDir: dir });
  const out = mkdtempSync(join(tmpdir(), 'cm-memory-play-'));
  const play = await Playground.start({ database, outDir: out, clockStart: CLOCK });
  try {
    const file = CAMPAIGN_FILE && existsSync(CAMPAIGN_FILE) ? readFileSync(CAMPAIGN_FILE, 'utf8') : null;
    const c = file ? await importBenchCampaign(play, file) : await buildBenchCampaign(play);
    if (CAMPAIGN_FILE && !file) writeFileSync(CAMPAIGN_FILE, await exportBenchCampaign(play));
    // The announcements of the campaign's 2,000 rolls (made on the app path, which leaves them to the
    // outbox) posted before the copies, as the full bench's order rounds post them: otherwise the bot
    // would post the backlog as it starts, and the run would measure that.
    await delivererOf(play.bot.client)?.deliver(c.campaignId);
    await play.bot.whenIdle();
    await storeCopies(database, c.campaignId, 1, STORED - 1);
    const campaigns = await listCopies(database, ACTIVE);
    const channels = [c.channelId, ...(await listCopies(database, STORED - 1)).map((x) => x.channelId)];
    return { guildId: c.guildId, campaigns, channels, players: c.players, turnUserId: c.turnPlayer.userId };
  } finally {
    await play.close();
    await database.close();
    rmSync(out, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const t0 = performance.now();
  let world: World;
  let source: string;
  if (BASE && existsSync(join(BASE, 'world.json'))) {
    world = JSON.parse(readFileSync(join(BASE, 'world.json'), 'utf8')) as World;
    source = join(BASE, 'pglite');
  } else {
    source = BASE ? join(BASE, 'pglite') : mkdtempSync(join(tmpdir(), 'cm-memory-base-'));
    if (BASE) mkdirSync(source, { recursive: true });
    world = await store(source);
    if (BASE) writeFileSync(join(BASE, 'world.json'), JSON.stringify(world));
    console.log(`stored ${STORED} campaigns in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  try {
    for (let k = 0; k < RUNS; k++) {
      const dir = mkdtempSync(join(tmpdir(), 'cm-memory-'));
      try {
        cpSync(source, dir, { recursive: true });
        const t1 = performance.now();
        const load = loadavg()[0]!.toFixed(1);
        const p = await processFigures({ kind: 'pglite', where: dir, clockIso: CLOCK }, world, 0);
        const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
        console.log(
          `memory run ${k + 1}: at rest rss ${mb(p.rss)} = ${(p.rss / 2 ** 20).toFixed(1)} MiB, JS heap ${(p.heapUsed / 2 ** 20).toFixed(1)} MiB; right after the last command (GC forced) ${mb(p.afterBurst.rss)}; peak ${mb(p.peakRss)} (load ${load}, ${((performance.now() - t1) / 1000).toFixed(0)} s)`,
        );
        console.log(`  at rest: ${JSON.stringify(p.memory.detail)}`);
        console.log(`  after the last command: ${JSON.stringify(p.afterBurst.detail)}`);
        if (p.readyMemory) console.log(`  at ready: ${JSON.stringify(p.readyMemory.detail ?? p.readyMemory)}`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  } finally {
    if (!BASE) rmSync(source, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
