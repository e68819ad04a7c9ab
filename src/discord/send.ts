import {
  MessageFlags,
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
