import {
  ApplicationCommandOptionType,
  MessageFlags,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { CommandInput } from '../src/app/run-command.ts';
import { readArgs, subcommand, type InvocationOf, type SubArgsOf } from '../src/discord/args.ts';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { respondChoices, stateFor } from '../src/discord/autocomplete.ts';
import { execute, presentError, send, sendLong } from '../src/discord/present.ts';
import { WORDS } from '../src/discord/words.ts';
import { shipOrderChoices } from '../src/discord/views/choices.ts';
import { shipStatusText } from '../src/discord/views/ship-text.ts';

/** `/ship status` text, formatted in the views (tests read it from here). */
export { shipStatusText };

const S = ApplicationCommandOptionType.String;
const I = ApplicationCommandOptionType.Integer;
const B = ApplicationCommandOptionType.Boolean;
const ship = { type: S, name: 'ship', description: 'Your ship', required: true, autocomplete: true } as const;
const fleet = { type: S, name: 'fleet', description: 'Your fleet', required: true, autocomplete: true } as const;
const int = <const N extends string, const R extends boolean = false>(
  name: N,
  description: string,
  required: R = false as R,
  max = 1000,
) => ({ type: I, name, description, required, min_value: 0, max_value: max }) as const;
const sub = subcommand;

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
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

/** Drops the options the player left empty (the command types use optional keys). */
function given<T extends Record<string, unknown>>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined)) as T;
}

function commandOf(args: Exclude<InvocationOf<typeof data>, { sub: 'status' }>): CommandInput | null {
  switch (args.sub) {
    case 'report':
      return given({
        type: 'ship-report' as const,
        ship: args.ship,
        boxesDestroyed: args.boxes,
        damageControl: args.damage_control,
        speed: args.speed,
        tractors: args.tractors,
        crippled: args.crippled,
      }) as CommandInput;
    case 'note':
      return { type: 'ship-report', ship: args.ship, note: args.text ?? '' };
    case 'expend':
      return { type: 'ship-expend', ship: args.ship, items: args.items };
    case 'losses':
      return { type: 'ship-losses', ship: args.ship, fighters: args.fighters ?? 0, pfs: args.pfs ?? 0 };
    case 'breakout':
      return { type: 'ship-breakout', ship: args.ship };
    case 'selfrepair':
      return given({
        type: 'ship-self-repair' as const,
        ship: args.ship,
        boxes: args.boxes,
        speed: args.speed,
        uncrippled: args.uncrippled,
      }) as CommandInput;
    case 'replace':
      return { type: 'ship-replace', fleet: args.fleet };
    case 'refit-fleet':
      return given({
        type: 'refit-fleet' as const,
        fleet: args.fleet,
        refits: args.refits,
        yard: args.yard,
      }) as CommandInput;
    default:
      return null;
  }
}

async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const args = readArgs(i, data);
  if (args.sub === 'status') return status(i, ctx, args);
  const command = commandOf(args);
  if (!command)
    return presentError(i, {
      code: 'command/unknown',
      rule: 'UTD6.3',
      message: `\`/ship ${String((args as { sub: string }).sub).slice(0, 30)}\` is not a ship order.`,
      hint: 'See `/help`.',
    });
  return execute(i, ctx, command);
}

async function status(
  i: ChatInputCommandInteraction,
  ctx: CommandContext,
  args: SubArgsOf<typeof data, 'status'>,
): Promise<CommandOutcome> {
  const state = await stateFor(ctx);
  if (!state) {
    await send(i, { content: WORDS.noCampaign, flags: MessageFlags.Ephemeral });
    return { ok: false };
  }
  const text = shipStatusText(state, ctx.actor.userId, await ctx.app.catalogs.get(state.catalogVersion), args.ship);
  await sendLong(i, text, {
    allowedMentions: { parse: [] },
    ...(args.public ? {} : { flags: MessageFlags.Ephemeral }),
    name: 'ships.txt',
  });
  return { ok: true };
}

/** Autocomplete: your ships that the order applies to, your fleets, the refits and yards for a fleet. */
async function autocomplete(i: AutocompleteInteraction, ctx: CommandContext): Promise<void> {
  const state = await stateFor(ctx);
  if (!state) return i.respond([]);
  const catalog = await ctx.app.catalogs.get(state.catalogVersion);
  const focused = i.options.getFocused(true);
  return respondChoices(
    i,
    shipOrderChoices(state, catalog, ctx.actor.userId, {
      focused: focused.name,
      typed: String(focused.value),
      kind: i.options.getSubcommand(),
      fleet: i.options.getString('fleet'),
    }),
  );
}

export const shipCommand: SlashCommand = { data, execute: run, autocomplete };
