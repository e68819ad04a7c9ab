import { eq, sql } from 'drizzle-orm';
import { logSinceSnapshot } from '../db/campaign-repo.ts';
import * as repo from '../db/outbox-repo.ts';
import { campaigns } from '../db/schema.ts';
import type { CampaignState, StoredEvent } from '../rules/thunderdome/index.ts';
import type { AppContext } from './context.ts';
import { DEFAULT_RULESET, rulesetOf, stateLayout } from './rulesets.ts';
import { eachSliced, slices } from './slices.ts';

export type { OutboxProgress, OutboxRow } from '../db/outbox-repo.ts';

/**
 * The outbox as the deliverer uses it (docs/delivery.md): the rows a command wrote in its
 * transaction, claimed by one process, delivered in order, finished once. The Discord layer reaches
 * the database only through the app.
 */
export const outboxRepo = {
  claim: (app: AppContext, campaignId: string, holder: string, leaseMs: number) =>
    repo.claimCampaignRows(app.database.db, campaignId, holder, app.clock.now(), leaseMs),
  save: (app: AppContext, id: number, holder: string, progress: repo.OutboxProgress, leaseMs: number) =>
    repo.saveProgress(app.database.db, id, holder, progress, new Date(app.clock.now().getTime() + leaseMs)),
  finish: (app: AppContext, id: number, holder: string, progress: repo.OutboxProgress) =>
    repo.finishRow(app.database.db, id, holder, progress, app.clock.now()),
  retryLater: (
    app: AppContext,
    id: number,
    holder: string,
    progress: repo.OutboxProgress,
    waitMs: number,
    error: string,
  ) => repo.retryRowLater(app.database.db, id, holder, progress, new Date(app.clock.now().getTime() + waitMs), error),
  release: (app: AppContext, holder: string) => repo.releaseRows(app.database.db, holder),
  releaseEveryHolder: (app: AppContext) => repo.releaseEveryHolder(app.database.db),
  dueCampaigns: (app: AppContext) => repo.campaignsWithDueRows(app.database.db, app.clock.now()),
  pending: (app: AppContext, campaignId?: string) => repo.pendingRows(app.database.db, campaignId),
  lastRenderedVersion: (app: AppContext, row: repo.OutboxRow) =>
    repo.lastRenderedVersion(app.database.db, row.campaignId, row.kind, row.subject),
  laterRowExists: (app: AppContext, row: repo.OutboxRow) => repo.laterRowExists(app.database.db, row),
  /** Whether a turn start's ping (which carries the map) was written for this row's version or a later one. */
  turnStartSince: (app: AppContext, row: repo.OutboxRow) =>
    repo.kindSinceVersion(app.database.db, row.campaignId, 'turn-start', row.version),
  sentNotices: (app: AppContext, prefix: string) => repo.sentNotices(app.database.db, prefix),
  forgetNoticeRows: (app: AppContext, ids: readonly number[]) => repo.forgetNoticeRows(app.database.db, ids),
  prune: (app: AppContext, olderThanMs: number) =>
    repo.pruneSentRows(app.database.db, new Date(app.clock.now().getTime() - olderThanMs)),
  /**
   * A row no command wrote (a map whose approval message a bot of before the outbox never posted),
   * born free: delivered after the rows already waiting, like any other.
   */
  async enqueue(
    app: AppContext,
    at: { campaignId: string; channelId: string; version: number },
    kind: string,
    payload: Record<string, string | number | null> = {},
  ): Promise<void> {
    await repo.insertOutboxRows(app.database.db, [{ ...at, fromSeq: at.version, kind, subject: '', payload }], {
      holder: null,
      leaseUntil: null,
      at: app.clock.now(),
    });
  },
  /**
   * A notice (a missing permission) for the campaign, once: a second report of the same key writes
   * nothing. Born free, so it is delivered after the rows already waiting.
   */
  async notice(
    app: AppContext,
    at: { campaignId: string; channelId: string; version: number },
    key: string,
    payload: Record<string, string | number | null>,
  ): Promise<boolean> {
    const written = await repo.insertOutboxRows(
      app.database.db,
      [{ ...at, fromSeq: at.version, kind: 'notice', subject: key, payload, dedupeKey: key }],
      { holder: null, leaseUntil: null, at: app.clock.now() },
    );
    return written.length > 0;
  },
};

/**
 * The events of one command (seq `fromSeq`…`toSeq`) and the campaign's state right after them,
 * rebuilt from the log: what a row delivered after a restart is written from, as it would have
 * been at the time. From the last half-cycle snapshot before the command, as a revert's history is
 * (docs/performance.md, "Long histories"): a backlog of rows after a crash costs a half-cycle of
 * events each, not the whole log each.
 */
export async function commandHistory(
  app: AppContext,
  campaignId: string,
  fromSeq: number,
  toSeq: number,
): Promise<{ events: StoredEvent[]; state: CampaignState } | null> {
  const db = app.database.db;
  // The campaign's own ruleset folds every event, its creation included: before the first event
  // there is no state to name it, so it is read from the stored row (a Warlord game's creation
  // folded by Thunderdome would be no state at all).
  const [row] = await db
    .select({ ruleset: sql<string | null>`${campaigns.state} ->> 'ruleset'` })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  const ruleset = rulesetOf(row?.ruleset ?? DEFAULT_RULESET);
  const since = await logSinceSnapshot(db, campaignId, fromSeq, stateLayout, toSeq);
  let state: CampaignState | null = since.state;
  const events: StoredEvent[] = [];
  // One working copy for the whole replay (the snapshot is read fresh, so it is that copy), folded
  // in slices: without a snapshot (a campaign in its first half-cycle, a ruleset that keeps none)
  // the log is thousands of events, and every other interaction waits on this loop
  // (docs/performance.md, "Nothing blocks the event loop").
  const fold = ruleset.applyInPlace ?? ruleset.apply;
  await eachSliced(since.log, slices(), (e) => {
    state = fold(state, e);
    if (e.seq >= fromSeq) events.push(e);
  });
  const folded = state as CampaignState | null;
  return folded ? { events, state: folded } : null;
}

/** Every campaign's id and channel (the boot-time permission check). */
export async function campaignChannels(app: AppContext): Promise<{ id: string; guildId: string; channelId: string }[]> {
  return app.database.db
    .select({ id: campaigns.id, guildId: campaigns.guildId, channelId: campaigns.channelId })
    .from(campaigns);
}
