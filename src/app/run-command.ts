import { SeededDice, seedCommitment } from '../rules/dice.ts';
import type { RuleError } from '../rules/errors.ts';
import type { Actor, CampaignCommand, CampaignState, StoredEvent } from '../rules/thunderdome/index.ts';
import {
  appendEvents,
  chainEvents,
  chainHeadFor,
  allWritten,
  claimInteractionOrAbort,
  insertCampaign,
  isUniqueViolation,
  logSinceSnapshot,
  lockCampaignByChannelKnowing,
  sendCampaign,
  type CampaignRow,
  sendSnapshots,
} from '../db/campaign-repo.ts';
import type { AppContext } from './context.ts';
import type { RulesetPost } from '../ruleset.ts';
import { withTypedNames } from './errors.ts';
import { cloneJson } from '../rules/json-data.ts';
import { stateCacheOf } from './state-cache.ts';
import type { Executor } from '../db/client.ts';
import { DEFAULT_RULESET, rulesetOf, stateLayout } from './rulesets.ts';
import { sendOutboxRows } from '../db/outbox-repo.ts';
import { mapsOffThread } from './maps-off-thread.ts';

export interface CommandTarget {
  guildId: string;
  channelId: string;
}

export interface CommandRequest {
  target: CommandTarget;
  actor: Actor;
  command: CommandInput;
  /** The Discord interaction id; a second delivery of the same id changes nothing. */
  interactionId?: string;
  /**
   * The interaction's token (valid 15 minutes): kept with the announcement in the outbox until it is
   * delivered, so a bot restarted after a crash can tell whether the reply went out (docs/delivery.md).
   */
  interactionToken?: string;
  /**
   * The deliverer's own bookkeeping (recording a posted message's id in the campaign): nothing to
   * post about it, so no outbox rows.
   */
  quiet?: boolean;
  /** Set when a proxy acts for a player (UTD3.2). */
  asPlayer?: string;
  /**
   * Confirmation buttons (UTD6.121): the campaign version the player saw when asked. If the
   * campaign changed since, the command is refused under the lock and nothing happens.
   */
  expectedVersion?: number;
  /**
   * Catalog import (requirements §4.2): runs first inside the command's transaction, under the campaign
   * lock, so what it writes (the catalog a `catalog-set` switches to) is rolled back with a refusal.
   */
  prepare?: (tx: Executor) => Promise<void>;
}

/**
 * A command as callers give it: creation ids and the seed commitment are filled in here. Creation
 * may name the campaign's ruleset (src/app/rulesets.ts), Thunderdome III by default.
 */
export type CommandInput =
  | Exclude<CampaignCommand, { type: 'create' }>
  | { type: 'create'; name: string; ruleset?: string };

export type CommandResult =
  | {
      ok: true;
      duplicate: false;
      events: StoredEvent[];
      state: CampaignState;
      /** The state before the command: the caller's own copy, made when first read. */
      before: CampaignState | null;
      /** The same state as loaded, shared with the kept states and frozen when it came from them: read it, never change it. */
      sharedBefore: Readonly<CampaignState> | null;
      /** The hash of the log's last event after this command (src/rules/event-chain.ts); absent where no log was written. */
      chainHead?: string;
      /** The outbox rows written with the command (what it makes the bot post, docs/delivery.md), in order. */
      outbox?: { id: number; kind: string }[];
    }
  | { ok: true; duplicate: true }
  | { ok: false; error: RuleError };

/**
 * One use case = one database transaction (design §1): lock the campaign, load its state, let
 * the pure rules decide, append the events and the new state with version + N, and commit.
 * A refusal or any exception rolls back everything, so nothing is ever half-applied.
 */
