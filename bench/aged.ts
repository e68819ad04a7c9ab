/**
 * The aged-campaign figure (docs/performance.md, "Long campaigns"): the same order (`/buy ops` by
 * the player on turn, on the app path, `runCommand`, undone after each) in the bench campaign as it
 * is, and again with 3,000 resolved battles in its state, as a campaign of a year holds them.
 *
 * The resolved battles are real ones: the campaign simulator (src/sim/simulator.ts) plays a short
 * campaign until some battles are fought and settled, and those are copied, under new ids, into the
 * bench campaign's stored state until it holds `battles` of them. Playing 3,000 battles through the
 * simulator would take hours, and only the size of what a command reads, copies and writes matters
 * here; the copied battles are written straight into the stored state (the log is not extended, so
 * this campaign's state is not its log's replay while they are there) and taken out again after.
 */
import { performance } from 'node:perf_hooks';
import { runCommand } from '../src/app/run-command.ts';
import { eachSliced, slices } from '../src/app/slices.ts';
import { stateLayout } from '../src/app/rulesets.ts';
import { findCampaignByChannel, saveCampaign } from '../src/db/campaign-repo.ts';
import { executedRows, openDatabase, type Database } from '../src/db/client.ts';
import { campaignRecords } from '../src/db/schema.ts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../src/app/context.ts';
import type { CampaignState } from '../src/rules/thunderdome/index.ts';
import { CampaignSimulator } from '../src/sim/simulator.ts';
import { versionedCampaign } from '../src/app/campaigns.ts';
import { stats, timed, type Stats } from './stats.ts';

export interface AgedFigures {
  fresh: Stats;
  aged: Stats;
  battles: number;
  /** Resolved battles the simulator played, copied to make up `battles`. */
  played: number;
  templates: Battle[];
  stateKiB: { fresh: number; aged: number };
  /**
   * The bot's reader of the aged campaign (a delivery's newest state, autocomplete, buttons:
   * `versionedCampaign`), right after a command, against reading the row whole from the database.
   */
  reader: { kept: Stats; stored: Stats };
}

type Battle = CampaignState['battles'][number];

/** Resolved battles from a simulated campaign (at least `want`, or what `maxSteps` gives). */
export async function simulatedResolvedBattles(want: number, maxSteps = 3000): Promise<Battle[]> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    const sim = new CampaignSimulator({
      database,
      seed: 'bench-aged-campaign',
      players: 6,
      commands: maxSteps,
      replayEvery: 50,
      untilResolvedBattles: want,
    });
    await sim.run();
    const row = await findCampaignByChannel(database.db, 'sim-channel', stateLayout);
    return (row?.state.battles ?? []).filter((b) => b.status === 'resolved');
  } finally {
    await database.close();
  }
}

async function orderTimes(
  app: AppContext,
  target: { guildId: string; channelId: string },
  userId: string,
  rounds: number,
): Promise<Stats> {
  const actor = { userId, displayName: userId, isServerAdmin: false };
  const times: number[] = [];
  for (let k = 0; k < rounds + 5; k++) {
    const t0 = performance.now();
    const r = await runCommand(app, { target, actor, command: { type: 'buy-ops', kind: 'temporary', count: 1 } });
    times.push(performance.now() - t0);
    if (!r.ok) throw new Error(`bench: buy-ops refused: ${r.error.message}`);
    const u = await runCommand(app, { target, actor, command: { type: 'undo' } });
    if (!u.ok) throw new Error(`bench: undo refused: ${u.error.message}`);
  }
  // The first five warm up what a running bot has warm.
  return stats(times.slice(5));
}

async function replaceBattles(app: AppContext, channelId: string, battles: Battle[]): Promise<number> {
  const row = (await findCampaignByChannel(app.database.db, channelId, stateLayout))!;
  const state = { ...row.state, battles };
  await saveCampaign(app.database.db, { ...row, state }, row.version, app.clock.now(), stateLayout, {
    secretSeedsUnchanged: true,
  });
  return await jsonLength(state);
}

/**
 * `JSON.stringify(state).length`, a battle at a time with the event loop given its turns: the whole
 * aged state at once held it 60–120 ms, and the bench's whole-run event-loop figure counts its own
 * work too (docs/performance.md, "Nothing blocks the event loop").
 */
async function jsonLength(state: CampaignState): Promise<number> {
  let length = JSON.stringify({ ...state, battles: [] }).length;
  await eachSliced(state.battles, slices(), (b) => {
    length += JSON.stringify(b).length;
  });
  // The commas between the battles.
  return length + Math.max(0, state.battles.length - 1);
}

/** `count` resolved battles, copies of `templates` under new ids, made in slices as `jsonLength`. */
async function agedBattles(templates: readonly Battle[], count: number): Promise<Battle[]> {
  const out: Battle[] = [];
  const ks = Array.from({ length: count }, (_, k) => k);
  await eachSliced(ks, slices(), (k) => {
    out.push({ ...structuredClone(templates[k % templates.length]!), id: `AGED${k + 1}` });
  });
  return out;
}

/** The stages in which a side may propose a session time (battles/session.ts, UTD3.42). */
const SCHEDULABLE: ReadonlySet<string> = new Set([
  'awaiting-contact',
  'awaiting-response',
  'in-play',
  'negotiating',
  'result-proposed',
  'stalled',
]);

export interface BattleStepFigures {
  fresh: Stats;
  aged: Stats;
  /** CPU time of the process per step (user + system, PGlite included): steadier than wall time on a loaded machine. */
  cpu: { fresh: Stats; aged: Stats };
  battles: number;
  /** Rows of `campaign_records` written by the aged battle steps (0: no finished record was rewritten). */
  recordsWritten: number;
}

