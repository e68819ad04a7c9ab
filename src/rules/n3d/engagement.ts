import type { DiceSource } from '../dice.ts';
import { fail, ok, refuse, type Result } from '../errors.ts';
import { arcSummary, type ArcSummary } from './arcs.ts';
import type { BlackHole } from './black-hole.ts';
import { absoluteImpulse, limitOf, stepImpulse, webLines, type ImpulseEvent } from './engagement-step.ts';
import {
  DEFAULT_OPTIONS,
  engagementSchema,
  type Engagement,
  type ImpulsePlot,
  type LinearWebState,
  type N3dOptions,
  type N3dUnit,
  type TurnDelta,
  type UnitKind,
  type WebAnchor,
} from './engagement-types.ts';
import { checkEsgRadius } from './esg.ts';
import { explosionDamageAtKm2, type ExplosionHit } from './explosion.ts';
import { launchFacing, type LaunchMount } from './launch.ts';
import { rollAsteroidField, type AsteroidHex, type MirrorOffset } from './asteroids.ts';
import { checkMine, type N3dMine } from './mines.ts';
import { asteroidHexesCrossed, checkBody, lineBlockedByBody, type N3dBody } from './terrain.ts';
import { emergencyDeceleration, inertiaOnlyDeceleration } from './movement.ts';
import { ORBIT_MAX_KM, orbitFacing, type OrbitSide } from './orbit.ts';
import { LEVEL, orientation, type Orientation } from './orientation.ts';
import { rangeBetween, type RangeReport } from './range.ts';
import { placeFromHex, pickupPlacement } from './translation.ts';
import { checkBaseRotation, checkTurn, hetBreakdownFacing, type Tac, type TurnMode } from './turn-modes.ts';
import { formatHexes, KM_PER_HEX, MAX_COORDINATE_KM } from './units.ts';
import { dist2, distanceKm, type Vec3 } from './vector.ts';
import { fireBlockedByWeb, inWebHex, webStrength } from './web.ts';

export type {
  Engagement,
  ImpulsePlot,
  N3dOptions,
  N3dUnit,
  TurnDelta,
  UnitKind,
  WebAnchor,
} from './engagement-types.ts';
export type { ImpulseEvent } from './engagement-step.ts';

/**
 * The engagement API the `/n3d` commands drive. Every function is pure: it returns a new
 * engagement (or a report) and never changes its argument; bad input is refused with a
 * RuleViolation citing the 'n3D rule.
 */

// ---- Creating and loading ----

export function newEngagement(options: Partial<N3dOptions> = {}): Engagement {
  return {
    version: 1,
    turn: 1,
    impulse: 0,
    options: { ...DEFAULT_OPTIONS, ...options },
    units: [],
    plots: {},
    blackHoles: [],
    webs: [],
    bodies: [],
    asteroids: [],
    mines: [],
  };
}

/** Validates stored JSON (shape and references) before use. */
export function parseEngagement(json: unknown): Result<Engagement> {
  const parsed = engagementSchema.safeParse(json);
  if (!parsed.success)
    return fail(
      'n3d/bad-state',
      'A3.15',
      `The stored 'n3D engagement is not valid: ${parsed.error.issues[0]?.message ?? 'unknown problem'}.`,
    );
  const e = parsed.data as Engagement;
  const ids = new Set(e.units.map((u) => u.id));
  if (ids.size !== e.units.length)
    return fail('n3d/bad-state', 'A3.15', 'The stored engagement has two units with the same id.');
  for (const id of Object.keys(e.plots))
    if (!ids.has(id)) return fail('n3d/bad-state', 'A3.15', `The stored engagement has plots for unknown unit ${id}.`);
  return ok(e);
}

// ---- Units ----

export interface NewUnit {
  id: string;
  name: string;
  owner: string;
  kind?: UnitKind;
  pos: Vec3;
  facing?: Orientation;
  speed?: number;
  thrust?: number;
  turnMode: TurnMode;
  tac?: Tac;
  outstandingCrew?: boolean;
  baseRotation?: TurnDelta;
}

