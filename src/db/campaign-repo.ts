import { and, asc, desc, eq, getTableName, gt, inArray, lt, sql } from 'drizzle-orm';
import { chainLinks, GENESIS_HASH, type ChainedRecord } from '../rules/event-chain.ts';
import { sameJson } from '../rules/json-data.ts';
import type { CampaignState, StoredEvent } from '../rules/thunderdome/index.ts';
import { upcastCampaignEvent } from '../rules/thunderdome/upcast.ts';
import type { Executor } from './client.ts';
import { campaignEvents, campaignRecords, campaignSnapshots, campaigns, processedInteractions } from './schema.ts';
import { driverValues, insertTexts, runWritten, updateTexts } from './prebuilt.ts';

export interface CampaignRow {
  id: string;
  guildId: string;
  channelId: string;
  version: number;
  state: CampaignState;
  secretSeeds: readonly SecretSeed[];
}

export interface SecretSeed {
  fromSeq: number;
  seed: string;
}

/**
 * The columns a state's large parts may be stored in, each named like the state's top-level key it
 * holds (performance: docs/performance.md): an order that changes only a player's bank rewrites the
 * rest of the state (a few KiB), not the map, the ships and the bases too; PostgreSQL keeps the
 * unchanged columns' stored values. Which keys a campaign's state keeps there is its ruleset's
 * `storage.parts` (src/ruleset.ts), told by the app through `StateLayout`; Thunderdome III, which
 * the columns were made for, stores its map (about 35 KiB for 100 sectors), fleets, ships (about
 * 190 bytes each, so 75 KiB for 400) and bases there. A state whose ruleset names no parts is
 * stored whole in the `state` column and given back exactly.
 */
export const PART_COLUMNS = ['map', 'fleets', 'ships', 'bases'] as const;
export type Part = (typeof PART_COLUMNS)[number];

/**
 * What the repository needs to know of the rulesets to store their states: src/db imports nothing
 * of src/app, so the app passes its registry's hooks in (src/app/rulesets.ts `stateLayout`).
 */
export interface StateLayout {
  /** The parts a state of ruleset `id` (`state.ruleset`) keeps in columns of their own, in order. */
  parts(id: string): readonly Part[];
  /** When the scheduler is next to look at a campaign in this state (ISO 8601), or null: never. */
  dueAt(state: CampaignState): string | null;
  /** A state stored by an older version, in this version's shape (its ruleset's `upcast` hook). */
  upcast(state: CampaignState): CampaignState;
  /** The lists of a state of ruleset `id` whose finished records are stored apart (its `storage.finished` hook). */
  finished(id: string): readonly FinishedList[];
}

/** A list of the state whose entries, once `done`, never change again (src/ruleset.ts `storage.finished`). */
export interface FinishedList {
  readonly key: string;
  done(record: unknown): boolean;
}

/**
 * Where a list's finished records went (docs/performance.md, "History out of the hot state"): the
 * `state` column (or a snapshot) keeps the list's other entries, in order, at positions `kept` of
 * a list `length` long; every other position holds the `campaign_records` row of that position.
 */
interface Apart {
  length: number;
  kept: number[];
}

/** The key of the stored document that says which lists' records are stored apart. */
const APART = 'storedApart';

/** A stored row of `campaign_records`. */
interface RecordRow {
  list: string;
  position: number;
  record: unknown;
}

/**
 * States read from a row stored before finished records were kept apart (or whose rows are not
 * known to be stored): a save given one as `before` writes every finished record, not only new ones.
 */
const recordsNotStored = new WeakSet<object>();

/**
 * False for a state read from a row stored before finished records were kept apart: the next save
 * must be given that very object as `before` (or none), so that it writes every finished record.
 * A copy of it kept for later commands would pass for a state whose records are stored.
 */
export function recordsStoredApart(state: CampaignState): boolean {
  return !recordsNotStored.has(state);
}

/**
 * A frozen list's split by its records' `done`, found once: a frozen list and its records never
 * change (the kept state's, src/app/state-cache.ts, and those the rules settle after a command,
 * finished.ts `settleFinished`), so a year's records are looked through once, not by every command
 * that writes the `state` column.
 */
const doneSplit = new WeakMap<
  readonly unknown[],
  { readonly here: readonly unknown[]; readonly at: readonly number[] }
>();

/** `state`'s lists with their finished records taken out: each list's kept entries, and where the rest go. */
function splitFinished(
  state: Record<string, unknown>,
  lists: readonly FinishedList[],
  refer: (list: FinishedList, position: number, record: unknown) => boolean,
  byDone = false,
): { kept: Record<string, unknown[]>; apart: Record<string, Apart> } | null {
  let kept: Record<string, unknown[]> | null = null;
  const apart: Record<string, Apart> = {};
  for (const list of lists) {
    const all = state[list.key];
    if (!Array.isArray(all)) continue;
    const memo = byDone && Object.isFrozen(all);
    let split: { readonly here: readonly unknown[]; readonly at: readonly number[] } | undefined = memo
      ? doneSplit.get(all)
      : undefined;
    if (!split) {
      const found = { here: [] as unknown[], at: [] as number[] };
      for (let i = 0; i < all.length; i++)
        if (!refer(list, i, all[i])) {
          found.here.push(all[i]);
          found.at.push(i);
        }
      split = found;
      if (memo) doneSplit.set(all, Object.freeze({ here: Object.freeze(found.here), at: Object.freeze(found.at) }));
    }
    const { here, at } = split;
    if (here.length === all.length) continue;
    kept ??= {};
    kept[list.key] = here as unknown[];
    apart[list.key] = { length: all.length, kept: at as number[] };
  }
  return kept ? { kept, apart } : null;
}

