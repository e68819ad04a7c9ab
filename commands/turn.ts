import {
  ApplicationCommandOptionType,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { readArgs } from '../src/discord/args.ts';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { confirmFirst } from '../src/discord/confirmations.ts';
import { execute } from '../src/discord/present.ts';

const data = {
  name: 'turn',
  description: 'Your turn: end it, undo your last order, ask for an extension',
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'end',
      description: 'End your turn: exploration, battles and the rest of the turn follow (UTD2.3)',
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'undo',
      description: 'Undo your last order of this turn, if it rolled no dice and made no contact',
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'extension',
      description: 'One more week for your orders (automatic once for a real-life reason, UTD3.32)',
      options: [
        {
          type: ApplicationCommandOptionType.Boolean,
          name: 'real_life',
          description: 'You have pressing real-life issues (no need to say which)',
          required: true,
        },
        {
          type: ApplicationCommandOptionType.Integer,
          name: 'days',
          description: 'More than the automatic week, or a second one: put to a vote',
          min_value: 1,
          max_value: 28,
        },
      ],
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const args = readArgs(i, data);
  switch (args.sub) {
    case 'end':
      // Irreversible: asked with Confirm/Cancel buttons first (UTD6.121).
      return confirmFirst(i, ctx, {
        command: { type: 'end-turn' },
        question: 'End your turn?',
        consequence:
          'Your orders are final: exploration, battles and the rest of the turn follow, and the next player is called (UTD2.3).',
        rule: 'UTD2.3',
        again: '/turn end',
      });
    case 'undo':
      return execute(i, ctx, { type: 'undo' });
    default: {
      const { real_life: realLife, days } = args;
      // UTD3.32: one week for a real-life reason is automatic; anything else needs a supermajority.
      if (realLife && (days === undefined || days === 7))
        return execute(i, ctx, { type: 'extend-turn', realLife: true });
      return execute(i, ctx, { type: 'vote-extension', days: days ?? 7 });
    }
  }
}

export const turnCommand: SlashCommand = { data, execute: run };
