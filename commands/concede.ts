import type { ChatInputCommandInteraction, RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { confirmFirst } from '../src/discord/confirmations.ts';

const data = {
  name: 'concede',
  description: 'Concede the campaign: your forces leave the map at once (UTD3.91)',
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

/** Conceding cannot be taken back: Confirm/Cancel buttons ask first, as for /resign (UTD3.91). */
async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  return confirmFirst(i, ctx, {
    command: { type: 'concede' },
    question: 'Concede the campaign?',
    consequence: 'All your forces leave the map at once; the last player left wins (UTD3.91, UTD1.9).',
    rule: 'UTD3.91',
    again: '/concede',
  });
}

export const concedeCommand: SlashCommand = { data, execute: run };