/** A document (the `state` column's, or a snapshot's) with the state's finished records referred to, not held. */
function withoutFinished(
  doc: Record<string, unknown>,
  lists: readonly FinishedList[],
  refer: (list: FinishedList, position: number, record: unknown) => boolean,
  byDone = false,
): Record<string, unknown> {
  const split = splitFinished(doc, lists, refer, byDone);
  return split ? { ...doc, ...split.kept, [APART]: split.apart } : doc;
}

/**
 * The lists of a stored document put back together with the finished records stored apart (`rows`,
 * the campaign's, or at least those the document refers to), each frozen: a finished record is
 * shared, never changed (src/rules/thunderdome/finished.ts). Null when a record it refers to is
 * missing (a snapshot whose records were rewritten since).
 */
function withFinished(doc: Record<string, unknown>, rows: readonly RecordRow[]): Record<string, unknown> | null {
  const apart = doc[APART] as Record<string, Apart> | undefined;
  if (!apart) return doc;
  const { [APART]: _apart, ...out } = doc;
  const byList = new Map<string, Map<number, unknown>>();
  for (const r of rows) {
    let m = byList.get(r.list);
    if (!m) byList.set(r.list, (m = new Map()));
    m.set(r.position, r.record);
  }
  for (const [key, { length, kept }] of Object.entries(apart)) {
    const here = (doc[key] as unknown[] | undefined) ?? [];
    const stored = byList.get(key);
    const all = new Array<unknown>(length);
    let k = 0;
    for (let i = 0; i < length; i++) {
      if (k < kept.length && kept[k] === i) {
        all[i] = here[k++];
        continue;
      }
      if (!stored?.has(i)) return null;
      all[i] = deepFreeze(stored.get(i));
    }
    out[key] = all;
  }
  return out;
}

function deepFreeze(v: unknown): unknown {
  if (typeof v !== 'object' || v === null || Object.isFrozen(v)) return v;
  for (const child of Object.values(v)) deepFreeze(child);
  return Object.freeze(v);
}

/**
 * Rows of `campaign_records` read by one query of `recordsOf` (about 2 KiB each for a resolved
 * battle). A campaign of a year holds thousands: read at once, its 3,000 resolved battles (6 MiB)
 * arrived as one message from PGlite's worker (postgres.js, one result) and were unpacked and
 * frozen in one go, holding the event loop 150–400 ms on a cold load (docs/performance.md,
 * "Nothing blocks the event loop"). A page at a time, the loop gets a turn between pages.
 */
const RECORD_PAGE = 250;

/**
 * The finished records a row's document refers to, read from `campaign_records` (none read when it
 * refers to none), a page at a time in position order, each record frozen as it arrives (as
 * `withFinished` shares them).
 */
async function recordsOf(tx: Executor, campaignId: string, doc: unknown): Promise<RecordRow[]> {
  const apart = (doc as Record<string, unknown> | null)?.[APART] as Record<string, Apart> | undefined;
  if (!apart) return [];
  const out: RecordRow[] = [];
  for (const list of Object.keys(apart)) {
    let after = -1;
    for (;;) {
      const page = await tx
        .select({ list: campaignRecords.list, position: campaignRecords.position, record: campaignRecords.record })
        .from(campaignRecords)
        .where(
          and(
            eq(campaignRecords.campaignId, campaignId),
            eq(campaignRecords.list, list),
            gt(campaignRecords.position, after),
          ),
        )
        .orderBy(asc(campaignRecords.position))
        .limit(RECORD_PAGE);
      for (const r of page) {
        deepFreeze(r.record);
        out.push(r);
      }
      if (page.length < RECORD_PAGE) break;
      after = page.at(-1)!.position;
    }
  }
  return out;
}

/** Rows of `campaign_records` written by one INSERT (4 parameters each). */
const RECORD_BATCH = 500;

/**
 * Stores the finished records of `state` (docs/performance.md, "History out of the hot state").
 * With `before`, the state whose records are stored now, only the difference is written: the
 * records finished since are inserted, and a stored record that changed or is no longer finished
 * (a revert, a seat taken over) is rewritten or deleted, along with the snapshots that referred to
 * it. Without it every record is written again.
 */
function storeFinished(
  tx: Executor,
  campaignId: string,
  state: CampaignState,
  lists: readonly FinishedList[],
  before: CampaignState | undefined,
  atOnce: boolean,
): Promise<void> {
  const sent: Statement[] = [];
  const known = before && !recordsNotStored.has(before) ? (before as unknown as Record<string, unknown>) : undefined;
  const now = state as unknown as Record<string, unknown>;
  for (const list of lists) {
    const after = (now[list.key] as unknown[] | undefined) ?? [];
    const was = known ? ((known[list.key] as unknown[] | undefined) ?? []) : undefined;
    if (was === after) continue;
    const write: RecordRow[] = [];
    const gone: number[] = [];
    // The first stored position rewritten or deleted: snapshots referring to it or later are dropped.
    let changedFrom = Number.POSITIVE_INFINITY;
    if (!was) {
      sent.push(() =>
        tx
          .delete(campaignRecords)
          .where(and(eq(campaignRecords.campaignId, campaignId), eq(campaignRecords.list, list.key)))
          .execute(),
      );
      for (let i = 0; i < after.length; i++)
        if (list.done(after[i])) write.push({ list: list.key, position: i, record: after[i] });
      changedFrom = 0;
    } else {
      const n = Math.max(after.length, was.length);
      for (let i = 0; i < n; i++) {
        const a = i < after.length ? after[i] : undefined;
        const b = i < was.length ? was[i] : undefined;
        if (a === b) continue;
        const aDone = i < after.length && list.done(a);
        const bDone = i < was.length && list.done(b);
        if (aDone && bDone) {
          if (sameJson(a, b)) continue;
          write.push({ list: list.key, position: i, record: a });
          changedFrom = Math.min(changedFrom, i);
        } else if (aDone) write.push({ list: list.key, position: i, record: a });
        else if (bDone) {
          gone.push(i);
          changedFrom = Math.min(changedFrom, i);
        }
      }
      if (gone.length > 0)
        sent.push(() =>
          tx
            .delete(campaignRecords)
            .where(
              and(
                eq(campaignRecords.campaignId, campaignId),
                eq(campaignRecords.list, list.key),
                inArray(campaignRecords.position, gone),
              ),
            )
            .execute(),
        );
    }
    for (let from = 0; from < write.length; from += RECORD_BATCH)
      sent.push(() =>
        tx
          .insert(campaignRecords)
          .values(write.slice(from, from + RECORD_BATCH).map((r) => ({ campaignId, ...r })))
          .onConflictDoUpdate({
            target: [campaignRecords.campaignId, campaignRecords.list, campaignRecords.position],
            set: { record: sql`excluded.record` },
          })
          .execute(),
      );
    if (changedFrom !== Number.POSITIVE_INFINITY)
      sent.push(() =>
        tx
          .delete(campaignSnapshots)
          .where(
            and(
              eq(campaignSnapshots.campaignId, campaignId),
              sql`coalesce((${campaignSnapshots.state} -> ${APART} -> ${list.key} ->> 'length')::int, 0) > ${changedFrom}`,
            ),
          )
          .execute(),
      );
  }
  return runStatements(sent, atOnce);
}

