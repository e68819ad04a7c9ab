import {
  ApplicationCommandOptionType,
  AttachmentBuilder,
  MessageFlags,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { CATALOG_NAME_MAX, importCatalog } from '../src/app/catalog-import.ts';
import {
  catalogCoverageHere,
  catalogLibrary,
  exportCatalog,
  LIBRARY_PAGE_SIZE,
  proposeCatalogAmendment,
  useCatalog,
} from '../src/app/catalog-library.ts';
import { campaignInChannel } from '../src/app/campaigns.ts';
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
import { coverageText } from '../src/discord/catalog-words.ts';
import { deferFirst, presentAfterCommand, presentError, presentResult, send } from '../src/discord/present.ts';
import { catalogErrorReport, catalogTemplateFiles, type TextFile } from '../src/discord/views/catalog-files.ts';
import {
  catalogExportText,
  catalogImportDetails,
  catalogLibraryText,
  catalogSearchAnswer,
  catalogStoredPinnedText,
  catalogUnitText,
} from '../src/discord/views/catalog-text.ts';
import { TEMPLATE_WORDS } from '../src/discord/catalog-guide-words.ts';
import { describeError, splitMessage } from '../src/discord/words.ts';
/**
 * `/catalog` (UTD8.1, requirements §4.2): the ship catalog the campaign plays with. `template`
 * hands out the files to fill in; `import` stores the admin's CSV files as a new catalog version
 * and switches the channel's campaign to it before play begins; `coverage` says what the catalog
 * lacks; `export`, `list` and `use` are the catalog library; `amend` puts a new version to the
 * players' vote during play (UTD1.7); `search` and `show` read the campaign's catalog, or the
 * default one where there is no campaign.
 */
const FILE_OPTIONS = [
  { name: 'units', description: 'units.csv (required; format: assets/catalog/README.md)', required: true },
  { name: 'refits', description: 'refits.csv (optional)', required: false },
  { name: 'conversions', description: 'conversions.csv (optional)', required: false },
] as const;

const EMPIRE_OPTION = {
  type: ApplicationCommandOptionType.String,
  name: 'empire',
  description: 'Only this empire',
  choices: CATALOG_EMPIRE_CHOICES,
} as const;

const VERSION_OPTION = {
  type: ApplicationCommandOptionType.String,
  name: 'version',
  description: 'A stored version: its hash or first 6+ hex digits, or "sample" (see /catalog list)',
  required: true,
  autocomplete: true,
  max_length: 64,
} as const;

const data = {
  name: 'catalog',
  description: 'The ship catalog: template, import, coverage, library, amendments by vote, search',
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'template',
      description: 'The CSV files to fill in, with a guide to every column (meaning, unit, example)',
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'import',
      description: 'Import units/refits/conversions CSV; switches this campaign to it before play begins (admin)',
      options: [
        ...FILE_OPTIONS.map((f) => ({
          type: ApplicationCommandOptionType.Attachment as const,
          name: f.name,
          description: f.description,
          required: f.required,
        })),
        {
          type: ApplicationCommandOptionType.String,
          name: 'name',
          description: 'Its name in the catalog library, e.g. "Rim Wars ships Y165"',
          max_length: CATALOG_NAME_MAX,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'coverage',
      description: 'What this campaign’s settings and start year need that the catalog lacks, per empire',
      options: [EMPIRE_OPTION],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'export',
      description: 'This campaign’s catalog as the three CSV files, to share or re-import',
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'list',
      description: 'The catalog versions stored in this bot',
      options: [
        {
          type: ApplicationCommandOptionType.Integer,
          name: 'page',
          description: 'Page (default 1)',
          min_value: 1,
          max_value: 1000,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'use',
      description: 'Switch this campaign to a stored catalog version, before its start (creator or admin)',
      options: [VERSION_OPTION],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'amend',
      description: 'During play: put a stored catalog version to the players’ supermajority vote (UTD1.7)',
      options: [
        VERSION_OPTION,
        {
          type: ApplicationCommandOptionType.String,
          name: 'ships',
          description: 'Ships in play: keep the prices recorded for them (default), or take the new ones',
          choices: [
            { name: 'keep their recorded prices', value: 'keep' },
            { name: 'take the new prices', value: 'adopt' },
          ],
        },
      ],
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
        EMPIRE_OPTION,
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
    if (!upload.ok) {
      await replyPrivately(i, { content: describeError(upload.error) });
      return { ok: false };
    }
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
    ...(args.name ? { name: args.name } : {}),
    interactionId: i.id,
  });
  if (!result.ok) {
    // The first errors in the reply, every one of them in the attached report (row, column, value, problem, rule).
    const report = result.failure ? [catalogErrorReport(result.failure)] : [];
    await replyPrivately(i, { content: describeError(result.error), files: report });
    return { ok: false };
  }
  const r = result.value;
  const details = catalogImportDetails(r);
  if (!r.switched) {
    await replyPrivately(i, {
      content: r.pinned
        ? catalogStoredPinnedText(details, r.version)
        : `${details}\nStored. There is no campaign in this channel: use it in a campaign’s channel before its first turn with \`/catalog use\`.`.slice(
            0,
            2000,
          ),
    });
    return { ok: true };
  }
  const outcome = await presentResult(i, r.switched);
  await i.followUp({ content: details, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
  return outcome;
}

/** A private answer, also after a public "thinking…" (which is then removed: it cannot turn private). */
async function replyPrivately(
  i: ChatInputCommandInteraction,
  options: { content: string; files?: TextFile[] },
): Promise<void> {
  // A long answer goes out whole, in parts split at line ends (never cut mid-word).
  const [first = '', ...rest] = splitMessage(options.content);
  const message = {
    content: first,
    files: attach(options.files ?? []),
    flags: MessageFlags.Ephemeral,
  } as const;
  if (i.deferred && !i.ephemeral) {
    await i.deleteReply();
    await i.followUp(message);
  } else await send(i, message);
  for (const part of rest)
    await i.followUp({ content: part, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
}

function attach(files: readonly TextFile[]): AttachmentBuilder[] {
  return files.map((f) => new AttachmentBuilder(Buffer.from(f.text, 'utf8'), { name: f.name }));
}

async function template(i: ChatInputCommandInteraction): Promise<CommandOutcome> {
  await send(i, {
    content: TEMPLATE_WORDS.reply,
    files: attach(catalogTemplateFiles()),
    flags: MessageFlags.Ephemeral,
  });
  return { ok: true };
}

async function coverage(
  i: ChatInputCommandInteraction,
  ctx: CommandContext,
  args: SubArgsOf<typeof data, 'coverage'>,
): Promise<CommandOutcome> {
  const report = await catalogCoverageHere(ctx.app, ctx.target.channelId, args.empire);
  await send(i, { content: coverageText(report), flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
  return { ok: true };
}

async function exportFiles(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const exported = await exportCatalog(ctx.app, ctx.target.channelId);
  if (!exported.ok) return presentError(i, exported.error);
  const e = exported.value;
  await send(i, {
    content: catalogExportText(e),
    files: attach([
      { name: 'units.csv', text: e.units },
      { name: 'refits.csv', text: e.refits },
      { name: 'conversions.csv', text: e.conversions },
    ]),
    flags: MessageFlags.Ephemeral,
  });
  return { ok: true };
}

async function list(
  i: ChatInputCommandInteraction,
  ctx: CommandContext,
  args: SubArgsOf<typeof data, 'list'>,
): Promise<CommandOutcome> {
  const library = await catalogLibrary(ctx.app, args.page ?? 1);
  const state = await campaignInChannel(ctx.app, ctx.target.channelId);
  await send(i, {
    content: catalogLibraryText(library, LIBRARY_PAGE_SIZE, state?.catalogVersion ?? null),
    flags: MessageFlags.Ephemeral,
    allowedMentions: { parse: [] },
  });
  return { ok: true };
}

async function use(
  i: ChatInputCommandInteraction,
  ctx: CommandContext,
  args: SubArgsOf<typeof data, 'use'>,
): Promise<CommandOutcome> {
  return presentResult(
    i,
    await useCatalog(ctx.app, { target: ctx.target, actor: ctx.actor, version: args.version, interactionId: i.id }),
  );
}

async function amend(
  i: ChatInputCommandInteraction,
  ctx: CommandContext,
  args: SubArgsOf<typeof data, 'amend'>,
): Promise<CommandOutcome> {
  const result = await proposeCatalogAmendment(ctx.app, {
    target: ctx.target,
    actor: ctx.actor,
    version: args.version,
    ships: args.ships ?? 'keep',
    interactionId: i.id,
  });
  return presentAfterCommand(i, result, { via: 'slash', app: ctx.app, channelId: ctx.target.channelId });
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
    case 'template':
      return template(i);
    case 'import':
      return importFiles(i, ctx, args);
    case 'coverage':
      return coverage(i, ctx, args);
    case 'export':
      return exportFiles(i, ctx);
    case 'list':
      return list(i, ctx, args);
    case 'use':
      return use(i, ctx, args);
    case 'amend':
      return amend(i, ctx, args);
    case 'search':
      return search(i, ctx, args);
    case 'show':
      return show(i, ctx, args);
  }
}

/** Units matching what is typed (id, name, hull code, empire), best first; Discord shows 25. */
async function autocomplete(i: AutocompleteInteraction, ctx: CommandContext): Promise<void> {
  if (i.options.getFocused(true).name === 'version') return autocompleteVersion(i, ctx);
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

/** How many of the newest stored versions autocomplete looks through. */
const VERSIONS_OFFERED = 200;

/** Stored versions whose name or hash contains what is typed, newest first. */
async function autocompleteVersion(i: AutocompleteInteraction, ctx: CommandContext): Promise<void> {
  const typed = String(i.options.getFocused()).trim().toLowerCase().slice(0, 64);
  const { versions } = await catalogLibrary(ctx.app, 1, VERSIONS_OFFERED);
  await i.respond(
    versions
      .filter((v) => typed === '' || v.version.startsWith(typed) || v.name.toLowerCase().includes(typed))
      .slice(0, 25)
      .map((v) => ({
        name: `${v.name || '(unnamed)'} — ${v.version.slice(0, 12)}, ${v.unitCount} units`.slice(0, 100),
        value: v.version,
      })),
  );
}
