import {
  ApplicationCommandOptionType,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { readArgs } from '../src/discord/args.ts';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { execute } from '../src/discord/present.ts';

const data = {
  name: 'buy',
  description: 'Spend BPV on order points or extra fleets (costs no order point)',
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'ops',
      description: 'Order points: temporary 100/200/400 for 1/2/3 (UTD6.21), permanent 750 each (UTD6.22)',
      options: [
        {
          type: ApplicationCommandOptionType.Integer,
          name: 'count',
          description: 'How many (1-3)',
          required: true,
          min_value: 1,
          max_value: 3,
        },
        {
          type: ApplicationCommandOptionType.Boolean,
          name: 'permanent',
          description: 'Permanent order points for the rest of the game',
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'fleets',
      description: 'Extra fleets for the rest of the game: 250 / 500 / 1000 BPV for 1 / 2 / 3 (UTD7.22)',
      options: [
        {
          type: ApplicationCommandOptionType.Integer,
          name: 'count',
          description: 'How many (1-3)',
          required: true,
          min_value: 1,
          max_value: 3,
        },
      ],
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const args = readArgs(i, data);
  if (args.sub === 'fleets') return execute(i, ctx, { type: 'buy-fleets', count: args.count });
  return execute(i, ctx, { type: 'buy-ops', kind: args.permanent ? 'permanent' : 'temporary', count: args.count });
}

export const buyCommand: SlashCommand = { data, execute: run };
