import { DiscordAPIError, escapeMarkdown, RESTJSONErrorCodes } from 'discord.js';
import { dmPayloadOf, stillWaiting, type DmPayload } from '../app/me-dm.ts';
import type { PendingItem } from '../app/me.ts';
import { noteDmRefused, userSettingsOf } from '../app/me-settings.ts';
import type { CampaignState } from '../rules/thunderdome/index.ts';
import type { RowDelivery } from './delivery.ts';
import { pendingLine } from './me-words.ts';
import { pingOnly } from './send.ts';
import { mention } from './words.ts';

/**
 * A `dm` outbox row (docs/me.md, docs/delivery.md): a direct message the player opted in to with
 * `/me`, sent only if the thing still waits on them. When Discord refuses it (closed DMs, 50007),
 * the player is mentioned in the campaign channel instead, and told so once; until they turn a
 * direct message on again with `/me`, later ones go to the channel at once.
 */
export async function deliverDm(d: RowDelivery): Promise<void> {
  const payload = dmPayloadOf(d.row.payload);
  const current = payload ? await d.current() : null;
  if (!payload || !current) return;
  const { state } = current;
  const item = stillWaiting(state, payload, d.app.clock.now());
  // Already done (a vote cast, a turn ended): no message about it.
  if (!item) return;
  const settings = await userSettingsOf(d.app, state.guildId, payload.user);
  if (!settings.dm.includes(payload.event)) return;
  const text = dmText(state, item, payload);
  let firstRefusal = false;
  if (!settings.dmRefusedAt) {
    if (d.done('dm')) return;
    try {
      const user = await d.client.users.fetch(payload.user);
      const channel = await user.createDM();
      await channel.send({ content: text, allowedMentions: { parse: [] }, nonce: d.nonce('d'), enforceNonce: true });
      await d.mark('dm');
      return;
    } catch (err) {
      // Any other failure is the deliverer's to retry and log (docs/delivery.md).
      if (!(err instanceof DiscordAPIError && err.code === RESTJSONErrorCodes.CannotSendMessagesToThisUser)) throw err;
    }
    firstRefusal = await noteDmRefused(d.app, state.guildId, payload.user);
    // Expected (a player's own privacy setting), not a fault: a warning an operator can follow up.
    d.app.log.warn(
      {
        code: RESTJSONErrorCodes.CannotSendMessagesToThisUser,
        campaignId: state.id,
        channelId: state.channelId,
        user: payload.user,
        event: payload.event,
        kind: payload.kind,
        firstRefusal,
      },
      'direct message refused (closed DMs): the player is mentioned in the campaign channel instead',
    );
  }
  if (d.done('fallback')) return;
  const channel = await d.channel();
  if (!channel) return;
  const note = firstRefusal
    ? '\n-# Discord would not let me send you a direct message (your DMs are closed to me): I mention you here instead. Open them and turn a `dm_…` option on again in `/me` to have them back.'
    : '';
  await d.send(channel, 'f', {
    content: `${mention(payload.user)} ${text}${note}`,
    allowedMentions: pingOnly([payload.user]),
  });
  await d.mark('fallback');
}

/** The message: which campaign, what waits and by when, and the command to act (me-words.ts). */
export function dmText(state: CampaignState, item: PendingItem, payload: DmPayload): string {
  const head = payload.event === 'reminder' ? '⏰ Reminder' : '🔔';
  return `${head} **${escapeMarkdown(state.name)}** ${pendingLine(item).replace(/^• /, '')}`;
}
