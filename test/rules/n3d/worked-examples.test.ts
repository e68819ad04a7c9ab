import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../../src/rules/dice.ts';
import { RuleViolation } from '../../../src/rules/errors.ts';
import {
  arcSummary,
  asteroidAxisKm,
  blackHoleDeltaV,
  blackHolePullHexes,
  checkTurn,
  esgCollides,
  esgStrength,
  explosionDamageAtKm,
  formatHexes,
  formatHexes4,
  hetBreakdownAngle,
  hetBreakdownFacing,
  hexesToKm,
  inAsteroidHex,
  inPitchArc,
  LEVEL,
  mayImpact,
  moveOneImpulse,
  orbitYawRateDegrees,
  orientation,
  pitchMounts,
  rangeBetween,
  relativeBearing,
  rollAsteroidField,
  turnModeLimit,
  webLayCost,
  type Body,
} from '../../../src/rules/n3d/index.ts';

/** Digest PART B §B.3: every worked example of SFB 'n3D, with the documented corrections. */

const deg = (d: number) => Math.round(d * 10_000);
const hex = (h: number) => hexesToKm(h);
const at = (x: number, y: number, z: number) => ({ x: hex(x), y: hex(y), z: hex(z) });
const body = (over: Partial<Body> = {}): Body => ({
  pos: at(0, 0, 0),
  facing: LEVEL,
  speed: 0,
  thrust: 0,
  inertia: { x: 0, y: 0, z: 0 },
  ...over,
});
const turn = (p: number, y: number, r: number) => ({ pitch: deg(p), yaw: deg(y), roll: deg(r) });

