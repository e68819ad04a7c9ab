import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { acquireDataDirLock } from './lock.ts';
import * as schema from './schema.ts';

import { type Db, MAX_PREPARED_SQL } from './types.ts';

export type { Db, Executor, Tx } from './types.ts';

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for messages ("./data", "memory", or the server without password). */
  where: string;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; maxConnections?: number }
  | {
      kind: 'pglite';
      dataDir: string | null;
      /**
       * Where PGlite runs (src/db/pglite-client.ts): its own worker thread unless told otherwise; the
       * environment's PGLITE_THREAD=main keeps it in the calling thread (tests, to save the worker's start-up).
       */
      thread?: 'worker' | 'main';
    };

/**
 * `client` with every statement that has parameters run as a prepared statement of its connection
 * (docs/performance.md, "Prepared statements on PostgreSQL"). drizzle asks postgres.js to prepare
 * only the queries given a name, and postgres.js sends any other query with parameters as Parse and
 * Describe, waits for PostgreSQL's answer to learn the parameters' types, then sends Bind and
 * Execute: two round trips per statement, and the connection's pipeline stops at each, so a
 * command's writes and its COMMIT could not go out together. A prepared statement is described once
 * per connection, then sent as Bind and Execute right behind the previous one. postgres.js keeps a
 * connection's statements until the connection closes (it replaces its connections within the hour,
 * `max_lifetime`); the bot's statement shapes are few, and the long ones are never kept.
 */
function preparing(client: postgres.Sql): postgres.Sql {
  const { unsafe, begin } = client;
  client.unsafe = ((query: string, args?: unknown[], options?: postgres.UnsafeQueryOptions) =>
    unsafe(query, args as never, {
      ...options,
      prepare: options?.prepare || (args !== undefined && args.length > 0 && query.length <= MAX_PREPARED_SQL),
    })) as typeof client.unsafe;
  // A transaction's queries go through a client of its own (postgres.js `begin`), prepared alike;
  // that client has no `begin` (a nested transaction is a savepoint).
  if (!begin) return client;
  client.begin = ((...params: unknown[]) => {
    const fn = params.pop() as (tx: postgres.TransactionSql) => unknown;
    return (begin as (...a: unknown[]) => Promise<unknown>)(...params, (tx: postgres.TransactionSql) =>
      fn(preparing(tx as unknown as postgres.Sql) as unknown as postgres.TransactionSql),
    );
  }) as typeof client.begin;
  return client;
}

/** Opens the database and applies the migrations in `drizzle/`; both drivers share them. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const client = preparing(postgres(target.url, { max: target.maxConnections ?? 10, onnotice: () => {} }));
    const db = drizzlePostgres(client, { schema }) as unknown as Db;
    try {
      await migratePostgres(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    } catch (err) {
      await client.end({ timeout: 1 });
      throw err;
    }
    return { db, kind: 'postgres', where: redactUrl(target.url), close: () => client.end({ timeout: 5 }) };
  }
  const release = target.dataDir ? acquireDataDirLock(target.dataDir) : () => {};
  try {
    // Loaded only here, so a bot on PostgreSQL never loads PGlite (its code alone is tens of MB of memory).
    const { openPglite } = await import('./pglite-client.ts');
    const thread = target.thread ?? (process.env.PGLITE_THREAD === 'main' ? 'main' : 'worker');
    const client = await openPglite(target.dataDir, MIGRATIONS_FOLDER, thread);
    return {
      db: client.db,
      kind: 'pglite',
      where: target.dataDir ?? 'memory',
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * The rows of a raw `db.execute(sql…)`: drizzle's pglite driver answers with `{ rows }`, its
 * postgres.js driver with the rows themselves.
 */
export function executedRows<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? result) as T[];
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres';
  }
}
