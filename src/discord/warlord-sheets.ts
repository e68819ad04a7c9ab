import {
  ActionRowBuilder,
  type ChatInputCommandInteraction,
  type ModalActionRowComponentBuilder,
  ModalBuilder,
  type ModalSubmitInteraction,
  TextInputBuilder,
  TextInputStyle,
} from 'discord.js';
import type { CommandResult } from '../app/run-command.ts';
import { checkWarlordSheet, runWarlord, warlordSheetDraft, warlordTurn } from '../app/warlord-commands.ts';
import { type WarlordCampaign, sheetReply } from '../app/warlord-ruleset.ts';
import type { SheetEdit } from '../rules/warlord/sheet-edit.ts';
import type { CommandContext, CommandOutcome } from './command.ts';
import { presentError } from './present.ts';
import { presentWarlord } from './warlord-present.ts';

/**
 * Order sheets without a file (§9.1, §11.3: revisable until the deadline): `/warlord sheet` with no
 * file opens a modal holding the sheet in (or the blank one), split over up to five paragraph
 * inputs of 4,000 characters (Discord's limits); its submission goes the same way as a file — the
 * same check, errors by line, the same submit command. Small edits (`/warlord order`, `/warlord
 * misc`) are one command each, answered with the check of the sheet they leave.
 */

/** Discord's limits: a paragraph input holds 4,000 characters, a modal five inputs. */
export const MODAL_INPUT_CHARS = 4000;
export const MODAL_INPUTS = 5;
const MODAL_PREFIX = 'wl:sheet:';
const RECEIVED = '📨 Sheet received; you may revise it until the deadline (§11.3).';

/**
 * A sheet cut into at most `parts` pieces of at most `size` characters, at line ends where it can
 * (a line longer than a piece is cut inside). Null when it does not fit. Joining the pieces with
 * newlines gives the sheet back.
 */
export function splitSheet(text: string, size = MODAL_INPUT_CHARS, parts = MODAL_INPUTS): string[] | null {
  const out: string[] = [];
  let current: string | null = null;
  const lines = text.split('\n');
  for (let line of lines) {
    if (current !== null && current.length + 1 + line.length <= size) {
      current = `${current}\n${line}`;
      continue;
    }
    if (current !== null) out.push(current);
    // A line longer than a piece: its head fills whole pieces. Joined by a newline, the cut is a
    // line break, which changes the sheet; such a line is not a sheet line anyway (none comes near).
    while (line.length > size) {
      out.push(line.slice(0, size));
      line = line.slice(size);
    }
    current = line;
  }
  if (current !== null) out.push(current);
  return out.length <= parts ? out : null;
}

export function isWarlordSheetModal(customId: string): boolean {
  return customId.startsWith(MODAL_PREFIX);
}

/** The modal for the sheet of game turn `turn`, prefilled; one spare input while fewer than five are used. */
export function sheetModal(turn: number, pieces: readonly string[]): ModalBuilder {
  const count = Math.min(MODAL_INPUTS, Math.max(1, pieces.length + (pieces.length < MODAL_INPUTS ? 1 : 0)));
  const rows = Array.from({ length: count }, (_, i) => {
    const input = new TextInputBuilder()
      .setCustomId(`part${i + 1}`)
      .setLabel(i === 0 ? 'Order sheet (§9): ship lines, then misc' : `Order sheet, continued (${i + 1})`)
      .setStyle(TextInputStyle.Paragraph)
      .setRequired(false)
      .setMaxLength(MODAL_INPUT_CHARS);
    const value = pieces[i];
    if (value) input.setValue(value);
    return new ActionRowBuilder<ModalActionRowComponentBuilder>().addComponents(input);
  });
  return new ModalBuilder()
    .setCustomId(`${MODAL_PREFIX}${turn}`)
    .setTitle(`Order sheet, turn ${turn}`)
    .addComponents(...rows);
}

/** `/warlord sheet` without a file: the modal, prefilled (or a private refusal naming why not). */
export async function openSheetModal(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const draft = await warlordSheetDraft(ctx.app, ctx.target.channelId, ctx.actor.userId);
  if (!draft.ok) return presentError(i, { code: 'warlord/sheet', rule: '§11', message: draft.message });
  const pieces = splitSheet(draft.text);
  if (!pieces)
    return presentError(i, {
      code: 'warlord/sheet-modal-size',
      rule: '§9.1',
      message: `Your sheet has ${draft.text.length} characters, more than a modal holds (${MODAL_INPUTS} × ${MODAL_INPUT_CHARS}): send it as a file with \`/warlord sheet file:\`.`,
    });
  await i.showModal(sheetModal(draft.turn, pieces));
  return { ok: true };
}

/** A sheet's text submitted (from a file or a modal): checked, submitted, answered privately with its check. */
export async function submitSheet(
  i: ChatInputCommandInteraction | ModalSubmitInteraction,
  ctx: CommandContext,
  text: string,
): Promise<CommandOutcome> {
  const check = await checkWarlordSheet(ctx.app, ctx.target.channelId, ctx.actor.userId, text);
  const result = await runWarlord(ctx.app, request(i, ctx), { type: 'warlord-submit', text });
  return presentWarlord(i, ctx, result, [RECEIVED, ...(check.ok ? check.lines : [])]);
}

/** The modal's submission: the pieces joined, refused if the turn it was opened for has run. */
export async function onSheetModal(i: ModalSubmitInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const turn = Number(i.customId.slice(MODAL_PREFIX.length));
  const now = await warlordTurn(ctx.app, ctx.target.channelId);
  if (now !== null && now !== turn)
    return presentError(i, {
      code: 'warlord/stale-sheet',
      rule: '§11.3',
      message: `This sheet was opened for turn ${turn}, and the game is at turn ${now}: nothing was submitted. Open \`/warlord sheet\` again for this turn's sheet.`,
    });
  const pieces: string[] = [];
  for (let n = 1; n <= MODAL_INPUTS; n++) {
    const field = i.fields.fields.find((f) => 'customId' in f && f.customId === `part${n}`);
    if (field && 'value' in field && typeof field.value === 'string') pieces.push(field.value);
  }
  while (pieces.length > 0 && pieces.at(-1) === '') pieces.pop();
  return submitSheet(i, ctx, pieces.join('\n'));
}

/** `/warlord order` and `/warlord misc`: one edit of the sheet in, answered with the check of the sheet it leaves. */
export async function editSheetBy(
  i: ChatInputCommandInteraction,
  ctx: CommandContext,
  edit: SheetEdit,
): Promise<CommandOutcome> {
  const result = await runWarlord(ctx.app, request(i, ctx), { type: 'warlord-edit', edit });
  return presentWarlord(
    i,
    ctx,
    result,
    result.ok && !result.duplicate ? editLines(result, ctx.actor.userId) : undefined,
  );
}

function editLines(result: Extract<CommandResult, { ok: true; duplicate: false }>, userId: string): string[] {
  const state = result.state as unknown as WarlordCampaign;
  const me = state.players.find((p) => p.userId === userId);
  const text = me ? (state.sheets[String(me.corp)] ?? '') : '';
  const check = sheetReply(state, userId, text);
  return [
    RECEIVED,
    'Your sheet now reads:',
    '```',
    text || '(empty)',
    '```',
    ...(check ? check.split('\n') : ['✅ Every line reads correctly.']),
  ];
}

function request(i: ChatInputCommandInteraction | ModalSubmitInteraction, ctx: CommandContext) {
  return { target: ctx.target, actor: ctx.actor, interactionId: i.id, interactionToken: i.token };
}
