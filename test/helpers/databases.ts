import { afterAll, beforeAll, describe } from 'vitest';
import postgres from 'postgres';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { executedRows, openDatabase, type Database } from '../../src/db/client.ts';

/**
 * Database tests run on both drivers (design §3.10). PostgreSQL tests get a fresh database of
 * their own on the local server; where no server answers they are skipped, except in CI
 * (CI=true), where a missing server is a failure.
 */
export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let available: Promise<boolean> | null = null;

export function postgresAvailable(): Promise<boolean> {
  available ??= (async () => {
    const sql = postgres(POSTGRES_ADMIN_URL, { max: 1, connect_timeout: 3, onnotice: () => {} });
    try {
      await sql`select 1`;
      return true;
    } catch (err) {
      if (process.env.CI) throw new Error(`CI needs PostgreSQL at ${POSTGRES_ADMIN_URL}: ${(err as Error).message}`);
      return false;
    } finally {
      await sql.end({ timeout: 1 });
    }
  })();
  return available;
}

export interface TestDatabase {
  database: Database;
  /** postgres:// URL of the temporary database, for child processes (PostgreSQL only). */
  url: string | null;
  drop(): Promise<void>;
}

export async function createPostgresDatabase(): Promise<TestDatabase> {
  const name = `cm_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(POSTGRES_ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 10 });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 1 });
    },
  };
}

export async function createPgliteDatabase(dataDir: string | null = null): Promise<TestDatabase> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  return { database, url: null, drop: () => database.close() };
}

export type Driver = 'pglite' | 'postgres';
export const DRIVERS: Driver[] = ['pglite', 'postgres'];

export function createDatabase(driver: Driver): Promise<TestDatabase> {
  return driver === 'pglite' ? createPgliteDatabase() : createPostgresDatabase();
}

/**
 * Declares the same suite on every driver: `db()` is that driver's fresh database; PostgreSQL
 * suites are skipped where no server answers (never in CI, see postgresAvailable).
 */
export function forEachDriver(
  title: string,
  body: (db: () => TestDatabase, skip: boolean, driver: Driver) => void,
): void {
  for (const driver of DRIVERS) {
    describe(`${title} on ${driver}`, async () => {
      const skip = driver === 'postgres' && !(await postgresAvailable());
      let tdb: TestDatabase | undefined;
      beforeAll(async () => {
        if (!skip) tdb = await createDatabase(driver);
      });
      afterAll(async () => {
        await tdb?.drop();
      });
      body(() => tdb!, skip, driver);
    });
  }
}

/** How many rows of `table` belong to campaign `campaignId` (the tables keyed by `campaign_id`). */
export async function campaignRowCount(database: Database, table: string, campaignId: string): Promise<number> {
  const r = await database.db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} where campaign_id = ${campaignId}`,
  );
  return executedRows<{ n: number }>(r)[0]!.n;
}
