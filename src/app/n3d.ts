import { z } from 'zod';
import { SeededDice } from '../rules/dice.ts';
import { refuse, RuleViolation } from '../rules/errors.ts';
import {
  addBody,
  addUnit,
  BODY_KINDS,
  replaceBody,
  CARD_SIZES,
  hexToCoordinates,
  layMine,
  minesOf,
  parseLaunchMount,
  placeAsteroidField,
  type N3dBody,
  type N3dMine,
  arcsOf,
  explosion,
  newEngagement,
  orientation,
  parseHexes,
  plot,
  plotsOf,
  plotStatus,
  publicView,
  rangeTable,
  runImpulses,
  setUnit,
  launchSeeking,
  type UnitPatch,
  type Vec3,
  parseDegrees,
  parseEngagement,
  placePickup,
  placeUnitFromHex,
  TURN_MODE_CLASSES,
  type Engagement,
  type ImpulsePlot,
  type NewUnit,
  type Tac,
  type TurnMode,
  type TurnModeClass,
} from '../rules/n3d/index.ts';
import {
  CENTRE,
  CENTRE_HEX,
  DIRECTIONS,
  euclid,
  formatHex,
  move,
  onMap,
  parseHex,
  ring,
  START_RADIUS,
  type Direction,
} from '../rules/thunderdome/battle-setup/index.ts';
import { battleByRef, openBattle, sideOfUser, speakerOf, unitName } from '../rules/thunderdome/battles/common.ts';
import { parseFacing, parsePoint } from '../rules/n3d/calc.ts';
import type { Actor, Battle, CampaignState } from '../rules/thunderdome/index.ts';
import type { UnitCatalog } from '../rules/thunderdome/units.ts';
import { readAid, updateAid, type AidKey, type AidResult } from './aids.ts';
import { campaignInChannel } from './campaigns.ts';
import { aidColumn } from '../rules/thunderdome/aid-columns.ts';
import type { AppContext } from './context.ts';
import { guarded, type Outcome } from './errors.ts';
import type { CommandTarget } from './run-command.ts';

/**
 * The 'n3D aid of a battle as the app keeps it (Battle aids in docs/rules-notes.md): the stored engagement with its secret
 * plots, the plot syntax players type, and the engagement set up from the battle card. The
 * `/n3d` command only reads options, calls these and presents the outcome.
 */

/** Speed, thrust and tactical manoeuvre an owner plotted; secret until the impulses run. */
export interface EnergyPlot {
  speed?: number;
  thrust?: number;
  tac?: Tac;
}

// ---- The stored aid ----

/** The private aid: the engagement (plots included) and the speed/thrust/TAC each owner plotted. */
export interface N3dAid {
  engagement: Engagement;
  /** Secret energy choices, applied when the next impulses run. */
  pending: Record<string, EnergyPlot>;
}

const pendingSchema = z.record(
  z.string(),
  z.object({
    speed: z.number().int().min(0).optional(),
    thrust: z.number().int().min(0).optional(),
    tac: z.enum(['none', 'sublight', 'warp', 'both']).optional(),
  }),
);

export function parseN3dAid(json: unknown): N3dAid {
  const j = (json ?? {}) as { engagement?: unknown; pending?: unknown };
  const e = parseEngagement(j.engagement);
  if (!e.ok) throw new RuleViolation(e.error);
  const pending = pendingSchema.safeParse(j.pending ?? {});
  if (!pending.success) refuse('n3d/bad-state', 'A3.15', 'The stored secret energy plots are not valid.');
  return { engagement: e.value, pending: pending.data as Record<string, EnergyPlot> };
}

