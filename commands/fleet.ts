import {
  ApplicationCommandOptionType,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { fleetChoices, respondChoices, stateFor } from '../src/discord/autocomplete.ts';
import { confirmFirst } from '../src/discord/confirmations.ts';
import { execute, presentError, send } from '../src/discord/present.ts';
import {
  chooseFlagship,
  fleetCheckText,
  fleetUnitsFor,
  missingText,
  type CheckSource,
} from '../src/discord/views/fleet-check-text.ts';
import { splitMessage } from '../src/discord/words.ts';
import { RuleViolation } from '../src/rules/errors.ts';
import { checkFleet, FLEET_SYSTEMS, type FleetSystem } from '../src/rules/fleet-size/index.ts';
import { battleByRef, sideOfUser, unitName } from '../src/rules/thunderdome/battles/common.ts';
import { yearValueTimesTwo } from '../src/rules/thunderdome/calendar.ts';
import type { CampaignState } from '../src/rules/thunderdome/index.ts';

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
          choices: FLEET_SYSTEMS.map((v) => ({
            name: { bpv: 'BPV Capacity', bigships: 'Big Ships', fcp: 'Flexible Command' }[v],
            value: v,
          })),
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
          choices: ['poor', 'normal', 'outstanding'].map((v) => ({ name: v, value: v })),
        },
        {
          type: ApplicationCommandOptionType.Boolean,
          name: 'legendary',
          description: 'FCP: a legendary captain commands',
        },
      ],
    },
  ],
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  if (i.options.getSubcommand() === 'check') return check(i, ctx);
  if (i.options.getSubcommand() === 'scrap') {
    // Scrapped ships are gone for good: Confirm/Cancel first (UTD6.121).
    const fleet = i.options.getString('fleet', true);
    const ships = i.options.getString('ships', true);
    return confirmFirst(i, ctx, {
      command: { type: 'scrap', fleet, ships },
      question: `Scrap ${ships.trim().toLowerCase() === 'all' ? 'every ship' : `ships ${ships.slice(0, 200)}`} of fleet ${fleet.slice(0, 20)}?`,
      consequence: 'They leave play for half their value, for 1 order point (UTD6.3F).',
      rule: 'UTD6.3F',
      again: '/fleet scrap',
    });
  }
  return execute(i, ctx, {
    type: 'organize',
    from: i.options.getString('from', true),
    to: i.options.getString('to', true),
    ships: i.options.getString('ships', true),
  });
}

/** The units `/fleet check` looks at: a fleet's ships, or one side of a battle. */
function checkSources(
  state: CampaignState,
  i: ChatInputCommandInteraction | AutocompleteInteraction,
  who: string,
): { title: string; ids: string[] } | null {
  const slot = i.options.getString('fleet');
  const ref = i.options.getString('battle');
  if (ref) {
    const b = battleByRef(state, ref);
    const side = sideOfUser(b, who);
    const p = side ? b.participants.find((x) => x.side === side) : undefined;
    return p
      ? {
          title: `battle ${b.id} (${side === 'npe' ? 'NPE' : (state.players.find((x) => x.id === side)?.name ?? side)})`,
          ids: p.units,
        }
      : null;
  }
  const fleet = state.fleets.find((f) => f.owner === who && String(f.slot) === slot?.trim());
  return fleet
    ? {
        title: `fleet ${fleet.slot} of ${state.players.find((x) => x.id === who)?.name ?? who}`,
        ids: state.ships.filter((s) => s.fleetId === fleet.id).map((s) => s.id),
      }
    : null;
}

/** `/fleet check`: reads the campaign only; nothing is changed. */
async function check(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const state = await stateFor(ctx);
  if (!state)
    return presentError(i, { code: 'campaign/none', rule: 'UTD8.1', message: 'There is no campaign in this channel.' });
  const system = i.options.getString('system', true) as FleetSystem;
  const who = i.options.getUser('player')?.id ?? ctx.actor.userId;
  if (!i.options.getString('fleet') === !i.options.getString('battle')) {
    return presentError(i, {
      code: 'fleet/check-what',
      rule: 'VBSF fleet composition',
      message: 'Name either a `fleet:` or a `battle:` to check.',
    });
  }
  try {
    const found = checkSources(state, i, who);
    if (!found || found.ids.length === 0)
      return presentError(i, {
        code: 'fleet/check-none',
        rule: 'VBSF fleet composition',
        message: 'There is no such fleet, or no units in it, to check.',
        hint: 'In a battle, only its sides have a fighting fleet.',
      });
    const catalog = await ctx.app.catalogs.get(state.catalogVersion);
    const sources: CheckSource[] = found.ids.map((id) => {
      const unitId =
        state.ships.find((s) => s.id === id)?.unitId ??
        state.bases.find((b) => b.id === id)?.unitId ??
        state.battles.flatMap((b) => b.npe?.force ?? []).find((f) => f.id === id)?.unitId ??
        unitName(state, id);
      return { id, unitId, info: catalog.get(unitId) };
    });
    const named = i.options.getString('flagship')?.trim();
    if (named && !found.ids.includes(named))
      return presentError(i, {
        code: 'fleet/no-flagship',
        rule: 'VBSF fleet composition',
        message: `The flagship ${named.slice(0, 40)} is not in ${found.title}.`,
        hint: `Its units: ${found.ids.join(', ')}.`,
      });
    const draft = fleetUnitsFor(system, sources, named ?? '');
    const flagship = named ? { id: named, why: null } : chooseFlagship(draft.units);
    if (!flagship)
      return presentError(i, {
        code: 'fleet/check-none',
        rule: 'VBSF fleet composition',
        message: 'The fleet has no ship to lead it.',
      });
    const { units, missing } = fleetUnitsFor(system, sources, flagship.id);
    let text: string;
    if (missing.some((m) => m.required)) text = missingText(system, found.title, missing);
    else {
      const web = i.options.getInteger('web') ?? 0;
      const result =
        system === 'bpv'
          ? checkFleet('bpv', units, {
              flagshipId: flagship.id,
              year: yearValueTimesTwo(state.settings.startYear, state.halfCycles) / 2,
              prelaidWebHexes: web,
            })
          : system === 'bigships'
            ? checkFleet('bigships', units, { flagshipId: flagship.id })
            : checkFleet('fcp', units, {
                flagshipId: flagship.id,
                webHexes: web,
                legendaryCaptain: i.options.getBoolean('legendary') ?? false,
                crew: (i.options.getString('crew') ?? 'normal') as 'poor' | 'normal' | 'outstanding',
              });
      text = fleetCheckText(found.title, flagship, result, missing);
    }
    const [first, ...rest] = splitMessage(text);
    await send(i, { content: first!, allowedMentions: { parse: [] } });
    for (const more of rest) await i.followUp({ content: more, allowedMentions: { parse: [] } });
    return { ok: true };
  } catch (err) {
    if (err instanceof RuleViolation) return presentError(i, err.error);
    throw err;
  }
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
      let ids: string[] = [];
      try {
        ids = checkSources(state, i, who)?.ids ?? [];
      } catch {
        ids = [];
      }
      return respondChoices(
        i,
        ids.map((id) => ({ name: unitName(state, id), value: id })),
      );
    }
    return respondChoices(i, fleetChoices(state, who, await ctx.app.catalogs.get(state.catalogVersion)));
  }
  return respondChoices(i, fleetChoices(state, ctx.actor.userId, await ctx.app.catalogs.get(state.catalogVersion)));
}

export const fleetCommand: SlashCommand = { data, execute: run, autocomplete };
