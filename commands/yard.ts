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
import { execute, presentError } from '../src/discord/present.ts';
import { yardStatusText } from '../src/discord/yard-words.ts';
import { yardOrderChoices } from '../src/discord/views/yard-choices.ts';

const S = ApplicationCommandOptionType.String;
const yard = {
  type: S,
  name: 'yard',
  description: 'The yard, or its sector (default: an activated one that can)',
  autocomplete: true,
} as const;
const ships = (description: string) =>
  ({ type: S, name: 'ships', description, required: true, autocomplete: true, max_length: 200 }) as const;
const to = <const R extends boolean>(required: R) =>
  ({ type: S, name: 'to', description: 'The configuration it becomes', required, autocomplete: true }) as const;
const fleet = { type: S, name: 'fleet', description: 'Your fleet', required: true, autocomplete: true } as const;
const cleared = {
  type: S,
  name: 'cleared',
  description: 'Ships the SFB repair left no longer crippled or wrecked',
  autocomplete: true,
  max_length: 100,
} as const;
// Officers and options: extra drones bought at build or refit (UTD7.A832), within the UTD7.A8321 limits.
const drones = {
  type: ApplicationCommandOptionType.Integer,
  name: 'drones',
  description: 'Extra drones to buy with it (UTD7.A8321 limit by MC)',
  min_value: 1,
  max_value: 30,
} as const;
const sub = subcommand;

const data = {
  name: 'yard',
  description: 'Shipyards: activate, build, overhaul, refit, convert, inspect; dry dock; repairs (UTD6.37–6.39)',
  options: [
    sub('activate', 'Activate the yards of a sector (1 OP, UTD6.37)', [
      { type: S, name: 'sector', description: 'Sector of your yards', autocomplete: true },
      yard,
      {
        type: S,
        name: 'forgo_repair',
        description: 'Damaged yards keeping works capacity, not self-repairing',
        autocomplete: true,
        max_length: 100,
      },
    ]),
    sub('build', 'Build a ship: MC of capacity, its BPV; arrives at turn end (UTD6.373)', [
      { type: S, name: 'unit', description: 'Ship class', required: true, autocomplete: true },
      yard,
      {
        type: ApplicationCommandOptionType.Integer,
        name: 'fleet',
        description: 'Fleet number to join (default: first with room)',
        min_value: 1,
        max_value: 20,
      },
      drones,
    ]),
    sub('overhaul', 'Overhaul ships: full repair, D9.4 reset; refit or convert too (UTD6.374)', [
      ships('Ship ids, comma separated'),
      to(false),
      yard,
    ]),
    sub('refit', 'Refit ships: half their MC of capacity (UTD6.375)', [
      ships('Ship ids, comma separated'),
      to(false),
      yard,
      drones,
    ]),
    sub('convert', 'Convert ships to another hull (UTD6.376)', [ships('Ship ids, comma separated'), to(true), yard]),
    sub('inspect', 'Inspect captured ships: 25% of BPV (UTD6.377)', [ships('Captured ship ids'), to(false), yard]),
    sub('status', 'Your yards: capacity used, condition, dry dock', [
      { type: ApplicationCommandOptionType.User, name: 'player', description: 'Whose yards (default: yours)' },
      { type: ApplicationCommandOptionType.Boolean, name: 'public', description: 'Post it for everyone' },
    ]),
    sub('construct', 'Build a shipyard at a developed colony (1 OP, UTD6.38)', [
      { type: S, name: 'sector', description: 'Your colony', required: true, autocomplete: true },
      { type: S, name: 'unit', description: 'Shipyard class', required: true, autocomplete: true },
    ]),
    sub('overhaul-yard', 'Overhaul a shipyard: 1 OP, no actions this turn (UTD6.3H)', [{ ...yard, required: true }]),
    sub('scrap', 'Scrap a shipyard for half its value (1 OP, UTD6.3F)', [{ ...yard, required: true }]),
    sub('damage', 'Record works boxes destroyed in a yard (UTD6.3724)', [
      { ...yard, required: true },
      {
        type: ApplicationCommandOptionType.Integer,
        name: 'works',
        description: 'Works boxes destroyed now',
        required: true,
        min_value: 0,
        max_value: 100,
      },
    ]),
    sub('dock', 'Organize a captured ship into dry dock (UTD6.3I5)', [
      { type: S, name: 'ship', description: 'The captured ship', required: true, autocomplete: true },
      yard,
    ]),
    sub('undock', 'Move docked ships into one fleet (1 OP, UTD7.66)', [
      ships('Docked ship ids'),
      { ...fleet, description: 'Fleet number (a free one makes a new fleet)' },
    ]),
    sub('repair-fleet', 'D9.4 repairs for a fleet at your colony (UTD4.335)', [fleet, cleared]),
    sub('repair-ships', 'D9.4 by the fleet’s repair freighter, 1–2 ships (UTD6.39)', [
      fleet,
      ships('Ship ids, comma separated'),
      cleared,
    ]),
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

const list = (text: string | null | undefined) =>
  (text ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** Drops the options the player left empty (the command types use optional keys). */
function given<T extends Record<string, unknown>>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined && v !== '')) as T;
}

