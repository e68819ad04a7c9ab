/**
 * The long-history figures of docs/performance.md ("Long histories"):
 *
 *  - `roundtripFigures`: a campaign of 100,000 events exported (`/campaign export`'s file, gzip
 *    within the upload limit), imported into another channel and verified there (the hash chain
 *    unchanged, the log replaying to the stored state): `FIGURE roundtrip_100k_ok 1|0`.
 *  - `historyFigures`: `/campaign history` of a campaign of 100,000 events over many half-cycles,
 *    the median over several half-cycles asked for: `FIGURE history_100k_ms`.
 *
 * Both build their logs with bench/long-log.ts (valid rolls written straight to the log, turns
 * ended through the app path).
 */
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { campaignAtCycle, exportCampaignFile, importCampaign } from '../src/app/campaigns.ts';
import type { AppContext } from '../src/app/context.ts';
import { runCommand } from '../src/app/run-command.ts';
import { stateLayout } from '../src/app/rulesets.ts';
import { verifyCampaign } from '../src/app/verify.ts';
import { findCampaignByChannel, loadChain } from '../src/db/campaign-repo.ts';
import { campaignSnapshots } from '../src/db/schema.ts';
import type { Actor, CampaignCommand } from '../src/rules/thunderdome/index.ts';
import { appendRolls, playHalfCycles } from './long-log.ts';
import { stats, type Stats } from './stats.ts';

const player = (userId: string, admin = false): Actor => ({ userId, displayName: userId, isServerAdmin: admin });

/** A three-player campaign, started and past its setup, in `channelId`; returns its id. */
async function activeCampaign(app: AppContext, target: { guildId: string; channelId: string }): Promise<string> {
  const run = async (userId: string, command: CampaignCommand | { type: 'create'; name: string }) => {
    const r = await runCommand(app, { target, actor: player(userId), command: command as CampaignCommand });
    if (!r.ok) throw new Error(`bench setup refused ${command.type}: ${r.error.message}`);
  };
  await run('h1', { type: 'create', name: 'Long history' });
  for (const [u, e] of [
    ['h1', 'lyran'],
    ['h2', 'kzinti'],
    ['h3', 'gorn'],
  ] as const)
    await run(u, { type: 'join', empire: e });
  await run('h1', { type: 'map-generate', sectorsPerPlayer: 6 });
  for (const u of ['h1', 'h2', 'h3']) await run(u, { type: 'map-approve' });
  await run('h1', { type: 'start' });
  for (const u of ['h1', 'h2', 'h3']) await run(u, { type: 'setup-ready', ready: true });
  return (await findCampaignByChannel(app.database.db, target.channelId, stateLayout))!.id;
}

export interface RoundTrip {
  ok: boolean;
  events: number;
  buildMs: number;
  exportMs: number;
  importMs: number;
  verifyMs: number;
  fileBytes: number;
  plainBytes: number;
  gzip: boolean;
  failure?: string;
}

