import {
  ApplicationCommandOptionType,
  AttachmentBuilder,
  MessageFlags,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import {
  campaignAtCycle,
  campaignInChannel,
  campaignLog,
  createCampaign,
  exportCampaignFile,
  EMPIRE_CHOICES,
  importCampaign,
  joinCampaign,
  leaveCampaign,
  startCampaign,
  versionedCampaign,
} from '../src/app/campaigns.ts';
import { ledgerImage } from '../src/discord/images.ts';
import { settingsReply } from '../src/discord/settings-words.ts';
import { catalogCoverageHere } from '../src/app/catalog-library.ts';
import { coverageWarning } from '../src/discord/catalog-words.ts';
import { verifyCampaign } from '../src/app/verify.ts';
import { verificationText } from '../src/discord/governance-words.ts';
import { EXPORT_MAX_BYTES } from '../src/app/export.ts';
import { readArgs, type SubArgsOf } from '../src/discord/args.ts';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { deferFirst, execute as run, presentError, presentResult, send } from '../src/discord/present.ts';
import { mapText } from '../src/discord/views/map-text.ts';
import { statusEmbed } from '../src/discord/views/status.ts';
import { permissionWarningHere } from '../src/discord/permission-check.ts';
import { delivererOf } from '../src/discord/deliverer.ts';
import { ledgerCsv, ledgerRows, ledgerText } from '../src/discord/views/ledger.ts';
import { logLine } from '../src/discord/log-words.ts';
import { plainName } from '../src/discord/words-context.ts';
import { timestamp, WORDS } from '../src/discord/words.ts';
import { sendLong } from '../src/discord/send.ts';
import { cycleLabel, historyRefusal } from '../src/app/history.ts';

const data = {
  name: 'campaign',
  description: 'Create, join, start, inspect, export or import the campaign of this channel',
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'create',
      description: 'Create a Thunderdome III campaign in this channel',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'name',
          description: 'Campaign name',
          required: true,
          max_length: 60,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'join',
      description: 'Join the campaign with an empire (UTD8.111), or change empire before the start',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'empire',
          description: 'The empire you will play',
          required: true,
          choices: EMPIRE_CHOICES,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'contest',
      description: 'Roll against the holder for an empire you both want (UTD8.113)',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'empire',
          description: 'The contested empire',
          required: true,
          choices: EMPIRE_CHOICES,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'leave',
      description: 'Leave the campaign before it starts',
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'start',
      description: 'Start: roll the turn order and pay starting BPV (creator or server manager)',
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'status',
      description: 'Show the campaign: calendar, turn, players, banks',
      options: [
        {
          type: ApplicationCommandOptionType.Boolean,
          name: 'public',
          description: 'Post it for everyone (default: only you see it)',
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'settings',
      description: 'Every house rule: its value, its default and the rule it changes (UTD1.11)',
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'log',
      description: 'Page through everything that happened, oldest first (anyone may look, UTD3.1)',
      options: [
        {
          type: ApplicationCommandOptionType.Integer,
          name: 'page',
          description: 'Page number (default: the latest)',
          min_value: 1,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'ledger',
      description: 'The campaign ledger: treasury, income, sectors, fleets, BPV afloat, forfeits',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'format',
          description: 'A picture (default) or a CSV file for a spreadsheet',
          choices: [
            { name: 'image', value: 'image' },
            { name: 'csv', value: 'csv' },
          ],
        },
        {
          type: ApplicationCommandOptionType.Boolean,
          name: 'public',
          description: 'Post it for everyone (default: only you see it)',
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'history',
      description: 'The campaign as it stood at the end of a past cycle',
      options: [
        {
          type: ApplicationCommandOptionType.Number,
          name: 'cycle',
          description: 'Cycle, e.g. 2 or 2.5',
          required: true,
          min_value: 1,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'revert',
      description: 'Propose returning to the state before an event of this cycle; all whose acts it undoes must agree',
      options: [
        {
          type: ApplicationCommandOptionType.Integer,
          name: 'event',
          description: 'The event number (see /campaign log)',
          required: true,
          min_value: 2,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'verify',
      description: 'Check the log’s hash chain and that replaying it gives the stored campaign',
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'export',
      description: 'Download the whole campaign and its history as a JSON file',
      options: [
        {
          type: ApplicationCommandOptionType.Boolean,
          name: 'include_secret',
          description: 'Server managers only: include the secret dice seed, to move the campaign to another server',
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'import',
      description: 'Restore a campaign export into this (empty) channel (server managers)',
      options: [
        {
          type: ApplicationCommandOptionType.Attachment,
          name: 'file',
          description: 'A file made by /campaign export',
          required: true,
        },
      ],
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

async function execute(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const { app, target, actor } = ctx;
  const args = readArgs(i, data);
  switch (args.sub) {
    case 'create': {
      const result = await createCampaign(app, target, actor, args.name, i.id);
      const outcome = await presentResult(i, result);
      // Docs/delivery.md: each permission the bot lacks here is named with what it breaks.
      const warning = result.ok && !result.duplicate ? permissionWarningHere(i) : null;
      if (warning) await i.followUp({ content: warning, allowedMentions: { parse: [] } });
      return outcome;
    }
    case 'join':
      return presentResult(i, await joinCampaign(app, target, actor, args.empire, i.id));
    case 'leave':
      return presentResult(i, await leaveCampaign(app, target, actor, i.id));
    case 'contest':
      return run(i, ctx, { type: 'contest', empire: args.empire });
    case 'revert':
      return run(i, ctx, { type: 'revert-propose', event: args.event });
    case 'start':
      return start(i, ctx);
    case 'status':
      return status(i, ctx, args);
    case 'settings':
      return settings(i, ctx);
    case 'log':
      return log(i, ctx, args);
    case 'history':
      return history(i, ctx, args);
    case 'ledger':
      return ledger(i, ctx, args);
    case 'verify':
      return verify(i, ctx);
    case 'export':
      return exportFile(i, ctx, args);
    case 'import':
      return importFile(i, ctx, args);
  }
}

async function status(
  i: ChatInputCommandInteraction,
  ctx: CommandContext,
  args: SubArgsOf<typeof data, 'status'>,
): Promise<CommandOutcome> {
  const state = await campaignInChannel(ctx.app, ctx.target.channelId);
  if (!state) {
    await send(i, { content: WORDS.noCampaign, flags: MessageFlags.Ephemeral });
    return { ok: false };
  }
  const ephemeral = !args.public;
  // Docs/delivery.md: what the bot may not do in this channel, and what that breaks.
  const warning = permissionWarningHere(i);
  await send(i, {
    ...(warning ? { content: warning } : {}),
    embeds: [statusEmbed(state)],
    allowedMentions: { parse: [] },
    ...(ephemeral ? { flags: MessageFlags.Ephemeral } : {}),
  });
  return { ok: true };
}

/**
 * Every setting (requirements §3.3), privately: one message when it fits, else the first part and
 * the whole list attached as a text file (Discord's 2,000 characters).
 */
async function settings(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const state = await campaignInChannel(ctx.app, ctx.target.channelId);
  const reply = settingsReply(state);
  await send(i, {
    content: reply.content,
    ...(reply.file ? { files: [new AttachmentBuilder(Buffer.from(reply.file), { name: 'settings.txt' })] } : {}),
    flags: MessageFlags.Ephemeral,
    allowedMentions: { parse: [] },
  });
  return { ok: true };
}

/** The ledger (UTD1.12) as a picture, or as CSV for those who want the real spreadsheet. */
async function ledger(
  i: ChatInputCommandInteraction,
  ctx: CommandContext,
  args: SubArgsOf<typeof data, 'ledger'>,
): Promise<CommandOutcome> {
  const current = await versionedCampaign(ctx.app, ctx.target.channelId);
  if (!current) return presentError(i, { code: 'campaign/none', rule: 'UTD8.1', message: WORDS.noCampaign });
  const { state, version } = current;
  const catalog = await ctx.app.catalogs.get(state.catalogVersion);
  const rows = ledgerRows(state, catalog);
  const pub = args.public ?? false;
  const visibility = pub ? {} : { flags: MessageFlags.Ephemeral as const };
  if (args.format === 'csv') {
    await sendLong(i, ledgerText(state, rows), {
      files: [new AttachmentBuilder(Buffer.from(ledgerCsv(rows)), { name: 'ledger.csv' })],
      allowedMentions: { parse: [] },
      ...visibility,
      name: 'ledger.txt',
    });
    return { ok: true };
  }
  // Rendering takes a moment: acknowledge first (Discord allows 3 s).
  await i.deferReply(visibility);
  const png = await ledgerImage(state, version, catalog);
  await i.editReply({
    content: `📒 **${state.name}** ledger — \`/campaign ledger format:csv\` for the spreadsheet.`,
    files: [new AttachmentBuilder(png, { name: 'ledger.png' })],
    allowedMentions: { parse: [] },
  });
  return { ok: true };
}

async function history(
  i: ChatInputCommandInteraction,
  ctx: CommandContext,
  args: SubArgsOf<typeof data, 'history'>,
): Promise<CommandOutcome> {
  const cycle = args.cycle;
  const half = Math.round(cycle * 2);
  if (half !== cycle * 2)
    return presentError(i, {
      code: 'history/bad-cycle',
      rule: 'UTD2.2',
      message: 'Cycles step by 0.5: give a cycle like 2 or 2.5.',
    });
  const now = await campaignInChannel(ctx.app, ctx.target.channelId);
  if (!now) return presentError(i, { code: 'campaign/none', rule: 'UTD8.1', message: WORDS.noCampaign });
  const refusal = historyRefusal(now, half);
  if (refusal) return presentError(i, { code: 'history/not-yet', rule: 'UTD2.2', message: refusal });
  // The campaign is replayed from its log up to that cycle (Discord allows 3 s to acknowledge).
  await deferFirst(i);
  const state = await campaignAtCycle(ctx.app, ctx.target.channelId, half);
  if (!state) return presentError(i, { code: 'campaign/none', rule: 'UTD8.1', message: WORDS.noCampaign });
  const text = state.map ? mapText(state) : 'No map yet at that time.';
  await sendLong(i, `📜 At the end of cycle ${cycleLabel(half)}:\n${text}`, {
    embeds: [statusEmbed(state)],
    flags: MessageFlags.Ephemeral,
    allowedMentions: { parse: [] },
    name: `cycle-${cycleLabel(half)}.txt`,
  });
  return { ok: true };
}

const LOG_PAGE = 15;

async function log(
  i: ChatInputCommandInteraction,
  ctx: CommandContext,
  args: SubArgsOf<typeof data, 'log'>,
): Promise<CommandOutcome> {
  const first = await campaignLog(ctx.app, ctx.target.channelId, 1, LOG_PAGE);
  if (!first) {
    await send(i, { content: WORDS.noCampaign, flags: MessageFlags.Ephemeral });
    return { ok: false };
  }
  const page = await campaignLog(ctx.app, ctx.target.channelId, args.page ?? first.pages, LOG_PAGE);
  // A revert by consent keeps its events in the log, marked reverted (UTD1.7, revert.ts).
  const reverted = (seq: number) => (page!.state.reverted ?? []).some((r) => seq >= r.from && seq <= r.to);
  const lines = page!.events.map(
    (e) => `\`#${e.seq}\` ${reverted(e.seq) ? '↩️ *reverted* ' : ''}${timestamp(e.at, 'd')} ${logLine(e, page!.state)}`,
  );
  const current = Math.ceil((page!.events[0]?.seq ?? 1) / LOG_PAGE);
  const text = [`📜 **${plainName(page!.state.name)}** — log page ${current} of ${page!.pages}`, ...lines].join('\n');
  await sendLong(i, text, { flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] }, name: 'log.txt' });
  return { ok: true };
}

/**
 * `/campaign start`: the catalog's coverage is checked first (requirements §4.2); its gaps are
 * posted as a warning ahead of the start announcement, so the players know before play what the
 * catalog cannot give them. The warning never stops the start.
 */
async function start(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const warning = coverageWarning(await catalogCoverageHere(ctx.app, ctx.target.channelId));
  const result = await startCampaign(ctx.app, ctx.target, ctx.actor, i.id);
  if (warning && result.ok && !result.duplicate)
    await sendLong(i, warning, { allowedMentions: { parse: [] }, name: 'catalog-coverage.txt' });
  return presentResult(i, result);
}

/** The tamper-evident history: anyone may check it, and the answer is public so everyone sees it. */
async function verify(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  await i.deferReply();
  const checked = await verifyCampaign(ctx.app, ctx.target.channelId);
  if (!checked.ok) return presentError(i, checked.error);
  const state = await campaignInChannel(ctx.app, ctx.target.channelId);
  await sendLong(i, verificationText(state?.name ?? 'Campaign', checked.value), {
    allowedMentions: { parse: [] },
    name: 'verification.txt',
  });
  const v = checked.value;
  return { ok: v.breaks.every((b) => b.code === 'unchained') && v.state.length === 0 && !v.replayFailed };
}

async function exportFile(
  i: ChatInputCommandInteraction,
  ctx: CommandContext,
  args: SubArgsOf<typeof data, 'export'>,
): Promise<CommandOutcome> {
  const includeSecret = args.include_secret ?? false;
  if (includeSecret && !ctx.actor.isServerAdmin) {
    return presentError(i, {
      code: 'permission/admin',
      rule: 'UTD1.5',
      message: 'Only a server manager may export the secret dice seed.',
      hint: 'Export without `include_secret`.',
    });
  }
  await i.deferReply(includeSecret ? { flags: MessageFlags.Ephemeral } : {});
  // Written a page of the log at a time, gzip-compressed when large (docs/export-format.md).
  const exported = await exportCampaignFile(ctx.app, ctx.target.channelId, { includeSecret });
  if (!exported.ok) return presentError(i, exported.error);
  const file = exported.value;
  const slug =
    file.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'campaign';
  const name = `${slug}-v${file.events}.json${file.gzip ? '.gz' : ''}`;
  await i.editReply({
    content: `📦 **${file.name}**: ${file.events} events, ${file.players} players${file.gzip ? ' (gzip-compressed)' : ''}${includeSecret ? ' — contains the SECRET dice seed, keep it private' : ''}.`,
    files: [new AttachmentBuilder(file.bytes, { name })],
  });
  return { ok: true };
}

async function importFile(
  i: ChatInputCommandInteraction,
  ctx: CommandContext,
  args: SubArgsOf<typeof data, 'import'>,
): Promise<CommandOutcome> {
  if (!ctx.actor.isServerAdmin)
    return presentError(i, { code: 'permission/admin', rule: 'UTD1.6', message: WORDS.adminOnly });
  const attachment = args.file;
  if (attachment.size > EXPORT_MAX_BYTES) {
    return presentError(i, {
      code: 'import/too-large',
      rule: 'UTD1.6',
      message: `The file is ${attachment.size} bytes; exports are at most ${EXPORT_MAX_BYTES} bytes.`,
    });
  }
  // Deferred privately: a refused file is the uploader's business; a success is announced to all.
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const response = await fetch(attachment.url);
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok || body.length > EXPORT_MAX_BYTES) {
    return presentError(i, {
      code: 'import/unreadable',
      rule: 'UTD1.6',
      message: 'The attachment could not be downloaded.',
    });
  }
  // Plain or gzip-compressed JSON, known by its first bytes (docs/export-format.md).
  const result = await importCampaign(ctx.app, ctx.target, ctx.actor, body);
  if (!result.ok) return presentError(i, result.error);
  await i.editReply({ content: `Imported ${result.value.events} events.` });
  // The channel's announcement was written to the outbox with the import (docs/delivery.md).
  void delivererOf(i.client)?.deliver(result.value.state.id);
  return { ok: true };
}

export const campaignCommand: SlashCommand = { data, execute };
