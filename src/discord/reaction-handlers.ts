import type { Client, MessageReaction, PartialMessageReaction, PartialUser, User } from 'discord.js';
import { campaignInChannel, versionedCampaign } from '../app/campaigns.ts';
import type { AppContext } from '../app/context.ts';
import { channelsAwaitingMapApproval } from '../app/map-approval.ts';
import { outboxRepo } from '../app/outbox.ts';
import { runCommand } from '../app/run-command.ts';
import { SYSTEM_USER } from '../rules/thunderdome/index.ts';
import { mapAwaitsApproval, reactionApprovals } from '../rules/thunderdome/map-approval.ts';
import { runAfterCommand } from './after-command.ts';
import { delivererOf } from './deliverer.ts';
import { fetchMessage } from './map-approval.ts';
import { APPROVE_MAP } from './map-approval-words.ts';
import { emojiChoice, NO, optionEmoji, YES } from './votes.ts';

/**
 * Reactions that run commands: a ballot on a vote message (UTD1.7) and a ✅ on a map approval
 * message (UTD8.16), live and, at boot, for the reactions made while the bot was down. What
 * follows each command is the same ordered list of steps as after a slash command
 * (after-command.ts): a vote that closes is announced and its message edited, a unanimous
 * approval is announced and the approval message shows the tally.
 */
const SYSTEM = { userId: SYSTEM_USER, displayName: 'Campaign Master', isServerAdmin: false };

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
  await runAfterCommand(client, result, { via: 'reaction', app, channelId: target.channelId });
}

/** On boot: re-read the reactions of every open vote, so reactions made while the bot was down count. */
export async function resyncOpenVotes(app: AppContext, client: Client, channelIds: string[]): Promise<void> {
  for (const channelId of channelIds) {
    const state = await campaignInChannel(app, channelId);
    for (const vote of state?.votes.filter((v) => v.status === 'open' && v.messageId) ?? []) {
      const message = await fetchMessage(client, channelId, vote.messageId!);
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
      await runAfterCommand(client, result, { via: 'reaction', app, channelId });
    }
  }
}

/**
 * A ✅ added on the approval message: the reacting player approves, through the same rules
 * command as `/map approve`. Bots, outsiders, players who already approved and other emoji change
 * nothing; a removed ✅ never reaches here (approvals are not withdrawn).
 */
export async function onMapApprovalReaction(
  app: AppContext,
  client: Client,
  reaction: MessageReaction | PartialMessageReaction,
  user: User | PartialUser,
): Promise<void> {
  if (user.bot || reaction.emoji.name !== APPROVE_MAP) return;
  const message = reaction.message;
  if (!message.guildId) return;
  const state = await campaignInChannel(app, message.channelId);
  if (!state || reactionApprovals(state, message.id, [user.id]).length === 0) return;
  await approveAs(app, client, message.channelId, user.id, user.username ?? user.id);
}

/**
 * On boot: for every map still waiting for approval, see that its approval message is posted (by
 * the outbox) if none is recorded, else count the ✅ of players who reacted while it was down and have
 * not approved yet (only additions: a missing ✅ withdraws nothing).
 */
export async function resyncMapApprovals(app: AppContext, client: Client): Promise<void> {
  for (const channelId of await channelsAwaitingMapApproval(app)) {
    const current = await versionedCampaign(app, channelId);
    if (!current || !mapAwaitsApproval(current.state)) continue;
    const id = current.state.map!.approvalMessageId;
    if (!id) {
      // The message is the outbox's to post (docs/delivery.md): a row still pending — perhaps held
      // by a process that crashed after posting, whose nonce the row's delivery reuses — posts it
      // once. Only a map left without either (an older bot's) gets a row now.
      const pending = await outboxRepo.pending(app, current.state.id);
      if (!pending.some((r) => r.kind === 'map-approval-post')) {
        const at = { campaignId: current.state.id, channelId, version: current.version };
        await outboxRepo.enqueue(app, at, 'map-approval-post', { superseded: null });
        await delivererOf(client)?.deliver(current.state.id);
      }
      continue;
    }
    const message = await fetchMessage(client, channelId, id);
    const reaction = message?.reactions.cache.get(APPROVE_MAP);
    if (!reaction) continue;
    const users = [...(await reaction.users.fetch()).values()].filter((u) => !u.bot);
    for (const playerId of reactionApprovals(
      current.state,
      id,
      users.map((u) => u.id),
    )) {
      await approveAs(app, client, channelId, playerId, users.find((u) => u.id === playerId)!.username);
    }
  }
}

/** Runs `/map approve` for a player who reacted, then whatever follows an approval (announcement, tally). */
async function approveAs(
  app: AppContext,
  client: Client,
  channelId: string,
  userId: string,
  displayName: string,
): Promise<void> {
  const state = await campaignInChannel(app, channelId);
  if (!state) return;
  const result = await runCommand(app, {
    target: { guildId: state.guildId, channelId },
    actor: { userId, displayName, isServerAdmin: false },
    command: { type: 'map-approve' },
  });
  // A refusal (say, the map changed or was approved meanwhile) has no one to answer: it changed nothing.
  await runAfterCommand(client, result, { via: 'reaction', app, channelId });
}
