import {
  ApplicationCommandOptionType,
  AttachmentBuilder,
  MessageFlags,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { readTextUpload } from '../src/app/uploads.ts';
import { readArgs } from '../src/discord/args.ts';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { respondChoices, sectorChoices, stateFor } from '../src/discord/autocomplete.ts';
import { mapImage } from '../src/discord/images.ts';
import { versionedCampaign } from '../src/app/campaigns.ts';
import { deferFirst, execute, presentError, send, sendLong } from '../src/discord/present.ts';
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
      options: [
        {
          type: ApplicationCommandOptionType.Integer,
          name: 'sectors_per_player',
          description: 'Sectors per player, 3 to 40 (default 8)',
          min_value: 3,
          max_value: 40,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'import',
      description: 'Use a map file (JSON: sectors, lanes, homes; see docs/map-format.md)',
      options: [
        {
          type: ApplicationCommandOptionType.Attachment,
          name: 'file',
          description: 'The map JSON file',
          required: true,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'approve',
      description: 'Approve the proposed map (UTD8.16: every player must)',
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'show',
      description: 'The warp-lane map as a picture, or one sector and its neighbours',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'sector',
          description: 'Zoom on this sector',
          autocomplete: true,
        },
        {
          type: ApplicationCommandOptionType.Boolean,
          name: 'public',
          description: 'Post it for everyone (default: only you see it)',
        },
        {
          type: ApplicationCommandOptionType.Boolean,
          name: 'text',
          description: 'A text list of sectors and lanes instead of the picture',
        },
      ],
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const args = readArgs(i, data);
  switch (args.sub) {
    case 'generate': {
      // Up to 40 sectors a player (Discord allows 3 s to acknowledge).
      await deferFirst(i);
      const n = args.sectors_per_player;
      return execute(
        i,
        ctx,
        n === undefined ? { type: 'map-generate' } : { type: 'map-generate', sectorsPerPlayer: n },
      );
    }
    case 'import': {
      // A file to download first (Discord allows 3 s to acknowledge).
      await deferFirst(i);
      const upload = await readTextUpload(args.file, {
        maxBytes: MAP_MAX_BYTES,
        rule: 'UTD4.1',
        codePrefix: 'map',
        what: 'map',
      });
      if (!upload.ok) return presentError(i, upload.error);
      return execute(i, ctx, { type: 'map-import', json: upload.value });
    }
    case 'approve':
      return execute(i, ctx, { type: 'map-approve' });
    case 'show': {
      const current = await versionedCampaign(ctx.app, ctx.target.channelId);
      const state = current?.state;
      if (!state?.map) {
        await send(i, {
          content: state ? 'This campaign has no map yet.' : WORDS.noCampaign,
          flags: MessageFlags.Ephemeral,
        });
        return { ok: false };
      }
      const pub = args.public ?? false;
      if (args.text) {
        await sendLong(i, mapText(state), {
          allowedMentions: { parse: [] },
          ...(pub ? {} : { flags: MessageFlags.Ephemeral }),
          name: 'map.txt',
        });
        return { ok: true };
      }
      const focus = args.sector;
      if (focus && !state.map.sectors.some((s) => s.key === focus))
        return presentError(i, {
          code: 'sector/unknown',
          rule: 'UTD4.1',
          message: `There is no sector \`${focus.slice(0, 32)}\` on the map.`,
        });
      // Rendering takes a tenth of a second: acknowledge first (Discord allows 3 s).
      await i.deferReply(pub ? {} : { flags: MessageFlags.Ephemeral });
      const png = await mapImage(state, current!.version, await ctx.app.catalogs.get(state.catalogVersion), focus);
      await i.editReply({ files: [new AttachmentBuilder(png, { name: focus ? `map-${focus}.png` : 'map.png' })] });
      return { ok: true };
    }
  }
}

async function autocomplete(i: AutocompleteInteraction, ctx: CommandContext): Promise<void> {
  const state = await stateFor(ctx);
  return state ? respondChoices(i, sectorChoices(state)) : i.respond([]);
}

export const mapCommand: SlashCommand = { data, execute: run, autocomplete };
