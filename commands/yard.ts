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
import { fleetChoices, respondChoices, stateFor } from '../src/discord/autocomplete.ts';
import { confirmFirst } from '../src/discord/confirmations.ts';
import { execute, presentError } from '../src/discord/present.ts';
import { yardStatusText } from '../src/discord/yard-words.ts';
import { empireCode, sectorLabel, type CampaignState, type UnitCatalog } from '../src/rules/thunderdome/index.ts';
import { formatCapacity, yardsOf } from '../src/rules/thunderdome/shipyards/index.ts';

const S = ApplicationCommandOptionType.String;
const yard = {
  type: S,
  name: 'yard',
  description: 'The yard (default: an activated one that can)',
  autocomplete: true,
} as const;
const ships = (description: string) =>
  ({ type: S, name: 'ships', description, required: true, autocomplete: true, max_length: 200 }) as const;
const to = (required: boolean) =>
  ({ type: S, name: 'to', description: 'The configuration it becomes', required, autocomplete: true }) as const;
const fleet = { type: S, name: 'fleet', description: 'Your fleet', required: true, autocomplete: true } as const;
const cleared = {
  type: S,
  name: 'cleared',
  description: 'Ships the SFB repair left no longer crippled or wrecked',
  autocomplete: true,
  max_length: 100,
} as const;
// Officers and options: extra drones bought at build or refit (UTD7.A832), within the UTD7.A8321 limits.
const drones = {
  type: ApplicationCommandOptionType.Integer,
  name: 'drones',
  description: 'Extra drones to buy with it (UTD7.A8321 limit by MC)',
  min_value: 1,
  max_value: 30,
} as const;
const sub = (name: string, description: string, options: APIApplicationCommandBasicOption[] = []) => ({
  type: ApplicationCommandOptionType.Subcommand as const,
  name,
  description,
  options,
});

const data = {
  name: 'yard',
  description: 'Shipyards: activate, build, overhaul, refit, convert, inspect; dry dock; repairs (UTD6.37–6.39)',
  options: [
    sub('activate', 'Activate the yards of a sector (1 OP, UTD6.37)', [
      { type: S, name: 'sector', description: 'Sector of your yards', autocomplete: true },
      yard,
      {
        type: S,
        name: 'forgo_repair',
        description: 'Damaged yards keeping works capacity, not self-repairing',
        autocomplete: true,
        max_length: 100,
      },
    ]),
    sub('build', 'Build a ship: MC of capacity, its BPV; arrives at turn end (UTD6.373)', [
      { type: S, name: 'unit', description: 'Ship class', required: true, autocomplete: true },
      yard,
      {
        type: ApplicationCommandOptionType.Integer,
        name: 'fleet',
        description: 'Fleet number to join (default: first with room)',
        min_value: 1,
        max_value: 20,
      },
      drones,
    ]),
    sub('overhaul', 'Overhaul ships: full repair, D9.4 reset; refit or convert too (UTD6.374)', [
      ships('Ship ids, comma separated'),
      to(false),
      yard,
    ]),
    sub('refit', 'Refit ships: half their MC of capacity (UTD6.375)', [
      ships('Ship ids, comma separated'),
      to(false),
      yard,
      drones,
    ]),
    sub('convert', 'Convert ships to another hull (UTD6.376)', [ships('Ship ids, comma separated'), to(true), yard]),
    sub('inspect', 'Inspect captured ships: 25% of BPV (UTD6.377)', [ships('Captured ship ids'), to(false), yard]),
    sub('status', 'Your yards: capacity used, condition, dry dock', [
      { type: ApplicationCommandOptionType.User, name: 'player', description: 'Whose yards (default: yours)' },
      { type: ApplicationCommandOptionType.Boolean, name: 'public', description: 'Post it for everyone' },
    ]),
    sub('construct', 'Build a shipyard at a developed colony (1 OP, UTD6.38)', [
      { type: S, name: 'sector', description: 'Your colony', required: true, autocomplete: true },
      { type: S, name: 'unit', description: 'Shipyard class', required: true, autocomplete: true },
    ]),
    sub('overhaul-yard', 'Overhaul a shipyard: 1 OP, no actions this turn (UTD6.3H)', [{ ...yard, required: true }]),
    sub('scrap', 'Scrap a shipyard for half its value (1 OP, UTD6.3F)', [{ ...yard, required: true }]),
    sub('damage', 'Record works boxes destroyed in a yard (UTD6.3724)', [
      { ...yard, required: true },
      {
        type: ApplicationCommandOptionType.Integer,
        name: 'works',
        description: 'Works boxes destroyed now',
        required: true,
        min_value: 0,
        max_value: 100,
      },
    ]),
    sub('dock', 'Organize a captured ship into dry dock (UTD6.3I5)', [
      { type: S, name: 'ship', description: 'The captured ship', required: true, autocomplete: true },
      yard,
    ]),
    sub('undock', 'Move docked ships into one fleet (1 OP, UTD7.66)', [
      ships('Docked ship ids'),
      { ...fleet, description: 'Fleet number (a free one makes a new fleet)' },
    ]),
    sub('repair-fleet', 'D9.4 repairs for a fleet at your colony (UTD4.335)', [fleet, cleared]),
    sub('repair-ships', 'D9.4 by the fleet’s repair freighter, 1–2 ships (UTD6.39)', [
      fleet,
      ships('Ship ids, comma separated'),
      cleared,
    ]),
  ],
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

const list = (text: string | null) =>
  (text ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** Drops the options the player left empty (the command types use optional keys). */
function given<T extends Record<string, unknown>>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined && v !== '')) as T;
}

