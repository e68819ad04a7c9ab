import { sql } from 'drizzle-orm';
import { campaigns } from '../db/schema.ts';
import type { AppContext } from './context.ts';

/**
 * Channels of campaigns whose map still waits for its unanimous approval (UTD8.16), for the bot
 * to re-read the ✅ reactions on the approval message at boot (so a restart counts approvals made while the bot was down).
 */
export async function channelsAwaitingMapApproval(app: AppContext): Promise<string[]> {
  const rows = await app.database.db
    .select({ channelId: campaigns.channelId })
    .from(campaigns)
    .where(
      sql`${campaigns.state} ->> 'status' = 'registration' and jsonb_typeof(${campaigns.map}) = 'object' and (${campaigns.map} ->> 'approved') = 'false'`,
    );
  return rows.map((r) => r.channelId);
}
