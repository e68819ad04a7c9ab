import {
  ApplicationCommandOptionType,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { CommandInput } from '../src/app/run-command.ts';
import { readArgs, subcommand, type InvocationOf } from '../src/discord/args.ts';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { sendPlayerView } from '../src/discord/player-view.ts';
import { respondChoices, stateFor } from '../src/discord/autocomplete.ts';
import { confirmFirst } from '../src/discord/confirmations.ts';
import { defenseStatusText } from '../src/discord/defense-words.ts';
import { execute, presentError } from '../src/discord/present.ts';
import { defenseChoices } from '../src/discord/views/defense-choices.ts';

const S = ApplicationCommandOptionType.String;
const sector = (description: string) =>
  ({ type: S, name: 'sector', description, required: true, autocomplete: true }) as const;
const sub = subcommand;

const data = {
  name: 'defense',
  description: 'Defenses: monitors, ground bases, DefSats, repair freighter, defending ships (UTD6.3A, 7.3)',
  options: [
    sub('revise', 'Overhaul, scrap and buy the defenses of one sector (1 OP, UTD6.3A)', [
      sector('Your home, or your fortified colony, mine or dead sector'),
      {
        type: S,
        name: 'buy',
        description: 'Units to buy, e.g. NEU-GBDP x2, NEU-DEFSAT (arrive at step 10)',
        autocomplete: true,
        max_length: 200,
      },
      {
        type: S,
        name: 'scrap',
        description: 'Your defenses there to scrap for half value, e.g. B12, B13',
        autocomplete: true,
        max_length: 200,
      },
    ]),
    sub('scrap', 'Scrap defenses of one sector for half their value (1 OP, UTD6.3F)', [
      sector('Sector of your defenses'),
      {
        type: S,
        name: 'units',
        description: 'Defense ids, comma separated, or all',
        required: true,
        autocomplete: true,
        max_length: 200,
      },
    ]),
    sub('status', 'Defenses by sector: limits, battle move cost, what may be bought', [
      { type: ApplicationCommandOptionType.User, name: 'player', description: 'Whose defenses (default: yours)' },
      { type: ApplicationCommandOptionType.Boolean, name: 'public', description: 'Post it for everyone' },
    ]),
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

function commandOf(args: Exclude<InvocationOf<typeof data>, { sub: 'status' }>): CommandInput | null {
  switch (args.sub) {
    case 'revise': {
      const c: CommandInput = { type: 'defense-revise', sector: args.sector };
      if (args.buy) c.buy = args.buy;
      if (args.scrap) c.scrap = args.scrap;
      return c;
    }
    case 'scrap':
      return { type: 'defense-scrap', sector: args.sector, units: args.units };
    default:
      return null;
  }
}

async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const args = readArgs(i, data);
  if (args.sub === 'status') return status(i, ctx);
  const command = commandOf(args);
  if (!command)
    return presentError(i, {
      code: 'command/unknown',
      rule: 'UTD6.3A',
      message: `\`/defense ${String((args as { sub: string }).sub).slice(0, 30)}\` is not a defense order.`,
      hint: 'See `/help`.',
    });
  // Scrapped defenses are gone for good: Confirm/Cancel first (UTD6.121).
  if (command.type === 'defense-scrap') {
    return confirmFirst(i, ctx, {
      command,
      question: `Scrap ${command.units.slice(0, 60)} in ${command.sector.slice(0, 30)}?`,
      consequence: 'They leave play for half their value, for 1 order point (UTD6.3F).',
      rule: 'UTD6.3F',
      again: '/defense scrap',
    });
  }
  if (command.type === 'defense-revise' && command.scrap) {
    return confirmFirst(i, ctx, {
      command,
      question: `Revise the defenses of ${command.sector.slice(0, 30)}, scrapping ${command.scrap.slice(0, 60)}?`,
      consequence:
        'Scrapped units leave play for half their value; purchases arrive at step 10 (1 order point, UTD6.3A).',
      rule: 'UTD6.3A',
      again: '/defense revise',
    });
  }
  return execute(i, ctx, command);
}

function status(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  return sendPlayerView(i, ctx, defenseStatusText);
}

/** Autocomplete: your defense sectors, the units you may buy there, your defenses to scrap. */
async function autocomplete(i: AutocompleteInteraction, ctx: CommandContext): Promise<void> {
  const state = await stateFor(ctx);
  if (!state) return i.respond([]);
  const focused = i.options.getFocused(true);
  return respondChoices(
    i,
    defenseChoices(state, await ctx.app.catalogs.get(state.catalogVersion), ctx.actor.userId, {
      focused: focused.name,
      typed: String(focused.value),
      kind: i.options.getSubcommand(),
      sector: i.options.getString('sector'),
    }),
  );
}

export const defenseCommand: SlashCommand = { data, execute: run, autocomplete };
