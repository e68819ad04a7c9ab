import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * The most synchronous work a long job (`/dice verify`, `/campaign verify`, an export or import,
 * `/campaign history`) does between two turns of the event loop (docs/performance.md, "Nothing
 * blocks the event loop"): every other interaction, the gateway heartbeat and the timers wait at
 * most about this long for it.
 */
export const SLICE_MS = 8;

/** A long job's clock: it says when a slice is used up, and yields the event loop a turn. */
export interface Slices {
  /** Whether this slice has run `SLICE_MS` (or the budget given) since the last yield. */
  due(): boolean;
  /** Lets the event loop run everything waiting (timers, I/O, other commands), then starts a new slice. */
  pause(): Promise<void>;
  /** `pause()` when the slice is used up; nothing otherwise. */
  tick(): Promise<void> | null;
}

export function slices(budgetMs = SLICE_MS): Slices {
  let since = performance.now();
  const pause = async () => {
    await nextTurn();
    since = performance.now();
  };
  const due = () => performance.now() - since >= budgetMs;
  return { due, pause, tick: () => (due() ? pause() : null) };
}

/** Runs `work` on every item of `items` in order, yielding the event loop whenever a slice is used up. */
export async function eachSliced<T>(items: Iterable<T>, s: Slices, work: (item: T) => void): Promise<void> {
  for (const item of items) {
    work(item);
    if (s.due()) await s.pause();
  }
}
