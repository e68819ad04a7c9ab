/** Reactions via REST: the bot reacting/unreacting, removing others' reactions, listing who reacted. */
import type { StandInContext } from '../context.ts';
import { unknownChannel, unknownEmoji, unknownMessage } from '../errors.ts';
import { emojiKey, parseEmoji, type Reactions } from '../reactions.ts';
import type { Router } from '../router.ts';
import { apiUser } from '../serialize.ts';
import { compareSnowflakes } from '../snowflake.ts';
import type { EmojiRef, MessageRecord } from '../types.ts';

export function registerReactionRoutes(router: Router, ctx: StandInContext, reactions: Reactions): void {
  const { store } = ctx;
  const base = '/channels/:channelId/messages/:messageId/reactions';

  const messageOf = (params: Record<string, string>): MessageRecord => {
    if (!store.channels.has(params['channelId'] ?? '')) throw unknownChannel();
    const message = store.channelMessage(params['channelId'] ?? '', params['messageId'] ?? '');
    if (!message) throw unknownMessage();
    return message;
  };
  const emojiOf = (params: Record<string, string>): EmojiRef => {
    const emoji = parseEmoji(params['emoji'] ?? '');
    if (!emoji) throw unknownEmoji();
    return emoji;
  };
  /** The stored emoji (with its recorded name) for a custom emoji given only as `name:id`. */
  const storedEmoji = (message: MessageRecord, emoji: EmojiRef): EmojiRef =>
    message.reactions.get(emojiKey(emoji))?.emoji ?? emoji;

  router.add('PUT', `${base}/:emoji/@me`, ({ params }) => {
    const message = messageOf(params);
    reactions.add(message, store.botUser.id, emojiOf(params));
    return {};
  });
  router.add('DELETE', `${base}/:emoji/@me`, ({ params }) => {
    const message = messageOf(params);
    reactions.remove(message, store.botUser.id, storedEmoji(message, emojiOf(params)));
    return {};
  });
  router.add('DELETE', `${base}/:emoji/:userId`, ({ params }) => {
    const message = messageOf(params);
    reactions.remove(message, params['userId'] ?? '', storedEmoji(message, emojiOf(params)));
    return {};
  });
  router.add('GET', `${base}/:emoji`, ({ params, query }) => {
    const message = messageOf(params);
    const reaction = message.reactions.get(emojiKey(emojiOf(params)));
    const limit = Math.min(100, Math.max(1, Number(query.get('limit') ?? 25) || 25));
    const after = query.get('after');
    // Burst ("super") reactions are not modelled: type=1 lists nobody.
    const ids = query.get('type') === '1' ? [] : (reaction?.userIds ?? []);
    const users = store
      .sortedUsers(ids)
      .filter((u) => !after || compareSnowflakes(u.id, after) > 0)
      .slice(0, limit);
    return { body: users.map(apiUser) };
  });
  router.add('DELETE', `${base}/:emoji`, ({ params }) => {
    const message = messageOf(params);
    reactions.removeAll(message, storedEmoji(message, emojiOf(params)));
    return {};
  });
  router.add('DELETE', base, ({ params }) => {
    reactions.removeAll(messageOf(params), null);
    return {};
  });
}
