import type { Client, GuildBasedChannel, RepliableInteraction } from 'discord.js';
import type { AppContext } from '../app/context.ts';
import { campaignChannels, outboxRepo } from '../app/outbox.ts';
import {
  missingPermissions,
  NEEDED_PERMISSION_NAMES,
  permissionWarning,
  type NeededPermission,
} from './permission-words.ts';

/**
 * The bot's permissions in a campaign channel and its threads (docs/delivery.md): checked when a
 * campaign is created (from the interaction's `app_permissions`, what Discord says the bot may do
 * in that channel), at boot for every campaign channel (from discord.js's cache of roles and
 * channel overwrites), and shown by `/campaign status`. Thread permissions (Create Public Threads,
 * Send Messages in Threads) are the channel's: a thread has no overwrites of its own.
 */

/** Channels the gateway did not send, fetched at most this many at a time (the rest wait their turn). */
export const FETCH_CONCURRENCY = 4;

/** What the boot check found (logged, and read by the tests). */
export interface ChannelCheckSummary {
  campaigns: number;
  /** Campaigns whose channel the bot could see and check. */
  checked: number;
  /** Of those, read from the gateway's cache, with no request to Discord. */
  fromCache: number;
  /** Campaigns whose channel lacks one of the needed permissions. */
  lacking: number;
  /** Notices of permissions granted since they were told, forgotten (one statement). */
  forgotten: number;
}

/**
 * At boot: each campaign channel's missing permissions are logged (`/campaign status` shows them
 * from the interaction, as they are now); the refusal notices of permissions now granted are
 * forgotten, so losing one again is reported.
 *
 * The bot answers commands meanwhile (docs/performance.md, "Boot"): it runs after `ready`, reads
 * each channel from discord.js's cache (every channel of a server arrives with its GUILD_CREATE,
 * which discord.js waits for before `ready`), and asks Discord only for channels the cache lacks in
 * servers the bot is in (a channel deleted while the bot was away, an archived thread), a few at a
 * time (`signal`, when the bot stops, ends the fetches). Campaigns of servers the bot has left or
 * that are unavailable are skipped: Discord would refuse every request. The notices are read in one
 * query and the stale ones deleted in one statement, so a campaign whose result is unchanged costs
 * no write.
 */
export async function checkCampaignChannels(
  app: AppContext,
  client: Client,
  opts: { signal?: AbortSignal } = {},
): Promise<ChannelCheckSummary> {
  const me = client.user;
  const rows = await campaignChannels(app);
  const summary: ChannelCheckSummary = { campaigns: rows.length, checked: 0, fromCache: 0, lacking: 0, forgotten: 0 };
  if (!me) return summary;
  const missingBy = new Map<string, readonly NeededPermission[]>();
  const record = (id: string, channelId: string, channel: GuildBasedChannel) => {
    const perms = channel.permissionsFor(me);
    if (!perms) return;
    const missing = missingPermissions(perms);
    missingBy.set(id, missing);
    summary.checked++;
    if (missing.length === 0) return;
    summary.lacking++;
    app.log.warn({ campaign: id, channel: channelId, missing }, 'the bot lacks permissions in a campaign channel');
  };
  const toFetch: { id: string; channelId: string }[] = [];
  for (const { id, guildId, channelId } of rows) {
    const cached = client.channels.cache.get(channelId);
    if (cached && 'permissionsFor' in cached) {
      summary.fromCache++;
      record(id, channelId, cached);
    } else if (!cached && client.guilds.cache.get(guildId)?.available) toFetch.push({ id, channelId });
  }
  let next = 0;
  const worker = async () => {
    while (next < toFetch.length && !opts.signal?.aborted) {
      const { id, channelId } = toFetch[next++]!;
      const channel = await client.channels.fetch(channelId).catch(() => null);
      if (channel && 'permissionsFor' in channel) record(id, channelId, channel);
    }
  };
  await Promise.all(Array.from({ length: Math.min(FETCH_CONCURRENCY, toFetch.length) }, worker));
  // Stopped half-way (the bot is shutting down): the notices stay as they are until the next boot.
  if (opts.signal?.aborted) return summary;
  // A notice is forgotten once its permission is granted again (only for channels checked now).
  const stale = (await outboxRepo.sentNotices(app, 'missing:')).filter((n) => {
    const missing = missingBy.get(n.campaignId);
    const permission = NEEDED_PERMISSION_NAMES.find((p) => n.dedupeKey === `missing:${p}`);
    return missing !== undefined && permission !== undefined && !missing.includes(permission);
  });
  await outboxRepo.forgetNoticeRows(
    app,
    stale.map((n) => n.id),
  );
  summary.forgotten = stale.length;
  return summary;
}

/** The permissions the bot lacks in the interaction's channel, as Discord sent them with the interaction. */
export function missingHere(interaction: RepliableInteraction): NeededPermission[] {
  return missingPermissions(interaction.appPermissions);
}

/** The warning for the interaction's channel (each missing permission and what it breaks), or null. */
export function permissionWarningHere(interaction: RepliableInteraction): string | null {
  return permissionWarning(missingHere(interaction));
}
