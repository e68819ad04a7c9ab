import type {
  Client,
  Message,
  MessageReaction,
  PartialMessageReaction,
  PartialUser,
  SendableChannels,
  User,
} from 'discord.js';
import { campaignInChannel } from '../app/campaigns.ts';
import type { AppContext } from '../app/context.ts';
import { runCommand, type CommandResult } from '../app/run-command.ts';
import { SYSTEM_USER, type CampaignState, type Vote } from '../rules/thunderdome/index.ts';
import { announce } from './present.ts';
import { voteText } from './words.ts';

const SYSTEM = { userId: SYSTEM_USER, displayName: 'Campaign Master', isServerAdmin: false };
export const YES = '✅';
export const NO = '❌';

/** Regional-indicator letters for the options of a multi-option vote (UTF3.45): 🇦, 🇧, … */
export function optionEmoji(key: string): string {
  return String.fromCodePoint(0x1f1e6 + key.charCodeAt(0) - 65);
}

function emojiChoice(vote: Vote, emoji: string | null): string | null {
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

/** A reaction added or removed on a vote message becomes a ballot (bots ignored; the rules ignore non-voters). */
export async function onVoteReaction(
  app: AppContext,
  client: Client,
  reaction: MessageReaction | PartialMessageReaction,
  user: User | PartialUser,
  present: boolean,
): Promise<void> {
  if (user.bot) return;
  const message = reaction.message;
  if (!message.guildId) return;
  const target = { guildId: message.guildId, channelId: message.channelId };
  const state = await campaignInChannel(app, target.channelId);
  const vote = state?.votes.find((v) => v.messageId === message.id && v.status === 'open');
  const choice = vote ? emojiChoice(vote, reaction.emoji.name) : null;
  if (!choice) return;
  const actor = { userId: user.id, displayName: user.username ?? user.id, isServerAdmin: false };
  const result = await runCommand(app, {
    target,
    actor,
    command: { type: 'ballot', messageId: message.id, choice, present },
  });
  await afterVoteChange(client, target.channelId, result);
}

/** Edits the vote messages with the live tally and announces what closed. */
export async function afterVoteChange(client: Client, channelId: string, result: CommandResult): Promise<void> {
  if (!result.ok || result.duplicate || result.events.length === 0) return;
  const touched = new Set(
    result.events.flatMap((e) =>
      e.event.type === 'BallotCast' || e.event.type === 'VoteClosed' ? [e.event.voteId] : [],
    ),
  );
  for (const id of touched)
    await editVoteMessage(client, channelId, result.state, result.state.votes.find((v) => v.id === id)!);
  if (result.events.some((e) => e.event.type === 'VoteClosed')) await announce(client, channelId, result);
}

async function editVoteMessage(client: Client, channelId: string, state: CampaignState, vote: Vote): Promise<void> {
  if (!vote.messageId) return;
  const channel = await client.channels.fetch(channelId).catch(() => null);
  if (!channel?.isTextBased()) return;
  const message: Message | null = await channel.messages.fetch(vote.messageId).catch(() => null);
  if (message) await message.edit({ content: voteText(vote, state), allowedMentions: { parse: [] } });
}

/** On boot: re-read the reactions of every open vote, so reactions made while the bot was down count. */
export async function resyncOpenVotes(app: AppContext, client: Client, channelIds: string[]): Promise<void> {
  for (const channelId of channelIds) {
    const state = await campaignInChannel(app, channelId);
    for (const vote of state?.votes.filter((v) => v.status === 'open' && v.messageId) ?? []) {
      const channel = await client.channels.fetch(channelId).catch(() => null);
      if (!channel?.isTextBased()) continue;
      const message = await channel.messages.fetch(vote.messageId!).catch(() => null);
      if (!message) continue;
      const users = async (emoji: string) => {
        const r = message.reactions.cache.get(emoji);
        return r ? [...(await r.users.fetch()).values()].filter((u) => !u.bot).map((u) => u.id) : [];
      };
      const command = vote.options
        ? {
            type: 'ballot-sync' as const,
            messageId: vote.messageId!,
            yes: [],
            no: [],
            options: Object.fromEntries(
              await Promise.all(vote.options.map(async (o) => [o.key, await users(optionEmoji(o.key))] as const)),
            ),
          }
        : { type: 'ballot-sync' as const, messageId: vote.messageId!, yes: await users(YES), no: await users(NO) };
      const result = await runCommand(app, { target: { guildId: state!.guildId, channelId }, actor: SYSTEM, command });
      await afterVoteChange(client, channelId, result);
    }
  }
}
