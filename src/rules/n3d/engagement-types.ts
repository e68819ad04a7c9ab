import { z } from 'zod';
import type { RrReading } from './arcs.ts';
import type { BlackHole } from './black-hole.ts';
import type { ImpulseOrder, InertiaUnits } from './movement.ts';
import type { OrbitSide } from './orbit.ts';
import type { Orientation } from './orientation.ts';
import { TURN_MODE_CLASSES } from './tables.ts';
import type { HexTranslation } from './translation.ts';
import type { AsteroidHex } from './asteroids.ts';
import type { N3dMine } from './mines.ts';
import { BODY_KINDS, type N3dBody } from './terrain.ts';
import type { MultiHexFormula, Tac, TurnMode } from './turn-modes.ts';
import type { Vec3 } from './vector.ts';

/**
 * The state of one 'n3D engagement, plain JSON (integers and strings) so the caller can store it
 * as it is and load it back with `parseEngagement`. Units of every number: see units.ts and
 * movement.ts (km, 1/10,000 degree, speed × 10,000, inertia in 1/32 km per turn).
 *
 * `plots` is SECRET: it holds each unit's queued turns until the impulses run. Show players
 * `publicView(e)` and each owner only `plotsOf(e, owner)`.
 */
export interface N3dOptions {
  /** Digest N4. */
  multiHexFormula: MultiHexFormula;
  /** Digest N7. */
  rrArc: RrReading;
  /** Digest N9. */
  hexTranslation: HexTranslation;
  /** Which SFB columns sit half a hex lower (geometric translation). */
  evenColumnsLow: boolean;
  /** Digest N10. */
  inertiaUnits: InertiaUnits;
  /** Digest N11. */
  impulseOrder: ImpulseOrder;
}

export const DEFAULT_OPTIONS: N3dOptions = {
  multiHexFormula: 'recommended',
  rrArc: 'recommended',
  hexTranslation: 'geometric',
  evenColumnsLow: true,
  inertiaUnits: 'per-turn',
  impulseOrder: 'turn-accelerate-move',
};

/** A plotted change for one axis set, signed angle units (not normalised: −9° stays −90000). */
export interface TurnDelta {
  pitch: number;
  yaw: number;
  roll: number;
}

/** One impulse of a plot: a turn within the limit, or a High Energy Turn to any facing (C6.0). */
export type ImpulsePlot = { turn: TurnDelta } | { het: Orientation };

export type UnitKind = 'ship' | 'base' | 'seeking';

export interface N3dUnit {
  id: string;
  name: string;
  /** Who plots for it (a player or user id; the caller decides). */
  owner: string;
  kind: UnitKind;
  pos: Vec3;
  facing: Orientation;
  /** Warp speed × 10,000. */
  speed: number;
  /** Impulse points for movement × 10,000 (≤ 10,000). */
  thrust: number;
  inertia: Vec3;
  /** Sub-km remainder of `pos` in 1/1024 km (see movement.ts). */
  carry: Vec3;
  turnMode: TurnMode;
  tac: Tac;
  /** Absolute quarter-turn index ((turn − 1) × 4 + quarter) in which a warp TAC was declared (C5.21). */
  warpTacQuarter?: number;
  outstandingCrew: boolean;
  /** Bases (C3.7): fixed rotation per impulse, applied every impulse. */
  baseRotation?: TurnDelta;
  /** Seeking weapons: the unit pursued (F2.21). */
  seekTarget?: string;
  /** F4 ballistic targeting: flies straight, never turns, and strikes the first unit it reaches. */
  ballistic?: boolean;
  /** Seeking weapons: the unit that launched it (a ballistic weapon never strikes its own launcher). */
  launcher?: string;
  /** Standard orbit (P8). */
  orbit?: { body: Vec3; radiusKm: number; side: OrbitSide };
  /** An expanding sphere around this unit (G23). */
  esg?: { radiusKm: number; energy: string };
  /** After an Emergency Deceleration no thrust may be applied before this absolute impulse (C8.41). */
  noThrustBefore?: number;
}

export type WebAnchor = { unit: string } | { point: Vec3 };

export interface LinearWebState {
  id: string;
  anchors: WebAnchor[];
  /** × 10,000 (G10.3, already ×4 and capped at 35). */
  strength: number;
}