/**
 * Waits for every statement sent, then fails with the first that failed, in the order sent: the
 * database ran them in that order, so the first failure is the cause and the later ones only its
 * consequence (a transaction already aborted). Waiting for all leaves no statement unanswered.
 */
export async function allWritten(writes: readonly Promise<unknown>[]): Promise<void> {
  const settled = await Promise.allSettled(writes);
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
}

/** A statement, sent when called. */
type Statement = () => Promise<unknown>;

/**
 * Runs statements that depend on no answer of each other: all sent at once (`atOnce`: a
 * transaction's one connection runs them in the order sent, and a command's COMMIT may follow
 * right behind them), or each after the one before is answered (an executor that may be a pool
 * of connections, where statements sent together could run in any order).
 */
function runStatements(statements: readonly Statement[], atOnce: boolean): Promise<void> {
  if (atOnce) return allWritten(statements.map((send) => send()));
  return (async () => {
    for (const send of statements) await send();
  })();
}

/**
 * The `state` column's document: the state without its parts, and without the finished records
 * of `lists` (stored apart, `campaign_records`; where they go is in its `storedApart` key).
 */
function coreOf(
  state: CampaignState,
  parts: readonly Part[],
  lists: readonly FinishedList[] = [],
): Record<string, unknown> {
  let core = state as unknown as Record<string, unknown>;
  if (parts.length > 0) {
    core = {};
    for (const [key, value] of Object.entries(state))
      if (!(parts as readonly string[]).includes(key)) core[key] = value;
  }
  return lists.length === 0 ? core : withoutFinished(core, lists, (list, _i, record) => list.done(record), true);
}

/**
 * The state stored in a row's columns, `parts` (its ruleset's) each from its own column, and its
 * finished records from `records` (the campaign's `campaign_records` rows). Without `records`, the
 * state without its finished records (the lists hold their other entries: what a reader of open
 * battles and votes needs, such as `/me`).
 */
export function stateOfColumns(
  r: { state: unknown } & Record<Part, unknown>,
  parts: readonly Part[],
  records?: readonly RecordRow[],
): CampaignState {
  let core = r.state as Record<string, unknown>;
  if (APART in core) {
    if (records) {
      const whole = withFinished(core, records);
      if (!whole) throw new Error(`campaign ${String(core.id)}: a finished record it refers to is not stored`);
      core = whole;
    } else {
      const { [APART]: _apart, ...hot } = core;
      core = hot;
    }
  }
  if (parts.length === 0) return core as unknown as CampaignState;
  const state = { ...core };
  for (const part of parts) state[part] = r[part] ?? null;
  return state as unknown as CampaignState;
}

/** The state stored in a row, as its ruleset (named in the `state` column) stores it, finished records read from `tx`. */
async function stateOfRow(
  tx: Executor,
  r: { id: string; state: unknown } & Record<Part, unknown>,
  layout: StateLayout,
): Promise<CampaignState> {
  const ruleset = String((r.state as { ruleset?: unknown }).ruleset);
  const state = stateOfColumns(r, layout.parts(ruleset), await recordsOf(tx, r.id, r.state));
  // Stored before finished records were kept apart: the next save writes them all.
  const legacy = !(APART in (r.state as object)) && layout.finished(ruleset).length > 0;
  const upcast = layout.upcast(state);
  if (legacy) recordsNotStored.add(upcast);
  return upcast;
}

/** The columns to write for `state`: all of them, or with `before` (the state stored now) only those that differ. */
export function columnsOf(
  state: CampaignState,
  parts: readonly Part[],
  before?: CampaignState,
  lists: readonly FinishedList[] = [],
): Partial<Record<'state' | Part, unknown>> {
  if (state === before) return {};
  const out: Partial<Record<'state' | Part, unknown>> = {};
  if (!before || coreChanged(state, before, parts, lists)) out.state = coreOf(state, parts, lists);
  const whole = state as unknown as Record<Part, unknown>;
  const was = before as unknown as Record<Part, unknown> | undefined;
  for (const part of parts) if (!was || !sameJson(whole[part], was[part])) out[part] = whole[part];
  return out;
}

