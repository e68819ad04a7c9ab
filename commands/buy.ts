import {
  ApplicationCommandOptionType,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
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
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  if (i.options.getSubcommand() === 'fleets')
    return execute(i, ctx, { type: 'buy-fleets', count: i.options.getInteger('count', true) });
  return execute(i, ctx, {
    type: 'buy-ops',
    kind: i.options.getBoolean('permanent') ? 'permanent' : 'temporary',
    count: i.options.getInteger('count', true),
  });
}

export const buyCommand: SlashCommand = { data, execute: run };
