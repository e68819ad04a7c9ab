import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PREPARED, PgliteConnection } from '../../src/db/pglite-connection.ts';
import { createPglite } from '../../src/db/pglite-setup.ts';

/**
 * The connection the PGlite worker serves (src/db/pglite-connection.ts; docs/performance.md,
 * "Prepared statements on PGlite"): a statement with parameters is parsed once and kept, and
 * every answer must read exactly as PGlite's own `query` gives it, through failures, rollbacks and
 * the cache's evictions.
 */

describe('PGlite connection with prepared statements', () => {
  let pg: PGlite;
  let conn: PgliteConnection;
  let tx = 0;
  /** A query of its own (no transaction). */
  const q = (sql: string, params: unknown[] = [], rowMode?: 'array' | 'object') =>
    conn.query(sql, params, rowMode, 0, false);
  /** Runs `body` in a transaction: its first query begins it. */
  async function inTransaction(body: (run: (sql: string, params?: unknown[]) => Promise<unknown[]>) => Promise<void>) {
    const id = ++tx;
    let begun = false;
    const run = async (sql: string, params: unknown[] = []) => {
      const begin = !begun;
      begun = true;
      return (await conn.query(sql, params, undefined, id, begin)).rows;
    };
    try {
      await body(run);
    } catch (err) {
      if (begun) await conn.end(id, false);
      throw err;
    }
    if (begun) await conn.end(id, true);
  }
  const prepared = async () =>
    (await pg.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;

  beforeAll(async () => {
    pg = await createPglite(null);
    conn = new PgliteConnection(pg);
    await pg.exec(`create table probe (k int primary key, label text, at timestamptz, doc jsonb, flag boolean, amount numeric);
      create table deferred_probe (k int, constraint one_k unique (k) deferrable initially deferred)`);
  });
  afterAll(async () => {
    await pg.close();
  });

  it('a row reads exactly as PGlite’s own query reads it, the first time and from the kept statement', async () => {
    const insert = 'insert into probe values ($1, $2, $3, $4, $5, $6)';
    await q(insert, [1, 'alpha', '2026-11-28T01:02:03.000Z', { ships: ['CA', 'FF'], n: 2 }, true, '12.50']);
    await q(insert, [2, null, null, null, false, null]);
    const select = 'select k, label, at, doc, flag, amount from probe where k = any($1::int[]) order by k';
    const own = (await pg.query(select, [[1, 2]])).rows;
    const first = (await q(select, [[1, 2]])).rows;
    const again = (await q(select, [[1, 2]])).rows;
    expect(first).toEqual(own);
    expect(again).toEqual(own);
    expect(first[0]).toMatchObject({ k: 1, label: 'alpha', doc: { ships: ['CA', 'FF'], n: 2 }, flag: true });
    expect(first[1]).toMatchObject({ k: 2, label: null, doc: null, flag: false });
    expect((await q(select, [[1]], 'array')).rows).toEqual((await pg.query(select, [[1]], { rowMode: 'array' })).rows);
    expect((await q('update probe set label = $1 where k > $2', ['b', 0])).affectedRows).toBe(2);
  });

  it('a statement with parameters is parsed once and kept; one without is never kept', async () => {
    const before = conn.preparedCount;
    for (let k = 0; k < 5; k++) await q('select $1::int + 1 as n', [k]);
    expect(conn.preparedCount).toBe(before + 1);
    expect((await q('select $1::int + 1 as n', [41])).rows).toEqual([{ n: 42 }]);
    await q('select 2 as n');
    expect(conn.preparedCount).toBe(before + 1);
  });

  it('past the limit the least recently used statement is closed in PostgreSQL too, and runs again when asked', async () => {
    await q('select $1::int as kept', [0]);
    for (let k = 1; k <= MAX_PREPARED + 5; k++) {
      await q(`select $1::int as n${k}`, [k]);
      if (k % 10 === 0) await q('select $1::int as kept', [k]); // kept in use, so never the oldest
    }
    expect(conn.preparedCount).toBe(MAX_PREPARED);
    expect(await prepared()).toBe(MAX_PREPARED);
    expect((await q('select $1::int as kept', [7])).rows).toEqual([{ kept: 7 }]);
    expect((await q('select $1::int as n1', [9])).rows).toEqual([{ n1: 9 }]);
    expect(await prepared()).toBe(MAX_PREPARED);
  });

  it('a transaction begins with its first query, whichever way that query is sent, and the answer is the query’s', async () => {
    await inTransaction(async (run) => {
      expect(await run('select $1::text as fresh', ['a'])).toEqual([{ fresh: 'a' }]);
    });
    await inTransaction(async (run) => {
      expect(await run('select $1::text as fresh', ['b'])).toEqual([{ fresh: 'b' }]);
      expect(await run('select 3 as plain')).toEqual([{ plain: 3 }]);
    });
    await inTransaction(async (run) => {
      expect(await run('select 4 as plain')).toEqual([{ plain: 4 }]);
    });
    await expect(
      inTransaction(async (run) => {
        await run('insert into probe (k) values ($1)', [10]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await q('select count(*)::int as n from probe where k = $1', [10])).rows).toEqual([{ n: 0 }]);
  });

  it('a statement first parsed in a transaction that rolled back is still there afterwards', async () => {
    const sql = 'select $1::int * 3 as tripled';
    await expect(
      inTransaction(async (run) => {
        await run(sql, [1]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await q(sql, [5])).rows).toEqual([{ tripled: 15 }]);
  });

  it('errors keep their SQLSTATE and leave the connection usable: a bad statement, a unique violation, a failed COMMIT', async () => {
    await expect(q('selec $1::int', [1])).rejects.toMatchObject({ code: '42601' });
    await expect(q('insert into probe (k) values ($1)', [1])).rejects.toMatchObject({ code: '23505' });
    expect((await q('select count(*)::int as n from probe where k = $1', [1])).rows).toEqual([{ n: 1 }]);

    // A failed statement inside a transaction: PostgreSQL answers the COMMIT with ROLLBACK, and that is an error.
    const id = ++tx;
    await conn.query('insert into probe (k) values ($1)', [20], undefined, id, true);
    await expect(conn.query('insert into probe (k) values ($1)', [1], undefined, id, false)).rejects.toMatchObject({
      code: '23505',
    });
    await expect(conn.end(id, true)).rejects.toMatchObject({ code: '25P02' });
    expect((await q('select count(*)::int as n from probe where k = $1', [20])).rows).toEqual([{ n: 0 }]);

    // A deferred constraint fails the COMMIT itself.
    const id2 = ++tx;
    await conn.query('insert into deferred_probe values ($1), ($1)', [1], undefined, id2, true);
    await expect(conn.end(id2, true)).rejects.toMatchObject({ code: '23505' });
    await expect(conn.query('select 1', [], undefined, id2, false)).rejects.toThrow('Transaction is closed');
    expect((await q('select count(*)::int as n from deferred_probe where k = $1', [1])).rows).toEqual([{ n: 0 }]);
  });
});
