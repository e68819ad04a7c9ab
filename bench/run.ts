/**
 * `npm run bench`: figures for docs/performance.md (issue 8). Prints medians and 99th percentiles
 * of an order command handled end to end (interaction in through the local Discord stand-in, reply
 * out) on an 8-player campaign, beside one empty transaction on the same database, on PGlite and
 * on PostgreSQL (when a server answers on 127.0.0.1:5432).
 */
import { sql } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { openDatabase, type Database } from '../src/db/client.ts';
import { Playground } from '../src/playground/playground.ts';

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);

function stats(samples: number[]): { median: number; p99: number } {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { median: at(0.5), p99: at(0.99) };
}

const EMPIRES = ['lyran', 'kzinti', 'hydran', 'klingon', 'federation', 'romulan', 'gorn', 'isc'];
const CODES: Record<string, string> = { lyran: 'LYR', kzinti: 'KZI', hydran: 'HYD', klingon: 'KLI', federation: 'FED', romulan: 'ROM', gorn: 'GOR', isc: 'ISC' };

async function bench(label: string, database: Database): Promise<void> {
  const out = mkdtempSync(join(tmpdir(), 'cm-bench-'));
  const play = await Playground.start({ database, outDir: out });
  let n = 0;
  const run = async (line: string) => {
    const r = await play.run(line, ++n);
    if (r && !r.ok && !line.includes('/roll')) throw new Error(`bench setup failed at ${line}: ${r.content}`);
    return r;
  };
  await run('!admin @p1');
  await run('@p1 /campaign create name:Bench');
  for (const [i, e] of EMPIRES.entries()) await run(`@p${i + 1} /campaign join empire:${e}`);
  await run('@p1 /map generate sectors_per_player:12');
  for (let i = 1; i <= 8; i++) await run(`@p${i} /map approve`);
  await run('@p1 /campaign start');
  for (const [i, e] of EMPIRES.entries()) {
    for (let k = 0; k < 10; k++) await run(`@p${i + 1} /setup buy unit:${CODES[e]}-FF`);
  }
  for (let i = 1; i <= 8; i++) await run(`@p${i} /setup ready`);
  // Fill the log towards 2,000 events with recorded dice.
  for (let k = 0; k < 1500; k++) await play.run('@p2 /roll dice:3d6', ++n);
  const state = await database.db.execute(sql`select version, length(state::text) as bytes from campaigns`);
  const row = ((state as unknown as { rows?: unknown[] }).rows ?? (state as unknown as unknown[]))[0] as { version: number; bytes: number };

  const current = (await play.run('@p1 /campaign status', ++n))!.embeds[0]!.fields!.find((f) => f.name === 'Turn')!.value;
  const player = /@(p\d)/.exec(current)![1]!;
  const order: number[] = [];
  for (let k = 0; k < ROUNDS; k++) {
    const t0 = performance.now();
    await play.run(`@${player} /buy ops count:1`, ++n);
    order.push(performance.now() - t0);
    await play.run(`@${player} /turn undo`, ++n);
  }
  const empty: number[] = [];
  for (let k = 0; k < ROUNDS; k++) {
    const t0 = performance.now();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
    });
    empty.push(performance.now() - t0);
  }
  const o = stats(order);
  const e = stats(empty);
  console.log(
    `${label.padEnd(10)} order end to end: median ${o.median.toFixed(2)} ms, p99 ${o.p99.toFixed(2)} ms | empty transaction: median ${e.median.toFixed(3)} ms, p99 ${e.p99.toFixed(3)} ms | ratio (medians) ${(o.median / e.median).toFixed(1)}× | campaign: ${row.version} events, state ${Math.round(Number(row.bytes) / 1024)} KiB`,
  );
  await play.close();
  rmSync(out, { recursive: true, force: true });
}

async function main(): Promise<void> {
  console.log(`Campaign Master bench — ${ROUNDS} rounds, Node ${process.version}`);
  const pglite = await openDatabase({ kind: 'pglite', dataDir: null });
  await bench('PGlite', pglite);
  await pglite.close();
  const admin = postgres(ADMIN_URL, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await admin`select 1`;
  } catch {
    console.log('PostgreSQL: no server answers at', ADMIN_URL, '— skipped');
    await admin.end();
    return;
  }
  const name = `cm_bench_${process.pid}`;
  await admin.unsafe(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const pg = await openDatabase({ kind: 'postgres', url: url.toString() });
  try {
    await bench('PostgreSQL', pg);
  } finally {
    await pg.close();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
