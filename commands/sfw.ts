import {
  ApplicationCommandOptionType,
  MessageFlags,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { campaignInChannel } from '../src/app/campaigns.ts';
import {
  buildStarfortress,
  capTacCalculation,
  checkPower,
  craftCalculation,
  maatacFortress,
  SAPS_CHOICES,
  STARBOMBER_CHOICES,
  makeSecretRoll,
  REPAIR_TYPE_CHOICES,
  revealSecretRolls,
  SFW_SHIP_TYPE_CHOICES,
  verifyRoll,
} from '../src/app/sfw.ts';
import { readArgs, subcommand, type SubArgsOf } from '../src/discord/args.ts';
import { battleOption, battleRefOf, NO_BATTLE } from '../src/discord/battle-ref.ts';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { respondChoices } from '../src/discord/autocomplete.ts';
import { presentError, send, sendLong } from '../src/discord/present.ts';
import { sfwBattleChoices, sfwUnitChoices } from '../src/discord/views/battle-aid-choices.ts';
import {
  capTacText,
  commitmentText,
  craftText,
  fortressText,
  maatacText,
  parseRevealToken,
  powerText,
  revealText,
  rollOutcomeText,
  secretResultText,
  verifyText,
} from '../src/discord/views/sfw-text.ts';
import { splitMessage, WORDS } from '../src/discord/words.ts';

/**
 * `/sfw` (a battle aid, digest P-C1, P-C2): Starfleet Wars power and starfortress calculators
 * (stateless), and the secret Special Damage and Damage Control rolls of a battle (src/app/sfw.ts).
 * A secret roll goes to its owner only; the channel sees its commitment; the reveals are
 * published once the battle is resolved, for anyone to verify.
 */
const S = ApplicationCommandOptionType.String;
const I = ApplicationCommandOptionType.Integer;
const factor = <const N extends string, const R extends boolean = false>(
  name: N,
  description: string,
  required: R = false as R,
) => ({ type: I, name, description, required, min_value: 0, max_value: 1000 }) as const;
const shipOption = {
  type: S,
  name: 'ship',
  description: 'Your ship the roll is for',
  required: true,
  autocomplete: true,
  max_length: 40,
} as const;
const turnOption = { type: I, name: 'turn', description: 'The game turn', min_value: 1, max_value: 1000 } as const;
const sub = subcommand;
const count = <const N extends string>(name: N, description: string) =>
  ({ type: I, name, description, min_value: 0, max_value: 100_000 }) as const;
/** Options common to a starbomber's and a SAPS's turn. */
const craftOptions = [
  count('speed', 'Speed factors (at most 5)'),
  count('lasers', 'Light-laser shots this turn'),
  count('laser_range', 'Laser range, inches'),
  { type: S, name: 'laser_target', description: 'What the lasers fire at', choices: SFW_SHIP_TYPE_CHOICES },
  count('heavy_hits', 'OF or particle-weapon hits it has taken'),
  count('light_hits', 'CIDS or light-laser hits it has taken, all turns'),
] as const;

const data = {
  name: 'sfw',
  description: 'Starfleet Wars: power and starfortress calculators, secret damage and repair rolls',
  options: [
    sub('power', 'Check a power allocation: each factor costs its square in PU', [
      {
        type: I,
        name: 'pu',
        description: 'The ship’s original power units',
        required: true,
        min_value: 1,
        max_value: 100_000,
      },
      factor('speed', 'Speed factor', true),
      factor('of', 'Offensive factors', true),
      factor('df', 'Defensive factors', true),
      { type: I, name: 'damage', description: 'PU of damage taken', min_value: 0, max_value: 100_000 },
      {
        type: S,
        name: 'type',
        description: 'Ship type (SGD gets its bonuses; SGD, SB, SAPS max speed 5)',
        choices: SFW_SHIP_TYPE_CHOICES,
      },
      factor('max_of', 'The ship’s maximum OF'),
      factor('max_df', 'The ship’s maximum DF'),
      factor('max_speed', 'The ship’s maximum speed'),
      factor('addl_of', 'SGD additional OF'),
      factor('addl_df', 'SGD additional DF'),
      {
        type: I,
        name: 'extra_pu',
        description: 'Other PU spent from the same pool (reloads)',
        min_value: 0,
        max_value: 100_000,
      },
    ]),
    sub('fortress', 'Starfortress builder: power from LSSs, OF cap from weapon modules, CIDS loans', [
      {
        type: S,
        name: 'modules',
        description: 'id:TYPE[:damage][@host], e.g. "L1:LSS, W1:WP:20, M1:MAD@W1"',
        required: true,
        max_length: 600,
      },
      { type: S, name: 'adjacent', description: 'Touching modules, e.g. "L1-W1, W1-L2"', max_length: 600 },
      factor('of', 'Offensive factors to buy'),
      factor('df', 'Defensive factors (default: the best the rest buys)'),
      { type: S, name: 'cids', description: 'CIDS loans from:to:rolls, e.g. "W1:L1:6"', max_length: 300 },
      { type: S, name: 'name', description: 'The fortress name', max_length: 60 },
    ]),
    sub('starbomber', "A starbomber's turn: lasers, particle weapons, reloads, damage, hits", [
      { type: S, name: 'craft', description: 'Which starbomber', required: true, choices: STARBOMBER_CHOICES },
      ...craftOptions,
      count('launch', 'Particle weapons launched this turn'),
      count('reloads', 'Particle weapons aboard before (default: the table)'),
      count('pw_hits', 'Particle-weapon hits on the target ship'),
      count('target_pu', "The target ship's PU"),
      count('target_damage', "The target ship's damage before"),
    ]),
    sub('saps', "A SAPS's turn: light lasers and the hits it can take", [
      { type: S, name: 'craft', description: 'Which SAPS', required: true, choices: SAPS_CHOICES },
      ...craftOptions,
    ]),
    sub('captac', 'CapTacs: tow, range, 40 PU hits with Special Damage, losses in tow', [
      count('towed', 'CapTacs in tow on one tractor'),
      count('tow_speed', "The towing ship's speed"),
      count('range', 'Inches to the target'),
      count('hits', 'CapTac hits'),
      count('target_pu', "The target's PU"),
      count('target_damage', "The target's damage before"),
      count('shot_down', 'Shot down while in tow'),
      count('tower_pu', "The towing ship's PU"),
      count('tower_damage', "The towing ship's damage before"),
      count('activate_from', 'Inches from a friendly ship to a drifting CapTac'),
    ]),
    sub('maatac', 'A fortress on a planet (MAATAC): targets, hull-down, fire, MAD moves', [
      {
        type: S,
        name: 'modules',
        description: 'id:TYPE[@host], e.g. "L1:LSS, W1:WP, M1:MAD@W1"',
        required: true,
        max_length: 600,
      },
      { type: S, name: 'behind', description: 'Hull-down: hidden<in front, e.g. "L1<W1"', max_length: 300 },
      { type: S, name: 'adjacent', description: 'Touching modules, e.g. "L1-W1"', max_length: 300 },
      { type: S, name: 'destroyed', description: 'Destroyed modules, e.g. "W1"', max_length: 300 },
      { type: S, name: 'garrison', description: 'IUs/RAATACs inside, e.g. "L1:3"', max_length: 300 },
      { type: S, name: 'immobile', description: 'MADs that lost mobility', max_length: 100 },
      { type: S, name: 'target', description: 'The module an attacker names', max_length: 20 },
      { type: S, name: 'move', description: 'A MAD move, "M1>S1" or "M1>out"', max_length: 50 },
    ]),
    sub('damage', 'Secret Special Damage roll (00–99): only you see it, the channel sees a commitment', [
      shipOption,
      battleOption,
      turnOption,
    ]),
    sub('repair', 'Secret Damage Control roll (00–99) for one team: only you see it', [
      shipOption,
      {
        type: S,
        name: 'type',
        description: 'What the team repairs',
        required: true,
        choices: REPAIR_TYPE_CHOICES,
      },
      battleOption,
      turnOption,
    ]),
    sub('reveal', 'Publish every secret roll of a resolved battle', [battleOption]),
    sub('verify', 'Check a revealed roll against its commitment', [
      {
        type: S,
        name: 'commitment',
        description: 'The commitment posted with the roll',
        required: true,
        min_length: 64,
        max_length: 64,
      },
      { type: S, name: 'reveal', description: 'The reveal: result/nonce/purpose', required: true, max_length: 400 },
    ]),
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

async function post(i: ChatInputCommandInteraction, text: string): Promise<CommandOutcome> {
  await sendLong(i, text, { allowedMentions: { parse: [] }, name: 'sfw.txt' });
  return { ok: true };
}

async function secret(
  i: ChatInputCommandInteraction,
  ctx: CommandContext,
  ref: string,
  args: SubArgsOf<typeof data, 'damage'> | SubArgsOf<typeof data, 'repair'>,
): Promise<CommandOutcome> {
  const result = await makeSecretRoll(
    ctx.app,
    ctx.target,
    ctx.actor,
    ref,
    {
      ship: args.ship,
      ...(args.turn !== undefined ? { turn: args.turn } : {}),
      ...('type' in args
        ? { table: 'damage-control' as const, repair: args.type }
        : { table: 'special-damage' as const }),
    },
    i.id,
  );
  if (!result.ok) return presentError(i, result.error);
  if (result.duplicate) {
    await send(i, { content: WORDS.duplicate, flags: MessageFlags.Ephemeral });
    return { ok: true };
  }
  const { battle, record, outcome } = result.value;
  await send(i, {
    content: secretResultText(battle, record, rollOutcomeText(record, outcome)),
    flags: MessageFlags.Ephemeral,
  });
  await i.followUp({ content: commitmentText(battle, record), allowedMentions: { parse: [] } });
  return { ok: true };
}

async function reveal(i: ChatInputCommandInteraction, ctx: CommandContext, ref: string): Promise<CommandOutcome> {
  const revealed = await revealSecretRolls(ctx.app, ctx.target.channelId, ref);
  if (!revealed.ok) return presentError(i, revealed.error);
  const { battle, rolls } = revealed.value;
  const shown = rolls.map((r) => ({ record: r.record, outcome: rollOutcomeText(r.record, r.outcome), ok: r.ok }));
  const [first, ...rest] = splitMessage(revealText(battle, shown));
  await send(i, { content: first!, allowedMentions: { parse: [] } });
  for (const more of rest) await i.followUp({ content: more, allowedMentions: { parse: [] } });
  return { ok: true };
}

async function verify(i: ChatInputCommandInteraction, args: SubArgsOf<typeof data, 'verify'>): Promise<CommandOutcome> {
  const revealed = parseRevealToken(args.reveal);
  if (!revealed)
    return presentError(i, {
      code: 'sfw/bad-reveal',
      rule: 'SFW Special Damage Table',
      message: 'That is not a reveal: it reads result/nonce/purpose, as `/sfw reveal` prints it.',
    });
  await send(i, {
    content: verifyText(verifyRoll(args.commitment, revealed), revealed),
    allowedMentions: { parse: [] },
  });
  return { ok: true };
}

async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const args = readArgs(i, data);
  switch (args.sub) {
    case 'damage':
    case 'repair':
    case 'reveal': {
      const ref = await battleRefOf(i, ctx);
      if (!ref) return presentError(i, NO_BATTLE);
      return args.sub === 'reveal' ? reveal(i, ctx, ref) : secret(i, ctx, ref, args);
    }
    case 'verify':
      return verify(i, args);
    case 'power': {
      const power = checkPower(args);
      if (!power.ok) return presentError(i, power.error);
      const { ship, allocation, bestDf } = power.value;
      return post(i, powerText(ship.name, allocation, bestDf));
    }
    case 'starbomber':
    case 'saps': {
      const kind = args.sub;
      const { sub: _sub, ...req } = args;
      const r = craftCalculation(kind, req);
      if (!r.ok) return presentError(i, r.error);
      return post(i, craftText(kind, r.value));
    }
    case 'captac': {
      const r = capTacCalculation(args);
      if (!r.ok) return presentError(i, r.error);
      return post(i, capTacText(r.value));
    }
    case 'maatac': {
      const r = maatacFortress(args);
      if (!r.ok) return presentError(i, r.error);
      return post(i, maatacText(r.value));
    }
    case 'fortress': {
      const built = buildStarfortress(args);
      if (!built.ok) return presentError(i, built.error);
      const { fortress, allocation, pools } = built.value;
      return post(i, fortressText(fortress, allocation, pools));
    }
  }
}

/** Autocomplete: battles (yours first; resolved ones for reveal), and your units in the battle. */
async function autocomplete(i: AutocompleteInteraction, ctx: CommandContext): Promise<void> {
  const state = await campaignInChannel(ctx.app, ctx.target.channelId);
  if (!state) return i.respond([]);
  const me = ctx.actor.userId;
  if (i.options.getFocused(true).name === 'battle')
    return respondChoices(i, sfwBattleChoices(state, me, i.options.getSubcommand() === 'reveal'));
  return respondChoices(i, sfwUnitChoices(state, me, i.options.getString('battle'), i.channelId));
}

export const sfwCommand: SlashCommand = { data, execute: run, autocomplete };