/**
 * Whether the `state` column's document of `state` differs from that of `before`, without building
 * either: a list whose finished records are stored apart is compared record by record, the shared
 * (frozen) ones by identity, so a year's 3,000 resolved battles cost a command one identity check
 * each, not a document of references built twice and compared (docs/performance.md, "The COMMIT
 * right behind the writes"). A finished record rewritten at the same position counts as a change;
 * that only writes the document again, which is what it was.
 */
function coreChanged(
  state: CampaignState,
  before: CampaignState,
  parts: readonly Part[],
  lists: readonly FinishedList[],
): boolean {
  const now = state as unknown as Record<string, unknown>;
  const was = before as unknown as Record<string, unknown>;
  const apart = new Set(lists.map((l) => l.key));
  for (const key of new Set([...Object.keys(now), ...Object.keys(was)])) {
    if ((parts as readonly string[]).includes(key)) continue;
    const a = now[key];
    const b = was[key];
    if (a === b) continue;
    if (apart.has(key) && Array.isArray(a) && Array.isArray(b)) {
      if (a.length !== b.length) return true;
      for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && !sameJson(a[i], b[i])) return true;
    } else if (!sameJson(a, b)) return true;
  }
  return false;
}

const stateColumns = {
  id: campaigns.id,
  state: campaigns.state,
  map: campaigns.map,
  fleets: campaigns.fleets,
  ships: campaigns.ships,
  bases: campaigns.bases,
};

/**
 * Loads the campaign of a channel and locks its row until the transaction ends, so two
 * commands on one campaign never interleave (PostgreSQL row lock; PGlite runs one transaction
 * at a time anyway).
 */
export async function lockCampaignByChannel(
  tx: Executor,
  channelId: string,
  layout: StateLayout,
): Promise<CampaignRow | null> {
  const rows = await tx.select().from(campaigns).where(eq(campaigns.channelId, channelId)).for('update');
  return rows[0] ? toRow(tx, rows[0], layout) : null;
}

/**
 * `lockCampaignByChannel` for a caller that may already hold the state (performance: reading a grown
 * campaign's 65 KiB state back was the largest cost left in a command). It locks the row and reads
 * everything but the state, with the row version's `xmin` (the id of the transaction that wrote
 * it, never the same for two writes); `known` returns the state committed as that row version if
 * the caller holds it, and only otherwise is the state read.
 */
export async function lockCampaignByChannelKnowing(
  tx: Executor,
  channelId: string,
  known: (id: string, xmin: string) => CampaignState | null,
  layout: StateLayout,
): Promise<{ row: CampaignRow; xmin: string; chainHead: string | null } | null> {
  const locked = await campaignByChannelKnowing(tx, channelId, known, layout, true);
  return locked && { ...locked, chainHead: locked.chainHead ?? null };
}

/**
 * `findCampaignByChannel` for a reader that may already hold the state (the bot's readers: a
 * delivery's newest state, autocomplete, buttons): as `lockCampaignByChannelKnowing`, without the
 * lock. Reading a year-long campaign whole means reading and freezing its thousands of finished
 * records (docs/performance.md, "History out of the hot state").
 */
export function findCampaignByChannelKnowing(
  tx: Executor,
  channelId: string,
  known: (id: string, xmin: string) => CampaignState | null,
  layout: StateLayout,
): Promise<{ row: CampaignRow; xmin: string } | null> {
  return campaignByChannelKnowing(tx, channelId, known, layout, false);
}

async function campaignByChannelKnowing(
  tx: Executor,
  channelId: string,
  known: (id: string, xmin: string) => CampaignState | null,
  layout: StateLayout,
  lock: boolean,
): Promise<{ row: CampaignRow; xmin: string; chainHead?: string | null } | null> {
  const headColumns = {
    id: campaigns.id,
    guildId: campaigns.guildId,
    channelId: campaigns.channelId,
    version: campaigns.version,
    secretSeeds: campaigns.secretSeeds,
    xmin: sql<string>`xmin::text`,
  };
  // A command (`lock`) also reads its log's chain head with the lock, for chainEvents: on PGlite every
  // query is a round trip to the database worker, and this was one of a command's six
  // (docs/performance.md, "Fewer round trips").
  const query = lock
    ? tx
        .select({ ...headColumns, chainHead: sql<string | null>`(${lastEventHash})` })
        .from(campaigns)
        .where(eq(campaigns.channelId, channelId))
        .for('update')
    : tx.select(headColumns).from(campaigns).where(eq(campaigns.channelId, channelId));
  const first = (await query)[0];
  if (!first) return null;
  const chainHead = 'chainHead' in first ? (first.chainHead as string | null) : undefined;
  let head: Omit<typeof first, 'chainHead'> = first;
  let state = known(head.id, head.xmin);
  if (!state) {
    // Unlocked, the row may have changed since its head was read: the head is read again with the state.
    const rows = await tx
      .select({ ...stateColumns, ...headColumns })
      .from(campaigns)
      .where(eq(campaigns.id, head.id));
    if (!rows[0]) {
      if (lock) throw new Error(`campaign ${head.id} vanished under its row lock`);
      return null;
    }
    head = rows[0];
    state = await stateOfRow(tx, rows[0], layout);
  }
  return {
    row: {
      id: head.id,
      guildId: head.guildId,
      channelId: head.channelId,
      version: head.version,
      state,
      secretSeeds: head.secretSeeds as SecretSeed[],
    },
    xmin: head.xmin,
    ...(chainHead === undefined ? {} : { chainHead }),
  };
}

/** The hash of the locked campaign's last event, as a subquery of the lock (null: none, or a log stored before the chain). */
const lastEventHash = sql`select ${campaignEvents.hash} from ${campaignEvents} where ${campaignEvents.campaignId} = ${campaigns.id} order by ${campaignEvents.seq} desc limit 1`;

