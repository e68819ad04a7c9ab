/**
 * Turns the bot's own command definitions (commands/index.ts) into random and hostile
 * interactions, in three kinds:
 *  - within Discord's contract: options of the declared types and within the declared choices,
 *    ranges and lengths, as Discord delivers them — but hostile text, wrong players, wrong turns,
 *    other channels, broken files;
 *  - outside the contract: values Discord itself would refuse to send (not one of the choices,
 *    out of min/max, longer than max_length, text with half a surrogate pair);
 *  - malformed: unknown command or subcommand, a missing required option, a value of the wrong type.
 * The bot must answer all of them and a refused one must change nothing; only the first kind must
 * also never end in the generic incident message. Besides commands, the fuzzer presses the buttons
 * and adds or removes reactions on the messages the bot posted (which ones is decided when the case
 * runs, from what is on screen then: `pick` chooses among them).
 */
import { ApplicationCommandOptionType, type APIApplicationCommandOption } from 'discord.js';
import type { DriverFile } from '../../src/discord/standin/index.ts';
import { COMMANDS } from '../../commands/index.ts';
import type { Rng } from './random.ts';
import { hostileFile, hostileInteger, hostileNumber, hostileString } from './values.ts';

export type Place = 'active' | 'registration' | 'empty' | 'dm';
export type Contract = 'kept' | 'outside' | 'malformed';

export interface FuzzWorld {
  players: readonly string[];
  outsiders: readonly string[];
  botUserId: string;
  /** Values that exist right now: sector keys, fleet and ship ids, unit ids. */
  live: { sectors: string[]; fleets: string[]; ships: string[]; units: string[] };
  templates: { map: string; export: string | null };
}

type RawOption = { type: number; name: string; value?: unknown; options?: RawOption[] };

export type FuzzCase =
  | {
      kind: 'command';
      label: string;
      place: Place;
      userId: string;
      name: string;
      options: RawOption[];
      attachments: DriverFile[];
      contract: Contract;
    }
  | {
      kind: 'autocomplete';
      label: string;
      place: Place;
      userId: string;
      name: string;
      options: RawOption[];
      contract: Contract;
    }
  | { kind: 'replay'; label: string; pick: number }
  /** A press on one of the buttons the bot showed; mostly by the player it was shown to. */
  | { kind: 'press'; label: string; pick: number; byOwner: boolean; userId: string }
  /** A reaction on a message the bot posted: mostly one of the bot's own emoji on it (a ballot, an approval). */
  | { kind: 'react'; label: string; pick: number; userId: string; emoji: string | null; remove: boolean }
  | { kind: 'advance'; label: string; duration: string };

const WEIGHT: Record<string, number> = { resign: 0.15, concede: 0.15, help: 0.3, dice: 0.3 };