function unitOf(e: Engagement, id: string): N3dUnit {
  const u = e.units.find((x) => x.id === id);
  if (!u)
    refuse(
      'n3d/no-unit',
      'A3.15',
      `There is no unit "${id}" in this engagement.`,
      e.units.length ? `Units: ${e.units.map((x) => x.id).join(', ')}.` : 'Add one first.',
    );
  return u;
}

function replaceUnit(e: Engagement, u: N3dUnit): Engagement {
  return { ...e, units: e.units.map((x) => (x.id === u.id ? u : x)) };
}

function checkPosition(p: Vec3): void {
  for (const v of [p.x, p.y, p.z]) {
    if (!Number.isSafeInteger(v) || Math.abs(v) > MAX_COORDINATE_KM)
      refuse(
        'n3d/bad-position',
        'C1.12',
        `Coordinates are whole kilometres within ±${MAX_COORDINATE_KM / KM_PER_HEX} hexes.`,
      );
  }
}

function checkMotion(speed: number, thrust: number): void {
  if (!Number.isSafeInteger(speed) || speed < 0 || speed > 1_000 * KM_PER_HEX)
    refuse('n3d/bad-speed', 'C1.4', `Warp speed must be from 0 to 1000 (got ${formatHexes(speed)}).`);
  if (!Number.isSafeInteger(thrust) || thrust < 0 || thrust > KM_PER_HEX)
    refuse(
      'n3d/bad-thrust',
      'C2.111',
      `At most one point of impulse power may be used for movement (got ${formatHexes(thrust)}).`,
    );
}

export function addUnit(e: Engagement, spec: NewUnit): Engagement {
  if (!/^[A-Za-z0-9_.-]{1,40}$/.test(spec.id))
    refuse('n3d/bad-id', 'A3.15', 'A unit id is 1–40 letters, digits, dots, dashes or underscores.');
  if (e.units.some((u) => u.id === spec.id))
    refuse('n3d/duplicate-unit', 'A3.15', `There is already a unit "${spec.id}".`);
  if (e.units.length >= 200) refuse('n3d/too-many-units', 'A3.15', 'An engagement holds at most 200 units.');
  checkPosition(spec.pos);
  const speed = spec.speed ?? 0;
  const thrust = spec.thrust ?? 0;
  checkMotion(speed, thrust);
  const kind = spec.kind ?? 'ship';
  if (spec.baseRotation) checkBaseRotation(spec.baseRotation);
  const unit: N3dUnit = {
    id: spec.id,
    name: spec.name,
    owner: spec.owner,
    kind,
    pos: spec.pos,
    facing: spec.facing ? orientation(spec.facing.pitch, spec.facing.yaw, spec.facing.roll) : LEVEL,
    speed,
    thrust,
    inertia: { x: 0, y: 0, z: 0 },
    carry: { x: 0, y: 0, z: 0 },
    turnMode: spec.turnMode,
    tac: spec.tac ?? 'none',
    outstandingCrew: spec.outstandingCrew ?? false,
    ...(kind === 'base' ? { baseRotation: spec.baseRotation ?? { pitch: 0, yaw: 0, roll: 0 } } : {}),
  };
  return { ...e, units: [...e.units, unit] };
}

export interface UnitPatch {
  name?: string;
  owner?: string;
  pos?: Vec3;
  facing?: Orientation;
  speed?: number;
  thrust?: number;
  turnMode?: TurnMode;
  tac?: Tac;
  outstandingCrew?: boolean;
}

/**
 * Changes a unit between impulses (energy allocation, GM corrections). Changing speed or thrust
 * takes a unit out of standard orbit. Declaring a warp TAC is only possible at the start of a
 * quarter turn (C5.21), and thrust is refused during the post-deceleration period (C8.41).
 */
