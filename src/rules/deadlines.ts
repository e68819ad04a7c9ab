/**
 * Deadlines counted in days (rules-notes §5, ISS-A11): day 1 is the calendar day after the
 * trigger in the campaign's time zone, and a deadline of N days ends at 23:59:59 of day N there.
 * Pure: time zones come from the built-in Intl data, the trigger time is an argument.
 */
export function endOfDayAfter(trigger: Date, days: number, timeZone: string): Date {
  const { y, m, d } = localDate(trigger, timeZone);
  const target = new Date(Date.UTC(y, m - 1, d + days));
  return zonedTime(target.getUTCFullYear(), target.getUTCMonth() + 1, target.getUTCDate(), 23, 59, 59, timeZone);
}

function localDate(at: Date, timeZone: string): { y: number; m: number; d: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  return { y: get('year'), m: get('month'), d: get('day') };
}

/** The instant at which the wall clock in `timeZone` shows the given local time. */
function zonedTime(y: number, mo: number, d: number, h: number, mi: number, s: number, timeZone: string): Date {
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  // Two passes settle the offset even across a daylight-saving change.
  let guess = asUtc;
  for (let i = 0; i < 2; i++) guess = asUtc - offsetMs(new Date(guess), timeZone);
  return new Date(guess);
}

function offsetMs(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

export function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
