import { and, eq, sql } from 'drizzle-orm';
import { campaigns } from '../db/schema.ts';
import { BATTLE_REMINDERS } from '../rules/thunderdome/battles/reminders.ts';
import { SYSTEM_USER } from '../rules/thunderdome/index.ts';
import type { AppContext } from './context.ts';
import { runCommand, type CommandResult } from './run-command.ts';

export interface DueOutcome {
  channelId: string;
  guildId: string;
  result: CommandResult;
}

const SYSTEM_ACTOR = { userId: SYSTEM_USER, displayName: 'Campaign Master', isServerAdmin: false };

/**
 * Applies every consequence that has fallen due (design §3.9: the database decides what is due,
 * timers only wake the process). Today: the orders deadline (UTD3.3, 3.31). Each consequence is an
 * ordinary command in its own transaction under the campaign lock, and the rules refuse it once it
 * has been applied, so running this twice, or in two processes at once, applies it once.
 * Also closes votes whose deadline passed (UTD1.7: without the supermajority, rejected).
 */
export async function runDue(app: AppContext): Promise<DueOutcome[]> {
  const now = app.clock.now().toISOString();
  const due = await app.database.db
    .select({ channelId: campaigns.channelId, guildId: campaigns.guildId })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.status, 'active'),
        sql`${campaigns.state} #>> '{turn,phase}' = 'orders'`,
        sql`${campaigns.state} #>> '{turn,deadline}' <= ${now}`,
      ),
    );
  const outcomes: DueOutcome[] = [];
  const votes = await app.database.db
    .select({ channelId: campaigns.channelId, guildId: campaigns.guildId })
    .from(campaigns)
    .where(
      sql`exists (select 1 from jsonb_array_elements(${campaigns.state} -> 'votes') v where v ->> 'status' = 'open' and v ->> 'closesAt' <= ${now})`,
    );
  for (const c of votes) {
    const result = await runCommand(app, { target: c, actor: SYSTEM_ACTOR, command: { type: 'vote-close-due' } });
    if (result.ok && !result.duplicate && result.events.length > 0) outcomes.push({ ...c, result });
  }
  // Reminders: campaigns whose orders deadline is within the earliest reminder offset (72 h by default).
  const soon = new Date(app.clock.now().getTime() + 7 * 86_400_000).toISOString();
  const reminding = await app.database.db
    .select({ channelId: campaigns.channelId, guildId: campaigns.guildId })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.status, 'active'),
        sql`${campaigns.state} #>> '{turn,phase}' = 'orders'`,
        sql`${campaigns.state} #>> '{turn,deadline}' > ${now}`,
        sql`${campaigns.state} #>> '{turn,deadline}' <= ${soon}`,
      ),
    );
  for (const c of reminding) {
    const result = await runCommand(app, { target: c, actor: SYSTEM_ACTOR, command: { type: 'remind' } });
    if (result.ok && !result.duplicate && result.events.length > 0) outcomes.push({ ...c, result });
  }
  // Battle clocks (UTD3.4–3.5, 5.431, 7.421), their reminders (each once, as the rules list them in
  // BATTLE_REMINDERS) and the record-keeping deadline for captured ships (UTD6.3I2).
  const reminderDue = BATTLE_REMINDERS.map((r) => {
    const by = new Date(app.clock.now().getTime() + r.hours * 3_600_000).toISOString();
    const stages = sql.join(
      r.stages.map((x) => sql`${x}`),
      sql`, `,
    );
    return sql`(b ->> 'stage' in (${stages}) and b #>> ${`{deadlines,${r.deadline}}`} <= ${by} and not (coalesce(b -> 'reminders', '[]'::jsonb) ? ${r.key}))`;
  });
  const battles = await app.database.db
    .select({ channelId: campaigns.channelId, guildId: campaigns.guildId })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.status, 'active'),
        sql`(exists (select 1 from jsonb_array_elements(${campaigns.state} -> 'battles') b where b ->> 'status' = 'open' and (b #>> '{deadlines,selection}' <= ${now} or b #>> '{deadlines,contact}' <= ${now} or b #>> '{deadlines,resolve}' <= ${now} or b #>> '{deadlines,runner}' <= ${now} or b #>> '{deadlines,window}' <= ${now} or ${sql.join(reminderDue, sql` or `)})) or ${campaigns.state} #>> '{turn,capturesDue}' <= ${now})`,
      ),
    );
  for (const c of battles) {
    const result = await runCommand(app, { target: c, actor: SYSTEM_ACTOR, command: { type: 'battle-clocks' } });
    if (result.ok && !result.duplicate && result.events.length > 0) outcomes.push({ ...c, result });
  }
  for (const c of due) {
    // A forfeited turn may start a next turn that is itself overdue (the bot was down): catch up in order.
    for (let guard = 0; guard < 100; guard++) {
      const result = await runCommand(app, { target: c, actor: SYSTEM_ACTOR, command: { type: 'expire-turn' } });
      if (!result.ok) break;
      outcomes.push({ ...c, result });
    }
  }
  return outcomes;
}
