import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../../src/rules/dice.ts';
import { RuleViolation } from '../../../src/rules/errors.ts';
import {
  addBlackHole,
  addUnit,
  addWeb,
  arcsOf,
  decelerate,
  establishOrbit,
  explosion,
  hetBreakdown,
  hexesToKm,
  launchSeeking,
  newEngagement,
  parseEngagement,
  placePickup,
  placeUnitFromHex,
  plot,
  plotsOf,
  plotStatus,
  publicView,
  rangeBetween,
  rangeTable,
  relativeBearing,
  removeUnit,
  runImpulses,
  setEsg,
  setUnit,
  steadyTurn,
  type Engagement,
  type ImpulseEvent,
} from '../../../src/rules/n3d/index.ts';

const deg = (d: number) => Math.round(d * 10_000);
const hex = (h: number) => hexesToKm(h);
const at = (x: number, y: number, z: number) => ({ x: hex(x), y: hex(y), z: hex(z) });
const classD = { kind: 'class', class: 'D' } as const;
const straight = (n: number) => steadyTurn({ pitch: 0, yaw: 0, roll: 0 }, n);

/** Alice's CA at the origin heading north at speed 16; Bob's D7 5 hexes north facing her. */
function duel(): Engagement {
  let e = newEngagement();
  e = addUnit(e, { id: 'CA', name: 'Enterprise', owner: 'alice', pos: at(0, 0, 0), speed: hex(16), turnMode: classD });
  e = addUnit(e, {
    id: 'D7',
    name: 'Devisor',
    owner: 'bob',
    pos: at(5, 0, 0),
    facing: { pitch: 0, yaw: deg(180), roll: 0 },
    speed: hex(8),
    turnMode: classD,
  });
  return e;
}