describe('B.3 worked examples from the document', () => {
  it('B.3 example N1 (C3.1): with a 9° turn mode, (8.2, 6.1, 3), (9, 9, 9), (9, 0, 0) and (−9, 9, −9) are all legal; 9.1 is not', () => {
    for (const t of [turn(8.2, 6.1, 3), turn(9, 9, 9), turn(9, 0, 0), turn(-9, 9, -9)])
      expect(() => checkTurn(t, deg(9))).not.toThrow();
    expect(() => checkTurn(turn(0, -9.1, 0), deg(9))).toThrow(RuleViolation);
  });

  it('B.3 example N2 (C1.4): 12.5 warp points at move cost 1 move 12.5 hexes in a turn = 125,000 km (the document says 150,000: corrected)', () => {
    let b = body({ speed: hex(12.5) });
    for (let i = 0; i < 32; i++) b = moveOneImpulse(b, null);
    expect(b.pos).toEqual({ x: 125_000, y: 0, z: 0 });
    expect(formatHexes(b.pos.x)).toBe('12.5');
  });

  it('B.3 example N3 (C12.21): speed 15 for half a turn moves 7.5 hexes', () => {
    let b = body({ speed: hex(15) });
    for (let i = 0; i < 16; i++) b = moveOneImpulse(b, null);
    expect(b.pos.x).toBe(75_000);
  });

  it('B.3 example N4 (D5.2): an explosion of strength 10 at 0.5 / 1 / 2 hexes does 40 / 10 / 2', () => {
    expect([0.5, 1, 2].map((d) => explosionDamageAtKm(10, hex(d)).damage)).toEqual([40, 10, 2]);
  });

  it('B.3 example N5 (D5.2): strength 10 at 0.01 hex does 100,000 by the formula (the printed 1,000 is the value at 0.1 hex)', () => {
    expect(explosionDamageAtKm(10, hex(0.01)).damage).toBe(100_000);
    expect(explosionDamageAtKm(10, hex(0.1)).damage).toBe(1_000); // a float 10/0.1² would floor to 999
  });

  it('B.3 example N6 (G10.211): a web between ships 0.1 / 1.1 / 1.0 hex apart costs 0.6 / 6.6 / 6 energy', () => {
    expect([0.1, 1.1, 1].map((d) => webLayCost(0, hex(d)))).toEqual(['0.6', '6.6', '6']);
  });

  it('B.3 example N7 (G10.211): ships 1 hex apart moving apart at speed 16 for one impulse are 2 apart: 6 more energy (3 each)', () => {
    const a = moveOneImpulse(body({ pos: at(0.5, 0, 0), speed: hex(16) }), null);
    const b = moveOneImpulse(body({ pos: at(-0.5, 0, 0), facing: orientation(0, deg(180), 0), speed: hex(16) }), null);
    const apart = rangeBetween(a.pos, b.pos).distanceKm;
    expect(apart).toBe(20_000);
    expect(webLayCost(10_000, apart)).toBe('6');
  });

  it('B.3 example N8 (G10.211): the same at speed 8 adds half a hex: 3 energy', () => {
    const a = moveOneImpulse(body({ pos: at(0.5, 0, 0), speed: hex(8) }), null);
    const b = moveOneImpulse(body({ pos: at(-0.5, 0, 0), facing: orientation(0, deg(180), 0), speed: hex(8) }), null);
    expect(webLayCost(10_000, rangeBetween(a.pos, b.pos).distanceKm)).toBe('3');
  });

  it('B.3 example N9 (G23.41): ESG radius 0.5, start at range 1, closing 0.1857 each per impulse: 0.6286 no collision, then 0.2572 collision', () => {
    const d2 = (h: number) => BigInt(hex(h)) ** 2n;
    const r = hex(0.5);
    expect(formatHexes4(hex(1 - 2 * 0.1857))).toBe('0.6286');
    expect(esgCollides(d2(1), d2(0.6286), r)).toBe(false);
    expect(formatHexes4(hex(0.6286 - 2 * 0.1857))).toBe('0.2572');
    expect(esgCollides(d2(0.6286), d2(0.2572), r)).toBe(true);
  });

  it('B.3 example N9 corrected: speed 6 is really 0.1875 hex per impulse: 0.625 then 0.25, still colliding on impulse 2', () => {
    let a = body({ pos: at(0.5, 0, 0), facing: orientation(0, deg(180), 0), speed: hex(6) });
    let b = body({ pos: at(-0.5, 0, 0), speed: hex(6) });
    const ranges: number[] = [];
    const hits: boolean[] = [];
    for (let i = 0; i < 2; i++) {
      const prev = rangeBetween(a.pos, b.pos).distanceKm;
      a = moveOneImpulse(a, null);
      b = moveOneImpulse(b, null);
      const cur = rangeBetween(a.pos, b.pos).distanceKm;
      ranges.push(cur);
      hits.push(esgCollides(BigInt(prev) ** 2n, BigInt(cur) ** 2n, hex(0.5)));
    }
    expect(ranges).toEqual([6_250, 2_500]);
    expect(hits).toEqual([false, true]);
  });

  it('B.3 example N10 (C6.541): 60·d6 + 10·d6 gives the same 36 facings as 10·d36, mod 360', () => {
    const twoDice = new Set<number>();
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) twoDice.add(hetBreakdownAngle(a, b));
    const d36 = new Set(Array.from({ length: 36 }, (_, i) => deg((10 * (i + 1)) % 360)));
    expect(twoDice.size).toBe(36);
    expect([...twoDice].sort((x, y) => x - y)).toEqual([...d36].sort((x, y) => x - y));
  });

  it('B.3 example N11 (D2.11): four weapons in a group are 2 Top and 2 Bottom', () => {
    expect(pitchMounts(4)).toMatchObject({ top: 2, center: 0, bottom: 2 });
  });

  it('B.3 example N12 (D2.11): five weapons are 2 Top, 1 Center, 2 Bottom', () => {
    expect(pitchMounts(5)).toMatchObject({ top: 2, center: 1, bottom: 2 });
  });

  it('B.3 example N13 (D2.11): six weapons are two groups of three, 2T 2C 2B (the printed 3/3/3 counts nine)', () => {
    const m = pitchMounts(6);
    expect(m).toMatchObject({ top: 2, center: 2, bottom: 2 });
    expect(m.order).toHaveLength(6);
  });

  it('B.3 example N14 (C3.31): seeking 0.9375 × S and the multi-hex formula with T = 1 both give 30° at S = 32', () => {
    expect(turnModeLimit({ kind: 'seeking' }, hex(32))).toBe(deg(30));
    expect(turnModeLimit({ kind: 'multi-hex', hexes: 1 }, hex(32))).toBe(deg(30));
    expect(turnModeLimit({ kind: 'multi-hex', hexes: 1 }, hex(32), 'literal')).toBe(deg(30));
  });

  it('B.3 example N15 (F2.3): at 0.9999 a seeking weapon may impact; at exactly 1.0000 it may not', () => {
    expect(mayImpact(at(0, 0, 0), at(0.9999, 0, 0))).toBe(true);
    expect(mayImpact(at(0, 0, 0), at(1, 0, 0))).toBe(false);
    expect(mayImpact(at(0, 0, 0), at(0.6, 0.8, 0))).toBe(false); // exactly 1 on a diagonal
  });
});

