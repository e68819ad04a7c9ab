import { MessageFlags, type ButtonInteraction, type StringSelectMenuInteraction } from 'discord.js';
import { versionedCampaign } from '../app/campaigns.ts';
import { runCommand, type CommandInput } from '../app/run-command.ts';
import type { CampaignState } from '../rules/thunderdome/index.ts';
import type { CommandContext, CommandOutcome } from './command.ts';
import { presentAfterCommand, presentError } from './present.ts';
import { send } from './send.ts';

export { componentId, parseComponentId, type ComponentAction } from './component-ids.ts';

/*
 * Buttons and select menus under the bot's posts (docs/components.md): the next step of a turn,
 * a battle, a vote, without typing a command. Every custom id is `cm:<action>:<args…>` (≤ 100
 * characters, Discord's limit) and carries what makes it valid: the turn it was posted for, the
 * proposal it answers, the campaign version its choices were computed from. A press checks that
 * first and answers a stale one privately; then it runs the very command the slash command runs,
 * through `runCommand` (one transaction, the same refusals citing the same rules).
 */

/** A press the bot answers: a button, or a pick in a string menu. */
export type ComponentPress = ButtonInteraction | StringSelectMenuInteraction;

export type ComponentHandler = (i: ComponentPress, args: string[], ctx: CommandContext) => Promise<CommandOutcome>;

/** The campaign of the interaction's channel (a battle thread's parent), with its version. */
export async function campaignHere(ctx: CommandContext): Promise<{ state: CampaignState; version: number } | null> {
  return versionedCampaign(ctx.app, ctx.target.channelId);
}

/** A private answer to a press that can no longer do what it offered; nothing was changed. */
export async function stale(i: ComponentPress, why: string, next: string): Promise<CommandOutcome> {
  await send(i, {
    content: `⌛ ${why} Nothing was done.\n💡 ${next}`,
    flags: MessageFlags.Ephemeral,
    allowedMentions: { parse: [] },
  });
  return { ok: false };
}

/** A private note (a menu's next step, a reason a choice is not offered). */
export async function privately(i: ComponentPress, content: string): Promise<CommandOutcome> {
  await send(i, { content, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
  return { ok: true };
}

/**
 * Runs a command chosen in a menu: the same use case as the slash command, refused if the campaign
 * changed since the menu's choices were computed (`version`, carried in its custom id). The menu is
 * taken away first (so it cannot be used twice) and the public announcement follows, as after a
 * Confirm button.
 */
export async function runChosen(
  i: ComponentPress,
  ctx: CommandContext,
  command: CommandInput,
  opts: { version: number | null; doing: string; again: string },
): Promise<CommandOutcome> {
  const menu = i.message.flags.has(MessageFlags.Ephemeral);
  if (menu) await i.update({ content: `⏳ ${opts.doing}`, components: [] });
  const result = await runCommand(ctx.app, {
    target: ctx.target,
    actor: ctx.actor,
    command,
    interactionId: i.id,
    ...(opts.version === null ? {} : { expectedVersion: opts.version }),
  });
  // The menu said what was being done: a refusal says it was not (the reason follows privately).
  if (menu && !result.ok)
    await i
      .editReply({
        content: `❌ Not done: ${opts.doing.charAt(0).toLowerCase()}${opts.doing.slice(1).replace(/…$/, '')}.`,
      })
      .catch(() => {});
  if (!result.ok && result.error.code === 'command/stale')
    return presentError(i, {
      ...result.error,
      message: `The campaign changed since these choices were listed (${result.error.message.replace(/^.*\((version [^)]*)\).*$/s, '$1')}). Nothing was done.`,
      hint: `Press the button on the newest post again for fresh choices, or use \`${opts.again}\`.`,
    });
  return presentAfterCommand(i, result, { via: 'button', app: ctx.app, channelId: ctx.target.channelId });
}
