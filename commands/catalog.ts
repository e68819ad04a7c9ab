import {
  ApplicationCommandOptionType,
  MessageFlags,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { importCatalog } from '../src/app/catalog-import.ts';
import { campaignInChannel } from '../src/app/campaigns.ts';
import { readTextUpload } from '../src/app/uploads.ts';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { presentError, presentResult, send } from '../src/discord/present.ts';
import { catalogSearchText, catalogUnitText } from '../src/discord/views/catalog-text.ts';
import {
  CATALOG_EMPIRE_CODES,
  CATALOG_LIMITS,
  searchUnits,
  shortVersion,
  type CatalogEmpireCode,
  type CatalogIndex,
  type UnitQuery,
} from '../src/rules/thunderdome/catalog/index.ts';
import { defaultSettings, type CampaignState } from '../src/rules/thunderdome/index.ts';

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
          choices: CATALOG_EMPIRE_CODES.map((c) => ({ name: c, value: c })),
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
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

/** The catalog of the channel's campaign, or the default one; with the campaign when there is one. */
async function catalogHere(
  ctx: CommandContext,
): Promise<{ state: CampaignState | null; version: string; index: CatalogIndex }> {
  const state = await campaignInChannel(ctx.app, ctx.target.channelId);
  const version = state?.catalogVersion ?? ctx.app.catalogs.defaultVersion;
  return { state, version, index: await ctx.app.catalogs.index(version) };
}

async function importFiles(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const texts: Partial<Record<(typeof FILE_OPTIONS)[number]['name'], string>> = {};
  for (const f of FILE_OPTIONS) {
    const attachment = i.options.getAttachment(f.name, f.required);
    if (!attachment) continue;
    const upload = await readTextUpload(attachment, {
      maxBytes: CATALOG_LIMITS.maxTextLength,
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
  const counts = `${r.units} units, ${r.refits} refits, ${r.conversions} conversions`;
  const warnings = r.warnings.length
    ? `\n⚠️ ${r.warnings.length + r.omittedWarnings} warning(s), which do not refuse the import:\n${r.warnings.map((w) => `• ${w}`).join('\n')}`
    : '';
  const details =
    `📚 Catalog \`${shortVersion(r.version)}\` (${counts}); full version \`${r.version}\`.${warnings}`.slice(0, 1990);
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

function query(i: ChatInputCommandInteraction | AutocompleteInteraction, text: string): UnitQuery {
  const q: UnitQuery = { text };
  const empire = i.options.getString('empire');
  if (empire && (CATALOG_EMPIRE_CODES as readonly string[]).includes(empire)) q.empire = empire as CatalogEmpireCode;
  const year = i.options.getInteger('year');
  if (year !== null) q.year = year;
  return q;
}

async function search(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const { version, index } = await catalogHere(ctx);
  const text = i.options.getString('query') ?? '';
  const q = query(i, text);
  const asked = [
    text ? `"${text.slice(0, 60)}"` : 'everything',
    q.empire,
    q.year !== undefined ? `available in Y${q.year}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  const content = catalogSearchText({
    hits: searchUnits(index.catalog.units, q),
    page: i.options.getInteger('page') ?? 1,
    asked,
    version,
  });
  await send(i, { content, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
  return { ok: true };
}

async function show(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const { state, version, index } = await catalogHere(ctx);
  const id = i.options.getString('unit', true).trim();
  const unit = index.unit(id) ?? searchUnits(index.catalog.units, { text: id })[0];
  if (!unit)
    return presentError(i, {
      code: 'catalog/unknown-unit',
      rule: 'UTD1.6',
      message: `\`${id.slice(0, 40)}\` is not in catalog \`${shortVersion(version)}\`.`,
      hint: 'Find it with `/catalog search`.',
    });
  const pub = i.options.getBoolean('public') ?? false;
  await send(i, {
    content: catalogUnitText(index, unit, state?.settings ?? defaultSettings()),
    allowedMentions: { parse: [] },
    ...(pub ? {} : { flags: MessageFlags.Ephemeral }),
  });
  return { ok: true };
}

async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  switch (i.options.getSubcommand()) {
    case 'import':
      return importFiles(i, ctx);
    case 'search':
      return search(i, ctx);
    default:
      return show(i, ctx);
  }
}

/** Units matching what is typed (id, name, hull code, empire), best first; Discord shows 25. */
async function autocomplete(i: AutocompleteInteraction, ctx: CommandContext): Promise<void> {
  const { index } = await catalogHere(ctx);
  const typed = String(i.options.getFocused()).slice(0, 100);
  const hits = searchUnits(index.catalog.units, query(i, typed)).slice(0, 25);
  await i.respond(
    hits.map((u) => ({
      name: `${u.name} (${u.unitId}) — ${u.empire}, ${u.bpvEconomic} BPV`.slice(0, 100),
      value: u.unitId.slice(0, 100),
    })),
  );
}

export const catalogCommand: SlashCommand = { data, execute: run, autocomplete };
