import {
  ApplicationCommandOptionType,
  type APIApplicationCommandBasicOption,
  type ApplicationCommandOptionChoiceData,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { CommandInput } from '../src/app/run-command.ts';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { sendPlayerView } from '../src/discord/player-view.ts';
import { respondChoices, stateFor } from '../src/discord/autocomplete.ts';
import { officerListText } from '../src/discord/officer-words.ts';
import { execute, presentError } from '../src/discord/present.ts';
import { sectorLabel, type CampaignState } from '../src/rules/thunderdome/index.ts';
import { LEGENDARY_OFFICER_TYPES, crewIneligible, officerIneligible } from '../src/rules/thunderdome/officers/index.ts';
import { yardsOf } from '../src/rules/thunderdome/shipyards/index.ts';

const S = ApplicationCommandOptionType.String;
const ship = (name: string, description: string) =>
  ({ type: S, name, description, required: true, autocomplete: true, max_length: 20 }) as const;
const yard = {
  type: S,
  name: 'yard',
  description: 'The activated yard (default: one that can)',
  autocomplete: true,
} as const;
const sub = (name: string, description: string, options: APIApplicationCommandBasicOption[] = []) => ({
  type: ApplicationCommandOptionType.Subcommand as const,
  name,
  description,
  options,
});

const data = {
  name: 'officer',
  description: 'Legendary officers, outstanding crew, CO pools, minesweeper mines (UTD7.26A, 7.26B, 7.A2, 8.253)',
  options: [
    sub('buy', 'Assign a legendary officer at an activated yard, as a refit (UTD6.376, 7.26A)', [
      ship('ship', 'The SC3/SC4 warship that gets the officer'),
      {
        type: S,
        name: 'type',
        description: 'Officer type (one of each per navy, UTD8.23)',
        required: true,
        choices: Object.entries(LEGENDARY_OFFICER_TYPES).map(([value, name]) => ({ name, value })),
      },
      yard,
    ]),
    sub('transfer', 'Move an officer to another ship: an Organize Fleets order (1 OP, UTD6.33, 7.26A)', [
      ship('from', 'The ship the officer leaves'),
      ship('to', 'The ship that receives it'),
    ]),
    sub('crew', 'Give a ship your one outstanding crew at an activated yard (UTD7.26B)', [
      ship('ship', 'MC ≤ 1, not DN, tug, SC2, X, stasis or mauler'),
      yard,
    ]),
    // Navy loose ends: minesweeper mines (UTD8.253), bought as a refit like an officer.
    sub('mines', 'Buy mines for a minesweeper at an activated yard, as a refit (UTD8.253, 6.376)', [
      ship('ship', 'The minesweeper (SC4: 25 BPV of mines in all, SC3: 50)'),
      {
        type: S,
        name: 'bpv',
        description: 'BPV of mines to add, paid from the bank (e.g. 25)',
        required: true,
        max_length: 12,
      },
      yard,
    ]),
    sub('list', 'Officers, crew, CO pools, drone limits and mines of a navy', [
      { type: ApplicationCommandOptionType.User, name: 'player', description: 'Whose navy (default: yours)' },
      { type: ApplicationCommandOptionType.Boolean, name: 'public', description: 'Post it for everyone' },
    ]),
  ],
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

function commandOf(i: ChatInputCommandInteraction): CommandInput | null {
  const req = (name: string) => i.options.getString(name, true);
  const yardRef = i.options.getString('yard');
  const at = yardRef ? { yard: yardRef } : {};
  switch (i.options.getSubcommand()) {
    case 'buy':
      return { type: 'officer-buy', ship: req('ship'), officer: req('type'), ...at };
    case 'transfer':
      return { type: 'officer-transfer', from: req('from'), to: req('to') };
    case 'crew':
      return { type: 'crew-buy', ship: req('ship'), ...at };
    case 'mines':
      return { type: 'mines-buy', ship: req('ship'), bpv: req('bpv'), ...at };
    default:
      return null;
  }
}

async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  if (i.options.getSubcommand() === 'list') return list(i, ctx);
  const command = commandOf(i);
  if (!command)
    return presentError(i, {
      code: 'command/unknown',
      rule: 'UTD7.26A',
      message: `\`/officer ${i.options.getSubcommand().slice(0, 30)}\` is not an officer order.`,
      hint: 'See `/help`.',
    });
  return execute(i, ctx, command);
}

function list(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  return sendPlayerView(i, ctx, officerListText);
}

function shipChoice(
  state: CampaignState,
  s: CampaignState['ships'][number],
): ApplicationCommandOptionChoiceData<string> {
  const where = s.dock
    ? `dry dock ${sectorLabel(state, s.sector)}`
    : `fleet ${state.fleets.find((f) => f.id === s.fleetId)?.slot ?? '?'} in ${sectorLabel(state, s.sector)}`;
  const marks = [
    s.legendaryOfficer ? 'officer' : '',
    s.outstandingCrew ? 'OC' : '',
    s.minesBpv ? `${s.minesBpv} BPV mines` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return { name: `${s.id} ${s.unitId} — ${s.bpv} BPV, ${where}${marks ? ` (${marks})` : ''}`, value: s.id };
}

async function autocomplete(i: AutocompleteInteraction, ctx: CommandContext): Promise<void> {
  const state = await stateFor(ctx);
  if (!state) return i.respond([]);
  const me = ctx.actor.userId;
  const catalog = await ctx.app.catalogs.get(state.catalogVersion);
  const focused = i.options.getFocused(true).name;
  const kind = i.options.getSubcommand();
  const mine = state.ships.filter((s) => s.owner === me && !s.unorganized);
  const fits = (s: (typeof mine)[number], test: typeof officerIneligible) => {
    const unit = catalog.get(s.unitId);
    return unit !== undefined && test(unit) === null;
  };
  switch (focused) {
    case 'ship':
      if (kind === 'mines')
        return respondChoices(
          i,
          mine.filter((s) => catalog.get(s.unitId)?.isMinesweeper).map((s) => shipChoice(state, s)),
        );
      return respondChoices(
        i,
        mine
          .filter((s) => fits(s, kind === 'crew' ? crewIneligible : officerIneligible))
          .map((s) => shipChoice(state, s)),
      );
    case 'from':
      return respondChoices(
        i,
        mine.filter((s) => s.legendaryOfficer).map((s) => shipChoice(state, s)),
      );
    case 'to':
      return respondChoices(
        i,
        mine.filter((s) => !s.legendaryOfficer && fits(s, officerIneligible)).map((s) => shipChoice(state, s)),
      );
    case 'yard':
      return respondChoices(
        i,
        yardsOf(state, me, catalog).map((y) => ({
          name: `${y.base.id} ${y.base.role === 'capital' ? 'capital' : y.name} — ${sectorLabel(state, y.base.sector)}`,
          value: y.base.id,
        })),
      );
    default:
      return i.respond([]);
  }
}

export const officerCommand: SlashCommand = { data, execute: run, autocomplete };