function commandOf(i: ChatInputCommandInteraction): CommandInput | null {
  const str = (name: string) => i.options.getString(name);
  const req = (name: string) => i.options.getString(name, true);
  switch (i.options.getSubcommand()) {
    case 'activate':
      return given({
        type: 'yard-activate' as const,
        sector: str('sector'),
        yard: str('yard'),
        forgoRepair: list(str('forgo_repair')),
      }) as CommandInput;
    case 'build':
      return given({
        type: 'yard-build' as const,
        unitId: req('unit'),
        yard: str('yard'),
        fleet: i.options.getInteger('fleet'),
        drones: i.options.getInteger('drones'),
      }) as CommandInput;
    case 'overhaul':
      return given({
        type: 'yard-overhaul' as const,
        ships: req('ships'),
        to: str('to'),
        yard: str('yard'),
      }) as CommandInput;
    case 'refit':
      return given({
        type: 'yard-refit' as const,
        ships: req('ships'),
        to: str('to'),
        yard: str('yard'),
        drones: i.options.getInteger('drones'),
      }) as CommandInput;
    case 'convert':
      return given({
        type: 'yard-convert' as const,
        ships: req('ships'),
        to: req('to'),
        yard: str('yard'),
      }) as CommandInput;
    case 'inspect':
      return given({
        type: 'yard-inspect' as const,
        ships: req('ships'),
        to: str('to'),
        yard: str('yard'),
      }) as CommandInput;
    case 'construct':
      return { type: 'yard-construct', sector: req('sector'), unitId: req('unit') };
    case 'overhaul-yard':
      return { type: 'yard-overhaul-yard', yard: req('yard') };
    case 'scrap':
      return { type: 'yard-scrap', yard: req('yard') };
    case 'damage':
      return { type: 'yard-damage', yard: req('yard'), worksDestroyed: i.options.getInteger('works', true) };
    case 'dock':
      return given({ type: 'yard-dock' as const, ship: req('ship'), yard: str('yard') }) as CommandInput;
    case 'undock':
      return { type: 'yard-undock', ships: req('ships'), fleet: req('fleet') };
    case 'repair-fleet':
      return { type: 'repair-fleet', fleet: req('fleet'), cleared: list(str('cleared')) };
    case 'repair-ships':
      return { type: 'repair-ships', fleet: req('fleet'), ships: req('ships'), cleared: list(str('cleared')) };
    default:
      return null;
  }
}

async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  if (i.options.getSubcommand() === 'status') return status(i, ctx);
  const command = commandOf(i);
  if (command?.type === 'yard-scrap') {
    // A scrapped shipyard is gone for good: Confirm/Cancel first (UTD6.121).
    return confirmFirst(i, ctx, {
      command,
      question: `Scrap shipyard ${command.yard.slice(0, 40)}?`,
      consequence: 'It leaves play for half its value, for 1 order point (UTD6.3F).',
      rule: 'UTD6.3F',
      again: '/yard scrap',
    });
  }
  if (!command)
    return presentError(i, {
      code: 'command/unknown',
      rule: 'UTD6.37',
      message: `\`/yard ${i.options.getSubcommand().slice(0, 30)}\` is not a yard order.`,
      hint: 'See `/help`.',
    });
  return execute(i, ctx, command);
}

function status(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  return sendPlayerView(i, ctx, yardStatusText);
}

/** Completes the last item of a comma list with the given choices. */
function listChoices(
  typed: string,
  items: ApplicationCommandOptionChoiceData<string>[],
): ApplicationCommandOptionChoiceData<string>[] {
  const head = typed.includes(',') ? typed.slice(0, typed.lastIndexOf(',') + 1) : '';
  const done = new Set(list(head));
  return items
    .filter((c) => !done.has(c.value))
    .map((c) => ({ name: `${head}${c.name}`.slice(-100), value: `${head}${c.value}` }));
}

function shipChoice(
  state: CampaignState,
  s: CampaignState['ships'][number],
): ApplicationCommandOptionChoiceData<string> {
  const where = s.dock
    ? `dry dock ${sectorLabel(state, s.sector)}`
    : `fleet ${state.fleets.find((f) => f.id === s.fleetId)?.slot ?? '?'} in ${sectorLabel(state, s.sector)}`;
  const flags = [
    s.wrecked ? 'wrecked' : s.crippled ? 'crippled' : '',
    s.uninspected ? 'uninspected' : '',
    s.d94Used ? 'D9.4 used' : '',
  ]
    .filter(Boolean)
    .join(', ');
  return { name: `${s.id} ${s.unitId} — ${where}${flags ? ` (${flags})` : ''}`, value: s.id };
}