export function setUnit(e: Engagement, id: string, patch: UnitPatch): Engagement {
  let u = unitOf(e, id);
  if (patch.pos) checkPosition(patch.pos);
  const speed = patch.speed ?? u.speed;
  const thrust = patch.thrust ?? u.thrust;
  checkMotion(speed, thrust);
  const now = absoluteImpulse(e.turn, e.impulse);
  if (patch.thrust !== undefined && patch.thrust > 0 && u.noThrustBefore !== undefined && now < u.noThrustBefore) {
    refuse(
      'n3d/post-deceleration',
      'C8.41',
      `${u.name} made an Emergency Deceleration: no impulse power may be used for movement for ${u.noThrustBefore - now} more impulses.`,
    );
  }
  const tac = patch.tac ?? u.tac;
  const declaresWarp = (tac === 'warp' || tac === 'both') && !(u.tac === 'warp' || u.tac === 'both');
  if (declaresWarp && e.impulse % 8 !== 0) {
    refuse(
      'n3d/warp-tac-quarter',
      'C5.21',
      'A warp tactical maneuver lasts a quarter turn and starts on impulse 1, 9, 17 or 25.',
      `Declare it after impulse ${e.impulse + (8 - (e.impulse % 8))}.`,
    );
  }
  const { orbit: _orbit, ...withoutOrbit } = u;
  const leavesOrbit = u.orbit && (patch.speed !== undefined || patch.thrust !== undefined || patch.pos !== undefined);
  u = {
    ...(leavesOrbit ? withoutOrbit : u),
    ...(patch.name !== undefined ? { name: patch.name } : {}),
    ...(patch.owner !== undefined ? { owner: patch.owner } : {}),
    ...(patch.pos ? { pos: patch.pos, carry: { x: 0, y: 0, z: 0 } } : {}),
    ...(patch.facing ? { facing: orientation(patch.facing.pitch, patch.facing.yaw, patch.facing.roll) } : {}),
    ...(patch.turnMode ? { turnMode: patch.turnMode } : {}),
    ...(patch.outstandingCrew !== undefined ? { outstandingCrew: patch.outstandingCrew } : {}),
    speed,
    thrust,
    tac,
  };
  if (declaresWarp) u = { ...u, warpTacQuarter: (e.turn - 1) * 4 + Math.floor(e.impulse / 8) + 1 };
  if (tac === 'none' || tac === 'sublight') {
    const { warpTacQuarter: _q, ...rest } = u;
    u = rest;
  }
  return replaceUnit(e, u);
}

export function removeUnit(e: Engagement, id: string): Engagement {
  unitOf(e, id);
  const { [id]: _gone, ...plots } = e.plots;
  return {
    ...e,
    units: e.units.filter((u) => u.id !== id).map((u) => (u.seekTarget === id ? withoutSeekTarget(u) : u)),
    plots,
    webs: e.webs.flatMap((w) => {
      const anchors = w.anchors.filter((a) => !('unit' in a && a.unit === id));
      if (anchors.length === w.anchors.length) return [w];
      // G10.117: losing an anchor leaves the line through the others; two anchors → dissolves.
      return w.anchors.length <= 2 ? [] : [{ ...w, anchors }];
    }),
  };
}

function withoutSeekTarget(u: N3dUnit): N3dUnit {
  const { seekTarget: _t, ...rest } = u;
  return rest;
}

// ---- Placement ----

/** S3D1: units placed from a battle card's SFB hexes, e.g. `{ hex: '2215', facing: 'B' }`. */
export function placeUnitFromHex(
  e: Engagement,
  spec: Omit<NewUnit, 'pos' | 'facing'> & { hex: string; hexFacing: string },
): Engagement {
  const { hex, hexFacing, ...rest } = spec;
  const p = placeFromHex(hex, hexFacing, e.options.hexTranslation, e.options.evenColumnsLow);
  return addUnit(e, { ...rest, pos: p.pos, facing: p.facing });
}