/** A battle reference as the subject of its aid row: "43" and "k43" are K43, as battleByRef reads them. */
export function battleSubject(ref: string): string {
  const id = ref.trim().toUpperCase().replace(/^#/, '');
  return /^\d+$/.test(id) ? `K${id}` : id;
}

const PLOT_EXAMPLE = 'e.g. "0,3,0 x4; straight x2; het 0,90,0" (pitch, yaw, roll in degrees; yaw + = left)';

/** `0,3,0 x4; straight; het 0,90,0`: one entry per impulse, `xN` repeats it. */
export function parsePlot(text: string): ImpulsePlot[] {
  const out: ImpulsePlot[] = [];
  for (const raw of text.split(/[;|]/)) {
    let entry = raw.trim().toLowerCase();
    if (!entry) continue;
    let times = 1;
    const rep = /\s*[x×*]\s*(\d{1,2})$/.exec(entry);
    if (rep) {
      times = Number(rep[1]);
      entry = entry.slice(0, rep.index).trim();
    }
    const het = entry.startsWith('het');
    const body = het ? entry.slice(3).trim() : entry;
    const angles =
      body === 'straight' || body === ''
        ? het
          ? null
          : [0, 0, 0]
        : body
            .split(/[\s,]+/)
            .filter(Boolean)
            .map((a) => parseDegrees(a));
    if (angles?.length !== 3 || angles.some((a) => a === null) || times < 1) {
      refuse('n3d/bad-plot', 'C1.4', `"${raw.trim().slice(0, 40)}" is not a plotted impulse.`, PLOT_EXAMPLE);
    }
    const [pitch, yaw, roll] = angles as [number, number, number];
    const step: ImpulsePlot = het ? { het: orientation(pitch, yaw, roll) } : { turn: { pitch, yaw, roll } };
    for (let k = 0; k < times; k++) out.push(step);
    if (out.length > 32) refuse('n3d/plot-length', 'C1.4', 'A plot covers 1 to 32 impulses.');
  }
  if (out.length === 0) refuse('n3d/bad-plot', 'C1.4', 'The plot is empty.', PLOT_EXAMPLE);
  return out;
}

export function classMode(c: string): TurnMode {
  return { kind: 'class', class: c as TurnModeClass };
}

// ---- Setup from the battle card ----

/** Hexes for `n` units of one side: the start hex, then its rings outwards (UTD7.451: within 3 hexes). */
export function placementHexes(startHex: string, n: number): string[] {
  const start = parseHex(startHex);
  const hexes = [0, 1, 2, 3].flatMap((r) => ring(start, r)).filter(onMap);
  if (n > hexes.length)
    refuse(
      'n3d/too-many-to-place',
      'UTD7.451',
      `${n} units do not fit in the ${hexes.length} hexes within ${START_RADIUS} of ${startHex}.`,
      'Use `pickup:true`, or place the rest with `/n3d unit add`.',
    );
  return hexes.slice(0, n).map(formatHex);
}

/** The hex facing that points most nearly at the map's centre (3030), where the battle is. */
export function facingTowardCentre(startHex: string): Direction {
  const start = parseHex(startHex);
  let best: Direction = 'A';
  let bestDist = Infinity;
  for (const d of DIRECTIONS) {
    const dist = euclid(move(start, d), CENTRE);
    if (dist < bestDist) [best, bestDist] = [d, dist];
  }
  return best;
}

interface SetupUnit extends Omit<NewUnit, 'pos' | 'facing'> {
  side: string;
}

function battleUnits(
  state: CampaignState,
  b: Battle,
  catalog: UnitCatalog,
  fallback: TurnModeClass | null,
): SetupUnit[] {
  const units: SetupUnit[] = [];
  const missing: string[] = [];
  for (const p of b.participants) {
    const owner = speakerOf(b, p.side);
    if (!owner)
      refuse(
        'n3d/no-runner',
        'UTD5.431',
        `The NPE in battle ${b.id} has no runner to plot its units yet.`,
        'Volunteer with `/battle volunteer`.',
      );
    if (p.units.length === 0)
      refuse(
        'n3d/no-fleet',
        'UTD7.421',
        `A side of battle ${b.id} has not chosen its fighting fleet yet.`,
        'Name it with `/battle fleet`.',
      );
    for (const id of p.units) {
      const ship = state.ships.find((s) => s.id === id);
      const base = ship ? undefined : state.bases.find((x) => x.id === id);
      const unitId = ship?.unitId ?? base?.unitId ?? b.npe?.force.find((f) => f.id === id)?.unitId;
      const column = aidColumn(unitId ? catalog.get(unitId) : undefined, 'turnModeClass');
      const known = column && (TURN_MODE_CLASSES as readonly string[]).includes(column) ? column : undefined;
      // A base never uses a turn mode: it rotates at a fixed rate (C3.7).
      const turnMode = known ?? fallback ?? (base ? 'F' : undefined);
      if (!turnMode) missing.push(unitName(state, id));
      units.push({
        side: p.side,
        id,
        name: unitName(state, id).slice(0, 80),
        owner,
        kind: base ? 'base' : 'ship',
        turnMode: classMode(turnMode ?? 'F'),
      });
    }
  }
  if (missing.length > 0) {
    refuse(
      'n3d/no-turn-mode',
      'C3.31',
      `The catalog has no turn_mode_class for ${missing.join(', ')}, so their turn limits are unknown.`,
      'Give `turn_mode:` for them (e.g. turn_mode:D), or import a catalog with the turn_mode_class column.',
    );
  }
  return units;
}

/**
 * P2.1, P3.11: the battle card's terrain in the engagement. Planets, small moons and gas giants
 * become spheres at their hexes (sizes the card does not give: CARD_SIZES; a gas giant's radius is
 * half its rolled diameter); an asteroid-field overlay becomes the 54 asteroid hexes rolled with
 * `dice`, mirrored about the map's centre (P3.11 "subtract 21"). `shift` moves everything (the
 * pickup placement puts the map's centre at the origin, between the fleets). Terrain 'n3D gives no
 * rule for is listed, not placed.
 */
export function placeCardTerrain(
  e: Engagement,
  b: Battle,
  dice: SeededDice,
  seed: string,
  shift: Vec3,
): { engagement: Engagement; notes: string[] } {
  const terrain = b.setup?.terrain ?? [];
  const at = (hex: string): Vec3 => {
    const p = hexToCoordinates(hex, e.options.hexTranslation, e.options.evenColumnsLow);
    return { x: p.x + shift.x, y: p.y + shift.y, z: p.z + shift.z };
  };
  let out = e;
  const notes: string[] = [];
  // Ids by kind: T-planet, T-giant, T-moon1…; a second body of a kind gets a number too.
  const seen = new Map<string, number>();
  const body = (spec: Omit<N3dBody, 'id'>, base: string) => {
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    out = addBody(out, { id: n === 1 && base !== 'T-moon' ? base : `${base}${n}`, ...spec });
  };
  for (const t of terrain) {
    switch (t.placement) {
      case 'fixed':
      case 'point':
        if (t.kind === 'class-m-planet')
          body({ name: t.name, kind: 'class-m-planet', centre: at(t.hex), ...CARD_SIZES.classM }, 'T-planet');
        else if (t.kind === 'small-moon')
          body({ name: t.name, kind: 'small-moon', centre: at(t.hex), ...CARD_SIZES.smallMoon }, 'T-moon');
        else notes.push(`${t.name} at ${t.hex}: not placed ('n3D gives it no rule here; P4.1 black holes need a size)`);
        break;
      case 'gas-giant':
        body({ name: t.name, kind: 'gas-giant', centre: at(t.hex), radiusKm: (t.diameter * 10_000) / 2 }, 'T-giant');
        for (const m of t.moons)
          if (m.hex)
            body({ name: `${t.name} moon`, kind: 'small-moon', centre: at(m.hex), ...CARD_SIZES.smallMoon }, 'T-moon');
        break;
      case 'overlay':
        if (t.overlay === 'asteroid-field') {
          out = placeAsteroidField(out, { dice, mirror: '21', seed }, at(CENTRE_HEX));
          break;
        }
        notes.push(`${t.name}: an SFBOL overlay with no 'n3D placement rule; not placed`);
        break;
      case 'comet':
      case 'fills-map':
        notes.push(`${t.name}: no 'n3D placement rule; not placed`);
        break;
    }
  }
  return { engagement: out, notes };
}

export function setupEngagement(
  state: CampaignState,
  b: Battle,
  catalog: UnitCatalog,
  opts: { pickup: boolean; turnMode: TurnModeClass | null; seed?: string; forcedDice?: number[] },
): { engagement: Engagement; how: string } {
  const units = battleUnits(state, b, catalog, opts.turnMode);
  const seed = opts.seed ?? '00'.repeat(32);
  const dice = new SeededDice(seed, 1, opts.forcedDice ?? []);
  const withTerrain = (e: Engagement, how: string, shift: Vec3) => {
    const placed = placeCardTerrain(e, b, dice, seed, shift);
    const terrain = placed.engagement.bodies.length + (placed.engagement.asteroids.length > 0 ? 1 : 0);
    return {
      engagement: placed.engagement,
      how: [how, terrain > 0 ? 'terrain from the battle card (P2.1, P3.11)' : '', ...placed.notes]
        .filter(Boolean)
        .join('; '),
    };
  };
  const strip = ({ side: _side, ...u }: SetupUnit): Omit<NewUnit, 'pos' | 'facing'> => u;
  if (opts.pickup) {
    const sides = [...new Set(units.map((u) => u.side))];
    if (sides.length !== 2)
      refuse(
        'n3d/pickup-sides',
        'S3D2.1',
        `A pickup placement is for two fleets; battle ${b.id} has ${sides.length} sides.`,
      );
    const e = placePickup(
      newEngagement(),
      units.filter((u) => u.side === sides[0]).map(strip),
      units.filter((u) => u.side === sides[1]).map(strip),
    );
    const centre = hexToCoordinates(CENTRE_HEX, e.options.hexTranslation, e.options.evenColumnsLow);
    return withTerrain(e, 'pickup placement, S3D2.1', { x: -centre.x, y: -centre.y, z: -centre.z });
  }
  const setup = b.setup;
  if (!setup)
    refuse(
      'n3d/no-setup-card',
      'UTD7.45',
      `Battle ${b.id} has no setup card yet, so there are no start hexes.`,
      'Wait for both fleets to be chosen, or use `pickup:true`.',
    );
  let e = newEngagement();
  for (const side of [...new Set(units.map((u) => u.side))]) {
    const start = setup.starts.find((s) => s.sideId === side);
    if (!start)
      refuse(
        'n3d/no-start',
        'UTD7.451',
        `The setup card of battle ${b.id} has no start hex for a side.`,
        'Use `pickup:true`.',
      );
    const mine = units.filter((u) => u.side === side);
    const hexes = placementHexes(start.hex, mine.length);
    const facing = facingTowardCentre(start.hex);
    mine.forEach((u, k) => (e = placeUnitFromHex(e, { ...strip(u), hex: hexes[k]!, hexFacing: facing })));
  }
  return withTerrain(e, 'from the setup card start hexes, S3D1', { x: 0, y: 0, z: 0 });
}

// ---- The use cases of `/n3d` ----

/** The turn-mode classes (C3.31), as choices for the command definition. */
export const TURN_MODE_CHOICES = TURN_MODE_CLASSES.map((c) => ({ name: c, value: c }));

/** What every engagement-changing use case is given: who acts, where, for which battle, in which interaction. */
export interface N3dCall {
  app: AppContext;
  target: CommandTarget;
  actor: Actor;
  /** The battle as the player named it (K12, 12) or the thread's battle. */
  ref: string;
  interactionId: string;
}

/** What the channel may see of an engagement: positions and plot counts, never the plots. */
export type PublicEngagement = ReturnType<typeof publicView>;

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

function hexesOf(text: string | undefined, rule: string, what: string): number | undefined {
  if (text === undefined) return undefined;
  const km = parseHexes(text);
  if (km === null)
    refuse('n3d/bad-number', rule, `${what} must be a number, like 12 or 12.5 (got "${text.slice(0, 20)}").`);
  return km;
}

/** Speed, thrust and TAC as typed: the numbers are checked here (C1.4, C2.111). */
export interface EnergyInput {
  speed?: string;
  thrust?: string;
  tac?: Tac;
}

function energyOf(input: EnergyInput): EnergyPlot {
  const speed = hexesOf(input.speed, 'C1.4', 'Speed');
  const thrust = hexesOf(input.thrust, 'C2.111', 'Thrust');
  return {
    ...(speed !== undefined ? { speed } : {}),
    ...(thrust !== undefined ? { thrust } : {}),
    ...(input.tac ? { tac: input.tac } : {}),
  };
}

type Change<R> = (input: { state: CampaignState; aid: N3dAid | null }) => { payload?: N3dAid; value: R };

function changeAid<R>(call: N3dCall, change: Change<R>): Promise<AidResult<R>> {
  const key: AidKey = { channelId: call.target.channelId, subject: battleSubject(call.ref), kind: 'n3d' };
  return updateAid(call.app, key, parseN3dAid, (input) => change({ state: input.state, aid: input.payload }), {
    interactionId: call.interactionId,
  });
}

export interface SetupRequest {
  pickup?: boolean;
  turn_mode?: TurnModeClass;
  replace?: boolean;
}

/** `/n3d setup`: the engagement from the battle's setup card (S3D1) or a pickup placement (S3D2.1). */
export async function setupN3d(
  call: N3dCall,
  req: SetupRequest,
): Promise<AidResult<{ battle: string; view: PublicEngagement; how: string }>> {
  const current = await campaignInChannel(call.app, call.target.channelId);
  if (!current)
    return {
      ok: false,
      // The words the bot uses everywhere for a channel without a campaign (src/discord/words.ts).
      error: {
        code: 'campaign/none',
        rule: 'UTD8.1',
        message: 'There is no campaign in this channel. Create one with `/campaign create name:<text>`.',
      },
    };
  const catalog = await call.app.catalogs.get(current.catalogVersion);
  // The asteroid field's dice: a fresh seed, kept in the engagement so anyone can re-roll and check it.
  const opts = {
    pickup: req.pickup ?? false,
    turnMode: req.turn_mode ?? null,
    seed: call.app.seeds.newSeed(),
    forcedDice: call.app.testHooks?.forcedDice ?? [],
  };
  const replace = req.replace ?? false;
  return changeAid(call, ({ state, aid }) => {
    const b = openBattle(state, call.ref);
    speaker(b, call.actor.userId);
    if (aid && !replace)
      refuse(
        'n3d/exists',
        'A3.15',
        `Battle ${b.id} already has an 'n3D engagement (${aid.engagement.units.length} units).`,
        'Set `replace:true` to start it again.',
      );
    const made = setupEngagement(state, b, catalog, opts);
    return {
      payload: { engagement: made.engagement, pending: {} },
      value: { battle: b.id, view: publicView(made.engagement), how: made.how },
    };
  });
}

export interface AddUnitRequest {
  id: string;
  pos: string;
  turn_mode: string;
  name?: string;
  facing?: string;
  speed?: string;
  /** Who plots it (default: the actor). */
  owner?: string;
}

/** `/n3d unit add`: a unit placed by hand, owned by a player of the battle or the NPE's runner. */
export function addN3dUnit(
  call: N3dCall,
  req: AddUnitRequest,
): Promise<AidResult<{ battle: string; view: PublicEngagement; id: string; pos: Vec3 }>> {
  return changeAid(call, ({ state, aid }) => {
    const b = openBattle(state, call.ref);
    speaker(b, call.actor.userId);
    if (!aid) noEngagement(b);
    const owner = req.owner ?? call.actor.userId;
    if (sideOfUser(b, owner) === null)
      refuse('n3d/not-in-battle', 'UTD7.42', `A unit's owner must be a player of battle ${b.id} or the NPE's runner.`);
    const id = req.id.trim();
    const speed = hexesOf(req.speed, 'C1.4', 'Speed');
    const spec: NewUnit = {
      id,
      name: (req.name ?? id).slice(0, 80),
      owner,
      pos: parsePoint(req.pos, 'The position'),
      turnMode: classMode(req.turn_mode),
      ...(req.facing ? { facing: parseFacing(req.facing, 'The facing') } : {}),
      ...(speed !== undefined ? { speed } : {}),
    };
    const engagement = addUnit(aid.engagement, spec);
    return {
      payload: { ...aid, engagement },
      value: { battle: b.id, view: publicView(engagement), id, pos: engagement.units.find((u) => u.id === id)!.pos },
    };
  });
}

export interface SetUnitRequest extends EnergyInput {
  unit: string;
  pos?: string;
  facing?: string;
  turn_mode?: string;
  name?: string;
}

/** `/n3d unit set`: the owner changes a unit now, in public. */
export function setN3dUnit(
  call: N3dCall,
  req: SetUnitRequest,
): Promise<AidResult<{ battle: string; view: PublicEngagement; id: string }>> {
  return changeAid(call, ({ state, aid }) => {
    const b = openBattle(state, call.ref);
    speaker(b, call.actor.userId);
    if (!aid) noEngagement(b);
    const id = req.unit.trim();
    const u = aid.engagement.units.find((x) => x.id === id);
    if (u && u.owner !== call.actor.userId) refuse('n3d/not-yours', 'A3.15', `${u.name} is not yours to change.`);
    const patch: UnitPatch = {
      ...energyOf(req),
      ...(req.pos ? { pos: parsePoint(req.pos, 'The position') } : {}),
      ...(req.facing ? { facing: parseFacing(req.facing, 'The facing') } : {}),
      ...(req.turn_mode ? { turnMode: classMode(req.turn_mode) } : {}),
      ...(req.name ? { name: req.name.slice(0, 80) } : {}),
    };
    if (Object.keys(patch).length === 0)
      refuse(
        'n3d/nothing-to-set',
        'A3.15',
        'Nothing to change: give a position, facing, speed, thrust, TAC, turn mode or name.',
      );
    const engagement = setUnit(aid.engagement, id, patch);
    return { payload: { ...aid, engagement }, value: { battle: b.id, view: publicView(engagement), id } };
  });
}

export interface LaunchRequest {
  launcher: string;
  target: string;
  id: string;
  /** Warp speed in hexes per turn (a drone's or torpedo's own). */
  speed: string;
  name?: string;
  /** drone (default), a plasma tube arc, a swivel or an ISC rear mount (FP3.1, D2.34, D2.35). */
  mount?: string;
  /** Degrees, + = starboard: where a swivel or wide launcher places the torpedo. */
  bearing?: string;
  /** F4 ballistic targeting. */
  ballistic?: boolean;
}

/**
 * `/n3d launch`: the launcher's owner puts a seeking weapon on the board at the launcher, pointed
 * at its target (F1.24: the target must be in the FA arc at Center mount). From then on it turns
 * toward the target by itself (F2.21) and impacts within 0.9999 hex (F2.3).
 */
export function launchN3dSeeking(
  call: N3dCall,
  req: LaunchRequest,
): Promise<AidResult<{ battle: string; view: PublicEngagement; id: string }>> {
  return changeAid(call, ({ state, aid }) => {
    const b = openBattle(state, call.ref);
    speaker(b, call.actor.userId);
    if (!aid) noEngagement(b);
    const launcher = aid.engagement.units.find((x) => x.id === req.launcher.trim());
    if (launcher && launcher.owner !== call.actor.userId)
      refuse('n3d/not-yours', 'F1.24', `${launcher.name} is not yours to launch from.`);
    const speed = hexesOf(req.speed, 'F2.21', 'Speed');
    if (speed === undefined || speed <= 0)
      refuse('n3d/seeking-speed', 'F2.21', 'Give the seeking weapon its speed, in hexes per turn (more than 0).');
    const id = req.id.trim();
    const bearing = req.bearing === undefined ? undefined : parseDegrees(req.bearing);
    if (bearing === null)
      refuse(
        'n3d/bad-number',
        'FP3.1',
        `The bearing must be degrees, like 30 or -45 (got "${req.bearing?.slice(0, 20)}").`,
      );
    const engagement = launchSeeking(aid.engagement, req.launcher.trim(), {
      id,
      name: (req.name ?? id).slice(0, 80),
      speed,
      targetId: req.target.trim(),
      mount: parseLaunchMount(req.mount),
      ...(bearing !== undefined ? { bearing } : {}),
      ...(req.ballistic ? { ballistic: true } : {}),
    });
    return { payload: { ...aid, engagement }, value: { battle: b.id, view: publicView(engagement), id } };
  });
}

/** The kinds of body (P2.1), as choices for the command definition. */
export const BODY_KIND_CHOICES = BODY_KINDS.map((k) => ({ name: k, value: k }));

export interface BodyRequest {
  id: string;
  kind: N3dBody['kind'];
  pos: string;
  /** Hexes. */
  radius: string;
  atmosphere?: string;
  /** "inner-outer" in hexes (P2.223). */
  ring?: string;
  name?: string;
}

/**
 * `/n3d body`: a planet, gas giant or small moon placed by hand, with its sizes (P2.1, P2.223);
 * naming an existing body (one the card placed) corrects it.
 */
export function addN3dBody(
  call: N3dCall,
  req: BodyRequest,
): Promise<AidResult<{ battle: string; view: PublicEngagement; body: N3dBody; replaced: boolean }>> {
  return changeAid(call, ({ state, aid }) => {
    const b = openBattle(state, call.ref);
    speaker(b, call.actor.userId);
    if (!aid) noEngagement(b);
    const radiusKm = hexesOf(req.radius, 'P2.1', 'The radius')!;
    const atmosphereKm = hexesOf(req.atmosphere, 'P2.1', 'The atmosphere radius');
    let ring: N3dBody['ring'];
    if (req.ring !== undefined) {
      const m = /^\s*([0-9.]+)\s*[-–]\s*([0-9.]+)\s*$/.exec(req.ring);
      if (!m)
        refuse(
          'n3d/ring-size',
          'P2.223',
          `A ring is "inner-outer" in hexes, like "2-4" (got "${req.ring.slice(0, 20)}").`,
        );
      ring = {
        innerKm: hexesOf(m[1], 'P2.223', 'The inner radius')!,
        outerKm: hexesOf(m[2], 'P2.223', 'The outer radius')!,
      };
    }
    const id = req.id.trim();
    const before = aid.engagement.bodies.find((x) => x.id === id);
    const body: N3dBody = {
      id,
      name: (req.name ?? before?.name ?? id).slice(0, 80),
      kind: req.kind,
      centre: parsePoint(req.pos, 'The centre'),
      radiusKm,
      ...(atmosphereKm !== undefined ? { atmosphereKm } : {}),
      ...(ring ? { ring } : {}),
    };
    const replaced = before !== undefined;
    const engagement = replaced ? replaceBody(aid.engagement, body) : addBody(aid.engagement, body);
    return { payload: { ...aid, engagement }, value: { battle: b.id, view: publicView(engagement), body, replaced } };
  });
}

export interface MineRequest {
  unit: string;
  id: string;
  strength: number;
  /** Detection radius in hexes (M2.40). */
  radius: string;
}

/** `/n3d lay`: a secret mine at the owner's unit (M2.40); only its owner sees it until it goes off. */
export function layN3dMine(
  call: N3dCall,
  req: MineRequest,
): Promise<AidResult<{ battle: string; mine: N3dMine; mineCount: number }>> {
  return changeAid(call, ({ state, aid }) => {
    const b = openBattle(state, call.ref);
    speaker(b, call.actor.userId);
    if (!aid) noEngagement(b);
    const radiusKm = hexesOf(req.radius, 'M2.40', 'The detection radius')!;
    const engagement = layMine(aid.engagement, call.actor.userId, req.unit.trim(), {
      id: req.id.trim(),
      strength: req.strength,
      radiusKm,
    });
    const mine = engagement.mines.at(-1)!;
    return {
      payload: { ...aid, engagement },
      value: { battle: b.id, mine, mineCount: minesOf(engagement, call.actor.userId).length },
    };
  });
}

export interface PlotRequest extends EnergyInput {
  unit: string;
  turns: string;
}

/** `/n3d plot`: the owner's secret plot for a unit, and its secret speed, thrust and TAC (C1.4). */
export function plotN3dUnit(
  call: N3dCall,
  req: PlotRequest,
): Promise<
  AidResult<{
    battle: string;
    view: PublicEngagement;
    unit: Engagement['units'][number];
    plots: ImpulsePlot[];
    energy: EnergyPlot | undefined;
  }>
> {
  const me = call.actor.userId;
  return changeAid(call, ({ state, aid }) => {
    const b = openBattle(state, call.ref);
    speaker(b, me);
    if (!aid) noEngagement(b);
    const id = req.unit.trim();
    const plots = parsePlot(req.turns);
    const energy = energyOf(req);
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
        view: publicView(engagement),
        unit: engagement.units.find((u) => u.id === id)!,
        plots,
        energy: hasEnergy ? energy : undefined,
      },
    };
  });
}

