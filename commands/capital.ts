import {
  ApplicationCommandOptionType,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { readArgs } from '../src/discord/args.ts';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { adjacentChoices, respondChoices, stateFor } from '../src/discord/autocomplete.ts';
import { execute } from '../src/discord/present.ts';

const data = {
  name: 'capital',
  description: 'Your capital shipyard and bank',
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'move',
      description: 'Move the capital one lane: 3 OP, once a cycle, its repair freighter comes free (UTD6.32)',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'to',
          description: 'A sector joined by a warp lane',
          required: true,
          autocomplete: true,
        },
        {
          type: ApplicationCommandOptionType.Boolean,
          name: 'with_defenses',
          description: 'Take the defenses along for 1 more OP (UTD6.325)',
        },
      ],
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const args = readArgs(i, data);
  return execute(i, ctx, { type: 'move-capital', to: args.to, withDefenses: args.with_defenses ?? false });
}

async function autocomplete(i: AutocompleteInteraction, ctx: CommandContext): Promise<void> {
  const state = await stateFor(ctx);
  const capital = state?.bases.find((b) => b.owner === ctx.actor.userId && b.role === 'capital');
  return state && capital ? respondChoices(i, adjacentChoices(state, capital.sector)) : i.respond([]);
}

export const capitalCommand: SlashCommand = { data, execute: run, autocomplete };
