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
import { readArgs, subcommand, type InvocationOf, type SubArgsOf } from '../src/discord/args.ts';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { respondChoices, stateFor } from '../src/discord/autocomplete.ts';
import { battleCardImage } from '../src/discord/images.ts';
import { execute, presentError, send } from '../src/discord/present.ts';
import { battleListText, battleShowText } from '../src/discord/views/battle-text.ts';
import { splitMessage } from '../src/discord/words.ts';
import type { ResultInput } from '../src/rules/thunderdome/battles/negotiation.ts';
import { findBattle } from '../src/app/battles.ts';
import { sessionTimeOf } from '../src/app/me-time.ts';
import { ODDS_DEFAULTS, ODDS_LIMITS, prepareOdds, runOdds } from '../src/app/battle-odds.ts';
import { battleOddsText } from '../src/discord/views/battle-odds-text.ts';
import { battleChoices } from '../src/discord/views/battle-choices.ts';

const S = ApplicationCommandOptionType.String;
const battleOption = {
  type: S,
  name: 'battle',
  description: 'The battle (e.g. K12)',
  required: true,
  autocomplete: true,
} as const;

/** The result form (requirements §6.3 RESULT_PROPOSED): every unit not named came through undamaged. */
const resultOptions = [
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
    description: 'Where the loser disengaged (sector, or name=sector pairs)',
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
] as const satisfies readonly APIApplicationCommandBasicOption[];

const sub = subcommand;

