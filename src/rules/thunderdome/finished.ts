import { cloneJson, frozenJson } from '../json-data.ts';
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

function copyList(list: readonly unknown[], finished: (x: unknown) => boolean): unknown[] {
  if (!Object.isFrozen(list))
    return list.map((r: unknown) => (!finished(r) ? cloneJson(r) : Object.isFrozen(r) ? r : frozenJson(r)));
  // Every record of a frozen list is frozen: the finished ones are shared as they are.
  const out = list.slice();
  for (const i of openPositions(list, finished)) out[i] = cloneJson(list[i]);
  return out;
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
