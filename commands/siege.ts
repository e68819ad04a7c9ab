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
import { desperationChoices } from '../src/discord/views/choices.ts';

const data = {
  name: 'siege',
  description: 'Escape an enemy fort: 1 OP, 1D6, 1-3 frees the fleet by default (UTD4.3561)',
  options: [
    {
      type: ApplicationCommandOptionType.String,
      name: 'fleet',
      description: 'Your trapped fleet',
      required: true,
      autocomplete: true,
    },
    {
      type: ApplicationCommandOptionType.Integer,
      name: 'desperation',
      description: 'BPV paid for more dice (UTD4.3562; the prices are the setting siege.desperation)',
      min_value: 0,
      autocomplete: true,
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const args = readArgs(i, data);
  return execute(i, ctx, { type: 'siege', fleet: args.fleet, desperation: args.desperation ?? 0 });
}

async function autocomplete(i: AutocompleteInteraction, ctx: CommandContext): Promise<void> {
  const state = await stateFor(ctx);
  if (i.options.getFocused(true).name === 'desperation') return i.respond(desperationChoices(state));
  if (!state) return i.respond([]);
  const all = fleetChoices(state, ctx.actor.userId, await ctx.app.catalogs.get(state.catalogVersion));
  const trapped = new Set(
    state.fleets.filter((f) => f.owner === ctx.actor.userId && f.trapped).map((f) => String(f.slot)),
  );
  return respondChoices(
    i,
    all.filter((c) => trapped.has(c.value)),
  );
}

export const siegeCommand: SlashCommand = { data, execute: run, autocomplete };