export interface ImpulseRequest {
  count?: number;
  /** Server managers only: run although plots are missing (C1.43). */
  force?: boolean;
}

/** `/n3d impulse`: runs the plotted impulses once every owner has plotted them (C1.4). */
export async function runN3dImpulses(
  call: N3dCall,
  req: ImpulseRequest,
): Promise<
  AidResult<{
    battle: string;
    before: PublicEngagement;
    after: PublicEngagement;
    events: ReturnType<typeof runImpulses>['events'];
  }>
> {
  const count = req.count ?? 1;
  const force = req.force ?? false;
  if (force && !call.actor.isServerAdmin)
    return {
      ok: false,
      error: {
        code: 'n3d/force-admin',
        rule: 'C1.43',
        message: 'Only a server manager may run impulses before everyone has plotted.',
      },
    };
  return changeAid(call, ({ state, aid }) => {
    const b = openBattle(state, call.ref);
    if (!force) speaker(b, call.actor.userId);
    if (!aid) noEngagement(b);
    const status = plotStatus(aid.engagement, count);
    if (!force && status.missing.length > 0) {
      refuse(
        'n3d/plots-missing',
        'C1.43',
        `Not everyone has plotted ${count} impulse${count === 1 ? '' : 's'} yet: ${status.missing.join(', ')}.`,
        `Waiting on ${status.waitingOn.map((id) => `<@${id}>`).join(', ')}.`,
      );
    }
    let before = aid.engagement;
    // The secret speed, thrust and TAC choices take effect as the plotted impulses begin.
    for (const [id, energy] of Object.entries(aid.pending))
      if (before.units.some((u) => u.id === id)) before = setUnit(before, id, energy);
    const run = runImpulses(before, count, { force });
    return {
      payload: { engagement: run.engagement, pending: {} },
      value: {
        battle: b.id,
        before: publicView(aid.engagement),
        after: publicView(run.engagement),
        events: run.events,
      },
    };
  });
}

