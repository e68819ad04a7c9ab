import {
  AttachmentBuilder,
  MessageFlags,
  type Client,
  type MessageCreateOptions,
  type RepliableInteraction,
} from 'discord.js';
import type { CommandResult } from '../app/run-command.ts';
import type { CampaignState } from '../rules/thunderdome/index.ts';
import { chainHeadLine } from './governance-words.ts';
import { mapImageFor } from './images.ts';
import { send, sendableChannel, sendError } from './send.ts';
import { describeEvent, mention, splitMessage, WORDS } from './words.ts';

/**
 * What a command's result says in public: one line per event (everything at campaign level is
 * public, UTD3.1). Turn starts are kept apart and posted on their own, so the next player is
 * pinged and sees the map (UTD3.3).
 */
function announcementLines(result: Extract<CommandResult, { duplicate: false }>): {
  lines: string[];
  turnStarts: string[];
} {
  const lines: string[] = [];
  const turnStarts: string[] = [];
  for (const stored of result.events) {
    const line = describeEvent(stored, result.state);
    if (line) (stored.event.type === 'TurnStarted' ? turnStarts : lines).push(line);
  }
  const proxied = result.events[0]?.actor.asPlayer;
  // UTD3.2: an action by a proxy says who acted for whom.
  if (proxied)
    lines.unshift(`🤝 ${mention(result.events[0]!.actor.userId)} acts as proxy for ${mention(proxied)} (UTD3.2):`);
  return { lines, turnStarts };
}

/**
 * The answer to the command: with an interaction, its reply (a refusal or a repeated delivery
 * only to the player, ephemeral; a change in public); without one (the scheduler, a reaction),
 * the same lines posted in the campaign channel, and nothing when nothing is worth saying.
 */
export async function replyOrAnnounce(
  client: Client,
  result: CommandResult,
  channelId: string,
  interaction: RepliableInteraction | undefined,
): Promise<void> {
  if (!result.ok) {
    if (interaction) await sendError(interaction, result.error);
    return;
  }
  if (result.duplicate) {
    if (interaction) await send(interaction, { content: WORDS.duplicate, flags: MessageFlags.Ephemeral });
    return;
  }
  const { lines } = announcementLines(result);
  if (interaction) {
    const [first, ...rest] = splitMessage(lines.join('\n\n') || '✅ Done.');
    await send(interaction, { content: first!, allowedMentions: { parse: ['users'] } });
    for (const more of rest) await interaction.followUp({ content: more, allowedMentions: { parse: ['users'] } });
    return;
  }
  if (lines.length === 0) return;
  const channel = await sendableChannel(client, channelId);
  if (!channel) return;
  for (const text of splitMessage(lines.join('\n\n')))
    if (text) await channel.send({ content: text, allowedMentions: { parse: ['users'] } });
}

/**
 * Each player's turn is announced in the campaign channel with its deadline and the current map,
 * pinging the player (UTD3.3, 3.31) — whether the turn was started by a command, a button, a
 * reaction or the scheduler, and even when the command was typed in a battle thread.
 */
export async function postTurnStarts(client: Client, result: CommandResult, channelId: string): Promise<void> {
  if (!result.ok || result.duplicate) return;
  const { turnStarts } = announcementLines(result);
  if (turnStarts.length === 0) return;
  const channel = await sendableChannel(client, channelId);
  if (!channel) return;
  // The chain head vouches for the whole log up to this turn (src/rules/event-chain.ts).
  const chain = result.chainHead ? `\n${chainHeadLine(result.chainHead)}` : '';
  for (const text of turnStarts)
    await channel.send(await turnStartPost(client, `${text}${chain}`, result.state, result.events.at(-1)!.seq));
}

async function turnStartPost(
  client: Client,
  content: string,
  state: CampaignState,
  version: number,
): Promise<MessageCreateOptions> {
  const png = state.map ? await mapImageFor(client, state, version) : null;
  return {
    content,
    allowedMentions: { parse: ['users'] },
    ...(png ? { files: [new AttachmentBuilder(png, { name: 'map.png' })] } : {}),
  };
}
