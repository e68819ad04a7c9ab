import {
  ApplicationCommandOptionType,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { readArgs } from '../src/discord/args.ts';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { fleetChoices, respondChoices, stateFor } from '../src/discord/autocomplete.ts';
import { execute } from '../src/discord/present.ts';

const data = {
  name: 'deaddrop',
  description: 'Leave goods for another player to collect (UTD6.3D)',
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'container',
      description: 'A container worth 100 BPV, costing 110 (1 OP)',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'fleet',
          description: 'The fleet that lays it',
          required: true,
          autocomplete: true,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'derelict',
      description: 'Leave one ship as an empty derelict (1 OP)',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'fleet',
          description: 'The ship’s fleet',
          required: true,
          autocomplete: true,
        },
        {
          type: ApplicationCommandOptionType.String,
          name: 'ship',
          description: 'The ship',
          required: true,
          autocomplete: true,
        },
      ],
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const args = readArgs(i, data);
  if (args.sub === 'container') return execute(i, ctx, { type: 'dead-drop', fleet: args.fleet });
  return execute(i, ctx, { type: 'dead-drop', fleet: args.fleet, derelictShip: args.ship });
}

async function autocomplete(i: AutocompleteInteraction, ctx: CommandContext): Promise<void> {
  const state = await stateFor(ctx);
  if (!state) return i.respond([]);
  if (i.options.getFocused(true).name === 'fleet')
    return respondChoices(i, fleetChoices(state, ctx.actor.userId, await ctx.app.catalogs.get(state.catalogVersion)));
  const fleet = state.fleets.find(
    (f) => f.owner === ctx.actor.userId && String(f.slot) === i.options.getString('fleet'),
  );
  return respondChoices(
    i,
    state.ships
      .filter((s) => fleet && s.fleetId === fleet.id)
      .map((s) => ({ name: `${s.id} ${s.unitId}`, value: s.id })),
  );
}

export const deaddropCommand: SlashCommand = { data, execute: run, autocomplete };
