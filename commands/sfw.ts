import {
  ApplicationCommandOptionType,
  MessageFlags,
  type APIApplicationCommandBasicOption,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { readAid, updateAid } from '../src/app/aids.ts';
import { campaignInChannel } from '../src/app/campaigns.ts';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { respondChoices } from '../src/discord/autocomplete.ts';
import { presentError, send } from '../src/discord/present.ts';
import {
  commitmentText,
  fortressText,
  outcomeText,
  parseRevealToken,
  powerText,
  revealText,
  secretResultText,
  verifyText,
  type SecretRollRecord,
} from '../src/discord/views/sfw-text.ts';
import { splitMessage, WORDS } from '../src/discord/words.ts';
import { SeededDice } from '../src/rules/dice.ts';
import { refuse, RuleViolation, type RuleError } from '../src/rules/errors.ts';
import {
  allocateFortress,
  bestDefense,
  buildFortress,
  checkPowerAllocation,
  cidsPools,
  maxFactors,
  MODULE_TYPES,
  REPAIR_TYPES,
  repairOutcome,
  secretRoll,
  SFW_SHIP_TYPES,
  specialDamageFor,
  verifySecretRoll,
  type CidsLoan,
  type FortressModuleInput,
  type ModuleType,
  type RepairType,
  type SfwShip,
  type SfwShipType,
} from '../src/rules/sfw/index.ts';
import { battleByRef, openBattle, sideOfUser, unitName } from '../src/rules/thunderdome/battles/common.ts';
import type { Battle } from '../src/rules/thunderdome/index.ts';
import { battleOption, battleRefOf, NO_BATTLE } from '../src/discord/battle-ref.ts';
import { battleSubject } from '../src/app/n3d.ts';

/**
 * `/sfw` (a battle aid, digest P-C1, P-C2): Starfleet Wars power and starfortress calculators
 * (stateless), and the secret Special Damage and Damage Control rolls of a battle. A secret roll
 * goes to its owner only; the channel sees its commitment; the reveals are kept in the battle's
 * private aid row and published once the battle is resolved, for anyone to verify.
 */
const S = ApplicationCommandOptionType.String;
const I = ApplicationCommandOptionType.Integer;
const factor = (name: string, description: string, required = false) =>
  ({ type: I, name, description, required, min_value: 0, max_value: 1000 }) as const;
const shipOption = {
  type: S,
  name: 'ship',
  description: 'Your ship the roll is for',
  required: true,
  autocomplete: true,
  max_length: 40,
} as const;
const turnOption = { type: I, name: 'turn', description: 'The game turn', min_value: 1, max_value: 1000 } as const;
const sub = (name: string, description: string, options: APIApplicationCommandBasicOption[] = []) => ({
  type: ApplicationCommandOptionType.Subcommand as const,
  name,
  description,
  options,
});

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
        choices: SFW_SHIP_TYPES.map((t) => ({ name: t, value: t })),
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
        choices: REPAIR_TYPES.map((t) => ({ name: t, value: t })),
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
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

// ---- Stateless calculators ----

function power(i: ChatInputCommandInteraction): string {
  const n = (name: string) => i.options.getInteger(name) ?? undefined;
  const type = (i.options.getString('type') ?? 'GD') as SfwShipType;
  const optional = {
    maxOF: n('max_of'),
    maxDF: n('max_df'),
    maxSpeed: n('max_speed'),
    addlOF: n('addl_of'),
    addlDF: n('addl_df'),
  };
  const ship: SfwShip = {
    name: i.options.getString('type') ? `The ${type}` : 'The ship',
    type,
    maxPU: i.options.getInteger('pu', true),
    ...(Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)) as Partial<SfwShip>),
  };
  const damage = n('damage') ?? 0;
  const extra = n('extra_pu') ?? 0;
  const request = {
    speed: i.options.getInteger('speed', true),
    of: i.options.getInteger('of', true),
    df: i.options.getInteger('df', true),
  };
  const a = checkPowerAllocation(ship, damage, request, undefined, extra);
  return powerText(ship.name, a, bestDefense(ship, damage, request.speed, request.of, extra));
}

const MODULE = /^([A-Za-z0-9_.-]{1,20})\s*:\s*([A-Za-z]{2,4})(?:\s*:\s*(\d{1,6}))?(?:\s*@\s*([A-Za-z0-9_.-]{1,20}))?$/;

function fortressModules(text: string): FortressModuleInput[] {
  return text
    .split(/[,;\n]/)
    .map((x) => x.trim())
    .filter(Boolean)
    .map((entry) => {
      const m = MODULE.exec(entry);
      const type = m?.[2]?.toUpperCase();
      if (!m || !MODULE_TYPES.includes(type as ModuleType))
        refuse(
          'sfw/bad-module',
          'SFW Starfortress',
          `"${entry.slice(0, 40)}" is not a module: write id:TYPE, id:TYPE:damage or id:MAD@host.`,
          `Types: ${MODULE_TYPES.join(', ')}.`,
        );
      return {
        id: m[1]!,
        type: type as ModuleType,
        ...(m[3] ? { damage: Number(m[3]) } : {}),
        ...(m[4] ? { on: m[4] } : {}),
      };
    });
}