/** S3D2.1: both fleets of a pickup game in line abreast at (±100, 0, 0), facing the middle. */
export function placePickup(
  e: Engagement,
  fleet1: Omit<NewUnit, 'pos' | 'facing'>[],
  fleet2: Omit<NewUnit, 'pos' | 'facing'>[],
): Engagement {
  let out = e;
  const a = pickupPlacement(1, fleet1.length);
  const b = pickupPlacement(2, fleet2.length);
  fleet1.forEach((u, i) => (out = addUnit(out, { ...u, pos: a[i]!.pos, facing: a[i]!.facing })));
  fleet2.forEach((u, i) => (out = addUnit(out, { ...u, pos: b[i]!.pos, facing: b[i]!.facing })));
  return out;
}

// ---- Secret plots ----

function needsPlot(u: N3dUnit): boolean {
  return u.kind === 'ship' && !u.orbit;
}

/**
 * Queues `plots` (one entry per impulse, from the next impulse on) for a unit, replacing what
 * was queued. Turns are checked against the unit's current limit (C3.1); HETs are not (C6.0).
 */
export function plot(e: Engagement, owner: string, unitId: string, plots: readonly ImpulsePlot[]): Engagement {
  const u = unitOf(e, unitId);
  if (u.owner !== owner) refuse('n3d/not-yours', 'A3.15', `${u.name} is not yours to plot.`);
  if (!needsPlot(u)) {
    refuse(
      'n3d/no-plot',
      u.orbit ? 'P8.43' : u.kind === 'base' ? 'C3.72' : 'F2.21',
      u.orbit
        ? `${u.name} is in standard orbit and turns with it.`
        : u.kind === 'base'
          ? `${u.name} is a base: it rotates at its fixed rate every impulse.`
          : `${u.name} is a seeking weapon: it turns toward its target by itself.`,
      u.orbit ? 'Set a speed to leave orbit first.' : undefined,
    );
  }
  if (plots.length < 1 || plots.length > 32) refuse('n3d/plot-length', 'C1.4', 'A plot covers 1 to 32 impulses.');
  const limit = limitOf(e, u);
  for (const p of plots) if ('turn' in p) checkTurn(orientation(p.turn.pitch, p.turn.yaw, p.turn.roll), limit, u.name);
  return {
    ...e,
    plots: {
      ...e.plots,
      [unitId]: plots.map((p) =>
        'turn' in p ? { turn: { ...p.turn } } : { het: orientation(p.het.pitch, p.het.yaw, p.het.roll) },
      ),
    },
  };
}

/** The same turn on every one of `count` impulses. */
export function steadyTurn(delta: TurnDelta, count: number): ImpulsePlot[] {
  return Array.from({ length: count }, () => ({ turn: { ...delta } }));
}

export interface PlotStatus {
  /** Impulses every unit that must plot has covered (0 when someone has not plotted). */
  ready: number;
  /** Owners with at least one unit that has not plotted `count` impulses. */
  waitingOn: string[];
  /** Units that still need a plot of `count` impulses. */
  missing: string[];
}

export function plotStatus(e: Engagement, count = 1): PlotStatus {
  const plotters = e.units.filter(needsPlot);
  const missing = plotters.filter((u) => (e.plots[u.id]?.length ?? 0) < count);
  return {
    ready: plotters.length === 0 ? 32 : Math.min(...plotters.map((u) => e.plots[u.id]?.length ?? 0)),
    waitingOn: [...new Set(missing.map((u) => u.owner))],
    missing: missing.map((u) => u.id),
  };
}

/** What anyone may see: the engagement with every queued plot and every mine removed (only plot counts remain). */
export function publicView(e: Engagement): Engagement & { plotted: Record<string, number> } {
  const plotted = Object.fromEntries(Object.entries(e.plots).map(([id, p]) => [id, p.length]));
  return { ...e, plots: {}, mines: [], plotted };
}

/** One owner's own queued plots. */
export function plotsOf(e: Engagement, owner: string): Record<string, ImpulsePlot[]> {
  const mine = new Set(e.units.filter((u) => u.owner === owner).map((u) => u.id));
  return Object.fromEntries(Object.entries(e.plots).filter(([id]) => mine.has(id)));
}

