import { PermissionFlagsBits, type ButtonInteraction, type GuildMember } from 'discord.js';
import type { AppContext } from '../app/context.ts';
import { runCommand } from '../app/run-command.ts';
import type { ExplorationReply } from '../rules/thunderdome/exploration-offer.ts';
import type { CommandOutcome } from './command.ts';
import { EXPLORE_CUSTOM_ID } from './exploration-words.ts';
import { presentAfterCommand } from './present.ts';

/**
 * A press on a button of an explorer's balancing question (UTD5.221–5.224): the same order as
 * `/sector choose`, carrying the question's id so the button of an older question is refused. The
 * rules decide who may answer (the explorer or their proxy, UTD3.2); a refusal is ephemeral and
 * changes nothing, an answer is announced in public like any order.
 */
export async function onExploreButton(i: ButtonInteraction, app: AppContext): Promise<CommandOutcome> {
  const [, offer, answer] = EXPLORE_CUSTOM_ID.exec(i.customId)!;
  const channelId = i.channel?.isThread() ? (i.channel.parentId ?? i.channelId) : i.channelId;
  const result = await runCommand(app, {
    target: { guildId: i.guildId!, channelId },
    actor: {
      userId: i.user.id,
      displayName: (i.member as GuildMember | null)?.displayName ?? i.user.globalName ?? i.user.username,
      isServerAdmin: Boolean(i.memberPermissions?.has(PermissionFlagsBits.ManageGuild)),
    },
    command: { type: 'explore-choice', answer: answer as ExplorationReply, offer: Number(offer) },
    interactionId: i.id,
    interactionToken: i.token,
  });
  return presentAfterCommand(i, result, { via: 'button', app, channelId });
}
