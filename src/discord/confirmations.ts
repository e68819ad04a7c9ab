import { randomBytes } from 'node:crypto';
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  MessageFlags,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
} from 'discord.js';
import type { AppContext } from '../app/context.ts';
import { previewCommand } from '../app/preview.ts';
import { runCommand, type CommandInput, type CommandTarget } from '../app/run-command.ts';
import type { Actor } from '../rules/thunderdome/index.ts';
import { postBattleUpdates } from './battle-threads.ts';
import type { CommandContext, CommandOutcome } from './command.ts';
import { execute, presentError, presentResult } from './present.ts';
import { postOpenedVotes } from './votes.ts';
import { mention } from './words.ts';

/** An irreversible step that is asked about before it is done (UTD6.121). */
export interface ConfirmStep {
  command: Exclude<CommandInput, { type: 'create' }>;
  /** What the player is about to do, as a question ("End your turn?"). */
  question: string;
  /** What follows and why it cannot be taken back. */
  consequence: string;
  /** The rule the step is made under, cited when a stale button is refused. */
  rule: string;
  /** The slash command to run again after a refusal, e.g. `/turn end`. */
  again: string;
}

interface Pending {
  step: ConfirmStep;
  actor: Actor;
  target: CommandTarget;
  version: number;
  expiresAt: number;
}

/**
 * Confirm/Cancel buttons: `confirm:<yes|no>:<token>:<version>`. The version the player saw is in
 * the button itself, so a button pressed after the campaign changed is refused whatever this
 * process remembers; the command itself (which may name 200 characters of ship ids) is kept here.
 */
const CUSTOM_ID = /^confirm:(yes|no):([0-9a-f]{12}):(\d+)$/;

export function isConfirmButton(customId: string): boolean {
  return CUSTOM_ID.test(customId);
}

/**
 * The prompts waiting for a click, per bot process. A restart forgets them: the buttons then
 * answer that the confirmation is gone and nothing was done (ephemeral prompts are short-lived
 * anyway; Discord lets the bot edit one for 15 minutes).
 */
export class ConfirmationBook {
  static readonly LIFETIME_MS = 15 * 60_000;
  private readonly pending = new Map<string, Pending>();

  add(entry: Pending): string {
    const token = randomBytes(6).toString('hex');
    this.pending.set(token, entry);
    return token;
  }

  /** Takes a prompt out, so a second click (or a click racing it) finds nothing to run. */
  take(token: string, now: number): Pending | null {
    const entry = this.pending.get(token);
    this.pending.delete(token);
    for (const [t, e] of this.pending) if (e.expiresAt <= now) this.pending.delete(t);
    return entry && entry.expiresAt > now ? entry : null;
  }

  putBack(token: string, entry: Pending): void {
    this.pending.set(token, entry);
  }

  get size(): number {
    return this.pending.size;
  }
}

/**
 * Asks before an irreversible step: the rules are consulted first (a refusal is shown at once),
 * then an ephemeral prompt with Confirm and Cancel carries the campaign version. Without a
 * confirmation book (a command run outside the router) the step runs directly.
 */
export async function confirmFirst(
  i: ChatInputCommandInteraction,
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
  const [, answer, token, versionText] = CUSTOM_ID.exec(i.customId)!;
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
  const outcome = await presentResult(i, result);
  await postBattleUpdates(app, i.client, entry.target.channelId, result);
  await postOpenedVotes(app, i.client, entry.target.channelId, result);
  return outcome;
}
