import {
  ApplicationCommandOptionType as O,
  CommandInteractionOptionResolver,
  type Attachment,
  type ChatInputCommandInteraction,
  type Client,
  type CommandInteractionOption,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
  type User,
} from 'discord.js';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { readArgs, subcommand, type ArgsOf, type InvocationOf, type SubArgsOf } from '../../src/discord/args.ts';

/** Design §3.4: a handler's option values are typed from its command's definition. */
const flat = {
  name: 'move',
  description: 'Move a fleet',
  options: [
    { type: O.String, name: 'fleet', description: 'Your fleet', required: true },
    { type: O.Integer, name: 'count', description: 'How many' },
    { type: O.Boolean, name: 'public', description: 'Show everyone' },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

const nested = {
  name: 'thing',
  description: 'Subcommands and a group',
  options: [
    {
      type: O.Subcommand,
      name: 'ops',
      description: 'Order points',
      options: [
        { type: O.Number, name: 'cycle', description: 'A cycle', required: true },
        {
          type: O.String,
          name: 'kind',
          description: 'Which kind',
          choices: [
            { name: 'Temporary', value: 'temporary' },
            { name: 'Permanent', value: 'permanent' },
          ],
        },
      ],
    },
    {
      type: O.Subcommand,
      name: 'proxy',
      description: 'A user',
      options: [{ type: O.User, name: 'user', description: 'Who', required: true }],
    },
    {
      type: O.SubcommandGroup,
      name: 'map',
      description: 'A group',
      options: [
        {
          type: O.Subcommand,
          name: 'import',
          description: 'Upload',
          options: [{ type: O.Attachment, name: 'file', description: 'The file', required: true }],
        },
      ],
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

/** An interaction with discord.js's own option resolver over the options Discord would send. */
function interaction(options: CommandInteractionOption[]): ChatInputCommandInteraction {
  const Resolver = CommandInteractionOptionResolver as unknown as new (
    client: Client,
    options: CommandInteractionOption[],
    resolved: object,
  ) => CommandInteractionOptionResolver;
  return { options: new Resolver({} as Client, options, {}) } as unknown as ChatInputCommandInteraction;
}

describe('ArgsOf / readArgs (typed command options)', () => {
  it('types a flat command: required options present, the others optional', () => {
    expectTypeOf<ArgsOf<typeof flat>>().toEqualTypeOf<{ fleet: string; count?: number; public?: boolean }>();
    expectTypeOf<InvocationOf<typeof flat>>().toEqualTypeOf<ArgsOf<typeof flat>>();
    const args = {} as ArgsOf<typeof flat>;
    // @ts-expect-error a misspelt option name does not compile
    void args.flet;
  });

  it('types subcommands and groups as a union told apart by sub, choices as their values', () => {
    expectTypeOf<SubArgsOf<typeof nested, 'ops'>>().toEqualTypeOf<{
      cycle: number;
      kind?: 'temporary' | 'permanent';
    }>();
    expectTypeOf<SubArgsOf<typeof nested, 'proxy'>>().toEqualTypeOf<{ user: User }>();
    expectTypeOf<SubArgsOf<typeof nested, 'import'>>().toEqualTypeOf<{ file: Attachment }>();
    expectTypeOf<InvocationOf<typeof nested>['sub']>().toEqualTypeOf<'ops' | 'proxy' | 'import'>();
    const args = {} as InvocationOf<typeof nested>;
    if (args.sub === 'import') expectTypeOf(args.group).toEqualTypeOf<'map'>();
    if (args.sub === 'ops') {
      expectTypeOf(args.group).toEqualTypeOf<null>();
      // @ts-expect-error `user` belongs to another subcommand
      void args.user;
    }
    // @ts-expect-error no such subcommand
    expectTypeOf<SubArgsOf<typeof nested, 'opz'>>().toBeObject();
  });

  it('keeps the literal names of subcommands built with the subcommand helper', () => {
    const ship = <const N extends string>(name: N) =>
      ({ type: O.String, name, description: 'A ship', required: true, max_length: 20 }) as const;
    const built = {
      name: 'officer',
      description: 'Built with helpers',
      options: [
        subcommand('buy', 'Buy', [ship('ship'), { type: O.Integer, name: 'bpv', description: 'BPV' }]),
        subcommand('list', 'List'),
      ],
    } as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;
    expectTypeOf<InvocationOf<typeof built>['sub']>().toEqualTypeOf<'buy' | 'list'>();
    expectTypeOf<SubArgsOf<typeof built, 'buy'>>().toEqualTypeOf<{ ship: string; bpv?: number }>();
    // Discord is sent the same JSON as before: an empty options list where there are none.
    expect(built.options[1]).toEqual({ type: O.Subcommand, name: 'list', description: 'List', options: [] });
  });

  it('reads the options of a flat command, leaving out those not given', () => {
    const args = readArgs(
      interaction([
        { name: 'fleet', type: O.String, value: '2' },
        { name: 'public', type: O.Boolean, value: false },
      ]),
      flat,
    );
    expect(args).toEqual({ fleet: '2', public: false });
  });

  it('reads the invoked subcommand, its group, and resolved users and attachments', () => {
    expect(
      readArgs(
        interaction([
          {
            name: 'ops',
            type: O.Subcommand,
            options: [
              { name: 'cycle', type: O.Number, value: 2.5 },
              { name: 'kind', type: O.String, value: 'permanent' },
            ],
          },
        ]),
        nested,
      ),
    ).toEqual({ group: null, sub: 'ops', cycle: 2.5, kind: 'permanent' });
    const user = { id: '42' } as User;
    expect(
      readArgs(
        interaction([
          { name: 'proxy', type: O.Subcommand, options: [{ name: 'user', type: O.User, user, value: '42' }] },
        ]),
        nested,
      ),
    ).toEqual({ group: null, sub: 'proxy', user });
    const file = { url: 'https://cdn/x.csv' } as Attachment;
    expect(
      readArgs(
        interaction([
          {
            name: 'map',
            type: O.SubcommandGroup,
            options: [
              {
                name: 'import',
                type: O.Subcommand,
                options: [{ name: 'file', type: O.Attachment, attachment: file, value: 'a' }],
              },
            ],
          },
        ]),
        nested,
      ),
    ).toEqual({ group: 'map', sub: 'import', file });
  });

  it('a missing required option is an error, as discord.js reports it', () => {
    expect(() => readArgs(interaction([]), flat)).toThrow(/fleet/);
  });
});
