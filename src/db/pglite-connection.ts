import {
  type PGlite,
  type Results,
  type RowMode,
  TransactionAbortedError,
  parse,
  protocol,
} from '@electric-sql/pglite';
import { MAX_PREPARED_SQL } from './types.ts';

/**
 * The one connection to embedded PGlite, as the database worker serves it (src/db/pglite-worker.ts;
 * src/db/pglite-remote.ts is the bot's side): queries, and transactions opened by their first query
 * and closed by COMMIT or ROLLBACK, as numbered requests answered in the order they came.
 *
 * Why not PGlite's own `query` and `transaction`. `query` parses and plans its statement anew every
 * time, and crosses into PostgreSQL six times to do it (Parse, Describe, Bind, Describe, Execute,
 * Sync, each a call of its own). A command's simple INSERT cost about half a millisecond of the
 * worker's time that way, and the worker was the busier of the bot's two threads
 * (docs/performance.md, "Prepared statements on PGlite"). Here a statement with parameters is
 * parsed once, as a named prepared statement, and every later run is one call: Bind, Describe,
 * Execute and Sync together. PostgreSQL then keeps the statement's plan too, as it does for any
 * prepared statement. The messages and their results are PGlite's own (its protocol serializer and
 * result parser, its type parsers and serializers), so a row reads exactly as `query` gives it.
 *
 * The caller runs one request at a time (the worker serves them in the order sent).
 */

const { serialize } = protocol;

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

/**
 * How many prepared statements are kept: a bot runs a few dozen statement shapes over and over; an
 * INSERT of many rows has a shape per row count, so the least recently used are closed past this.
 */
export const MAX_PREPARED = 100;

interface Prepared {
  name: string;
  /** Each parameter's type, as PostgreSQL inferred it, to choose its serializer. */
  types: readonly number[];
}

export interface QueryAnswer {
  rows: unknown[];
  affectedRows: number | undefined;
  fields: Results['fields'];
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  let size = 0;
  for (const p of parts) size += p.length;
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The messages after the first ReadyForQuery: what follows a BEGIN sent in the same call. */
function afterReady<M extends { name: string }>(messages: M[]): M[] {
  const ready = messages.findIndex((m) => m.name === 'readyForQuery');
  return messages.slice(ready + 1);
}

export class PgliteConnection {
  readonly #pg: PGlite;
  readonly #prepared = new Map<string, Prepared>();
  #named = 0;
  /** Statements dropped from the cache, closed when no transaction is open. */
  #toClose: string[] = [];
  /** The open transaction's id, or null. */
  #open: number | null = null;

  constructor(pg: PGlite) {
    this.#pg = pg;
  }

  /**
   * Takes requests and answers each through `reply`, one at a time in the order they came: the
   * bot's side sends a transaction's writes without waiting for each answer, and the next
   * transaction's first query right behind the COMMIT (src/db/pglite-remote.ts), so each must find
   * the one before it done.
   */
  serve(reply: (answer: WorkerReply) => void): (request: WorkerRequest) => void {
    let previous: Promise<unknown> = Promise.resolve();
    return (req) => {
      previous = previous.then(() =>
        this.#handle(req).then(
          (value) => reply({ id: req.id, ok: true, value }),
          (err: unknown) => reply({ id: req.id, ok: false, error: toWire(err) }),
        ),
      );
    };
  }