export async function runCommand(app: AppContext, req: CommandRequest): Promise<CommandResult> {
  const refused = Symbol('refused');
  const duplicated = Symbol('duplicated');
  let refusal: RuleError | null = null;
  // Performance (docs/performance.md): the state this process last committed for a campaign is kept, and used
  // while the row is still that version, instead of reading the whole state back (state-cache.ts).
  const cache = stateCacheOf(app.database);
  // True once the claim's answer says the interaction was claimed before (a second delivery).
  let claimed: Promise<boolean> = Promise.resolve(false);
  // The writes of a command that sent its COMMIT without waiting for them (see below).
  let unanswered: readonly Promise<unknown>[] = [];
  try {
    const done = await app.database.db.transaction(async (tx) => {
      const now = app.clock.now();
      // The kept state is shared and frozen (`peek`): the rules copy it before applying anything,
      // and the caller gets its own copy of it as `before`, made only if asked for.
      const locking = lockCampaignByChannelKnowing(
        tx,
        req.target.channelId,
        (id, xmin) => cache.peek(id, xmin),
        stateLayout,
      );
      // The interaction is claimed right behind the lock, in the same transaction, but its answer is
      // awaited only before the command is refused: on PGlite the database worker records it while
      // this thread reads the lock's answer and rules (docs/performance.md, "Ruling while the lock is
      // on its way"). A second delivery's claim fails in the database and aborts the transaction, so
      // nothing it writes can commit, even behind a COMMIT sent without waiting ("The COMMIT right
      // behind the writes"); any other failed claim fails the transaction too.
      if (req.interactionId)
        claimed = claimInteractionOrAbort(tx, req.interactionId, { channelId: req.target.channelId }, now);
      claimed.catch(() => {});
      /** What the rules rule on `row` (the command's inputs as they stand in this transaction). */
      const ruleOn = async (row: CampaignRow | null) => {
        const creating = req.command.type === 'create' && !row;
        // The campaign's ruleset decides and folds (src/ruleset.ts): the stored one, or the one a creation names.
        const ruleset = rulesetOf(
          row?.state.ruleset ?? (req.command.type === 'create' ? req.command.ruleset : undefined) ?? DEFAULT_RULESET,
        );
        const seed = creating ? nextSeed(app) : null;
        const command: CampaignCommand =
          req.command.type === 'create'
            ? {
                type: 'create',
                name: req.command.name,
                campaignId: row?.id ?? app.ids.uuid(),
                guildId: req.target.guildId,
                channelId: req.target.channelId,
                seedCommitment: seed ? seedCommitment(seed) : '',
              }
            : req.command;
        const version = row?.version ?? 0;
        // Without a campaign the rules refuse everything but creation, so no real seed is needed.
        const secret = seed ?? (row ? currentSeed(row) : NO_SEED);
        const catalogVersion = ruleset.catalogVersion?.(row?.state ?? null, command, app.catalogs.defaultVersion);
        const catalog = catalogVersion === undefined ? null : await app.catalogs.get(catalogVersion, tx);
        const proposedVersion = ruleset.proposedCatalogVersion?.(row?.state ?? null, command) ?? null;
        const proposedCatalog = proposedVersion === null ? null : await app.catalogs.get(proposedVersion, tx);
        const historyFrom = row ? (ruleset.historyFrom?.(row.state, command) ?? null) : null;
        const history = row && historyFrom !== null ? await loadHistory(tx, ruleset, row.id, historyFrom) : null;
        // A generated map is made in a worker (maps-off-thread.ts): a ruling that asks for one it has
        // not made yet stops, and is made again from the start, with the same dice, once it is made.
        const maps = mapsOffThread();
        const forced = app.testHooks?.forcedDice ?? [];
        for (;;) {
          const unforced = [...forced];
          const dice = new SeededDice(secret, version + 1, forced);
          try {
            const decision = ruleset.decide(row?.state ?? null, command, {
              actor: req.actor,
              now,
              dice,
              catalog,
              ...(proposedCatalog === null ? {} : { proposedCatalog }),
              ...(history ? { history } : {}),
              firstSeq: version + 1,
              generateMap: maps.generateMap,
            });
            return { ruleset, version, secret, dice, decision };
          } catch (err) {
            if (!(await maps.made(err))) throw err;
            // The stopped ruling's forced dice (the tests') are forced again.
            forced.splice(0, forced.length, ...unforced);
          }
        }
      };
      // While the lock is on its way (on PGlite the database worker takes it and records the claim),
      // the rules rule on the row this process last wrote for the channel, if it keeps it: the
      // lock's answer then says whether that is still the row (docs/performance.md, "Ruling while the
      // lock is on its way"). The rules are pure, so ruling on the same row with the same inputs gives
      // the same ruling. Not for what draws on what ruling consumes (forced dice of the tests), nor
      // for a creation or a catalog import; a ruling that throws is simply made again on the locked row.
      const guessed =
        req.command.type === 'create' || req.prepare || app.testHooks?.forcedDice.length
          ? null
          : cache.guess(req.target.channelId);
      const early = guessed ? ruleOn(guessed.row).catch(() => null) : null;
      const locked = await locking;
      const row = locked?.row ?? null;
      if (req.expectedVersion !== undefined && (row?.version ?? 0) !== req.expectedVersion) {
        refusal = {
          code: 'command/stale',
          rule: 'UTD1.6',
          message: `The campaign changed since you were asked to confirm (version ${req.expectedVersion} → ${row?.version ?? 0}). Nothing was done.`,
        };
        throw refused;
      }
      if (req.prepare) {
        if (await claimed) throw duplicated;
        await req.prepare(tx);
      }
      // The ruling: on the kept row guessed while the lock was on its way when the lock found that very
      // row version, else now, on the row as locked.
      const { ruleset, version, secret, dice, decision } =
        early && locked && locked.xmin === guessed!.xmin && locked.row.version === guessed!.row.version
          ? ((await early) ?? (await ruleOn(row)))
          : await ruleOn(row);
      if (!decision.ok) {
        // A second delivery of an interaction is answered as a duplicate, even where the rules would now refuse it.
        if (await claimed) throw duplicated;
        refusal = row ? withTypedNames(decision.error, ruleset.typedNames?.(row.state) ?? []) : decision.error;
        throw refused;
      }
      const at = now.toISOString();
      // UTD3.2: an action by a proxy is marked with the player it was for, in the log and the announcement.
      const asPlayer =
        req.asPlayer ??
        decision.value.asPlayer ??
        (row ? ruleset.proxiedPlayer?.(row.state, req.actor.userId, now) : undefined);
      const actor: StoredEvent['actor'] = asPlayer
        ? { userId: req.actor.userId, asPlayer }
        : { userId: req.actor.userId };
      const stored: StoredEvent[] = decision.value.events.map((event, i) => ({
        seq: version + 1 + i,
        at,
        actor,
        event,
        rolls: i === 0 ? dice.records : [],
      }));
      // Performance (docs/performance.md): the rules hand back the state they applied the events to while deciding
      // (applying ignores the actor and rolls, the only fields stored differently here); when they hand back none
      // (creation, or a ruleset that does not apply while deciding) the loaded state is folded here.
      let state: CampaignState | null = decision.value.state;
      // A command whose events change nothing (a dice roll) hands back the very state it was given,
      // shared and frozen: nothing of it is written, and the caller's copy is made only if asked for.
      if (!state) {
        state = row?.state ?? null;
        for (const e of stored) state = ruleset.apply(state, e);
      }
      if (!state) throw new Error('a command produced no state');
      if (state.ruleset !== ruleset.id) throw new Error(`ruleset '${ruleset.id}' made a '${state.ruleset}' state`);
      // Design §5: the ruleset says when the secret seeds are published (Thunderdome: when the campaign
      // ends, or when the players vote for it, UTD1.7), and whether a fresh committed seed takes over
      // so the rolls still to come stay unpredictable.
      let secretSeeds = row?.secretSeeds ?? [{ fromSeq: 1, seed: secret }];
      const reveal = row && ruleset.seeds ? ruleset.seeds.reveal(state, stored, secretSeeds.length) : null;
      if (row && ruleset.seeds && reveal) {
        const revealed: StoredEvent = {
          seq: version + stored.length + 1,
          at,
          actor,
          event: ruleset.seeds.revealed([...secretSeeds], reveal.reason),
          rolls: [],
        };
        stored.push(revealed);
        state = ruleset.apply(state, revealed);
        if (reveal.fresh) {
          const fresh = nextSeed(app);
          const commit: StoredEvent = {
            seq: version + stored.length + 1,
            at,
            actor,
            event: ruleset.seeds.committed(seedCommitment(fresh)),
            rolls: [],
          };
          stored.push(commit);
          state = ruleset.apply(state, commit);
          secretSeeds = [...secretSeeds, { fromSeq: commit.seq, seed: fresh }];
        }
      }
      const next: CampaignRow = {
        id: state.id,
        guildId: state.guildId,
        channelId: state.channelId,
        version: version + stored.length,
        state,
        secretSeeds,
      };
      const loaded = row?.state ?? null;
      // Docs/delivery.md: what the command makes the bot post is written in its own transaction, so a
      // crash after the commit loses none of it; the deliverer sends it after the commit.
      // A command that changed nothing (no event: a scheduler pass with nothing to apply) posts nothing.
      // Sent as it is called; a fault in working out the posts throws here.
      const postsOf = (chainHead: string): ReturnType<typeof sendOutboxRows> => {
        const posts: RulesetPost[] =
          req.quiet || stored.length === 0
            ? []
            : (ruleset.posts?.(stored, loaded, state, { log: app.log }) ?? [{ kind: 'announce', subject: '' }]);
        const owner = app.outbox;
        return sendOutboxRows(
          tx,
          posts.map((p) => ({
            campaignId: next.id,
            channelId: next.channelId,
            version: next.version,
            fromSeq: version + 1,
            kind: p.kind,
            subject: p.subject,
            // A turn-start post shows the log's chain head as this command left it (event-chain.ts).
            ...(p.kind === 'turn-start'
              ? { payload: { ...p.payload, chainHead } }
              : p.payload
                ? { payload: p.payload }
                : {}),
            ...(p.kind === 'announce'
              ? { interactionId: req.interactionId ?? null, interactionToken: req.interactionToken ?? null }
              : {}),
            ...(p.throttle ? { throttle: p.throttle } : {}),
          })),
          {
            holder: owner?.holder ?? null,
            leaseUntil: owner ? new Date(now.getTime() + owner.leaseMs) : null,
            at: now,
          },
        );
      };
      let chainHead: string;
      let outboxRows: Promise<{ id: number; kind: string }[]>;
      if (row) {
        // The writes are sent one after another without waiting for each answer (the database runs them
        // in the order sent), and the posts are worked out while the first are under way: on PGlite each
        // answer is a round trip to the database worker (docs/performance.md, "Fewer round trips").
        const chain = chainEvents(next.id, await chainHeadFor(tx, next.id, locked!.chainHead), stored);
        chainHead = chain.head;
        // Every write below is sent as it is called, and a fault in working one out (in this thread)
        // throws as it is called: what was sent before it is answered, then the transaction rolls back.
        const writes: Promise<unknown>[] = [];
        let atOnce: boolean;
        try {
          // The events first: the state's UPDATE needs its changed parts worked out (columnsOf compares them
          // with the loaded state), which this thread does while the database writes the events.
          writes.push(chain.write(tx));
          // Performance (docs/performance.md): only the parts of the state that changed are written (a dice
          // roll writes just the new version), not the whole unchanged document again.
          const saving = sendCampaign(tx, next, version, now, stateLayout, {
            before: row.state,
            secretSeedsUnchanged: secretSeeds === row.secretSeeds,
          });
          writes.push(saving.saved);
          // The state at the end of each half-cycle the command ended, for `/campaign history`
          // (docs/performance.md, "Long histories"): only a command whose events end one folds them again.
          if (ruleset.periodEnded)
            writes.push(sendSnapshots(tx, next.id, periodsEnded(ruleset, row.state, stored), stateLayout, next.state));
          const outbox = postsOf(chainHead);
          writes.push(outbox.written);
          outboxRows = outbox.written;
          atOnce = chain.atOnce && outbox.atOnce;
          // The new state is kept now, before the COMMIT is sent, so the next command on the campaign,
          // whose lock follows right behind the COMMIT, finds it to rule on while its lock is on its way
          // (src/app/state-cache.ts `guess`). It learns its row version when the UPDATE answers, which is
          // before that next lock answers; if the UPDATE or the COMMIT fails, no row ever has that version.
          const named = cache.putPending(
            next.id,
            state,
            { xmin: locked!.xmin, unchanged: saving.unchanged },
            { version: next.version, secretSeeds: next.secretSeeds },
          );
          saving.saved.then(
            (saved) => named(saved.xmin),
            () => {},
          );
        } catch (err) {
          await Promise.allSettled(writes);
          throw err;
        }
        if (atOnce) {
          // Every write has been sent: the COMMIT goes right behind them, without this thread waiting
          // for their answers first (docs/performance.md, "The COMMIT right behind the writes"). The
          // database runs them in order; if one fails, the transaction is aborted there and the COMMIT
          // rolls it back. Their answers are read once the transaction has ended (below).
          for (const w of writes) w.catch(() => {});
          unanswered = writes;
        } else {
          // A throttled post (the map after a change) reads the row it may fold into before it writes,
          // and a very long command writes its events in batches: those wait for every answer.
          await allWritten(writes);
        }
      } else {
        if (await claimed) throw duplicated;
        await insertCampaign(tx, next, now, stateLayout);
        chainHead = await appendEvents(tx, next.id, stored);
        const outbox = postsOf(chainHead);
        await outbox.written;
        outboxRows = outbox.written;
      }
      return { stored, chainHead, after: state, loaded, outboxRows };
    });
    // A transaction whose COMMIT was sent without waiting: a write that failed rolled it back.
    await allWritten(unanswered);
    const { stored, chainHead, after, loaded } = done;
    const outbox = await done.outboxRows;
    let before: CampaignState | null | undefined;
    let copy: CampaignState | undefined;
    return {
      ok: true,
      duplicate: false,
      events: stored,
      chainHead,
      get state(): CampaignState {
        if (after !== loaded) return after;
        copy ??= cloneJson(after);
        return copy;
      },
      sharedBefore: loaded,
      outbox,
      get before(): CampaignState | null {
        before ??= loaded && cloneJson(loaded);
        return before;
      },
    } as const;
  } catch (err) {
    if (err === refused && refusal) return { ok: false, error: refusal };
    if (err === duplicated) return { ok: true, duplicate: true };
    // A second delivery: its claim aborted the transaction, and whatever failed after it is only that.
    if (await claimed.catch(() => false)) return { ok: true, duplicate: true };
    // The first write that failed is the cause of a COMMIT that rolled back.
    await allWritten(unanswered);
    if (req.command.type === 'create' && isUniqueViolation(err)) {
      return {
        ok: false,
        error: { code: 'campaign/exists', rule: 'UTD8.1', message: 'This channel already runs a campaign.' },
      };
    }
    throw err;
  }
}