const data = {
  name: 'battle',
  description: 'Battles: fleets, card, results, deadlines, appeals (UTD7.4, 3.4–3.5)',
  options: [
    sub('list', 'Open and recent battles'),
    sub('show', 'One battle: fleets, card, clocks, proposals', [battleOption]),
    sub('fleet', 'Name your fighting fleet or NPE force (UTD7.421, 5.467)', [
      battleOption,
      { type: S, name: 'fleet', description: 'Your fleet in the sector', autocomplete: true },
      {
        type: S,
        name: 'units',
        description: 'Units that fight (UTD7.4233), or NPE classes',
        max_length: 300,
      },
    ]),
    sub('propose', 'Propose a negotiated result (UTD3.41)', [battleOption, ...resultOptions]),
    sub('report', 'Report the result of the game played in SFB', [battleOption, ...resultOptions]),
    sub('accept', 'Agree to the proposed result', [battleOption]),
    sub('confirm', 'Confirm the reported result', [battleOption]),
    sub('reject', 'Reject a proposal, or dispute a report', [battleOption]),
    sub('schedule', 'Contact, or propose/accept a time (UTD3.42)', [
      battleOption,
      { type: S, name: 'when', description: 'In your zone (/me): 2026-12-05 20:00, or a note', max_length: 100 },
      { type: ApplicationCommandOptionType.Boolean, name: 'accept', description: 'Accept the proposed time' },
    ]),
    sub('extension', 'Ask for more time (UTD3.44)', [
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
        description: 'Days (7 automatic for real life)',
        min_value: 1,
        max_value: 28,
      },
    ]),
    sub('failure', 'Report that your opponent failed to show up (UTD3.42#2)', [
      battleOption,
      { type: ApplicationCommandOptionType.User, name: 'player', description: 'Who failed', required: true },
    ]),
    sub('excuse', 'Cite real life to excuse a failure (UTD3.42#2)', [battleOption]),
    sub('appeal', 'Submit your case to the other players (UTF3.45)', [
      battleOption,
      { type: S, name: 'explanation', description: 'The situation', required: true, max_length: 1000 },
      { type: S, name: 'plan', description: 'Your battle plan', required: true, max_length: 1000 },
      ...resultOptions,
    ]),
    sub('quick', 'SIDCORS quick resolution, if both sides agree', [
      battleOption,
      {
        type: ApplicationCommandOptionType.Integer,
        name: 'intensity',
        description: 'Your secret intensity (1–4) for the next round',
        min_value: 1,
        max_value: 4,
      },
      {
        type: ApplicationCommandOptionType.Integer,
        name: 'enemy_intensity',
        description: "Other side's intensity, if it cannot retreat",
        min_value: 1,
        max_value: 4,
      },
      {
        type: ApplicationCommandOptionType.Boolean,
        name: 'cloak',
        description: 'Roll the cloak (default true)',
      },
      {
        type: S,
        name: 'directed',
        description: 'Secret Directed Damage: none, "S12 cripple", "S12 kill"',
        max_length: 200,
      },
      {
        type: S,
        name: 'mauler',
        description: 'Mauler paying at full value',
        max_length: 20,
      },
      {
        type: S,
        name: 'allocate',
        description: 'auto, or e.g. "S12 cripple, S13 destroy"',
        max_length: 300,
      },
      {
        type: S,
        name: 'retreat',
        description: 'Disengage to this sector (between rounds)',
        autocomplete: true,
      },
    ]),
    sub('volunteer', 'Run the NPE (UTD5.431); rival claims are rolled (UTD5.44)', [battleOption]),
    sub('lane', 'No answer in time: choose your retreat lane (ISS-A16)', [
      battleOption,
      { type: S, name: 'to', description: 'Where the lane leads', required: true, autocomplete: true },
    ]),
    sub('stand-in', 'Finish it for a player who resigned, by vote (UTD3.91)', [battleOption]),
    sub('outsider', 'Propose an outsider to run the NPE, by vote (UTD5.432)', [
      battleOption,
      { type: ApplicationCommandOptionType.User, name: 'user', description: 'The outsider', required: true },
    ]),
    sub('odds', 'SIDCORS odds: simulated outcomes (changes nothing)', [
      battleOption,
      {
        type: ApplicationCommandOptionType.Integer,
        name: 'attacker',
        description: 'Attacker intensity each round (default 2)',
        min_value: 1,
        max_value: 4,
      },
      {
        type: ApplicationCommandOptionType.Integer,
        name: 'defender',
        description: 'Defender intensity each round (default 2)',
        min_value: 1,
        max_value: 4,
      },
      {
        type: ApplicationCommandOptionType.Integer,
        name: 'rounds',
        description: `Rounds (default ${ODDS_DEFAULTS.rounds})`,
        min_value: ODDS_LIMITS.rounds.min,
        max_value: ODDS_LIMITS.rounds.max,
      },
      {
        type: ApplicationCommandOptionType.Integer,
        name: 'runs',
        description: `Battles (default ${ODDS_DEFAULTS.runs})`,
        min_value: ODDS_LIMITS.runs.min,
        max_value: ODDS_LIMITS.runs.max,
      },
      {
        type: ApplicationCommandOptionType.Integer,
        name: 'seed',
        description: 'Seed, to repeat an answer',
        min_value: 0,
        max_value: 4294967295,
      },
    ]),
    sub('object', 'Object to a negotiated NPE result (UTD5.47)', [battleOption]),
    sub('claim', 'Choose your Anschluss tribute ships (UTD5.4A1)', [
      battleOption,
      { type: S, name: 'units', description: 'One or two NPE classes, ≤ 150 BPV', required: true, max_length: 100 },
    ]),
    sub('organize', 'Organize a captured ship (UTD6.3I)', [
      { type: S, name: 'ship', description: 'The captured ship', required: true, autocomplete: true },
      { type: S, name: 'into', description: 'Fleet number, new, or scrap', required: true, autocomplete: true },
      {
        type: S,
        name: 'make_room',
        description: 'Up to three ships to scrap for room (UTD6.3I7)',
        max_length: 100,
      },
    ]),
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

const list = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

type ResultArgs = SubArgsOf<typeof data, 'propose'>;

function resultInput(args: ResultArgs): ResultInput {
  return {
    winner: args.winner,
    destroyed: list(args.destroyed),
    crippled: list(args.crippled),
    wrecked: list(args.wrecked),
    captured: list(args.captured),
    retreat: args.retreat ?? null,
    provisional: list(args.provisional),
    planetDamage: args.planet_damage ?? 0,
    note: args.note ?? '',
  };
}

async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const args = readArgs(i, data);
  if (args.sub === 'list' || args.sub === 'show') return view(i, ctx, args);
  if (args.sub === 'odds') return odds(i, ctx, args);
  const battle = 'battle' in args ? args.battle : '';
  // UTD3.42: a time typed in the proposer's own zone (`/me time_zone:`) is proposed as an instant.
  const session =
    args.sub === 'schedule' && !args.accept
      ? await sessionTimeOf(ctx.app, ctx.target.guildId, ctx.actor.userId, args.when)
      : null;
  if (session && !session.ok) return presentError(i, session.error);
  const command: CommandInput | null = (() => {
    switch (args.sub) {
      case 'fleet':
        return { type: 'battle-fleet', battle, fleet: args.fleet ?? null, units: list(args.units) };
      case 'propose':
      case 'report':
        return {
          type: 'battle-propose',
          battle,
          kind: args.sub === 'report' ? 'report' : 'negotiated',
          result: resultInput(args),
        };
      case 'accept':
      case 'confirm':
        return { type: 'battle-accept', battle };
      case 'reject':
        return { type: 'battle-reject', battle };
      case 'schedule':
        if (args.accept) return { type: 'battle-session-accept', battle };
        return {
          type: 'battle-schedule',
          battle,
          when: args.when ?? null,
          ...(session?.ok && session.value ? { at: session.value.at } : {}),
        };
      case 'extension':
        return {
          type: 'battle-extension',
          battle,
          reason: args.reason === 'real-life' ? 'real-life' : 'other',
          days: args.days ?? 7,
        };
      case 'failure':
        return { type: 'battle-failure', battle, player: args.player.id };
      case 'excuse':
        return { type: 'battle-excuse', battle };
      case 'appeal':
        return {
          type: 'battle-appeal',
          battle,
          explanation: args.explanation,
          plan: args.plan,
          result: resultInput(args),
        };
      case 'volunteer':
        return { type: 'battle-volunteer', battle };
      case 'lane':
        return { type: 'battle-lane', battle, to: args.to };
      case 'stand-in':
        return { type: 'battle-stand-in', battle };
      case 'outsider':
        return { type: 'battle-outsider', battle, user: args.user.id };
      case 'quick': {
        const c: CommandInput = { type: 'battle-quick', battle };
        return {
          ...c,
          ...(args.intensity !== undefined ? { intensity: args.intensity } : {}),
          ...(args.enemy_intensity !== undefined ? { enemyIntensity: args.enemy_intensity } : {}),
          ...(args.cloak !== undefined ? { cloak: args.cloak } : {}),
          ...(args.directed ? { directed: args.directed } : {}),
          ...(args.mauler ? { mauler: args.mauler } : {}),
          ...(args.allocate ? { allocate: args.allocate } : {}),
          ...(args.retreat ? { retreat: args.retreat } : {}),
        } as CommandInput;
      }
      case 'object':
        return { type: 'battle-object', battle };
      case 'claim':
        return { type: 'battle-claim', battle, units: list(args.units) };
      case 'organize':
        return { type: 'captured-organize', ship: args.ship, into: args.into, makeRoom: list(args.make_room) };
      default:
        return null;
    }
  })();
  if (!command)
    return presentError(i, {
      code: 'command/unknown',
      rule: 'UTD7.4',
      message: `Unknown battle action \`${String((args as { sub: string }).sub)}\`.`,
    });
  return execute(i, ctx, command);
}

