import {
  ApplicationCommandOptionType,
  MessageFlags,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { importCatalog } from '../src/app/catalog-import.ts';
import {
  CATALOG_EMPIRE_CHOICES,
  CATALOG_MAX_TEXT_LENGTH,
  findCatalogUnit,
  searchCatalog,
  unitQuery,
} from '../src/app/catalog-lookup.ts';
import { readTextUpload } from '../src/app/uploads.ts';
import { readArgs, type SubArgsOf } from '../src/discord/args.ts';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { deferFirst, presentError, presentResult, send } from '../src/discord/present.ts';
import { catalogImportDetails, catalogSearchAnswer, catalogUnitText } from '../src/discord/views/catalog-text.ts';
/**
 * `/catalog` (UTD8.1, requirements §4.2): the ship catalog the campaign plays with. `import` stores the admin's
 * CSV files as a new catalog version and switches the channel's campaign to it before play
 * begins; `search` and `show` read the campaign's catalog, or the default one where there is
 * no campaign.
 */
const FILE_OPTIONS = [
  { name: 'units', description: 'units.csv (required; format: assets/catalog/README.md)', required: true },
  { name: 'refits', description: 'refits.csv (optional)', required: false },
  { name: 'conversions', description: 'conversions.csv (optional)', required: false },
] as const;

const data = {
  name: 'catalog',
  description: 'The ship catalog: import the real SFB data (admin), search it, show a unit',
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'import',
      description: 'Import units/refits/conversions CSV; switches this campaign to it before play begins (admin)',
      options: FILE_OPTIONS.map((f) => ({
        type: ApplicationCommandOptionType.Attachment,
        name: f.name,
        description: f.description,
        required: f.required,
      })),
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'search',
      description: 'Find units by id, name, hull code or empire',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'query',
          description: 'Words to find (e.g. "lyr cruiser"); empty lists everything',
          autocomplete: true,
          max_length: 100,
        },
        {
          type: ApplicationCommandOptionType.String,
          name: 'empire',
          description: 'Only this empire',
          choices: CATALOG_EMPIRE_CHOICES,
        },
        {
          type: ApplicationCommandOptionType.Integer,
          name: 'year',
          description: 'Only units available in this year (e.g. 165, UTD8.12)',
          min_value: 0,
          max_value: 999,
        },
        {
          type: ApplicationCommandOptionType.Integer,
          name: 'page',
          description: 'Page of results (default 1)',
          min_value: 1,
          max_value: 1000,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'show',
      description: 'Every field of one unit, its refits and conversions with costs, its CO pool',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'unit',
          description: 'The unit id (type to search)',
          required: true,
          autocomplete: true,
          max_length: 100,
        },
        {
          type: ApplicationCommandOptionType.Boolean,
          name: 'public',
          description: 'Post it for everyone (default: only you see it)',
        },
      ],
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

async function importFiles(
  i: ChatInputCommandInteraction,
  ctx: CommandContext,
  args: SubArgsOf<typeof data, 'import'>,
): Promise<CommandOutcome> {
  // Up to three files to download and a catalog to check (Discord allows 3 s to acknowledge).
  await deferFirst(i);
  const texts: Partial<Record<(typeof FILE_OPTIONS)[number]['name'], string>> = {};
  for (const f of FILE_OPTIONS) {
    const attachment = args[f.name];
    if (!attachment) continue;
    const upload = await readTextUpload(attachment, {
      maxBytes: CATALOG_MAX_TEXT_LENGTH,
      rule: 'UTD1.2',
      codePrefix: 'catalog',
      what: `${f.name}.csv`,
    });
    if (!upload.ok) return presentError(i, upload.error);
    texts[f.name] = upload.value;
  }
  const result = await importCatalog(ctx.app, {
    target: ctx.target,
    actor: ctx.actor,
    files: {
      units: texts.units ?? '',
      ...(texts.refits !== undefined ? { refits: texts.refits } : {}),
      ...(texts.conversions !== undefined ? { conversions: texts.conversions } : {}),
    },
    interactionId: i.id,
  });
  if (!result.ok) return presentError(i, result.error);
  const r = result.value;
  const details = catalogImportDetails(r);
  if (!r.switched) {
    await send(i, {
      content:
        `${details}\nStored. There is no campaign in this channel: import the same files in a campaign’s channel before its first turn to play with it.`.slice(
          0,
          2000,
        ),
      flags: MessageFlags.Ephemeral,
    });
    return { ok: true };
  }
  const outcome = await presentResult(i, r.switched);
  await i.followUp({ content: details, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
  return outcome;
}

async function search(
  i: ChatInputCommandInteraction,
  ctx: CommandContext,
  args: SubArgsOf<typeof data, 'search'>,
): Promise<CommandOutcome> {
  const found = await searchCatalog(ctx.app, ctx.target.channelId, unitQuery(args.query ?? '', args.empire, args.year));
  const content = catalogSearchAnswer(found, args.page ?? 1);
  await send(i, { content, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
  return { ok: true };
}

async function show(
  i: ChatInputCommandInteraction,
  ctx: CommandContext,
  args: SubArgsOf<typeof data, 'show'>,
): Promise<CommandOutcome> {
  const found = await findCatalogUnit(ctx.app, ctx.target.channelId, args.unit);
  if (!found.ok) return presentError(i, found.error);
  const { index, unit, settings } = found.value;
  const pub = args.public ?? false;
  await send(i, {
    content: catalogUnitText(index, unit, settings),
    allowedMentions: { parse: [] },
    ...(pub ? {} : { flags: MessageFlags.Ephemeral }),
  });
  return { ok: true };
}

async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const args = readArgs(i, data);
  switch (args.sub) {
    case 'import':
      return importFiles(i, ctx, args);
    case 'search':
      return search(i, ctx, args);
    case 'show':
      return show(i, ctx, args);
  }
}

/** Units matching what is typed (id, name, hull code, empire), best first; Discord shows 25. */
async function autocomplete(i: AutocompleteInteraction, ctx: CommandContext): Promise<void> {
  const typed = String(i.options.getFocused()).slice(0, 100);
  const query = unitQuery(typed, i.options.getString('empire'), i.options.getInteger('year'));
  const { hits } = await searchCatalog(ctx.app, ctx.target.channelId, query);
  await i.respond(
    hits.slice(0, 25).map((u) => ({
      name: `${u.name} (${u.unitId}) — ${u.empire}, ${u.bpvEconomic} BPV`.slice(0, 100),
      value: u.unitId.slice(0, 100),
    })),
  );
}

export const catalogCommand: SlashCommand = { data, execute: run, autocomplete };
