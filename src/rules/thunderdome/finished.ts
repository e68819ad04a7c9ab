import { cloneJson, frozenJson, frozenJsonSharing, sameJson } from '../json-data.ts';
import type { Battle, CampaignState, RetreatObligation, Vote } from './state.ts';

/**
 * Finished records (docs/performance.md, "History out of the hot state"): a resolved battle
 * (UTD7.4), a decided vote (UTD1.7) and a retreat that has moved and been charged in full
 * (UTD7.466x) never change again, yet a year-long campaign holds thousands of them. Once finished
 * a record is shared between the states a command goes through, frozen, instead of copied with
 * each event; the repository stores it once, in a table of its own (src/db/campaign-repo.ts).
 *
 * A fold that must change one anyway (a correction of a battle's result, UTD1.7) replaces it in
 * its list with a changed copy (`ownRecord`); a fold that changed it in place would throw on the
 * frozen record, which is how such a fold is found.
 */
export const FINISHED_RECORDS: {
  readonly battles: (b: Battle) => boolean;
  readonly votes: (v: Vote) => boolean;
  readonly retreats: (r: RetreatObligation) => boolean;
} = Object.freeze({
  battles: (b: Battle) => b.status === 'resolved',
  votes: (v: Vote) => v.status !== 'open',
  retreats: (r: RetreatObligation) => r.moved && r.charged && (r.wreckOps ?? 0) === (r.wreckOpsCharged ?? 0),
});

export type FinishedKey = keyof typeof FINISHED_RECORDS;
export const FINISHED_KEYS: readonly FinishedKey[] = Object.freeze(['battles', 'votes', 'retreats'] as const);

/** True when `record`, an entry of the state's list `key`, is finished (never changes again). */
export function isFinished(key: FinishedKey, record: unknown): boolean {
  return (FINISHED_RECORDS[key] as (x: unknown) => boolean)(record);
}

/**
 * A copy of the state a fold may change, sharing its finished records: each is frozen (a copy
 * of it the first time, when the given state's record is not frozen yet) and the same object in
 * both states. Everything else is copied as `cloneJson` copies it.
 */
export function copySharingFinished(state: CampaignState): CampaignState {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(state)) {
    const finished = (FINISHED_RECORDS as Record<string, ((x: unknown) => boolean) | undefined>)[key];
    out[key] = finished && Array.isArray(value) ? copyList(value, finished) : cloneJson(value);
  }
  return out as unknown as CampaignState;
}

/**
 * Where the records a frozen list holds that are not finished are: a frozen list (a state the
 * process keeps, src/app/state-cache.ts, which keeps the same list while a command leaves it as it
 * was) never changes, so it is looked through once, not by every command (a year's 3,000 resolved
 * battles were the largest cost an old campaign added to an order).
 */
const openAt = new WeakMap<readonly unknown[], number[]>();

/** The positions of the records of a frozen `list` that `finished` says are not finished, looked for once. */
function openPositions(list: readonly unknown[], finished: (x: unknown) => boolean): number[] {
  let open = openAt.get(list);
  if (!open) {
    open = [];
    for (let i = 0; i < list.length; i++) if (!finished(list[i])) open.push(i);
    openAt.set(list, open);
  }
  return open;
}

/**
 * The frozen list a list was copied from by `copyList`, so a later copy or `settleFinished` can
 * tell the records it still shares with it (the same object at the same position) without asking
 * each whether it is finished: a fold pushes and changes open records, and replaces a finished one
 * it changes (`ownRecord`), so a record still at its place in the source is what it was there.
 */
const copiedFrom = new WeakMap<readonly unknown[], readonly unknown[]>();

function copyList(list: readonly unknown[], finished: (x: unknown) => boolean): unknown[] {
  let out: unknown[];
  if (Object.isFrozen(list)) {
    // Every record of a frozen list is frozen: the finished ones are shared as they are.
    out = list.slice();
    for (const i of openPositions(list, finished)) out[i] = cloneJson(list[i]);
    copiedFrom.set(out, list);
    return out;
  }
  const source = copiedFrom.get(list);
  out = list.slice();
  eachTouched(out, source, finished, (r, i) => {
    out[i] = !finished(r) ? cloneJson(r) : Object.isFrozen(r) ? r : frozenJson(r);
  });
  if (source) copiedFrom.set(out, source);
  return out;
}

