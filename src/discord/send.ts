import {
  MessageFlags,
  type MessageMentionOptions,
  type Client,
  type InteractionReplyOptions,
  type RepliableInteraction,
  type SendableChannels,
} from 'discord.js';
import type { RuleError } from '../rules/errors.ts';
import { describeError } from './words.ts';

/**
 * The small helpers every Discord module posts through. They import no other bot module, so the
 * command presenter, the after-command steps and the reaction handlers can all use them without
 * an import cycle.
 */

/** Nothing in the text pings: the client's default (client.ts), and what a message about player-typed text sends. */
export const NO_PINGS = { parse: [] } as const satisfies MessageMentionOptions;

/** Discord accepts at most 100 ids in `allowed_mentions.users`. */
const MAX_PINGED_USERS = 100;

/**
 * Pings exactly these users, and no one else whatever the text says (a player named `<@…>`,
 * `@everyone` or a role mention in a campaign name pings nobody).
 */
export function pingOnly(userIds: Iterable<string>): MessageMentionOptions {
  return { parse: [], users: [...new Set(userIds)].slice(0, MAX_PINGED_USERS) };
}

/** Replies, or edits the deferred reply, whichever the interaction needs. */
export async function send(interaction: RepliableInteraction, options: InteractionReplyOptions): Promise<void> {
  if (interaction.deferred) {
    const { flags: _ephemeralIsFixedByDefer, ...rest } = options;
    await interaction.editReply(rest as never);
  } else if (interaction.replied) {
    await interaction.followUp(options);
  } else {
    await interaction.reply(options);
  }
}

/** A refusal, only to the player who asked, citing the rule (design §3.5). */
export async function sendError(interaction: RepliableInteraction, error: RuleError): Promise<void> {
  await send(interaction, { content: describeError(error), flags: MessageFlags.Ephemeral });
}

/** The channel to post in, or null when it is gone or the bot cannot post there. */
export async function sendableChannel(client: Client, channelId: string): Promise<SendableChannels | null> {
  const channel = await client.channels.fetch(channelId).catch(() => null);
  return channel?.isSendable() ? (channel as SendableChannels) : null;
}
