import { ApplicationCommandOptionType, type ChatInputCommandInteraction, type RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { execute, presentError } from '../src/discord/present.ts';

const data = {
  name: 'resign',
  description: 'Leave the campaign: all your forces leave the map at once (UTD3.91)',
  options: [{ type: ApplicationCommandOptionType.Boolean, name: 'confirm', description: 'Yes, I resign. This cannot be undone.', required: true }],
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  if (!i.options.getBoolean('confirm', true)) return presentError(i, { code: 'resign/not-confirmed', rule: 'UTD3.91', message: 'Nothing happened: resigning needs `confirm:true`.' });
  return execute(i, ctx, { type: 'resign' });
}

export const resignCommand: SlashCommand = { data, execute: run };
