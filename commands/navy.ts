import {
  ApplicationCommandOptionType,
  AttachmentBuilder,
  MessageFlags,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { readArgs } from '../src/discord/args.ts';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { send } from '../src/discord/present.ts';
import { navyImage } from '../src/discord/images.ts';
import { versionedCampaign } from '../src/app/campaigns.ts';
import { navyText } from '../src/discord/views/navy-text.ts';
import { splitMessage, WORDS } from '../src/discord/words.ts';

const data = {
  name: 'navy',
  description: 'A player’s fleets, ships, capital, defenses, bank and order points (anyone may look, UTD3.1)',
  options: [
    { type: ApplicationCommandOptionType.User, name: 'player', description: 'Whose navy (default: yours)' },
    { type: ApplicationCommandOptionType.Boolean, name: 'public', description: 'Post it for everyone' },
    {
      type: ApplicationCommandOptionType.Boolean,
      name: 'text',
      description: 'A text list instead of the picture (dry dock, builds, captures included)',
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const current = await versionedCampaign(ctx.app, ctx.target.channelId);
  const state = current?.state;
  if (!state) {
    await send(i, { content: WORDS.noCampaign, flags: MessageFlags.Ephemeral });
    return { ok: false };
  }
  const args = readArgs(i, data);
  const who = args.player?.id ?? ctx.actor.userId;
  const catalog = await ctx.app.catalogs.get(state.catalogVersion);
  const text = navyText(state, who, catalog);
  const pub = args.public ?? false;
  if (!text) {
    await send(i, { content: 'That user does not play in this campaign.', flags: MessageFlags.Ephemeral });
    return { ok: false };
  }
  if (args.text) {
    const [first, ...rest] = splitMessage(text);
    await send(i, {
      content: first!,
      allowedMentions: { parse: [] },
      ...(pub ? {} : { flags: MessageFlags.Ephemeral }),
    });
    for (const more of rest)
      await i.followUp({
        content: more,
        allowedMentions: { parse: [] },
        ...(pub ? {} : { flags: MessageFlags.Ephemeral }),
      });
    return { ok: true };
  }
  await i.deferReply(pub ? {} : { flags: MessageFlags.Ephemeral });
  const png = await navyImage(state, current!.version, who, catalog);
  await i.editReply({
    content: text.split('\n')[0]!,
    files: [new AttachmentBuilder(png, { name: 'navy.png' })],
    allowedMentions: { parse: [] },
  });
  return { ok: true };
}

export const navyCommand: SlashCommand = { data, execute: run };