describe('B.3 derived tests (the recommended conventions, pinned)', () => {
  it('DN1: from the origin at θ = ψ = 0, speed 16, one impulse → (0.5, 0, 0)', () => {
    expect(moveOneImpulse(body({ speed: hex(16) }), null).pos).toEqual(at(0.5, 0, 0));
  });

  it('DN2: yaw 90, speed 32, one impulse → (0, 0, 1): west, the left of a north-facing ship', () => {
    expect(moveOneImpulse(body({ facing: orientation(0, deg(90), 0), speed: hex(32) }), null).pos).toEqual(at(0, 0, 1));
  });

  it('DN3: pitch 30, speed 32, one impulse → (0.8660, 0.5, 0)', () => {
    expect(moveOneImpulse(body({ facing: orientation(deg(30), 0, 0), speed: hex(32) }), null).pos).toEqual({
      x: 8_660,
      y: 5_000,
      z: 0,
    });
  });

  it('DN4: thrust 1 for 32 impulses from rest → inertia 1 hex/turn (+x); displacement 0.5156 (turn → accelerate → move)', () => {
    let b = body({ thrust: hex(1) });
    for (let i = 0; i < 32; i++) b = moveOneImpulse(b, null);
    expect(b.inertia).toEqual({ x: 320_000, y: 0, z: 0 });
    // 32·33/2/1024 hex = 5,156.25 km: location 5,156 km with the quarter km carried (C1.43).
    expect(b.pos.x).toBe(5_156);
    expect(b.carry).toEqual({ x: 256, y: 0, z: 0 });
    let late = body({ thrust: hex(1) });
    for (let i = 0; i < 32; i++)
      late = moveOneImpulse(late, null, {}, { inertiaUnits: 'per-turn', impulseOrder: 'turn-move-accelerate' });
    expect(late.pos.x).toBe(4_844); // the other order: 0.4844
  });

  it('DN5: shooter at the origin facing 0/0/0, target (1, 0, −1): rel. yaw −45 → bearing 45 → in RF, not in R; range 1', () => {
    const s = arcSummary(LEVEL, at(0, 0, 0), at(1, 0, -1));
    expect([s.relYaw, s.arcBearing]).toEqual([deg(-45), deg(45)]);
    expect(s.yawArcs).toContain('RF');
    expect(s.yawArcs).not.toContain('R');
    expect(rangeBetween(at(0, 0, 0), at(1, 0, -1)).range).toBe(1);
  });

  it('DN6: target (1, 1, 0) is at relative pitch 45: Top and Center, not Bottom', () => {
    const r = relativeBearing(LEVEL, at(0, 0, 0), at(1, 1, 0));
    expect(r.relPitch).toBe(deg(45));
    expect([inPitchArc('Top', r.relPitch), inPitchArc('Center', r.relPitch), inPitchArc('Bottom', r.relPitch)]).toEqual(
      [true, true, false],
    );
  });

  it('DN7: rolled 180°, the same target is at body pitch −45: Bottom yes, Top no', () => {
    const r = relativeBearing(orientation(0, 0, deg(180)), at(0, 0, 0), at(1, 1, 0));
    expect(r.relPitch).toBe(deg(-45));
    expect(inPitchArc('Bottom', r.relPitch)).toBe(true);
    expect(inPitchArc('Top', r.relPitch)).toBe(false);
  });

  it('DN8: class D at speed 16 turns 1.53 × 4 = 6.12°; class F at speed 1 gets the 1.5° floor (1.26 is less)', () => {
    expect(turnModeLimit({ kind: 'class', class: 'D' }, hex(16))).toBe(deg(6.12));
    expect(turnModeLimit({ kind: 'class', class: 'F' }, hex(1))).toBe(deg(1.5));
  });

  it('DN9: a seeking weapon at speed 20 turns 18.75°', () => {
    expect(turnModeLimit({ kind: 'seeking' }, hex(20))).toBe(deg(18.75));
  });

  it('DN10: strength 10 at 0.5 hex with the victim in a web: 10 − 5 = 5 → ⌊5 / 0.25⌋ = 20', () => {
    expect(explosionDamageAtKm(10, hex(0.5), true)).toEqual({ strength: 5, damage: 20, webReduction: 5 });
  });

  it('DN11: black hole size 10 at the origin, unit at (3, 4, 0): pull 0.4, change (−0.24, −0.32, 0)', () => {
    const hole = { id: 'bh', pos: at(0, 0, 0), size: 10 };
    const p = blackHolePullHexes(hole, at(3, 4, 0));
    expect(p.pull).toBeCloseTo(0.4, 12);
    expect(p.change.map((c) => Math.round(c * 1e6) / 1e6)).toEqual([-0.24, -0.32, 0]);
    expect(blackHoleDeltaV(hole, at(3, 4, 0))).toEqual({ x: -76_800, y: -102_400, z: 0 }); // × 320,000 inertia units per hex/turn
  });

  it('DN12: orbit yaw rate at distance 1 / 2 is 1.7905 / 0.8952 degrees per impulse', () => {
    expect(orbitYawRateDegrees(hex(1)).toFixed(4)).toBe('1.7905');
    expect(orbitYawRateDegrees(hex(2)).toFixed(4)).toBe('0.8952');
    expect(orbitYawRateDegrees(hex(1)) * 32 * 2 * Math.PI).toBeCloseTo(360, 9); // one orbit of 2π hexes at speed 1
  });

  it('DN13: ESG strength at radius 0 / 0.5 / 3 with 3 energy is 12 / 11.5 / 9', () => {
    expect([0, 0.5, 3].map((r) => esgStrength(hex(r), 3))).toEqual(['12', '11.5', '9']);
    expect(esgStrength(hex(2), 3)).toBe('10'); // (4 − 2/3) × 3, not 9.999…
    expect(esgStrength(hex(1), 1)).toBe('3.6667');
  });

  it('DN14: asteroid dice (3, 5) → 23 (mirrored: 2); radius die 4 → 1.3333', () => {
    expect(asteroidAxisKm(3, 5)).toBe(hex(23));
    expect(asteroidAxisKm(3, 5, '21')).toBe(hex(2));
    const [a] = rollAsteroidField(new SeededDice('00', 1, [3, 5, 3, 5, 3, 5, 4]), 'none', 1);
    expect(a).toEqual({ centre: at(23, 23, 23), radiusThirds: 4 });
    expect(inAsteroidHex(at(23 + 1.3333, 23, 23), a!)).toBe(true);
    expect(inAsteroidHex(at(23 + 1.3334, 23, 23), a!)).toBe(false);
  });

  it('DN15: HET breakdown dice (6, 6) → 420 → 60°', () => {
    expect(hetBreakdownAngle(6, 6)).toBe(deg(60));
    const facing = hetBreakdownFacing(new SeededDice('00', 1, [6, 6, 1, 1, 5, 3]));
    expect(facing).toEqual({ pitch: deg(60), yaw: deg(70), roll: deg(330) });
  });

  it('DN16: multi-hex turn mode T = 1 at speed 16: 15° per impulse (the printed formula gives 60°)', () => {
    expect(turnModeLimit({ kind: 'multi-hex', hexes: 1 }, hex(16))).toBe(deg(15));
    expect(turnModeLimit({ kind: 'multi-hex', hexes: 1 }, hex(16), 'literal')).toBe(deg(60));
  });
});