// ---- Running impulses ----

/**
 * Runs `n` impulses (1–32). Refused until every unit that must plot has plotted at least `n`
 * impulses, so plots stay secret until all are in; `force` (a GM or a timer) runs anyway and
 * missing plots mean "no turn". Plots are used up; the `turned` events reveal them.
 */
export function runImpulses(
  e: Engagement,
  n: number,
  options: { force?: boolean } = {},
): { engagement: Engagement; events: ImpulseEvent[] } {
  if (!Number.isInteger(n) || n < 1 || n > 32) refuse('n3d/impulse-count', 'C1.4', 'Run 1 to 32 impulses at a time.');
  const status = plotStatus(e, n);
  if (status.missing.length > 0 && !options.force) {
    refuse(
      'n3d/plots-missing',
      'C1.43',
      `Not everyone has plotted ${n} impulse${n > 1 ? 's' : ''} yet (${status.missing.length} unit${status.missing.length > 1 ? 's' : ''} missing).`,
      `Waiting on: ${status.waitingOn.join(', ')}.`,
    );
  }
  let cur = e;
  const events: ImpulseEvent[] = [];
  for (let i = 0; i < n; i++) {
    const now = new Map<string, ImpulsePlot>();
    const rest: Record<string, ImpulsePlot[]> = {};
    for (const [id, queue] of Object.entries(cur.plots)) {
      const [first, ...later] = queue;
      if (first) now.set(id, first);
      if (later.length) rest[id] = later;
    }
    const step = stepImpulse({ ...cur, plots: rest }, now);
    cur = step.engagement;
    events.push(...step.events);
  }
  return { engagement: cur, events };
}

// ---- Special moves ----

/** C8.0: Emergency (stops, loses inertia, no thrust for 32 impulses) or Inertia-Only Deceleration. */
export function decelerate(e: Engagement, id: string, kind: 'emergency' | 'inertia-only'): Engagement {
  const u = unitOf(e, id);
  if (kind === 'inertia-only') return replaceUnit(e, { ...u, ...inertiaOnlyDeceleration(u) });
  return replaceUnit(e, { ...u, ...emergencyDeceleration(u), noThrustBefore: absoluteImpulse(e.turn, e.impulse) + 32 });
}

/** C6.541 / C6.5511: a HET breakdown throws the unit to a random pitch, yaw and roll. */
export function hetBreakdown(e: Engagement, id: string, dice: DiceSource): Engagement {
  const u = unitOf(e, id);
  return replaceUnit(e, { ...u, facing: hetBreakdownFacing(dice) });
}

/**
 * F1.24: a seeking weapon launched from `launcherId` at the launcher's position, placed by its
 * mount (a drone pointed at the target; a plasma torpedo by its tube, swivel or ISC rear mount,
 * FP3.1, D2.34, D2.35), with its target in its FA arc at Center mount. It pursues the target
 * (F2.21) unless launched ballistically (F4): then it is pointed at where the target is now,
 * never turns, and strikes the first unit it comes within one hex of.
 */
export function launchSeeking(
  e: Engagement,
  launcherId: string,
  spec: {
    id: string;
    name: string;
    speed: number;
    targetId: string;
    owner?: string;
    mount?: LaunchMount;
    /** Angle units, + = starboard: where a swivel or wide launcher places the torpedo. */
    bearing?: number;
    ballistic?: boolean;
  },
): Engagement {
  const launcher = unitOf(e, launcherId);
  const target = unitOf(e, spec.targetId);
  if (launcher.kind === 'seeking')
    refuse('n3d/launcher-seeking', 'F1.24', `${launcher.name} is a seeking weapon: it launches nothing.`);
  if (target.id === launcher.id) refuse('n3d/self-target', 'F1.24', 'A seeking weapon cannot target its own launcher.');
  const mount = spec.mount ?? { kind: 'drone' };
  if (spec.ballistic && mount.kind !== 'drone')
    refuse(
      'n3d/ballistic-mount',
      'F4',
      'Ballistic targeting points the weapon straight at where the target is; a plasma mount places it by its launcher.',
      'Launch it as a drone (no mount) to fly ballistic.',
    );
  const facing = launchFacing(mount, launcher.facing, launcher.pos, target.pos, spec.bearing);
  const out = addUnit(e, {
    id: spec.id,
    name: spec.name,
    owner: spec.owner ?? launcher.owner,
    kind: 'seeking',
    pos: launcher.pos,
    facing,
    speed: spec.speed,
    turnMode: { kind: 'seeking' },
  });
  const placed = unitOf(out, spec.id);
  return replaceUnit(
    out,
    spec.ballistic
      ? { ...placed, ballistic: true, launcher: launcher.id }
      : { ...placed, seekTarget: spec.targetId, launcher: launcher.id },
  );
}