export function nextCase(rng: Rng, world: FuzzWorld): FuzzCase {
  const kind = rng.weighted<FuzzCase['kind']>([
    [82, 'command'],
    [5, 'autocomplete'],
    [4, 'replay'],
    [4, 'press'],
    [4, 'react'],
    [1, 'advance'],
  ]);
  if (kind === 'press') {
    const byOwner = rng.chance(0.8);
    const userId = rng.pick([...world.players, ...world.outsiders]);
    return { kind, label: 'press a button the bot showed', pick: rng.int(1_000_000), byOwner, userId };
  }
  if (kind === 'react') {
    const userId = rng.weighted<() => string>([
      [75, () => rng.pick(world.players)],
      [25, () => rng.pick(world.outsiders)],
    ])();
    // null: one of the emoji the bot itself put on the message (✅/❌, 🇦/🇧…), if any.
    const emoji = rng.chance(0.6) ? null : rng.pick(['✅', '❌', '🇦', '🇧', '🇿', '👍', '🔥', '1️⃣']);
    return {
      kind,
      label: 'react to a message the bot posted',
      pick: rng.int(1_000_000),
      userId,
      emoji,
      remove: rng.chance(0.2),
    };
  }
  if (kind === 'replay')
    return { kind, label: 'deliver a recent interaction again (same id and token)', pick: rng.int(1_000_000) };
  if (kind === 'advance') {
    const duration = rng.pick(['6h', '1d', '3d', '8d']);
    return { kind, label: `!advance ${duration}`, duration };
  }
  const place = rng.weighted<Place>([
    [70, 'active'],
    [15, 'registration'],
    [10, 'empty'],
    [5, 'dm'],
  ]);
  const userId = rng.weighted<() => string>([
    [75, () => rng.pick(world.players)],
    [25, () => rng.pick(world.outsiders)],
  ])();
  const flaws: string[] = [];
  const outside: string[] = [];
  let name: string;
  let defs: readonly APIApplicationCommandOption[] = [];
  if (rng.chance(0.01)) {
    name = rng.pick(['nuke', 'admin', 'eval', 'CAMPAIGN', 'campaign ', '']);
    flaws.push('unknown command');
  } else {
    const command = rng.weighted(COMMANDS.map((c) => [WEIGHT[c.data.name] ?? 1, c] as const));
    name = command.data.name;
    defs = command.data.options ?? [];
  }
  const options: RawOption[] = [];
  let target = options;
  let path = `/${name}`;
  for (let depth = 0; depth < 2; depth++) {
    const subs = defs.filter(
      (o) =>
        o.type === ApplicationCommandOptionType.Subcommand || o.type === ApplicationCommandOptionType.SubcommandGroup,
    );
    if (subs.length === 0) break;
    let sub = rng.pick(subs);
    if (rng.chance(0.01)) {
      sub = { ...sub, name: 'frobnicate' };
      flaws.push('unknown subcommand');
    }
    const node: RawOption = { type: sub.type, name: sub.name, options: [] };
    target.push(node);
    target = node.options!;
    path += ` ${sub.name}`;
    defs = 'options' in sub ? (sub.options ?? []) : [];
  }
  const attachments: DriverFile[] = [];
  const shown: string[] = [];
  for (const def of defs) {
    if (
      def.type === ApplicationCommandOptionType.Subcommand ||
      def.type === ApplicationCommandOptionType.SubcommandGroup
    )
      continue;
    const required = 'required' in def && def.required === true;
    if (required && rng.chance(0.01)) {
      flaws.push(`missing ${def.name}`);
      continue;
    }
    if (!required && rng.chance(0.5)) continue;
    const value = optionValue(rng, world, def, attachments, flaws);
    if (flaws.length === 0 && breaksContract(def, value)) outside.push(def.name);
    target.push({ type: def.type, name: def.name, value });
    shown.push(`${def.name}:${preview(value, attachments)}`);
  }
  if (kind === 'autocomplete') {
    const focusable = target.filter((o) => o.type === ApplicationCommandOptionType.String);
    if (focusable.length === 0) return nextCase(rng, world);
    const focused = rng.pick(focusable);
    const typed = rng.chance(0.5) ? String(focused.value ?? '').slice(0, rng.int(6)) : hostileString(rng);
    Object.assign(focused, { focused: true, value: typed });
    const contract: Contract = LONE_SURROGATE.test(typed) ? 'outside' : 'kept';
    return {
      kind,
      label: `autocomplete ${path} ${focused.name}:${preview(typed, [])} by ${userId} in ${place}`,
      place,
      userId,
      name,
      options: withoutFiles(options),
      contract,
    };
  }
  const contract: Contract = flaws.length ? 'malformed' : outside.length ? 'outside' : 'kept';
  const note = flaws.length
    ? ` [malformed: ${flaws.join(', ')}]`
    : outside.length
      ? ` [outside Discord's contract: ${outside.join(', ')}]`
      : '';
  return {
    kind,
    label: `${path} ${shown.join(' ')} by ${userId} in ${place}${note}`,
    place,
    userId,
    name,
    options,
    attachments,
    contract,
  };
}

