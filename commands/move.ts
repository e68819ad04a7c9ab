import {
  ApplicationCommandOptionType,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { readArgs } from '../src/discord/args.ts';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { adjacentChoices, fleetChoices, respondChoices, stateFor } from '../src/discord/autocomplete.ts';
import { execute } from '../src/discord/present.ts';

const data = {
  name: 'move',
  description: 'Move a fleet down one warp lane (UTD6.31; free from your own colony)',
  options: [
    {
      type: ApplicationCommandOptionType.String,
      name: 'fleet',
      description: 'Your fleet',
      required: true,
      autocomplete: true,
    },
    {
      type: ApplicationCommandOptionType.String,
      name: 'to',
      description: 'A sector joined by a warp lane',
      required: true,
      autocomplete: true,
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const args = readArgs(i, data);
  return execute(i, ctx, { type: 'move', fleet: args.fleet, to: args.to });
}

async function autocomplete(i: AutocompleteInteraction, ctx: CommandContext): Promise<void> {
  const state = await stateFor(ctx);
  if (!state) return i.respond([]);
  if (i.options.getFocused(true).name === 'fleet')
    return respondChoices(i, fleetChoices(state, ctx.actor.userId, await ctx.app.catalogs.get(state.catalogVersion)));
  const fleet = state.fleets.find(
    (f) => f.owner === ctx.actor.userId && String(f.slot) === i.options.getString('fleet'),
  );
  return respondChoices(i, fleet ? adjacentChoices(state, fleet.sector) : []);
}

export const moveCommand: SlashCommand = { data, execute: run, autocomplete };
