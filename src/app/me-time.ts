import type { AppContext } from './context.ts';
import { userError, type Outcome } from './errors.ts';
import { userSettingsOf } from './me-settings.ts';

/**
 * Times typed in a player's own time zone (`/me time_zone:`), for `/battle schedule when:`. Each
 * reader then sees the instant as a Discord timestamp in their own zone (docs/me.md).
 */

/** `2026-12-05 20:00` (or with a `T`): the parts, or null when the text is not such a time. */
function parseLocal(text: string): [number, number, number, number, number] | null {
  const m = /^\s*(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2}):(\d{2})\s*$/.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59) return null;
  // A day the month does not have (2026-02-30) is refused, not rolled over.
  if (new Date(Date.UTC(y, mo - 1, d)).getUTCDate() !== d) return null;
  return [y, mo, d, h, mi];
}

/** How far `zone`'s wall clock is ahead of UTC at instant `t` (ms). */
function offsetAt(zone: string, t: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(t));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - t;
}

/** The instant a wall-clock time in `zone` names (UTC for null); the offset is taken at that time, DST included. */
export function zonedInstant(text: string, zone: string | null): Date | null {
  const parts = parseLocal(text);
  if (!parts) return null;
  const [y, mo, d, h, mi] = parts;
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  if (!zone) return new Date(wall);
  const first = wall - offsetAt(zone, wall);
  return new Date(wall - offsetAt(zone, first));
}

/**
 * `/battle schedule when:`: a time in the asker's zone becomes an instant to propose; any other text
 * is a note of contact, as before (null). A time that looks like one but is impossible is refused.
 */
export async function sessionTimeOf(
  app: AppContext,
  guildId: string,
  userId: string,
  when: string | undefined,
): Promise<Outcome<{ at: string; zone: string | null } | null>> {
  if (!when || !/^\s*\d{4}-\d{1,2}-\d{1,2}/.test(when)) return { ok: true, value: null };
  const { timeZone } = await userSettingsOf(app, guildId, userId);
  const at = zonedInstant(when, timeZone);
  if (!at)
    return userError(
      'battle/bad-time',
      'UTD3.42',
      `\`${when.slice(0, 40)}\` is not a time: write it as \`2026-12-05 20:00\`, in your time zone (${timeZone ?? 'UTC; set yours with `/me time_zone:`'}).`,
    );
  return { ok: true, value: { at: at.toISOString(), zone: timeZone } };
}
