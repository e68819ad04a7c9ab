/**
 * Stores many campaigns quickly (the performance target "the same with 1,000 campaigns in the database"):
 * the bench campaign's row and its whole event log are copied in SQL with new ids, rather than
 * played again. Ids are derived (md5 of the source id and the copy number), so the events of
 * copy g belong to campaign g; the state's own id and channel are rewritten to match.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { campaigns } from '../src/db/schema.ts';

export interface CampaignCopy {
  guildId: string;
  channelId: string;
  campaignId: string;
}

/** Copies live in channels with Discord-shaped ids (snowflakes), so the bot can be driven in them too. */
export const COPY_CHANNEL_BASE = 900_000_000_000_000_000n;
export const copyChannel = (g: number) => (COPY_CHANNEL_BASE + BigInt(g)).toString();

/**
 * Adds copies `from`…`to` (inclusive) of the campaign `sourceId`, `batch` copies per statement. A
 * statement on PGlite runs on the thread that called it (unless PGlite has a thread of its own), so
 * it is kept small (a copy is about 2,000 events) and the event loop gets a turn after each: the
 * bench's event-loop figures count its own setup too (docs/performance.md, "Nothing blocks the event loop").
 */
export async function storeCopies(
  database: Database,
  sourceId: string,
  from: number,
  to: number,
  batch = 2,
): Promise<void> {
  for (let lo = from; lo <= to; lo += batch) {
    await nextTurn();
    const hi = Math.min(to, lo + batch - 1);
    await database.db.transaction(async (tx) => {
      // The copies are consistent by construction: skip the per-row foreign-key triggers (superuser only).
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`
        insert into campaigns (id, guild_id, channel_id, name, status, version, state, map, fleets, ships, bases, due_at, secret_seeds, created_at, updated_at)
        select md5(c.id::text || ':' || g)::uuid, c.guild_id, (${COPY_CHANNEL_BASE.toString()}::numeric + g)::text, c.name || ' ' || g, c.status, c.version,
               jsonb_set(jsonb_set(c.state, '{id}', to_jsonb(md5(c.id::text || ':' || g)::uuid::text)), '{channelId}', to_jsonb((${COPY_CHANNEL_BASE.toString()}::numeric + g)::text)),
               c.map, c.fleets, c.ships, c.bases, c.due_at, c.secret_seeds, c.created_at, c.updated_at
        from campaigns c, generate_series(${lo}::int, ${hi}::int) g
        where c.id = ${sourceId}`);
      // Finished records stored apart (docs/performance.md, "History out of the hot state").
      await tx.execute(sql`
        insert into campaign_records (campaign_id, list, position, record)
        select md5(r.campaign_id::text || ':' || g)::uuid, r.list, r.position, r.record
        from campaign_records r, generate_series(${lo}::int, ${hi}::int) g
        where r.campaign_id = ${sourceId}`);
      // With their hash chain (src/rules/event-chain.ts hashes what is stored of each event, not which
      // campaign holds it): without it, each copy's first command chained its whole log first, one
      // UPDATE an event, as for a log stored before the chain, and the throughput figure measured that.
      await tx.execute(sql`
        insert into campaign_events (campaign_id, seq, type, at, actor_user_id, as_player, event, rolls, prev_hash, hash)
        select md5(e.campaign_id::text || ':' || g)::uuid, e.seq, e.type, e.at, e.actor_user_id, e.as_player, e.event, e.rolls, e.prev_hash, e.hash
        from campaign_events e, generate_series(${lo}::int, ${hi}::int) g
        where e.campaign_id = ${sourceId}`);
    });
  }
  // Fresh planner statistics, as autovacuum would gather on a server after such a load (PGlite has no autovacuum).
  await database.db.execute(sql`analyze`);
}

/** Copies 1…count as command targets (read back, so the ids are the database's own). */
export async function listCopies(database: Database, count: number): Promise<CampaignCopy[]> {
  const channels = Array.from({ length: count }, (_, i) => copyChannel(i + 1));
  const rows = await database.db
    .select({ campaignId: campaigns.id, guildId: campaigns.guildId, channelId: campaigns.channelId })
    .from(campaigns)
    .where(inArray(campaigns.channelId, channels));
  if (rows.length !== count) throw new Error(`expected ${count} stored copies, found ${rows.length}`);
  return rows.sort((a, b) => a.channelId.localeCompare(b.channelId));
}

/** Rows in the two big tables, to print beside the figures. */
export async function tableSizes(database: Database): Promise<{ campaigns: number; events: number }> {
  const result = await database.db.execute(
    sql`select (select count(*) from campaigns)::int as campaigns, (select count(*) from campaign_events)::int as events`,
  );
  const row = (
    ((result as unknown as { rows?: unknown[] }).rows ?? (result as unknown as unknown[])) as {
      campaigns: number;
      events: number;
    }[]
  )[0]!;
  return { campaigns: Number(row.campaigns), events: Number(row.events) };
}
