import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  MessageFlags,
  type ButtonInteraction,
  type RepliableInteraction,
} from 'discord.js';
import type { AppContext } from '../app/context.ts';
import { previewCommand } from '../app/preview.ts';
import { runCommand } from '../app/run-command.ts';
import type { CommandContext, CommandOutcome } from './command.ts';
import { CONFIRM_CUSTOM_ID, ConfirmationBook, type ConfirmStep } from './confirmation-book.ts';
import { execute, presentAfterCommand, presentError } from './present.ts';
import { mention } from './words.ts';

export { ConfirmationBook, isConfirmButton, type ConfirmStep } from './confirmation-book.ts';

/**
 * Asks before an irreversible step: the rules are consulted first (a refusal is shown at once),
 * then an ephemeral prompt with Confirm and Cancel carries the campaign version. Without a
 * confirmation book (a command run outside the router) the step runs directly.
 */
export async function confirmFirst(
  i: RepliableInteraction,
  ctx: CommandContext,
  step: ConfirmStep,
): Promise<CommandOutcome> {
  const book = ctx.confirmations;
  if (!book) return execute(i, ctx, step.command);
  const preview = await previewCommand(ctx.app, ctx.target, ctx.actor, step.command);
  // No campaign here: the ordinary path explains where the player's campaign lives.
  if (preview.ok && preview.version === null) return execute(i, ctx, step.command);
  if (!preview.ok) return presentError(i, preview.error);
  const version = preview.version!;
  const expiresAt = ctx.app.clock.now().getTime() + ConfirmationBook.LIFETIME_MS;
  const token = book.add({ step, actor: ctx.actor, target: ctx.target, version, expiresAt });
  const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder().setCustomId(`confirm:yes:${token}:${version}`).setLabel('Confirm').setStyle(ButtonStyle.Danger),
    new ButtonBuilder()
      .setCustomId(`confirm:no:${token}:${version}`)
      .setLabel('Cancel')
      .setStyle(ButtonStyle.Secondary),
  );
  await i.reply({
    content: `⚠️ **${step.question}** ${step.consequence}\nThis cannot be undone. If the campaign changes before you press Confirm, the button is refused (campaign version ${version}; it expires <t:${Math.floor(expiresAt / 1000)}:R>).`,
    components: [row],
    flags: MessageFlags.Ephemeral,
  });
  return { ok: true };
}

/** A press on Confirm or Cancel. Only the player who asked may press; a stale version is refused. */
export async function onConfirmButton(
  i: ButtonInteraction,
  book: ConfirmationBook,
  app: AppContext,
): Promise<CommandOutcome> {
  const [, answer, token, versionText] = CONFIRM_CUSTOM_ID.exec(i.customId)!;
  const entry = book.take(token!, app.clock.now().getTime());
  if (!entry) {
    await i.update({
      content:
        '⌛ This confirmation is no longer available (it expired, was already answered, or the bot restarted). Nothing was done; run the command again.',
      components: [],
    });
    return { ok: false };
  }
  if (entry.actor.userId !== i.user.id) {
    book.putBack(token!, entry);
    await i.reply({
      content: `Only ${mention(entry.actor.userId)} can answer this confirmation.`,
      flags: MessageFlags.Ephemeral,
      allowedMentions: { parse: [] },
    });
    return { ok: false };
  }
  if (answer === 'no') {
    await i.update({
      content: `Cancelled: ${entry.step.question.replace(/\?$/, '').toLowerCase()} — nothing was done.`,
      components: [],
    });
    return { ok: true };
  }
  // Acknowledge at once (Discord's 3 seconds) and take the buttons away so they cannot be pressed twice.
  await i.update({ content: `⏳ Confirmed: ${entry.step.question.replace(/\?$/, '').toLowerCase()}.`, components: [] });
  const expectedVersion = Number(versionText);
  const result = await runCommand(app, {
    target: entry.target,
    actor: entry.actor,
    command: entry.step.command,
    interactionId: i.id,
    expectedVersion,
  });
  if (!result.ok && result.error.code === 'command/stale') {
    return presentError(i, {
      ...result.error,
      rule: entry.step.rule,
      hint: `Look at what happened in the channel, then run \`${entry.step.again}\` again if you still want to.`,
    });
  }
  return presentAfterCommand(i, result, { via: 'button', app, channelId: entry.target.channelId });
}