function targetChoices(
  state: CampaignState,
  catalog: UnitCatalog,
  shipIds: string[],
  kind: string,
): ApplicationCommandOptionChoiceData<string>[] {
  const first = state.ships.find((s) => s.id === shipIds[0]?.toUpperCase());
  if (!first) return [];
  const refits = (catalog.refitsFrom?.(first.unitId) ?? [])
    .filter((e) => kind !== 'inspect' || e.capturedAllowed)
    .map((e) => ({ name: `${e.toUnitId} — refit ${e.refitCode} (Y${e.yearAvailable})`, value: e.toUnitId }));
  const conversions =
    kind === 'overhaul' || kind === 'convert'
      ? (catalog.conversionsFrom?.(first.unitId) ?? []).map((e) => ({
          name: `${e.toUnitId} — conversion (Y${e.yearAvailable})`,
          value: e.toUnitId,
        }))
      : [];
  return kind === 'convert' ? conversions : kind === 'refit' ? refits : [...refits, ...conversions];
}

async function autocomplete(i: AutocompleteInteraction, ctx: CommandContext): Promise<void> {
  const state = await stateFor(ctx);
  if (!state) return i.respond([]);
  const me = ctx.actor.userId;
  const catalog = await ctx.app.catalogs.get(state.catalogVersion);
  const focused = i.options.getFocused(true);
  const kind = i.options.getSubcommand();
  const typed = String(focused.value);
  const mine = state.ships.filter((s) => s.owner === me);
  const yards = yardsOf(state, me, catalog, { withPending: true });
  const yardChoices = yards.map((y) => ({
    name: `${y.base.id} ${y.base.role === 'capital' ? 'capital' : y.name} — ${sectorLabel(state, y.base.sector)}, capacity ${formatCapacity(y.capacity)}`,
    value: y.base.id,
  }));
  switch (focused.name) {
    case 'yard':
      return respondChoices(i, yardChoices);
    case 'forgo_repair':
      return respondChoices(
        i,
        listChoices(
          typed,
          yardChoices.filter((c) => yards.find((y) => y.base.id === c.value)!.worksDestroyed > 0),
        ),
      );
    case 'sector': {
      if (kind === 'construct') {
        const colonies = (state.map?.sectors ?? []).filter(
          (s) => s.colony?.owner === me && s.colony.status === 'active',
        );
        return respondChoices(
          i,
          colonies.map((s) => ({
            name: `${sectorLabel(state, s.key)}${s.homeOf === me ? ' (home)' : ''}`,
            value: s.key,
          })),
        );
      }
      const keys = [...new Set(yards.map((y) => y.base.sector))];
      return respondChoices(
        i,
        keys.map((k) => ({
          name: `${sectorLabel(state, k)} — ${yards.filter((y) => y.base.sector === k).length} yard(s)`,
          value: k,
        })),
      );
    }
    case 'unit': {
      const p = state.players.find((x) => x.id === me);
      if (!p) return i.respond([]);
      const code = empireCode(p.empire);
      const wanted = kind === 'construct' ? ['shipyard'] : ['warship', 'auxiliary', 'freighter'];
      const units = catalog
        .all()
        .filter((u) => (u.empire === code || u.empire === 'NEU') && wanted.includes(u.unitKind));
      return respondChoices(
        i,
        units.map((u) => ({
          name: `${u.name} — ${u.bpv} BPV, size class ${u.sizeClass}${u.shipyardCapacity ? `, capacity ${formatCapacity(u.shipyardCapacity)}` : ''}`,
          value: u.unitId,
        })),
      );
    }
    case 'ships': {
      const pool =
        kind === 'inspect'
          ? mine.filter((s) => s.uninspected && !s.unorganized)
          : kind === 'undock'
            ? mine.filter((s) => s.dock)
            : kind === 'repair-ships'
              ? mine.filter(
                  (s) =>
                    s.fleetId !== null &&
                    String(state.fleets.find((f) => f.id === s.fleetId)?.slot) === i.options.getString('fleet'),
                )
              : mine.filter((s) => !s.unorganized);
      return respondChoices(
        i,
        listChoices(
          typed,
          pool.map((s) => shipChoice(state, s)),
        ),
      );
    }
    case 'ship':
      return respondChoices(
        i,
        mine.filter((s) => s.unorganized).map((s) => shipChoice(state, s)),
      );
    case 'to':
      return respondChoices(i, targetChoices(state, catalog, list(i.options.getString('ships')), kind));
    case 'fleet':
      return respondChoices(i, fleetChoices(state, me, catalog));
    case 'cleared': {
      const f = state.fleets.find((x) => x.owner === me && String(x.slot) === i.options.getString('fleet'));
      return respondChoices(
        i,
        listChoices(
          typed,
          mine.filter((s) => f && s.fleetId === f.id && (s.crippled || s.wrecked)).map((s) => shipChoice(state, s)),
        ),
      );
    }
    default:
      return i.respond([]);
  }
}

export const yardCommand: SlashCommand = { data, execute: run, autocomplete };
