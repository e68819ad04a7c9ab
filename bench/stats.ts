import { rm } from 'node:fs/promises';
/** Medians and 99th percentiles of timing samples, and the bench's number formatting. */
export interface Stats {
  median: number;
  p99: number;
  n: number;
}

export function stats(samples: readonly number[]): Stats {
  if (samples.length === 0) return { median: Number.NaN, p99: Number.NaN, n: 0 };
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { median: at(0.5), p99: at(0.99), n: s.length };
}

/** `median 12.34 ms, p99 20.01 ms` */
export function ms(st: Stats, digits = 2): string {
  return `median ${st.median.toFixed(digits)} ms, p99 ${st.p99.toFixed(digits)} ms`;
}

export function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
}

/** Megabytes of 10^6 bytes, as the memory target counts them. */
export function mb(bytes: number): string {
  return `${(bytes / 1e6).toFixed(0)} MB`;
}

/** Runs `fn` and returns its result and the wall time in milliseconds. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - t0 };
}

/**
 * Removes a folder the bench made (a PGlite data folder, a playground's output) without holding
 * the event loop: `rmSync` of a data folder with 1,000 campaigns held it 1–2 s, and the bench's
 * whole-run event-loop figure counts its own work too (docs/performance.md, "Nothing blocks the
 * event loop"). The unlinks run on libuv's thread pool.
 */
export function removeFolder(dir: string): Promise<void> {
  return rm(dir, { recursive: true, force: true });
}