const NO_SEED = '00'.repeat(32);

/**
 * The states at the ends of the periods (half-cycles) that a command's events end, each as it
 * stood just before the event that ended it. Which event ends one is judged on the loaded state
 * first, so a command that ends none (nearly all) folds nothing more; one that does is folded
 * again event by event, from the loaded state (a handful of events, once a half-cycle).
 */
function periodsEnded(
  ruleset: ReturnType<typeof rulesetOf>,
  loaded: CampaignState,
  stored: readonly StoredEvent[],
): { halfCycles: number; seq: number; state: CampaignState }[] {
  const ends = ruleset.periodEnded!;
  if (!stored.some((e) => ends(loaded, e) !== null)) return [];
  const out: { halfCycles: number; seq: number; state: CampaignState }[] = [];
  let state = loaded;
  for (const e of stored) {
    const ended = ends(state, e);
    if (ended !== null) out.push({ halfCycles: ended, seq: e.seq - 1, state });
    state = ruleset.apply(state, e);
  }
  return out;
}

/**
 * A revert's history (src/ruleset.ts `historyFrom`): the log replayed up to the event, and the
 * stored events from it on. Read inside the command's transaction, under the campaign's lock.
 */
async function loadHistory(
  tx: Executor,
  ruleset: ReturnType<typeof rulesetOf>,
  campaignId: string,
  fromSeq: number,
): Promise<{ before: CampaignState; events: StoredEvent[] } | null> {
  // From the last half-cycle snapshot before the event (a revert stays within its cycle), folded
  // onto that one working copy, not a copy per event (docs/performance.md, "Long histories").
  const since = await logSinceSnapshot(tx, campaignId, fromSeq, stateLayout);
  const fold = ruleset.applyInPlace ?? ruleset.apply;
  let before = since.state;
  for (const e of since.log) {
    if (e.seq >= fromSeq) break;
    before = fold(before, e);
  }
  return before ? { before, events: since.log.filter((e) => e.seq >= fromSeq) } : null;
}

function nextSeed(app: AppContext): string {
  const hooks = app.testHooks;
  if (hooks?.nextSeed) {
    const s = hooks.nextSeed;
    hooks.nextSeed = null;
    return s;
  }
  return app.seeds.newSeed();
}

export function currentSeed(row: CampaignRow | null): string {
  const seeds = row?.secretSeeds ?? [];
  const last = seeds.at(-1);
  if (!last) throw new Error('campaign has no dice seed');
  return last.seed;
}
