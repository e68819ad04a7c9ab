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
import { pingOnly, send, sendableChannel, sendError } from './send.ts';
import { describeEvent, mention, splitMessage, WORDS } from './words.ts';

/**
 * What a command's result says in public: one line per event (everything at campaign level is
 * public, UTD3.1). Turn starts are kept apart and posted on their own, so the next player is
 * pinged and sees the map (UTD3.3).
 */
interface TurnStart {
  text: string;
  playerId: string;
}

function announcementLines(result: Extract<CommandResult, { duplicate: false }>): {
  lines: string[];
  turnStarts: TurnStart[];
} {
  const lines: string[] = [];
  const turnStarts: TurnStart[] = [];
  for (const stored of result.events) {
    const line = describeEvent(stored, result.state);
    if (!line) continue;
    if (stored.event.type === 'TurnStarted') turnStarts.push({ text: line, playerId: stored.event.playerId });
    else lines.push(line);
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
  const pings = campaignPings(result);
  if (interaction) {
    const [first, ...rest] = splitMessage(lines.join('\n\n') || '✅ Done.');
    await send(interaction, { content: first!, allowedMentions: pings });
    for (const more of rest) await interaction.followUp({ content: more, allowedMentions: pings });
    return;
  }
  if (lines.length === 0) return;
  const channel = await sendableChannel(client, channelId);
  if (!channel) return;
  for (const text of splitMessage(lines.join('\n\n')))
    if (text) await channel.send({ content: text, allowedMentions: pings });
}

/**
 * Who an announcement may ping: the campaign's players and whoever acted (UTD3.1: players are
 * told of what concerns them). Only these ids are allowed, so a mention typed into a name (a
 * sector, a fleet, the campaign) pings no one outside the campaign, and `@everyone` or a role
 * pings nobody.
 */
function campaignPings(result: Extract<CommandResult, { ok: true; duplicate: false }>) {
  const actor = result.events[0]?.actor;
  return pingOnly([
    ...result.state.players.map((p) => p.id),
    ...(actor ? [actor.userId, ...(actor.asPlayer ? [actor.asPlayer] : [])] : []),
  ]);
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
  for (const start of turnStarts)
    await channel.send(
      await turnStartPost(client, { ...start, text: `${start.text}${chain}` }, result.state, result.events.at(-1)!.seq),
    );
}

async function turnStartPost(
  client: Client,
  start: TurnStart,
  state: CampaignState,
  version: number,
): Promise<MessageCreateOptions> {
  const png = state.map ? await mapImageFor(client, state, version) : null;
  return {
    content: start.text,
    // The player whose turn it is, and only them (UTD3.3).
    allowedMentions: pingOnly([start.playerId]),
    ...(png ? { files: [new AttachmentBuilder(png, { name: 'map.png' })] } : {}),
  };
}