function pairs(text: string, sep: RegExp, size: number, what: string, example: string): string[][] {
  return text
    .split(/[,;\n]/)
    .map((x) => x.trim())
    .filter(Boolean)
    .map((entry) => {
      const parts = entry.split(sep).map((p) => p.trim());
      if (parts.length !== size || parts.some((p) => !p))
        refuse('sfw/bad-list', 'SFW Starfortress', `"${entry.slice(0, 40)}" is not ${what}.`, `Write e.g. ${example}.`);
      return parts;
    });
}

function fortress(i: ChatInputCommandInteraction): string {
  const name = i.options.getString('name');
  const adjacent = pairs(
    i.options.getString('adjacent') ?? '',
    /\s*-\s*/,
    2,
    'a pair of touching modules',
    '"L1-W1"',
  ) as [string, string][];
  const f = buildFortress({
    modules: fortressModules(i.options.getString('modules', true)),
    adjacent,
    ...(name ? { name } : {}),
  });
  const of = i.options.getInteger('of');
  const df = i.options.getInteger('df');
  const allocation =
    of !== null
      ? allocateFortress(f, of, df ?? undefined)
      : f.knockedOut
        ? null
        : allocateFortress(f, Math.min(f.maxOF, maxFactors(f.pu)));
  const cids = i.options.getString('cids');
  const loans: CidsLoan[] = cids
    ? pairs(cids, /\s*:\s*/, 3, 'a loan from:to:rolls', '"W1:L1:6"').map(([from, to, rolls]) => ({
        from: from!,
        to: to!,
        rolls: Number(rolls),
      }))
    : [];
  return fortressText(f, allocation, cids ? cidsPools(f, loans) : null);
}

// ---- Secret rolls ----

export interface SfwRollsAid {
  rolls: SecretRollRecord[];
}

export function parseRollsAid(json: unknown): SfwRollsAid {
  const rolls = (json as { rolls?: unknown } | null)?.rolls;
  if (
    !Array.isArray(rolls) ||
    rolls.some(
      (r) =>
        typeof r !== 'object' ||
        r === null ||
        typeof (r as SecretRollRecord).commitment !== 'string' ||
        typeof (r as SecretRollRecord).reveal?.nonce !== 'string',
    )
  ) {
    refuse('sfw/bad-state', 'SFW Special Damage Table', 'The stored secret rolls of this battle are not valid.');
  }
  return { rolls: rolls as SecretRollRecord[] };
}

function rollOutcome(r: SecretRollRecord): string {
  return r.table === 'special-damage'
    ? outcomeText(r, specialDamageFor(r.reveal.result), null)
    : outcomeText(r, null, repairOutcome(r.repair!, r.reveal.result));
}

async function secret(
  i: ChatInputCommandInteraction,
  ctx: CommandContext,
  ref: string,
  table: SecretRollRecord['table'],
): Promise<CommandOutcome> {
  const me = ctx.actor.userId;
  const ship = i.options.getString('ship', true).trim();
  const turn = i.options.getInteger('turn');
  const repair = table === 'damage-control' ? (i.options.getString('type', true) as RepairType) : undefined;
  // A fresh secret per roll: it hides the result inside the commitment until the reveal, and seeds the die.
  const nonce = ctx.app.seeds.newSeed();
  const key = { channelId: ctx.target.channelId, subject: battleSubject(ref), kind: 'sfw-rolls' as const };
  const result = await updateAid(
    ctx.app,
    key,
    parseRollsAid,
    ({ state, payload, now }) => {
      const b = openBattle(state, ref);
      if (sideOfUser(b, me) === null)
        refuse(
          'sfw/not-in-battle',
          'UTD7.42',
          `Only the players of battle ${b.id} (and the NPE's runner) roll for its ships.`,
        );
      if (!ship) refuse('sfw/no-ship', 'SFW Special Damage Table', 'Name the ship the roll is for.');
      const rolls = payload?.rolls ?? [];
      const n = rolls.length + 1;
      const purpose = `battle ${b.id} roll ${n}: ${table === 'special-damage' ? 'Special Damage' : `Damage Control ${repair}`} for ${ship}${turn !== null ? `, turn ${turn}` : ''}`;
      const dice = new SeededDice(nonce, 1, ctx.app.testHooks?.forcedDice ?? []);
      const roll = secretRoll(dice, purpose, nonce);
      const record: SecretRollRecord = {
        n,
        by: me,
        ship,
        table,
        ...(repair ? { repair } : {}),
        ...(turn !== null ? { turn } : {}),
        commitment: roll.commitment,
        reveal: roll.reveal,
        at: now.toISOString(),
        ...(dice.records.some((r) => r.forced) ? { forced: true as const } : {}),
      };
      return { payload: { rolls: [...rolls, record] }, value: { battle: b.id, record } };
    },
    { interactionId: i.id },
  );
  if (!result.ok) return presentError(i, result.error);
  if (result.duplicate) {
    await send(i, { content: WORDS.duplicate, flags: MessageFlags.Ephemeral });
    return { ok: true };
  }
  const { battle, record } = result.value;
  await send(i, { content: secretResultText(battle, record, rollOutcome(record)), flags: MessageFlags.Ephemeral });
  await i.followUp({ content: commitmentText(battle, record), allowedMentions: { parse: [] } });
  return { ok: true };
}

