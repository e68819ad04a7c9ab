import type { ChatInputCommandInteraction, RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { confirmFirst } from '../src/discord/confirmations.ts';

const data = {
  name: 'resign',
  description: 'Leave the campaign: all your forces leave the map at once (UTD3.91)',
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

/** Resigning cannot be taken back: Confirm/Cancel buttons ask first (UTD3.91). */
async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  return confirmFirst(i, ctx, {
    command: { type: 'resign' },
    question: 'Resign from the campaign?',
    consequence: 'All your forces leave the map at once and you cannot come back (UTD3.91).',
    rule: 'UTD3.91',
    again: '/resign',
  });
}

export const resignCommand: SlashCommand = { data, execute: run };
