import type { DiceSource, RollRecord } from './rules/dice.ts';
import type { Result } from './rules/errors.ts';

/**
 * The seam between the app and a game's rules: what `runCommand`, the scheduler, the preview, the
 * state cache, the repository and the replays need from a ruleset, and nothing more. Thunderdome III
 * is the first ruleset (src/app/thunderdome-ruleset.ts adapts it); src/app/rulesets.ts holds the
 * registry, and docs/architecture.md ("A ruleset is a plug-in") says what a new one supplies.
 *
 * What the app's own paths need is here: `decide` and `apply` (every command), the catalog,
 * proxy and seed hooks, the scheduler hooks (which commands the system gives a campaign, and
 * when) and the storage hook (which parts of the state the database keeps in columns of their
 * own). A full ruleset carries more, each behind its own table when its user moves over to the
 * seam; today those still name Thunderdome in src/discord and commands/: its commands (slash
 * command and option definitions), its words (event sentences and announcements), its pictures
 * (map and status renderers) and its settings. Only types are imported here, so any layer may
 * name the interface.
 */
export interface Ruleset<S extends RulesetState, C extends RulesetCommand, E extends RulesetEvent> {
  /** The id stored in the campaign (`state.ruleset`), e.g. `'thunderdome-iii'`. */
  readonly id: string;
  /**
   * Decides one command: the events to append, and the state after them when the ruleset already
   * applied them while deciding (null: the app folds the events with `apply`, as for creation).
   * `state` is null before creation. Pure; the given state may be shared and frozen.
   */
  decide(
    state: S | null,
    command: C,
    ctx: RulesetContext,
  ): Result<{
    events: E[];
    state: S | null;
    /** The player a proxy gave this command for (UTD3.2), marked on its stored events; absent: `proxiedPlayer` decides. */
    asPlayer?: string;
  }>;
  /** The fold: the state after one stored event. Never changes the state it is given. */
  apply(state: S | null, stored: StoredEventOf<E>): S;
  /**
   * The fold for a replay that owns its state (docs/performance.md, "Long histories"): the same result as
   * `apply`, but it may change `working` and hand it back, so a replay of N events copies the state
   * once, not N times. Absent: replays use `apply`.
   */
  applyInPlace?(working: S | null, stored: StoredEventOf<E>): S;
  /**
   * Where the campaign's history is cut into periods for its stored snapshots (Thunderdome: the
   * half-cycle, UTD2.2): the period `state` ends when `stored` is folded next, or null when that
   * event ends none. Absent: no snapshots are kept.
   */
  periodEnded?(state: S, stored: StoredEventOf<E>): number | null;
  /**
   * The catalog version the command is decided with; the app loads it (`AppContext.catalogs`) and
   * passes it as `ctx.catalog`. Absent: the ruleset has no catalog and `ctx.catalog` is null.
   */
  catalogVersion?(state: S | null, command: C, defaultVersion: string): string;
  /**
   * A second catalog version the command needs beside it (a catalog amendment the players vote
   * on); the app loads it as `ctx.proposedCatalog`. Absent or null: none.
   */
  proposedCatalogVersion?(state: S | null, command: C): string | null;
  /**
   * The first event whose history the command is decided with (a revert by consent): the app
   * replays the log before it into `ctx.history.before` and passes the stored events from it on as
   * `ctx.history.events`. Absent or null: none.
   */
  historyFrom?(state: S | null, command: C): number | null;
  /**
   * The text of a state players typed (names of the campaign, players, sectors), which refusals may
   * quote: the Discord layer shows it as typed (`RuleError.quoted`); absent: none.
   */
  typedNames?(state: S): readonly string[];
  /** The player a user acts for as a proxy (UTD3.2), marked on the stored events; absent: nobody. */
  proxiedPlayer?(state: S, userId: string, now: Date): string | undefined;
  /** Publishing the secret dice seeds after a command (design §5); absent: they stay secret. */
  seeds?: RulesetSeeds<S, E>;
  /** The commands the system gives a campaign when they fall due (src/app/scheduler.ts); absent: none. */
  scheduler?: RulesetScheduler<S, C>;
  /** How the database stores the state (src/db/campaign-repo.ts); absent: as one document, given back exactly. */
  storage?: RulesetStorage;
  /** Reads a state stored by an older version in this version's shape; absent: states never change shape. */
  upcast?: { state(state: S): S };
  /**
   * What a command's events make the bot post in Discord besides its announcement (turn pings, vote
   * and approval messages, threads), as codes the outbox stores in the command's transaction
   * (docs/delivery.md); absent: the announcement only.
   */
  posts?(stored: readonly StoredEventOf<E>[], before: S | null, after: S, ctx: PostsContext): RulesetPost[];
}

/** What working out a command's posts may use besides the states: where to log a fault it survives. */
export interface PostsContext {
  log: { error(details: Record<string, unknown>, message: string): void };
}

/** One thing to post, edit or open in Discord, as stored in the outbox: a code, never words. */
export interface RulesetPost {
  kind: string;
  /** What it is about (a vote id, a battle id, an event seq); '' when the kind needs none. */
  subject: string;
  payload?: Record<string, string | number | null>;
  /**
   * A post made once a burst of changes is over (the map after changes, UTD1.12): one row waits per
   * campaign and kind, due `quietMs` after the last change and at most `maxWaitMs` after the first.
   */
  throttle?: PostThrottle;
}

