import {
  AttachmentBuilder,
  MessageFlags,
  type ChatInputCommandInteraction,
  type Client,
  type InteractionReplyOptions,
  type MessageCreateOptions,
  type RepliableInteraction,
  type SendableChannels,
} from 'discord.js';
import type { CampaignState } from '../rules/thunderdome/index.ts';
import { postBattleUpdates } from './battle-threads.ts';
import { mapImageFor } from './images.ts';
import { noteMapChange } from './map-posts.ts';
import { campaignsOfUser } from '../app/campaigns.ts';
import { runCommand, type CommandInput, type CommandResult } from '../app/run-command.ts';
import type { RuleError } from '../rules/errors.ts';
import type { CommandContext, CommandOutcome } from './command.ts';
import { postOpenedVotes } from './votes.ts';
// Map approval by reaction (UTD8.16)
import { postMapApproval, updateMapApprovalMessage } from './map-approval.ts';
import { describeError, describeEvent, mention, splitMessage, WORDS } from './words.ts';

/**
 * Turns a use case's result into Discord messages: a refusal is an ephemeral error citing the
 * rule; a change is announced publicly in the reply, and turn starts are posted separately so
 * the next player is pinged (everything at campaign level is public, UTD3.1).
 */
export async function presentResult(interaction: RepliableInteraction, result: CommandResult): Promise<CommandOutcome> {
  if (!result.ok) return presentError(interaction, result.error);
  if (result.duplicate) {
    await send(interaction, { content: WORDS.duplicate, flags: MessageFlags.Ephemeral });
    return { ok: true };
  }
  const inReply: string[] = [];
  const posts: string[] = [];
  for (const stored of result.events) {
    const line = describeEvent(stored, result.state);
    if (!line) continue;
    (stored.event.type === 'TurnStarted' ? posts : inReply).push(line);
  }
  const proxied = result.events[0]?.actor.asPlayer;
  if (proxied)
    inReply.unshift(`🤝 ${mention(result.events[0]!.actor.userId)} acts as proxy for ${mention(proxied)} (UTD3.2):`);
  const [first, ...rest] = splitMessage(inReply.join('\n\n') || '✅ Done.');
  await send(interaction, { content: first!, allowedMentions: { parse: ['users'] } });
  for (const more of rest) await interaction.followUp({ content: more, allowedMentions: { parse: ['users'] } });
  const channel = interaction.channel;
  for (const post of posts) {
    if (channel?.isSendable())
      await (channel as SendableChannels).send(
        await turnStartPost(interaction.client, post, result.state, result.events.at(-1)!.seq),
      );
  }
  // Map posts (UTD1.12): a change of the map is posted later, once the campaign is quiet.
  noteMapChange(interaction.client, result);
  // Map approval (UTD8.16): the live tally on the approval message follows every approval.
  await updateMapApprovalMessage(interaction.client, result);
  return { ok: true };
}

export async function presentError(interaction: RepliableInteraction, error: RuleError): Promise<CommandOutcome> {
  await send(interaction, { content: describeError(error), flags: MessageFlags.Ephemeral });
  return { ok: false };
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

/** Posts the announcement of changes made without an interaction (deadlines, the scheduler). */
export async function announce(client: Client, channelId: string, result: CommandResult): Promise<void> {
  if (!result.ok || result.duplicate) return;
  const channel = await client.channels.fetch(channelId).catch(() => null);
  if (!channel?.isSendable()) return;
  const lines: string[] = [];
  const turnStarts: string[] = [];
  for (const stored of result.events) {
    const line = describeEvent(stored, result.state);
    if (line) (stored.event.type === 'TurnStarted' ? turnStarts : lines).push(line);
  }
  for (const text of splitMessage(lines.join('\n\n'))) {
    if (text) await (channel as SendableChannels).send({ content: text, allowedMentions: { parse: ['users'] } });
  }
  for (const text of turnStarts)
    await (channel as SendableChannels).send(
      await turnStartPost(client, text, result.state, result.events.at(-1)!.seq),
    );
}

/** TURN_START (requirements §6.2): each player's turn is announced with its deadline and the current map. */
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

/** Runs one campaign command for the interaction's user in its channel and presents the outcome. */
export async function execute(
  interaction: ChatInputCommandInteraction,
  ctx: CommandContext,
  command: CommandInput,
): Promise<CommandOutcome> {
  const result = await runCommand(ctx.app, {
    target: ctx.target,
    actor: ctx.actor,
    command,
    interactionId: interaction.id,
  });
  if (!result.ok && result.error.code === 'campaign/none') {
    // A command in the wrong channel says where the player's campaign lives.
    const mine = await campaignsOfUser(ctx.app, ctx.target.guildId, ctx.actor.userId);
    if (mine.length > 0)
      return presentError(interaction, {
        ...result.error,
        hint: `Your campaign${mine.length > 1 ? 's live' : ' lives'} in ${mine.map((c) => `<#${c.channelId}> (**${c.name}**)`).join(', ')}.`,
      });
  }
  const outcome = await presentResult(interaction, result);
  await postBattleUpdates(ctx.app, interaction.client, ctx.target.channelId, result);
  await postOpenedVotes(ctx.app, interaction.client, ctx.target.channelId, result);
  // Map approval (UTD8.16): a new map is posted with its approval message.
  await postMapApproval(ctx.app, interaction.client, ctx.target.channelId, result);
  return outcome;
}
