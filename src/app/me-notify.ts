import { and, eq, inArray, sql } from 'drizzle-orm';
import { insertOutboxRows } from '../db/outbox-repo.ts';
import { campaigns, userSettings } from '../db/schema.ts';
import type { AppContext } from './context.ts';
import { userSettingsOfMany } from './me-settings.ts';
import { stateLayout } from './rulesets.ts';
import { stateOfColumns } from '../db/campaign-repo.ts';

/**
 * UTD3.3 reminders at each player's own offsets (`/me reminder_hours:`; a command's other direct
 * messages are `dmPosts` in me-dm.ts): for every turn in its
 * orders phase, each offset the deadline is now within writes one `dm` row, once (the outbox's
 * dedupe key names the turn and the offset). Run with each scheduler pass (src/discord/bot.ts).
 */
export async function queueDmReminders(app: AppContext): Promise<number> {
  const now = app.clock.now();
  // Only the servers where someone asked for reminders by DM: a pass must not read every campaign's
  // state (the scheduler's own pass is one indexed query, docs/performance.md).
  const opted = await app.database.db
    .selectDistinct({ guildId: userSettings.guildId })
    .from(userSettings)
    .where(sql`${userSettings.dm} @> '["reminder"]'::jsonb`);
  if (opted.length === 0) return 0;
  const rows = await app.database.db
    .select()
    .from(campaigns)
    .where(
      and(
        eq(campaigns.status, 'active'),
        inArray(
          campaigns.guildId,
          opted.map((o) => o.guildId),
        ),
      ),
    );
  let written = 0;
  for (const r of rows) {
    if ((r.state as { ruleset?: unknown }).ruleset !== 'thunderdome-iii') continue;
    const state = stateLayout.upcast(stateOfColumns(r, stateLayout.parts('thunderdome-iii')));
    const turn = state.turn;
    if (turn?.phase !== 'orders' || !turn.deadline || state.paused) continue;
    const left = Date.parse(turn.deadline) - now.getTime();
    if (left <= 0) continue;
    // The player and whoever holds the player's proxy (UTD3.2) may each want the reminder.
    const player = state.players.find((p) => p.id === turn.playerId);
    const users = [turn.playerId, ...(player?.proxies ?? []).map((x) => x.userId)];
    const settings = await userSettingsOfMany(app, state.guildId, users);
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
        campaignId: state.id,
        channelId: state.channelId,
        version: r.version,
        fromSeq: r.version,
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
