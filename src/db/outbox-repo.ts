import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Executor } from './client.ts';
import { outbox } from './schema.ts';
import { driverValues, insertTexts, runWritten } from './prebuilt.ts';

/**
 * The outbox's rows (docs/delivery.md): written in a command's transaction, claimed by one bot
 * process at a time, delivered in order per campaign, finished once. Every write after the claim
 * names the holder, so a process whose lease ran out (and was taken over) changes nothing.
 */
export interface OutboxRow {
  id: number;
  campaignId: string;
  channelId: string;
  version: number;
  fromSeq: number;
  kind: string;
  subject: string;
  payload: Record<string, string | number | null>;
  progress: OutboxProgress;
  interactionId: string | null;
  interactionToken: string | null;
  attempts: number;
  createdAt: Date;
}

/** What a delivery already did, saved after each step so a retry never does it twice. */
export interface OutboxProgress {
  /** The message posted (or found already posted). */
  messageId?: string;
  /** A battle's thread. */
  threadId?: string;
  /** The thread's first message. */
  introId?: string;
  /** The campaign version the words of an edit were written for (the tally order guard). */
  renderedVersion?: number;
  /** Done as the interaction's reply, not as a channel post. */
  replied?: boolean;
  /** The steps done, by name (a record of the system command that attached a message, reactions added). */
  done?: string[];
  /** Why the row ended without its post (a missing permission, the channel gone). */
  skipped?: string;
}

export interface NewOutboxRow {
  campaignId: string;
  channelId: string;
  version: number;
  fromSeq: number;
  kind: string;
  subject: string;
  payload?: Record<string, string | number | null>;
  interactionId?: string | null;
  interactionToken?: string | null;
  dedupeKey?: string | null;
  /**
   * A throttled row (the map after changes): while one of its campaign and kind still waits, a new
   * one only moves its due time — `quietMs` after this change, at most `maxWaitMs` after the first —
   * and takes this command's version. It is born free and holds back no other row.
   */
  throttle?: { quietMs: number; maxWaitMs: number };
}

/** Who writes a row: the holder it is born with, for how long, and when. */
export interface OutboxBirth {
  holder: string | null;
  leaseUntil: Date | null;
  at: Date;
}

export async function insertOutboxRows(
  tx: Executor,
  rows: readonly NewOutboxRow[],
  birth: OutboxBirth,
): Promise<{ id: number; kind: string }[]> {
  return sendOutboxRows(tx, rows, birth).written;
}

/**
 * `insertOutboxRows` for a command that may send its COMMIT right behind its writes
 * (src/app/run-command.ts): the rows without a throttle are sent as this is called, in one INSERT;
 * `atOnce` says that was all. A throttled row reads the row it may fold into first, so it is sent
 * only after that answer, and a command with one must wait for its writes before its COMMIT.
 */
export function sendOutboxRows(
  tx: Executor,
  rows: readonly NewOutboxRow[],
  birth: OutboxBirth,
): { atOnce: boolean; written: Promise<{ id: number; kind: string }[]> } {
  const plain = rows.filter((r) => !r.throttle);
  const throttled = rows.filter((r) => r.throttle);
  const inserted = insertRows(tx, plain, birth, null);
  if (throttled.length === 0) return { atOnce: true, written: inserted };
  const written = (async () => {
    // The plain rows' INSERT was sent first; its failure is the cause of any later one's.
    const out = [...(await inserted)];
    for (const r of throttled) out.push(...(await insertThrottled(tx, r, birth)));
    return out;
  })();
  return { atOnce: false, written };
}

/** A throttled row: folded into the waiting row of its campaign and kind, or a new row due after the quiet time. */
async function insertThrottled(
  tx: Executor,
  r: NewOutboxRow,
  birth: OutboxBirth,
): Promise<{ id: number; kind: string }[]> {
  const at = birth.at.getTime();
  // Still waiting and unclaimed: a row being delivered already read the campaign, so it is left alone.
  const [waiting] = await tx
    .select({ id: outbox.id, createdAt: outbox.createdAt })
    .from(outbox)
    .where(
      and(
        eq(outbox.campaignId, r.campaignId),
        eq(outbox.kind, r.kind),
        isNull(outbox.sentAt),
        isNull(outbox.holder),
        eq(outbox.attempts, 0),
        gt(outbox.nextAttemptAt, birth.at),
      ),
    )
    .orderBy(asc(outbox.id))
    .limit(1)
    .for('update');
  const dueAt = (firstAt: number) => new Date(Math.min(firstAt + r.throttle!.maxWaitMs, at + r.throttle!.quietMs));
  if (waiting) {
    await tx
      .update(outbox)
      .set({ nextAttemptAt: dueAt(waiting.createdAt.getTime()), version: r.version })
      .where(eq(outbox.id, waiting.id));
    return [{ id: waiting.id, kind: r.kind }];
  }
  return insertRows(tx, [r], { holder: null, leaseUntil: null, at: birth.at }, dueAt(at));
}

