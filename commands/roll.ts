import {
  ApplicationCommandOptionType,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { campaignInChannel, rollInCampaign } from '../src/app/campaigns.ts';
import { rollUnrecorded } from '../src/app/dice-roll.ts';
import { readArgs } from '../src/discord/args.ts';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { presentError, presentResult, send } from '../src/discord/present.ts';
import { mention } from '../src/discord/words.ts';

const data = {
  name: 'roll',
  description: 'Roll dice publicly (recorded and verifiable in a campaign channel)',
  options: [
    {
      type: ApplicationCommandOptionType.String,
      name: 'dice',
      description: 'e.g. 1d6, 3d6+2, d1000',
      required: true,
      max_length: 100,
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

/**
 * In a campaign channel the roll is made from the campaign's committed seed and recorded in its
 * log (UTD1.5 as the bot replaces the web roller). Elsewhere it is a plain, unrecorded roll.
 */
async function execute(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const expression = readArgs(i, data).dice;
  if (await campaignInChannel(ctx.app, ctx.target.channelId)) {
    return presentResult(i, await rollInCampaign(ctx.app, ctx.target, ctx.actor, expression, i.id));
  }
  const roll = rollUnrecorded(expression);
  if (!roll.ok) return presentError(i, roll.error);
  const rolled = roll.value;
  const shown = rolled.terms
    .map((t) => (t.sides > 0 ? `[${t.results.join(', ')}]` : `${t.sign < 0 ? '-' : '+'}${t.value}`))
    .join(' ');
  await send(i, {
    content: `🎲 ${mention(ctx.actor.userId)} rolled \`${rolled.expression}\`: ${shown} = **${rolled.total}** (no campaign here, so this roll is not recorded).`,
    allowedMentions: { parse: [] },
  });
  return { ok: true };
}

export const rollCommand: SlashCommand = { data, execute };
