import {
  AttachmentBuilder,
  MessageFlags,
  MessageFlagsBitField,
  type MessageMentionOptions,
  type Client,
  type InteractionReplyOptions,
  type RepliableInteraction,
  type SendableChannels,
} from 'discord.js';
import type { RuleError } from '../rules/errors.ts';
import { MESSAGE_LIMIT, splitMessage } from './split-text.ts';
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

/** Interactions deferred privately whose answer was then posted in public (see `send`). */
const answeredInPublic = new WeakSet<RepliableInteraction>();

/**
 * Acknowledges at once, privately, before work that may take more than half a second (an
 * attachment to download, a large map to generate, a history to replay): Discord forgets an
 * interaction not acknowledged within 3 s, and the work would then be saved while the player is
 * told "the application did not respond". The answer follows through `send`: a private one fills
 * the placeholder, a public one replaces it, so a refusal still reaches only the player.
 */
export async function deferFirst(interaction: RepliableInteraction): Promise<void> {
  if (!interaction.deferred && !interaction.replied) await interaction.deferReply({ flags: MessageFlags.Ephemeral });
}

function isEphemeral(options: InteractionReplyOptions): boolean {
  return options.flags !== undefined && new MessageFlagsBitField(options.flags as never).has(MessageFlags.Ephemeral);
}

/** Replies, or edits the deferred reply, whichever the interaction needs. */
export async function send(interaction: RepliableInteraction, options: InteractionReplyOptions): Promise<void> {
  if (answeredInPublic.has(interaction)) {
    await interaction.followUp(options);
  } else if (interaction.deferred) {
    if (interaction.ephemeral && !interaction.replied && !isEphemeral(options)) {
      // Deferred privately (`deferFirst`), answered in public: the private "thinking…" goes and
      // the answer is a public follow-up.
      await interaction.deleteReply();
      await interaction.followUp(options);
      answeredInPublic.add(interaction);
      return;
    }
    const { flags: _ephemeralIsFixedByDefer, ...rest } = options;
    await interaction.editReply(rest as never);
  } else if (interaction.replied) {
    await interaction.followUp(options);
  } else {
    await interaction.reply(options);
  }
}

/** More messages than this for one answer would flood the channel: the text is attached instead. */
const MAX_PARTS = 3;

/**
 * Any text answer, whatever its length (Discord's 2,000 characters a message): whole when it fits;
 * else split at line boundaries (a line too long at a space, never mid-word) into up to three
 * messages; longer still, the first part and the whole text attached as `name`. `extra` (embeds,
 * files, mentions, flags) goes with the first message; the flags with every one.
 */
export async function sendLong(
  interaction: RepliableInteraction,
  text: string,
  opts: Omit<InteractionReplyOptions, 'content'> & { name?: string } = {},
): Promise<void> {
  const { name = 'reply.txt', ...extra } = opts;
  const later = {
    allowedMentions: extra.allowedMentions ?? { parse: [] },
    ...(extra.flags !== undefined ? { flags: extra.flags } : {}),
  } as InteractionReplyOptions;
  if (text.length <= MESSAGE_LIMIT) {
    await send(interaction, { ...extra, content: text });
    return;
  }
  const parts = splitMessage(text);
  if (parts.length <= MAX_PARTS) {
    await send(interaction, { ...extra, content: parts[0]! });
    for (const part of parts.slice(1)) await interaction.followUp({ ...later, content: part });
    return;
  }
  const note = `\n📎 The whole text (${text.length.toLocaleString('en-US')} characters) is attached as \`${name}\`.`;
  const [first] = splitMessage(text, MESSAGE_LIMIT - note.length);
  const file = new AttachmentBuilder(Buffer.from(text, 'utf8'), { name });
  await send(interaction, { ...extra, content: `${first!}${note}`, files: [...(extra.files ?? []), file] });
}

/** A refusal, only to the player who asked, citing the rule (design §3.5). */
export async function sendError(interaction: RepliableInteraction, error: RuleError): Promise<void> {
  // The rules' text may quote names players typed (describeError makes them inert): nobody is pinged.
  await send(interaction, {
    content: describeError(error),
    flags: MessageFlags.Ephemeral,
    allowedMentions: { parse: [] },
  });
}

/** The channel to post in, or null when it is gone or the bot cannot post there. */
export async function sendableChannel(client: Client, channelId: string): Promise<SendableChannels | null> {
  const channel = await client.channels.fetch(channelId).catch(() => null);
  return channel?.isSendable() ? (channel as SendableChannels) : null;
}