/**
 * P8.41: within three hexes of the body, with warp movement and inertia stopped, the unit turns
 * so the body is at yaw ±90°, pitch 0, and orbits at speed 1.
 */
export function establishOrbit(e: Engagement, id: string, body: Vec3, side: OrbitSide): Engagement {
  const u = unitOf(e, id);
  const radiusKm = distanceKm(u.pos, body);
  if (dist2(u.pos, body) > BigInt(ORBIT_MAX_KM) ** 2n)
    refuse(
      'n3d/orbit-range',
      'P8.41',
      `${u.name} is ${formatHexes(radiusKm)} hexes from the body; a standard orbit needs 3 or less.`,
    );
  if (radiusKm === 0) refuse('n3d/orbit-range', 'P8.41', `${u.name} is at the body's centre.`);
  if (u.speed !== 0 || u.inertia.x !== 0 || u.inertia.y !== 0 || u.inertia.z !== 0) {
    refuse(
      'n3d/orbit-moving',
      'P8.41',
      `${u.name} must stop all warp movement (speed 0, no inertia) before establishing orbit.`,
      'Set speed 0 and make an Inertia-Only Deceleration (C8.0).',
    );
  }
  const facing = orbitFacing(u.facing, u.pos, body, side);
  const { [id]: _plots, ...plots } = e.plots;
  return { ...replaceUnit(e, { ...u, facing, speed: KM_PER_HEX, thrust: 0, orbit: { body, radiusKm, side } }), plots };
}

/** G23: gives a unit an expanding sphere (radius km < 4 hexes, energy as decimal text), or removes it (null). */
export function setEsg(e: Engagement, id: string, esg: { radiusKm: number; energy: string } | null): Engagement {
  const u = unitOf(e, id);
  if (!esg) {
    const { esg: _gone, ...rest } = u;
    return replaceUnit(e, rest);
  }
  checkEsgRadius(esg.radiusKm);
  if (!/^\d+(\.\d+)?$/.test(esg.energy))
    refuse('n3d/esg-energy', 'G23.42', 'ESG energy is a number of points, 0 or more.');
  return replaceUnit(e, { ...u, esg });
}

export function addBlackHole(e: Engagement, hole: BlackHole): Engagement {
  checkPosition(hole.pos);
  if (!(hole.size > 0)) refuse('n3d/black-hole-size', 'P4.1', 'A black hole has a size greater than 0.');
  if (e.blackHoles.some((b) => b.id === hole.id))
    refuse('n3d/duplicate-hole', 'P4.1', `There is already a black hole "${hole.id}".`);
  return { ...e, blackHoles: [...e.blackHoles, hole] };
}

/** G10: a powered linear web through its anchors, traditional strength × 4 (cap 35). */
export function addWeb(
  e: Engagement,
  web: { id: string; anchors: WebAnchor[]; traditionalStrength: number | string },
): Engagement {
  if (web.anchors.length < 2) refuse('n3d/web-anchors', 'G10.11', 'A linear web extends between at least two anchors.');
  for (const a of web.anchors) if ('unit' in a) unitOf(e, a.unit);
  if (e.webs.some((w) => w.id === web.id)) refuse('n3d/duplicate-web', 'G10.11', `There is already a web "${web.id}".`);
  const state: LinearWebState = { id: web.id, anchors: web.anchors, strength: webStrength(web.traditionalStrength) };
  return { ...e, webs: [...e.webs, state] };
}

