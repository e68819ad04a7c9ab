import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

/** The database handle, the same on PGlite and PostgreSQL (client.ts opens it). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction: repositories work on both. */
export type Executor = Db | Tx;

/**
 * Statements longer than this (a batch of many events, say) are rare and large: both drivers parse
 * them each time and never keep them prepared (client.ts for PostgreSQL, pglite-connection.ts).
 */
export const MAX_PREPARED_SQL = 4096;
