/**
 * Reactions, shared by the REST routes (the bot reacting) and the driver (users reacting).
 * Every change is mirrored to the gateway as MESSAGE_REACTION_* (when the bot has the reaction intent),
 * including the bot's own reactions, as Discord does.
 */
import { GatewayIntentBits } from 'discord-api-types/v10';
import type { StandInContext } from './context.ts';
import { apiMember } from './serialize.ts';
import type { EmojiRef, MessageRecord } from './types.ts';

/** `✅`, `name:123`, `a:name:123` or `<:name:123>` (URL-decoded). Returns null if it is not an emoji. */
export function parseEmoji(raw: string): EmojiRef | null {
  const text = raw.trim();
  const custom = /^<?(a)?:?([\w~-]{1,32}):(\d{15,25})>?$/.exec(text);
  if (custom) return { id: custom[3] as string, name: custom[2] as string, ...(custom[1] ? { animated: true } : {}) };
  // Unicode: must contain a pictograph, keycap or regional indicator, and no ASCII words (`:smile:` is not one).
  if (
    // biome-ignore lint/suspicious/noMisleadingCharacterClass: a set of emoji code points, joiners and keycaps on purpose
    /^[\p{Extended_Pictographic}\p{Regional_Indicator}\p{Emoji_Component}\u20e3\ufe0f\u200d#*0-9]+$/u.test(text) &&
    // biome-ignore lint/suspicious/noMisleadingCharacterClass: as above
    /[\p{Extended_Pictographic}\p{Regional_Indicator}\u20e3]/u.test(text)
  ) {
    return { id: null, name: text };
  }
  return null;
}

export function emojiKey(emoji: EmojiRef): string {
  return emoji.id ? `${emoji.name}:${emoji.id}` : emoji.name;
}

export class Reactions {
  constructor(private readonly ctx: StandInContext) {}

  /** Returns false when the user had already reacted with that emoji (Discord then sends nothing). */
  add(message: MessageRecord, userId: string, emoji: EmojiRef): boolean {
    const key = emojiKey(emoji);
    const reaction = message.reactions.get(key) ?? { emoji, userIds: [] };
    if (reaction.userIds.includes(userId)) return false;
    reaction.userIds.push(userId);
    message.reactions.set(key, reaction);
    this.ctx.store.emit({
      type: 'reactionAdd',
      channelId: message.channelId,
      messageId: message.id,
      userId,
      emoji: key,
    });
    const payload: Record<string, unknown> = {
      ...this.#common(message, userId, emoji),
      message_author_id: message.authorId,
      burst: false,
      burst_colors: [],
      type: 0,
    };
    const guild = message.guildId ? this.ctx.store.guilds.get(message.guildId) : undefined;
    if (guild?.members.has(userId)) payload['member'] = apiMember(this.ctx.store, guild, userId);
    this.ctx.gateway.dispatch('MESSAGE_REACTION_ADD', payload, this.#intent(message));
    return true;
  }

  remove(message: MessageRecord, userId: string, emoji: EmojiRef): boolean {
    const key = emojiKey(emoji);
    const reaction = message.reactions.get(key);
    if (!reaction?.userIds.includes(userId)) return false;
    reaction.userIds = reaction.userIds.filter((id) => id !== userId);
    if (reaction.userIds.length === 0) message.reactions.delete(key);
    this.ctx.store.emit({
      type: 'reactionRemove',
      channelId: message.channelId,
      messageId: message.id,
      userId,
      emoji: key,
    });
    this.ctx.gateway.dispatch(
      'MESSAGE_REACTION_REMOVE',
      { ...this.#common(message, userId, emoji), burst: false, type: 0 },
      this.#intent(message),
    );
    return true;
  }

  removeAll(message: MessageRecord, emoji: EmojiRef | null): void {
    const ids = {
      channel_id: message.channelId,
      message_id: message.id,
      ...(message.guildId ? { guild_id: message.guildId } : {}),
    };
    if (emoji) {
      message.reactions.delete(emojiKey(emoji));
      this.ctx.gateway.dispatch('MESSAGE_REACTION_REMOVE_EMOJI', { ...ids, emoji }, this.#intent(message));
    } else {
      message.reactions.clear();
      this.ctx.gateway.dispatch('MESSAGE_REACTION_REMOVE_ALL', ids, this.#intent(message));
    }
  }

  #common(message: MessageRecord, userId: string, emoji: EmojiRef): Record<string, unknown> {
    return {
      user_id: userId,
      channel_id: message.channelId,
      message_id: message.id,
      ...(message.guildId ? { guild_id: message.guildId } : {}),
      emoji: { id: emoji.id, name: emoji.name, ...(emoji.animated ? { animated: true } : {}) },
    };
  }

  #intent(message: MessageRecord): number {
    return message.guildId ? GatewayIntentBits.GuildMessageReactions : GatewayIntentBits.DirectMessageReactions;
  }
}
