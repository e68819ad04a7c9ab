import type { Client, RepliableInteraction } from 'discord.js';
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
/**
 * At boot: each campaign channel's missing permissions are logged (`/campaign status` shows them
 * from the interaction, as they are now);
 * the refusal notices of permissions now granted are forgotten, so losing one again is reported.
 */
export async function checkCampaignChannels(app: AppContext, client: Client): Promise<void> {
  const me = client.user;
  for (const { id, channelId } of await campaignChannels(app)) {
    const channel = await client.channels.fetch(channelId).catch(() => null);
    if (!me || !channel || !('permissionsFor' in channel)) continue;
    const perms = channel.permissionsFor(me);
    if (!perms) continue;
    const missing = missingPermissions(perms);
    if (missing.length > 0)
      app.log.warn({ campaign: id, channel: channelId, missing }, 'the bot lacks permissions in a campaign channel');
    const granted = NEEDED_PERMISSION_NAMES.filter((p) => !missing.includes(p));
    await outboxRepo.forgetNotices(
      app,
      id,
      granted.map((p) => `missing:${p}`),
    );
  }
}

/** The permissions the bot lacks in the interaction's channel, as Discord sent them with the interaction. */
export function missingHere(interaction: RepliableInteraction): NeededPermission[] {
  return missingPermissions(interaction.appPermissions);
}

/** The warning for the interaction's channel (each missing permission and what it breaks), or null. */
export function permissionWarningHere(interaction: RepliableInteraction): string | null {
  return permissionWarning(missingHere(interaction));
}