export function removeWeb(e: Engagement, id: string): Engagement {
  return { ...e, webs: e.webs.filter((w) => w.id !== id) };
}

// ---- Terrain and mines ----

/** P2.1: a planet, gas giant or small moon, with its radius, atmosphere and ring (P2.223). */
export function addBody(e: Engagement, body: N3dBody): Engagement {
  if (!/^[A-Za-z0-9_.-]{1,40}$/.test(body.id))
    refuse('n3d/bad-id', 'P2.1', 'A body id is 1–40 letters, digits, dots, dashes or underscores.');
  if (e.bodies.some((b) => b.id === body.id) || e.units.some((u) => u.id === body.id))
    refuse('n3d/duplicate-body', 'P2.1', `There is already a body or unit "${body.id}".`);
  if (e.bodies.length >= 100) refuse('n3d/too-many-bodies', 'P2.1', 'An engagement holds at most 100 bodies.');
  checkPosition(body.centre);
  checkBody(body);
  return { ...e, bodies: [...e.bodies, body] };
}

/** P2.1: the players correct a body's place or sizes (the card gives none); same checks as a new one. */
export function replaceBody(e: Engagement, body: N3dBody): Engagement {
  if (!e.bodies.some((b) => b.id === body.id)) refuse('n3d/no-body', 'P2.1', `There is no body "${body.id}".`);
  checkPosition(body.centre);
  checkBody(body);
  return { ...e, bodies: e.bodies.map((b) => (b.id === body.id ? body : b)) };
}

export function removeBody(e: Engagement, id: string): Engagement {
  if (!e.bodies.some((b) => b.id === id)) refuse('n3d/no-body', 'P2.1', `There is no body "${id}".`);
  return { ...e, bodies: e.bodies.filter((b) => b.id !== id) };
}

/**
 * P3.11: the 54 asteroid hexes rolled with `dice` (location 6·d6 + d6 per axis, radius d6 ÷ 3,
 * overlaps rolled again), or the printed example field, shifted so the field's (0, 0, 0) sits at
 * `origin` (the map's centre when the battle card places the terrain). A field replaces any other.
 */
export function placeAsteroidField(
  e: Engagement,
  field: { dice: DiceSource; mirror: MirrorOffset; seed?: string } | { example: AsteroidHex[] },
  origin: Vec3 = { x: 0, y: 0, z: 0 },
): Engagement {
  checkPosition(origin);
  const hexes = 'example' in field ? field.example : rollAsteroidField(field.dice, field.mirror);
  const asteroids = hexes.map((a) => ({
    ...a,
    centre: { x: a.centre.x + origin.x, y: a.centre.y + origin.y, z: a.centre.z + origin.z },
  }));
  return { ...e, asteroids, ...('seed' in field && field.seed ? { terrainSeed: field.seed } : {}) };
}

/**
 * M2.40: a mine laid at the laying unit's position, secret to its owner. The owner sets its
 * strength (its explosion, M2.50) and the radius it detects at.
 */
export function layMine(
  e: Engagement,
  owner: string,
  layerId: string,
  mine: { id: string; strength: number; radiusKm: number },
): Engagement {
  const layer = unitOf(e, layerId);
  if (layer.owner !== owner) refuse('n3d/not-yours', 'M2.40', `${layer.name} is not yours to lay mines from.`);
  if (layer.kind === 'seeking') refuse('n3d/mine-layer', 'M2.40', 'A seeking weapon lays no mines.');
  if (!/^[A-Za-z0-9_.-]{1,40}$/.test(mine.id))
    refuse('n3d/bad-id', 'M2.40', 'A mine id is 1–40 letters, digits, dots, dashes or underscores.');
  if (e.mines.some((m) => m.id === mine.id))
    refuse('n3d/duplicate-mine', 'M2.40', `There is already a mine "${mine.id}".`);
  if (e.mines.length >= 200) refuse('n3d/too-many-mines', 'M2.40', 'An engagement holds at most 200 mines.');
  const laid: N3dMine = { id: mine.id, owner, pos: layer.pos, strength: mine.strength, radiusKm: mine.radiusKm };
  checkMine(laid);
  return { ...e, mines: [...e.mines, laid] };
}

