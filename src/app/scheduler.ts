import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { findCampaignById, pruneProcessedInteractions } from '../db/campaign-repo.ts';
import { campaigns } from '../db/schema.ts';
import type { CampaignState } from '../rules/thunderdome/index.ts';
import type { AppContext } from './context.ts';
import { rulesetOf, stateLayout } from './rulesets.ts';
import { runCommand, type CommandInput, type CommandResult } from './run-command.ts';
import { stateCacheOf } from './state-cache.ts';

export interface DueOutcome {
  channelId: string;
  guildId: string;
  /** Why the ruleset gave the command (its scheduler hook's `reason`). */
  reason: string;
  result: CommandResult;
}

/** The most commands one campaign is given in one pass (a guard against a ruleset that never stops). */
const MAX_STEPS = 100;

/**
 * Applies every consequence that has fallen due (design §3.9: the database decides what is due,
 * timers only wake the process). Each campaign's ruleset says, through its scheduler hook
 * (src/ruleset.ts `RulesetScheduler`), when it is next due (stored with its state as `due_at`) and
 * which commands are due then; the campaigns whose time has come are read, and each command is
 * given as an ordinary command in its own transaction under the campaign lock. The rules refuse a
 * consequence once it has been applied, so running this twice, or in two processes at once,
 * applies it once. Thunderdome's clocks: src/app/thunderdome-scheduler.ts.
 */
export async function runDue(app: AppContext): Promise<DueOutcome[]> {
  const now = app.clock.now();
  const candidates = await app.database.db
    .select({
      id: campaigns.id,
      channelId: campaigns.channelId,
      guildId: campaigns.guildId,
      version: campaigns.version,
      dueAt: campaigns.dueAt,
      xmin: sql<string>`xmin::text`,
    })
    .from(campaigns)
    .where(lte(campaigns.dueAt, now.toISOString()))
    .orderBy(asc(campaigns.dueAt), asc(campaigns.id));
  const cache = stateCacheOf(app.database);
  const outcomes: DueOutcome[] = [];
  for (const c of candidates) {
    // The state this process committed last, when the row is still that version (read only); else read.
    let state: CampaignState | null = cache.peek(c.id, c.xmin);
    let version = c.version;
    if (!state) {
      const row = await findCampaignById(app.database.db, c.id, stateLayout);
      if (!row) continue;
      ({ state, version } = row);
    }
    const scheduler = rulesetOf(state.ruleset).scheduler;
    const target = { guildId: c.guildId, channelId: c.channelId };
    let changed = false;
    if (scheduler) {
      const actor = { userId: scheduler.systemUserId, displayName: 'Campaign Master', isServerAdmin: false };
      const given = new Set<string>();
      for (let step = 0; step < MAX_STEPS; step++) {
        const next = scheduler.due(state, now).find((d) => !given.has(JSON.stringify(d.command)));
        if (!next) break;
        given.add(JSON.stringify(next.command));
        const command = next.command as CommandInput;
        for (let k = 0; k < (next.repeat ? MAX_STEPS : 1); k++) {
          const result = await runCommand(app, { target, actor, command });
          if (!result.ok) break;
          const applied = !result.duplicate && result.events.length > 0;
          if (applied || next.repeat) outcomes.push({ ...target, reason: next.reason, result });
          if (!result.duplicate && result.events.length > 0) {
            changed = true;
            state = result.state;
          }
        }
      }
    }
    // Nothing written, yet the stored time is not the state's (a row stored before the column, or a
    // ruleset whose clocks changed): write it, so the campaign is not read again before it is due.
    if (!changed) {
      const dueAt = stateLayout.dueAt(state);
      if (dueAt !== c.dueAt)
        await app.database.db
          .update(campaigns)
          .set({ dueAt })
          .where(and(eq(campaigns.id, c.id), eq(campaigns.version, version)));
    }
  }
  return outcomes;
}

/**
 * How long a handled interaction's id is kept. Discord redelivers an interaction only while its token
 * lives (15 minutes) and a gateway replay only within a resumed session; a day is a wide margin over
 * both, and a duplicate older than that cannot arrive.
 */
export const INTERACTION_KEEP_MS = 24 * 3_600_000;
/** How often the old ids are pruned (by the app's clock). */
export const INTERACTION_PRUNE_EVERY_MS = 3_600_000;

/**
 * `processed_interactions` would otherwise grow by one row per command for ever: once an hour, by
 * the app's clock, the ids handled more than INTERACTION_KEEP_MS ago are deleted. Returns how many
 * were, or null when it was not time yet. Run beside the scheduler pass (src/discord/bot.ts).
 */
export function pruneInteractions(
  app: AppContext,
  everyMs = INTERACTION_PRUNE_EVERY_MS,
  keepMs = INTERACTION_KEEP_MS,
): () => Promise<number | null> {
  let last: number | null = null;
  return async () => {
    const now = app.clock.now().getTime();
    if (last !== null && now - last < everyMs) return null;
    last = now;
    return pruneProcessedInteractions(app.database.db, new Date(now - keepMs));
  };
}
