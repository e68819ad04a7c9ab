import type { QueryOptions, Results } from '@electric-sql/pglite';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { PgliteConnection, type WireError, type WorkerReply, type WorkerRequest } from './pglite-connection.ts';
import { createPglite, withoutDrizzleParsers } from './pglite-setup.ts';
import type { WorkerStart } from './pglite-worker.ts';

/**
 * The bot's side of the database worker (src/db/pglite-worker.ts; docs/performance.md, "PGlite off
 * the main thread"). It offers drizzle's pglite session what that session uses of a PGlite client,
 * `query` and `transaction`, and sends each call to the worker as a message. `inThread` serves the
 * same messages in the calling thread instead (src/db/pglite-connection.ts answers them either way),
 * for tests that would rather not start a worker.
 *
 * One caller at a time. Callers queue here, first come first served: a transaction holds the queue
 * from BEGIN until its COMMIT or ROLLBACK is sent, so a query of its own never lands inside another
 * caller's open transaction, and two transactions never overlap (PGlite is one connection). The
 * worker runs the requests one at a time in the order they were sent.
 *
 * Errors come back with their fields, `code` (the SQLSTATE) among them, so a unique violation still
 * reads `code === '23505'` through drizzle's `cause`. A worker that dies fails every call under way
 * and every later one with an error, instead of leaving them waiting for an answer that cannot come.
 */

/** What drizzle-orm's pglite session uses of a client: `query`, and `transaction` on the database. */
export interface DrizzleFacing {
  query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction?: <T>(fn: (tx: DrizzleFacing) => Promise<T>) => Promise<T>;
}

/** A database error raised in the worker, rebuilt on this side with its fields. */
export class PgliteWorkerError extends Error {
  [field: string]: unknown;
}

function fromWire(wire: WireError): PgliteWorkerError {
  const err = new PgliteWorkerError(wire.message);
  for (const [key, value] of Object.entries(wire.fields)) if (key !== 'stack' && key !== 'message') err[key] = value;
  return err;
}

/** A request before it gets its id. */
type Unnumbered<R> = R extends unknown ? Omit<R, 'id'> : never;

interface Pending {
  resolve(value: unknown): void;
  reject(err: Error): void;
}

/** Where the worker's code is: the TypeScript source through a shim under tsx and vitest, else the built file. */
function workerEntry(dataDir: string | null): { url: URL; options: WorkerOptions } {
  if (import.meta.url.endsWith('.ts')) {
    return {
      url: new URL('./pglite-worker-shim.mjs', import.meta.url),
      // execArgv: [] so the worker does not inherit tsx's loader flags: the shim registers tsx itself.
      options: { workerData: { dataDir, entry: new URL('./pglite-worker.ts', import.meta.url).href }, execArgv: [] },
    };
  }
  // The build (scripts/build.ts) emits the worker beside the bundle's chunks, as dist/bot/pglite-worker.js;
  // it inherits the bot's Node flags (npm start's young-generation cap).
  return {
    url: new URL('./pglite-worker.js', import.meta.url),
    options: { workerData: { dataDir } satisfies WorkerStart },
  };
}

/** Where requests go: the worker thread, or a connection served in this thread (`worker` null). */
interface Transport {
  post(request: WorkerRequest): void;
  worker: Worker | null;
}

export class PgliteWorkerClient {
  readonly #transport: Transport;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #transactions = 1;
  #failure: Error | null = null;
  #tail: Promise<unknown> = Promise.resolve();

  private constructor(transport: (answer: (reply: WorkerReply) => void) => Transport) {
    this.#transport = transport((reply) => this.#answer(reply));
  }

