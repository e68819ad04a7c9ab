import {
  ApplicationCommandOptionType,
  AttachmentBuilder,
  MessageFlags,
  type APIApplicationCommandBasicOption,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { AidResult } from '../src/app/aids.ts';
import { campaignInChannel } from '../src/app/campaigns.ts';
import {
  addN3dBody,
  addN3dUnit,
  BODY_KIND_CHOICES,
  launchN3dSeeking,
  layN3dMine,
  askN3d,
  n3dUnits,
  plotN3dUnit,
  runN3dImpulses,
  setN3dUnit,
  setupN3d,
  TURN_MODE_CHOICES,
  type N3dCall,
} from '../src/app/n3d.ts';
import { readArgs, subcommand } from '../src/discord/args.ts';
import { battleOption, battleRefOf, NO_BATTLE } from '../src/discord/battle-ref.ts';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { respondChoices } from '../src/discord/autocomplete.ts';
import { n3dImage } from '../src/discord/images.ts';
import { presentError, send } from '../src/discord/present.ts';
import { n3dBattleChoices } from '../src/discord/views/battle-aid-choices.ts';
import {
  arcsText,
  engagementText,
  explosionText,
  impulseText,
  mineLaidText,
  myPlotsText,
  plotConfirmText,
  plottedNoticeText,
  pointText,
  rangeText,
  setupText,
} from '../src/discord/views/n3d-text.ts';
import { splitMessage, WORDS } from '../src/discord/words.ts';

/**
 * `/n3d` (digest P-B1): the bot is the 'n3D "utility" for a battle. The engagement,
 * with every secret plot, lives in the battle's private aid row (src/app/aids.ts); the channel
 * only ever sees `publicView`, and each owner sees their own plots ephemerally. Only the
 * battle's players and the NPE's runner change it; anyone may read ranges, arcs and pictures.
 */
const S = ApplicationCommandOptionType.String;
const I = ApplicationCommandOptionType.Integer;
const B = ApplicationCommandOptionType.Boolean;

const unitOption = <const N extends string>(name: N, description: string) =>
  ({ type: S, name, description, required: true, autocomplete: true, max_length: 40 }) as const;
const optionalUnitOption = <const N extends string>(name: N, description: string) =>
  ({ type: S, name, description, required: false, autocomplete: true, max_length: 40 }) as const;
const turnModeChoices = TURN_MODE_CHOICES;
const tacChoices = [
  { name: 'none', value: 'none' as const },
  { name: 'sub-light (2°)', value: 'sublight' as const },
  { name: 'warp (7.5°, from a quarter turn)', value: 'warp' as const },
  { name: 'both (9°)', value: 'both' as const },
];
/** A subcommand about a battle: its `battle` option comes after the required ones (Discord's order). */
const sub = <const N extends string, const Os extends APIApplicationCommandBasicOption[] = []>(
  name: N,
  description: string,
  options: Os = [] as unknown as Os,
) =>
  subcommand(name, description, [
    ...options.filter((o) => o.required),
    battleOption,
    ...options.filter((o) => !o.required),
  ] as (Os[number] | typeof battleOption)[]);

const data = {
  name: 'n3d',
  description: "SFB 'n3D 3-D movement for a battle: setup, secret plots, impulses, range, arcs, pictures",
  options: [
    sub('setup', "Start the battle's 3-D engagement from its setup card (S3D1) or a pickup placement", [
      {
        type: B,
        name: 'pickup',
        description: 'Pickup placement instead: fleets at ±100 hexes facing each other (S3D2.1)',
      },
      {
        type: S,
        name: 'turn_mode',
        description: 'Turn-mode class for units the catalog gives none (C3.31)',
        choices: turnModeChoices,
      },
      { type: B, name: 'replace', description: 'Throw away the engagement this battle already has' },
    ]),
    {
      type: ApplicationCommandOptionType.SubcommandGroup,
      name: 'unit',
      description: 'Units of the engagement',
      options: [
        sub('add', 'Add a unit (x north, y up, z west, in hexes)', [
          {
            type: S,
            name: 'id',
            description: 'A short id: letters, digits, dots, dashes',
            required: true,
            max_length: 40,
          },
          { type: S, name: 'pos', description: 'x, y, z in hexes, e.g. "3, 0, -1.5"', required: true, max_length: 80 },
          {
            type: S,
            name: 'turn_mode',
            description: 'Turn-mode class (C3.31)',
            required: true,
            choices: turnModeChoices,
          },
          { type: S, name: 'name', description: 'Its name', max_length: 80 },
          { type: S, name: 'facing', description: 'pitch, yaw, roll in degrees (yaw + = left)', max_length: 80 },
          { type: S, name: 'speed', description: 'Warp speed in hexes per turn', max_length: 20 },
          {
            type: ApplicationCommandOptionType.User,
            name: 'owner',
            description: 'Who plots it (a player of the battle; default you)',
          },
        ]),
        sub('set', "Change your unit's position, facing, speed, thrust or turn mode now (public)", [
          unitOption('unit', 'Your unit'),
          { type: S, name: 'pos', description: 'x, y, z in hexes', max_length: 80 },
          { type: S, name: 'facing', description: 'pitch, yaw, roll in degrees (yaw + = left)', max_length: 80 },
          { type: S, name: 'speed', description: 'Warp speed in hexes per turn', max_length: 20 },
          { type: S, name: 'thrust', description: 'Impulse points for movement, 0 to 1 (C2.111)', max_length: 20 },
          { type: S, name: 'tac', description: 'Tactical maneuver (C5)', choices: tacChoices },
          { type: S, name: 'turn_mode', description: 'Turn-mode class (C3.31)', choices: turnModeChoices },
          { type: S, name: 'name', description: 'A new name', max_length: 80 },
        ]),
      ],
    },
    sub('plot', 'Your secret plot for a unit: a turn per impulse, and speed/thrust/TAC (C1.4)', [
      unitOption('unit', 'Your unit'),
      {
        type: S,
        name: 'turns',
        description: 'Per impulse "pitch,yaw,roll" degrees, "straight", "het p,y,r"; "x4" repeats; ";" separates',
        required: true,
        max_length: 500,
      },
      { type: S, name: 'speed', description: 'New warp speed from the next impulse, hexes per turn', max_length: 20 },
      { type: S, name: 'thrust', description: 'Impulse points for movement, 0 to 1 (C2.111)', max_length: 20 },
      { type: S, name: 'tac', description: 'Tactical maneuver (C5)', choices: tacChoices },
    ]),
    sub('mine', 'Your own queued plots (only you see them)', []),
    sub('impulse', 'Run impulses once every owner has plotted them (C1.4)', [
      { type: I, name: 'count', description: 'How many impulses (default 1)', min_value: 1, max_value: 32 },
      { type: B, name: 'force', description: 'Server managers: run anyway; a missing plot flies straight (C1.43)' },
    ]),
    sub('launch', 'Launch a seeking weapon at a target in your FA arc (F1.24); it pursues and impacts', [
      { type: S, name: 'launcher', description: 'Your launching unit', required: true, autocomplete: true },
      { type: S, name: 'target', description: 'Its target', required: true, autocomplete: true },
      { type: S, name: 'id', description: 'The new weapon, e.g. DR1', required: true, max_length: 20 },
      { type: S, name: 'speed', description: 'Its warp speed, hexes per turn', required: true, max_length: 20 },
      {
        type: S,
        name: 'mount',
        description: 'drone; plasma tube FA RA FX RX FH RH 360; swivel FP LP RP LS RS…; ISC-L…',
        max_length: 8,
      },
      {
        type: S,
        name: 'bearing',
        description: 'Swivel or wide tube: torpedo bearing, ° + = starboard',
        max_length: 20,
      },
      { type: B, name: 'ballistic', description: 'F4: fly straight at where the target is now' },
    ]),
    sub('body', 'Add or correct a planet, gas giant or small moon (P2.1)', [
      { type: S, name: 'id', description: 'A short id', required: true, max_length: 40 },
      {
        type: S,
        name: 'kind',
        description: 'What it is',
        required: true,
        choices: BODY_KIND_CHOICES,
      },
      { type: S, name: 'pos', description: 'Centre x, y, z in hexes', required: true, max_length: 80 },
      { type: S, name: 'radius', description: 'Radius in hexes', required: true, max_length: 20 },
      { type: S, name: 'atmosphere', description: 'Atmosphere radius, hexes (class M: < 0.2)', max_length: 20 },
      { type: S, name: 'ring', description: 'Ring "inner-outer" in hexes (P2.223)', max_length: 40 },
    ]),
    sub('lay', 'Lay a secret mine at your unit (M2.40)', [
      unitOption('unit', 'Your unit'),
      { type: S, name: 'id', description: 'The mine, e.g. M1', required: true, max_length: 40 },
      { type: I, name: 'strength', description: 'Explosion strength', required: true, min_value: 1, max_value: 1000 },
      { type: S, name: 'radius', description: 'Detection radius, 0.0001–1 hex', required: true, max_length: 20 },
    ]),
    sub('show', 'Every unit: position, facing, speed, and how many impulses are plotted', []),
    sub('range', 'Range and bearing between units (D1.4)', [
      optionalUnitOption('from', 'Only from this unit'),
      optionalUnitOption('to', 'Only to this unit'),
    ]),
    sub('arcs', "Which of a shooter's arcs and mounts hold a target (D2)", [
      unitOption('shooter', 'The firing unit'),
      unitOption('target', 'The target'),
    ]),
    sub('explode', 'Damage to every unit from an explosion (D5.2)', [
      {
        type: I,
        name: 'strength',
        description: 'Explosion strength in points',
        required: true,
        min_value: 0,
        max_value: 1_000_000,
      },
      unitOption('at', 'A unit that explodes, or a point "x, y, z" in hexes'),
    ]),
    sub('render', 'Top and side views with a range and bearing table', []),
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

// ---- Presenting ----

async function present<R>(
  i: ChatInputCommandInteraction,
  result: AidResult<R>,
  show: (value: R) => Promise<CommandOutcome>,
): Promise<CommandOutcome> {
  if (!result.ok) return presentError(i, result.error);
  if (result.duplicate) {
    await send(i, { content: WORDS.duplicate, flags: MessageFlags.Ephemeral });
    return { ok: true };
  }
  return show(result.value);
}

async function post(i: ChatInputCommandInteraction, text: string): Promise<CommandOutcome> {
  const [first, ...rest] = splitMessage(text);
  await send(i, { content: first!, allowedMentions: { parse: [] } });
  for (const more of rest) await i.followUp({ content: more, allowedMentions: { parse: [] } });
  return { ok: true };
}

async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const args = readArgs(i, data);
  const ref = await battleRefOf(i, ctx);
  if (!ref) return presentError(i, NO_BATTLE);
  const call: N3dCall = { app: ctx.app, target: ctx.target, actor: ctx.actor, ref, interactionId: i.id };
  switch (args.sub) {
    case 'setup':
      return present(i, await setupN3d(call, args), (v) => post(i, setupText(v.battle, v.view, v.how)));
    case 'add': {
      const { owner, ...rest } = args;
      return present(i, await addN3dUnit(call, { ...rest, ...(owner ? { owner: owner.id } : {}) }), (v) =>
        post(i, `➕ Unit **${v.id}** added at ${pointText(v.pos)}.\n${engagementText(v.battle, v.view)}`),
      );
    }
    case 'set':
      return present(i, await setN3dUnit(call, args), (v) =>
        post(i, `✏️ **${v.id}** changed (public).\n${engagementText(v.battle, v.view)}`),
      );
    case 'plot':
      return present(i, await plotN3dUnit(call, args), async (v) => {
        await send(i, { content: plotConfirmText(v.battle, v.unit, v.plots, v.energy), flags: MessageFlags.Ephemeral });
        await i.followUp({
          content: plottedNoticeText(v.battle, ctx.actor.userId, v.unit.id, v.view),
          allowedMentions: { parse: [] },
        });
        return { ok: true };
      });
    case 'launch':
      return present(i, await launchN3dSeeking(call, args), (v) =>
        post(
          i,
          `${
            args.ballistic
              ? `🚀 **${v.id}** launched ballistic toward where ${args.target} is: it flies straight and strikes the first unit it comes within 0.9999 hex of (F4, F2.3).`
              : `🚀 **${v.id}** launched at ${args.target}: it turns toward it by itself (F2.21) and impacts within 0.9999 hex (F2.3).`
          }\n${engagementText(v.battle, v.view)}`,
        ),
      );
    case 'body':
      return present(i, await addN3dBody(call, args), (v) =>
        post(
          i,
          `🪐 **${v.body.id}** ${v.replaced ? 'changed' : 'placed'} (P2.1).\n${engagementText(v.battle, v.view)}`,
        ),
      );
    case 'lay':
      return present(i, await layN3dMine(call, args), async (v) => {
        await send(i, { content: mineLaidText(v.battle, v.mine, v.mineCount), flags: MessageFlags.Ephemeral });
        return { ok: true };
      });
    case 'impulse':
      return present(i, await runN3dImpulses(call, args), (v) =>
        post(i, impulseText(v.battle, v.before, v.after, v.events)),
      );
    default: {
      const answer = await askN3d(ctx.app, ctx.target.channelId, ctx.actor.userId, ref, args);
      if (!answer.ok) return presentError(i, answer.error);
      const a = answer.value;
      switch (a.sub) {
        case 'mine':
          await send(i, {
            content: myPlotsText(a.battle, a.units, a.plots, a.pending, a.mines),
            flags: MessageFlags.Ephemeral,
          });
          return { ok: true };
        case 'show':
          return post(i, engagementText(a.battle, a.view));
        case 'range':
          return post(i, rangeText(a.battle, a.rows));
        case 'arcs':
          return post(i, arcsText(a.battle, a.arcs));
        case 'explode':
          return post(
            i,
            explosionText(a.battle, 'unit' in a.at ? a.at.unit : pointText(a.at.point), a.strength, a.hits),
          );
        case 'render': {
          await i.deferReply();
          const png = await n3dImage(a.view);
          await send(i, {
            content: `🖼️ Battle ${a.battle}: top view (north up, west left) and side view (seen from the west), with ranges and bearings.`,
            files: [new AttachmentBuilder(png, { name: `n3d-${a.battle}.png` })],
          });
          return { ok: true };
        }
      }
    }
  }
}

/** Autocomplete: battles (yours first), and the engagement's units (yours only where you act). */
async function autocomplete(i: AutocompleteInteraction, ctx: CommandContext): Promise<void> {
  const channelId = ctx.target.channelId;
  const focused = i.options.getFocused(true).name;
  const me = ctx.actor.userId;
  if (focused === 'battle') {
    const state = await campaignInChannel(ctx.app, channelId);
    if (!state) return i.respond([]);
    return respondChoices(i, n3dBattleChoices(state, me));
  }
  const ref =
    i.options.getString('battle') ||
    (await campaignInChannel(ctx.app, channelId))?.battles.find((b) => b.threadId === i.channelId)?.id;
  if (!ref) return i.respond([]);
  const units = await n3dUnits(ctx.app, channelId, ref);
  const mineOnly = focused === 'unit' || focused === 'launcher';
  return respondChoices(
    i,
    units.filter((u) => !mineOnly || u.owner === me).map((u) => ({ name: `${u.id} — ${u.name}`, value: u.id })),
  );
}

export const n3dCommand: SlashCommand = { data, execute: run, autocomplete };
