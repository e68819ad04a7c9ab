import { ApplicationCommandOptionType, type AutocompleteInteraction, type ChatInputCommandInteraction, type RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { fleetChoices, respondChoices, stateFor } from '../src/discord/autocomplete.ts';
import { execute } from '../src/discord/present.ts';

const data = {
  name: 'fleet',
  description: 'Reorganize or scrap ships of your fleets',
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'organize',
      description: 'Move ships between two fleets in one sector, or into a new fleet: 1 OP (UTD6.33)',
      options: [
        { type: ApplicationCommandOptionType.String, name: 'from', description: 'The fleet the ships leave', required: true, autocomplete: true },
        { type: ApplicationCommandOptionType.String, name: 'to', description: 'The fleet number they join (a free number makes a new fleet)', required: true, autocomplete: true },
        { type: ApplicationCommandOptionType.String, name: 'ships', description: 'Ship ids separated by commas, or all', required: true, max_length: 200 },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'scrap',
      description: 'Scrap ships of one fleet for half their value: 1 OP (UTD6.3F)',
      options: [
        { type: ApplicationCommandOptionType.String, name: 'fleet', description: 'The fleet', required: true, autocomplete: true },
        { type: ApplicationCommandOptionType.String, name: 'ships', description: 'Ship ids separated by commas, or all', required: true, max_length: 200 },
      ],
    },
  ],
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  if (i.options.getSubcommand() === 'scrap') return execute(i, ctx, { type: 'scrap', fleet: i.options.getString('fleet', true), ships: i.options.getString('ships', true) });
  return execute(i, ctx, { type: 'organize', from: i.options.getString('from', true), to: i.options.getString('to', true), ships: i.options.getString('ships', true) });
}

async function autocomplete(i: AutocompleteInteraction, ctx: CommandContext): Promise<void> {
  const state = await stateFor(ctx);
  if (!state) return i.respond([]);
  return respondChoices(i, fleetChoices(state, ctx.actor.userId, await ctx.app.catalogs.get(state.catalogVersion)));
}

export const fleetCommand: SlashCommand = { data, execute: run, autocomplete };