/**
 * Calls `visit` with each record of `list` that is not a finished record `source` (the frozen list
 * it was copied from, if any) holds at the same position: the open records, the new ones and the
 * ones a fold replaced. Without a source, every record.
 */
function eachTouched(
  list: readonly unknown[],
  source: readonly unknown[] | undefined,
  finished: (x: unknown) => boolean,
  visit: (record: unknown, index: number, wasOpen: boolean) => void,
): void {
  const open = source ? openPositions(source, finished) : [];
  const shared = source ? Math.min(source.length, list.length) : 0;
  let k = 0;
  for (let i = 0; i < list.length; i++) {
    const wasOpen = k < open.length && open[k] === i;
    if (wasOpen) k++;
    if (i < shared && !wasOpen && list[i] === source![i]) continue;
    visit(list[i], i, wasOpen);
  }
}

/**
 * Settles the finished lists of the state a command's rules left, for the readers that follow (its
 * posts, the scheduler's clocks, the repository, the state the process keeps: src/app): each list is
 * frozen with every record in it and the positions of its open records known, so none of them
 * looks through a year's finished records again (docs/performance.md, "History out of the hot
 * state"); a list the command left as it was becomes the very list it was copied from. Changes the
 * state's lists in place; nothing may change them after. With `before`, the state the command was
 * decided on, every other value it left unchanged is shared too (`shareUnchanged`).
 */
export function settleFinished(state: CampaignState, before?: CampaignState | null): CampaignState {
  // A command that changed nothing hands back the frozen state it was given.
  if (Object.isFrozen(state)) return state;
  const lists = state as unknown as Record<string, unknown>;
  for (const key of FINISHED_KEYS) {
    const list = lists[key];
    if (Array.isArray(list) && !Object.isFrozen(list))
      lists[key] = settledList(list, FINISHED_RECORDS[key] as (x: unknown) => boolean);
  }
  if (before) shareUnchanged(lists, before as unknown as Record<string, unknown>);
  return state;
}

/**
 * Every other value of the state a command left that equals the frozen one of the state it was
 * decided on (a kept state, src/app/state-cache.ts) becomes that very value: a fold copies the whole
 * state, but an order changes a bank, not the map, the fleets, the ships and the bases. What follows
 * then tells an unchanged part by identity, once compared here: the columns to write
 * (src/db/campaign-repo.ts `columnsOf`), the state kept, and what is worked out from a part
 * (the map's fingerprint, src/render/map-fingerprint.ts).
 */
function shareUnchanged(after: Record<string, unknown>, before: Record<string, unknown>): void {
  for (const key of Object.keys(after)) {
    const was = before[key];
    const now = after[key];
    if (now === was || typeof was !== 'object' || was === null || !Object.isFrozen(was)) continue;
    if ((FINISHED_KEYS as readonly string[]).includes(key)) continue;
    if (sameJson(now, was)) after[key] = was;
  }
}

function settledList(list: unknown[], finished: (x: unknown) => boolean): readonly unknown[] {
  const source = copiedFrom.get(list);
  let same = source !== undefined && source.length === list.length;
  const open: number[] = [];
  eachTouched(list, source, finished, (r, i, wasOpen) => {
    // An open record the command did not change is the source's again, frozen as it was.
    if (wasOpen && i < source!.length && sameJson(r, source![i])) {
      list[i] = source![i];
      open.push(i);
      return;
    }
    same = false;
    const settled = frozenJsonSharing(r);
    list[i] = settled;
    if (!finished(settled)) open.push(i);
  });
  if (same) return source!;
  Object.freeze(list);
  openAt.set(list, open);
  return list;
}

/**
 * The records of the state's list `key` that are not finished (open battles, open votes, retreats
 * still owed), in order: for a frozen list, without looking through its finished ones again.
 */
export function unfinished<K extends FinishedKey>(
  key: K,
  list: readonly CampaignState[K][number][],
): CampaignState[K][number][] {
  const finished = FINISHED_RECORDS[key] as (x: unknown) => boolean;
  if (!Object.isFrozen(list)) return list.filter((r) => !finished(r));
  return openPositions(list, finished).map((i) => list[i]!);
}

/**
 * The record at `index` of `list`, made changeable: a frozen (finished, shared) record is replaced
 * in the list by a copy, which is returned. For the rare fold that changes a finished record.
 */
export function ownRecord<T extends object>(list: T[], index: number): T {
  const record = list[index]!;
  if (!Object.isFrozen(record)) return record;
  const copy = cloneJson(record);
  list[index] = copy;
  return copy;
}
