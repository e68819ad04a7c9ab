import {
  ApplicationCommandOptionType,
  type APIApplicationCommandBasicOption,
  type Attachment,
  type ChatInputCommandInteraction,
  type User,
} from 'discord.js';
import { RuleViolation } from '../rules/errors.ts';
import { WORDS } from './words.ts';

/**
 * Option values typed from a command's own definition (design §3.4: command files stay thin).
 * A definition written `as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody`
 * keeps its option names, types, `required` flags and choices as literal types; `ArgsOf` turns
 * them into the object a handler reads, so renaming an option in the definition is a compile
 * error wherever the handler still uses the old name.
 */

/** The parts of an option definition the argument types are computed from. */
interface OptionDef {
  readonly type: ApplicationCommandOptionType;
  readonly name: string;
  readonly required?: boolean;
  readonly choices?: readonly { readonly value: string | number }[];
  readonly options?: readonly OptionDef[];
}

interface CommandDef {
  readonly name: string;
  readonly options?: readonly OptionDef[];
}

type T = typeof ApplicationCommandOptionType;

/** The value one option carries: a choice list narrows it to the union of its values. */
type ValueOf<O extends OptionDef> = O extends { readonly choices: readonly { readonly value: infer V }[] }
  ? V
  : O['type'] extends T['String']
    ? string
    : O['type'] extends T['Integer'] | T['Number']
      ? number
      : O['type'] extends T['Boolean']
        ? boolean
        : O['type'] extends T['User']
          ? User
          : O['type'] extends T['Attachment']
            ? Attachment
            : // Channel, Role and Mentionable options are read as their ids.
              string;

type Simplify<X> = { [K in keyof X]: X[K] } & {};

type ValueOptions<Os extends readonly OptionDef[]> = Exclude<
  Os[number],
  { readonly type: T['Subcommand'] | T['SubcommandGroup'] }
>;

/** The typed values of a flat list of options: `required: true` ones are always present. */
type ArgsOfOptions<Os extends readonly OptionDef[]> = Simplify<
  { [O in ValueOptions<Os> as O extends { readonly required: true } ? O['name'] : never]: ValueOf<O> } & {
    [O in ValueOptions<Os> as O extends { readonly required: true } ? never : O['name']]?: ValueOf<O>;
  }
>;

type OptionsOf<X> = X extends { readonly options: infer Os extends readonly OptionDef[] } ? Os : readonly [];

/** The arguments of a command without subcommands. */
export type ArgsOf<D extends CommandDef> = ArgsOfOptions<OptionsOf<D>>;

type SubcommandsOf<Os extends readonly OptionDef[]> = Extract<Os[number], { readonly type: T['Subcommand'] }>;
type GroupsOf<Os extends readonly OptionDef[]> = Extract<Os[number], { readonly type: T['SubcommandGroup'] }>;

/** Every subcommand of a definition with its group (`null` outside one), as `{ group, sub }` plus its arguments. */
type Invocations<D extends CommandDef> =
  | {
      [S in SubcommandsOf<OptionsOf<D>> as S['name']]: Simplify<
        { group: null; sub: S['name'] } & ArgsOfOptions<OptionsOf<S>>
      >;
    }[SubcommandsOf<OptionsOf<D>>['name']]
  | {
      [G in GroupsOf<OptionsOf<D>> as G['name']]: {
        [S in SubcommandsOf<OptionsOf<G>> as S['name']]: Simplify<
          { group: G['name']; sub: S['name'] } & ArgsOfOptions<OptionsOf<S>>
        >;
      }[SubcommandsOf<OptionsOf<G>>['name']];
    }[GroupsOf<OptionsOf<D>>['name']];

type SubNamesOf<D extends CommandDef> =
  | SubcommandsOf<OptionsOf<D>>['name']
  | SubcommandsOf<OptionsOf<GroupsOf<OptionsOf<D>>>>['name'];

/** The arguments of one subcommand (in any group) of a definition. */
export type SubArgsOf<D extends CommandDef, S extends SubNamesOf<D>> = Omit<
  Extract<Invocations<D>, { sub: S }>,
  'group' | 'sub'
>;

/**
 * What `readArgs` gives for a definition: the arguments of a command without subcommands, or
 * for one with subcommands the union over them, told apart by `sub` (and `group`).
 */
