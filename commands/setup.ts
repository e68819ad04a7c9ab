import {
  ApplicationCommandOptionType,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { readArgs } from '../src/discord/args.ts';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { defenseVariantChoices, respondChoices, stateFor, unitChoices } from '../src/discord/autocomplete.ts';
import { execute } from '../src/discord/present.ts';

const data = {
  name: 'setup',
  description: 'Buy your initial forces before the first turn (UTD8.1, ISS-A103)',
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'buy',
      description: 'Buy a ship from your bank into a fleet at home',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'unit',
          description: 'Ship class',
          required: true,
          autocomplete: true,
        },
        {
          type: ApplicationCommandOptionType.Integer,
          name: 'fleet',
          description: 'Fleet number (default: the first with room, else a new one)',
          min_value: 1,
          max_value: 20,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'defender',
      description: 'No monitor in your empire: choose free defending ships up to 165 BPV (UTD8.134)',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'unit',
          description: 'Warship class',
          required: true,
          autocomplete: true,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'defense',
      description: 'Choose the variant of a starting monitor, GBDP or DefSat at home (UTD8.134)',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'base',
          description: 'The starting defense to change (e.g. B7)',
          required: true,
          autocomplete: true,
        },
        {
          type: ApplicationCommandOptionType.String,
          name: 'variant',
          description: 'The variant of the same kind',
          required: true,
          autocomplete: true,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'return',
      description: 'Give back a ship bought during the setup, for a full refund',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'ship',
          description: 'Ship id (see /navy)',
          required: true,
          autocomplete: true,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'ready',
      description: 'Declare your forces ready; play starts when everyone is',
      options: [
        { type: ApplicationCommandOptionType.Boolean, name: 'ready', description: 'false to change your forces again' },
      ],
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const args = readArgs(i, data);
  switch (args.sub) {
    case 'buy':
      return execute(i, ctx, { type: 'setup-buy', unitId: args.unit, fleetSlot: args.fleet ?? null });
    case 'defender':
      return execute(i, ctx, { type: 'setup-defender', unitId: args.unit });
    case 'defense':
      return execute(i, ctx, { type: 'setup-defense', base: args.base, unitId: args.variant });
    case 'return':
      return execute(i, ctx, { type: 'setup-return', shipId: args.ship });
    case 'ready':
      return execute(i, ctx, { type: 'setup-ready', ready: args.ready ?? true });
  }
}

async function autocomplete(i: AutocompleteInteraction, ctx: CommandContext): Promise<void> {
  const state = await stateFor(ctx);
  if (!state) return i.respond([]);
  const focused = i.options.getFocused(true).name;
  // UTD8.134: the player's starting defenses, and the variants of the defense kinds.
  if (focused === 'base')
    return respondChoices(
      i,
      state.bases
        .filter((b) => b.owner === ctx.actor.userId && b.role === 'defense')
        .map((b) => ({ name: `${b.id} ${b.unitId}`, value: b.id })),
    );
  if (focused === 'variant') {
    const catalog = await ctx.app.catalogs.get(state.catalogVersion);
    return respondChoices(i, defenseVariantChoices(state, ctx.actor.userId, catalog));
  }
  if (focused === 'unit') {
    return respondChoices(i, unitChoices(state, ctx.actor.userId, await ctx.app.catalogs.get(state.catalogVersion)));
  }
  const ships = state.ships
    .filter((s) => s.owner === ctx.actor.userId)
    .map((s) => ({ name: `${s.id} ${s.unitId}`, value: s.id }));
  return respondChoices(i, ships);
}

export const setupCommand: SlashCommand = { data, execute: run, autocomplete };