export async function findCampaignByChannel(
  tx: Executor,
  channelId: string,
  layout: StateLayout,
): Promise<CampaignRow | null> {
  const rows = await tx.select().from(campaigns).where(eq(campaigns.channelId, channelId));
  return rows[0] ? toRow(tx, rows[0], layout) : null;
}

/** A channel's campaign id, version and ruleset, without its state (a history replay reads only the log). */
export async function campaignHeadOfChannel(
  tx: Executor,
  channelId: string,
): Promise<{ id: string; version: number; ruleset: string } | null> {
  const [row] = await tx
    .select({ id: campaigns.id, version: campaigns.version, ruleset: sql<string>`${campaigns.state} ->> 'ruleset'` })
    .from(campaigns)
    .where(eq(campaigns.channelId, channelId));
  return row ?? null;
}

export async function findCampaignById(tx: Executor, id: string, layout: StateLayout): Promise<CampaignRow | null> {
  const rows = await tx.select().from(campaigns).where(eq(campaigns.id, id));
  return rows[0] ? toRow(tx, rows[0], layout) : null;
}

async function toRow(tx: Executor, r: typeof campaigns.$inferSelect, layout: StateLayout): Promise<CampaignRow> {
  return {
    id: r.id,
    guildId: r.guildId,
    channelId: r.channelId,
    version: r.version,
    state: await stateOfRow(tx, r, layout),
    secretSeeds: r.secretSeeds as SecretSeed[],
  };
}

export async function insertCampaign(tx: Executor, row: CampaignRow, at: Date, layout: StateLayout): Promise<void> {
  const parts = layout.parts(row.state.ruleset);
  const lists = layout.finished(row.state.ruleset);
  await tx.insert(campaigns).values({
    id: row.id,
    guildId: row.guildId,
    channelId: row.channelId,
    name: row.state.name,
    status: row.state.status,
    version: row.version,
    ...columnsOf(row.state, parts, undefined, lists),
    state: coreOf(row.state, parts, lists),
    dueAt: layout.dueAt(row.state),
    secretSeeds: row.secretSeeds,
    createdAt: at,
    updatedAt: at,
  });
  await storeFinished(tx, row.id, row.state, lists, undefined, false);
}

/**
 * Writes the new state only if nobody else moved the version on (optimistic check on top of the lock).
 * Returns the `xmin` of the row version written (see lockCampaignByChannelKnowing) and the parts
 * it left as they were.
 * With `before` (the state stored now, as the command loaded it) only the parts of the state that
 * changed are written, so a dice roll writes only the version and the time, and an order that
 * changes a bank only the state's small remainder: rewriting unchanged documents was most of what
 * a command cost the database (docs/performance.md). Without it, every part is written. The
 * scheduler's next due time (`layout.dueAt`) is written whenever any of the state is.
 */
export async function saveCampaign(
  tx: Executor,
  row: CampaignRow,
  expectedVersion: number,
  at: Date,
  layout: StateLayout,
  opts: { before?: CampaignState; secretSeedsUnchanged?: boolean } = {},
): Promise<{ xmin: string; unchanged: Part[] }> {
  const save = campaignSave(tx, row, expectedVersion, at, layout, opts);
  const { xmin } = save.checked(await save.update());
  await save.finished(false);
  return { xmin, unchanged: save.unchanged };
}

/**
 * `saveCampaign` inside a command's transaction, which sends its COMMIT right behind its writes
 * (src/app/run-command.ts): every statement is sent before this returns (a fault in working one out
 * throws here), and `unchanged` (the parts not written) is known at once; `saved` answers with the
 * new row version's `xmin`. The UPDATE names the version read under the row lock, so it cannot
 * miss; if it ever did, the command's events (whose sequence numbers follow that version, unique
 * per campaign) would have failed first.
 */
export function sendCampaign(...args: Parameters<typeof saveCampaign>): {
  unchanged: Part[];
  saved: Promise<{ xmin: string }>;
} {
  const save = campaignSave(...args);
  const update = save.update();
  const saved = allWritten([update, save.finished(true)]).then(async () => save.checked(await update));
  return { unchanged: save.unchanged, saved };
}

/** What saving a campaign row sends: the UPDATE of its changed columns, then its finished records. */
function campaignSave(...[tx, row, expectedVersion, at, layout, opts = {}]: Parameters<typeof saveCampaign>) {
  const parts = layout.parts(row.state.ruleset);
  const lists = layout.finished(row.state.ruleset);
  // A state read from a row stored before finished records were kept apart: everything is written once, in this shape.
  const before = opts.before && !recordsNotStored.has(opts.before) ? opts.before : undefined;
  const columns = columnsOf(row.state, parts, before, lists);
  return {
    unchanged: parts.filter((part) => !(part in columns)),
    update: () => {
      const set: Partial<Record<keyof typeof campaigns.$inferInsert, unknown>> = {
        ...columns,
        ...(columns.state ? { name: row.state.name, status: row.state.status } : {}),
        ...(Object.keys(columns).length > 0 ? { dueAt: layout.dueAt(row.state) } : {}),
        ...(opts.secretSeedsUnchanged ? {} : { secretSeeds: row.secretSeeds }),
        version: row.version,
        updatedAt: at,
      };
      // As drizzle's `set`: a key whose value is undefined is left out.
      const keys = (Object.keys(set) as (keyof typeof set)[]).filter((k) => set[k] !== undefined);
      const setColumns = keys.map((k) => campaigns[k]);
      return runWritten<{ id: string; xmin: string }>(
        tx,
        campaignUpdate(setColumns),
        driverValues(setColumns, [keys.map((k) => set[k])]).concat([row.id, expectedVersion]),
      );
    },
    checked(updated: { xmin: string }[]): { xmin: string } {
      if (updated.length !== 1)
        throw new Error(`campaign ${row.id} changed under us (expected version ${expectedVersion})`);
      return { xmin: updated[0]!.xmin };
    },
    finished: (atOnce: boolean) =>
      lists.length > 0 ? storeFinished(tx, row.id, row.state, lists, before, atOnce) : Promise.resolve(),
  };
}

