/**
 * Finds what holds the bench's event loop (docs/performance.md, "Stalls of the whole run"): loaded
 * before the bench, it notes each stretch of more than STALL_MS (default 50) ms in which a 1 ms
 * timer of the main thread could not run, as one JSON line in STALL_OUT (default
 * /tmp/cm-stalls-<pid>.jsonl) and a `[stall]` line on stderr, with the stretch's start and end on
 * the clock of V8's CPU profiles (µs). bench/stall-report.ts then says what ran in each stretch.
 *
 *   node --import tsx --import ./bench/stalls.ts --cpu-prof --cpu-prof-dir=/tmp/prof \
 *     --cpu-prof-interval 1000 bench/run.ts        # with BENCH_ONLY=… for one part
 *   npx tsx bench/stall-report.ts /tmp/prof/CPU.*.0.001.cpuprofile /tmp/cm-stalls-<pid>.jsonl
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  const limit = Number(process.env.STALL_MS ?? 50);
  const out = process.env.STALL_OUT ?? `/tmp/cm-stalls-${process.pid}.jsonl`;
  writeFileSync(out, '');
  const t0 = process.hrtime.bigint();
  let last = t0;
  setInterval(() => {
    const now = process.hrtime.bigint();
    const gap = Number(now - last) / 1e6;
    if (gap > limit) {
      const at = Number(last - t0) / 1e9;
      appendFileSync(out, `${JSON.stringify({ at, gap, start: Number(last / 1000n), end: Number(now / 1000n) })}\n`);
      process.stderr.write(`[stall] ${gap.toFixed(1)} ms at +${at.toFixed(1)} s\n`);
    }
    last = now;
  }, 1).unref();
}
