import type { PgColumn, PgSession, PgTable } from 'drizzle-orm/pg-core';
import { getTableName } from 'drizzle-orm';
import { executedRows, type Executor } from './client.ts';

/**
 * Statements every command sends, with their SQL text written once (docs/performance.md,
 * "Statements written once"). drizzle builds a statement's text and parameters anew each time it
 * runs, walking every chunk of it with its entity checks: at 200 commands/s on PostgreSQL that
 * building was a seventh of the bot's thread. These write the same text drizzle would (its column
 * names, in the order given) and turn each value into its driver value through the column itself,
 * as drizzle does; test/db/prebuilt.test.ts compares them with drizzle's own.
 */

/** Runs SQL text with its parameters in `tx` (or the database), through drizzle's session, not its builder. */
export function runWritten<T>(tx: Executor, text: string, params: unknown[]): Promise<T[]> {
  const session = (tx as unknown as { session: PgSession }).session;
  return session
    .prepareQuery({ sql: text, params }, undefined, undefined, false)
    .execute()
    .then((result) => executedRows<T>(result));
}

/** The text of an INSERT of `rows` rows into `columns` of `table`, then `tail` (`on conflict …`, `returning …`). */
export function insertText(table: PgTable, columns: readonly PgColumn[], rows: number, tail = ''): string {
  const names = columns.map((c) => `"${c.name}"`).join(', ');
  const tuples: string[] = [];
  for (let r = 0, k = 0; r < rows; r++) {
    const marks: string[] = [];
    for (let c = 0; c < columns.length; c++) marks.push(`$${++k}`);
    tuples.push(`(${marks.join(', ')})`);
  }
  return `insert into "${getTableName(table)}" (${names}) values ${tuples.join(', ')}${tail ? ` ${tail}` : ''}`;
}

/** The parameters of such an INSERT (or an UPDATE's set): each row's values in `columns` order, as driver values. */
export function driverValues(columns: readonly PgColumn[], rows: readonly (readonly unknown[])[]): unknown[] {
  const out: unknown[] = [];
  for (const row of rows)
    for (let c = 0; c < columns.length; c++) {
      const v = row[c];
      out.push(v === null || v === undefined ? null : columns[c]!.mapToDriverValue(v));
    }
  return out;
}

/** `insertText`, kept per row count (a command writes one to a handful of rows). */
export function insertTexts(table: PgTable, columns: readonly PgColumn[], tail = ''): (rows: number) => string {
  const known = new Map<number, string>();
  return (rows) => {
    let text = known.get(rows);
    if (text === undefined) {
      text = insertText(table, columns, rows, tail);
      if (rows <= 16) known.set(rows, text);
    }
    return text;
  };
}

/**
 * The text of an UPDATE of `table` setting `columns` to $1…$n, then `tail(n + 1)` (its `where` and
 * `returning`, numbering its parameters on from there), kept per set of columns: a command's UPDATE
 * sets the parts it changed, and those sets are few.
 */
export function updateTexts(table: PgTable, tail: (next: number) => string): (columns: readonly PgColumn[]) => string {
  const known = new Map<string, string>();
  return (columns) => {
    const key = columns.map((c) => c.name).join(',');
    let text = known.get(key);
    if (text === undefined) {
      const sets = columns.map((c, i) => `"${c.name}" = $${i + 1}`).join(', ');
      text = `update "${getTableName(table)}" set ${sets} ${tail(columns.length + 1)}`;
      // A bound keeps an odd caller from growing it.
      if (known.size < 256) known.set(key, text);
    }
    return text;
  };
}
