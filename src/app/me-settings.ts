import { and, eq, ne } from 'drizzle-orm';
import { stateOfColumns } from '../db/campaign-repo.ts';
import { campaigns, userSettings } from '../db/schema.ts';
import type { CampaignState } from '../rules/thunderdome/index.ts';
import type { AppContext } from './context.ts';
import { userError, type Outcome } from './errors.ts';
import { pendingFor, type PendingItem } from './me.ts';
import { DM_EVENTS, type DmEvent } from './me-dm.ts';
import { stateLayout } from './rulesets.ts';

export { DM_EVENTS, type DmEvent };

/** A user's own settings in one server (the `user_settings` table). */
export interface UserSettings {
  /** IANA name; null: UTC. */
  timeZone: string | null;
  dm: DmEvent[];
  /** Hours before an orders deadline for a reminder by direct message, largest first. */
  reminderHours: number[];
  /** When Discord last refused a direct message (closed DMs): the user was told once. */
  dmRefusedAt: Date | null;
}

export const DEFAULT_USER_SETTINGS: UserSettings = { timeZone: null, dm: [], reminderHours: [], dmRefusedAt: null };

/** What `/me` may change; an absent field stays as it is. */
export interface UserSettingsChange {
  timeZone?: string;
  dm?: Partial<Record<DmEvent, boolean | undefined>>;
  reminderHours?: string;
}

/** Reminders no further ahead than the longest turn a player can have (UTD3.3: a week plus an extension). */
const MAX_REMINDER_HOURS = 14 * 24;
const MAX_REMINDERS = 4;

/**
 * An IANA time zone name checked with Intl (the zones Node knows), in its canonical spelling
 * (`europe/berlin` → `Europe/Berlin`). `UTC` and `Etc/…` are accepted too.
 */
export function canonicalTimeZone(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(trimmed)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: trimmed }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** `24, 4` → [24, 4]: whole hours from 1 to two weeks, at most four, largest first. */
export function parseReminderHours(text: string): number[] | null {
  const t = text.trim().toLowerCase();
  if (t === '' || t === 'none') return [];
  const parts = t.split(/[\s,;]+/).filter(Boolean);
  const hours = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : Number.NaN));
  if (hours.some((h) => !Number.isInteger(h) || h < 1 || h > MAX_REMINDER_HOURS)) return null;
  const unique = [...new Set(hours)].sort((a, b) => b - a);
  return unique.length > MAX_REMINDERS ? null : unique;
}

function rowToSettings(r: typeof userSettings.$inferSelect | undefined): UserSettings {
  if (!r) return { ...DEFAULT_USER_SETTINGS };
  const dm = (Array.isArray(r.dm) ? r.dm : []).filter((x): x is DmEvent => DM_EVENTS.includes(x as DmEvent));
  const hours = (Array.isArray(r.reminderHours) ? r.reminderHours : []).filter(
    (x): x is number => typeof x === 'number',
  );
  return { timeZone: r.timeZone, dm, reminderHours: hours, dmRefusedAt: r.dmRefusedAt };
}

/** A user's settings in a server (defaults when never set). */
export async function userSettingsOf(app: AppContext, guildId: string, userId: string): Promise<UserSettings> {
  const rows = await app.database.db
    .select()
    .from(userSettings)
    .where(and(eq(userSettings.guildId, guildId), eq(userSettings.userId, userId)));
  return rowToSettings(rows[0]);
}

/** Settings of several users of a server at once (for deliveries), defaults for the others. */
export async function userSettingsOfMany(
  app: AppContext,
  guildId: string,
  userIds: readonly string[],
): Promise<Map<string, UserSettings>> {
  const out = new Map<string, UserSettings>();
  if (userIds.length === 0) return out;
  const rows = await app.database.db.select().from(userSettings).where(eq(userSettings.guildId, guildId));
  for (const id of userIds) out.set(id, rowToSettings(rows.find((r) => r.userId === id)));
  return out;
}

/**
 * Changes a user's settings; a bad time zone or reminder list is refused whole (nothing changes).
 * One statement: an upsert on (server, user).
 */
