/** Channel messages as the bot sees them: create, fetch, list, edit, delete, pins, typing. */
import { ChannelType, MessageType } from 'discord-api-types/v10';
import type { StandInContext } from '../context.ts';
import {
  DiscordHttpError,
  cannotEditOthersMessage,
  invalidFormBody,
  threadArchived,
  unknownChannel,
  unknownMessage,
} from '../errors.ts';
import { dispatchChannel, dispatchMessage, dispatchMessageDelete } from '../events.ts';
import { applyMessageEdit, asObject, newMessageFields } from '../message-payload.ts';
import type { Router } from '../router.ts';
import { apiMessage } from '../serialize.ts';
import { compareSnowflakes } from '../snowflake.ts';
import { isTextBased } from '../store.ts';
import type { ChannelRecord, MessageRecord } from '../types.ts';

export function registerMessageRoutes(router: Router, ctx: StandInContext): void {
  const { store } = ctx;
  /** `enforce_nonce`: the message each nonce made, per channel (Discord keeps them a few minutes; the stand-in for its life). */
  const byNonce = new Map<string, string>();

  const channelOf = (params: Record<string, string>): ChannelRecord => {
    const channel = store.channels.get(params['channelId'] ?? '');
    if (!channel) throw unknownChannel();
    return channel;
  };
  const messageOf = (params: Record<string, string>): MessageRecord => {
    const channel = channelOf(params);
    const message = store.channelMessage(channel.id, params['messageId'] ?? '');
    if (!message) throw unknownMessage();
    return message;
  };

  router.add('POST', '/channels/:channelId/messages', ({ params, json, files }) => {
    const channel = channelOf(params);
    if (!isTextBased(channel.type))
      throw new DiscordHttpError(400, 50008, 'Cannot send messages in a non-text channel');
    // A DM to a bot, or to a user whose direct messages are closed, is refused (Discord's 50007).
    if (
      channel.type === ChannelType.DM &&
      channel.recipientIds.every((id) => store.users.get(id)?.bot || store.users.get(id)?.dmsClosed)
    ) {
      throw new DiscordHttpError(403, 50007, 'Cannot send messages to this user');
    }
    const body = asObject(json);
    // With `enforce_nonce`, a post repeating the nonce of an earlier one gets that message back, and no second one.
    const nonce = typeof body['nonce'] === 'string' || typeof body['nonce'] === 'number' ? String(body['nonce']) : null;
    const nonceKey = nonce !== null && body['enforce_nonce'] === true ? `${channel.id}:${nonce}` : null;
    const earlier = nonceKey ? store.channelMessage(channel.id, byNonce.get(nonceKey) ?? '') : undefined;
    if (earlier) return { body: apiMessage(store, earlier) };
    reopenThreadForSending(ctx, channel);
    const fields = newMessageFields(store, channel.id, body, files);
    const reference = asObject(body['message_reference']);
    let ref: MessageRecord['reference'] = null;
    if (typeof reference['message_id'] === 'string') {
      const target = store.channelMessage(String(reference['channel_id'] ?? channel.id), reference['message_id']);
      if (target) ref = { messageId: target.id, channelId: target.channelId, guildId: target.guildId };
      else if (reference['fail_if_not_exists'] !== false) {
        throw invalidFormBody(['message_reference'], 'MESSAGE_REFERENCE_UNKNOWN_MESSAGE', 'Unknown message');
      }
    }
    const message = store.newMessage({
      channelId: channel.id,
      authorId: store.botUser.id,
      type: ref ? MessageType.Reply : MessageType.Default,
      content: fields.content,
      embeds: fields.embeds,
      components: fields.components,
      attachments: fields.attachments,
      flags: fields.flags,
      reference: ref,
    });
    store.addMessage(message);
    if (nonceKey) byNonce.set(nonceKey, message.id);
    dispatchMessage(ctx, 'MESSAGE_CREATE', message);
    return { body: apiMessage(store, message) };
  });

  router.add('GET', '/channels/:channelId/messages', ({ params, query }) => {
    const channel = channelOf(params);
    const limit = Math.min(100, Math.max(1, Number(query.get('limit') ?? 50) || 50));
    let list = store.history(channel.id); // oldest first
    const before = query.get('before');
    const after = query.get('after');
    const around = query.get('around');
    if (before) list = list.filter((m) => compareSnowflakes(m.id, before) < 0).slice(-limit);
    else if (after) list = list.filter((m) => compareSnowflakes(m.id, after) > 0).slice(0, limit);
    else if (around) {
      const index = list.findIndex((m) => compareSnowflakes(m.id, around) >= 0);
      const start = Math.max(0, (index === -1 ? list.length : index) - Math.floor(limit / 2));
      list = list.slice(start, start + limit);
    } else list = list.slice(-limit);
    // Discord returns newest first.
    return { body: [...list].reverse().map((m) => apiMessage(store, m)) };
  });

  router.add('GET', '/channels/:channelId/messages/:messageId', ({ params }) => ({
    body: apiMessage(store, messageOf(params)),
  }));

  router.add('PATCH', '/channels/:channelId/messages/:messageId', ({ params, json, files }) => {
    const message = messageOf(params);
    const body = asObject(json);
    if (message.authorId !== store.botUser.id) {
      // Others' messages: only the SuppressEmbeds flag may be changed.
      const onlyFlags = Object.keys(body).every((key) => key === 'flags');
      if (!onlyFlags) throw cannotEditOthersMessage();
    }
    applyMessageEdit(store, message, body, files);
    store.touchMessage(message);
    dispatchMessage(ctx, 'MESSAGE_UPDATE', message);
    return { body: apiMessage(store, message) };
  });

  router.add('DELETE', '/channels/:channelId/messages/:messageId', ({ params }) => {
    const message = messageOf(params);
    store.deleteMessage(message);
    dispatchMessageDelete(ctx, message);
    return {};
  });

  router.add('POST', '/channels/:channelId/messages/bulk-delete', ({ params, json }) => {
    const channel = channelOf(params);
    const ids = asObject(json)['messages'];
    if (!Array.isArray(ids) || ids.length < 2 || ids.length > 100) {
      throw invalidFormBody(['messages'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 2 and 100 in length.');
    }
    for (const id of ids) {
      const message = store.channelMessage(channel.id, String(id));
      if (!message) continue;
      store.deleteMessage(message);
      dispatchMessageDelete(ctx, message);
    }
    return {};
  });

  router.add('POST', '/channels/:channelId/typing', ({ params }) => {
    channelOf(params);
    return {};
  });

  // Pins: the current routes (/messages/pins) and the deprecated ones (/pins) discord.js still uses.
  const listPins = (params: Record<string, string>) =>
    store
      .history(channelOf(params).id)
      .filter((m) => m.pinned)
      .reverse();
  router.add('GET', '/channels/:channelId/messages/pins', ({ params }) => ({
    body: {
      items: listPins(params).map((m) => ({ pinned_at: m.createdAt, message: apiMessage(store, m) })),
      has_more: false,
    },
  }));
  router.add('GET', '/channels/:channelId/pins', ({ params }) => ({
    body: listPins(params).map((m) => apiMessage(store, m)),
  }));
  for (const base of ['/channels/:channelId/messages/pins/:messageId', '/channels/:channelId/pins/:messageId']) {
    for (const [method, pinned] of [
      ['PUT', true],
      ['DELETE', false],
    ] as const) {
      router.add(method, base, ({ params }) => {
        const message = messageOf(params);
        message.pinned = pinned;
        store.touchMessage(message);
        return {};
      });
    }
  }
}

/**
 * Sending into an archived thread unarchives it (Discord does this for unlocked threads);
 * a locked archived thread refuses.
 */
function reopenThreadForSending(ctx: StandInContext, channel: ChannelRecord): void {
  if (!channel.thread?.archived) return;
  if (channel.thread.locked) throw threadArchived();
  channel.thread.archived = false;
  channel.thread.archiveTimestamp = new Date().toISOString();
  dispatchChannel(ctx, 'THREAD_UPDATE', channel);
}