function commandOf(args: Exclude<InvocationOf<typeof data>, { sub: 'status' }>): CommandInput | null {
  switch (args.sub) {
    case 'activate':
      return given({
        type: 'yard-activate' as const,
        sector: args.sector,
        yard: args.yard,
        forgoRepair: list(args.forgo_repair),
      }) as CommandInput;
    case 'build':
      return given({
        type: 'yard-build' as const,
        unitId: args.unit,
        yard: args.yard,
        fleet: args.fleet,
        drones: args.drones,
      }) as CommandInput;
    case 'overhaul':
      return given({
        type: 'yard-overhaul' as const,
        ships: args.ships,
        to: args.to,
        yard: args.yard,
      }) as CommandInput;
    case 'refit':
      return given({
        type: 'yard-refit' as const,
        ships: args.ships,
        to: args.to,
        yard: args.yard,
        drones: args.drones,
      }) as CommandInput;
    case 'convert':
      return given({
        type: 'yard-convert' as const,
        ships: args.ships,
        to: args.to,
        yard: args.yard,
      }) as CommandInput;
    case 'inspect':
      return given({
        type: 'yard-inspect' as const,
        ships: args.ships,
        to: args.to,
        yard: args.yard,
      }) as CommandInput;
    case 'construct':
      return { type: 'yard-construct', sector: args.sector, unitId: args.unit };
    case 'overhaul-yard':
      return { type: 'yard-overhaul-yard', yard: args.yard };
    case 'scrap':
      return { type: 'yard-scrap', yard: args.yard };
    case 'damage':
      return { type: 'yard-damage', yard: args.yard, worksDestroyed: args.works };
    case 'dock':
      return given({ type: 'yard-dock' as const, ship: args.ship, yard: args.yard }) as CommandInput;
    case 'undock':
      return { type: 'yard-undock', ships: args.ships, fleet: args.fleet };
    case 'repair-fleet':
      return { type: 'repair-fleet', fleet: args.fleet, cleared: list(args.cleared) };
    case 'repair-ships':
      return { type: 'repair-ships', fleet: args.fleet, ships: args.ships, cleared: list(args.cleared) };
    default:
      return null;
  }
}

async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const args = readArgs(i, data);
  if (args.sub === 'status') return status(i, ctx);
  const command = commandOf(args);
  if (command?.type === 'yard-scrap') {
    // A scrapped shipyard is gone for good: Confirm/Cancel first (UTD6.121).
    return confirmFirst(i, ctx, {
      command,
      question: `Scrap shipyard ${command.yard.slice(0, 40)}?`,
      consequence: 'It leaves play for half its value, for 1 order point (UTD6.3F).',
      rule: 'UTD6.3F',
      again: '/yard scrap',
    });
  }
  if (!command)
    return presentError(i, {
      code: 'command/unknown',
      rule: 'UTD6.37',
      message: `\`/yard ${String((args as { sub: string }).sub).slice(0, 30)}\` is not a yard order.`,
      hint: 'See `/help`.',
    });
  return execute(i, ctx, command);
}

function status(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  return sendPlayerView(i, ctx, yardStatusText);
}

/** Autocomplete: your yards, colonies, buildable classes, ships for the order and what they can become. */
async function autocomplete(i: AutocompleteInteraction, ctx: CommandContext): Promise<void> {
  const state = await stateFor(ctx);
  if (!state) return i.respond([]);
  const focused = i.options.getFocused(true);
  return respondChoices(
    i,
    yardOrderChoices(state, await ctx.app.catalogs.get(state.catalogVersion), ctx.actor.userId, {
      focused: focused.name,
      typed: String(focused.value),
      kind: i.options.getSubcommand(),
      // `fleet` is text in most orders but a number in `/yard build`: read it whatever its type.
      fleet: ((v) => (v === undefined || v === null ? null : String(v)))(i.options.get('fleet')?.value),
      ships: i.options.getString('ships'),
    }),
  );
}

export const yardCommand: SlashCommand = { data, execute: run, autocomplete };
