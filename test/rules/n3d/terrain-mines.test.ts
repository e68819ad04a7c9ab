import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../../src/rules/dice.ts';
import { RuleViolation } from '../../../src/rules/errors.ts';
import {
  addBody,
  addUnit,
  addWeb,
  arcsOf,
  chartImpulses,
  chartSpeed,
  EXAMPLE_ASTEROID_FIELD,
  exampleAsteroidField,
  hexesToKm,
  launchSeeking,
  layMine,
  minesOf,
  movesOnImpulse,
  newEngagement,
  parseEngagement,
  parseLaunchMount,
  placeAsteroidField,
  publicView,
  replaceBody,
  runImpulses,
  setUnit,
  type Engagement,
  type ImpulseEvent,
  type N3dBody,
} from '../../../src/rules/n3d/index.ts';

const deg = (d: number) => Math.round(d * 10_000);
const hex = (h: number) => hexesToKm(h);
const at = (x: number, y: number, z: number) => ({ x: hex(x), y: hex(y), z: hex(z) });
const classD = { kind: 'class', class: 'D' } as const;

function ship(e: Engagement, id: string, pos: ReturnType<typeof at>, speed = 0, yaw = 0, owner = 'alice'): Engagement {
  return addUnit(e, {
    id,
    name: id,
    owner,
    pos,
    facing: { pitch: 0, yaw: deg(yaw), roll: 0 },
    speed: hex(speed),
    turnMode: classD,
  });
}

function codeOf(f: () => unknown): string {
  try {
    f();
  } catch (err) {
    if (err instanceof RuleViolation) return err.error.code;
    throw err;
  }
  return 'no refusal';
}

/** Runs `n` impulses with every ship flying straight (a GM's forced run: nothing is plotted). */
function fly(e: Engagement, n: number): { engagement: Engagement; events: ImpulseEvent[] } {
  return runImpulses(e, n, { force: true });
}

const kinds = (events: ImpulseEvent[], kind: ImpulseEvent['kind']) => events.filter((ev) => ev.kind === kind);

describe("'n3D traditional impulse chart (M2.40, P2.223, P3.2)", () => {
  it('M2.40 the chart spreads speed S over 32 impulses: 1 on 32; 3 on 11, 22, 32; 5 on 7, 13, 20, 26, 32', () => {
    expect(chartImpulses(1)).toEqual([32]);
    expect(chartImpulses(3)).toEqual([11, 22, 32]);
    expect(chartImpulses(5)).toEqual([7, 13, 20, 26, 32]);
    expect(chartImpulses(16)).toEqual(Array.from({ length: 16 }, (_, k) => 2 * k + 2));
    expect(chartImpulses(32)).toHaveLength(32);
    expect(chartImpulses(0)).toEqual([]);
  });
  it('M2.40 the chart speed is what the unit moves at: warp speed plus inertia, less a web (G10.511)', () => {
    const facing = { pitch: 0, yaw: 0, roll: 0 };
    // One hex per turn of inertia (320,000 stored units) and no warp: speed 1.
    expect(chartSpeed({ facing, speed: 0, inertia: { x: 320_000, y: 0, z: 0 } })).toBe(1);
    expect(chartSpeed({ facing, speed: hex(5), inertia: { x: 320_000, y: 0, z: 0 } })).toBe(6);
    // Inertia backwards slows it: 5 − 1.
    expect(chartSpeed({ facing, speed: hex(5), inertia: { x: -320_000, y: 0, z: 0 } })).toBe(4);
    expect(chartSpeed({ facing, speed: hex(8), inertia: { x: 0, y: 0, z: 0 } }, hex(4))).toBe(4);
    expect(chartSpeed({ facing, speed: hex(40), inertia: { x: 0, y: 0, z: 0 } })).toBe(32);
  });

  it('M2.40 a fractional speed moves on the chart of its whole part (12.5 as 12)', () => {
    for (let i = 1; i <= 32; i++) expect(movesOnImpulse(12.5, i)).toBe(movesOnImpulse(12, i));
  });
});

