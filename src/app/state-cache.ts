import { cloneJson, frozenJsonSharing, sameJson } from '../rules/json-data.ts';
import type { CampaignRow, FinishedList, Part, SecretSeed } from '../db/campaign-repo.ts';
import type { CampaignState } from '../rules/thunderdome/index.ts';
import { carryDerived } from './state-derived.ts';

/** Parts of a new state that are those of the row version `xmin`, as committed (saveCampaign tells). */
export interface KeptParts {
  xmin: string;
  unchanged: readonly Part[];
}

/** The rest of a row this process wrote, kept with its state so a command can rule on it before its lock is answered (`guess`). */
export interface KeptHead {
  version: number;
  secretSeeds: readonly SecretSeed[];
}

interface Entry {
  xmin: string;
  state: CampaignState;
  head?: KeptHead;
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
 * test writing SQL) is simply read again. A command puts its new state in once its writes are
 * answered, before its COMMIT is sent (src/app/run-command.ts): should the COMMIT fail, no row ever
 * has that `xmin`, and the entry is never used.
 *
 * An entry must stay exactly what its transaction wrote, so it is frozen throughout. `get` hands out a
 * copy, which its user may change (announcement code may sort a list in place); `peek` hands out
 * the frozen entry itself, for a reader that copies before changing anything, as the rules do:
 * runCommand, which so saves copying a grown state (137 KiB with 400 ships) once per command.
 */
export class StateCache {
  private readonly entries = new Map<string, Entry>();
  /** Channel id → campaign id, for the entries that have a head. */
  private readonly channels = new Map<string, string>();

  /** Numbers the entries kept before their row version is known (`putPending`). */
  private pending = 0;

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
   * The kept row of the campaign in `channelId`, as this process last wrote it, whatever the
   * row's version is now: a guess, for a command to rule on while its lock is on its way
   * (src/app/run-command.ts). Only the lock's answer can tell whether the guess holds: its `xmin`
   * must be this one. Null when no head was kept with the state.
   */
  guess(channelId: string): { readonly xmin: string; row: CampaignRow } | null {
    const id = this.channels.get(channelId);
    const entry = id === undefined ? undefined : this.entries.get(id);
    if (!entry?.head || id === undefined) return null;
    const { state, head } = entry;
    return {
      // Read when the lock answers: an entry kept before its UPDATE was answered (`putPending`) learns
      // its row version then. It is this entry's, even if a later command keeps another meanwhile.
      get xmin() {
        return entry.xmin;
      },
      row: {
        id,
        guildId: state.guildId,
        channelId,
        version: head.version,
        state,
        secretSeeds: head.secretSeeds,
      },
    };
  }

  /**
   * `put` for a state whose row version is not known yet: a command that sends its COMMIT right
   * behind its writes keeps its new state before the UPDATE answers, so the next command on the
   * campaign, whose lock follows the COMMIT, finds it to rule on (src/app/run-command.ts). Until the
   * returned function names the row version (`xmin`), the entry matches none; if the UPDATE or the
   * COMMIT fails it never does, and the entry is never used.
   */
  putPending(id: string, state: CampaignState, from?: KeptParts, head?: KeptHead): (xmin: string) => void {
    const unknown = `pending:${++this.pending}`;
    this.put(id, unknown, state, from, head);
    const entry = this.entries.get(id)!;
    return (xmin) => {
      if (entry.xmin === unknown) entry.xmin = xmin;
    };
  }

  /**
   * Records a committed state (a frozen copy of it, sharing what is frozen in it already: the
   * finished records the rules share, docs/performance.md "History out of the hot state"). With `from`, the parts it names unchanged
   * since the row version the cache holds are taken from that entry rather than copied again: they
   * are frozen, so still exactly what was committed, and copying a grown state (400 ships) was a
   * tenth of a command's time.
   */
  put(id: string, xmin: string, state: CampaignState, from?: KeptParts, head?: KeptHead): void {
    const previous = this.entries.get(id);
    // A command that changed nothing in the state (a dice roll) committed the kept state itself: it is
    // kept as it is, under the new row version, with what is known of it (src/app/thunderdome-posts.ts).
    if (previous && state === previous.state && from?.xmin === previous.xmin) {
      this.set(id, { xmin, state, ...(head ? { head } : {}) });
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
    this.set(id, { xmin, state: frozen, ...(head ? { head } : {}) });
  }

  private set(id: string, entry: Entry): void {
    this.entries.delete(id);
    this.entries.set(id, entry);
    if (entry.head) this.channels.set(entry.state.channelId, id);
    else if (this.channels.get(entry.state.channelId) === id) this.channels.delete(entry.state.channelId);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      const gone = this.entries.get(oldest.value)!;
      this.entries.delete(oldest.value);
      if (this.channels.get(gone.state.channelId) === oldest.value) this.channels.delete(gone.state.channelId);
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