/** A question about an engagement that changes nothing: anyone may ask (UTD3.1). */
export type N3dQuery =
  | { sub: 'mine' }
  | { sub: 'show' }
  | { sub: 'range'; from?: string; to?: string }
  | { sub: 'arcs'; shooter: string; target: string }
  | { sub: 'explode'; at: string; strength: number }
  | { sub: 'render' };

export type N3dAnswer =
  | {
      sub: 'mine';
      battle: string;
      units: Engagement['units'];
      plots: Record<string, ImpulsePlot[]>;
      pending: Record<string, EnergyPlot>;
      /** The actor's own mines (M2.40: secret). */
      mines: N3dMine[];
    }
  | { sub: 'show'; battle: string; view: PublicEngagement }
  | { sub: 'range'; battle: string; rows: ReturnType<typeof rangeTable> }
  | { sub: 'arcs'; battle: string; arcs: ReturnType<typeof arcsOf> }
  | {
      sub: 'explode';
      battle: string;
      /** The exploding unit's id, or the point. */
      at: { unit: string } | { point: Vec3 };
      strength: number;
      hits: ReturnType<typeof explosion>;
    }
  | {
      sub: 'render';
      battle: string;
      /** The public view with owners named by player name (the engagement keeps user ids, for plotting). */
      view: PublicEngagement;
    };

