import { sql } from 'drizzle-orm';
import type { AppContext } from './context.ts';

/** How often the embedded database reclaims the space of old campaign states. */
export const PGLITE_VACUUM_EVERY_MS = 3_600_000;

/**
 * PGlite runs PostgreSQL in single-user mode, where autovacuum never runs: every order leaves the
 * campaign's previous state behind as a dead row (about 10 KB), and the data folder would grow
 * without end (docs/performance.md). Once an hour, by the app's clock, `VACUUM campaigns` makes
 * that space reusable. PostgreSQL servers vacuum themselves, so there it does nothing.
 * Returns whether it vacuumed.
 */
export function pgliteVacuum(app: AppContext, everyMs = PGLITE_VACUUM_EVERY_MS): () => Promise<boolean> {
  let last: number | null = null;
  return async () => {
    if (app.database.kind !== 'pglite') return false;
    const now = app.clock.now().getTime();
    if (last !== null && now - last < everyMs) return false;
    last = now;
    // VACUUM cannot run inside a transaction; PGlite queues it behind any command under way.
    await app.database.db.execute(sql`VACUUM campaigns`);
    return true;
  };
}
