/**
 * The event-loop target of docs/performance.md ("Nothing blocks the event loop"): during the
 * bench's command burst (bench/throughput.ts), a render of the largest map (300 sectors), a
 * `/campaign history` of a 100,000-event campaign and a `VACUUM campaigns`, all at once, the
 * bot's event loop is delayed at most 100 ms and 20 ms at the 99th percentile.
 *
 * `loopDelayScenario` runs it on one database, in a setup of its own (the bench campaign
 * imported and copied `active` times, a long campaign built with bench/history.ts), and measures
 * the delay with a `monitorEventLoopDelay` of its own, from the moment the four start until the
 * last ends. The setup is not measured here (it is in the whole-run figures of bench/run.ts).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as nextTimer } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { campaignAtCycle } from '../src/app/campaigns.ts';
import type { Database } from '../src/db/client.ts';
import { Playground } from '../src/playground/playground.ts';
import { renderPicture } from '../src/render/pool.ts';
import { buildBenchCampaign, exportBenchCampaign, importBenchCampaign } from './campaign.ts';
import { listCopies, storeCopies } from './copies.ts';
import { buildHistoryCampaign } from './history.ts';
import { campaignWithSectorsOffThread } from './render-states.ts';
import { removeFolder, type Stats, stats } from './stats.ts';
import { sustainedThroughput, type ThroughputResult } from './throughput.ts';

export interface LoopDelayFigures {
  /** Event-loop delay while the four ran (ms), and how many times the 1 ms timer ran. */
  samples: number;
  p99: number;
  max: number;
  mean: number;
  /** How long the four took together (ms). */
  ms: number;
  burst: ThroughputResult;
  /** Each one's own time (ms), started together. */
  renderMs: number;
  history: Stats;
  historyEvents: number;
  vacuumMs: number;
  /** The bench campaign file, for the next database (built on the first). */
  benchFile: string;
  setupMs: number;
}

export async function loopDelayScenario(
  database: Database,
  opts: { benchFile: string | null; active: number; perWorker: number; events: number; halfCycles?: number },
): Promise<LoopDelayFigures> {
  const out = mkdtempSync(join(tmpdir(), 'cm-bench-loop-'));
  const play = await Playground.start({ database, outDir: out, clockStart: '2026-11-21T12:00:00Z' });
  try {
    const t0 = performance.now();
    const c = opts.benchFile ? await importBenchCampaign(play, opts.benchFile) : await buildBenchCampaign(play);
    const benchFile = opts.benchFile ?? (await exportBenchCampaign(play));
    await storeCopies(database, c.campaignId, 1, opts.active);
    const active = await listCopies(database, opts.active);
    const others = c.players
      .filter((p) => p.userId !== c.turnPlayer.userId)
      .slice(0, 2)
      .map((p) => p.userId);
    const halfCycles = opts.halfCycles ?? 40;
    const target = { guildId: 'bench-guild', channelId: 'bench-loop-history' };
    const long = await buildHistoryCampaign(play.app, target, opts.events, halfCycles);
    // Asked for: a half-cycle in the middle (its snapshot), and the current one, unfinished (its
    // snapshot and the rest of the log: the most a history folds).
    const asks = [long.first + Math.floor(halfCycles / 2), long.first + halfCycles];
    const map = await campaignWithSectorsOffThread(12, 25);
    const setupMs = performance.now() - t0;

    const delay = monitorEventLoopDelay({ resolution: 5 });
    const timed = async <T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> => {
      const t = performance.now();
      const value = await work();
      return { value, ms: performance.now() - t };
    };
    const start = performance.now();
    delay.enable();
    const [burst, render, history, vacuum] = await Promise.all([
      sustainedThroughput(play.app, active, { turn: c.turnPlayer.userId, others }, opts.perWorker),
      // Through the render pool, as the bot draws (docs/performance.md, "Pictures off the main thread").
      timed(() => renderPicture({ kind: 'map', state: map })),
      (async () => {
        const times: number[] = [];
        for (const h of asks) {
          const r = await timed(() => campaignAtCycle(play.app, target.channelId, h));
          if (!r.value) throw new Error('no history');
          times.push(r.ms);
        }
        return times;
      })(),
      // What the scheduler's hourly pass runs on PGlite (src/app/vacuum.ts); on PostgreSQL the server does the work.
      timed(() => database.db.execute(sql`VACUUM campaigns`)),
    ]);
    // A timer's turn before reading: a loop held to the very end (PGlite's queries answer by promise
    // only, so a burst of them can keep the loop from its timers throughout) still records that stretch.
    await nextTimer(2);
    delay.disable();
    const ms = performance.now() - start;
    return {
      samples: delay.count,
      p99: delay.percentile(99) / 1e6,
      max: delay.max / 1e6,
      mean: delay.mean / 1e6,
      ms,
      burst,
      renderMs: render.ms,
      history: stats(history),
      historyEvents: long.version,
      vacuumMs: vacuum.ms,
      benchFile,
      setupMs,
    };
  } finally {
    await play.close().catch(() => {});
    await removeFolder(out);
  }
}

/** A fresh PGlite data folder for the scenario, removed afterwards. */
export async function withPgliteFolder<T>(
  open: (dir: string) => Promise<Database>,
  run: (db: Database) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'cm-bench-loop-pglite-'));
  const db = await open(dir);
  try {
    return await run(db);
  } finally {
    await db.close().catch(() => {});
    await removeFolder(dir);
  }
}
