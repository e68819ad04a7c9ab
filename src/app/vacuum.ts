import { sql } from 'drizzle-orm';
import type { AppContext } from './context.ts';

/** How often the embedded database reclaims the space of old campaign states. */
export const PGLITE_VACUUM_EVERY_MS = 3_600_000;
/** The bot's first VACUUM: ten minutes after it starts, by the app's clock. */
export const PGLITE_FIRST_VACUUM_AFTER_MS = 600_000;

/**
 * PGlite runs PostgreSQL in single-user mode, where autovacuum never runs: every order leaves the
 * campaign's previous state behind as a dead row (about 10 KB), and the data folder would grow
 * without end (docs/performance.md). Once an hour, by the app's clock, `VACUUM campaigns` makes
 * that space reusable. PostgreSQL servers vacuum themselves, so there it does nothing.
 * Returns whether it vacuumed.
 */
export function pgliteVacuum(
  app: AppContext,
  everyMs = PGLITE_VACUUM_EVERY_MS,
  /**
   * The first VACUUM waits this long after the first call: the bot's boot pass must not hold up
   * `ready` (a VACUUM of a thousand campaigns' table takes seconds, and PGlite runs nothing else
   * meanwhile; docs/performance.md, "Boot").
   */
  firstAfterMs = 0,
): () => Promise<boolean> {
  let last: number | null = null;
  return async () => {
    if (app.database.kind !== 'pglite') return false;
    const now = app.clock.now().getTime();
    if (last === null && firstAfterMs > 0) last = now - everyMs + firstAfterMs;
    if (last !== null && now - last < everyMs) return false;
    last = now;
    // VACUUM cannot run inside a transaction; PGlite queues it behind any command under way.
    await app.database.db.execute(sql`VACUUM campaigns`);
    return true;
  };
}
