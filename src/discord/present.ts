import type { RepliableInteraction } from 'discord.js';
import { campaignsOfUser } from '../app/campaigns.ts';
import { runCommand, type CommandInput, type CommandResult } from '../app/run-command.ts';
import type { RuleError } from '../rules/errors.ts';
import { runAfterCommand, type AfterCommandWhere } from './after-command.ts';
import type { CommandContext, CommandOutcome } from './command.ts';
import { sendError } from './send.ts';

// Command files import `send` from here; it lives in send.ts so the steps can use it without a cycle.
export { deferFirst, send, sendLong } from './send.ts';

/**
 * Turns a use case's result into Discord messages: a refusal is an ephemeral error citing the
 * rule; a change is announced publicly in the reply, and everything else that follows a command
 * (turn starts pinging the next player, battle threads, vote and map approval messages) runs
 * through the one list of after-command steps (after-command.ts; UTD3.1: everything at campaign
 * level is public).
 */
export async function presentResult(interaction: RepliableInteraction, result: CommandResult): Promise<CommandOutcome> {
  return presentAfterCommand(interaction, result, {
    via: interaction.isButton() ? 'button' : 'slash',
    channelId: result.ok && !result.duplicate ? result.state.channelId : (interaction.channelId ?? ''),
  });
}

/**
 * `presentResult` where the caller knows the app and the campaign channel (a command run by
 * `execute`, a Confirm button). A failed reply is rethrown once the other steps have run, so the
 * router still tells the player that Discord refused it (design §3.5).
 */
export async function presentAfterCommand(
  interaction: RepliableInteraction,
  result: CommandResult,
  where: Omit<AfterCommandWhere, 'interaction'>,
): Promise<CommandOutcome> {
  const report = await runAfterCommand(interaction.client, result, { ...where, interaction });
  const replyFailed = report.failures.find((f) => f.step === 'reply');
  if (replyFailed) throw replyFailed.err;
  return { ok: result.ok };
}

export async function presentError(interaction: RepliableInteraction, error: RuleError): Promise<CommandOutcome> {
  await sendError(interaction, error);
  return { ok: false };
}

/**
 * Runs one campaign command for the interaction's user in its channel and presents the outcome:
 * a slash command, or a button or menu under a post (components.ts), which take the same path.
 */
export async function execute(
  interaction: RepliableInteraction,
  ctx: CommandContext,
  command: CommandInput,
): Promise<CommandOutcome> {
  const result = await runCommand(ctx.app, {
    target: ctx.target,
    actor: ctx.actor,
    command,
    interactionId: interaction.id,
    interactionToken: interaction.token,
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
  return presentAfterCommand(interaction, result, {
    via: interaction.isMessageComponent() ? 'button' : 'slash',
    app: ctx.app,
    channelId: ctx.target.channelId,
  });
}