/**
 * The text of a campaign's UPDATE setting the given columns (the command's changed parts and its
 * bookkeeping), checked against the version it was read at, written once per set of columns
 * (src/db/prebuilt.ts): a command sends one every time. The parameters are the values in the
 * columns' order, the id, the version.
 */
const campaignUpdate = updateTexts(
  campaigns,
  (n) =>
    `where "${campaigns.id.name}" = $${n} and "${campaigns.version.name}" = $${n + 1} returning "${campaigns.id.name}", xmin::text as xmin`,
);

/**
 * Appends events to the log, each linked to the one before by its hash (src/rules/event-chain.ts),
 * and gives back the chain head: the hash of the last event. A log stored before events were
 * chained is chained first, as it stands, in the same transaction.
 */
export async function appendEvents(tx: Executor, campaignId: string, events: readonly StoredEvent[]): Promise<string> {
  const prev = await chainHeadOf(tx, campaignId);
  if (events.length === 0) return prev;
  const chained = chainEvents(campaignId, prev, events);
  await chained.write(tx);
  return chained.head;
}

/**
 * Events linked to the chain head `prev` (as read with the row lock: lockCampaignByChannelKnowing),
 * ready to write: the new chain head is known before the INSERT is sent, so a command can send its
 * writes one after another without waiting for each (docs/performance.md, "Fewer round trips").
 */
export function chainEvents(
  campaignId: string,
  prev: string,
  events: readonly StoredEvent[],
): { head: string; atOnce: boolean; write(tx: Executor): Promise<void> } {
  if (events.length === 0) return { head: prev, atOnce: true, write: async () => {} };
  const links = chainLinks(prev, events);
  return {
    head: links.at(-1)!.hash,
    // One INSERT, sent as `write` is called: a command may send its COMMIT right behind it.
    atOnce: events.length <= EVENT_BATCH,
    write(tx) {
      // In batches: one INSERT of a whole imported log passed PostgreSQL's 65,535 bind parameters at
      // 8,191 events (ten columns an event), and drizzle's statement builder overflowed its stack
      // before that (docs/performance.md, "Long histories").
      // Its text written once per row count (src/db/prebuilt.ts), in EVENT_COLUMNS order.
      const batch = (from: number) => {
        const rows = events.slice(from, from + EVENT_BATCH).map((e, k) => {
          const link = links[from + k]!;
          return [
            campaignId,
            e.seq,
            e.event.type,
            new Date(e.at),
            e.actor.userId,
            e.actor.asPlayer ?? null,
            e.event,
            e.rolls,
            link.prevHash,
            link.hash,
          ];
        });
        return runWritten(tx, eventsInsert(rows.length), driverValues(EVENT_COLUMNS, rows));
      };
      // One batch is sent as this is called (a fault in building it throws here); more go one after another.
      if (events.length <= EVENT_BATCH) return batch(0).then(() => {});
      return (async () => {
        for (let from = 0; from < events.length; from += EVENT_BATCH) await batch(from);
      })();
    },
  };
}

/** The columns of a log INSERT, in the order its rows give them. */
export const EVENT_COLUMNS = [
  campaignEvents.campaignId,
  campaignEvents.seq,
  campaignEvents.type,
  campaignEvents.at,
  campaignEvents.actorUserId,
  campaignEvents.asPlayer,
  campaignEvents.event,
  campaignEvents.rolls,
  campaignEvents.prevHash,
  campaignEvents.hash,
];
const eventsInsert = insertTexts(campaignEvents, EVENT_COLUMNS);

/** The chain head to link a command's events to: the one read with the lock, else read (and an older log chained) now. */
export async function chainHeadFor(tx: Executor, campaignId: string, locked: string | null): Promise<string> {
  return locked ?? chainHeadOf(tx, campaignId);
}

/** Events written by one INSERT: 10 parameters each, well inside PostgreSQL's 65,535. */
export const EVENT_BATCH = 1000;

/** The hash of the campaign's last event (the genesis hash before any), chaining an older log first. */
async function chainHeadOf(tx: Executor, campaignId: string): Promise<string> {
  const [last] = await tx
    .select({ hash: campaignEvents.hash })
    .from(campaignEvents)
    .where(eq(campaignEvents.campaignId, campaignId))
    .orderBy(desc(campaignEvents.seq))
    .limit(1);
  if (!last) return GENESIS_HASH;
  if (last.hash !== null) return last.hash;
  // Stored before the chain (migration 0005): link the log as it stands, once.
  const stored = await loadChain(tx, campaignId);
  const links = chainLinks(GENESIS_HASH, stored);
  for (let i = 0; i < stored.length; i++)
    await tx
      .update(campaignEvents)
      .set({ prevHash: links[i]!.prevHash, hash: links[i]!.hash })
      .where(and(eq(campaignEvents.campaignId, campaignId), eq(campaignEvents.seq, stored[i]!.seq)));
  return links.at(-1)!.hash;
}

/** A stored event exactly as written (no upcast), with its stored links: what the chain covers. */
export interface ChainedRow extends ChainedRecord {
  event: StoredEvent['event'];
  rolls: StoredEvent['rolls'];
  prevHash: string | null;
  hash: string | null;
}

/** The whole log as stored, for `/campaign verify` and the export. */
export async function loadChain(tx: Executor, campaignId: string): Promise<ChainedRow[]> {
  const out: ChainedRow[] = [];
  for await (const page of chainPages(tx, campaignId)) out.push(...page);
  return out;
}

