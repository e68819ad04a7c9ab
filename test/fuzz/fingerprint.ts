import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';

/**
 * A digest of everything a command could change: every campaign row (state, version, seeds),
 * the number of stored events and of claimed interaction ids, and the deadlines. Equal digests
 * before and after a refused command prove it changed nothing.
 */
export async function storedFingerprint(database: Database): Promise<string> {
  const result = await database.db.execute(sql`
    select md5(coalesce((select string_agg(id::text || ':' || version || ':' || md5(state::text) || ':' || md5(secret_seeds::text), ',' order by id) from campaigns), ''))
      || ':' || (select count(*) from campaign_events)
      || ':' || (select count(*) from processed_interactions)
      || ':' || md5(coalesce((select string_agg(id::text || status || due_at::text, ',' order by id) from deadlines), '')) as digest`);
  const rows = ((result as unknown as { rows?: unknown[] }).rows ?? (result as unknown as unknown[])) as {
    digest: string;
  }[];
  return rows[0]!.digest;
}
