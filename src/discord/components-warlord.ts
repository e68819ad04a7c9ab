import { ActionRowBuilder, ButtonBuilder, ButtonStyle } from 'discord.js';
import { runWarlord, warlordNews } from '../app/warlord-commands.ts';
import { AFTER_COMMAND_STEPS, runAfterCommand } from './after-command.ts';
import { componentId } from './component-ids.ts';
import type { ComponentHandler } from './components.ts';
import { delivererOf } from './deliverer.ts';
import { presentError, send } from './present.ts';
import { pingOnly } from './send.ts';

/** Yes and No under a standby proposal (§11.4): the ballot `/warlord vote` casts. */
export function standbyVoteRows(corp: number): ActionRowBuilder<ButtonBuilder>[] {
  return [
    new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder()
        .setCustomId(componentId('wv', corp, 'yes'))
        .setLabel('Yes')
        .setEmoji('✅')
        .setStyle(ButtonStyle.Success),
      new ButtonBuilder()
        .setCustomId(componentId('wv', corp, 'no'))
        .setLabel('No')
        .setEmoji('❌')
        .setStyle(ButtonStyle.Danger),
    ),
  ];
}

/**
 * A ballot by button: the same command as `/warlord vote`, refused with the same words and rule
 * (a closed vote, a player outside the electorate); the news of the ballot (and of a decided vote)
 * answers it in the channel, as the slash command does.
 */
const castStandbyByButton: ComponentHandler = async (i, [corp, choice], ctx) => {
  const result = await runWarlord(
    ctx.app,
    { target: ctx.target, actor: ctx.actor, interactionId: i.id },
    { type: 'warlord-standby-ballot', corp: Number(corp), choice: choice ?? '' },
  );
  if (!result.ok) return presentError(i, result.error);
  if (!result.duplicate) {
    await send(i, {
      content: warlordNews(result).join('\n') || '✅ Done.',
      allowedMentions: pingOnly([ctx.actor.userId]),
    });
    const news = result.outbox?.find((r) => r.kind === 'warlord-news');
    const deliverer = delivererOf(i.client);
    if (news && deliverer) await deliverer.replied(news.id);
  }
  await runAfterCommand(
    i.client,
    result,
    { via: 'button', channelId: ctx.target.channelId, app: ctx.app },
    AFTER_COMMAND_STEPS.filter((s) => s.name !== 'reply'),
  );
  return { ok: true };
};

export const WARLORD_COMPONENTS = { wv: castStandbyByButton } as const satisfies Record<string, ComponentHandler>;
