import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { systemClock } from '../clock.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { catalogSource } from './catalogs.ts';
import { randomIds, randomSeeds, type AppContext } from './context.ts';

/** Opens the configured database: PostgreSQL with DATABASE_URL, else embedded PGlite in DATA_DIR. */
export function openConfiguredDatabase(config: Config): Promise<Database> {
  return config.DATABASE_URL
    ? openDatabase({ kind: 'postgres', url: config.DATABASE_URL })
    : openDatabase({ kind: 'pglite', dataDir: config.DATA_DIR });
}

/** The production context: system clock, random ids and seeds, no test hooks. */
export function productionApp(database: Database, log: Logger): AppContext {
  return {
    database,
    clock: systemClock,
    log,
    ids: randomIds,
    seeds: randomSeeds,
    catalogs: catalogSource(database),
    testHooks: null,
  };
}