/** One owner's own mines (the others' are secret). */
export function minesOf(e: Engagement, owner: string): N3dMine[] {
  return e.mines.filter((m) => m.owner === owner);
}

// ---- Reports ----

export interface RangeRow extends RangeReport {
  from: string;
  to: string;
  /** Where `to` lies for `from` (arc convention, + = starboard), and its relative pitch. */
  arcBearing: number;
  relPitch: number;
}

/** D1.4: every ordered pair of units, with range and where each sees the other. */
export function rangeTable(e: Engagement): RangeRow[] {
  const rows: RangeRow[] = [];
  for (const a of e.units) {
    for (const b of e.units) {
      if (a.id === b.id) continue;
      const s = arcSummary(a.facing, a.pos, b.pos, e.options.rrArc);
      rows.push({
        from: a.id,
        to: b.id,
        ...rangeBetween(a.pos, b.pos),
        arcBearing: s.arcBearing,
        relPitch: s.relPitch,
      });
    }
  }
  return rows;
}

export interface ArcsReport extends ArcSummary, RangeReport {
  shooter: string;
  target: string;
  /** G10.61: the line of fire passes through a web field. */
  blockedByWeb: string[];
  /** P2.1: the line of sight passes through these planets or moons. */
  blockedByBody: string[];
  /** P3.12: how many asteroid hexes the line of fire passes through (SFB's asteroid rules apply to it). */
  asteroidHexes: number;
}

/** D2: which yaw arcs and pitch mounts of the shooter hold the target. */
export function arcsOf(e: Engagement, shooterId: string, targetId: string): ArcsReport {
  const s = unitOf(e, shooterId);
  const t = unitOf(e, targetId);
  const lines = webLines(e);
  return {
    shooter: s.id,
    target: t.id,
    ...rangeBetween(s.pos, t.pos),
    ...arcSummary(s.facing, s.pos, t.pos, e.options.rrArc),
    blockedByWeb: lines.filter((w) => w.line.length > 1 && fireBlockedByWeb(s.pos, t.pos, w.line)).map((w) => w.id),
    blockedByBody: e.bodies.filter((b) => lineBlockedByBody(s.pos, t.pos, b)).map((b) => b.id),
    asteroidHexes: asteroidHexesCrossed(s.pos, t.pos, e.asteroids),
  };
}

export interface ExplosionRow extends ExplosionHit {
  unit: string;
  distanceKm: number;
  inWeb: boolean;
}

/**
 * D5.2 / G10.72: damage to every unit from an explosion at a unit (which is not hit itself) or a
 * point. The web reduction applies when the explosion or the victim is in any web's field.
 */
export function explosion(e: Engagement, at: { unit: string } | { point: Vec3 }, strength: number): ExplosionRow[] {
  const centre = 'unit' in at ? unitOf(e, at.unit).pos : at.point;
  const lines = webLines(e).filter((w) => w.line.length > 0);
  const inAnyWeb = (p: Vec3) => lines.some((w) => inWebHex(p, w.line));
  const sourceInWeb = inAnyWeb(centre);
  return e.units
    .filter((u) => !('unit' in at && u.id === at.unit))
    .map((u) => {
      const inWeb = sourceInWeb || inAnyWeb(u.pos);
      return {
        unit: u.id,
        distanceKm: distanceKm(centre, u.pos),
        inWeb,
        ...explosionDamageAtKm2(strength, dist2(centre, u.pos), inWeb),
      };
    });
}
