import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Worker } from 'node:worker_threads';
import type { Db } from './types.ts';
import { PgliteWorkerClient, type DrizzleFacing } from './pglite-remote.ts';
import * as schema from './schema.ts';

/**
 * Embedded PGlite, opened for the bot (memory and throughput: docs/performance.md). client.ts loads this module
 * only when PGlite is used, so a bot on PostgreSQL never loads PGlite's code.
 *
 * Where it runs. By default PGlite lives in a worker thread of its own (src/db/pglite-worker.ts),
 * so a heavy query, a migration or the hourly VACUUM never stalls the bot's timers, gateway
 * heartbeats or interaction replies (docs/performance.md, "PGlite off the main thread"); drizzle's
 * pglite driver talks to it through src/db/pglite-remote.ts. `thread: 'main'` keeps PGlite in the
 * calling thread, as tests may ask (PGLITE_THREAD=main) to save the worker's start-up; the same
 * requests are then served there by the same code (src/db/pglite-connection.ts).
 */
export type PgliteThread = 'worker' | 'main';

export interface OpenedPglite {
  db: Db;
  thread: PgliteThread;
  /** The database worker (thread 'worker' only), for tests that stop it to see a crash surface. */
  worker: Worker | null;
  close(): Promise<void>;
}

/** Opens PGlite (in `dataDir`, or in memory) and applies the migrations in `migrationsFolder`. */
export async function openPglite(
  dataDir: string | null,
  migrationsFolder: string,
  thread: PgliteThread = 'worker',
): Promise<OpenedPglite> {
  const remote =
    thread === 'worker' ? await PgliteWorkerClient.start(dataDir) : await PgliteWorkerClient.inThread(dataDir);
  return opened(remote.facing(), () => remote.close(), thread, remote.worker, migrationsFolder);
}

async function opened(
  client: DrizzleFacing,
  close: () => Promise<void>,
  thread: PgliteThread,
  worker: Worker | null,
  migrationsFolder: string,
): Promise<OpenedPglite> {
  try {
    const db = drizzle(client as unknown as PGlite, { schema }) as unknown as Db;
    await migrate(db as never, { migrationsFolder });
    return { db, thread, worker, close };
  } catch (err) {
    await close();
    throw err;
  }
}
