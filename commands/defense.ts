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
import { confirmFirst } from '../src/discord/confirmations.ts';
import { defenseStatusText } from '../src/discord/defense-words.ts';
import { execute, presentError } from '../src/discord/present.ts';
import { formatMoveClass } from '../src/rules/exact/move-class.ts';
import {
  defenseBattleMc,
  defenseCategory,
  defenseSiteProblem,
  defensesIn,
  hasGroundBaseSite,
  supportingRfSiteProblem,
} from '../src/rules/thunderdome/defenses/index.ts';
import {
  empireCode,
  findSector,
  sectorLabel,
  yearValueTimesTwo,
  type CampaignState,
  type UnitCatalog,
} from '../src/rules/thunderdome/index.ts';

const S = ApplicationCommandOptionType.String;
const sector = (description: string) =>
  ({ type: S, name: 'sector', description, required: true, autocomplete: true }) as const;
const sub = (name: string, description: string, options: APIApplicationCommandBasicOption[] = []) => ({
  type: ApplicationCommandOptionType.Subcommand as const,
  name,
  description,
  options,
});

const data = {
  name: 'defense',
  description: 'Defenses: monitors, ground bases, DefSats, repair freighter, defending ships (UTD6.3A, 7.3)',
  options: [
    sub('revise', 'Overhaul, scrap and buy the defenses of one sector (1 OP, UTD6.3A)', [
      sector('Your home, or your fortified colony, mine or dead sector'),
      {
        type: S,
        name: 'buy',
        description: 'Units to buy, e.g. NEU-GBDP x2, NEU-DEFSAT (arrive at step 10)',
        autocomplete: true,
        max_length: 200,
      },
      {
        type: S,
        name: 'scrap',
        description: 'Your defenses there to scrap for half value, e.g. B12, B13',
        autocomplete: true,
        max_length: 200,
      },
    ]),
    sub('scrap', 'Scrap defenses of one sector for half their value (1 OP, UTD6.3F)', [
      sector('Sector of your defenses'),
      {
        type: S,
        name: 'units',
        description: 'Defense ids, comma separated, or all',
        required: true,
        autocomplete: true,
        max_length: 200,
      },
    ]),
    sub('status', 'Defenses by sector: limits, battle move cost, what may be bought', [
      { type: ApplicationCommandOptionType.User, name: 'player', description: 'Whose defenses (default: yours)' },
      { type: ApplicationCommandOptionType.Boolean, name: 'public', description: 'Post it for everyone' },
    ]),
  ],
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

function commandOf(i: ChatInputCommandInteraction): CommandInput | null {
  const str = (name: string) => i.options.getString(name) ?? undefined;
  switch (i.options.getSubcommand()) {
    case 'revise': {
      const c: CommandInput = { type: 'defense-revise', sector: i.options.getString('sector', true) };
      const buy = str('buy');
      const scrap = str('scrap');
      if (buy) c.buy = buy;
      if (scrap) c.scrap = scrap;
      return c;
    }
    case 'scrap':
      return {
        type: 'defense-scrap',
        sector: i.options.getString('sector', true),
        units: i.options.getString('units', true),
      };
    default:
      return null;
  }
}

async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  if (i.options.getSubcommand() === 'status') return status(i, ctx);
  const command = commandOf(i);
  if (!command)
    return presentError(i, {
      code: 'command/unknown',
      rule: 'UTD6.3A',
      message: `\`/defense ${i.options.getSubcommand().slice(0, 30)}\` is not a defense order.`,
      hint: 'See `/help`.',
    });
  // Scrapped defenses are gone for good: Confirm/Cancel first (UTD6.121).
  if (command.type === 'defense-scrap') {
    return confirmFirst(i, ctx, {
      command,
      question: `Scrap ${command.units.slice(0, 60)} in ${command.sector.slice(0, 30)}?`,
      consequence: 'They leave play for half their value, for 1 order point (UTD6.3F).',
      rule: 'UTD6.3F',
      again: '/defense scrap',
    });
  }
  if (command.type === 'defense-revise' && command.scrap) {
    return confirmFirst(i, ctx, {
      command,
      question: `Revise the defenses of ${command.sector.slice(0, 30)}, scrapping ${command.scrap.slice(0, 60)}?`,
      consequence:
        'Scrapped units leave play for half their value; purchases arrive at step 10 (1 order point, UTD6.3A).',
      rule: 'UTD6.3A',
      again: '/defense revise',
    });
  }
  return execute(i, ctx, command);
}

function status(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  return sendPlayerView(i, ctx, defenseStatusText);
}

