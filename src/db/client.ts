import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { acquireDataDirLock } from './lock.ts';
import * as schema from './schema.ts';

import type { Db } from './types.ts';

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

/** Opens the database and applies the migrations in `drizzle/`; both drivers share them. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const client = postgres(target.url, { max: target.maxConnections ?? 10, onnotice: () => {} });
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
