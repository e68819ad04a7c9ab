import type { DiceSource, RollRecord } from './rules/dice.ts';
import type { Result } from './rules/errors.ts';

/**
 * The seam between the app and a game's rules: what `runCommand`, the state cache and the replays
 * of src/app need from a ruleset, and nothing more. Thunderdome III is the first ruleset
 * (src/app/thunderdome-ruleset.ts adapts it); src/app/rulesets.ts holds the registry.
 *
 * A full ruleset will carry more than the app's command path needs, each behind its own table
 * when its user moves over to the seam: its commands (slash command and option definitions),
 * its words (event sentences and announcements), its pictures (map and status renderers), its
 * scheduler hooks (which clocks it keeps and the commands they give when due), its settings and
 * its catalog format. Only types are imported here, so any layer may name the interface.
 */
export interface Ruleset<S extends RulesetState, C extends RulesetCommand, E extends RulesetEvent> {
  /** The id stored in the campaign (`state.ruleset`), e.g. `'thunderdome-iii'`. */
  readonly id: string;
  /**
   * Decides one command: the events to append, and the state after them when the ruleset already
   * applied them while deciding (null: the app folds the events with `apply`, as for creation).
   * `state` is null before creation. Pure; the given state may be shared and frozen.
   */
  decide(state: S | null, command: C, ctx: RulesetContext): Result<{ events: E[]; state: S | null }>;
  /** The fold: the state after one stored event. Never changes the state it is given. */
  apply(state: S | null, stored: StoredEventOf<E>): S;
  /**
   * The catalog version the command is decided with; the app loads it (`AppContext.catalogs`) and
   * passes it as `ctx.catalog`. Absent: the ruleset has no catalog and `ctx.catalog` is null.
   */
  catalogVersion?(state: S | null, command: C, defaultVersion: string): string;
  /** The player a user acts for as a proxy (UTD3.2), marked on the stored events; absent: nobody. */
  proxiedPlayer?(state: S, userId: string, now: Date): string | undefined;
  /** Publishing the secret dice seeds after a command (design §5); absent: they stay secret. */
  seeds?: RulesetSeeds<S, E>;
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
