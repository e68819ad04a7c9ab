import {
  ApplicationCommandOptionType,
  MessageFlags,
  type APIApplicationCommandBasicOption,
  type ApplicationCommandOptionChoiceData,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { CommandInput } from '../src/app/run-command.ts';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { fleetChoices, respondChoices, stateFor } from '../src/discord/autocomplete.ts';
import { execute, presentError, send } from '../src/discord/present.ts';
import { WORDS } from '../src/discord/words.ts';
import { sectorLabel, type CampaignState, type Ship, type UnitCatalog } from '../src/rules/thunderdome/index.ts';
import { attritionOf, carriesAttrition, conditionLabels } from '../src/rules/thunderdome/condition/index.ts';

const S = ApplicationCommandOptionType.String;
const I = ApplicationCommandOptionType.Integer;
const B = ApplicationCommandOptionType.Boolean;
const ship = { type: S, name: 'ship', description: 'Your ship', required: true, autocomplete: true } as const;
const fleet = { type: S, name: 'fleet', description: 'Your fleet', required: true, autocomplete: true } as const;
const int = (name: string, description: string, required = false, max = 1000) =>
  ({ type: I, name, description, required, min_value: 0, max_value: max }) as const;
const sub = (name: string, description: string, options: APIApplicationCommandBasicOption[] = []) => ({
  type: ApplicationCommandOptionType.Subcommand as const,
  name,
  description,
  options,
});

const data = {
  name: 'ship',
  description: 'Ship condition: damage, fighters and PFs, expendables, self-repair, refit fleet (UTD6.3B, 7.53)',
  options: [
    sub('status', 'Your ships’ campaign condition (or one ship)', [
      { ...ship, required: false },
      { type: B, name: 'public', description: 'Post it for everyone' },
    ]),
    sub('report', 'Record SFB damage: boxes, damage control, speed, tractors (UTD7.47)', [
      ship,
      int('boxes', 'Boxes destroyed now', false, 10000),
      int('damage_control', 'Current damage control rating'),
      int('speed', 'Current maximum speed (wrecked at ¼ of the maximum or less)'),
      int('tractors', 'Working tractor beams (UTD6.3E)'),
      { type: B, name: 'crippled', description: 'The ship is crippled' },
    ]),
    sub('note', 'Record a damage note on a ship (leave text out to clear it)', [
      ship,
      { type: S, name: 'text', description: 'The note', max_length: 300 },
    ]),
    sub('expend', 'Record expendables used since resupply (UTD2.3)', [
      ship,
      { type: S, name: 'items', description: 'e.g. 2 T-bombs, 1 suicide shuttle', required: true, max_length: 300 },
    ]),
    sub('losses', 'Record fighters and PFs lost in battle (UTD6.3B)', [
      ship,
      int('fighters', 'Fighters lost', false, 100),
      int('pfs', 'PFs lost', false, 100),
    ]),
    sub('breakout', 'Break out spare fighters and PFs after combat (UTD6.3B1)', [ship]),
    sub('selfrepair', 'Campaign self-repair: boxes ≤ damage control, once a cycle (UTD7.53)', [
      ship,
      { ...int('boxes', 'Boxes repaired', true, 100), min_value: 1 },
      int('speed', 'Maximum speed after the repairs (ends a wreck above ¼)'),
      { type: B, name: 'uncrippled', description: 'The repairs left the ship no longer crippled' },
    ]),
    sub('replace', 'Replace a fleet’s missing fighters and PFs: 1 OP (free at a yard) + BPV (UTD6.3B2)', [fleet]),
    sub('refit-fleet', 'Refit ships of a fleet at your developed colony (UTD6.3J)', [
      fleet,
      {
        type: S,
        name: 'refits',
        description: 'ship=configuration, comma separated, e.g. S3=LYR-CA+PH',
        required: true,
        autocomplete: true,
        max_length: 300,
      },
      {
        type: S,
        name: 'yard',
        description: 'Yard whose spare capacity to use, or none to pay 1 OP',
        autocomplete: true,
      },
    ]),
  ],
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

/** Drops the options the player left empty (the command types use optional keys). */
function given<T extends Record<string, unknown>>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined)) as T;
}