describe("'n3D mines (M2.40, M2.50)", () => {
  function mined(): Engagement {
    let e = newEngagement();
    e = ship(e, 'A', at(0, 0, 0), 1);
    e = ship(e, 'L', at(0.5, 0, 0), 0, 0, 'bob');
    e = layMine(e, 'bob', 'L', { id: 'M1', strength: 10, radiusKm: hex(1) });
    // The layer steams off: 5 hexes from its mine it takes 10 ÷ 25 = 0.
    return setUnit(e, 'L', { pos: at(5.5, 0, 0) });
  }

  it('M2.40 a unit in the detonation zone sets the mine off only on an impulse it moves on the impulse chart', () => {
    const first = fly(mined(), 31);
    expect(kinds(first.events, 'mine-detonated')).toEqual([]);
    expect(first.engagement.mines).toHaveLength(1);
    const last = fly(first.engagement, 1);
    const [boom] = kinds(last.events, 'mine-detonated');
    expect(boom).toMatchObject({ impulse: 32, mine: 'M1', triggeredBy: ['A'], strength: 10 });
    expect(last.engagement.mines).toEqual([]);
  });

  it('M2.50 the mine explodes like a ship: strength ÷ distance², fractions dropped (B.3 N4: 10 at 0.5 hex → 40)', () => {
    const { events } = fly(mined(), 32);
    const boom = kinds(events, 'mine-detonated')[0];
    if (boom?.kind !== 'mine-detonated') throw new Error('no detonation');
    // A moved one hex at speed 1: from 0.5 hex behind the mine to 0.5 hex past it.
    expect(boom.hits.find((h) => h.unit === 'A')).toMatchObject({ distanceKm: 5_000, damage: 40 });
    expect(boom.hits.find((h) => h.unit === 'L')).toMatchObject({ distanceKm: 50_000, damage: 0 });
  });

  it('M2.40 a unit at rest in the zone never sets it off; the detection radius is the owner’s setting', () => {
    let e = newEngagement();
    e = ship(e, 'A', at(0.2, 0, 0), 0);
    e = ship(e, 'L', at(0, 0, 0), 0, 0, 'bob');
    e = layMine(e, 'bob', 'L', { id: 'M1', strength: 10, radiusKm: hex(0.5) });
    expect(kinds(fly(e, 32).events, 'mine-detonated')).toEqual([]);
    expect(codeOf(() => layMine(e, 'bob', 'L', { id: 'M2', strength: 10, radiusKm: hex(1.5) }))).toBe(
      'n3d/mine-radius',
    );
    expect(codeOf(() => layMine(e, 'alice', 'L', { id: 'M3', strength: 10, radiusKm: hex(1) }))).toBe('n3d/not-yours');
  });

  it('M2.50, G10.72 B.3 DN10: a mine of 10 in a web, victim at 0.5 hex: 10 − 5 = 5, 5 ÷ 0.25 = 20; the web also slows the victim’s chart speed (G10.511)', () => {
    let e = newEngagement();
    e = ship(e, 'L', at(0, 0, 0), 0, 0, 'bob');
    e = layMine(e, 'bob', 'L', { id: 'M1', strength: 10, radiusKm: hex(0.5) });
    e = setUnit(e, 'L', { pos: at(0, 0, 5) });
    e = addWeb(e, { id: 'W', anchors: [{ point: at(-10, 0, 0) }, { point: at(10, 0, 0) }], traditionalStrength: 1 });
    // Speed 8 less web strength 4 moves at 4: on impulses 8, 16, 24 and 32 of the chart.
    e = ship(e, 'A', at(-1.5, 0, 0), 8);
    const first = fly(e, 7);
    expect(kinds(first.events, 'mine-detonated')).toEqual([]);
    const { events } = fly(first.engagement, 1);
    const boom = kinds(events, 'mine-detonated')[0];
    if (boom?.kind !== 'mine-detonated') throw new Error('no detonation');
    expect(boom.impulse).toBe(8);
    expect(boom.hits.find((h) => h.unit === 'A')).toEqual({
      unit: 'A',
      distanceKm: 5_000,
      damage: 20,
      webReduction: 5,
    });
  });

  it('M2.40 mines are secret: the public view has none, each owner sees only their own', () => {
    const e = mined();
    expect(publicView(e).mines).toEqual([]);
    expect(minesOf(e, 'bob').map((m) => m.id)).toEqual(['M1']);
    expect(minesOf(e, 'alice')).toEqual([]);
  });

  it('A3.15 an engagement stored before terrain and mines loads with none', () => {
    const { bodies: _b, asteroids: _a, mines: _m, ...old } = newEngagement();
    const parsed = parseEngagement(JSON.parse(JSON.stringify(old)));
    expect(parsed.ok && [parsed.value.bodies, parsed.value.asteroids, parsed.value.mines]).toEqual([[], [], []]);
  });
});