/** One INSERT of `rows`, sent as this is called. */
function insertRows(
  tx: Executor,
  rows: readonly NewOutboxRow[],
  birth: OutboxBirth,
  nextAttemptAt: Date | null,
): Promise<{ id: number; kind: string }[]> {
  if (rows.length === 0) return Promise.resolve([]);
  // Its text written once per row count (src/db/prebuilt.ts), in OUTBOX_COLUMNS order; the others take their defaults.
  const values = rows.map((r) => [
    r.campaignId,
    r.channelId,
    r.version,
    r.fromSeq,
    r.kind,
    r.subject,
    r.payload ?? {},
    {},
    r.interactionId ?? null,
    r.interactionToken ?? null,
    r.dedupeKey ?? null,
    birth.holder,
    birth.leaseUntil,
    nextAttemptAt,
    birth.at,
  ]);
  return runWritten<{ id: number | string; kind: string }>(
    tx,
    outboxInsert(rows.length),
    driverValues(OUTBOX_COLUMNS, values),
  ).then((inserted) => inserted.map((x) => ({ id: Number(x.id), kind: x.kind })));
}

/** The columns an outbox INSERT gives, in the order its rows give them. */
const OUTBOX_COLUMNS = [
  outbox.campaignId,
  outbox.channelId,
  outbox.version,
  outbox.fromSeq,
  outbox.kind,
  outbox.subject,
  outbox.payload,
  outbox.progress,
  outbox.interactionId,
  outbox.interactionToken,
  outbox.dedupeKey,
  outbox.holder,
  outbox.leaseUntil,
  outbox.nextAttemptAt,
  outbox.createdAt,
];
const outboxInsert = insertTexts(
  outbox,
  OUTBOX_COLUMNS,
  `on conflict do nothing returning "${outbox.id.name}", "${outbox.kind.name}"`,
);

function rowOf(r: typeof outbox.$inferSelect): OutboxRow {
  return {
    id: r.id,
    campaignId: r.campaignId,
    channelId: r.channelId,
    version: r.version,
    fromSeq: r.fromSeq,
    kind: r.kind,
    subject: r.subject,
    payload: r.payload as OutboxRow['payload'],
    progress: r.progress as OutboxProgress,
    interactionId: r.interactionId,
    interactionToken: r.interactionToken,
    attempts: r.attempts,
    createdAt: r.createdAt,
  };
}

export interface Claim {
  rows: OutboxRow[];
  /** When the campaign's next rows may be claimed, if some wait (held elsewhere, or backing off). */
  retryAt: Date | null;
}

/**
 * Claims a campaign's pending rows for `holder`, oldest first, up to the first row held by another
 * live holder or waiting for its retry: a campaign's posts go out in the order their commands
 * committed (a turn's announcement before the next turn's ping, a vote's message before its tally
 * edit), whichever process delivers them. The rows are locked while they are claimed, so two
 * processes claiming at once take turns, and each row is taken by one.
 */
export async function claimCampaignRows(
  db: Db,
  campaignId: string,
  holder: string,
  now: Date,
  leaseMs: number,
): Promise<Claim> {
  return db.transaction(async (tx) => {
    const pending = await tx
      .select()
      .from(outbox)
      .where(and(eq(outbox.campaignId, campaignId), isNull(outbox.sentAt)))
      .orderBy(asc(outbox.id))
      .for('update');
    const mine: OutboxRow[] = [];
    let retryAt: Date | null = null;
    for (const r of pending) {
      const heldElsewhere = r.holder !== null && r.holder !== holder && r.leaseUntil !== null && r.leaseUntil > now;
      if (heldElsewhere) {
        retryAt = r.leaseUntil;
        break;
      }
      if (r.nextAttemptAt && r.nextAttemptAt > now) {
        // A throttled row not yet due (never tried) waits alone; a row waiting for its retry holds back the rest.
        if (r.attempts === 0 && r.holder === null) {
          if (!retryAt || r.nextAttemptAt < retryAt) retryAt = r.nextAttemptAt;
          continue;
        }
        retryAt = r.nextAttemptAt;
        break;
      }
      mine.push(rowOf(r));
    }
    if (mine.length > 0)
      await tx
        .update(outbox)
        .set({ holder, leaseUntil: new Date(now.getTime() + leaseMs) })
        .where(
          inArray(
            outbox.id,
            mine.map((r) => r.id),
          ),
        );
    return { rows: mine, retryAt };
  });
}

/** Saves what a row's delivery has done so far and renews the lease; false when the row is no longer ours. */
export async function saveProgress(
  db: Executor,
  id: number,
  holder: string,
  progress: OutboxProgress,
  leaseUntil: Date,
): Promise<boolean> {
  const r = await db
    .update(outbox)
    .set({ progress, leaseUntil })
    .where(and(eq(outbox.id, id), eq(outbox.holder, holder), isNull(outbox.sentAt)))
    .returning({ id: outbox.id });
  return r.length > 0;
}

/** Marks a row finished (the interaction token is forgotten with it). */
export async function finishRow(
  db: Executor,
  id: number,
  holder: string,
  progress: OutboxProgress,
  at: Date,
): Promise<boolean> {
  const r = await db
    .update(outbox)
    .set({ progress, sentAt: at, holder: null, leaseUntil: null, interactionToken: null })
    .where(and(eq(outbox.id, id), eq(outbox.holder, holder), isNull(outbox.sentAt)))
    .returning({ id: outbox.id });
  return r.length > 0;
}