async function view(
  i: ChatInputCommandInteraction,
  ctx: CommandContext,
  args: Extract<InvocationOf<typeof data>, { sub: 'list' | 'show' }>,
): Promise<CommandOutcome> {
  const state = await stateFor(ctx);
  if (!state)
    return presentError(i, { code: 'campaign/none', rule: 'UTD8.1', message: 'There is no campaign in this channel.' });
  if (args.sub === 'list') {
    await send(i, { content: battleListText(state), allowedMentions: { parse: [] } });
    return { ok: true };
  }
  const found = findBattle(state, args.battle);
  if (!found.ok) return presentError(i, found.error);
  const b = found.value;
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

/** `/battle odds`: checked first (a refusal stays private), then simulated after acknowledging. */
async function odds(
  i: ChatInputCommandInteraction,
  ctx: CommandContext,
  args: Extract<InvocationOf<typeof data>, { sub: 'odds' }>,
): Promise<CommandOutcome> {
  const prepared = await prepareOdds(ctx.app, ctx.target.channelId, {
    battle: args.battle,
    ...(args.attacker !== undefined ? { attackerIntensity: args.attacker } : {}),
    ...(args.defender !== undefined ? { defenderIntensity: args.defender } : {}),
    ...(args.rounds !== undefined ? { rounds: args.rounds } : {}),
    ...(args.runs !== undefined ? { runs: args.runs } : {}),
    ...(args.seed !== undefined ? { seed: args.seed } : {}),
  });
  if (!prepared.ok) return presentError(i, prepared.error);
  // Hundreds of simulated battles take a moment: acknowledge first (Discord allows 3 s).
  await i.deferReply();
  const answer = await runOdds(prepared.value);
  const state = await stateFor(ctx);
  const name = (id: string) => (id === 'npe' ? 'the NPE' : (state?.players.find((p) => p.id === id)?.name ?? id));
  const [first, ...rest] = splitMessage(battleOddsText(answer, name));
  await send(i, { content: first!, allowedMentions: { parse: [] } });
  for (const more of rest)
    await i.followUp({ content: more, allowedMentions: { parse: [] }, flags: MessageFlags.SuppressNotifications });
  return { ok: true };
}

/** Autocomplete: open battles (yours first), their sides, their units, the lanes out, your captured ships. */
async function autocomplete(i: AutocompleteInteraction, ctx: CommandContext): Promise<void> {
  const state = await stateFor(ctx);
  if (!state) return i.respond([]);
  const focused = i.options.getFocused(true);
  return respondChoices(
    i,
    battleChoices(state, ctx.actor.userId, {
      focused: focused.name,
      typed: String(focused.value),
      kind: i.options.getSubcommand(),
      battle: i.options.getString('battle'),
    }),
  );
}

export const battleCommand: SlashCommand = { data, execute: run, autocomplete };