describe("'n3D planets, moons and rings (P2.1, P2.223, P2.231)", () => {
  const planet: N3dBody = {
    id: 'P',
    name: 'Planet',
    kind: 'class-m-planet',
    centre: at(3, 0, 0),
    radiusKm: 1_500,
    atmosphereKm: 1_999,
  };

  it('P2.1 a unit whose range from the centre falls below the radius collides or lands, on that impulse', () => {
    let e = addBody(newEngagement(), planet);
    e = ship(e, 'A', at(0, 0, 0), 16);
    const { events } = fly(e, 8);
    expect(kinds(events, 'body-contact')).toEqual([
      { kind: 'body-contact', turn: 1, impulse: 6, unit: 'A', body: 'P' },
    ]);
  });

  it('P2.1 passing within the atmosphere radius but outside the planet is "in the atmosphere", not a collision', () => {
    let e = addBody(newEngagement(), planet);
    e = ship(e, 'A', { x: 0, y: 1_800, z: 0 }, 16);
    const { events } = fly(e, 12);
    expect(kinds(events, 'body-contact')).toEqual([]);
    expect(kinds(events, 'atmosphere-entered').map((ev) => ev.impulse)).toEqual([6]);
  });

  it('P2.1 the players may correct a body the card placed; the same checks apply', () => {
    const e = addBody(newEngagement(), planet);
    expect(replaceBody(e, { ...planet, radiusKm: 1_800 }).bodies[0]!.radiusKm).toBe(1_800);
    expect(codeOf(() => replaceBody(e, { ...planet, atmosphereKm: 2_500 }))).toBe('n3d/body-atmosphere');
    expect(codeOf(() => replaceBody(e, { ...planet, id: 'Q' }))).toBe('n3d/no-body');
    expect(codeOf(() => addBody(e, planet))).toBe('n3d/duplicate-body');
  });

  it('P2.1 the atmosphere radius of a class M planet must be less than two tenths of a hex', () => {
    expect(codeOf(() => addBody(newEngagement(), { ...planet, atmosphereKm: 2_000 }))).toBe('n3d/body-atmosphere');
    expect(codeOf(() => addBody(newEngagement(), { ...planet, atmosphereKm: 1_000 }))).toBe('n3d/body-atmosphere');
    expect(
      addBody(newEngagement(), { ...planet, kind: 'gas-giant', radiusKm: 30_000, atmosphereKm: 35_000 }).bodies,
    ).toHaveLength(1);
  });

  it('P2.1 fire is blocked when the line of sight passes through a planet or small moon', () => {
    let e = addBody(newEngagement(), planet);
    e = ship(e, 'S', at(0, 0, 0));
    e = ship(e, 'T', at(6, 0, 0));
    e = ship(e, 'U', at(6, 0.5, 0));
    expect(arcsOf(e, 'S', 'T').blockedByBody).toEqual(['P']);
    expect(arcsOf(e, 'S', 'U').blockedByBody).toEqual([]);
  });

  it('P2.231 a small moon is a sphere too: no collision chart, the range decides', () => {
    let e = addBody(newEngagement(), {
      id: 'm',
      name: 'Moon',
      kind: 'small-moon',
      centre: at(1, 0, 0),
      radiusKm: 1_000,
    });
    // Speed 32 covers a hex per impulse: the path, not only where it ends, meets the moon.
    e = ship(e, 'A', at(0.5, 0, 0), 32);
    expect(kinds(fly(e, 1).events, 'body-contact')).toHaveLength(1);
  });

  it('P2.223 ring damage only on the impulses the unit would move on the traditional chart', () => {
    let e = addBody(newEngagement(), {
      id: 'G',
      name: 'Giant',
      kind: 'gas-giant',
      centre: at(0, 0, 0),
      radiusKm: hex(1),
      ring: { innerKm: hex(2), outerKm: hex(5) },
    });
    e = ship(e, 'A', at(3, 0, 0), 3, 90);
    const { events } = fly(e, 32);
    expect(kinds(events, 'ring-damage').map((ev) => ev.impulse)).toEqual([11, 22, 32]);
    expect(
      codeOf(() =>
        addBody(newEngagement(), {
          id: 'G',
          name: 'Giant',
          kind: 'gas-giant',
          centre: at(0, 0, 0),
          radiusKm: 1_500,
          ring: { innerKm: 1_000, outerKm: 5_000 },
        }),
      ),
    ).toBe('n3d/ring-size');
  });
});