export type InvocationOf<D extends CommandDef> = [SubcommandsOf<OptionsOf<D>> | GroupsOf<OptionsOf<D>>] extends [never]
  ? ArgsOf<D>
  : Invocations<D>;

/**
 * Reads every option of the invoked (sub)command into an object typed from the definition.
 * Options the user left out are absent; a User option is the resolved user and an Attachment
 * the resolved attachment, the rest are the values Discord sent. Text with a control character, or
 * an empty required text, throws a `RuleViolation` (UTD6.11) that the router presents.
 */
export function readArgs<const D extends CommandDef>(
  interaction: ChatInputCommandInteraction,
  data: D,
): InvocationOf<D> {
  const top = data.options ?? [];
  const has = (type: ApplicationCommandOptionType) => top.some((o) => o.type === type);
  // Only a definition with groups or subcommands asks which one was invoked.
  const group = has(ApplicationCommandOptionType.SubcommandGroup)
    ? interaction.options.getSubcommandGroup(false)
    : null;
  const sub =
    group !== null || has(ApplicationCommandOptionType.Subcommand) ? interaction.options.getSubcommand(false) : null;
  let defs: readonly OptionDef[] = top;
  if (group !== null) defs = defs.find((o) => o.name === group)?.options ?? [];
  if (sub !== null) defs = defs.find((o) => o.name === sub)?.options ?? [];
  const args: Record<string, unknown> = sub === null ? {} : { group, sub };
  for (const def of defs) {
    const value = readOne(interaction, def);
    if (value !== null && value !== undefined) args[def.name] = value;
  }
  return args as InvocationOf<D>;
}

/**
 * Control characters (C0, DEL, C1; NUL among them, which PostgreSQL cannot store in text) have no
 * place in a name, a note or a reference typed into a slash command.
 */
const CONTROL_CHARACTER = /\p{Cc}/u;

/**
 * Text typed into a string option, checked once here for every command (UTD6.11: a command of the
 * wrong shape is refused before anything else and changes nothing): no control characters, and a
 * required option is not empty or only spaces. The refusal is a `RuleViolation` the router shows to
 * the player alone, like any other refusal.
 */
function checkedText(def: OptionDef, value: string | null): string | null {
  // Only text is checked (a value of another type is the getter's business).
  if (typeof value !== 'string') return value;
  if (CONTROL_CHARACTER.test(value))
    throw new RuleViolation({
      code: 'input/control-character',
      rule: 'UTD6.11',
      message: WORDS.controlCharacter(def.name),
    });
  if (def.required === true && value.trim() === '')
    throw new RuleViolation({ code: 'input/empty', rule: 'UTD6.11', message: WORDS.emptyOption(def.name) });
  return value;
}

/** One option's value through discord.js's typed getter, which also checks its type and, when required, its presence. */
function readOne(interaction: ChatInputCommandInteraction, def: OptionDef): unknown {
  const o = interaction.options;
  const required = def.required === true;
  switch (def.type) {
    case ApplicationCommandOptionType.String:
      return checkedText(def, o.getString(def.name, required));
    case ApplicationCommandOptionType.Integer:
      return o.getInteger(def.name, required);
    case ApplicationCommandOptionType.Number:
      return o.getNumber(def.name, required);
    case ApplicationCommandOptionType.Boolean:
      return o.getBoolean(def.name, required);
    case ApplicationCommandOptionType.User:
      return o.getUser(def.name, required);
    case ApplicationCommandOptionType.Attachment:
      return o.getAttachment(def.name, required);
    case ApplicationCommandOptionType.Subcommand:
    case ApplicationCommandOptionType.SubcommandGroup:
      return undefined;
    default:
      // Channel, Role and Mentionable options are read as their ids.
      return o.get(def.name, required)?.value;
  }
}

/**
 * A subcommand whose name and options keep their literal types, for definitions that build their
 * subcommands with a helper; `options` is always sent, empty when there are none.
 */
export function subcommand<const N extends string, const Os extends APIApplicationCommandBasicOption[] = []>(
  name: N,
  description: string,
  options?: Os,
): { type: T['Subcommand']; name: N; description: string; options: Os } {
  return {
    type: ApplicationCommandOptionType.Subcommand,
    name,
    description,
    options: options ?? ([] as unknown as Os),
  };
}
