import { randomBytes } from 'node:crypto';
import {
  ApplicationCommandOptionType,
  MessageFlags,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { CommandInput } from '../src/app/run-command.ts';
import { readArgs, subcommand, type InvocationOf } from '../src/discord/args.ts';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { sendPlayerView } from '../src/discord/player-view.ts';
import { respondChoices, stateFor } from '../src/discord/autocomplete.ts';
import { coReceiptText, officerListText } from '../src/discord/officer-words.ts';
import { CO_TEXT_MAX, coReceiptFor } from '../src/app/battles.ts';
import { execute, presentError } from '../src/discord/present.ts';
import { LEGENDARY_OFFICER_CHOICES } from '../src/app/choices.ts';
import { officerChoices } from '../src/discord/views/choices.ts';

const S = ApplicationCommandOptionType.String;
const ship = <const N extends string>(name: N, description: string) =>
  ({ type: S, name, description, required: true, autocomplete: true, max_length: 20 }) as const;
const yard = {
  type: S,
  name: 'yard',
  description: 'The activated yard (default: one that can)',
  autocomplete: true,
} as const;
const sub = subcommand;

const data = {
  name: 'officer',
  description: 'Legendary officers, outstanding crew, CO pools, minesweeper mines (UTD7.26A, 7.26B, 7.A2, 8.253)',
  options: [
    sub('buy', 'Assign a legendary officer at an activated yard, as a refit (UTD6.376, 7.26A)', [
      ship('ship', 'The SC3/SC4 warship that gets the officer'),
      {
        type: S,
        name: 'type',
        description: 'Officer type (one of each per navy, UTD8.23)',
        required: true,
        choices: LEGENDARY_OFFICER_CHOICES,
      },
      yard,
    ]),
    sub('transfer', 'Move an officer to another ship: an Organize Fleets order (1 OP, UTD6.33, 7.26A)', [
      ship('from', 'The ship the officer leaves'),
      ship('to', 'The ship that receives it'),
    ]),
    sub('crew', 'Give a ship your one outstanding crew at an activated yard (UTD7.26B)', [
      ship('ship', 'MC ≤ 1, not DN, tug, SC2, X, stasis or mauler'),
      yard,
    ]),
    // Navy loose ends: minesweeper mines (UTD8.253), bought as a refit like an officer.
    sub('mines', 'Buy mines for a minesweeper at an activated yard, as a refit (UTD8.253, 6.376)', [
      ship('ship', 'The minesweeper (SC4: 25 BPV of mines in all, SC3: 50)'),
      {
        type: S,
        name: 'bpv',
        description: 'BPV of mines to add, paid from the bank (e.g. 25)',
        required: true,
        max_length: 12,
      },
      yard,
    ]),
    // Secret commander's options (UTD7.A5): a commitment now, the reveal after the battle.
    sub('options', "Record your secret commander's-options assignment for a battle (UTD7.A5)", [
      { type: S, name: 'battle', description: 'The battle (e.g. K12)', required: true, max_length: 20 },
      {
        type: S,
        name: 'assignment',
        description: 'The options per unit, e.g. "S12: 2 T-bombs; S13: 4 extra drones"',
        required: true,
        max_length: CO_TEXT_MAX,
      },
    ]),
    sub('reveal', "Reveal your commander's options after the battle, with the receipt (UTD7.A5)", [
      { type: S, name: 'battle', description: 'The battle (e.g. K12)', required: true, max_length: 20 },
      { type: S, name: 'receipt', description: 'The receipt the bot gave you', required: true, max_length: 1600 },
    ]),
    sub('list', 'Officers, crew, CO pools, drone limits and mines of a navy', [
      { type: ApplicationCommandOptionType.User, name: 'player', description: 'Whose navy (default: yours)' },
      { type: ApplicationCommandOptionType.Boolean, name: 'public', description: 'Post it for everyone' },
    ]),
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

function commandOf(args: Exclude<InvocationOf<typeof data>, { sub: 'list' | 'options' }>): CommandInput | null {
  const at = 'yard' in args && args.yard ? { yard: args.yard } : {};
  switch (args.sub) {
    case 'buy':
      return { type: 'officer-buy', ship: args.ship, officer: args.type, ...at };
    case 'transfer':
      return { type: 'officer-transfer', from: args.from, to: args.to };
    case 'crew':
      return { type: 'crew-buy', ship: args.ship, ...at };
    case 'mines':
      return { type: 'mines-buy', ship: args.ship, bpv: args.bpv, ...at };
    case 'reveal':
      return { type: 'battle-options-reveal', battle: args.battle, receipt: args.receipt };
    default:
      return null;
  }
}

async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const args = readArgs(i, data);
  if (args.sub === 'list') return list(i, ctx);
  if (args.sub === 'options') return commitOptions(i, ctx, args.battle, args.assignment);
  const command = commandOf(args);
  if (!command)
    return presentError(i, {
      code: 'command/unknown',
      rule: 'UTD7.26A',
      message: `\`/officer ${String((args as { sub: string }).sub).slice(0, 30)}\` is not an officer order.`,
      hint: 'See `/help`.',
    });
  return execute(i, ctx, command);
}

/**
 * UTD7.A5: the salt is drawn here, outside the rules, so the stored commitment reveals nothing; the
 * receipt goes to the player alone, and only if the stored commitment is the one it opens (a
 * re-delivered interaction keeps the first salt).
 */
async function commitOptions(
  i: ChatInputCommandInteraction,
  ctx: CommandContext,
  battle: string,
  assignment: string,
): Promise<CommandOutcome> {
  const salt = randomBytes(16).toString('hex');
  const outcome = await execute(i, ctx, { type: 'battle-options', battle, salt, text: assignment });
  if (!outcome.ok) return outcome;
  const state = await stateFor(ctx);
  const receipt = state ? coReceiptFor(state, battle, salt, assignment) : null;
  if (receipt)
    await i.followUp({
      content: coReceiptText(receipt.battleId, receipt.receipt),
      flags: MessageFlags.Ephemeral,
      allowedMentions: { parse: [] },
    });
  return outcome;
}

function list(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  return sendPlayerView(i, ctx, officerListText);
}

/** Autocomplete: your ships that may take what the order gives, and your activated yards. */
async function autocomplete(i: AutocompleteInteraction, ctx: CommandContext): Promise<void> {
  const state = await stateFor(ctx);
  if (!state) return i.respond([]);
  const catalog = await ctx.app.catalogs.get(state.catalogVersion);
  return respondChoices(
    i,
    officerChoices(state, catalog, ctx.actor.userId, i.options.getFocused(true).name, i.options.getSubcommand()),
  );
}

export const officerCommand: SlashCommand = { data, execute: run, autocomplete };