export async function changeUserSettings(
  app: AppContext,
  guildId: string,
  userId: string,
  change: UserSettingsChange,
): Promise<Outcome<UserSettings>> {
  const current = await userSettingsOf(app, guildId, userId);
  const next: UserSettings = { ...current, dm: [...current.dm] };
  if (change.timeZone !== undefined) {
    const t = change.timeZone.trim().toLowerCase();
    if (t === 'none' || t === '') next.timeZone = null;
    else {
      const zone = canonicalTimeZone(change.timeZone);
      if (!zone)
        return userError(
          'me/bad-time-zone',
          'UTD3.3',
          `\`${change.timeZone.slice(0, 40)}\` is not a time zone name: give an IANA name such as \`Europe/Berlin\`, \`America/New_York\` or \`UTC\`. Nothing was changed.`,
        );
      next.timeZone = zone;
    }
  }
  if (change.reminderHours !== undefined) {
    const hours = parseReminderHours(change.reminderHours);
    if (!hours)
      return userError(
        'me/bad-reminders',
        'UTD3.3',
        `Reminder hours are up to ${MAX_REMINDERS} whole numbers from 1 to ${MAX_REMINDER_HOURS}, e.g. \`24, 4\` (or \`none\`). Nothing was changed.`,
      );
    next.reminderHours = hours;
  }
  for (const e of DM_EVENTS) {
    const on = change.dm?.[e];
    if (on === true && !next.dm.includes(e)) next.dm.push(e);
    if (on === false) next.dm = next.dm.filter((x) => x !== e);
  }
  next.dm.sort((a, b) => DM_EVENTS.indexOf(a) - DM_EVENTS.indexOf(b));
  // Turning direct messages on again is asking to be tried again: forget an earlier refusal.
  if (Object.values(change.dm ?? {}).some((x) => x === true)) next.dmRefusedAt = null;
  const values = {
    timeZone: next.timeZone,
    dm: next.dm,
    reminderHours: next.reminderHours,
    dmRefusedAt: next.dmRefusedAt,
    updatedAt: app.clock.now(),
  };
  await app.database.db
    .insert(userSettings)
    .values({ guildId, userId, ...values })
    .onConflictDoUpdate({ target: [userSettings.guildId, userSettings.userId], set: values });
  return { ok: true, value: next };
}

/** Notes that Discord refused a direct message to the user (closed DMs); true when it is the first refusal since opting in. */
export async function noteDmRefused(app: AppContext, guildId: string, userId: string): Promise<boolean> {
  const current = await userSettingsOf(app, guildId, userId);
  if (current.dmRefusedAt) return false;
  const now = app.clock.now();
  await app.database.db
    .insert(userSettings)
    .values({ guildId, userId, dm: current.dm, reminderHours: current.reminderHours, dmRefusedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [userSettings.guildId, userSettings.userId],
      set: { dmRefusedAt: now, updatedAt: now },
    });
  return true;
}

/** The campaigns of a server still in play (anyone may read any campaign, UTD3.1). */
export async function campaignsOfServer(app: AppContext, guildId: string): Promise<CampaignState[]> {
  const rows = await app.database.db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.guildId, guildId), ne(campaigns.status, 'finished')));
  // The list is Thunderdome III's (me.ts reads its state); a campaign of another ruleset has none.
  return rows
    .filter((r) => (r.state as { ruleset?: unknown }).ruleset === 'thunderdome-iii')
    .map((r) => stateLayout.upcast(stateOfColumns(r, stateLayout.parts('thunderdome-iii'))));
}

/** `/me`: what waits on the user in this server's campaigns, most urgent first, and their settings. */
export async function meOverview(
  app: AppContext,
  guildId: string,
  userId: string,
): Promise<{ items: PendingItem[]; settings: UserSettings }> {
  const states = await campaignsOfServer(app, guildId);
  return { items: pendingFor(states, userId, app.clock.now()), settings: await userSettingsOf(app, guildId, userId) };
}
