import type { PGlite, RowMode, Transaction } from '@electric-sql/pglite';
import { parentPort, workerData } from 'node:worker_threads';
import { createPglite } from './pglite-setup.ts';

/**
 * The database worker: a thread of its own that owns the embedded PGlite instance, so a query's CPU
 * never holds the bot's event loop (docs/performance.md, "PGlite off the main thread"). The bot's
 * thread talks to it through src/db/pglite-remote.ts, one request at a time: that side serializes
 * callers, so a transaction stays one caller's until it commits or rolls back. Values cross the
 * thread boundary by structured clone, after PGlite's own parsers (drizzle's, installed once in
 * src/db/pglite-setup.ts) have run here, exactly as they would in the bot's thread.
 */

export interface WorkerStart {
  dataDir: string | null;
}

/**
 * `tx` names the transaction a query belongs to (0: a query of its own). A transaction begins with
 * its first query (`begin`), which saves a message, and a round trip, on every command.
 */
export type WorkerRequest =
  | {
      id: number;
      op: 'query';
      sql: string;
      params: unknown[] | undefined;
      rowMode: RowMode | undefined;
      tx: number;
      begin: boolean;
    }
  | { id: number; op: 'commit' | 'rollback'; tx: number }
  | { id: number; op: 'close' };

/** A database error as it crosses threads: its message and its fields (`code` is the SQLSTATE). */
export interface WireError {
  message: string;
  fields: Record<string, string | number | boolean>;
}

/** Reply 0 says the database is open (or why it is not). */
export type WorkerReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WireError };

export function toWire(err: unknown): WireError {
  if (!(err instanceof Error)) return { message: String(err), fields: {} };
  const fields: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(err)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  return { message: err.message, fields };
}

interface OpenTransaction {
  id: number;
  tx: Transaction;
  /** Ends PGlite's transaction callback: true commits, false rolls back. */
  finish(commit: boolean): void;
  done: Promise<void>;
}

async function serve(pg: PGlite, port: NonNullable<typeof parentPort>): Promise<void> {
  let open: OpenTransaction | null = null;

  const begin = async (id: number): Promise<void> => {
    let opened!: (tx: Transaction) => void;
    const started = new Promise<Transaction>((resolve) => {
      opened = resolve;
    });
    let finish!: (commit: boolean) => void;
    const decided = new Promise<boolean>((resolve) => {
      finish = resolve;
    });
    const done = pg.transaction(async (tx) => {
      opened(tx);
      if (!(await decided)) await tx.rollback();
    });
    // A BEGIN that fails rejects `done` before the callback ever runs.
    const tx = await Promise.race([started, done.then(() => null)]);
    if (!tx) throw new Error('PGlite transaction ended before it began');
    open = { id, tx, finish, done };
  };

  const end = async (id: number, commit: boolean): Promise<null> => {
    const current = open;
    if (!current || current.id !== id) throw new Error('Transaction is closed');
    open = null;
    current.finish(commit);
    await current.done;
    return null;
  };

  const handle = async (req: WorkerRequest): Promise<unknown> => {
    switch (req.op) {
      case 'query': {
        const options = req.rowMode ? { rowMode: req.rowMode } : undefined;
        if (req.tx === 0) {
          const { rows, affectedRows, fields } = await pg.query(req.sql, req.params, options);
          return { rows, affectedRows, fields };
        }
        if (req.begin) await begin(req.tx);
        if (!open || open.id !== req.tx) throw new Error('Transaction is closed');
        const { rows, affectedRows, fields } = await open.tx.query(req.sql, req.params, options);
        return { rows, affectedRows, fields };
      }
      case 'commit':
      case 'rollback':
        return end(req.tx, req.op === 'commit');
      case 'close':
        await pg.close();
        return null;
    }
  };

  // One request at a time, in the order sent: the bot's side sends a transaction's writes without
  // waiting for each answer, and the next transaction's first query right behind the COMMIT
  // (src/db/pglite-remote.ts), so each must find the one before it done.
  let previous: Promise<unknown> = Promise.resolve();
  port.on('message', (req: WorkerRequest) => {
    previous = previous.then(() =>
      handle(req).then(
        (value) => port.postMessage({ id: req.id, ok: true, value } satisfies WorkerReply),
        (err: unknown) => port.postMessage({ id: req.id, ok: false, error: toWire(err) } satisfies WorkerReply),
      ),
    );
  });
}

if (parentPort) {
  const port = parentPort;
  const { dataDir } = workerData as WorkerStart;
  try {
    const pg = await createPglite(dataDir);
    await serve(pg, port);
    port.postMessage({ id: 0, ok: true, value: null } satisfies WorkerReply);
  } catch (err) {
    port.postMessage({ id: 0, ok: false, error: toWire(err) } satisfies WorkerReply);
  }
}