function fail(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof RuleViolation) return `${err.error.code} ${err.error.rule}`;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('secret simultaneous plots', () => {
  it('impulses are refused until every owner has plotted; the refusal names who is missing', () => {
    const e = plot(duel(), 'alice', 'CA', straight(4));
    expect(plotStatus(e, 4)).toEqual({ ready: 0, waitingOn: ['bob'], missing: ['D7'] });
    expect(fail(() => runImpulses(e, 4))).toBe('n3d/plots-missing C1.43');
  });

  it('the public view hides every plot (counts only); an owner sees only their own', () => {
    const e = plot(
      plot(duel(), 'alice', 'CA', straight(4)),
      'bob',
      'D7',
      steadyTurn({ pitch: 0, yaw: deg(3), roll: 0 }, 8),
    );
    const view = publicView(e);
    expect(view.plots).toEqual({});
    expect(view.plotted).toEqual({ CA: 4, D7: 8 });
    expect(JSON.stringify(view)).not.toContain(String(deg(3)));
    expect(Object.keys(plotsOf(e, 'alice'))).toEqual(['CA']);
  });

  it('only the owner may plot, and a turn over the limit is refused at plotting (C3.1)', () => {
    expect(fail(() => plot(duel(), 'bob', 'CA', straight(1)))).toBe('n3d/not-yours A3.15');
    // Class D at speed 16: 6.12°.
    expect(() =>
      plot(duel(), 'alice', 'CA', steadyTurn({ pitch: deg(6.12), yaw: deg(-6.12), roll: 0 }, 2)),
    ).not.toThrow();
    expect(fail(() => plot(duel(), 'alice', 'CA', steadyTurn({ pitch: 0, yaw: deg(6.13), roll: 0 }, 1)))).toBe(
      'n3d/turn-too-sharp C3.1',
    );
    expect(fail(() => plot(duel(), 'alice', 'CA', []))).toBe('n3d/plot-length C1.4');
  });

  it('running uses the plots up, moves everyone and reveals the turns as events', () => {
    let e = plot(duel(), 'alice', 'CA', straight(4));
    e = plot(e, 'bob', 'D7', steadyTurn({ pitch: 0, yaw: deg(3), roll: 0 }, 8));
    const { engagement, events } = runImpulses(e, 4);
    expect(engagement.impulse).toBe(4);
    expect(engagement.units[0]!.pos).toEqual(at(2, 0, 0)); // 4 × 0.5 hex
    expect(engagement.units[1]!.facing.yaw).toBe(deg(192));
    expect(engagement.plots).toEqual({ D7: steadyTurn({ pitch: 0, yaw: deg(3), roll: 0 }, 4) });
    expect(events.filter((x) => x.kind === 'turned' && x.unit === 'D7')).toHaveLength(4);
    expect(plotStatus(engagement, 1).waitingOn).toEqual(['alice']);
  });

  it('a forced run (GM or timer) treats a missing plot as no turn', () => {
    const { engagement } = runImpulses(plot(duel(), 'alice', 'CA', straight(2)), 2, { force: true });
    expect(engagement.units[1]!.pos).toEqual(at(4.5, 0, 0)); // 2 × 0.25 hex south
    expect(engagement.units[1]!.facing.yaw).toBe(deg(180));
  });

  it('after 32 impulses the next turn begins', () => {
    const e = plot(plot(duel(), 'alice', 'CA', straight(32)), 'bob', 'D7', straight(32));
    const { engagement } = runImpulses(e, 32);
    expect([engagement.turn, engagement.impulse]).toEqual([2, 0]);
    expect(engagement.units[0]!.pos.x).toBe(hex(16));
  });

  it('a plotted turn over a limit lowered since plotting is clamped, and the event says so', () => {
    let e = plot(duel(), 'alice', 'CA', steadyTurn({ pitch: 0, yaw: deg(6), roll: 0 }, 1));
    e = plot(setUnit(e, 'CA', { speed: hex(9) }), 'bob', 'D7', straight(1)); // class D at 9: 4.59°
    const { engagement, events } = runImpulses(e, 1);
    expect(engagement.units[0]!.facing.yaw).toBe(deg(4.59));
    expect(events).toContainEqual({
      kind: 'turn-clamped',
      turn: 1,
      impulse: 1,
      unit: 'CA',
      plotted: { pitch: 0, yaw: deg(6), roll: 0 },
      limit: deg(4.59),
    });
  });

  it('C6.0: a High Energy Turn plot sets any facing; C6.541 a breakdown rolls a new one', () => {
    let e = plot(duel(), 'alice', 'CA', [{ het: { pitch: 0, yaw: deg(180), roll: 0 } }]);
    e = plot(e, 'bob', 'D7', straight(1));
    const after = runImpulses(e, 1).engagement;
    expect(after.units[0]!.facing.yaw).toBe(deg(180));
    expect(after.units[0]!.pos).toEqual(at(-0.5, 0, 0));
    const broken = hetBreakdown(after, 'CA', new SeededDice('00', 1, [1, 1, 2, 3, 6, 6]));
    expect(broken.units[0]!.facing).toEqual({ pitch: deg(70), yaw: deg(150), roll: deg(60) });
  });
});

describe('tactical maneuvers and decelerations', () => {
  it('C5.21: a warp TAC starts only with a quarter turn and ends with it', () => {
    const mid = runImpulses(plot(plot(duel(), 'alice', 'CA', straight(3)), 'bob', 'D7', straight(3)), 3).engagement;
    expect(fail(() => setUnit(mid, 'CA', { tac: 'warp' }))).toBe('n3d/warp-tac-quarter C5.21');
    let e = setUnit(duel(), 'CA', { tac: 'warp', speed: 0 });
    e = plot(e, 'alice', 'CA', steadyTurn({ pitch: 0, yaw: deg(7.5), roll: 0 }, 8));
    e = plot(e, 'bob', 'D7', straight(9));
    const quarter = runImpulses(e, 8).engagement;
    expect(quarter.units[0]!.facing.yaw).toBe(deg(60));
    const next = runImpulses(plot(quarter, 'alice', 'CA', straight(1)), 1);
    expect(next.events).toContainEqual({ kind: 'warp-tac-ended', turn: 1, impulse: 9, unit: 'CA' });
    expect(next.engagement.units[0]!.tac).toBe('none');
  });

  it('C8.41: after an Emergency Deceleration no thrust for 32 impulses; Inertia-Only keeps warp', () => {
    const stopped = decelerate(setUnit(duel(), 'CA', { thrust: hex(1) }), 'CA', 'emergency');
    expect(stopped.units[0]).toMatchObject({ speed: 0, thrust: 0, inertia: { x: 0, y: 0, z: 0 } });
    expect(fail(() => setUnit(stopped, 'CA', { thrust: hex(1) }))).toBe('n3d/post-deceleration C8.41');
    const later = runImpulses(stopped, 32, { force: true }).engagement;
    expect(() => setUnit(later, 'CA', { thrust: hex(1) })).not.toThrow();
    const io = decelerate(duel(), 'D7', 'inertia-only');
    expect(io.units[1]!.speed).toBe(hex(8));
  });
});

