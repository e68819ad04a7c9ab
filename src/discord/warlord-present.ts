import {
  type ActionRowBuilder,
  type ButtonBuilder,
  MessageFlags,
  type ChatInputCommandInteraction,
  type ModalSubmitInteraction,
} from 'discord.js';
import type { CommandResult } from '../app/run-command.ts';
import { warlordNews } from '../app/warlord-commands.ts';
import { AFTER_COMMAND_STEPS, runAfterCommand } from './after-command.ts';
import type { CommandContext, CommandOutcome } from './command.ts';
import { delivererOf } from './deliverer.ts';
import { pingOnly, send, sendError } from './send.ts';
import { WORDS, splitMessage } from './words.ts';

/**
 * Presents a Warlord command's outcome: a refusal ephemeral with its rule; a change answered with
 * the channel's news (which finishes the news row of the outbox), or, for a sheet, privately with
 * its check (the channel is told only that the orders are in, by the deliverer). Then the outbox
 * is handed to the deliverer as for every command (after-command.ts, less its Thunderdome reply).
 */
export async function presentWarlord(
  i: ChatInputCommandInteraction | ModalSubmitInteraction,
  ctx: CommandContext,
  result: CommandResult,
  privateLines?: readonly string[],
  /** Buttons under the public answer (a standby proposal's Yes and No, §11.4). */
  components?: readonly ActionRowBuilder<ButtonBuilder>[],
): Promise<CommandOutcome> {
  if (!result.ok) {
    await sendError(i, result.error);
    return { ok: false };
  }
  if (result.duplicate) {
    await send(i, { content: WORDS.duplicate, flags: MessageFlags.Ephemeral });
    return { ok: true };
  }
  const news = result.outbox?.find((r) => r.kind === 'warlord-news');
  if (privateLines) {
    const [first, ...rest] = splitMessage(privateLines.join('\n') || '✅ Done.');
    await send(i, { content: first!, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
    for (const more of rest) await i.followUp({ content: more, flags: MessageFlags.Ephemeral });
  } else {
    const pings = pingOnly([ctx.actor.userId]);
    const [first, ...rest] = splitMessage(warlordNews(result).join('\n') || '✅ Done.');
    await send(i, { content: first!, allowedMentions: pings, ...(components ? { components: [...components] } : {}) });
    for (const more of rest) await i.followUp({ content: more, allowedMentions: pings });
    const deliverer = delivererOf(i.client);
    if (news && deliverer) await deliverer.replied(news.id);
  }
  await runAfterCommand(
    i.client,
    result,
    { via: 'slash', channelId: result.state.channelId, app: ctx.app },
    AFTER_COMMAND_STEPS.filter((s) => s.name !== 'reply'),
  );
  return { ok: true };
}
