import { cloneJson, frozenJsonSharing, sameJson } from '../rules/json-data.ts';
import type { FinishedList, Part } from '../db/campaign-repo.ts';
import type { CampaignState } from '../rules/thunderdome/index.ts';
import { carryDerived } from './state-derived.ts';

/** Parts of a new state that are those of the row version `xmin`, as committed (saveCampaign tells). */
export interface KeptParts {
  xmin: string;
  unchanged: readonly Part[];
}

/**
 * The campaign states this process wrote last, so the next command on a campaign need not read
 * its whole state (about 65 KiB of JSON in a grown campaign) back from the database: sending and
 * parsing it was the largest cost left in a command (docs/performance.md).
 *
 * An entry is keyed by the campaign id and the `xmin` of the row version it belongs to: the id of
 * the transaction that wrote that row version, which PostgreSQL (and PGlite) never gives to two
 * writes. The command reads the row's `xmin` under its row lock and uses the entry only when it
 * matches, so a row changed since by anyone (another process sharing PostgreSQL, an import, a
 * test writing SQL) is simply read again. Entries go in only after their transaction committed.
 *
 * An entry must stay exactly what was committed, so it is frozen throughout. `get` hands out a
 * copy, which its user may change (announcement code may sort a list in place); `peek` hands out
 * the frozen entry itself, for a reader that copies before changing anything, as the rules do:
 * runCommand, which so saves copying a grown state (137 KiB with 400 ships) once per command.
 */
export class StateCache {
  private readonly entries = new Map<string, { xmin: string; state: CampaignState }>();

  constructor(private readonly capacity = 64) {}

  /**
   * A copy of the state committed as row version `xmin` of campaign `id`, if this process holds it.
   * Its finished records (`finished`, by ruleset: src/ruleset.ts `storage.finished`) are shared, not
   * copied: they are frozen and never change, as in a state read from the database, and a year of
   * them is megabytes (docs/performance.md, "History out of the hot state").
   */
  get(
    id: string,
    xmin: string,
    finished: (ruleset: string) => readonly FinishedList[] = () => [],
  ): CampaignState | null {
    const state = this.peek(id, xmin);
    if (!state) return null;
    const lists = new Map(finished(state.ruleset).map((l) => [l.key, l]));
    const copy = {} as Record<string, unknown>;
    for (const [key, value] of Object.entries(state)) {
      const list = lists.get(key);
      copy[key] =
        list && Array.isArray(value)
          ? value.map((record: unknown) => (list.done(record) ? record : cloneJson(record)))
          : cloneJson(value);
    }
    return copy as unknown as CampaignState;
  }

  /** The state committed as row version `xmin` of campaign `id` itself, frozen (read it, never change it). */
  peek(id: string, xmin: string): CampaignState | null {
    const entry = this.entries.get(id);
    if (!entry || entry.xmin !== xmin) return null;
    // Most recently used last, so the least recently used is the first to go.
    this.entries.delete(id);
    this.entries.set(id, entry);
    return entry.state;
  }

  /**
   * Records a committed state (a frozen copy of it, sharing what is frozen in it already: the
   * finished records the rules share, docs/performance.md "History out of the hot state"). With `from`, the parts it names unchanged
   * since the row version the cache holds are taken from that entry rather than copied again: they
   * are frozen, so still exactly what was committed, and copying a grown state (400 ships) was a
   * tenth of a command's time.
   */
  put(id: string, xmin: string, state: CampaignState, from?: KeptParts): void {
    const previous = this.entries.get(id);
    // A command that changed nothing in the state (a dice roll) committed the kept state itself: it is
    // kept as it is, under the new row version, with what is known of it (src/app/thunderdome-posts.ts).
    if (previous && state === previous.state && from?.xmin === previous.xmin) {
      this.entries.delete(id);
      this.entries.set(id, { xmin, state });
      return;
    }
    const derivedFrom = from && previous?.xmin === from.xmin ? previous : undefined;
    const reuse = new Set<string>(derivedFrom ? from!.unchanged : []);
    const before = derivedFrom?.state as unknown as Record<string, unknown> | undefined;
    const copy = {} as Record<string, unknown>;
    for (const [key, value] of Object.entries(state)) {
      const was = before?.[key];
      copy[key] = reuse.has(key) || (was !== undefined && sameLongList(was, value)) ? was : frozenJsonSharing(value);
    }
    const frozen = Object.freeze(copy) as unknown as CampaignState;
    carryDerived(state, frozen);
    this.entries.delete(id);
    this.entries.set(id, { xmin, state: frozen });
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * A long list (a year's resolved battles, decided votes) the command left as it was: the kept one is
 * kept, the same frozen array, so what is known of it stays known (finished.ts `copySharingFinished`
 * remembers where its open records are). Its finished records are the kept ones themselves, so the
 * comparison is one identity check each; open ones are compared whole.
 */
function sameLongList(was: unknown, value: unknown): boolean {
  return (
    Array.isArray(was) &&
    Array.isArray(value) &&
    was.length >= LONG_LIST &&
    was.length === value.length &&
    Object.isFrozen(was) &&
    sameJson(was, value)
  );
}

const LONG_LIST = 32;

/** One cache per open database (tests and the bench open several in one process). */
const caches = new WeakMap<object, StateCache>();

export function stateCacheOf(database: object): StateCache {
  let cache = caches.get(database);
  if (!cache) {
    cache = new StateCache();
    caches.set(database, cache);
  }
  return cache;
}