  async #handle(req: WorkerRequest): Promise<unknown> {
    switch (req.op) {
      case 'query':
        return this.query(req.sql, req.params, req.rowMode, req.tx, req.begin);
      case 'commit':
      case 'rollback':
        await this.end(req.tx, req.op === 'commit');
        return null;
      case 'close':
        await this.#pg.close();
        return null;
    }
  }

  /** How many prepared statements are kept now (for tests). */
  get preparedCount(): number {
    return this.#prepared.size;
  }

  #exec(parts: readonly Uint8Array[]) {
    return this.#pg.execProtocolStream(concat(parts), { syncToFs: false });
  }

  /**
   * Runs one statement. `tx` names the transaction it belongs to (0: none); `begin` opens that
   * transaction first, in the same call into PostgreSQL.
   */
  async query(
    sql: string,
    params: readonly unknown[] = [],
    rowMode: RowMode | undefined,
    tx: number,
    begin: boolean,
  ): Promise<QueryAnswer> {
    if (tx !== 0 && !begin && this.#open !== tx) throw new Error('Transaction is closed');
    if (begin && this.#open !== null) throw new Error('A transaction is already open');
    if (tx === 0 && this.#open !== null) throw new Error('A query outside a transaction while one is open');
    // BEGIN goes in the same call as the statement's first messages.
    let head = begin ? [serialize.query('BEGIN')] : [];
    // The transaction is open from here even if the statement fails: its caller rolls it back.
    if (begin) this.#open = tx;
    let prepared = this.#prepared.get(sql);
    if (prepared) {
      // Most recently used last, so the first is the one to drop.
      this.#prepared.delete(sql);
      this.#prepared.set(sql, prepared);
    } else if (params.length === 0) {
      prepared = { name: '', types: [] };
      head = [...head, serialize.parse({ text: sql })];
    } else {
      const keep = sql.length <= MAX_PREPARED_SQL;
      prepared = await this.#prepare(keep ? `cm${++this.#named}` : '', sql, head);
      if (keep) this.#keep(sql, prepared);
      head = [];
    }
    let messages = await this.#exec([...head, ...this.#run(prepared, params)]);
    // The BEGIN's own answer, when it came in this call, is not the statement's.
    if (head.length > 0 && begin) messages = afterReady(messages);
    if (tx === 0) await this.#settle();
    const result = parse.parseResults(messages, this.#pg.parsers, rowMode ? { rowMode } : undefined)[0]!;
    return { rows: result.rows, affectedRows: result.affectedRows, fields: result.fields };
  }

  /** Parses `sql` as statement `name` ('' for the unnamed one) and learns its parameters' types. */
  async #prepare(name: string, sql: string, head: readonly Uint8Array[]): Promise<Prepared> {
    try {
      const described = await this.#exec([
        ...head,
        serialize.parse({ name, text: sql }),
        serialize.describe({ type: 'S', name }),
      ]);
      return { name, types: parse.parseDescribeStatementResults(described) };
    } catch (err) {
      // Without a Sync PostgreSQL would go on discarding what follows the error.
      await this.#exec([serialize.sync()]);
      throw err;
    }
  }

  /** Bind, Describe, Execute and Sync for one run of a parsed statement. */
  #run(prepared: Prepared, params: readonly unknown[]): Uint8Array[] {
    const serializers = this.#pg.serializers;
    // As PGlite's `query` does: the serializer of the parameter's type, else the value's own text.
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serializer = serializers[prepared.types[i]!];
      return serializer ? serializer(param) : String(param);
    });
    return [
      serialize.bind({ statement: prepared.name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ];
  }

  #keep(sql: string, prepared: Prepared): void {
    this.#prepared.set(sql, prepared);
    if (this.#prepared.size <= MAX_PREPARED) return;
    const [oldest, dropped] = this.#prepared.entries().next().value as [string, Prepared];
    this.#prepared.delete(oldest);
    this.#toClose.push(dropped.name);
  }

  /** Outside any transaction: closes dropped statements, and syncs PGlite's files as its own `query` does. */
  async #settle(): Promise<void> {
    if (this.#toClose.length > 0) {
      const names = this.#toClose;
      this.#toClose = [];
      await this.#exec([...names.map((name) => serialize.close({ type: 'S', name })), serialize.sync()]);
    }
    await this.#pg.syncToFs();
  }

  /**
   * Ends transaction `tx`. A COMMIT that PostgreSQL answers with ROLLBACK (the transaction had
   * failed) throws, as PGlite's `transaction` does.
   */
  async end(tx: number, commit: boolean): Promise<void> {
    if (this.#open !== tx) throw new Error('Transaction is closed');
    this.#open = null;
    try {
      const messages = await this.#exec([serialize.query(commit ? 'COMMIT' : 'ROLLBACK')]);
      if (commit) {
        const done = messages.find((m) => m.name === 'commandComplete') as { text?: string } | undefined;
        if (done?.text === 'ROLLBACK') throw new TransactionAbortedError();
      }
    } finally {
      await this.#settle();
    }
  }
}