export interface PostThrottle {
  quietMs: number;
  maxWaitMs: number;
}

/** What the app reads of every ruleset's state: where the campaign lives and what it is called. */
export interface RulesetState {
  readonly ruleset: string;
  readonly id: string;
  readonly guildId: string;
  readonly channelId: string;
  readonly name: string;
  readonly status: string;
}

/**
 * A command as the ruleset receives it. Creation is `{ type: 'create', name, campaignId, guildId,
 * channelId, seedCommitment }`, filled in by the app.
 */
export interface RulesetCommand {
  readonly type: string;
}

export interface RulesetEvent {
  readonly type: string;
}

/** An event as stored in the log (the app sets everything but `event`). */
export interface StoredEventOf<E> {
  seq: number;
  at: string;
  actor: { userId: string; asPlayer?: string };
  event: E;
  rolls: RollRecord[];
}

export interface RulesetActor {
  userId: string;
  displayName: string;
  isServerAdmin: boolean;
}

export interface RulesetContext {
  actor: RulesetActor;
  now: Date;
  dice: DiceSource;
  /** The sequence number the command's first event will get. */
  firstSeq: number;
  /** What `catalogVersion` named, as the app's catalog source loaded it; null without that hook. */
  catalog: unknown;
  /** What `proposedCatalogVersion` named, loaded likewise; absent when it named none. */
  proposedCatalog?: unknown;
  /** What `historyFrom` named: the state before that event and the stored events since; absent when it named none. */
  history?: { before: unknown; events: readonly StoredEventOf<RulesetEvent>[] };
  /**
   * Long pure work the app has done off its event loop (docs/performance.md, "Nothing blocks the
   * event loop"): a generated map (Thunderdome, UTD8.16), the same whoever makes it. Absent: the
   * rules make it in place.
   */
  generateMap?: (request: { players: number; sectorsPerPlayer: number; seed: number }) => unknown;
}

export interface RulesetSeeds<S, E> {
  /**
   * Whether the seeds are to be published after a command's events: null, or why, and whether a
   * fresh committed seed takes over (the campaign goes on). `secretSeeds` counts the seeds kept.
   * `reason` is a code the ruleset's words turn into a sentence, never the sentence itself.
   */
  reveal(state: S, stored: readonly StoredEventOf<E>[], secretSeeds: number): { reason: string; fresh: boolean } | null;
  /** The event publishing the seeds. */
  revealed(seeds: { fromSeq: number; seed: string }[], reason: string): E;
  /** The event committing to a fresh seed. */
  committed(seedCommitment: string): E;
}

/**
 * The clocks of a ruleset (design §3.9: the database decides what is due, timers only wake the
 * process). The scheduler reads only the campaigns whose stored `nextDue` has come, asks `due`
 * what to give them, and gives each command through `runCommand` as `systemUserId`: the rules
 * still decide it, and refuse one already applied, so a pass run twice (or in two processes at
 * once) applies it once.
 */
export interface RulesetScheduler<S, C> {
  /** The user id the system's commands are given as (the rules may accept some only from it). */
  readonly systemUserId: string;
  /**
   * The earliest time (ISO 8601, as `Date.toISOString` writes it) at which `due` may give anything
   * for this state, or null: never, until the state changes. Pure; stored with every state written.
   * Early costs a look at the campaign; late delays a clock, so whenever `due(state, now)` gives
   * anything, `nextDue(state)` must be at or before `now`.
   */
  nextDue(state: S): string | null;
  /**
   * The commands due at `now`, in the order to give them. Asked again after each command that
   * changed the state, and a command already given in the pass is not given again.
   */
  due(state: S, now: Date): RulesetDue<C>[];
}

export interface RulesetDue<C> {
  command: C;
  /** Why it is due, for the log. */
  reason: string;
  /**
   * Given again while the ruleset accepts it (at most 100 times): catching up after downtime, when
   * one overdue consequence leads to another (a forfeited turn starting a turn itself overdue).
   */
  repeat?: boolean;
}

/**
 * Where the state is stored. The `campaigns` row keeps the state in its `state` column but for the
 * parts named here, each in a column of its own, so a command that changes only a small part of a
 * large state rewrites only that (docs/performance.md).
 */
export interface RulesetStorage {
  /**
   * Top-level keys of the state stored in columns of their own, each named like its column; the
   * columns are those of `PART_COLUMNS` in src/db/campaign-repo.ts (a new one takes a migration).
   * A part that is null is stored as SQL null and given back as null.
   */
  readonly parts: readonly string[];
  /**
   * Lists of the state (top-level keys holding arrays) whose entries, once `done` says so, never
   * change again: the database stores each such finished record once, in a table of its own, and
   * neither rewrites nor compares them with each command (docs/performance.md, "History out of the
   * hot state"). The rules should share them between states (frozen) rather than copy them.
   * Absent: none.
   */
  readonly finished?: readonly { readonly key: string; done(record: unknown): boolean }[];
}