/** Read-only answers: nothing is locked or written. */
export async function askN3d(
  app: AppContext,
  channelId: string,
  actorId: string,
  ref: string,
  q: N3dQuery,
): Promise<Outcome<N3dAnswer>> {
  const read = await readAid(app, { channelId, subject: battleSubject(ref), kind: 'n3d' }, parseN3dAid);
  if (!read.ok) return read;
  const state = read.value.state;
  return guarded((): N3dAnswer => {
    const b = battleByRef(state, ref);
    const aid = read.value.payload;
    if (!aid) noEngagement(b);
    const e = aid.engagement;
    switch (q.sub) {
      case 'mine': {
        const me = actorId;
        return {
          sub: 'mine',
          battle: b.id,
          units: e.units.filter((u) => u.owner === me),
          plots: plotsOf(e, me),
          pending: Object.fromEntries(
            Object.entries(aid.pending).filter(([id]) => e.units.some((u) => u.id === id && u.owner === me)),
          ),
          mines: minesOf(e, me),
        };
      }
      case 'show':
        return { sub: 'show', battle: b.id, view: publicView(e) };
      case 'range': {
        const { from, to } = q;
        for (const id of [from, to])
          if (id && !e.units.some((u) => u.id === id))
            refuse('n3d/no-unit', 'A3.15', `There is no unit "${id.slice(0, 40)}" in this engagement.`);
        return {
          sub: 'range',
          battle: b.id,
          rows: rangeTable(e).filter((r) => (!from || r.from === from) && (!to || r.to === to)),
        };
      }
      case 'arcs':
        return { sub: 'arcs', battle: b.id, arcs: arcsOf(e, q.shooter, q.target) };
      case 'explode': {
        const at = q.at.trim();
        const where = e.units.some((u) => u.id === at)
          ? { unit: at }
          : { point: parsePoint(at, 'The explosion point') };
        return { sub: 'explode', battle: b.id, at: where, strength: q.strength, hits: explosion(e, where, q.strength) };
      }
      case 'render': {
        const name = (id: string) =>
          b.npe?.runner === id
            ? `${state.players.find((p) => p.id === id)?.name ?? id} (NPE)`
            : (state.players.find((p) => p.id === id)?.name ?? id);
        const view = publicView(e);
        return {
          sub: 'render',
          battle: b.id,
          view: { ...view, units: view.units.map((u) => ({ ...u, owner: name(u.owner) })) },
        };
      }
    }
  });
}

/** The engagement's units for autocomplete: all of them, or only the actor's where they act. */
export async function n3dUnits(app: AppContext, channelId: string, ref: string): Promise<Engagement['units']> {
  const read = await readAid(app, { channelId, subject: battleSubject(ref), kind: 'n3d' }, parseN3dAid);
  return read.ok && read.value.payload ? read.value.payload.engagement.units : [];
}
