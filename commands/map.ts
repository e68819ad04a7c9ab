import { ApplicationCommandOptionType, MessageFlags, type ChatInputCommandInteraction, type RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { stateFor } from '../src/discord/autocomplete.ts';
import { execute, presentError, send } from '../src/discord/present.ts';
import { mapText } from '../src/discord/views/map-text.ts';
import { WORDS } from '../src/discord/words.ts';

const MAP_MAX_BYTES = 1_000_000;

const data = {
  name: 'map',
  description: 'The warp-lane map: set it up, approve it, look at it',
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'generate',
      description: 'Generate a fair map for the players who joined (creator or server manager)',
      options: [{ type: ApplicationCommandOptionType.Integer, name: 'sectors_per_player', description: 'Sectors per player, 3 to 40 (default 8)', min_value: 3, max_value: 40 }],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'import',
      description: 'Use a map file (JSON: sectors, lanes, homes; see docs/map-format.md)',
      options: [{ type: ApplicationCommandOptionType.Attachment, name: 'file', description: 'The map JSON file', required: true }],
    },
    { type: ApplicationCommandOptionType.Subcommand, name: 'approve', description: 'Approve the proposed map (UTD8.16: every player must)' },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'show',
      description: 'List the sectors and warp lanes',
      options: [{ type: ApplicationCommandOptionType.Boolean, name: 'public', description: 'Post it for everyone (default: only you see it)' }],
    },
  ],
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  switch (i.options.getSubcommand()) {
    case 'generate': {
      const n = i.options.getInteger('sectors_per_player');
      return execute(i, ctx, n === null ? { type: 'map-generate' } : { type: 'map-generate', sectorsPerPlayer: n });
    }
    case 'import': {
      const file = i.options.getAttachment('file', true);
      if (file.size > MAP_MAX_BYTES) return presentError(i, { code: 'map/too-large', rule: 'UTD4.1', message: `The file is ${file.size} bytes; maps are at most ${MAP_MAX_BYTES}.` });
      const response = await fetch(file.url);
      const text = await response.text();
      if (!response.ok || text.length > MAP_MAX_BYTES) return presentError(i, { code: 'map/unreadable', rule: 'UTD4.1', message: 'The attachment could not be downloaded.' });
      return execute(i, ctx, { type: 'map-import', json: text });
    }
    case 'approve':
      return execute(i, ctx, { type: 'map-approve' });
    default: {
      const state = await stateFor(ctx);
      if (!state?.map) {
        await send(i, { content: state ? 'This campaign has no map yet.' : WORDS.noCampaign, flags: MessageFlags.Ephemeral });
        return { ok: false };
      }
      const pub = i.options.getBoolean('public') ?? false;
      await send(i, { content: mapText(state).slice(0, 2000), allowedMentions: { parse: [] }, ...(pub ? {} : { flags: MessageFlags.Ephemeral }) });
      return { ok: true };
    }
  }
}

export const mapCommand: SlashCommand = { data, execute: run };