describe('automatic movers', () => {
  it('C3.72: a base rotates at its fixed rate every impulse and cannot be plotted', () => {
    let e = addUnit(newEngagement(), {
      id: 'BS',
      name: 'Battle Station',
      owner: 'alice',
      kind: 'base',
      pos: at(0, 0, 0),
      turnMode: classD,
      baseRotation: { pitch: 0, yaw: deg(2.5), roll: 0 },
    });
    expect(fail(() => plot(e, 'alice', 'BS', straight(1)))).toBe('n3d/no-plot C3.72');
    e = runImpulses(e, 4).engagement;
    expect(e.units[0]!.facing.yaw).toBe(deg(10));
    expect(
      fail(() =>
        addUnit(newEngagement(), {
          id: 'X',
          name: 'X',
          owner: 'a',
          kind: 'base',
          pos: at(0, 0, 0),
          turnMode: classD,
          baseRotation: { pitch: deg(8), yaw: 0, roll: 0 },
        }),
      ),
    ).toBe('n3d/base-rotation C3.7');
  });

  it('F1.24 / F2.21 / F2.3: a drone launched at the target pursues it, impacts once within 0.9999 hex and leaves the board', () => {
    let e = launchSeeking(duel(), 'CA', { id: 'DR1', name: 'Drone', speed: hex(32), targetId: 'D7' });
    expect(e.units[2]).toMatchObject({ kind: 'seeking', seekTarget: 'D7', pos: at(0, 0, 0) });
    const impacts: ImpulseEvent[] = [];
    for (let i = 0; i < 5 && impacts.length === 0; i++) {
      e = plot(plot(e, 'alice', 'CA', straight(1)), 'bob', 'D7', straight(1));
      const r = runImpulses(e, 1);
      e = r.engagement;
      impacts.push(...r.events.filter((x) => x.kind === 'seeking-impact'));
    }
    // Drone 1 hex per impulse north, D7 closing 0.25: 5 → 3.75 → 2.5 → 1.25 → 0 apart by impulse 4.
    expect(impacts).toEqual([
      { kind: 'seeking-impact', turn: 1, impulse: 4, unit: 'DR1', target: 'D7', distanceKm: 0 },
    ]);
    expect(e.units.map((u) => u.id)).toEqual(['CA', 'D7']);
  });

  it('F2.3 a seeking weapon exactly 1.0000 hex from its target is not in its hex: no impact, it stays on the board', () => {
    // A slow drone (speed 8: 0.25 hex per impulse) launched 1.25 hexes from a target that stands still.
    let e = setUnit(duel(), 'D7', { pos: at(1.25, 0, 0), speed: 0 });
    e = launchSeeking(e, 'CA', { id: 'DR1', name: 'Drone', speed: hex(8), targetId: 'D7' });
    e = plot(plot(e, 'alice', 'CA', straight(1)), 'bob', 'D7', straight(1));
    const r = runImpulses(e, 1);
    expect(r.events.filter((x) => x.kind === 'seeking-impact')).toEqual([]);
    expect(r.engagement.units.find((u) => u.id === 'DR1')!.pos).toEqual(at(0.25, 0, 0));
  });

  it('F1.24: a target outside FA Center is refused at launch', () => {
    const e = setUnit(duel(), 'CA', { facing: { pitch: 0, yaw: deg(180), roll: 0 } });
    expect(fail(() => launchSeeking(e, 'CA', { id: 'DR1', name: 'Drone', speed: hex(20), targetId: 'D7' }))).toBe(
      'n3d/seeking-launch-arc F1.24',
    );
  });

  it('G23.41: the expanding sphere collides with a unit crossing its radius', () => {
    let e = setEsg(duel(), 'D7', { radiusKm: hex(2), energy: '3' });
    const hits = [];
    for (let i = 0; i < 5; i++) {
      e = plot(plot(e, 'alice', 'CA', straight(1)), 'bob', 'D7', straight(1));
      const r = runImpulses(e, 1);
      e = r.engagement;
      hits.push(...r.events.filter((x) => x.kind === 'esg-collision'));
    }
    // Closing 0.75 hex per impulse from 5: 4.25, 3.5, 2.75, 2.0 (exactly on the radius) → impulse 4.
    expect(hits).toEqual([{ kind: 'esg-collision', turn: 1, impulse: 4, generator: 'D7', unit: 'CA', strength: '10' }]);
  });

  it('P8.41: orbit needs range 3 or less and no movement; then the unit circles at its radius and needs no plot', () => {
    const planet = at(0, 0, 2);
    expect(fail(() => establishOrbit(duel(), 'CA', planet, 'left'))).toBe('n3d/orbit-moving P8.41');
    const still = setUnit(duel(), 'CA', { speed: 0 });
    expect(fail(() => establishOrbit(still, 'CA', at(0, 0, 3.0001), 'left'))).toBe('n3d/orbit-range P8.41');
    let e = establishOrbit(still, 'CA', planet, 'left');
    expect(e.units[0]!.speed).toBe(hex(1));
    expect(plotStatus(e, 1).missing).toEqual(['D7']);
    e = runImpulses(plot(e, 'bob', 'D7', straight(32)), 32).engagement;
    const ca = e.units[0]!;
    expect(Math.abs(rangeBetween(ca.pos, planet).distanceKm - hex(2))).toBeLessThanOrEqual(1);
    expect(Math.abs(relativeBearing(ca.facing, ca.pos, planet).relYaw - deg(90))).toBeLessThanOrEqual(1);
    const left = setUnit(e, 'CA', { speed: hex(4) });
    expect(left.units[0]!.orbit).toBeUndefined();
  });

  it('G10.511: a unit in a powered web loses its inertia and its warp is cut by the web strength', () => {
    let e = addUnit(newEngagement(), { id: 'T1', name: 'Tholian', owner: 'tom', pos: at(0, 0, 10), turnMode: classD });
    e = addUnit(e, { id: 'T2', name: 'Tholian', owner: 'tom', pos: at(10, 0, 10), turnMode: classD });
    e = addUnit(e, {
      id: 'CA',
      name: 'Enterprise',
      owner: 'alice',
      pos: at(5, 0, 8.5),
      speed: hex(16),
      turnMode: classD,
    });
    e = { ...e, units: e.units.map((u) => (u.id === 'CA' ? { ...u, inertia: { x: 320_000, y: 0, z: 0 } } : u)) };
    e = addWeb(e, { id: 'W', anchors: [{ unit: 'T1' }, { unit: 'T2' }], traditionalStrength: 3 }); // 'n3D strength 12
    e = plot(plot(plot(e, 'tom', 'T1', straight(1)), 'tom', 'T2', straight(1)), 'alice', 'CA', straight(1));
    const ca = runImpulses(e, 1).engagement.units[2]!;
    expect(ca.inertia).toEqual({ x: 0, y: 0, z: 0 });
    expect(ca.pos.x).toBe(hex(5) + 1_250); // (16 − 12)/32 hex
  });

  it('P4.11: a black hole pulls every unit toward it each impulse', () => {
    let e = addBlackHole(duel(), { id: 'BH', pos: at(0, 0, 5), size: 1 });
    e = runImpulses(plot(plot(e, 'alice', 'CA', straight(2)), 'bob', 'D7', straight(2)), 2).engagement;
    expect(e.units[0]!.inertia.z).toBeGreaterThan(0);
    expect(e.units[0]!.pos.z).toBeGreaterThan(0);
  });
});

