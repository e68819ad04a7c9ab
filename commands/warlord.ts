import {
  ApplicationCommandOptionType,
  AttachmentBuilder,
  MessageFlags,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { readTextUpload } from '../src/app/uploads.ts';
import { checkWarlordSheet, runWarlord, warlordMapViews, warlordStatus } from '../src/app/warlord-commands.ts';
import { readArgs } from '../src/discord/args.ts';
import { warlordGalaxyImage, warlordSectorImage } from '../src/discord/images.ts';
import { permissionWarningHere } from '../src/discord/permission-check.ts';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { deferFirst, presentError, send, sendLong } from '../src/discord/present.ts';
import { standbyVoteRows } from '../src/discord/components-warlord.ts';
import { presentWarlord } from '../src/discord/warlord-present.ts';
import { editSheetBy, openSheetModal, submitSheet } from '../src/discord/warlord-sheets.ts';
import { splitMessage } from '../src/discord/words.ts';

const S = ApplicationCommandOptionType.String;
const I = ApplicationCommandOptionType.Integer;
const A = ApplicationCommandOptionType.Attachment;
const U = ApplicationCommandOptionType.User;
const SUB = ApplicationCommandOptionType.Subcommand;
const GROUP = ApplicationCommandOptionType.SubcommandGroup;
/** A sheet file: far above any real sheet (100 ships × 6 slots fit in a tenth), as the rules' own limit. */
const SHEET_BYTES = 50_000;
const sheetFile = {
  type: A,
  name: 'file',
  description: 'Your order sheet as a text file (§9)',
  required: true,
} as const;

const data = {
  name: 'warlord',
  description: 'Star Fleet Warlord: corporations, order sheets, computer-moderated turns',
  options: [
    {
      type: SUB,
      name: 'create',
      description: 'Create a Star Fleet Warlord game in this channel',
      options: [{ type: S, name: 'name', description: 'Game name', required: true, max_length: 60 }],
    },
    {
      type: SUB,
      name: 'join',
      description: 'Found your corporation in the game (§1.4)',
      options: [
        { type: S, name: 'corporation', description: 'Its name (1–20 characters)', required: true, max_length: 20 },
      ],
    },
    {
      type: SUB,
      name: 'start',
      description: 'Start: generate the galaxy and open turn 0 (a player)',
      options: [
        { type: I, name: 'width', description: 'Sectors across (4–10)', required: true, min_value: 4, max_value: 10 },
        { type: I, name: 'height', description: 'Sectors down (4–10)', required: true, min_value: 4, max_value: 10 },
        {
          type: I,
          name: 'turn_hours',
          description: 'Hours between deadlines (default 168)',
          min_value: 1,
          max_value: 720,
        },
      ],
    },
    {
      type: SUB,
      name: 'sheet',
      description: 'Submit (or revise) your order sheet: a file, or without one a form holding your sheet',
      options: [{ ...sheetFile, required: false }],
    },
    {
      type: SUB,
      name: 'order',
      description: 'Set one slot of one ship on your sheet (§4.3), checked again',
      options: [
        { type: S, name: 'ship', description: 'Race, class and number, e.g. F CA 12', required: true, max_length: 20 },
        { type: I, name: 'slot', description: 'Slot 1–6', required: true, min_value: 1, max_value: 6 },
        {
          type: S,
          name: 'order',
          description: 'A hex CCRR, "-", or a ship order (PRSP, SCAN TERR, REPR…)',
          required: true,
          max_length: 20,
        },
      ],
    },
    {
      type: GROUP,
      name: 'misc',
      description: 'Add or remove a misc order on your sheet (§9), checked again',
      options: [
        {
          type: SUB,
          name: 'add',
          description: 'Add a misc order after the others (e.g. PS F CA, A% 110)',
          options: [{ type: S, name: 'order', description: 'The order line', required: true, max_length: 100 }],
        },
        {
          type: SUB,
          name: 'remove',
          description: 'Remove the n-th misc order of your sheet',
          options: [{ type: I, name: 'number', description: '1 = the first misc order', required: true, min_value: 1 }],
        },
      ],
    },
    {
      type: SUB,
      name: 'check',
      description: 'Dry-run a sheet: errors by line and a preview, only for you',
      options: [sheetFile],
    },
    { type: SUB, name: 'status', description: 'The game, its deadline, whose orders are in, your treasury' },
    {
      type: SUB,
      name: 'standby',
      description: 'Propose handing a seat waived more than twice in a row to a standby player (§11.4)',
      options: [
        {
          type: I,
          name: 'corporation',
          description: 'The silent corporation (its number)',
          required: true,
          min_value: 1,
        },
        { type: U, name: 'player', description: 'The standby player, not yet in the game', required: true },
      ],
    },
    {
      type: SUB,
      name: 'vote',
      description: 'Vote on handing a seat to a standby player (§11.4)',
      options: [
        { type: I, name: 'corporation', description: 'The seat voted on (its number)', required: true, min_value: 1 },
        {
          type: S,
          name: 'choice',
          description: 'Hand the seat over?',
          required: true,
          choices: [
            { name: 'yes', value: 'yes' },
            { name: 'no', value: 'no' },
          ],
        },
      ],
    },
    {
      type: SUB,
      name: 'map',
      description: 'Your sector map and galaxy overview, as your corporation knows them',
      options: [{ type: S, name: 'sector', description: 'Sector, e.g. 21 (default: your home)', max_length: 2 }],
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

async function readSheet(file: { size: number; url: string }) {
  return readTextUpload(file, { maxBytes: SHEET_BYTES, rule: '§9.1', codePrefix: 'warlord', what: 'order sheet' });
}

async function sendSheetFile(
  i: ChatInputCommandInteraction,
  ctx: CommandContext,
  file: { size: number; url: string },
): Promise<CommandOutcome> {
  // Downloading the file may take longer than Discord's 3 s; the answer is private either way.
  await deferFirst(i);
  const upload = await readSheet(file);
  if (!upload.ok) return presentError(i, upload.error);
  return submitSheet(i, ctx, upload.value);
}

/** Thin: each subcommand is one app call (src/app/warlord-commands.ts), presented by warlord-present.ts. */
async function execute(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const args = readArgs(i, data);
  const req = { target: ctx.target, actor: ctx.actor, interactionId: i.id, interactionToken: i.token };
  switch (args.sub) {
    case 'create': {
      const result = await runWarlord(ctx.app, req, { type: 'create', name: args.name });
      const outcome = await presentWarlord(i, ctx, result);
      // Docs/delivery.md: each permission the bot lacks here is named with what it breaks.
      const warning = result.ok && !result.duplicate ? permissionWarningHere(i) : null;
      if (warning) await i.followUp({ content: warning, allowedMentions: { parse: [] } });
      return outcome;
    }
    case 'join':
      return presentWarlord(
        i,
        ctx,
        await runWarlord(ctx.app, req, { type: 'warlord-join', corpName: args.corporation }),
      );
    case 'start':
      return presentWarlord(
        i,
        ctx,
        await runWarlord(ctx.app, req, {
          type: 'warlord-start',
          width: args.width,
          height: args.height,
          turnHours: args.turn_hours ?? 168,
        }),
      );
    case 'sheet':
      // No file: the form holding the sheet in (a modal must be the first answer, so no defer).
      if (!args.file) return openSheetModal(i, ctx);
      return sendSheetFile(i, ctx, args.file);
    case 'check': {
      // Downloading the file may take longer than Discord's 3 s; the answer is private either way.
      await deferFirst(i);
      const upload = await readSheet(args.file);
      if (!upload.ok) return presentError(i, upload.error);
      const check = await checkWarlordSheet(ctx.app, ctx.target.channelId, ctx.actor.userId, upload.value);
      if (!check.ok) return presentError(i, { code: 'warlord/check', rule: '§11', message: check.message });
      const [first, ...rest] = splitMessage(['🔎 Dry run (nothing submitted):', ...check.lines].join('\n'));
      await send(i, { content: first!, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
      for (const more of rest) await i.followUp({ content: more, flags: MessageFlags.Ephemeral });
      return { ok: true };
    }
    case 'standby': {
      const result = await runWarlord(ctx.app, req, {
        type: 'warlord-standby',
        corp: args.corporation,
        userId: args.player.id,
      });
      // An open vote gets Yes and No buttons under its news (the ballot `/warlord vote` casts).
      const open =
        result.ok &&
        !result.duplicate &&
        (result.state as { standby?: Record<string, unknown> }).standby?.[String(args.corporation)];
      return presentWarlord(i, ctx, result, undefined, open ? standbyVoteRows(args.corporation) : undefined);
    }
    case 'vote':
      return presentWarlord(
        i,
        ctx,
        await runWarlord(ctx.app, req, { type: 'warlord-standby-ballot', corp: args.corporation, choice: args.choice }),
      );
    case 'order':
      return editSheetBy(i, ctx, { kind: 'slot', ship: args.ship, slot: args.slot, order: args.order });
    case 'add':
      return editSheetBy(i, ctx, { kind: 'misc-add', order: args.order });
    case 'remove':
      return editSheetBy(i, ctx, { kind: 'misc-remove', index: args.number });
    case 'map': {
      // Drawing two pictures may pass Discord's 3 s; the answer is private (fog of war, §8).
      await deferFirst(i);
      const views = await warlordMapViews(ctx.app, ctx.target.channelId, ctx.actor.userId, args.sector ?? null);
      if (!views.ok) return presentError(i, { code: 'warlord/map', rule: '§8', message: views.message });
      await send(i, {
        content: `🗺️ Turn ${views.galaxy.turn}: sector ${views.sector.sector} and the galaxy as ${views.galaxy.corpName} knows them.`,
        files: [
          new AttachmentBuilder(await warlordSectorImage(views.sector), { name: `sector-${views.sector.sector}.png` }),
          new AttachmentBuilder(await warlordGalaxyImage(views.galaxy), { name: 'galaxy.png' }),
        ],
        flags: MessageFlags.Ephemeral,
        allowedMentions: { parse: [] },
      });
      return { ok: true };
    }
    case 'status': {
      const lines = await warlordStatus(ctx.app, ctx.target.channelId, ctx.actor.userId);
      if (!lines)
        return presentError(i, {
          code: 'campaign/none',
          rule: '§11',
          message: 'There is no Warlord game in this channel.',
        });
      await sendLong(i, lines.join('\n'), {
        flags: MessageFlags.Ephemeral,
        allowedMentions: { parse: [] },
        name: 'status.txt',
      });
      return { ok: true };
    }
  }
}

export const warlordCommand: SlashCommand = { data, execute };
