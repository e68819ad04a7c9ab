import { forward, turned, type Orientation } from './orientation.ts';
import { roundHalfAway } from './units.ts';
import { addVec, roundVec, type Vec3 } from './vector.ts';

/**
 * Movement per impulse (C1.4, C2.111). Every unit moves every impulse; the impulse chart is not
 * used. Units (all integers):
 * - `pos`: km.
 * - `speed`: warp speed S × 10,000 (km per turn). Per impulse the unit moves speed/32 km forward.
 * - `thrust`: impulse points for movement × 10,000 (at most 10,000, C2.111).
 * - `inertia`: the accumulated sub-light velocity in 1/32 km per turn. Each impulse adds
 *   forward × thrust, so one point of thrust for a whole turn leaves 32 × 10,000 = 320,000,
 *   i.e. one hex per turn ("one hex of momentum", digest B.2.2 reading, N10).
 */
export interface Body {
  pos: Vec3;
  facing: Orientation;
  speed: number;
  thrust: number;
  inertia: Vec3;
  /** Sub-km remainder of the position, 1/1024 km per axis (|carry| ≤ 512). Absent = 0. */
  carry?: Vec3;
}

/** Digest N10: inertia measured in hexes per turn (recommended) or per impulse. */
export type InertiaUnits = 'per-turn' | 'per-impulse';
/** Digest N11: inside one impulse, accelerate before moving (recommended) or after. */
export type ImpulseOrder = 'turn-accelerate-move' | 'turn-move-accelerate';

export interface MovementOptions {
  inertiaUnits: InertiaUnits;
  impulseOrder: ImpulseOrder;
}

export const DEFAULT_MOVEMENT: MovementOptions = { inertiaUnits: 'per-turn', impulseOrder: 'turn-accelerate-move' };

/** What the surroundings do to a unit this impulse. */
export interface ImpulseEnvironment {
  /** G10.511: strength of the web the unit is in (× 10,000, like speed); 0 or absent = not in a web. */
  webStrength?: number;
  /** P4.11: black-hole pull added to inertia this impulse (1/32 km per turn per axis). */
  pull?: Vec3;
}

/** Fine position units per km: 1/1024 km, the smallest step any exact speed or inertia makes in an impulse. */
export const FINE_PER_KM = 1024;

/** Fine units moved per impulse per unit of stored inertia (digest N10 readings). */
function inertiaFineFactor(units: InertiaUnits): number {
  // Stored inertia I (1/32 km per turn when per-turn). per-turn: moves I/1024 km = I fine units.
  // per-impulse: I is 32 × km per impulse, moves I/32 km = 32·I fine units.
  return units === 'per-turn' ? 1 : 32;
}

/**
 * One impulse for one unit: turn (already validated), accelerate, move (C1.4, C2.111), then round
 * the location to the km (C1.43). The part of a km left over is carried (`carry`, 1/1024 km), so
 * 12.5 hexes per turn really moves 125,000 km in a turn (C1.4) and one point of thrust really
 * covers 0.515625 hex in its first turn; only a diagonal step's sin/cos is rounded, to 1/1024 km.
 * In a web (G10.511) all inertia is lost, thrust moves the unit by what it would have added
 * (thrust/32 hexes) without accumulating, and warp speed is reduced by the web's strength.
 */
export function moveOneImpulse(
  body: Body,
  turn: Orientation | null,
  env: ImpulseEnvironment = {},
  options: MovementOptions = DEFAULT_MOVEMENT,
): Body {
  const facing = turn ? turned(body.facing, turn) : body.facing;
  const f = forward(facing);
  const web = env.webStrength ?? 0;
  let inertia = body.inertia;
  let extra = 0; // thrust moved directly while in a web, × 10,000 like speed
  const accelerate = () => {
    if (env.pull) inertia = addVec(inertia, env.pull);
    if (web > 0) {
      inertia = { x: 0, y: 0, z: 0 };
      extra = body.thrust;
    } else {
      inertia = addVec(inertia, roundVec([f[0] * body.thrust, f[1] * body.thrust, f[2] * body.thrust]));
    }
  };
  if (options.impulseOrder === 'turn-accelerate-move') accelerate();
  // speed/32 km per impulse = speed × 32 fine units.
  const straight = (Math.max(0, body.speed - web) + extra) * 32;
  const k = inertiaFineFactor(options.inertiaUnits);
  const carry = body.carry ?? { x: 0, y: 0, z: 0 };
  const axis = (p: number, c: number, fi: number, v: number) => {
    const fine = p * FINE_PER_KM + c + roundHalfAway(fi * straight) + v * k;
    const km = roundHalfAway(fine / FINE_PER_KM);
    return [km, fine - km * FINE_PER_KM] as const;
  };
  const [x, cx] = axis(body.pos.x, carry.x, f[0], inertia.x);
  const [y, cy] = axis(body.pos.y, carry.y, f[1], inertia.y);
  const [z, cz] = axis(body.pos.z, carry.z, f[2], inertia.z);
  if (options.impulseOrder === 'turn-move-accelerate') accelerate();
  return { ...body, pos: { x, y, z }, carry: { x: cx, y: cy, z: cz }, facing, inertia };
}

/** C8.0 Emergency Deceleration: the unit stops and all inertia is lost (no energy regained). */
export function emergencyDeceleration(body: Body): Body {
  return { ...body, speed: 0, thrust: 0, inertia: { x: 0, y: 0, z: 0 } };
}

/** C8.0 Inertia-Only Deceleration: all inertia is lost (all or nothing); warp and impulse continue. */
export function inertiaOnlyDeceleration(body: Body): Body {
  return { ...body, inertia: { x: 0, y: 0, z: 0 } };
}

/** C14.20: ships bound by web energy average their inertia (km-exact, rounded per axis). */
export function averagedInertia(inertias: readonly Vec3[]): Vec3 {
  const n = inertias.length;
  if (n === 0) return { x: 0, y: 0, z: 0 };
  const sum = inertias.reduce((a, b) => addVec(a, b), { x: 0, y: 0, z: 0 });
  return { x: roundHalfAway(sum.x / n), y: roundHalfAway(sum.y / n), z: roundHalfAway(sum.z / n) };
}

/** Inertia as hexes per turn (for display), given the stored 1/32 km units. */
export function inertiaHexesPerTurn(inertia: Vec3, units: InertiaUnits = 'per-turn'): Vec3 {
  const k = units === 'per-turn' ? 320_000 : 320_000 / 32;
  return { x: inertia.x / k, y: inertia.y / k, z: inertia.z / k };
}
