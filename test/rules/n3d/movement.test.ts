import { describe, expect, it } from 'vitest';
import {
  averagedInertia,
  blackHoleDeltaV,
  emergencyDeceleration,
  hexesToKm,
  inertiaHexesPerTurn,
  inertiaOnlyDeceleration,
  LEVEL,
  moveOneImpulse,
  orientation,
  type Body,
} from '../../../src/rules/n3d/index.ts';

const deg = (d: number) => Math.round(d * 10_000);
const hex = (h: number) => hexesToKm(h);
const body = (over: Partial<Body> = {}): Body => ({
  pos: { x: 0, y: 0, z: 0 },
  facing: LEVEL,
  speed: 0,
  thrust: 0,
  inertia: { x: 0, y: 0, z: 0 },
  ...over,
});
const run = (b: Body, n: number, step = (x: Body) => moveOneImpulse(x, null)) => {
  for (let i = 0; i < n; i++) b = step(b);
  return b;
};

describe('C2.111 impulse and inertia (hand-computed)', () => {
  it('inertia keeps moving the unit after the thrust stops: the second turn covers exactly 1 hex', () => {
    const first = run(body({ thrust: hex(1) }), 32);
    const second = run({ ...first, thrust: 0 }, 32);
    expect(second.pos.x - first.pos.x).toBe(10_000);
    expect(second.inertia.x).toBe(320_000);
  });

  it('C1.22: after a turn, accumulated inertia still carries the unit the old way', () => {
    const first = run(body({ thrust: hex(1) }), 32);
    const turned = run({ ...first, facing: orientation(0, deg(90), 0), thrust: 0 }, 32);
    expect(turned.pos.z).toBe(0);
    expect(turned.pos.x - first.pos.x).toBe(10_000);
  });

  it('warp and inertia add: speed 8 plus 1 hex/turn of inertia moves 0.25 + 1/32 hex per impulse', () => {
    const b = run(body({ speed: hex(8), inertia: { x: 320_000, y: 0, z: 0 } }), 32);
    expect(b.pos.x).toBe(90_000); // 8 + 1 hexes in a turn
  });

  it('thrust while facing yaw 90 builds inertia along +z only', () => {
    const b = run(body({ facing: orientation(0, deg(90), 0), thrust: hex(1) }), 4);
    expect(b.inertia).toEqual({ x: 0, y: 0, z: 40_000 });
  });

  it('thrust at yaw 45 builds 10,000·cos 45° = 7,071 per axis per impulse (rounded once per impulse)', () => {
    const b = run(body({ facing: orientation(0, deg(45), 0), thrust: hex(1) }), 2);
    expect(b.inertia).toEqual({ x: 14_142, y: 0, z: 14_142 });
  });

  it('half a point of thrust builds half the inertia: 0.5 hex/turn after a full turn', () => {
    const b = run(body({ thrust: hex(0.5) }), 32);
    expect(inertiaHexesPerTurn(b.inertia).x).toBe(0.5);
  });

  it('G10.511: in a web all inertia is lost, warp is reduced by the strength, thrust moves thrust/32 hex without accumulating', () => {
    const b = moveOneImpulse(body({ speed: hex(5), thrust: hex(1), inertia: { x: 320_000, y: 0, z: 0 } }), null, {
      webStrength: hex(3),
    });
    expect(b.inertia).toEqual({ x: 0, y: 0, z: 0 });
    expect(b.pos.x).toBe(938); // (5 − 3 + 1)/32 hex = 937.5 km, rounded half away with the −½ km carried
    expect(b.carry).toEqual({ x: -512, y: 0, z: 0 });
    const stuck = moveOneImpulse(body({ speed: hex(2) }), null, { webStrength: hex(3) });
    expect(stuck.pos).toEqual({ x: 0, y: 0, z: 0 });
  });

  it('P4.11: black-hole pull is added to inertia every impulse and accumulates', () => {
    const hole = { id: 'bh', pos: { x: 0, y: 0, z: 0 }, size: 10 };
    let b = body({ pos: { x: hex(3), y: hex(4), z: 0 } });
    const dv1 = blackHoleDeltaV(hole, b.pos);
    b = moveOneImpulse(b, null, { pull: dv1 });
    expect(b.inertia).toEqual(dv1);
    const dv2 = blackHoleDeltaV(hole, b.pos);
    b = moveOneImpulse(b, null, { pull: dv2 });
    expect(b.inertia).toEqual({ x: dv1.x + dv2.x, y: dv1.y + dv2.y, z: 0 });
    expect(b.pos.x).toBeLessThan(hex(3));
  });

  it('C8.0: Emergency Deceleration stops the unit and loses all inertia; Inertia-Only keeps warp and thrust', () => {
    const moving = body({ speed: hex(10), thrust: hex(1), inertia: { x: 5, y: 6, z: 7 } });
    expect(emergencyDeceleration(moving)).toMatchObject({ speed: 0, thrust: 0, inertia: { x: 0, y: 0, z: 0 } });
    expect(inertiaOnlyDeceleration(moving)).toMatchObject({
      speed: hex(10),
      thrust: hex(1),
      inertia: { x: 0, y: 0, z: 0 },
    });
  });

  it('C14.20: web-bound ships average their inertia', () => {
    expect(
      averagedInertia([
        { x: 320_000, y: 0, z: 0 },
        { x: 0, y: 0, z: -160_000 },
      ]),
    ).toEqual({ x: 160_000, y: 0, z: -80_000 });
  });

  it('digest N10 option: inertia read as hexes per impulse moves 32 times as far', () => {
    const b = moveOneImpulse(
      body({ thrust: hex(1) }),
      null,
      {},
      { inertiaUnits: 'per-impulse', impulseOrder: 'turn-accelerate-move' },
    );
    expect(b.pos.x).toBe(313); // 0.03125 hex = 312.5 km
    expect(inertiaHexesPerTurn(b.inertia, 'per-impulse').x).toBe(1);
  });

  it('a turn passed in is applied before moving (C3.1, turn → accelerate → move)', () => {
    const b = moveOneImpulse(body({ speed: hex(32) }), orientation(0, deg(90), 0));
    expect(b.facing.yaw).toBe(deg(90));
    expect(b.pos).toEqual({ x: 0, y: 0, z: 10_000 });
  });

  it('mirror-image motion gives mirror-image kilometres (rounding half away from zero)', () => {
    const east = moveOneImpulse(body({ facing: orientation(0, deg(-90), 0), speed: hex(1) }), null);
    const west = moveOneImpulse(body({ facing: orientation(0, deg(90), 0), speed: hex(1) }), null);
    expect(east.pos.z).toBe(-west.pos.z);
    expect(west.pos.z).toBe(313);
  });
});