const list = (text: string | null) =>
  (text ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** Completes the last item of a comma list with the given choices. */
function listChoices(
  typed: string,
  items: ApplicationCommandOptionChoiceData<string>[],
): ApplicationCommandOptionChoiceData<string>[] {
  const head = typed.includes(',') ? typed.slice(0, typed.lastIndexOf(',') + 1) : '';
  const done = new Set(list(head).map((x) => x.split(/\s/)[0]));
  return items
    .filter((c) => !done.has(c.value))
    .map((c) => ({ name: `${head}${c.name}`.slice(-100), value: `${head}${c.value}`.slice(0, 100) }));
}

/** Sectors where the player has defenses or may buy some (UTD7.33, or a supporting RF, UTD4.3373). */
function reviseSectors(state: CampaignState, me: string): ApplicationCommandOptionChoiceData<string>[] {
  const p = state.players.find((x) => x.id === me);
  if (!p) return [];
  return (state.map?.sectors ?? [])
    .filter(
      (s) =>
        defensesIn(state, me, s.key).length > 0 ||
        defenseSiteProblem(state, p, s) === null ||
        supportingRfSiteProblem(p, s) === null,
    )
    .map((s) => ({
      name: `${sectorLabel(state, s.key)} (${s.type}) — ${defensesIn(state, me, s.key).length} defense(s)${hasGroundBaseSite(s) ? '' : ', no ground-base site'}`,
      value: s.key,
    }));
}

/** Defense units the player may buy now (own empire or neutral, in the year), suited to the sector chosen. */
function unitChoices(
  state: CampaignState,
  me: string,
  catalog: UnitCatalog,
  sectorRef: string | null,
): ApplicationCommandOptionChoiceData<string>[] {
  const p = state.players.find((x) => x.id === me);
  if (!p) return [];
  const code = empireCode(p.empire);
  const year2 = yearValueTimesTwo(state.settings.startYear, state.halfCycles);
  const where = sectorRef ? findSector(state, sectorRef) : undefined;
  const site = where ? hasGroundBaseSite(where) : true;
  return catalog
    .all()
    .filter(
      (u) =>
        (u.empire === code || u.empire === 'NEU') &&
        (u.yearAvailable === null || u.yearAvailable * 2 <= year2) &&
        !u.restricted &&
        u.groundBaseSize !== 'large',
    )
    .filter((u) => {
      const c = defenseCategory(u);
      if (c === null) return false;
      if (c === 'ground-base') return site;
      if (c === 'defending-ship')
        return !site && (u.sizeClass === 4 || (u.sizeClass === 3 && u.isCommandShip === true));
      return true;
    })
    .map((u) => ({
      name: `${u.name} — ${u.bpv} BPV, battle MC ${formatMoveClass(defenseBattleMc(u) as never)}`,
      value: u.unitId,
    }));
}

async function autocomplete(i: AutocompleteInteraction, ctx: CommandContext): Promise<void> {
  const state = await stateFor(ctx);
  if (!state) return i.respond([]);
  const me = ctx.actor.userId;
  const focused = i.options.getFocused(true);
  const kind = i.options.getSubcommand();
  const typed = String(focused.value);
  const sectorRef = i.options.getString('sector');
  const here = sectorRef ? findSector(state, sectorRef) : undefined;
  const mine = here ? defensesIn(state, me, here.key, { withPending: false }) : [];
  switch (focused.name) {
    case 'sector': {
      if (kind === 'scrap') {
        const keys = [
          ...new Set(
            state.bases
              .filter((b) => b.owner === me && defensesIn(state, me, b.sector, { withPending: false }).length > 0)
              .map((b) => b.sector),
          ),
        ];
        return respondChoices(
          i,
          keys.map((k) => ({
            name: `${sectorLabel(state, k)} — ${defensesIn(state, me, k, { withPending: false }).length} defense(s)`,
            value: k,
          })),
        );
      }
      return respondChoices(i, reviseSectors(state, me));
    }
    case 'buy':
      return respondChoices(
        i,
        listChoices(typed, unitChoices(state, me, await ctx.app.catalogs.get(state.catalogVersion), sectorRef)),
      );
    case 'scrap':
    case 'units': {
      const choices = mine.map((b) => ({ name: `${b.id} ${b.unitId} (${b.role})`, value: b.id }));
      return respondChoices(i, [
        ...(focused.name === 'units' && !typed.includes(',')
          ? [{ name: 'all — every defense here', value: 'all' }]
          : []),
        ...listChoices(typed, choices),
      ]);
    }
    default:
      return i.respond([]);
  }
}

export const defenseCommand: SlashCommand = { data, execute: run, autocomplete };
