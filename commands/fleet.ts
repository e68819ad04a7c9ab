import {
  ApplicationCommandOptionType,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { readArgs, type SubArgsOf } from '../src/discord/args.ts';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { fleetChoices, respondChoices, stateFor } from '../src/discord/autocomplete.ts';
import { confirmFirst } from '../src/discord/confirmations.ts';
import { execute, presentError, send } from '../src/discord/present.ts';
import { fleetCheckText, missingText } from '../src/discord/views/fleet-check-text.ts';
import { splitMessage } from '../src/discord/words.ts';
import { checkFleetSize, FLEET_SYSTEM_CHOICES, fleetCheckUnits } from '../src/app/fleet-check.ts';

const data = {
  name: 'fleet',
  description: 'Reorganize or scrap ships of your fleets',
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'organize',
      description: 'Move ships between two fleets in one sector, or into a new fleet: 1 OP (UTD6.33)',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'from',
          description: 'The fleet the ships leave',
          required: true,
          autocomplete: true,
        },
        {
          type: ApplicationCommandOptionType.String,
          name: 'to',
          description: 'The fleet number they join (a free number makes a new fleet)',
          required: true,
          autocomplete: true,
        },
        {
          type: ApplicationCommandOptionType.String,
          name: 'ships',
          description: 'Ship ids separated by commas, or all',
          required: true,
          max_length: 200,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'scrap',
      description: 'Scrap ships of one fleet for half their value: 1 OP (UTD6.3F)',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'fleet',
          description: 'The fleet',
          required: true,
          autocomplete: true,
        },
        {
          type: ApplicationCommandOptionType.String,
          name: 'ships',
          description: 'Ship ids separated by commas, or all',
          required: true,
          max_length: 200,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'check',
      description: 'Check a fleet or battle fleet against a VBSF fleet-size limit (BPV, Big Ships, FCP)',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'system',
          description: 'The fleet-size system',
          required: true,
          choices: FLEET_SYSTEM_CHOICES,
        },
        { type: ApplicationCommandOptionType.String, name: 'fleet', description: 'A fleet number', autocomplete: true },
        {
          type: ApplicationCommandOptionType.String,
          name: 'battle',
          description: 'Or a battle: its fighting fleet on your side (or the player’s)',
          autocomplete: true,
        },
        { type: ApplicationCommandOptionType.User, name: 'player', description: 'Whose fleet (default yours)' },
        {
          type: ApplicationCommandOptionType.String,
          name: 'flagship',
          description: 'The flagship (default the highest command rating, else the largest)',
          autocomplete: true,
        },
        {
          type: ApplicationCommandOptionType.Integer,
          name: 'web',
          description: 'Web hexes laid before the battle',
          min_value: 0,
          max_value: 1000,
        },
        {
          type: ApplicationCommandOptionType.String,
          name: 'crew',
          description: 'FCP: the flagship crew',
          choices: (['poor', 'normal', 'outstanding'] as const).map((v) => ({ name: v, value: v })),
        },
        {
          type: ApplicationCommandOptionType.Boolean,
          name: 'legendary',
          description: 'FCP: a legendary captain commands',
        },
      ],
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const args = readArgs(i, data);
  if (args.sub === 'check') return check(i, ctx, args);
  if (args.sub === 'scrap') {
    // Scrapped ships are gone for good: Confirm/Cancel first (UTD6.121).
    const { fleet, ships } = args;
    return confirmFirst(i, ctx, {
      command: { type: 'scrap', fleet, ships },
      question: `Scrap ${ships.trim().toLowerCase() === 'all' ? 'every ship' : `ships ${ships.slice(0, 200)}`} of fleet ${fleet.slice(0, 20)}?`,
      consequence: 'They leave play for half their value, for 1 order point (UTD6.3F).',
      rule: 'UTD6.3F',
      again: '/fleet scrap',
    });
  }
  return execute(i, ctx, { type: 'organize', from: args.from, to: args.to, ships: args.ships });
}

/** `/fleet check`: reads the campaign only; nothing is changed. */
async function check(
  i: ChatInputCommandInteraction,
  ctx: CommandContext,
  args: SubArgsOf<typeof data, 'check'>,
): Promise<CommandOutcome> {
  const { player, ...rest } = args;
  const checked = await checkFleetSize(ctx.app, ctx.target.channelId, ctx.actor.userId, {
    ...rest,
    ...(player ? { player: player.id } : {}),
  });
  if (!checked.ok) return presentError(i, checked.error);
  const a = checked.value;
  const text =
    a.kind === 'missing'
      ? missingText(a.system, a.title, a.missing)
      : fleetCheckText(a.title, a.flagship, a.result, a.missing);
  const [first, ...more] = splitMessage(text);
  await send(i, { content: first!, allowedMentions: { parse: [] } });
  for (const next of more) await i.followUp({ content: next, allowedMentions: { parse: [] } });
  return { ok: true };
}

async function autocomplete(i: AutocompleteInteraction, ctx: CommandContext): Promise<void> {
  const state = await stateFor(ctx);
  if (!state) return i.respond([]);
  if (i.options.getSubcommand() === 'check') {
    const focused = i.options.getFocused(true).name;
    const who = i.options.get('player')?.value?.toString() ?? ctx.actor.userId;
    if (focused === 'battle')
      return respondChoices(
        i,
        state.battles.map((b) => ({ name: `${b.id} (${b.status})`, value: b.id })),
      );
    if (focused === 'flagship') {
      const units = fleetCheckUnits(state, who, i.options.getString('fleet'), i.options.getString('battle'));
      return respondChoices(
        i,
        units.map((u) => ({ name: u.name, value: u.id })),
      );
    }
    return respondChoices(i, fleetChoices(state, who, await ctx.app.catalogs.get(state.catalogVersion)));
  }
  return respondChoices(i, fleetChoices(state, ctx.actor.userId, await ctx.app.catalogs.get(state.catalogVersion)));
}

export const fleetCommand: SlashCommand = { data, execute: run, autocomplete };