describe('reports', () => {
  it('D1.4 range table: every ordered pair with range and where each sees the other', () => {
    const rows = rangeTable(duel());
    expect(rows.map((r) => [r.from, r.to, r.range, r.arcBearing])).toEqual([
      ['CA', 'D7', 5, 0],
      ['D7', 'CA', 5, 0],
    ]);
  });

  it('D2 arcs of a shooter on a target, with web blocking', () => {
    let e = addUnit(duel(), { id: 'T', name: 'Tholian', owner: 'tom', pos: at(2.5, 0, -3), turnMode: classD });
    e = addWeb(e, { id: 'W', anchors: [{ unit: 'T' }, { point: at(2.5, 0, 3) }], traditionalStrength: 2 });
    const a = arcsOf(e, 'CA', 'D7');
    expect(a).toMatchObject({
      range: 5,
      arcBearing: 0,
      relPitch: 0,
      mounts: ['Top', 'Center', 'Bottom'],
      mauler: true,
      blockedByWeb: ['W'],
    });
    expect(a.yawArcs).toEqual(expect.arrayContaining(['RF', 'LF', 'FA', 'FH']));
  });

  it('D5.2 explosion at a unit: everyone else hit by strength ÷ distance², floored', () => {
    let e = addUnit(duel(), { id: 'FF', name: 'Frigate', owner: 'alice', pos: at(5, 0, 0.5), turnMode: classD });
    e = addUnit(e, { id: 'DD', name: 'Destroyer', owner: 'alice', pos: at(5, 2, 0), turnMode: classD });
    const hits = explosion(e, { unit: 'D7' }, 10);
    expect(hits.map((h) => [h.unit, h.damage])).toEqual([
      ['CA', 0], // 10 / 25
      ['FF', 40],
      ['DD', 2],
    ]);
  });

  it('S3D1 placement from a battle card and S3D2.1 pickup placement', () => {
    const e = placeUnitFromHex(newEngagement(), {
      id: 'CA',
      name: 'Enterprise',
      owner: 'alice',
      turnMode: classD,
      hex: '0102',
      hexFacing: 'A',
    });
    expect(e.units[0]!.pos).toEqual({ x: -20_000, y: 0, z: -8_661 });
    const p = placePickup(
      newEngagement(),
      [{ id: 'A1', name: 'A1', owner: 'a', turnMode: classD }],
      [{ id: 'B1', name: 'B1', owner: 'b', turnMode: classD }],
    );
    expect(rangeTable(p)[0]).toMatchObject({ range: 200, arcBearing: 0 });
  });
});