function commandOf(i: ChatInputCommandInteraction): CommandInput | null {
  const req = (name: string) => i.options.getString(name, true);
  const num = (name: string) => i.options.getInteger(name);
  switch (i.options.getSubcommand()) {
    case 'report':
      return given({
        type: 'ship-report' as const,
        ship: req('ship'),
        boxesDestroyed: num('boxes'),
        damageControl: num('damage_control'),
        speed: num('speed'),
        tractors: num('tractors'),
        crippled: i.options.getBoolean('crippled'),
      }) as CommandInput;
    case 'note':
      return { type: 'ship-report', ship: req('ship'), note: i.options.getString('text') ?? '' };
    case 'expend':
      return { type: 'ship-expend', ship: req('ship'), items: req('items') };
    case 'losses':
      return { type: 'ship-losses', ship: req('ship'), fighters: num('fighters') ?? 0, pfs: num('pfs') ?? 0 };
    case 'breakout':
      return { type: 'ship-breakout', ship: req('ship') };
    case 'selfrepair':
      return given({
        type: 'ship-self-repair' as const,
        ship: req('ship'),
        boxes: i.options.getInteger('boxes', true),
        speed: num('speed'),
        uncrippled: i.options.getBoolean('uncrippled'),
      }) as CommandInput;
    case 'replace':
      return { type: 'ship-replace', fleet: req('fleet') };
    case 'refit-fleet':
      return given({
        type: 'refit-fleet' as const,
        fleet: req('fleet'),
        refits: req('refits'),
        yard: i.options.getString('yard'),
      }) as CommandInput;
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
      rule: 'UTD6.3',
      message: `\`/ship ${i.options.getSubcommand().slice(0, 30)}\` is not a ship order.`,
      hint: 'See `/help`.',
    });
  return execute(i, ctx, command);
}

/** `/ship status`: one line per ship of the player with its condition labels. */
export function shipStatusText(state: CampaignState, playerId: string, catalog: UnitCatalog, shipId?: string): string {
  const name = state.players.find((p) => p.id === playerId)?.name ?? playerId;
  const ships = state.ships.filter((s) => s.owner === playerId && (!shipId || s.id === shipId.trim().toUpperCase()));
  if (ships.length === 0) return shipId ? `${name} has no ship \`${shipId.slice(0, 20)}\`.` : `${name} has no ships.`;
  const lines = ships.map((s) => {
    const where = s.dock
      ? `dry dock, ${sectorLabel(state, s.sector)}`
      : s.fleetId
        ? `fleet ${state.fleets.find((f) => f.id === s.fleetId)?.slot ?? '?'}, ${sectorLabel(state, s.sector)}`
        : sectorLabel(state, s.sector);
    const labels = conditionLabels(s, catalog.get(s.unitId), { catalog, halfCycles: state.halfCycles });
    return `**${s.unitId}** ${s.id} — ${where}${labels.length ? `: ${labels.join(' · ')}` : ': as built'}`;
  });
  return [`🚢 **${name}'s ships**`, ...lines].join('\n');
}

async function status(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const state = await stateFor(ctx);
  if (!state) {
    await send(i, { content: WORDS.noCampaign, flags: MessageFlags.Ephemeral });
    return { ok: false };
  }
  const text = shipStatusText(
    state,
    ctx.actor.userId,
    await ctx.app.catalogs.get(state.catalogVersion),
    i.options.getString('ship') ?? undefined,
  );
  await send(i, {
    content: text.slice(0, 2000),
    allowedMentions: { parse: [] },
    ...(i.options.getBoolean('public') ? {} : { flags: MessageFlags.Ephemeral }),
  });
  return { ok: true };
}

