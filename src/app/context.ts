import { randomBytes, randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Database, Executor } from '../db/client.ts';
import type { CatalogIndex } from '../rules/thunderdome/catalog/index.ts';
import type { UnitCatalog } from '../rules/thunderdome/units.ts';

/**
 * Everything a use case needs from the outside world. Randomness and identity are injectable so
 * tests and the playground can make runs reproducible; live Discord play never forces dice.
 */
export interface AppContext {
  database: Database;
  clock: Clock;
  log: Logger;
  ids: IdSource;
  seeds: SeedSource;
  /** Ship catalogs by version; new campaigns use `defaultVersion`. */
  catalogs: CatalogSource;
  /** Present only in the playground and tests (never in the bot, for security): forced dice and reseeding. */
  testHooks: TestHooks | null;
  /**
   * The bot process that delivers the outbox rows its commands write (docs/delivery.md): they are
   * born held by it for `leaseMs`, so it answers its own interactions; absent (tools, tests of the
   * rules path), rows are born free and any deliverer takes them.
   */
  outbox?: OutboxOwner;
}

export interface OutboxOwner {
  /** This process's holder id (random per start). */
  holder: string;
  /** How long a claim lasts before another process may take the row over. */
  leaseMs: number;
}

export interface CatalogSource {
  defaultVersion: string;
  /**
   * What the rules read of a version. `via` is the transaction to read a stored version through
   * when the caller holds one (PGlite runs one transaction at a time: a read outside it would wait forever).
   */
  get(version: string, via?: Executor): Promise<UnitCatalog>;
  /** Every column of a version with its refit and conversion lookups (`/catalog show`). */
  index(version: string, via?: Executor): Promise<CatalogIndex>;
}

export interface IdSource {
  uuid(): string;
}

export interface SeedSource {
  /** A fresh secret seed (hex) for a new campaign or an import without its seed. */
  newSeed(): string;
}

export interface TestHooks {
  /** Values the next dice will show, in order, whatever campaign rolls them. */
  forcedDice: number[];
  /** When set, the next new seed is this one (the playground's `!seed N`). */
  nextSeed: string | null;
  /**
   * Crash tests (test/crash/delivery.test.ts): called at each point of a delivery (`after-commit`,
   * `after-send`, …); the test's worker kills its own process there.
   */
  deliveryPoint?: (point: string) => void;
}

export const randomIds: IdSource = { uuid: () => randomUUID() };
export const randomSeeds: SeedSource = { newSeed: () => randomBytes(32).toString('hex') };

/**
 * Deterministic ids for reproducible runs: the same script gives the same export on any fresh
 * database. Ids in `taken` (campaigns a database already holds, from an earlier run on the same
 * data folder) are skipped, so a second run never reuses one.
 */
export function sequentialIds(prefix = '00000000-0000-4000-8000-', taken: ReadonlySet<string> = new Set()): IdSource {
  let n = 0;
  const next = () => `${prefix}${(++n).toString(16).padStart(12, '0')}`;
  return {
    uuid: () => {
      let id = next();
      while (taken.has(id)) id = next();
      return id;
    },
  };
}
