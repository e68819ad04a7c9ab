import {
  ApplicationCommandOptionType,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { readArgs } from '../src/discord/args.ts';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { presentError, send } from '../src/discord/present.ts';
import { calculate, CALC_TURN_MODES } from '../src/app/calc.ts';

const S = ApplicationCommandOptionType.String;
const data = {
  name: 'calc',
  description: "SFB 'n3D 3-D calculators: explosions, turn modes, arcs, orbits, webs",
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'explosion',
      description: 'D5.2: damage = strength ÷ distance², fractions dropped',
      options: [
        {
          type: ApplicationCommandOptionType.Integer,
          name: 'strength',
          description: 'Explosion strength in points',
          required: true,
          min_value: 0,
          max_value: 1_000_000,
        },
        { type: S, name: 'distance', description: 'Distance in hexes, e.g. 0.5', required: true, max_length: 20 },
        {
          type: ApplicationCommandOptionType.Boolean,
          name: 'in_web',
          description: 'Explosion or victim inside a web (G10.72)',
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'turnmode',
      description: 'C3.31: most degrees per impulse on each axis',
      options: [
        {
          type: S,
          name: 'mode',
          description: 'Turn-mode class',
          required: true,
          choices: CALC_TURN_MODES.map((m) => ({ name: m, value: m })),
        },
        { type: S, name: 'speed', description: 'Warp speed S, may be fractional', required: true, max_length: 20 },
        {
          type: ApplicationCommandOptionType.Integer,
          name: 'hexes',
          description: 'For multi-hex: hexes T between turns',
          min_value: 0,
          max_value: 32,
        },
        {
          type: S,
          name: 'tac',
          description: 'Tactical maneuver this impulse (C5)',
          choices: [
            { name: 'none', value: 'none' },
            { name: 'sub-light (2°)', value: 'sublight' },
            { name: 'warp (7.5°)', value: 'warp' },
            { name: 'both (9°)', value: 'both' },
          ],
        },
        {
          type: ApplicationCommandOptionType.Boolean,
          name: 'outstanding_crew',
          description: 'G21.224: 11° with a warp TAC',
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'arc',
      description: 'D2: range, bearing, pitch, yaw arcs and mounts of a target',
      options: [
        {
          type: S,
          name: 'shooter',
          description: 'Shooter x, y, z in hexes (x north, y up, z west)',
          required: true,
          max_length: 80,
        },
        {
          type: S,
          name: 'facing',
          description: 'Shooter pitch, yaw, roll in degrees (yaw + = left)',
          required: true,
          max_length: 80,
        },
        { type: S, name: 'target', description: 'Target x, y, z in hexes', required: true, max_length: 80 },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'orbit',
      description: 'P8.413: yaw per impulse for a standard orbit',
      options: [
        { type: S, name: 'distance', description: 'Distance to the body in hexes', required: true, max_length: 20 },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'web',
      description: 'G10.211: energy to lay a web (6 per hex); G10.3 strength',
      options: [
        { type: S, name: 'length', description: 'Web length in hexes after laying', required: true, max_length: 20 },
        { type: S, name: 'from', description: 'Length already laid (default 0)', max_length: 20 },
        {
          type: S,
          name: 'traditional_strength',
          description: 'Traditional SFB web strength, to convert',
          max_length: 20,
        },
      ],
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

/** Stateless: nothing is stored and nothing needs a campaign; the answer is posted for the table to see. */
async function execute(i: ChatInputCommandInteraction, _ctx: CommandContext): Promise<CommandOutcome> {
  const calculated = calculate(readArgs(i, data));
  if (!calculated.ok) return presentError(i, calculated.error);
  const result = calculated.value;
  await send(i, { content: [`**${result.title}**`, ...result.lines].join('\n'), allowedMentions: { parse: [] } });
  return { ok: true };
}

export const calcCommand: SlashCommand = { data, execute };
