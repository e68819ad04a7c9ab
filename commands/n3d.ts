import {
  ApplicationCommandOptionType,
  AttachmentBuilder,
  MessageFlags,
  type APIApplicationCommandBasicOption,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { readAid, updateAid, type AidKey, type AidResult } from '../src/app/aids.ts';
import { campaignInChannel } from '../src/app/campaigns.ts';
import {
  battleSubject,
  classMode,
  parseN3dAid,
  parsePlot,
  setupEngagement,
  type EnergyPlot,
  type N3dAid,
} from '../src/app/n3d.ts';
import { battleOption, battleRefOf, NO_BATTLE } from '../src/discord/battle-ref.ts';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { respondChoices } from '../src/discord/autocomplete.ts';
import { presentError, send } from '../src/discord/present.ts';
import {
  arcsText,
  engagementText,
  explosionText,
  impulseText,
  myPlotsText,
  plotConfirmText,
  plottedNoticeText,
  pointText,
  rangeText,
  setupText,
} from '../src/discord/views/n3d-text.ts';
import { mention, splitMessage, WORDS } from '../src/discord/words.ts';
import { renderN3dViews } from '../src/render/n3d-view.ts';
import { refuse, RuleViolation, type RuleError } from '../src/rules/errors.ts';
import {
  addUnit,
  arcsOf,
  explosion,
  parseHexes,
  plot,
  plotsOf,
  plotStatus,
  publicView,
  rangeTable,
  runImpulses,
  setUnit,
  TURN_MODE_CLASSES,
  type Engagement,
  type NewUnit,
  type Tac,
  type TurnModeClass,
  type UnitPatch,
} from '../src/rules/n3d/index.ts';
import { parseFacing, parsePoint } from '../src/rules/n3d/calc.ts';
import { battleByRef, openBattle, sideOfUser } from '../src/rules/thunderdome/battles/common.ts';
import type { Battle, CampaignState } from '../src/rules/thunderdome/index.ts';

/**
 * `/n3d` (digest P-B1): the bot is the 'n3D "utility" for a battle. The engagement,
 * with every secret plot, lives in the battle's private aid row (src/app/aids.ts); the channel
 * only ever sees `publicView`, and each owner sees their own plots ephemerally. Only the
 * battle's players and the NPE's runner change it; anyone may read ranges, arcs and pictures.
 */
const S = ApplicationCommandOptionType.String;
const I = ApplicationCommandOptionType.Integer;
const B = ApplicationCommandOptionType.Boolean;

const unitOption = (name: string, description: string, required = true) =>
  ({ type: S, name, description, required, autocomplete: true, max_length: 40 }) as const;
const turnModeChoices = TURN_MODE_CLASSES.map((c) => ({ name: c, value: c }));
const tacChoices = [
  { name: 'none', value: 'none' },
  { name: 'sub-light (2°)', value: 'sublight' },
  { name: 'warp (7.5°, from a quarter turn)', value: 'warp' },
  { name: 'both (9°)', value: 'both' },
];
/** A subcommand about a battle: its `battle` option comes after the required ones (Discord's order). */
const sub = (name: string, description: string, options: APIApplicationCommandBasicOption[] = []) => ({
  type: ApplicationCommandOptionType.Subcommand as const,
  name,
  description,
  options: [...options.filter((o) => o.required), battleOption, ...options.filter((o) => !o.required)],
});

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
    sub('show', 'Every unit: position, facing, speed, and how many impulses are plotted', []),
    sub('range', 'Range and bearing between units (D1.4)', [
      unitOption('from', 'Only from this unit', false),
      unitOption('to', 'Only to this unit', false),
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
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

function noEngagement(b: Battle): never {
  refuse('n3d/no-engagement', 'A3.15', `Battle ${b.id} has no 'n3D engagement yet.`, 'Start one with `/n3d setup`.');
}

/** Only the battle's players and the NPE's runner change its engagement. */
function speaker(b: Battle, userId: string): void {
  if (sideOfUser(b, userId) === null) {
    refuse(
      'n3d/not-in-battle',
      'UTD7.42',
      `Only the players of battle ${b.id} (and the NPE's runner) may change its 'n3D engagement.`,
    );
  }
}

// ---- Input parsing ----

function hexesOption(i: ChatInputCommandInteraction, name: string, rule: string, what: string): number | undefined {
  const text = i.options.getString(name);
  if (text === null) return undefined;
  const km = parseHexes(text);
  if (km === null)
    refuse('n3d/bad-number', rule, `${what} must be a number, like 12 or 12.5 (got "${text.slice(0, 20)}").`);
  return km;
}

function energyOf(i: ChatInputCommandInteraction): EnergyPlot {
  const speed = hexesOption(i, 'speed', 'C1.4', 'Speed');
  const thrust = hexesOption(i, 'thrust', 'C2.111', 'Thrust');
  const tac = i.options.getString('tac') as Tac | null;
  return {
    ...(speed !== undefined ? { speed } : {}),
    ...(thrust !== undefined ? { thrust } : {}),
    ...(tac ? { tac } : {}),
  };
}

// ---- Running the use cases ----

type Change<R> = (input: { state: CampaignState; aid: N3dAid | null }) => { payload?: N3dAid; value: R };

async function changeAid<R>(
  i: ChatInputCommandInteraction,
  ctx: CommandContext,
  ref: string,
  change: Change<R>,
): Promise<AidResult<R>> {
  const key: AidKey = { channelId: ctx.target.channelId, subject: battleSubject(ref), kind: 'n3d' };
  return updateAid(ctx.app, key, parseN3dAid, (input) => change({ state: input.state, aid: input.payload }), {
    interactionId: i.id,
  });
}

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

function guarded<T>(fn: () => T): { ok: true; value: T } | { ok: false; error: RuleError } {
  try {
    return { ok: true, value: fn() };
  } catch (err) {
    if (err instanceof RuleViolation) return { ok: false, error: err.error };
    throw err;
  }
}

async function setup(i: ChatInputCommandInteraction, ctx: CommandContext, ref: string): Promise<CommandOutcome> {
  const current = await campaignInChannel(ctx.app, ctx.target.channelId);
  if (!current) return presentError(i, { code: 'campaign/none', rule: 'UTD8.1', message: WORDS.noCampaign });
  const catalog = await ctx.app.catalogs.get(current.catalogVersion);
  const opts = {
    pickup: i.options.getBoolean('pickup') ?? false,
    turnMode: (i.options.getString('turn_mode') as TurnModeClass | null) ?? null,
  };
  const replace = i.options.getBoolean('replace') ?? false;
  const result = await changeAid(i, ctx, ref, ({ state, aid }) => {
    const b = openBattle(state, ref);
    speaker(b, ctx.actor.userId);
    if (aid && !replace)
      refuse(
        'n3d/exists',
        'A3.15',
        `Battle ${b.id} already has an 'n3D engagement (${aid.engagement.units.length} units).`,
        'Set `replace:true` to start it again.',
      );
    const made = setupEngagement(state, b, catalog, opts);
    return { payload: { engagement: made.engagement, pending: {} }, value: { battle: b.id, ...made } };
  });
  return present(i, result, (v) => post(i, setupText(v.battle, publicView(v.engagement), v.how)));
}

async function unitAdd(i: ChatInputCommandInteraction, ctx: CommandContext, ref: string): Promise<CommandOutcome> {
  const result = await changeAid(i, ctx, ref, ({ state, aid }) => {
    const b = openBattle(state, ref);
    speaker(b, ctx.actor.userId);
    if (!aid) noEngagement(b);
    const owner = i.options.getUser('owner')?.id ?? ctx.actor.userId;
    if (sideOfUser(b, owner) === null)
      refuse('n3d/not-in-battle', 'UTD7.42', `A unit's owner must be a player of battle ${b.id} or the NPE's runner.`);
    const id = i.options.getString('id', true).trim();
    const facing = i.options.getString('facing');
    const speed = hexesOption(i, 'speed', 'C1.4', 'Speed');
    const spec: NewUnit = {
      id,
      name: (i.options.getString('name') ?? id).slice(0, 80),
      owner,
      pos: parsePoint(i.options.getString('pos', true), 'The position'),
      turnMode: classMode(i.options.getString('turn_mode', true)),
      ...(facing ? { facing: parseFacing(facing, 'The facing') } : {}),
      ...(speed !== undefined ? { speed } : {}),
    };
    const engagement = addUnit(aid.engagement, spec);
    return { payload: { ...aid, engagement }, value: { battle: b.id, engagement, id } };
  });
  return present(i, result, (v) =>
    post(
      i,
      `➕ Unit **${v.id}** added at ${pointText(v.engagement.units.find((u) => u.id === v.id)!.pos)}.\n${engagementText(v.battle, publicView(v.engagement))}`,
    ),
  );
}

async function unitSet(i: ChatInputCommandInteraction, ctx: CommandContext, ref: string): Promise<CommandOutcome> {
  const result = await changeAid(i, ctx, ref, ({ state, aid }) => {
    const b = openBattle(state, ref);
    speaker(b, ctx.actor.userId);
    if (!aid) noEngagement(b);
    const id = i.options.getString('unit', true).trim();
    const u = aid.engagement.units.find((x) => x.id === id);
    if (u && u.owner !== ctx.actor.userId) refuse('n3d/not-yours', 'A3.15', `${u.name} is not yours to change.`);
    const pos = i.options.getString('pos');
    const facing = i.options.getString('facing');
    const turnMode = i.options.getString('turn_mode');
    const name = i.options.getString('name');
    const patch: UnitPatch = {
      ...energyOf(i),
      ...(pos ? { pos: parsePoint(pos, 'The position') } : {}),
      ...(facing ? { facing: parseFacing(facing, 'The facing') } : {}),
      ...(turnMode ? { turnMode: classMode(turnMode) } : {}),
      ...(name ? { name: name.slice(0, 80) } : {}),
    };
    if (Object.keys(patch).length === 0)
      refuse(
        'n3d/nothing-to-set',
        'A3.15',
        'Nothing to change: give a position, facing, speed, thrust, TAC, turn mode or name.',
      );
    const engagement = setUnit(aid.engagement, id, patch);
    return { payload: { ...aid, engagement }, value: { battle: b.id, engagement, id } };
  });
  return present(i, result, (v) =>
    post(i, `✏️ **${v.id}** changed (public).\n${engagementText(v.battle, publicView(v.engagement))}`),
  );
}

async function plotUnit(i: ChatInputCommandInteraction, ctx: CommandContext, ref: string): Promise<CommandOutcome> {
  const me = ctx.actor.userId;
  const result = await changeAid(i, ctx, ref, ({ state, aid }) => {
    const b = openBattle(state, ref);
    speaker(b, me);
    if (!aid) noEngagement(b);
    const id = i.options.getString('unit', true).trim();
    const plots = parsePlot(i.options.getString('turns', true));
    const energy = energyOf(i);
    const hasEnergy = Object.keys(energy).length > 0;
    // The turns are checked at the speed and TAC they will be flown with (C3.31, C5).
    const checkedAt = hasEnergy ? setUnit(aid.engagement, id, energy) : aid.engagement;
    const plotted = plot(checkedAt, me, id, plots);
    const engagement: Engagement = { ...aid.engagement, plots: { ...aid.engagement.plots, [id]: plotted.plots[id]! } };
    const { [id]: _old, ...others } = aid.pending;
    const pending = hasEnergy ? { ...others, [id]: energy } : others;
    return {
      payload: { engagement, pending },
      value: {
        battle: b.id,
        engagement,
        unit: engagement.units.find((u) => u.id === id)!,
        plots,
        energy: hasEnergy ? energy : undefined,
      },
    };
  });
  return present(i, result, async (v) => {
    await send(i, { content: plotConfirmText(v.battle, v.unit, v.plots, v.energy), flags: MessageFlags.Ephemeral });
    await i.followUp({
      content: plottedNoticeText(v.battle, me, v.unit.id, publicView(v.engagement)),
      allowedMentions: { parse: [] },
    });
    return { ok: true };
  });
}

async function impulse(i: ChatInputCommandInteraction, ctx: CommandContext, ref: string): Promise<CommandOutcome> {
  const count = i.options.getInteger('count') ?? 1;
  const force = i.options.getBoolean('force') ?? false;
  if (force && !ctx.actor.isServerAdmin)
    return presentError(i, {
      code: 'n3d/force-admin',
      rule: 'C1.43',
      message: 'Only a server manager may run impulses before everyone has plotted.',
    });
  const result = await changeAid(i, ctx, ref, ({ state, aid }) => {
    const b = openBattle(state, ref);
    if (!force) speaker(b, ctx.actor.userId);
    if (!aid) noEngagement(b);
    const status = plotStatus(aid.engagement, count);
    if (!force && status.missing.length > 0) {
      refuse(
        'n3d/plots-missing',
        'C1.43',
        `Not everyone has plotted ${count} impulse${count === 1 ? '' : 's'} yet: ${status.missing.join(', ')}.`,
        `Waiting on ${status.waitingOn.map(mention).join(', ')}.`,
      );
    }
    let before = aid.engagement;
    // The secret speed, thrust and TAC choices take effect as the plotted impulses begin.
    for (const [id, energy] of Object.entries(aid.pending))
      if (before.units.some((u) => u.id === id)) before = setUnit(before, id, energy);
    const run = runImpulses(before, count, { force });
    return {
      payload: { engagement: run.engagement, pending: {} },
      value: { battle: b.id, before: aid.engagement, after: run.engagement, events: run.events },
    };
  });
  return present(i, result, (v) => post(i, impulseText(v.battle, publicView(v.before), publicView(v.after), v.events)));
}

/** Read-only answers: anyone may look (UTD3.1); nothing is locked or written. */
async function withEngagement(
  i: ChatInputCommandInteraction,
  ctx: CommandContext,
  ref: string,
  answer: (b: Battle, e: Engagement, aid: N3dAid, state: CampaignState) => Promise<CommandOutcome>,
): Promise<CommandOutcome> {
  const read = await readAid(
    ctx.app,
    { channelId: ctx.target.channelId, subject: battleSubject(ref), kind: 'n3d' },
    parseN3dAid,
  );
  if (!read.ok) return presentError(i, read.error);
  const found = guarded(() => {
    const b = battleByRef(read.value.state, ref);
    if (!read.value.payload) noEngagement(b);
    return { b, aid: read.value.payload };
  });
  if (!found.ok) return presentError(i, found.error);
  return answer(found.value.b, found.value.aid.engagement, found.value.aid, read.value.state);
}

async function readOnly(
  i: ChatInputCommandInteraction,
  ctx: CommandContext,
  ref: string,
  name: string,
): Promise<CommandOutcome> {
  return withEngagement(i, ctx, ref, async (b, e, aid, state) => {
    const answer = guarded((): string | null => {
      switch (name) {
        case 'mine': {
          const me = ctx.actor.userId;
          return myPlotsText(
            b.id,
            e.units.filter((u) => u.owner === me),
            plotsOf(e, me),
            Object.fromEntries(
              Object.entries(aid.pending).filter(([id]) => e.units.some((u) => u.id === id && u.owner === me)),
            ),
          );
        }
        case 'show':
          return engagementText(b.id, publicView(e));
        case 'range': {
          const from = i.options.getString('from');
          const to = i.options.getString('to');
          for (const id of [from, to])
            if (id && !e.units.some((u) => u.id === id))
              refuse('n3d/no-unit', 'A3.15', `There is no unit "${id.slice(0, 40)}" in this engagement.`);
          return rangeText(
            b.id,
            rangeTable(e).filter((r) => (!from || r.from === from) && (!to || r.to === to)),
          );
        }
        case 'arcs':
          return arcsText(b.id, arcsOf(e, i.options.getString('shooter', true), i.options.getString('target', true)));
        case 'explode': {
          const at = i.options.getString('at', true).trim();
          const strength = i.options.getInteger('strength', true);
          if (e.units.some((u) => u.id === at))
            return explosionText(b.id, at, strength, explosion(e, { unit: at }, strength));
          const point = parsePoint(at, 'The explosion point');
          return explosionText(b.id, pointText(point), strength, explosion(e, { point }, strength));
        }
        default:
          return null;
      }
    });
    if (!answer.ok) return presentError(i, answer.error);
    if (answer.value === null) return render(i, state, b, e);
    if (name === 'mine') {
      await send(i, { content: answer.value, flags: MessageFlags.Ephemeral });
      return { ok: true };
    }
    return post(i, answer.value);
  });
}

async function render(
  i: ChatInputCommandInteraction,
  state: CampaignState,
  b: Battle,
  e: Engagement,
): Promise<CommandOutcome> {
  await i.deferReply();
  // The picture names owners by player name (the engagement keeps user ids, for plotting).
  const name = (id: string) =>
    b.npe?.runner === id
      ? `${state.players.find((p) => p.id === id)?.name ?? id} (NPE)`
      : (state.players.find((p) => p.id === id)?.name ?? id);
  const view = publicView(e);
  const png = await renderN3dViews({ ...view, units: view.units.map((u) => ({ ...u, owner: name(u.owner) })) });
  await send(i, {
    content: `🖼️ Battle ${b.id}: top view (north up, west left) and side view (seen from the west), with ranges and bearings.`,
    files: [new AttachmentBuilder(png, { name: `n3d-${b.id}.png` })],
  });
  return { ok: true };
}

async function run(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
  const group = i.options.getSubcommandGroup(false);
  const name = i.options.getSubcommand(true);
  const ref = await battleRefOf(i, ctx);
  if (!ref) return presentError(i, NO_BATTLE);
  if (group === 'unit') return name === 'add' ? unitAdd(i, ctx, ref) : unitSet(i, ctx, ref);
  switch (name) {
    case 'setup':
      return setup(i, ctx, ref);
    case 'plot':
      return plotUnit(i, ctx, ref);
    case 'impulse':
      return impulse(i, ctx, ref);
    default:
      return readOnly(i, ctx, ref, name);
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
    const shown = [...state.battles]
      .filter((b) => b.status === 'open')
      .sort((x, y) => Number(sideOfUser(y, me) !== null) - Number(sideOfUser(x, me) !== null));
    return respondChoices(
      i,
      shown.map((b) => ({
        name: `${b.id} — ${b.sides.map((s) => (s === 'npe' ? 'NPE' : (state.players.find((p) => p.id === s)?.name ?? s))).join(' vs ')}`,
        value: b.id,
      })),
    );
  }
  const ref =
    i.options.getString('battle') ||
    (await campaignInChannel(ctx.app, channelId))?.battles.find((b) => b.threadId === i.channelId)?.id;
  if (!ref) return i.respond([]);
  const read = await readAid(ctx.app, { channelId, subject: battleSubject(ref), kind: 'n3d' }, parseN3dAid);
  const units = read.ok && read.value.payload ? read.value.payload.engagement.units : [];
  const mineOnly = focused === 'unit';
  return respondChoices(
    i,
    units.filter((u) => !mineOnly || u.owner === me).map((u) => ({ name: `${u.id} — ${u.name}`, value: u.id })),
  );
}

export const n3dCommand: SlashCommand = { data, execute: run, autocomplete };
