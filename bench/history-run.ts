/**
 * Runs the long-history figures (bench/history.ts) on a PGlite database of their own and prints
 * them, each FIGURE line on a line of its own (docs/performance.md).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/db/client.ts';
import { Playground } from '../src/playground/playground.ts';
import { historyFigures, roundtripFigures } from './history.ts';
import { mib, ms, removeFolder } from './stats.ts';

/** `which`: 'roundtrip', 'history', or 'both'. */
export async function longHistoryFigures(
  which: 'roundtrip' | 'history' | 'both',
  events: number,
  /** False: return the FIGURE lines without printing them (bench/run.ts prints them all at the end). */
  print = true,
): Promise<string[]> {
  const figures: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'cm-bench-long-'));
  const out = mkdtempSync(join(tmpdir(), 'cm-bench-long-out-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: dir });
  const play = await Playground.start({ database, outDir: out, clockStart: '2026-11-21T12:00:00Z' });
  try {
    console.log(`\nLong histories (PGlite, ${events.toLocaleString('en-US')} events)`);
    if (which !== 'history') {
      const r = await roundtripFigures(play.app, events);
      console.log(
        `  round trip: built in ${(r.buildMs / 1000).toFixed(1)} s; export ${(r.exportMs / 1000).toFixed(1)} s, ${mib(r.fileBytes)} file (${r.gzip ? 'gzip' : 'plain'}, ${mib(r.plainBytes)} as JSON); import ${(r.importMs / 1000).toFixed(1)} s; verify ${(r.verifyMs / 1000).toFixed(1)} s: ${r.ok ? 'whole' : `FAILED (${r.failure})`}`,
      );
      figures.push(`FIGURE roundtrip_100k_ok ${r.ok ? 1 : 0}`);
    }
    if (which !== 'roundtrip') {
      const h = await historyFigures(play.app, events);
      console.log(
        `  /campaign history over ${h.events.toLocaleString('en-US')} events and ${h.halfCycles} half-cycles (built in ${(h.buildMs / 1000).toFixed(1)} s): ${ms(h.history)} (${h.history.n} asks); without snapshots, the first replay ${(h.firstReplayMs / 1000).toFixed(2)} s`,
      );
      figures.push(`FIGURE history_100k_ms ${h.history.median.toFixed(1)}`);
    }
  } finally {
    await play.close().catch(() => {});
    await database.close().catch(() => {});
    await removeFolder(dir);
    await removeFolder(out);
  }
  if (print) for (const f of figures) console.log(f);
  return figures;
}