export interface Engagement {
  version: 1;
  /** Current turn, from 1. */
  turn: number;
  /** Impulses completed in the current turn, 0..31. */
  impulse: number;
  options: N3dOptions;
  units: N3dUnit[];
  plots: Record<string, ImpulsePlot[]>;
  blackHoles: BlackHole[];
  webs: LinearWebState[];
  /** Planets, gas giants and small moons (P2.1). */
  bodies: N3dBody[];
  /** Asteroid hexes (P3.11), in the order rolled. */
  asteroids: AsteroidHex[];
  /** SECRET, like plots: the mines laid (M2.40). */
  mines: N3dMine[];
  /** The seed the terrain's dice (the P3.11 field) were rolled with, so anyone can check them. */
  terrainSeed?: string;
}

// ---- Schema for loading stored state ----

const int = z.number().int();
const vec = z.object({ x: int, y: int, z: int });
const angle = z.object({ pitch: int, yaw: int, roll: int });
const turnMode = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('class'), class: z.enum(TURN_MODE_CLASSES) }),
  z.object({ kind: z.literal('seeking') }),
  z.object({ kind: z.literal('multi-hex'), hexes: int.min(0).max(32) }),
]);
const unitSchema = z.object({
  id: z.string().min(1).max(40),
  name: z.string().min(1).max(80),
  owner: z.string().min(1).max(80),
  kind: z.enum(['ship', 'base', 'seeking']),
  pos: vec,
  facing: angle,
  speed: int.min(0),
  thrust: int.min(0),
  inertia: vec,
  carry: vec,
  turnMode,
  tac: z.enum(['none', 'sublight', 'warp', 'both']),
  warpTacQuarter: int.optional(),
  outstandingCrew: z.boolean(),
  baseRotation: angle.optional(),
  seekTarget: z.string().optional(),
  ballistic: z.boolean().optional(),
  launcher: z.string().optional(),
  orbit: z.object({ body: vec, radiusKm: int.min(1), side: z.enum(['left', 'right']) }).optional(),
  esg: z.object({ radiusKm: int.min(0), energy: z.string().regex(/^\d+(\.\d+)?$/) }).optional(),
  noThrustBefore: int.optional(),
});
const plotSchema = z.union([z.object({ turn: angle }), z.object({ het: angle })]);
export const engagementSchema = z.object({
  version: z.literal(1),
  turn: int.min(1),
  impulse: int.min(0).max(31),
  options: z.object({
    multiHexFormula: z.enum(['recommended', 'literal']),
    rrArc: z.enum(['recommended', 'literal']),
    hexTranslation: z.enum(['geometric', 'literal']),
    evenColumnsLow: z.boolean(),
    inertiaUnits: z.enum(['per-turn', 'per-impulse']),
    impulseOrder: z.enum(['turn-accelerate-move', 'turn-move-accelerate']),
  }),
  units: z.array(unitSchema).max(200),
  plots: z.record(z.string(), z.array(plotSchema).max(32)),
  blackHoles: z.array(z.object({ id: z.string(), pos: vec, size: z.number().positive() })),
  webs: z.array(
    z.object({
      id: z.string(),
      anchors: z.array(z.union([z.object({ unit: z.string() }), z.object({ point: vec })])).min(1),
      strength: int.min(0),
    }),
  ),
  // Engagements stored before terrain and mines existed load with none.
  bodies: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        kind: z.enum(BODY_KINDS as [N3dBody['kind'], ...N3dBody['kind'][]]),
        centre: vec,
        radiusKm: int.min(1),
        atmosphereKm: int.min(1).optional(),
        ring: z.object({ innerKm: int.min(1), outerKm: int.min(1) }).optional(),
      }),
    )
    .max(100)
    .default([]),
  asteroids: z
    .array(z.object({ centre: vec, radiusThirds: int.min(1).max(6) }))
    .max(200)
    .default([]),
  mines: z
    .array(z.object({ id: z.string(), owner: z.string(), pos: vec, strength: int.min(1), radiusKm: int.min(1) }))
    .max(200)
    .default([]),
  terrainSeed: z.string().max(128).optional(),
});