describe("'n3D asteroid fields (P3.11, P3.12, P3.2)", () => {
  it('P3.2 asteroid damage only on impulses the unit would move on the traditional chart, while inside the sphere', () => {
    let e = placeAsteroidField(newEngagement(), { example: [{ centre: at(0, 0, 0), radiusThirds: 6 }] });
    e = ship(e, 'A', at(0, 0, 0), 2);
    const { events } = fly(e, 32);
    // Speed 2 moves on 16 and 32; at 32 it is exactly 2 hexes out: no longer within the radius.
    expect(kinds(events, 'asteroid-damage')).toEqual([
      { kind: 'asteroid-damage', turn: 1, impulse: 16, unit: 'A', asteroid: 1, speed: 2 },
    ]);
  });

  it('P3.11 the example field is placed with its (0, 0, 0) on the given origin', () => {
    const e = placeAsteroidField(newEngagement(), { example: exampleAsteroidField() }, at(-30, 0, -30));
    expect(e.asteroids).toHaveLength(54);
    const first = EXAMPLE_ASTEROID_FIELD[0]!;
    expect(e.asteroids[0]!.centre).toEqual(at(first.x - 30, first.y, first.z - 30));
  });

  it('P3.11 B.3 DN14: dice 3 and 5 give 23 (mirrored 2); a radius die of 4 is 4/3 hex', () => {
    const dice = new SeededDice('00'.repeat(32), 1, [3, 5, 3, 5, 3, 5, 4]);
    const mirrored = placeAsteroidField(newEngagement(), { dice, mirror: '21', seed: 'abc' }).asteroids;
    expect(mirrored[0]).toEqual({ centre: at(2, 2, 2), radiusThirds: 4 });
  });

  it('P3.12 a line of fire is told how many asteroid hexes it crosses', () => {
    let e = placeAsteroidField(newEngagement(), { example: [{ centre: at(3, 0, 0), radiusThirds: 3 }] });
    e = ship(e, 'S', at(0, 0, 0));
    e = ship(e, 'T', at(6, 0, 0));
    e = ship(e, 'U', at(0, 3, 0));
    expect(arcsOf(e, 'S', 'T').asteroidHexes).toBe(1);
    expect(arcsOf(e, 'S', 'U').asteroidHexes).toBe(0);
  });
});