function shipChoice(state: CampaignState, catalog: UnitCatalog, s: Ship): ApplicationCommandOptionChoiceData<string> {
  const where = s.dock ? 'dry dock' : `fleet ${state.fleets.find((f) => f.id === s.fleetId)?.slot ?? '?'}`;
  const labels = conditionLabels(s, catalog.get(s.unitId), { catalog }).filter(
    (l) => !l.startsWith('note') && !l.startsWith('expended'),
  );
  return {
    name: `${s.id} ${s.unitId} — ${where}, ${sectorLabel(state, s.sector)}${labels.length ? ` (${labels.join(', ')})` : ''}`,
    value: s.id,
  };
}

/** Refits the catalog offers for the ships of the fleet, as `ship=configuration` items of a comma list. */
function refitChoices(
  state: CampaignState,
  catalog: UnitCatalog,
  me: string,
  fleetRef: string | null,
  typed: string,
): ApplicationCommandOptionChoiceData<string>[] {
  const f = state.fleets.find((x) => x.owner === me && String(x.slot) === fleetRef);
  if (!f) return [];
  const head = typed.includes(',') ? typed.slice(0, typed.lastIndexOf(',') + 1) : '';
  const done = new Set(
    head
      .split(',')
      .map((x) => x.split('=')[0]!.trim().toUpperCase())
      .filter(Boolean),
  );
  const items = state.ships
    .filter((s) => s.fleetId === f.id && !s.uninspected && !done.has(s.id))
    .flatMap((s) =>
      (catalog.refitsFrom?.(s.unitId) ?? [])
        .filter((e) => !s.captured || e.capturedAllowed)
        .map((e) => ({
          name: `${head}${s.id}=${e.toUnitId} (${e.refitCode}, Y${e.yearAvailable})`.slice(-100),
          value: `${head}${s.id}=${e.toUnitId}`,
        })),
    );
  return items;
}

async function autocomplete(i: AutocompleteInteraction, ctx: CommandContext): Promise<void> {
  const state = await stateFor(ctx);
  if (!state) return i.respond([]);
  const me = ctx.actor.userId;
  const catalog = await ctx.app.catalogs.get(state.catalogVersion);
  const focused = i.options.getFocused(true);
  const kind = i.options.getSubcommand();
  const mine = state.ships.filter((s) => s.owner === me);
  switch (focused.name) {
    case 'ship': {
      const spares = (s: Ship) => attritionOf(s, catalog).fighterSpares + attritionOf(s, catalog).pfSpares > 0;
      const pool =
        kind === 'losses'
          ? mine.filter((s) => carriesAttrition(s, catalog))
          : kind === 'breakout'
            ? mine.filter(spares)
            : kind === 'selfrepair'
              ? mine.filter((s) => !s.uninspected)
              : mine;
      return respondChoices(
        i,
        pool.map((s) => shipChoice(state, catalog, s)),
      );
    }
    case 'fleet':
      return respondChoices(i, fleetChoices(state, me, catalog));
    case 'refits':
      return respondChoices(i, refitChoices(state, catalog, me, i.options.getString('fleet'), String(focused.value)));
    case 'yard': {
      const f = state.fleets.find((x) => x.owner === me && String(x.slot) === i.options.getString('fleet'));
      const yards = state.bases.filter(
        (b) =>
          b.owner === me &&
          (b.role === 'capital' || b.role === 'shipyard') &&
          !b.pending &&
          (!f || b.sector === f.sector),
      );
      return respondChoices(i, [
        { name: 'none — pay 1 order point instead', value: 'none' },
        ...yards.map((b) => ({
          name: `${b.id} ${b.role === 'capital' ? 'capital' : b.unitId} — ${sectorLabel(state, b.sector)}`,
          value: b.id,
        })),
      ]);
    }
    default:
      return i.respond([]);
  }
}

export const shipCommand: SlashCommand = { data, execute: run, autocomplete };