/** A failed attempt: the row waits until `nextAttemptAt`, and any process may then take it. */
export async function retryRowLater(
  db: Executor,
  id: number,
  holder: string,
  progress: OutboxProgress,
  nextAttemptAt: Date,
  error: string,
): Promise<void> {
  await db
    .update(outbox)
    .set({
      progress,
      holder: null,
      leaseUntil: null,
      nextAttemptAt,
      lastError: error.slice(0, 500),
      attempts: sql`${outbox.attempts} + 1`,
    })
    .where(and(eq(outbox.id, id), eq(outbox.holder, holder), isNull(outbox.sentAt)));
}

/** Gives back what a holder still has claimed (it stops), so another process need not wait for the lease. */
export async function releaseRows(db: Executor, holder: string): Promise<void> {
  await db
    .update(outbox)
    .set({ holder: null, leaseUntil: null })
    .where(and(eq(outbox.holder, holder), isNull(outbox.sentAt)));
}

/**
 * At boot on PGlite, where one process alone may open the data (src/db/lock.ts): whatever a
 * crashed earlier process held is free at once.
 */
export async function releaseEveryHolder(db: Executor): Promise<void> {
  await db.update(outbox).set({ holder: null, leaseUntil: null }).where(isNull(outbox.sentAt));
}

/** Campaigns with rows to deliver that no live holder has and that wait for no retry. */
export async function campaignsWithDueRows(db: Executor, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ campaignId: outbox.campaignId })
    .from(outbox)
    .where(
      and(
        isNull(outbox.sentAt),
        or(isNull(outbox.holder), lte(outbox.leaseUntil, now)),
        or(isNull(outbox.nextAttemptAt), lte(outbox.nextAttemptAt, now)),
      ),
    );
  return rows.map((r) => r.campaignId);
}

/** Pending rows of every campaign (for tests and `/campaign status`). */
export async function pendingRows(db: Executor, campaignId?: string): Promise<OutboxRow[]> {
  const rows = await db
    .select()
    .from(outbox)
    .where(and(isNull(outbox.sentAt), campaignId ? eq(outbox.campaignId, campaignId) : undefined))
    .orderBy(asc(outbox.id));
  return rows.map(rowOf);
}

/**
 * The newest campaign version an edit of this message was already written for (by any process):
 * an edit written for an older one must not overwrite it (a tally never goes back).
 */
export async function lastRenderedVersion(
  db: Executor,
  campaignId: string,
  kind: string,
  subject: string,
): Promise<number> {
  const r = await db
    .select({ v: sql<number | null>`max((${outbox.progress}->>'renderedVersion')::int)` })
    .from(outbox)
    .where(
      and(
        eq(outbox.campaignId, campaignId),
        eq(outbox.kind, kind),
        eq(outbox.subject, subject),
        isNotNull(outbox.sentAt),
      ),
    );
  return Number(r[0]?.v ?? 0);
}

/** Whether a later row of this kind exists for the campaign (a newer map's approval message supersedes). */
export async function laterRowExists(db: Executor, row: OutboxRow): Promise<boolean> {
  const r = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.campaignId, row.campaignId), eq(outbox.kind, row.kind), sql`${outbox.id} > ${row.id}`))
    .limit(1);
  return r.length > 0;
}

/** Whether a row of `kind` was written for the campaign at `version` or later. */
export async function kindSinceVersion(
  db: Executor,
  campaignId: string,
  kind: string,
  version: number,
): Promise<boolean> {
  const r = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.campaignId, campaignId), eq(outbox.kind, kind), gte(outbox.version, version)))
    .limit(1);
  return r.length > 0;
}

/** The sent notices of every campaign whose key starts with `prefix` (the boot-time permission check). */
export async function sentNotices(
  db: Executor,
  prefix: string,
): Promise<{ id: number; campaignId: string; dedupeKey: string }[]> {
  const rows = await db
    .select({ id: outbox.id, campaignId: outbox.campaignId, dedupeKey: outbox.dedupeKey })
    .from(outbox)
    .where(and(isNotNull(outbox.sentAt), sql`${outbox.dedupeKey} like ${`${prefix}%`}`));
  return rows.map((r) => ({ ...r, dedupeKey: r.dedupeKey ?? '' }));
}

/**
 * Forgets these sent notices by row id, in statements of at most 1,000 ids (far under PostgreSQL's
 * 65,534 parameters), so that losing the permission again is reported again.
 */
export async function forgetNoticeRows(db: Executor, ids: readonly number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 1000)
    await db.delete(outbox).where(and(inArray(outbox.id, ids.slice(i, i + 1000)), isNotNull(outbox.sentAt)));
}

/** Finished rows older than `before` are deleted: the outbox is a queue, not a log (the events are the log). */
export async function pruneSentRows(db: Executor, before: Date): Promise<void> {
  await db.delete(outbox).where(and(isNotNull(outbox.sentAt), lte(outbox.sentAt, before)));
}
