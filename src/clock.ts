/** Time is injected everywhere (design §3.1): the bot uses the system clock, tests a virtual one. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class VirtualClock implements Clock {
  private ms: number;
  constructor(start: Date | string = '2026-01-01T00:00:00Z') {
    this.ms = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.ms);
  }
  set(to: Date | string): void {
    this.ms = new Date(to).getTime();
  }
  advance(ms: number): void {
    if (ms < 0) throw new Error('the virtual clock only moves forward');
    this.ms += ms;
  }
}

/** Parses `7d`, `36h`, `90m`, `1d12h` into milliseconds; null when malformed. */
export function parseDuration(text: string): number | null {
  const units: Record<string, number> = { w: 604_800_000, d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000 };
  const re = /(\d+)\s*([wdhms])/gy;
  const t = text.trim().toLowerCase();
  let total = 0;
  let pos = 0;
  while (pos < t.length) {
    re.lastIndex = pos;
    const m = re.exec(t);
    if (!m) return null;
    total += Number(m[1]) * units[m[2]!]!;
    pos = re.lastIndex;
  }
  return pos === 0 ? null : total;
}
