import {
  ApplicationCommandOptionType,
  MessageFlags,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { readArgs } from '../src/discord/args.ts';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { respondChoices, stateFor } from '../src/discord/autocomplete.ts';
import { execute, send, sendLong } from '../src/discord/present.ts';
import { ownVoteChoices, settingChoices } from '../src/discord/views/choices.ts';
import { voteText, WORDS } from '../src/discord/words.ts';
import type { CorrectionKind } from '../src/rules/thunderdome/correction-events.ts';

/** What `/vote amend` corrects (the rules read the target and value, amend-state.ts). */
const CORRECTION_KINDS = [
  'bank',
  'condition',
  'sector',
  'owner',
  'development',
  'battle',
] as const satisfies readonly CorrectionKind[];

const data = {
  name: 'vote',
  description: 'Supermajority votes (UTD1.7): propose a change, see open votes',
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'setting',
      description: 'Propose changing a campaign setting or house rule (from the next cycle)',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'key',
          description: 'The setting',
          required: true,
          autocomplete: true,
        },
        {
          type: ApplicationCommandOptionType.String,
          name: 'value',
          description: 'The new value',
          required: true,
          max_length: 60,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'restricted',
      description: 'Propose allowing a restricted unit: conjectural, X-ship, battleship (UTD8.21)',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'unit',
          description: 'The restricted unit class',
          required: true,
          autocomplete: true,
          max_length: 60,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'withdraw',
      description: 'Take back a vote you proposed while it is open (UTD1.7)',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'vote',
          description: 'Your open vote, e.g. V12',
          required: true,
          autocomplete: true,
          max_length: 20,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'end',
      description: 'Propose ending the campaign by agreement, naming the winner or none (UTD1.9)',
      options: [
        {
          type: ApplicationCommandOptionType.User,
          name: 'winner',
          description: 'The player who wins; leave empty for no winner',
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'pause',
      description: 'Vote to pause the campaign (every clock stops), or to resume it when paused (UTD1.7)',
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'amend',
      description:
        'Propose a correction of the campaign, with its reason; the difference shows before the vote (UTD1.7)',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'what',
          description: 'What to correct',
          required: true,
          choices: CORRECTION_KINDS.map((k) => ({ name: k, value: k })),
        },
        {
          type: ApplicationCommandOptionType.String,
          name: 'target',
          description: 'The player, fleet/base/ship id, sector or battle id',
          required: true,
          max_length: 60,
        },
        {
          type: ApplicationCommandOptionType.String,
          name: 'value',
          description: 'The value it should have: 120 · crippled · H2 · lyran · colony none · S12 wrecked',
          required: true,
          max_length: 60,
        },
        {
          type: ApplicationCommandOptionType.String,
          name: 'reason',
          description: 'Why it is wrong (shown with the vote)',
          required: true,
          max_length: 300,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'replace',
      description: 'Propose a newcomer for a vacant seat: empire, bank and obligations (UTD3.91, removal.seat)',
      options: [
        {
          type: ApplicationCommandOptionType.User,
          name: 'seat',
          description: 'The player who left the seat',
          required: true,
        },
        { type: ApplicationCommandOptionType.User, name: 'newcomer', description: 'Who takes it over', required: true },
      ],
    },
    { type: ApplicationCommandOptionType.Subcommand, name: 'status', description: 'The open votes and their tallies' },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const args = readArgs(i, data);
  if (args.sub === 'setting') return execute(i, ctx, { type: 'vote-setting', key: args.key, value: args.value });
  if (args.sub === 'restricted') return execute(i, ctx, { type: 'vote-restricted', unitId: args.unit });
  if (args.sub === 'withdraw') return execute(i, ctx, { type: 'vote-withdraw', vote: args.vote });
  if (args.sub === 'end') return execute(i, ctx, { type: 'vote-end', winner: args.winner?.id ?? null });
  if (args.sub === 'pause') return execute(i, ctx, { type: 'vote-pause' });
  if (args.sub === 'replace')
    return execute(i, ctx, {
      type: 'vote-replace',
      player: args.seat.id,
      userId: args.newcomer.id,
      name: args.newcomer.globalName ?? args.newcomer.username,
    });
  if (args.sub === 'amend')
    return execute(i, ctx, {
      type: 'vote-amend',
      what: args.what,
      target: args.target,
      value: args.value,
      reason: args.reason,
    });
  const state = await stateFor(ctx);
  if (!state) {
    await send(i, { content: WORDS.noCampaign, flags: MessageFlags.Ephemeral });
    return { ok: false };
  }
  const open = state.votes.filter((v) => v.status === 'open');
  await sendLong(i, open.length ? open.map((v) => voteText(v, state)).join('\n\n') : 'No vote is open.', {
    flags: MessageFlags.Ephemeral,
    allowedMentions: { parse: [] },
    name: 'votes.txt',
  });
  return { ok: true };
}

async function autocomplete(i: AutocompleteInteraction, ctx: CommandContext): Promise<void> {
  const state = await stateFor(ctx);
  if (i.options.getSubcommand() === 'restricted') {
    // UTD8.21: only the restricted units of the campaign's catalog that are not allowed yet.
    if (!state) return respondChoices(i, []);
    const catalog = await ctx.app.catalogs.get(state.catalogVersion);
    const allowed = state.settings['units.allowedRestricted'] ?? [];
    return respondChoices(
      i,
      catalog
        .all()
        .filter((u) => u.restricted && !allowed.includes(u.unitId))
        .map((u) => ({ name: `${u.name} (${u.empire}, ${u.restricted})`, value: u.unitId })),
    );
  }
  if (i.options.getSubcommand() === 'withdraw')
    return respondChoices(i, state ? ownVoteChoices(state, ctx.actor.userId) : []);
  return respondChoices(i, settingChoices(state));
}

export const voteCommand: SlashCommand = { data, execute: run, autocomplete };