async function reveal(i: ChatInputCommandInteraction, ctx: CommandContext, ref: string): Promise<CommandOutcome> {
  const read = await readAid(
    ctx.app,
    { channelId: ctx.target.channelId, subject: battleSubject(ref), kind: 'sfw-rolls' },
    parseRollsAid,
  );
  if (!read.ok) return presentError(i, read.error);
  let b: Battle;
  try {
    b = battleByRef(read.value.state, ref);
  } catch (err) {
    if (err instanceof RuleViolation) return presentError(i, err.error);
    throw err;
  }
  if (b.status !== 'resolved') {
    return presentError(i, {
      code: 'sfw/battle-open',
      rule: 'SFW Special Damage Table',
      message: `The secret rolls of battle ${b.id} stay secret until it is resolved.`,
      hint: 'Each owner already has their own results.',
    });
  }
  const rolls = (read.value.payload?.rolls ?? []).map((record) => ({
    record,
    outcome: rollOutcome(record),
    ok: verifySecretRoll(record.commitment, record.reveal),
  }));
  const [first, ...rest] = splitMessage(revealText(b.id, rolls));
  await send(i, { content: first!, allowedMentions: { parse: [] } });
  for (const more of rest) await i.followUp({ content: more, allowedMentions: { parse: [] } });
  return { ok: true };
}

async function verify(i: ChatInputCommandInteraction): Promise<CommandOutcome> {
  const revealed = parseRevealToken(i.options.getString('reveal', true));
  if (!revealed)
    return presentError(i, {
      code: 'sfw/bad-reveal',
      rule: 'SFW Special Damage Table',
      message: 'That is not a reveal: it reads result/nonce/purpose, as `/sfw reveal` prints it.',
    });
  await send(i, {
    content: verifyText(verifySecretRoll(i.options.getString('commitment', true).trim(), revealed), revealed),
    allowedMentions: { parse: [] },
  });
  return { ok: true };
}

async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const name = i.options.getSubcommand(true);
  if (name === 'damage' || name === 'repair' || name === 'reveal') {
    const ref = await battleRefOf(i, ctx);
    if (!ref) return presentError(i, NO_BATTLE);
    return name === 'reveal'
      ? reveal(i, ctx, ref)
      : secret(i, ctx, ref, name === 'damage' ? 'special-damage' : 'damage-control');
  }
  switch (name) {
    case 'verify':
      return verify(i);
    default: {
      let text: string;
      try {
        text = name === 'power' ? power(i) : fortress(i);
      } catch (err) {
        if (err instanceof RuleViolation) return presentError(i, err.error as RuleError);
        throw err;
      }
      await send(i, { content: splitMessage(text)[0]!, allowedMentions: { parse: [] } });
      return { ok: true };
    }
  }
}

/** Autocomplete: battles (yours first; resolved ones for reveal), and your units in the battle. */
async function autocomplete(i: AutocompleteInteraction, ctx: CommandContext): Promise<void> {
  const state = await campaignInChannel(ctx.app, ctx.target.channelId);
  if (!state) return i.respond([]);
  const me = ctx.actor.userId;
  const focused = i.options.getFocused(true).name;
  if (focused === 'battle') {
    const wantResolved = i.options.getSubcommand() === 'reveal';
    const shown = state.battles
      .filter((b) => (b.status === 'resolved') === wantResolved)
      .sort((x, y) => Number(sideOfUser(y, me) !== null) - Number(sideOfUser(x, me) !== null));
    return respondChoices(
      i,
      shown.map((b) => ({ name: `${b.id} (${b.status})`, value: b.id })),
    );
  }
  const ref = i.options.getString('battle');
  const b = ref
    ? state.battles.find((x) => x.id === battleSubject(ref))
    : state.battles.find((x) => x.threadId === i.channelId);
  const side = b ? sideOfUser(b, me) : null;
  const units = b && side ? (b.participants.find((p) => p.side === side)?.units ?? []) : [];
  return respondChoices(
    i,
    units.map((u) => ({ name: unitName(state, u), value: u })),
  );
}

export const sfwCommand: SlashCommand = { data, execute: run, autocomplete };
