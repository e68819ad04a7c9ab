import {
  ApplicationCommandOptionType,
  AttachmentBuilder,
  MessageFlags,
  type APIApplicationCommandBasicOption,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { CommandInput } from '../src/app/run-command.ts';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { respondChoices, stateFor } from '../src/discord/autocomplete.ts';
import { battleCardImage } from '../src/discord/images.ts';
import { execute, presentError, send } from '../src/discord/present.ts';
import { battleListText, battleShowText } from '../src/discord/views/battle-text.ts';
import { splitMessage } from '../src/discord/words.ts';
import type { ResultInput } from '../src/rules/thunderdome/battles/negotiation.ts';
import { battleByRef, unitName } from '../src/rules/thunderdome/battles/common.ts';
import { RuleViolation } from '../src/rules/errors.ts';
import { adjacentSectors, sectorLabel, type Battle, type CampaignState } from '../src/rules/thunderdome/index.ts';

const S = ApplicationCommandOptionType.String;
const battleOption = {
  type: S,
  name: 'battle',
  description: 'The battle (e.g. K12)',
  required: true,
  autocomplete: true,
} as const;

/** The result form (requirements §6.3 RESULT_PROPOSED): every unit not named came through undamaged. */
const resultOptions: APIApplicationCommandBasicOption[] = [
  { type: S, name: 'winner', description: 'The side that holds the field', required: true, autocomplete: true },
  {
    type: S,
    name: 'destroyed',
    description: 'Unit ids destroyed, comma separated',
    autocomplete: true,
    max_length: 300,
  },
  { type: S, name: 'crippled', description: 'Unit ids crippled', autocomplete: true, max_length: 300 },
  {
    type: S,
    name: 'wrecked',
    description: 'Unit ids wrecked (speed ≤ ¼ of maximum, UTD6.3E)',
    autocomplete: true,
    max_length: 300,
  },
  {
    type: S,
    name: 'captured',
    description: 'Unit ids captured (by the other side)',
    autocomplete: true,
    max_length: 300,
  },
  {
    type: S,
    name: 'retreat',
    description: 'Where the loser disengaged: a sector on a lane out (or name=sector pairs)',
    autocomplete: true,
    max_length: 200,
  },
  {
    type: S,
    name: 'provisional',
    description: "Winner's units that disengaged and rejoin (UTD7.465)",
    autocomplete: true,
    max_length: 300,
  },
  {
    type: ApplicationCommandOptionType.Integer,
    name: 'planet_damage',
    description: 'Damage points on the NPE planet (UTD5.4632)',
    min_value: 0,
    max_value: 10000,
  },
  { type: S, name: 'note', description: 'A short note for the record', max_length: 300 },
];

const sub = (name: string, description: string, options: APIApplicationCommandBasicOption[] = []) => ({
  type: ApplicationCommandOptionType.Subcommand as const,
  name,
  description,
  options,
});

const data = {
  name: 'battle',
  description: 'Battles: fleets, setup card, negotiation, results, deadlines, appeals (UTD7.4, 3.4–3.5)',
  options: [
    sub('list', 'Open and recent battles with their next deadline'),
    sub('show', 'One battle: fleets, setup card, clocks and proposals', [battleOption]),
    sub('fleet', 'Name your fighting fleet (UTD7.421), or the NPE force if you run it (UTD5.467)', [
      battleOption,
      { type: S, name: 'fleet', description: 'Your fleet in the sector', autocomplete: true },
      {
        type: S,
        name: 'units',
        description: 'With defenses: the units that fight (UTD7.4233); NPE runner: catalog classes',
        max_length: 300,
      },
    ]),
    sub('propose', 'Propose a negotiated result (UTD3.41)', [battleOption, ...resultOptions]),
    sub('report', 'Report the result of the game played in SFB', [battleOption, ...resultOptions]),
    sub('accept', 'Agree to the proposed result', [battleOption]),
    sub('confirm', 'Confirm the reported result', [battleOption]),
    sub('reject', 'Reject a proposal, or dispute a report', [battleOption]),
    sub('schedule', 'Make contact, answer, or log a session time (UTD3.42–3.43)', [
      battleOption,
      { type: S, name: 'when', description: 'e.g. Saturday 20:00 UTC on SFBOL', max_length: 100 },
    ]),
    sub('extension', 'Ask for more time (UTD3.44): a real-life week is automatic', [
      battleOption,
      {
        type: S,
        name: 'reason',
        description: 'Real life (automatic for one week) or other',
        required: true,
        choices: [
          { name: 'real life', value: 'real-life' },
          { name: 'other', value: 'other' },
        ],
      },
      {
        type: ApplicationCommandOptionType.Integer,
        name: 'days',
        description: 'Days (7 is automatic for real life or when both ask)',
        min_value: 1,
        max_value: 28,
      },
    ]),
    sub('failure', 'Report that your opponent failed to show up or to give reasonable time (UTD3.42#2)', [
      battleOption,
      { type: ApplicationCommandOptionType.User, name: 'player', description: 'Who failed', required: true },
    ]),
    sub('excuse', 'Cite real life to excuse your failure, once per battle (UTD3.42#2)', [battleOption]),
    sub('appeal', 'Submit your case to the other players (UTF3.45)', [
      battleOption,
      { type: S, name: 'explanation', description: 'The situation', required: true, max_length: 1000 },
      { type: S, name: 'plan', description: 'Your battle plan', required: true, max_length: 1000 },
      ...resultOptions,
    ]),
    sub('quick', 'SIDCORS quick resolution, if both sides agree: intensity, then allocation, or retreat', [
      battleOption,
      {
        type: ApplicationCommandOptionType.Integer,
        name: 'intensity',
        description: 'Your secret battle intensity factor for the next round',
        min_value: 1,
        max_value: 4,
      },
      {
        type: S,
        name: 'allocate',
        description: 'auto, or e.g. "S12 cripple, S13 destroy" for the damage you took',
        max_length: 300,
      },
      {
        type: S,
        name: 'retreat',
        description: 'Disengage through the lane to this sector (between rounds)',
        autocomplete: true,
      },
    ]),
    sub('volunteer', 'Run the NPE in this battle (UTD5.431)', [battleOption]),
    sub('object', 'Object to a negotiated NPE result: a vote of all players (UTD5.47)', [battleOption]),
    sub('claim', 'Choose your Anschluss tribute ships (UTD5.4A1)', [
      battleOption,
      { type: S, name: 'units', description: 'One or two NPE classes, ≤ 150 BPV', required: true, max_length: 100 },
    ]),
    sub('organize', 'Organize a captured ship: a fleet here, a new fleet, or scrap (UTD6.3I)', [
      { type: S, name: 'ship', description: 'The captured ship', required: true, autocomplete: true },
      { type: S, name: 'into', description: 'Fleet number, new, or scrap', required: true, autocomplete: true },
      {
        type: S,
        name: 'make_room',
        description: 'Up to three ships of that fleet to scrap for room (UTD6.3I7)',
        max_length: 100,
      },
    ]),
  ],
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

const list = (i: ChatInputCommandInteraction, name: string) =>
  (i.options.getString(name) ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

function resultInput(i: ChatInputCommandInteraction): ResultInput {
  return {
    winner: i.options.getString('winner', true),
    destroyed: list(i, 'destroyed'),
    crippled: list(i, 'crippled'),
    wrecked: list(i, 'wrecked'),
    captured: list(i, 'captured'),
    retreat: i.options.getString('retreat'),
    provisional: list(i, 'provisional'),
    planetDamage: i.options.getInteger('planet_damage') ?? 0,
    note: i.options.getString('note') ?? '',
  };
}

async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const name = i.options.getSubcommand();
  if (name === 'list' || name === 'show') return view(i, ctx, name);
  const battle = i.options.getString('battle') ?? '';
  const command: CommandInput | null = (() => {
    switch (name) {
      case 'fleet':
        return { type: 'battle-fleet', battle, fleet: i.options.getString('fleet'), units: list(i, 'units') };
      case 'propose':
      case 'report':
        return {
          type: 'battle-propose',
          battle,
          kind: name === 'report' ? 'report' : 'negotiated',
          result: resultInput(i),
        };
      case 'accept':
      case 'confirm':
        return { type: 'battle-accept', battle };
      case 'reject':
        return { type: 'battle-reject', battle };
      case 'schedule':
        return { type: 'battle-schedule', battle, when: i.options.getString('when') };
      case 'extension':
        return {
          type: 'battle-extension',
          battle,
          reason: i.options.getString('reason', true) === 'real-life' ? 'real-life' : 'other',
          days: i.options.getInteger('days') ?? 7,
        };
      case 'failure':
        return { type: 'battle-failure', battle, player: i.options.getUser('player', true).id };
      case 'excuse':
        return { type: 'battle-excuse', battle };
      case 'appeal':
        return {
          type: 'battle-appeal',
          battle,
          explanation: i.options.getString('explanation', true),
          plan: i.options.getString('plan', true),
          result: resultInput(i),
        };
      case 'volunteer':
        return { type: 'battle-volunteer', battle };
      case 'quick': {
        const c: CommandInput = { type: 'battle-quick', battle };
        const intensity = i.options.getInteger('intensity');
        const allocate = i.options.getString('allocate');
        const retreat = i.options.getString('retreat');
        return {
          ...c,
          ...(intensity !== null ? { intensity } : {}),
          ...(allocate ? { allocate } : {}),
          ...(retreat ? { retreat } : {}),
        } as CommandInput;
      }
      case 'object':
        return { type: 'battle-object', battle };
      case 'claim':
        return { type: 'battle-claim', battle, units: list(i, 'units') };
      case 'organize':
        return {
          type: 'captured-organize',
          ship: i.options.getString('ship', true),
          into: i.options.getString('into', true),
          makeRoom: list(i, 'make_room'),
        };
      default:
        return null;
    }
  })();
  if (!command)
    return presentError(i, { code: 'command/unknown', rule: 'UTD7.4', message: `Unknown battle action \`${name}\`.` });
  return execute(i, ctx, command);
}

async function view(
  i: ChatInputCommandInteraction,
  ctx: CommandContext,
  name: 'list' | 'show',
): Promise<CommandOutcome> {
  const state = await stateFor(ctx);
  if (!state)
    return presentError(i, { code: 'campaign/none', rule: 'UTD8.1', message: 'There is no campaign in this channel.' });
  if (name === 'list') {
    await send(i, { content: battleListText(state), allowedMentions: { parse: [] } });
    return { ok: true };
  }
  let b: Battle;
  try {
    b = battleByRef(state, i.options.getString('battle', true));
  } catch (err) {
    if (err instanceof RuleViolation) return presentError(i, err.error);
    throw err;
  }
  const png = await battleCardImage(state, b.id);
  const [first, ...rest] = splitMessage(battleShowText(state, b));
  await send(i, {
    content: first!,
    allowedMentions: { parse: [] },
    ...(png ? { files: [new AttachmentBuilder(png, { name: `battle-${b.id}.png` })] } : {}),
  });
  for (const more of rest)
    await i.followUp({ content: more, allowedMentions: { parse: [] }, flags: MessageFlags.SuppressNotifications });
  return { ok: true };
}

/** Autocomplete: open battles (yours first), their sides, their units, the lanes out, your captured ships. */
async function autocomplete(i: AutocompleteInteraction, ctx: CommandContext): Promise<void> {
  const state = await stateFor(ctx);
  if (!state) return i.respond([]);
  const focused = i.options.getFocused(true).name;
  const me = ctx.actor.userId;
  const battleRef = (i.options.getString('battle') ?? '').trim().toUpperCase();
  const b =
    state.battles.find((x) => x.id === battleRef) ??
    state.battles.find((x) => x.status === 'open' && x.sides.includes(me));
  switch (focused) {
    case 'battle': {
      const shown = [...state.battles]
        .filter(
          (x) => x.status === 'open' || i.options.getSubcommand() === 'show' || i.options.getSubcommand() === 'claim',
        )
        .sort((x, y) => Number(y.sides.includes(me)) - Number(x.sides.includes(me)));
      return respondChoices(
        i,
        shown.map((x) => ({
          name: `${x.id} — ${sectorLabel(state, x.sector)} — ${x.sides.map((s) => who(state, s)).join(' vs ')} (${x.stage})`,
          value: x.id,
        })),
      );
    }
    case 'winner':
      return respondChoices(
        i,
        (b?.sides ?? []).map((s) => ({ name: who(state, s), value: s })),
      );
    case 'retreat':
      return respondChoices(
        i,
        b ? adjacentSectors(state, b.sector).map((k) => ({ name: sectorLabel(state, k), value: k })) : [],
      );
    case 'fleet':
      return respondChoices(
        i,
        state.fleets
          .filter((f) => f.owner === me && (!b || f.sector === b.sector))
          .map((f) => ({
            name: `Fleet ${f.slot} — ${state.ships.filter((s) => s.fleetId === f.id).length} ships`,
            value: String(f.slot),
          })),
      );
    case 'ship':
      return respondChoices(
        i,
        state.ships
          .filter((s) => s.owner === me && s.unorganized)
          .map((s) => ({ name: `${s.unitId} (${s.id}) in ${sectorLabel(state, s.sector)}`, value: s.id })),
      );
    case 'into': {
      const fleets = state.fleets
        .filter((f) => f.owner === me)
        .map((f) => ({ name: `Fleet ${f.slot} in ${sectorLabel(state, f.sector)}`, value: String(f.slot) }));
      return respondChoices(i, [
        ...fleets,
        { name: 'A new fleet', value: 'new' },
        { name: 'Scrap it for half its BPV', value: 'scrap' },
      ]);
    }
    default: {
      // Unit lists: complete the last comma-separated item with the battle's units.
      const typed = String(i.options.getFocused());
      const head = typed.includes(',') ? typed.slice(0, typed.lastIndexOf(',') + 1) : '';
      const units = b ? b.participants.flatMap((p) => p.units) : [];
      return respondChoices(
        i,
        units.map((u) => ({ name: `${head}${unitName(state, u)}`.slice(-100), value: `${head}${u}` })),
      );
    }
  }
}

function who(state: CampaignState, id: string): string {
  return id === 'npe' ? 'NPE' : (state.players.find((p) => p.id === id)?.name ?? id);
}

export const battleCommand: SlashCommand = { data, execute: run, autocomplete };