/**
 * The log as stored, a page of `size` events at a time in order of `seq` (keyset paging on the
 * primary key), from event `fromSeq` on: what an export streams and a replay folds, without the
 * whole log in memory at once.
 */
export async function* chainPages(
  tx: Executor,
  campaignId: string,
  fromSeq = 1,
  size = EVENT_BATCH,
): AsyncGenerator<ChainedRow[]> {
  let next = fromSeq;
  for (;;) {
    const rows = await tx
      .select()
      .from(campaignEvents)
      .where(and(eq(campaignEvents.campaignId, campaignId), sql`${campaignEvents.seq} >= ${next}`))
      .orderBy(asc(campaignEvents.seq))
      .limit(size);
    if (rows.length === 0) return;
    yield rows.map((r) => ({
      seq: r.seq,
      at: r.at.toISOString(),
      actor: r.asPlayer ? { userId: r.actorUserId, asPlayer: r.asPlayer } : { userId: r.actorUserId },
      event: r.event as StoredEvent['event'],
      rolls: r.rolls as StoredEvent['rolls'],
      prevHash: r.prevHash,
      hash: r.hash,
    }));
    if (rows.length < size) return;
    next = rows.at(-1)!.seq + 1;
  }
}

/**
 * The stored state at the end of a half-cycle (schema `campaign_snapshots`): the latest one at or
 * before half-cycle `halfCycles`, or null when none is stored.
 */
export async function snapshotAtOrBefore(
  tx: Executor,
  campaignId: string,
  halfCycles: number,
  layout: StateLayout,
): Promise<{ halfCycles: number; seq: number; state: CampaignState } | null> {
  const [row] = await tx
    .select()
    .from(campaignSnapshots)
    .where(and(eq(campaignSnapshots.campaignId, campaignId), sql`${campaignSnapshots.halfCycles} <= ${halfCycles}`))
    .orderBy(desc(campaignSnapshots.halfCycles))
    .limit(1);
  return row ? snapshotOf(tx, row, layout) : null;
}

/** The latest stored half-cycle snapshot taken before event `seq` (its `seq` below it), or null. */
export async function snapshotBeforeSeq(
  tx: Executor,
  campaignId: string,
  seq: number,
  layout: StateLayout,
): Promise<{ halfCycles: number; seq: number; state: CampaignState } | null> {
  const [row] = await tx
    .select()
    .from(campaignSnapshots)
    .where(and(eq(campaignSnapshots.campaignId, campaignId), sql`${campaignSnapshots.seq} < ${seq}`))
    .orderBy(desc(campaignSnapshots.seq))
    .limit(1);
  return row ? snapshotOf(tx, row, layout) : null;
}

/**
 * What a part of the history is folded from (a revert's, a delivery's after a restart): the latest
 * half-cycle snapshot before event `fromSeq`, a fresh copy of its own (null before the first), and
 * the log after it, to `toSeq` when given (docs/performance.md, "Long histories").
 */
export async function logSinceSnapshot(
  tx: Executor,
  campaignId: string,
  fromSeq: number,
  layout: StateLayout,
  toSeq?: number,
): Promise<{ state: CampaignState | null; log: StoredEvent[] }> {
  const snapshot = await snapshotBeforeSeq(tx, campaignId, fromSeq, layout);
  const log = await loadEvents(tx, campaignId, (snapshot?.seq ?? 0) + 1, undefined, toSeq);
  return { state: snapshot?.state ?? null, log };
}

/**
 * A stored snapshot as a state: its finished records read from `campaign_records`, which it refers
 * to rather than holds. Null (and the snapshot dropped, to be stored again by the next replay that
 * passes it) should a record it refers to be missing.
 */
async function snapshotOf(
  tx: Executor,
  row: typeof campaignSnapshots.$inferSelect,
  layout: StateLayout,
): Promise<{ halfCycles: number; seq: number; state: CampaignState } | null> {
  const state = withFinished(row.state as Record<string, unknown>, await recordsOf(tx, row.campaignId, row.state));
  if (!state) {
    await tx
      .delete(campaignSnapshots)
      .where(and(eq(campaignSnapshots.campaignId, row.campaignId), eq(campaignSnapshots.halfCycles, row.halfCycles)));
    return null;
  }
  return { halfCycles: row.halfCycles, seq: row.seq, state: layout.upcast(state as unknown as CampaignState) };
}

/**
 * Stores half-cycle snapshots; one already stored for a half-cycle is kept (the log gives both the
 * same). With `layout`, a snapshot's finished records that are stored apart as they are
 * (`campaign_records`: those of `current`, the state stored now, or else read) are referred to,
 * not copied: a year of resolved battles would otherwise be stored again with every half-cycle
 * (docs/performance.md, "History out of the hot state").
 */
export async function saveSnapshots(
  tx: Executor,
  campaignId: string,
  snapshots: readonly { halfCycles: number; seq: number; state: CampaignState }[],
  layout?: StateLayout,
  current?: CampaignState,
): Promise<void> {
  if (snapshots.length === 0) return;
  const lists = layout ? layout.finished(snapshots[0]!.state.ruleset) : [];
  if (lists.length > 0 && !current) {
    const rows = await tx
      .select({ list: campaignRecords.list, position: campaignRecords.position, record: campaignRecords.record })
      .from(campaignRecords)
      .where(eq(campaignRecords.campaignId, campaignId));
    const byKey = new Map(rows.map((r) => [`${r.list}:${r.position}`, r.record]));
    return snapshotsReferring(
      tx,
      campaignId,
      snapshots,
      lists,
      (key, position) => byKey.get(`${key}:${position}`),
      false,
    );
  }
  return snapshotsOfCurrent([tx, campaignId, snapshots, layout, current], false);
}

/**
 * `saveSnapshots` for a command, which holds its current state: every snapshot is sent as this is
 * called (a fault in working one out throws here), so the command's COMMIT may follow right behind.
 */
