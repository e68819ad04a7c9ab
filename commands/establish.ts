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
  name: 'establish',
  description: 'Establish a colony, mine or fortification with a fleet that started its turn there',
  options: [
    {
      type: ApplicationCommandOptionType.String,
      name: 'kind',
      description: 'What to establish',
      required: true,
      choices: [
        { name: 'Colony (life sector, UTD4.331)', value: 'colony' },
        { name: 'Mine (mineral sector, UTD4.341)', value: 'mine' },
        { name: 'Fortification (any explored sector, UTD4.351)', value: 'fort' },
      ],
    },
    {
      type: ApplicationCommandOptionType.String,
      name: 'fleet',
      description: 'The fleet that stays for the turn',
      required: true,
      autocomplete: true,
    },
    {
      type: ApplicationCommandOptionType.Boolean,
      name: 'remove',
      description: 'Remove your own fortification instead (UTD4.352)',
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const args = readArgs(i, data);
  return execute(i, ctx, { type: 'establish', kind: args.kind, fleet: args.fleet, remove: args.remove ?? false });
}

async function autocomplete(i: AutocompleteInteraction, ctx: CommandContext): Promise<void> {
  const state = await stateFor(ctx);
  if (!state) return i.respond([]);
  return respondChoices(i, fleetChoices(state, ctx.actor.userId, await ctx.app.catalogs.get(state.catalogVersion)));
}

export const establishCommand: SlashCommand = { data, execute: run, autocomplete };
