import { and, eq, inArray, sql } from 'drizzle-orm';
import { insertOutboxRows } from '../db/outbox-repo.ts';
import { campaigns, userSettings } from '../db/schema.ts';
import type { AppContext } from './context.ts';
import { userSettingsOfMany } from './me-settings.ts';

/**
 * UTD3.3 reminders at each player's own offsets (`/me reminder_hours:`; a command's other direct
 * messages are `dmPosts` in me-dm.ts): for every turn in its
 * orders phase, each offset the deadline is now within writes one `dm` row, once (the outbox's
 * dedupe key names the turn and the offset). Run with each scheduler pass (src/discord/bot.ts).
 */
export async function queueDmReminders(app: AppContext): Promise<number> {
  const now = app.clock.now();
  let written = 0;
  for (const turn of await remindableTurns(app, now)) {
    const left = Date.parse(turn.deadline) - now.getTime();
    if (!(left > 0)) continue;
    // The player and whoever holds the player's proxy (UTD3.2) may each want the reminder.
    const users = [turn.playerId, ...turn.proxies];
    const settings = await userSettingsOfMany(app, turn.guildId, users);
    const due: { user: string; hours: number }[] = [];
    for (const user of users) {
      const s = settings.get(user);
      if (!s?.dm.includes('reminder')) continue;
      // Only the nearest offset passed: a reminder set after several have passed sends one message.
      const passed = s.reminderHours.filter((h) => left <= h * 3_600_000);
      if (passed.length) due.push({ user, hours: Math.min(...passed) });
    }
    const made = await insertOutboxRows(
      app.database.db,
      due.map(({ user, hours }) => ({
        campaignId: turn.campaignId,
        channelId: turn.channelId,
        version: turn.version,
        fromSeq: turn.version,
        kind: 'dm',
        subject: user,
        payload: { user, event: 'reminder', kind: 'orders', ref: '', forPlayer: turn.playerId, hours },
        dedupeKey: `dm-reminder:${user}:${turn.startedAt}:${hours}`,
      })),
      { holder: null, leaseUntil: null, at: now },
    );
    written += made.length;
  }
  return written;
}

/** A Thunderdome turn in its orders phase whose deadline a reminder may be due for: only what a reminder needs. */
export interface RemindableTurn {
  campaignId: string;
  guildId: string;
  channelId: string;
  version: number;
  playerId: string;
  deadline: string;
  startedAt: string;
  /** Who holds the turn player's proxy (UTD3.2). */
  proxies: string[];
}

/**
 * The turns a reminder may be due for now: active Thunderdome campaigns of the servers where someone
 * asked for reminders by DM, in the orders phase, not paused, with a deadline ahead and within the
 * longest reminder offset anyone there chose. A pass must not read campaigns' states (docs/performance.md,
 * "DM reminders"): PostgreSQL filters on and returns a few fields of the `state` column (the turn, the
 * turn player's proxies), so a pass costs a few small rows per turn near its deadline, whatever the
 * size of the campaigns. The fields read are the state's own names (src/rules/thunderdome/state.ts),
 * which the upcast (upcast.ts) leaves as they are.
 */
export async function remindableTurns(app: AppContext, now: Date): Promise<RemindableTurn[]> {
  const db = app.database.db;
  const opted = await db
    .select({ guildId: userSettings.guildId, hours: userSettings.reminderHours })
    .from(userSettings)
    .where(sql`${userSettings.dm} @> '["reminder"]'::jsonb`);
  const longest = Math.max(
    0,
    ...opted.flatMap((o) => (Array.isArray(o.hours) ? o.hours.filter((h): h is number => typeof h === 'number') : [])),
  );
  if (opted.length === 0 || longest <= 0) return [];
  const until = new Date(now.getTime() + longest * 3_600_000);
  const state = sql`${campaigns.state}`;
  const turn = sql`(${state}->'turn')`;
  const rows = await db
    .select({
      campaignId: campaigns.id,
      guildId: campaigns.guildId,
      channelId: campaigns.channelId,
      version: campaigns.version,
      playerId: sql<string>`${turn}->>'playerId'`,
      deadline: sql<string>`${turn}->>'deadline'`,
      startedAt: sql<string>`${turn}->>'startedAt'`,
      proxies: sql<unknown>`(select p->'proxies' from jsonb_array_elements(${state}->'players') p where p->>'id' = ${turn}->>'playerId' limit 1)`,
    })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.status, 'active'),
        inArray(campaigns.guildId, [...new Set(opted.map((o) => o.guildId))]),
        sql`${state}->>'ruleset' = 'thunderdome-iii'`,
        sql`${turn}->>'phase' = 'orders'`,
        sql`jsonb_typeof(${state}->'paused') is distinct from 'object'`,
        // Deadlines are ISO 8601 in UTC (toISOString), which sort as text.
        sql`${turn}->>'deadline' > ${now.toISOString()}`,
        sql`${turn}->>'deadline' <= ${until.toISOString()}`,
      ),
    );
  return rows.map((r) => ({
    ...r,
    proxies: (Array.isArray(r.proxies) ? (r.proxies as { userId?: unknown }[]) : []).flatMap((x) =>
      typeof x?.userId === 'string' ? [x.userId] : [],
    ),
  }));
}