/**
 * A battle step at `battles` resolved battles: a side of an open battle proposes a session time
 * (`/battle schedule`, UTD3.42), which changes that battle only, `rounds` times, in a campaign the
 * simulator plays until a battle is open and schedulable, then again with `battles` resolved
 * battles (copies of `templates`) put in its stored state. It must not rewrite any of them.
 */
export async function agedBattleStepFigures(
  templates: readonly Battle[],
  battles = 3000,
  rounds = 30,
): Promise<BattleStepFigures | null> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    const sim = new CampaignSimulator({
      database,
      seed: 'bench-aged-battle',
      players: 4,
      commands: 3000,
      replayEvery: 1000,
      onStep: () => {
        const st = (sim as unknown as { state: CampaignState | null }).state;
        if (st?.battles.some((b) => b.status === 'open' && SCHEDULABLE.has(b.stage))) throw STOP;
      },
    });
    try {
      await sim.run();
      return null;
    } catch (err) {
      if (err !== STOP) throw err;
    }
    const app = sim.app;
    const target = { guildId: 'sim-guild', channelId: 'sim-channel' };
    const row = (await findCampaignByChannel(database.db, target.channelId, stateLayout))!;
    const open = row.state.battles.find((b) => b.status === 'open' && SCHEDULABLE.has(b.stage))!;
    const side = open.sides.find((x) => x !== 'npe')!;
    const cpu: number[] = [];
    const step = async (k: number): Promise<number> => {
      const at = new Date(app.clock.now().getTime() + (2 + (k % 20)) * 3_600_000).toISOString();
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const r = await runCommand(app, {
        target,
        actor: { userId: side, displayName: side, isServerAdmin: false },
        command: { type: 'battle-schedule', battle: open.id, when: null, at },
      });
      const ms = performance.now() - t0;
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1000);
      if (!r.ok) throw new Error(`bench: battle-schedule refused: ${r.error.message}`);
      return ms;
    };
    const times = async () => {
      const out: number[] = [];
      cpu.length = 0;
      for (let k = 0; k < rounds + 5; k++) out.push(await step(k));
      return { wall: stats(out.slice(5)), cpu: stats(cpu.slice(5)) };
    };
    const fresh = await times();
    const now = (await findCampaignByChannel(database.db, target.channelId, stateLayout))!;
    const aged = await agedBattles(templates, battles);
    await saveCampaign(
      database.db,
      { ...now, state: { ...now.state, battles: [...aged, ...now.state.battles] } },
      now.version,
      app.clock.now(),
      stateLayout,
      { secretSeedsUnchanged: true },
    );
    const xid = await nextXid(database);
    const old = await times();
    return {
      fresh: fresh.wall,
      aged: old.wall,
      cpu: { fresh: fresh.cpu, aged: old.cpu },
      battles,
      recordsWritten: await recordsWrittenSince(database, xid),
    };
  } finally {
    await database.close();
  }
}

const STOP = Symbol('stop');

/** The id the next transaction gets, as a row's `xmin` stores it. */
async function nextXid(database: Database): Promise<number> {
  const rows = await database.db.execute(sql`select (txid_current() % 4294967296)::bigint as x`);
  const list = executedRows<{ x: unknown }>(rows);
  return Number(list[0]!.x);
}

/** Rows of `campaign_records` written (inserted or rewritten) by a transaction after `xid`. */
async function recordsWrittenSince(database: Database, xid: number): Promise<number> {
  const rows = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(campaignRecords)
    .where(sql`xmin::text::bigint > ${xid}`);
  return Number(rows[0]?.n ?? 0);
}

/** Puts `battles` resolved battles (simulated ones, copied under new ids) in a campaign's stored state. */
export async function ageCampaign(
  app: AppContext,
  channelId: string,
  battles: number,
  templates?: readonly Battle[],
): Promise<void> {
  templates ??= await simulatedResolvedBattles(12);
  const original = (await findCampaignByChannel(app.database.db, channelId, stateLayout))!.state.battles;
  await replaceBattles(app, channelId, [...original, ...(await agedBattles(templates, battles))]);
}

export async function agedOrderFigures(
  app: AppContext,
  target: { guildId: string; channelId: string },
  userId: string,
  battles = 3000,
  rounds = 40,
): Promise<AgedFigures> {
  const templates = await simulatedResolvedBattles(12);
  if (templates.length === 0) throw new Error('bench: the simulated campaign resolved no battle');
  const original = (await findCampaignByChannel(app.database.db, target.channelId, stateLayout))!.state.battles;
  const freshBytes = await replaceBattles(app, target.channelId, original);
  const fresh = await orderTimes(app, target, userId, rounds);
  const aged = await agedBattles(templates, battles);
  const agedBytes = await replaceBattles(app, target.channelId, [...original, ...aged]);
  try {
    const old = await orderTimes(app, target, userId, rounds);
    const kept: number[] = [];
    const stored: number[] = [];
    for (let k = 0; k < 10; k++) {
      kept.push((await timed(() => versionedCampaign(app, target.channelId))).ms);
      stored.push((await timed(() => findCampaignByChannel(app.database.db, target.channelId, stateLayout))).ms);
    }
    return {
      reader: { kept: stats(kept), stored: stats(stored) },
      fresh,
      aged: old,
      battles,
      played: templates.length,
      templates,
      stateKiB: { fresh: Math.round(freshBytes / 1024), aged: Math.round(agedBytes / 1024) },
    };
  } finally {
    await replaceBattles(app, target.channelId, original);
  }
}
