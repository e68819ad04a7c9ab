import type { Client, Message, SendableChannels } from 'discord.js';
import type { AppContext } from '../app/context.ts';
import { runCommand, type CommandResult } from '../app/run-command.ts';
import { SYSTEM_USER, type CampaignState, type Vote } from '../rules/thunderdome/index.ts';
import { voteText } from './words.ts';

const SYSTEM = { userId: SYSTEM_USER, displayName: 'Campaign Master', isServerAdmin: false };
export const YES = '✅';
export const NO = '❌';

/** Regional-indicator letters for the options of a multi-option vote (UTF3.45): 🇦, 🇧, … */
export function optionEmoji(key: string): string {
  return String.fromCodePoint(0x1f1e6 + key.charCodeAt(0) - 65);
}

export function emojiChoice(vote: Vote, emoji: string | null): string | null {
  if (!emoji) return null;
  if (vote.options) return vote.options.find((o) => optionEmoji(o.key) === emoji)?.key ?? null;
  return emoji === YES ? 'yes' : emoji === NO ? 'no' : null;
}

/** Posts the message of each vote a command opened, adds the two reactions, and records its id. */
export async function postOpenedVotes(
  app: AppContext,
  client: Client,
  channelId: string,
  result: CommandResult,
): Promise<void> {
  if (!result.ok || result.duplicate) return;
  for (const e of result.events) {
    if (e.event.type !== 'VoteOpened') continue;
    const channel = await client.channels.fetch(channelId).catch(() => null);
    if (!channel?.isSendable()) continue;
    const message = await (channel as SendableChannels).send({
      content: voteText(e.event.vote, result.state),
      allowedMentions: { parse: [] },
    });
    if (e.event.vote.options) for (const o of e.event.vote.options) await message.react(optionEmoji(o.key));
    else {
      await message.react(YES);
      await message.react(NO);
    }
    await runCommand(app, {
      target: { guildId: result.state.guildId, channelId },
      actor: SYSTEM,
      command: { type: 'vote-attach', voteId: e.event.vote.id, messageId: message.id },
    });
  }
}

/** Edits the vote messages with the live tally after any event that names a vote, whoever caused it. */
export async function updateVoteMessages(client: Client, channelId: string, result: CommandResult): Promise<void> {
  if (!result.ok || result.duplicate || result.events.length === 0) return;
  const touched = new Set(
    result.events.flatMap((e) => ('voteId' in e.event && typeof e.event.voteId === 'string' ? [e.event.voteId] : [])),
  );
  for (const id of touched) {
    const vote = result.state.votes.find((v) => v.id === id);
    if (vote) await editVoteMessage(client, channelId, result.state, vote);
  }
}

async function editVoteMessage(client: Client, channelId: string, state: CampaignState, vote: Vote): Promise<void> {
  if (!vote.messageId) return;
  const channel = await client.channels.fetch(channelId).catch(() => null);
  if (!channel?.isTextBased()) return;
  const message: Message | null = await channel.messages.fetch(vote.messageId).catch(() => null);
  if (message) await message.edit({ content: voteText(vote, state), allowedMentions: { parse: [] } });
}