describe("'n3D ballistic targeting (F4) and launch mounts (FP3.1, D2.34, D2.35)", () => {
  function range(): Engagement {
    let e = newEngagement();
    e = ship(e, 'L', at(0, 0, 0));
    e = ship(e, 'T', at(5, 0, 0), 16, 90, 'bob');
    return ship(e, 'U', at(8, 0, 0), 0, 0, 'bob');
  }

  it('F4 a ballistic weapon flies straight at where the target was and strikes the first unit within one hex (B.3 N15: 1.0000 is not the same hex)', () => {
    const e = launchSeeking(range(), 'L', { id: 'D1', name: 'Drone', speed: hex(32), targetId: 'T', ballistic: true });
    expect(e.units.find((u) => u.id === 'D1')).toMatchObject({ ballistic: true, launcher: 'L' });
    const seven = fly(e, 7);
    // After 7 impulses the drone is at x = 7: T has moved 3.5 hexes west, U is exactly 1.0000 away.
    expect(seven.engagement.units.find((u) => u.id === 'D1')!.pos).toEqual(at(7, 0, 0));
    expect(kinds(seven.events, 'ballistic-impact')).toEqual([]);
    const eight = fly(seven.engagement, 1);
    expect(kinds(eight.events, 'ballistic-impact')).toEqual([
      { kind: 'ballistic-impact', turn: 1, impulse: 8, unit: 'D1', target: 'U', distanceKm: 0 },
    ]);
    expect(eight.engagement.units.some((u) => u.id === 'D1')).toBe(false);
  });

  it('F2.21 the same drone launched normally turns after T instead and never reaches U', () => {
    const e = launchSeeking(range(), 'L', { id: 'D1', name: 'Drone', speed: hex(32), targetId: 'T' });
    const { events } = fly(e, 8);
    expect(kinds(events, 'ballistic-impact')).toEqual([]);
    expect(kinds(events, 'seeking-impact').map((ev) => (ev.kind === 'seeking-impact' ? ev.target : ''))).toEqual(['T']);
  });

  it('FP3.1 a fixed FA tube places the torpedo with the firer’s pitch, yaw and roll; an RA tube turns it 180° (target then out of its FA arc, F1.24)', () => {
    const e = range();
    const fa = launchSeeking(e, 'L', {
      id: 'P1',
      name: 'Plasma',
      speed: hex(32),
      targetId: 'U',
      mount: parseLaunchMount('FA'),
    });
    expect(fa.units.find((u) => u.id === 'P1')!.facing).toEqual({ pitch: 0, yaw: 0, roll: 0 });
    expect(
      codeOf(() =>
        launchSeeking(e, 'L', { id: 'P2', name: 'P', speed: hex(32), targetId: 'U', mount: parseLaunchMount('RA') }),
      ),
    ).toBe('n3d/seeking-launch-arc');
    expect(
      codeOf(() =>
        launchSeeking(e, 'L', {
          id: 'P3',
          name: 'P',
          speed: hex(32),
          targetId: 'U',
          mount: parseLaunchMount('FA'),
          bearing: deg(10),
        }),
      ),
    ).toBe('n3d/tube-bearing');
  });

  it('FP3.1 from a launcher wider than 120° the torpedo’s FA arc must lie inside the launcher’s: an FX torpedo faces at most 60° off', () => {
    let e = newEngagement();
    e = ship(e, 'L', at(0, 0, 0));
    e = ship(e, 'S', at(0, 0, -5), 0, 0, 'bob'); // starboard beam: bearing 90
    const fx = launchSeeking(e, 'L', {
      id: 'P1',
      name: 'P',
      speed: hex(32),
      targetId: 'S',
      mount: parseLaunchMount('FX'),
    });
    // Placed as near the target as the launcher allows: bearing 60, i.e. yaw −60° (+ = left).
    expect(fx.units.find((u) => u.id === 'P1')!.facing.yaw).toBe(deg(300));
    expect(
      codeOf(() =>
        launchSeeking(e, 'L', {
          id: 'P2',
          name: 'P',
          speed: hex(32),
          targetId: 'S',
          mount: parseLaunchMount('FX'),
          bearing: deg(70),
        }),
      ),
    ).toBe('n3d/tube-bearing');
  });

  it('D2.34 a swivel torpedo faces the target when it can (within 120° of the mount centre); D2.35 ISC rear torpedoes face 120° or 240° off', () => {
    let e = newEngagement();
    e = ship(e, 'L', at(0, 0, 0));
    e = ship(e, 'S', at(0, 0, -5), 0, 0, 'bob');
    const fp = launchSeeking(e, 'L', {
      id: 'P1',
      name: 'P',
      speed: hex(32),
      targetId: 'S',
      mount: parseLaunchMount('FP'),
    });
    expect(fp.units.find((u) => u.id === 'P1')!.facing.yaw).toBe(deg(270));
    const isc = launchSeeking(e, 'L', {
      id: 'P2',
      name: 'P',
      speed: hex(32),
      targetId: 'S',
      mount: parseLaunchMount('ISC-R'),
    });
    expect(isc.units.find((u) => u.id === 'P2')!.facing.yaw).toBe(deg(240));
    expect(codeOf(() => parseLaunchMount('XYZ'))).toBe('n3d/bad-mount');
    expect(
      codeOf(() =>
        launchSeeking(e, 'L', {
          id: 'P3',
          name: 'P',
          speed: hex(32),
          targetId: 'S',
          mount: parseLaunchMount('FA'),
          ballistic: true,
        }),
      ),
    ).toBe('n3d/ballistic-mount');
  });
});
