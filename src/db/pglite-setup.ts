import { PGlite, types, type QueryOptions } from '@electric-sql/pglite';

/**
 * How PGlite is created, the same whether it runs in the bot's thread or in its database worker
 * (src/db/pglite-worker.ts; docs/performance.md, "PGlite off the main thread").
 *
 * Memory. PGlite runs PostgreSQL inside the bot's process, with PostgreSQL's default 128 MB of
 * shared buffers, which it touches as it starts: the largest part of the bot's memory on PGlite. A
 * campaign bot's working set is small (a command reads one campaign row, and the states it wrote
 * last are kept in the process, src/app/state-cache.ts); pages beyond the buffers are read from
 * the operating system's file cache, which is not the process's memory. So the buffers are cut
 * to 8 MB, and the WAL buffers with them (PostgreSQL sizes those from the shared buffers): the
 * bot's resident memory with 1,000 campaigns stored falls by about 130 MiB at 16 MB and 8 MiB more
 * at 8 MB, and a command and the throughput mix cost the same at either (docs/performance.md,
 * "Memory" has the figures).
 */
const START_PARAMS = ['-c', 'shared_buffers=8MB'];

/**
 * Drizzle hands PGlite the same result parsers with every query (timestamps, intervals and dates
 * left as text, which drizzle converts itself), and PGlite merges them into its 300-odd type
 * parsers for every result: about a quarter of a millisecond of CPU a query, a fifth of what a
 * command costs (docs/performance.md). So PGlite gets these parsers once, when it is created, and drizzle
 * talks to it through an adapter that leaves them out of each query. The parsers are the ones of
 * drizzle-orm's pglite session; a query that brings any other parser keeps its options whole.
 */
const asText = (value: string) => value;
const DRIZZLE_PARSERS: Record<number, (value: string) => string> = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
};

export function withoutDrizzleParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!options || !parsers) return options;
  for (const key of Object.keys(parsers)) if (!(Number(key) in DRIZZLE_PARSERS)) return options;
  const { parsers: _installed, ...rest } = options;
  return rest;
}

/** Creates PGlite in `dataDir`, or in memory, with drizzle's parsers installed once. */
export function createPglite(dataDir: string | null): Promise<PGlite> {
  const options = { startParams: [...PGlite.defaultStartParams, ...START_PARAMS], parsers: DRIZZLE_PARSERS };
  return dataDir ? PGlite.create(dataDir, options) : PGlite.create(options);
}
