import {
  ApplicationCommandOptionType,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { readArgs } from '../src/discord/args.ts';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { execute, presentError } from '../src/discord/present.ts';

const data = {
  name: 'proxy',
  description: 'Let someone give orders and run battles for you (UTD3.2)',
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'grant',
      description: 'Name a proxy',
      options: [
        { type: ApplicationCommandOptionType.User, name: 'user', description: 'Who may act for you', required: true },
        {
          type: ApplicationCommandOptionType.Integer,
          name: 'days',
          description: 'Until when (default: until revoked)',
          min_value: 1,
          max_value: 365,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'absence',
      description: 'Declare an absence: a proxy plays, or your turns pass without forfeits (absence.* settings)',
      options: [
        {
          type: ApplicationCommandOptionType.Integer,
          name: 'days',
          description: 'How long you are away',
          required: true,
          min_value: 1,
          max_value: 90,
        },
        {
          type: ApplicationCommandOptionType.User,
          name: 'user',
          description: 'Who plays for you meanwhile (optional)',
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'revoke',
      description: 'Take a proxy back',
      options: [{ type: ApplicationCommandOptionType.User, name: 'user', description: 'The proxy', required: true }],
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const args = readArgs(i, data);
  if (args.sub === 'absence')
    return execute(i, ctx, { type: 'absence', days: args.days, proxy: args.user?.id ?? null });
  const user = args.user.id;
  if (args.sub === 'revoke') return execute(i, ctx, { type: 'proxy-revoke', userId: user });
  const days = args.days ?? null;
  if (days !== null && (days < 1 || days > 365))
    return presentError(i, {
      code: 'proxy/bad-days',
      rule: 'UTD3.2',
      message: 'Grant a proxy for 1 to 365 days, or without an end.',
    });
  const expiresAt = days === null ? null : new Date(ctx.app.clock.now().getTime() + days * 86_400_000);
  return execute(i, ctx, { type: 'proxy-grant', userId: user, expiresAt });
}

export const proxyCommand: SlashCommand = { data, execute: run };
