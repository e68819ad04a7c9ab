import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase } from '../../src/db/client.ts';
import { openPglite, type OpenedPglite } from '../../src/db/pglite-client.ts';
import type { DrizzleFacing } from '../../src/db/pglite-remote.ts';
import type { Db } from '../../src/db/types.ts';

/**
 * PGlite off the main thread (docs/performance.md, "PGlite off the main thread"): the embedded
 * database runs in a worker thread of its own, and the bot's thread talks to it by messages
 * (src/db/pglite-remote.ts). These tests hold it to what every command relies on: one
 * transaction at a time, all or nothing; SQLSTATE codes reach the app; timers run while a query
 * works; and a dead worker is an error, not a wait without end.
 */

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

async function keys(db: Db): Promise<number[]> {
  return rowsOf<{ k: number }>(await db.execute(sql`select k from worker_probe order by k`)).map((r) => r.k);
}

/** A query that keeps PostgreSQL busy for a while (a few hundred milliseconds on this machine). */
const HEAVY = sql`select count(*)::int as n from generate_series(1, 3000000) as g where g % 7 = 3`;

describe('PGlite in its worker thread', () => {
  let opened: OpenedPglite;
  let db: Db;

  beforeAll(async () => {
    opened = await openPglite(null, MIGRATIONS_FOLDER, 'worker');
    db = opened.db;
    await db.execute(sql`create table worker_probe (k int primary key)`);
  });
  afterAll(async () => {
    await opened.close();
  });

  it('runs in a worker thread, with the migrations applied', async () => {
    expect(opened.thread).toBe('worker');
    expect(opened.worker).not.toBeNull();
    const tables = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from information_schema.tables where table_name = 'campaigns'`),
    );
    expect(tables[0]!.n).toBe(1);
  });

  it('a transaction that throws changes nothing (every command runs in one transaction)', async () => {
    await db.execute(sql`delete from worker_probe`);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into worker_probe values (1), (2)`);
        expect(rowsOf(await tx.execute(sql`select k from worker_probe`))).toHaveLength(2);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await keys(db)).toEqual([]);
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into worker_probe values (3)`);
    });
    expect(await keys(db)).toEqual([3]);
  });

  it('concurrent callers take turns: no query lands inside another caller’s open transaction', async () => {
    await db.execute(sql`delete from worker_probe`);
    const order: string[] = [];
    let outsideIssued!: () => void;
    const issued = new Promise<void>((resolve) => {
      outsideIssued = resolve;
    });
    const first = db
      .transaction(async (tx) => {
        order.push('first begins');
        await tx.execute(sql`insert into worker_probe values (10)`);
        outsideIssued();
        // Both other callers are queued by now; the transaction then rolls back.
        await new Promise((resolve) => setTimeout(resolve, 50));
        order.push('first ends');
        throw new Error('first rolls back');
      })
      .catch((err: Error) => err.message);
    await issued;
    const outside = keys(db);
    // Drizzle reaches the client a few microtasks after the call: let the read take its place in line first.
    await new Promise((resolve) => setImmediate(resolve));
    const second = db.transaction(async (tx) => {
      order.push('second begins');
      await tx.execute(sql`insert into worker_probe values (20)`);
      order.push('second ends');
    });
    expect(await first).toBe('first rolls back');
    // Inside the first transaction the read would have seen its uncommitted row 10; after the
    // second, its committed row 20: it ran alone, between the two.
    expect(await outside).toEqual([]);
    await second;
    expect(order).toEqual(['first begins', 'first ends', 'second begins', 'second ends']);
    expect(await keys(db)).toEqual([20]);
  });

  it('the next transaction follows right behind a COMMIT; a COMMIT that fails fails its own caller only', async () => {
    await db.execute(sql`delete from worker_probe`);
    // A unique key checked at COMMIT: the first transaction's COMMIT fails, after the queue has
    // moved on to the second (src/db/pglite-remote.ts releases it when the COMMIT is sent).
    await db.execute(sql`create table if not exists worker_deferred (k int, unique (k) deferrable initially deferred)`);
    await db.execute(sql`delete from worker_deferred`);
    const order: string[] = [];
    const first = db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into worker_deferred values (1), (1)`);
        await tx.execute(sql`insert into worker_probe values (1)`);
        order.push('first returns');
      })
      .then(
        () => 'committed',
        (e: unknown) => {
          order.push('first fails');
          const codes: unknown[] = [];
          for (let x: unknown = e; x; x = (x as { cause?: unknown }).cause) codes.push((x as { code?: unknown }).code);
          return codes.includes('23505') ? '23505' : String(e);
        },
      );
    const second = db.transaction(async (tx) => {
      order.push('second begins');
      await tx.execute(sql`insert into worker_probe values (2)`);
    });
    expect(await first).toBe('23505');
    await second;
    // The second began before the first's COMMIT was answered, and ran after it: the first's row is gone.
    expect(order).toEqual(['first returns', 'second begins', 'first fails']);
    expect(await keys(db)).toEqual([2]);
    expect(rowsOf(await db.execute(sql`select k from worker_deferred`))).toEqual([]);
  });

  it('a transaction with a query that never reached the worker rolls back, though its caller went on', async () => {
    const facing = (db as unknown as { $client: DrizzleFacing }).$client;
    await db.execute(sql`delete from worker_probe`);
    await expect(
      facing.transaction!(async (tx) => {
        await tx.query('insert into worker_probe (k) values ($1)', [41]);
        // Options with a function cannot cross to the worker: refused here, never sent.
        const refused = tx.query('insert into worker_probe (k) values ($1)', [42], { parsers: { 1: String } });
        await refused.catch(() => {});
        await tx.query('insert into worker_probe (k) values ($1)', [43]);
      }),
    ).rejects.toThrow('never reached the database');
    expect(await keys(db)).toEqual([]);
    // The worker is free again for the next caller.
    await db.execute(sql`insert into worker_probe (k) values (44)`);
    expect(await keys(db)).toEqual([44]);
    await db.execute(sql`delete from worker_probe`);
  });

  it('a unique violation reaches the app with its SQLSTATE code 23505 through the cause chain', async () => {
    await db.execute(sql`delete from worker_probe`);
    await db.execute(sql`insert into worker_probe values (1)`);
    const err = await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into worker_probe values (1)`);
      })
      .catch((e: unknown) => e);
    const codes: unknown[] = [];
    for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) codes.push((e as { code?: unknown }).code);
    expect(codes).toContain('23505');
    // The failed transaction rolled back and the connection is usable.
    expect(await keys(db)).toEqual([1]);
  });

  it('timers keep firing while a heavy query runs (nothing blocks the event loop)', async () => {
    const ticks: number[] = [];
    const timer = setInterval(() => ticks.push(performance.now()), 1);
    try {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const start = performance.now();
      const result = rowsOf<{ n: number }>(await db.execute(HEAVY));
      const end = performance.now();
      expect(result[0]!.n).toBe(428572);
      const during = [start, ...ticks.filter((t) => t > start && t < end), end];
      const longestGap = Math.max(...during.slice(1).map((t, i) => t - during[i]!));
      // In the bot's thread the query would hold the loop for its whole length: one gap, start to end.
      expect(during.length).toBeGreaterThan(5);
      expect(longestGap).toBeLessThan((end - start) / 2);
    } finally {
      clearInterval(timer);
    }
  });
});

describe('PGlite worker failures', () => {
  it('a worker that dies mid-query fails that query and every later one, instead of hanging', async () => {
    const opened = await openPglite(null, MIGRATIONS_FOLDER, 'worker');
    const running = opened.db.execute(HEAVY).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await opened.worker!.terminate();
    const err = (await running) as Error;
    expect(err).toBeInstanceOf(Error);
    const messages: string[] = [];
    for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) messages.push((e as Error).message);
    expect(messages.join(' | ')).toMatch(/PGlite worker stopped/);
    await expect(opened.db.execute(sql`select 1`)).rejects.toThrow();
    await expect(opened.db.transaction(async () => 1)).rejects.toThrow();
    await opened.close();
  }, 120_000);

  it('keeps what it wrote on disk across a close and a reopen', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-pglite-worker-'));
    try {
      const first = await openDatabase({ kind: 'pglite', dataDir: join(dir, 'data'), thread: 'worker' });
      await first.db.execute(sql`create table kept (v text)`);
      await first.db.transaction(async (tx) => {
        await tx.execute(sql`insert into kept values ('on disk')`);
      });
      await first.close();
      const second = await openDatabase({ kind: 'pglite', dataDir: join(dir, 'data'), thread: 'worker' });
      expect(rowsOf<{ v: string }>(await second.db.execute(sql`select v from kept`))).toEqual([{ v: 'on disk' }]);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Two openings of PGlite on disk: well over the default timeout on a loaded machine.
  }, 120_000);
});