  /** Starts the worker and waits until its PGlite is open. */
  static async start(dataDir: string | null): Promise<PgliteWorkerClient> {
    const entry = workerEntry(dataDir);
    const worker = new Worker(entry.url, entry.options);
    let opened!: Pending;
    const ready = new Promise<unknown>((resolve, reject) => {
      opened = { resolve, reject };
    });
    const client = new PgliteWorkerClient((answer) => {
      worker.on('message', answer);
      return { post: (request) => worker.postMessage(request), worker };
    });
    client.#pending.set(0, opened);
    worker.on('error', (err) => client.#fail(new Error(`The PGlite worker failed: ${err.message}`, { cause: err })));
    worker.on('exit', (code) => client.#fail(new Error(`The PGlite worker stopped (exit code ${code})`)));
    try {
      await ready;
    } catch (err) {
      await worker.terminate();
      throw err;
    }
    worker.unref();
    return client;
  }

  /** Opens PGlite in this thread, served by the same connection code the worker runs. */
  static async inThread(dataDir: string | null): Promise<PgliteWorkerClient> {
    const connection = new PgliteConnection(await createPglite(dataDir));
    return new PgliteWorkerClient((answer) => ({ post: connection.serve(answer), worker: null }));
  }

  /** The worker thread itself (null when served in this thread), for tests that stop it to see a crash surface. */
  get worker(): Worker | null {
    return this.#transport.worker;
  }

  #answer(reply: WorkerReply): void {
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    // An idle worker must not keep the process alive; one with a call under way must.
    if (this.#pending.size === 0 && reply.id !== 0) this.#transport.worker?.unref();
    if (reply.ok) pending.resolve(reply.value);
    else pending.reject(fromWire(reply.error));
  }

  #fail(err: Error): void {
    this.#failure ??= err;
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    for (const p of pending) p.reject(this.#failure);
  }

  /** Sends a request; `unsent` is told when it never reached the worker. */
  #call(request: Unnumbered<WorkerRequest>, unsent?: () => void): Promise<unknown> {
    if (this.#failure) {
      unsent?.();
      return Promise.reject(this.#failure);
    }
    const id = this.#nextId++;
    return new Promise<unknown>((resolve, reject) => {
      try {
        this.#transport.post({ ...request, id } as WorkerRequest);
      } catch (err) {
        unsent?.();
        reject(err as Error);
        return;
      }
      if (this.#pending.size === 0) this.#transport.worker?.ref();
      this.#pending.set(id, { resolve, reject });
    });
  }

  /** Runs `fn` when every earlier caller is done (see the class comment). */
  #exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.#tail.then(fn);
    this.#tail = run.catch(() => undefined);
    return run;
  }

  #query<T>(
    tx: number,
    begin: boolean,
    sql: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    unsent?: () => void,
  ) {
    const rest = withoutDrizzleParsers(options);
    if (rest?.parsers || rest?.serializers || rest?.blob || rest?.onNotice || rest?.paramTypes) {
      unsent?.();
      return Promise.reject(
        new Error('A query to the PGlite worker can bring only a row mode (functions cannot cross threads)'),
      );
    }
    return this.#call({ op: 'query', sql, params, rowMode: rest?.rowMode, tx, begin }, unsent) as Promise<Results<T>>;
  }

  /** The client drizzle's pglite driver is given in place of a PGlite instance. */
  facing(): DrizzleFacing {
    return {
      query: (sql, params, options) => this.#exclusive(() => this.#query(0, false, sql, params, options)),
      transaction: async (fn) => {
        // The queue is held until the COMMIT (or ROLLBACK) is sent, not until it is answered: the
        // worker runs requests in the order sent, so the next caller's first query may follow right
        // behind it, and the worker goes from one transaction to the next without waiting for this
        // thread (docs/performance.md, "Ruling while the lock is on its way"). This caller still waits for the answer,
        // and a COMMIT that fails fails it.
        const ended = await this.#exclusive(async () => {
          if (this.#failure) throw this.#failure;
          const tx = this.#transactions++;
          // The worker begins the transaction with its first query; one without queries costs no message.
          let begun = false;
          let open = true;
          // A query that never reached the worker: the transaction must not commit without it, even
          // if its caller sends the COMMIT before reading that query's answer (src/app/run-command.ts).
          let unsent = false;
          const inside: DrizzleFacing = {
            query: (sql, params, options) => {
              if (!open) return Promise.reject(new Error('Transaction is closed'));
              const begin = !begun;
              if (begin) begun = true;
              return this.#query(tx, begin, sql, params, options, () => {
                unsent = true;
                // The worker began no transaction: the next query begins it.
                if (begin) begun = false;
              });
            },
          };
          let result: Awaited<ReturnType<typeof fn>>;
          try {
            result = await fn(inside);
          } catch (err) {
            open = false;
            // A worker that died has lost the transaction with it; the caller's error is the one to see.
            const rolledBack = begun ? this.#call({ op: 'rollback', tx }).catch(() => undefined) : null;
            return { failed: err, committed: rolledBack };
          }
          open = false;
          if (unsent) {
            const rolledBack = begun ? this.#call({ op: 'rollback', tx }).catch(() => undefined) : null;
            return {
              failed: new Error('A query of the transaction never reached the database: rolled back'),
              committed: rolledBack,
            };
          }
          return { result, committed: begun ? this.#call({ op: 'commit', tx }) : null };
        });
        await ended.committed;
        if ('failed' in ended) throw ended.failed;
        return ended.result;
      },
    };
  }

  /** Closes PGlite (after every queued caller) and stops the worker. */
  async close(): Promise<void> {
    try {
      if (!this.#failure) await this.#exclusive(() => this.#call({ op: 'close' }));
    } finally {
      this.#failure ??= new Error('The database is closed');
      await this.#transport.worker?.terminate();
    }
  }
}