/** Builds, exports, imports and verifies a campaign of `events` events. */
export async function roundtripFigures(app: AppContext, events = 100_000): Promise<RoundTrip> {
  const target = { guildId: 'bench-guild', channelId: 'bench-roundtrip' };
  const t0 = performance.now();
  const id = await activeCampaign(app, target);
  const version = (await findCampaignByChannel(app.database.db, target.channelId, stateLayout))!.version;
  await appendRolls(app, id, events - version, player('h2'));
  const t1 = performance.now();
  const exported = await exportCampaignFile(app, target.channelId, { includeSecret: true });
  const t2 = performance.now();
  const base = { events, buildMs: t1 - t0, exportMs: t2 - t1, importMs: 0, verifyMs: 0 };
  if (!exported.ok)
    return { ...base, ok: false, fileBytes: 0, plainBytes: 0, gzip: false, failure: exported.error.message };
  const file = exported.value;
  const sizes = { fileBytes: file.bytes.byteLength, plainBytes: file.plainBytes, gzip: file.gzip };
  const to = { guildId: 'bench-guild', channelId: 'bench-roundtrip-copy' };
  const imported = await importCampaign(app, to, player('h1', true), file.bytes);
  const t3 = performance.now();
  if (!imported.ok) return { ...base, ...sizes, importMs: t3 - t2, ok: false, failure: imported.error.message };
  const verified = await verifyCampaign(app, to.channelId);
  const t4 = performance.now();
  const timing = { ...base, ...sizes, importMs: t3 - t2, verifyMs: t4 - t3 };
  if (!verified.ok) return { ...timing, ok: false, failure: verified.error.message };
  const v = verified.value;
  const copy = (await findCampaignByChannel(app.database.db, to.channelId, stateLayout))!;
  const a = await loadChain(app.database.db, id);
  const b = await loadChain(app.database.db, copy.id);
  const sameChain = a.length === events && a.every((e, i) => e.hash === b[i]?.hash);
  const ok = v.events === events + 1 && v.breaks.length === 0 && v.state.length === 0 && !v.replayFailed && sameChain;
  return {
    ...timing,
    ok,
    ...(ok ? {} : { failure: `verify ${JSON.stringify(v).slice(0, 300)}; same chain ${sameChain}` }),
  };
}

/**
 * A campaign of about `events` events over `halfCycles` half-cycles in `target`'s channel (three
 * players end a turn each per half-cycle; rolls fill the log between them). `first` is the
 * half-cycle it started in; `version` its events.
 */
export async function buildHistoryCampaign(
  app: AppContext,
  target: { guildId: string; channelId: string },
  events: number,
  halfCycles: number,
): Promise<{ id: string; first: number; version: number; buildMs: number }> {
  const t0 = performance.now();
  const id = await activeCampaign(app, target);
  const stateOf = async () => {
    const r = (await findCampaignByChannel(app.database.db, target.channelId, stateLayout))!;
    return { halfCycles: r.state.halfCycles, turn: r.state.turn, version: r.version };
  };
  const start = await stateOf();
  const perTurn = Math.max(0, Math.floor((events - start.version) / (halfCycles * 3)) - 3);
  const version = await playHalfCycles(app, target, id, halfCycles, perTurn, stateOf);
  return { id, first: start.halfCycles, version, buildMs: performance.now() - t0 };
}

export interface HistoryFigures {
  events: number;
  halfCycles: number;
  buildMs: number;
  /** `/campaign history` with the snapshots the commands stored. */
  history: Stats;
  /** The same half-cycles once before snapshots (a whole replay onto one working copy, storing them). */
  firstReplayMs: number;
}

/**
 * A campaign of about `events` events over `halfCycles` half-cycles, then `/campaign history` of
 * each of `asks` half-cycles spread over it (the latest, unfinished one included).
 */
export async function historyFigures(
  app: AppContext,
  events = 100_000,
  halfCycles = 40,
  rounds = 5,
): Promise<HistoryFigures> {
  const target = { guildId: 'bench-guild', channelId: 'bench-history' };
  const { id, first, version, buildMs } = await buildHistoryCampaign(app, target, events, halfCycles);
  const asks = [
    first,
    first + Math.floor(halfCycles / 3),
    first + Math.floor(halfCycles / 2),
    first + halfCycles - 1,
    first + halfCycles,
  ];
  const times: number[] = [];
  for (let r = 0; r < rounds; r++)
    for (const h of asks) {
      const t = performance.now();
      const state = await campaignAtCycle(app, target.channelId, h);
      times.push(performance.now() - t);
      if (!state) throw new Error('no history');
    }
  // Without snapshots (a campaign stored before they were kept): the first replay, which stores them.
  await app.database.db.delete(campaignSnapshots).where(eq(campaignSnapshots.campaignId, id));
  const t = performance.now();
  await campaignAtCycle(app, target.channelId, first + halfCycles);
  const firstReplayMs = performance.now() - t;
  return { events: version, halfCycles, buildMs, history: stats(times), firstReplayMs };
}