function optionValue(
  rng: Rng,
  world: FuzzWorld,
  def: APIApplicationCommandOption,
  attachments: DriverFile[],
  flaws: string[],
): unknown {
  if (
    rng.chance(0.01) &&
    def.type !== ApplicationCommandOptionType.Attachment &&
    def.type !== ApplicationCommandOptionType.User
  ) {
    flaws.push(`${def.name} of the wrong type`);
    return rng.pick<unknown>([{}, [], 'seven', 7.5, true, null]);
  }
  const min = 'min_value' in def ? def.min_value : undefined;
  const max = 'max_value' in def ? def.max_value : undefined;
  switch (def.type) {
    case ApplicationCommandOptionType.String: {
      const choices = 'choices' in def ? def.choices : undefined;
      if (choices?.length && rng.chance(0.85)) return rng.pick(choices).value;
      return rng.chance(0.55) ? plausibleString(rng, world, def.name) : hostileString(rng);
    }
    case ApplicationCommandOptionType.Integer: {
      const choices = 'choices' in def ? def.choices : undefined;
      if (choices?.length && rng.chance(0.85)) return rng.pick(choices).value;
      return rng.chance(0.55)
        ? rng.between(min ?? 1, Math.min(max ?? 10, (min ?? 1) + 10))
        : hostileInteger(rng, min, max);
    }
    case ApplicationCommandOptionType.Number:
      return rng.chance(0.55)
        ? rng.between(min ?? 1, (min ?? 1) + 5) + rng.pick([0, 0.5])
        : hostileNumber(rng, min, max);
    case ApplicationCommandOptionType.Boolean:
      return rng.chance(0.5);
    case ApplicationCommandOptionType.User:
    case ApplicationCommandOptionType.Mentionable:
      return rng.pick([...world.players, ...world.outsiders, world.botUserId]);
    case ApplicationCommandOptionType.Attachment: {
      const file = hostileFile(rng, world.templates);
      const name = `${attachments.length}-${file.name}`;
      attachments.push({ name, data: file.data });
      return name;
    }
    default:
      flaws.push(`${def.name} of type ${def.type}`);
      return hostileString(rng);
  }
}

/** Values a real player would type for an option of this name. */
function plausibleString(rng: Rng, world: FuzzWorld, name: string): string {
  const { sectors, fleets, ships, units } = world.live;
  const or = (list: string[], fallback: string) => (list.length ? rng.pick(list) : fallback);
  switch (name) {
    case 'sector':
    case 'to':
      return or(sectors, 'H1');
    case 'fleet':
    case 'from':
      return rng.chance(0.7) ? or(fleets, 'F1') : String(rng.between(1, 6));
    case 'ship':
      return or(ships, 'S1');
    case 'ships':
      return Array.from({ length: rng.between(1, 3) }, () => or(ships, 'S1')).join(rng.pick([',', ' ', ', ']));
    case 'unit':
      return or(units, 'LYR-FF');
    case 'dice':
      return rng.pick(['3d6', '1d1000', '2d6+3', 'd20', '4d6-1']);
    case 'key':
      return rng.pick(['income.perMine', 'vote.windowHours', 'map.sectorsPerPlayer', 'turn.orderDays']);
    case 'value':
      return rng.pick(['150', '0', '-5', '72', 'yes']);
    case 'name':
      return rng.pick(['Rimward', 'Nova Prime', 'The Expanse']);
    default:
      return rng.pick(['1', 'a', 'H1']);
  }
}

/** True when Discord would refuse to deliver this value for the option (choices, range, length). */
function breaksContract(def: APIApplicationCommandOption, value: unknown): boolean {
  const choices = 'choices' in def ? def.choices : undefined;
  if (choices?.length && !choices.some((c) => c.value === value)) return true;
  if (typeof value === 'number') {
    if ('min_value' in def && def.min_value !== undefined && value < def.min_value) return true;
    if ('max_value' in def && def.max_value !== undefined && value > def.max_value) return true;
    if (def.type === ApplicationCommandOptionType.Integer && !Number.isSafeInteger(value)) return true;
  }
  if (typeof value === 'string' && def.type === ApplicationCommandOptionType.String) {
    const max = 'max_length' in def ? (def.max_length ?? 6000) : 6000;
    if ([...value].length > max) return true;
    // Discord's JSON travels as UTF-8, which cannot carry half of a surrogate pair.
    if (LONE_SURROGATE.test(value)) return true;
  }
  return false;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function withoutFiles(options: RawOption[]): RawOption[] {
  return options
    .map((o) => (o.options ? { ...o, options: withoutFiles(o.options) } : o))
    .filter((o) => o.type !== ApplicationCommandOptionType.Attachment);
}

function preview(value: unknown, attachments: DriverFile[]): string {
  const file = typeof value === 'string' ? attachments.find((a) => a.name === value) : undefined;
  if (file) return `<${file.name}, ${file.data.length} bytes>`;
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}…(${text.length})` : text;
}