export function sendSnapshots(...args: Parameters<typeof saveSnapshots>): Promise<void> {
  return snapshotsOfCurrent(args, true);
}

/** The snapshots, their finished records referred to where `current` holds the same. */
function snapshotsOfCurrent(
  [tx, campaignId, snapshots, layout, current]: Parameters<typeof saveSnapshots>,
  atOnce: boolean,
): Promise<void> {
  if (snapshots.length === 0) return Promise.resolve();
  const lists = layout ? layout.finished(snapshots[0]!.state.ruleset) : [];
  const now = current as unknown as Record<string, unknown[] | undefined> | undefined;
  return snapshotsReferring(tx, campaignId, snapshots, lists, (key, position) => now?.[key]?.[position], atOnce);
}

/** Writes the snapshots, each finished record that `stored` holds as it is referred to, not copied (`atOnce`: runStatements). */
function snapshotsReferring(
  tx: Executor,
  campaignId: string,
  snapshots: readonly { halfCycles: number; seq: number; state: CampaignState }[],
  lists: readonly FinishedList[],
  stored: (key: string, position: number) => unknown,
  atOnce: boolean,
): Promise<void> {
  const refer = (list: FinishedList, position: number, record: unknown) => {
    if (!list.done(record)) return false;
    const there = stored(list.key, position);
    return there !== undefined && list.done(there) && (there === record || sameJson(there, record));
  };
  const docs = snapshots.map((x) => ({
    campaignId,
    halfCycles: x.halfCycles,
    seq: x.seq,
    state: lists.length > 0 ? withoutFinished(x.state as unknown as Record<string, unknown>, lists, refer) : x.state,
  }));
  // A snapshot without its finished records is a few KiB; one holding them all (a campaign stored before) up to MiBs.
  const sent: Statement[] = [];
  for (let from = 0; from < docs.length; from += 20)
    sent.push(() =>
      tx
        .insert(campaignSnapshots)
        .values(docs.slice(from, from + 20))
        .onConflictDoNothing()
        .execute(),
    );
  return runStatements(sent, atOnce);
}

export async function loadEvents(
  tx: Executor,
  campaignId: string,
  fromSeq = 1,
  limit?: number,
  toSeq?: number,
): Promise<StoredEvent[]> {
  const q = tx
    .select()
    .from(campaignEvents)
    .where(
      and(
        eq(campaignEvents.campaignId, campaignId),
        sql`${campaignEvents.seq} >= ${fromSeq}`,
        toSeq === undefined ? undefined : sql`${campaignEvents.seq} <= ${toSeq}`,
      ),
    )
    .orderBy(asc(campaignEvents.seq));
  const rows = limit === undefined ? await q : await q.limit(limit);
  return rows.map((r) => {
    const actor: StoredEvent['actor'] = { userId: r.actorUserId };
    if (r.asPlayer) actor.asPlayer = r.asPlayer;
    return {
      seq: r.seq,
      at: r.at.toISOString(),
      actor,
      // Events stored by an older version, in this version's shape (upcast.ts).
      event: upcastCampaignEvent(r.event as StoredEvent['event']),
      rolls: r.rolls as StoredEvent['rolls'],
    };
  });
}

/**
 * Forgets the interactions handled before `before` (their ids can no longer come back: see
 * src/app/scheduler.ts `pruneInteractions`). Returns how many were forgotten.
 */
export async function pruneProcessedInteractions(tx: Executor, before: Date): Promise<number> {
  const gone = await tx
    .delete(processedInteractions)
    .where(lt(processedInteractions.processedAt, before))
    .returning({ id: processedInteractions.interactionId });
  return gone.length;
}

/**
 * True when this interaction was already handled; otherwise records it (inside the transaction of
 * what it does). A command's claim is `claimInteractionOrAbort`.
 */
export async function claimInteraction(
  tx: Executor,
  interactionId: string,
  campaignId: string | null,
  at: Date,
): Promise<boolean> {
  const inserted = await tx
    .insert(processedInteractions)
    .values({ interactionId, campaignId, processedAt: at })
    .onConflictDoNothing()
    .returning({ id: processedInteractions.interactionId });
  return inserted.length === 0;
}

/**
 * `claimInteraction` for a command that sends its COMMIT without waiting for the claim's answer
 * (src/app/run-command.ts): a second delivery's claim fails with a unique violation, which aborts
 * the transaction in the database itself, so nothing the second delivery wrote can commit. True
 * when the interaction was claimed already (the transaction is then aborted), false when this
 * claim holds. The campaign is named by its channel, read in the same statement, so the claim is
 * sent with the lock, before the lock is answered (docs/performance.md, "Ruling while the lock is on
 * its way").
 */
export function claimInteractionOrAbort(
  tx: Executor,
  interactionId: string,
  campaign: { channelId: string },
  at: Date,
): Promise<boolean> {
  return runWritten(tx, CLAIM_BY_CHANNEL, [
    interactionId,
    campaign.channelId,
    processedInteractions.processedAt.mapToDriverValue(at),
  ]).then(
    () => false,
    (err: unknown) => {
      if (isUniqueViolation(err)) return true;
      throw err;
    },
  );
}

/** `claimInteractionOrAbort`'s INSERT, its text written once (src/db/prebuilt.ts). */
const CLAIM_BY_CHANNEL = `insert into "${getTableName(processedInteractions)}" ("${processedInteractions.interactionId.name}", "${processedInteractions.campaignId.name}", "${processedInteractions.processedAt.name}") values ($1, (select "${campaigns.id.name}" from "${getTableName(campaigns)}" where "${campaigns.channelId.name}" = $2), $3)`;

/** A unique violation (SQLSTATE 23505), found through drizzle's `cause` chain. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
