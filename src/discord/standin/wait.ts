/** Waiting for something the bot does, driven by the store's record events instead of polling. */
import type { StandInStore } from './store.ts';

export const DEFAULT_WAIT_MS = 5_000;

/**
 * Resolves with the first truthy value of `check()`, evaluated now and after every recorded event.
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
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`Discord stand-in: timed out after ${timeoutMs} ms waiting for ${opts.what}`));
    }, timeoutMs);
    const unsubscribe = store.onRecord(() => {
      let value: T | undefined | null | false;
      try {
        value = check();
      } catch (error) {
        clearTimeout(timer);
        unsubscribe();
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      if (!value) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(value);
    });
  });
}