describe('state handling', () => {
  it('is pure: running does not change the engagement passed in', () => {
    const e = plot(plot(duel(), 'alice', 'CA', straight(4)), 'bob', 'D7', straight(4));
    const copy = structuredClone(e);
    runImpulses(e, 4);
    expect(e).toEqual(copy);
  });

  it('round-trips through JSON and parseEngagement; broken state is refused', () => {
    const e = runImpulses(plot(plot(duel(), 'alice', 'CA', straight(5)), 'bob', 'D7', straight(3)), 3).engagement;
    const back = parseEngagement(JSON.parse(JSON.stringify(e)));
    expect(back).toEqual({ ok: true, value: e });
    expect(parseEngagement({ ...e, impulse: 40 }).ok).toBe(false);
    expect(parseEngagement({ ...e, plots: { GHOST: [] } }).ok).toBe(false);
    expect(parseEngagement({ ...e, units: [e.units[0], e.units[0]] }).ok).toBe(false);
  });

  it('removing a unit drops its plots, stops drones chasing it and dissolves a two-anchor web', () => {
    let e = launchSeeking(duel(), 'CA', { id: 'DR', name: 'Drone', speed: hex(20), targetId: 'D7' });
    e = addWeb(e, { id: 'W', anchors: [{ unit: 'D7' }, { point: at(9, 0, 0) }], traditionalStrength: 1 });
    e = plot(e, 'bob', 'D7', straight(2));
    const gone = removeUnit(e, 'D7');
    expect(gone.plots).toEqual({});
    expect(gone.units.find((u) => u.id === 'DR')!.seekTarget).toBeUndefined();
    expect(gone.webs).toEqual([]);
  });

  it('bad units are refused: duplicate id, too much thrust', () => {
    expect(fail(() => addUnit(duel(), { id: 'CA', name: 'x', owner: 'a', pos: at(0, 0, 0), turnMode: classD }))).toBe(
      'n3d/duplicate-unit A3.15',
    );
    expect(fail(() => setUnit(duel(), 'CA', { thrust: hex(1.5) }))).toBe('n3d/bad-thrust C2.111');
    expect(fail(() => setUnit(duel(), 'XX', {}))).toBe('n3d/no-unit A3.15');
  });
});
