/** Waiting for something the bot does, driven by the store's record events instead of polling. */
import type { StandInStore } from './store.ts';

export const DEFAULT_WAIT_MS = 5_000;
const POLL_MS = 10;

/**
 * Resolves with the first truthy value of `check()`, evaluated now, after every recorded event, and
 * every few milliseconds (so conditions on state outside the stand-in, e.g. the bot's, work too).
 * Rejects after `timeoutMs` with a message naming what was awaited.
 */
export function waitUntil<T>(
  store: StandInStore,
  check: () => T | undefined | null | false,
  opts: { timeoutMs?: number | undefined; what: string },
): Promise<T> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_WAIT_MS;
  return new Promise<T>((resolve, reject) => {
    const first = check();
    if (first) {
      resolve(first);
      return;
    }
    let done = false;
    const finish = (outcome: () => void) => {
      done = true;
      clearTimeout(timer);
      clearInterval(poll);
      unsubscribe();
      outcome();
    };
    const evaluate = () => {
      if (done) return;
      try {
        const value = check();
        if (value) finish(() => resolve(value));
      } catch (error) {
        finish(() => reject(error instanceof Error ? error : new Error(String(error))));
      }
    };
    const timer = setTimeout(() => {
      finish(() => reject(new Error(`Discord stand-in: timed out after ${timeoutMs} ms waiting for ${opts.what}`)));
    }, timeoutMs);
    const poll = setInterval(evaluate, POLL_MS);
    const unsubscribe = store.onRecord(evaluate);
  });
}
