/**
 * Per-user rate limit (security: one user must not flood the bot). A token bucket per user:
 * `capacity` commands in a burst, refilled evenly over `windowMs` (10 per 10 s by default, so a
 * steady one per second). Over the limit the router answers with a short private "slow down" and
 * runs nothing. Time is a monotonic clock of its own, not the campaign clock: the playground's
 * virtual clock jumps by days.
 */
export interface RateLimitOptions {
  /** Commands a user may send at once. */
  capacity: number;
  /** Time for an empty bucket to fill again, in milliseconds. */
  windowMs: number;
  /** Monotonic milliseconds; tests inject their own. */
  now?: () => number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { capacity: 10, windowMs: 10_000 };

/**
 * Per-server limit, over all its users together: 30 commands, button presses and reactions in a
 * burst, one more every third of a second after. One server's flood (60 users × 10 commands) then
 * runs at most that much work before the others' turn, so it delays another server by at most
 * about 30 commands' work, and by one command's after the burst.
 */
export const DEFAULT_SERVER_RATE_LIMIT: RateLimitOptions = { capacity: 30, windowMs: 10_000 };

/**
 * Autocomplete asks at every keystroke, and each answer is cheap: three times the command limit,
 * counted apart, per user and per server alike.
 */
export function autocompleteLimit(perUser: RateLimitOptions): RateLimitOptions {
  return { ...perUser, capacity: perUser.capacity * 3 };
}

export type RateDecision = { ok: true } | { ok: false; retryAfterMs: number };

interface Bucket {
  tokens: number;
  at: number;
}

/** Buckets kept before idle (full) ones are dropped, so memory stays bounded by active users. */
const SWEEP_ABOVE = 10_000;

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly now: () => number;
  private readonly perMs: number;

  constructor(private readonly options: RateLimitOptions) {
    if (!(options.capacity >= 1) || !(options.windowMs > 0))
      throw new RangeError('a rate limit needs capacity ≥ 1 and a window > 0 ms');
    this.now = options.now ?? (() => performance.now());
    this.perMs = options.capacity / options.windowMs;
  }

  /** Takes one token for `key` (a user id) if there is one. */
  take(key: string): RateDecision {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.options.capacity, at: now };
    bucket.tokens = Math.min(this.options.capacity, bucket.tokens + (now - bucket.at) * this.perMs);
    bucket.at = now;
    if (!this.buckets.has(key)) {
      if (this.buckets.size >= SWEEP_ABOVE) this.sweep(now);
      this.buckets.set(key, bucket);
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfterMs: Math.ceil((1 - bucket.tokens) / this.perMs) };
  }

  /** Users currently tracked (for tests and metrics). */
  get size(): number {
    return this.buckets.size;
  }

  private sweep(now: number): void {
    for (const [key, b] of this.buckets) {
      if (b.tokens + (now - b.at) * this.perMs >= this.options.capacity) this.buckets.delete(key);
    }
  }
}

/** The private answer to a user over the limit. */
export function slowDown(retryAfterMs: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return `🐢 Slow down: too many commands at once. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
}
