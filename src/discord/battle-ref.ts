import { ApplicationCommandOptionType, type ChatInputCommandInteraction } from 'discord.js';
import { campaignInChannel } from '../app/campaigns.ts';
import type { RuleError } from '../rules/errors.ts';
import type { CommandContext } from './command.ts';

/** The optional `battle` option of the battle aids (`/n3d`, `/sfw`): in a battle's thread it may be left out. */
export const battleOption = {
  type: ApplicationCommandOptionType.String,
  name: 'battle',
  description: 'The battle (e.g. K12); in a battle thread, that battle',
  autocomplete: true,
} as const;

/**
 * The battle a command is about: the `battle` option, or else the battle whose thread it was used
 * in (the router already maps a thread to its campaign channel, `ctx.target`).
 */
export async function battleRefOf(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<string | null> {
  const given = i.options.getString('battle')?.trim();
  // A battle id is short and plain (K12); anything else is no battle and never reaches the database.
  if (given) return /^#?[A-Za-z]{0,2}\d{1,9}$/.test(given) ? given : null;
  if (i.channelId === ctx.target.channelId) return null;
  const state = await campaignInChannel(ctx.app, ctx.target.channelId);
  return state?.battles.find((b) => b.threadId === i.channelId)?.id ?? null;
}

export const NO_BATTLE: RuleError = {
  code: 'battle/which',
  rule: 'UTD7.4',
  message: 'Which battle? Name it with `battle:`, or use the command in the battle’s thread.',
};
