/**
 * What the simulators share (docs/performance.md, "The campaign simulator"): the failure they
 * throw (seed, step, command and the command line that replays it), the fingerprint of everything
 * a command could change (a refused command must leave it as it was), the replay check (the stored
 * state is the fold of the stored log, by the campaign's own ruleset), and the scheduler check
 * (after a pass nothing is left due). src/sim/simulator.ts plays Thunderdome III,
 * src/sim/warlord.ts Star Fleet Warlord.
 */
import { lte, sql } from 'drizzle-orm';
import type { AppContext } from '../app/context.ts';
import { canonicalJson } from '../app/export.ts';
import { rulesetOf, stateLayout } from '../app/rulesets.ts';
import { type CommandInput, runCommand } from '../app/run-command.ts';
import { findCampaignByChannel, loadEvents } from '../db/campaign-repo.ts';
import { executedRows, type Database } from '../db/client.ts';
import { campaigns } from '../db/schema.ts';
import type { Actor, CampaignState } from '../rules/thunderdome/index.ts';
import type { StoredEventOf } from '../ruleset.ts';

export const HOUR = 3_600_000;

export interface SimFailure {
  seed: string;
  step: number;
  actor: string;
  command: string;
  problem: string;
}

export type Where = Omit<SimFailure, 'seed' | 'problem'>;

export class SimulationFailed extends Error {
  constructor(
    readonly failure: SimFailure,
    /** Extra arguments of the replaying command line (`--ruleset warlord`). */
    replayArgs = '',
  ) {
    super(
      `simulation failed (seed ${failure.seed}, step ${failure.step}): ${failure.problem}\n  command by ${failure.actor}: ${failure.command}\n  replay: npm run simulate -- ${replayArgs ? `${replayArgs} ` : ''}--seed ${failure.seed} --commands ${failure.step + 1}`,
    );
  }
}

export function actorOf(userId: string): Actor {
  return { userId, displayName: userId, isServerAdmin: false };
}

/** Everything a command could change: campaign rows, events, claimed interactions, deadlines. */
export async function fingerprint(database: Database): Promise<string> {
  const result = await database.db.execute(sql`
    select md5(coalesce((select string_agg(id::text || ':' || version || ':' || md5(state::text) || ':' || md5(secret_seeds::text), ',' order by id) from campaigns), ''))
      || ':' || (select count(*) from campaign_events)
      || ':' || (select count(*) from processed_interactions)
      || ':' || md5(coalesce((select string_agg(id::text || status || due_at::text, ',' order by id) from deadlines), '')) as digest`);
  const rows = executedRows<{ digest: string }>(result);
  return rows[0]!.digest;
}

export type CommandRun =
  | { kind: 'accepted'; result: Extract<Awaited<ReturnType<typeof runCommand>>, { ok: true }> }
  | { kind: 'refused'; code: string; message: string }
  | { kind: 'broken'; problem: string };

/**
 * One command through the app path, judged: a throw is a failure, and a refusal must have changed
 * nothing (the fingerprint before and after).
 */
export async function runJudged(
  app: AppContext,
  target: { guildId: string; channelId: string },
  actor: Actor,
  command: CommandInput,
): Promise<CommandRun> {
  const before = await fingerprint(app.database);
  let result: Awaited<ReturnType<typeof runCommand>>;
  try {
    result = await runCommand(app, { target, actor, command });
  } catch (err) {
    return { kind: 'broken', problem: `the command threw: ${(err as Error).stack ?? String(err)}` };
  }
  if (result.ok) return { kind: 'accepted', result };
  if ((await fingerprint(app.database)) !== before)
    return { kind: 'broken', problem: `refused (${result.error.message}) yet the stored campaign changed` };
  return { kind: 'refused', code: result.error.code, message: result.error.message };
}

/**
 * The scheduler reads only campaigns whose stored next due time has come (its index): after a pass,
 * nothing may be left due, or the campaign would be read again on every pass. The problem, or null.
 */
export async function leftDue(app: AppContext & { clock: { now(): Date } }): Promise<string | null> {
  const due = await app.database.db
    .select({ dueAt: campaigns.dueAt })
    .from(campaigns)
    .where(lte(campaigns.dueAt, app.clock.now().toISOString()));
  return due.length > 0
    ? `after a scheduler pass the campaign is still due (due_at ${due[0]!.dueAt}): every pass would read it again`
    : null;
}

/** The stored campaign of a channel with its version and id (null when none). */
export async function storedCampaign(
  database: Database,
  channelId: string,
): Promise<{ id: string; version: number; state: CampaignState } | null> {
  const row = await findCampaignByChannel(database.db, channelId, stateLayout);
  return row ? { id: row.id, version: row.version, state: row.state } : null;
}

/**
 * Replay = stored state: the log is as long as the row's version, and folding it with the
 * campaign's own ruleset gives the stored state. The problem, or null.
 */
export async function replayProblem(
  database: Database,
  row: { id: string; version: number; state: CampaignState },
  fold?: (events: Awaited<ReturnType<typeof loadEvents>>) => unknown,
): Promise<string | null> {
  const events = await loadEvents(database.db, row.id);
  if (events.length !== row.version)
    return `the log holds ${events.length} events, the campaign row says ${row.version}`;
  const replayed = fold
    ? fold(events)
    : events.reduce<CampaignState | null>(
        (s, e) => rulesetOf(row.state.ruleset).apply(s, e as unknown as StoredEventOf<never>),
        null,
      );
  if (canonicalJson(replayed) !== canonicalJson(row.state))
    return 'the stored state is not the replay of the stored log';
  return null;
}
