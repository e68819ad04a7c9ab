import { describe, expect, it } from 'vitest';
import { RuleViolation } from '../../../src/rules/errors.ts';
import {
  arcSummary,
  fixedTubeTorpedoFacing,
  hexesToKm,
  inYawArc,
  iscRearTorpedoFacing,
  LEVEL,
  orientation,
  pitchMounts,
  pursuitFacing,
  relativeBearing,
  seekingLaunchFacing,
  swivelTorpedoFacing,
  weaponInArc,
} from '../../../src/rules/n3d/index.ts';

const deg = (d: number) => Math.round(d * 10_000);
const at = (x: number, y: number, z: number) => ({ x: hexesToKm(x), y: hexesToKm(y), z: hexesToKm(z) });
const O = at(0, 0, 0);
/** A level target at bearing b (+ = starboard) one hex away. */
const bearingTarget = (b: number) => at(Math.cos((b * Math.PI) / 180), 0, -Math.sin((b * Math.PI) / 180));

describe('D2.12 yaw arcs (10° wider than the traditional arcs, + = starboard)', () => {
  it('RF spans −10..70: 350 and 70 in, 71 and 349 out', () => {
    expect([350, 0, 70].map((b) => inYawArc('RF', deg(b)))).toEqual([true, true, true]);
    expect([71, 349].map((b) => inYawArc('RF', deg(b)))).toEqual([false, false]);
  });

  it('LF spans 290..10 across north', () => {
    expect([290, 359, 10].map((b) => inYawArc('LF', deg(b)))).toEqual([true, true, true]);
    expect(inYawArc('LF', deg(11))).toBe(false);
  });

  it('digest N7: RR is 110..190 as recommended; the literal reading stops at 180', () => {
    expect(inYawArc('RR', deg(185))).toBe(true);
    expect(inYawArc('RR', deg(185), 'literal')).toBe(false);
    expect(inYawArc('RR', deg(180), 'literal')).toBe(true);
  });

  it('D2.31 FH is −100..100 and RH 80..280', () => {
    expect([
      inYawArc('FH', deg(260)),
      inYawArc('FH', deg(259)),
      inYawArc('RH', deg(80)),
      inYawArc('RH', deg(281)),
    ]).toEqual([true, false, true, false]);
  });

  it('combined arcs are unions of widened components: FA = −70..70, RS = −10..190, 360 = everything', () => {
    expect([inYawArc('FA', deg(290)), inYawArc('FA', deg(70)), inYawArc('FA', deg(71))]).toEqual([true, true, false]);
    expect([inYawArc('RS', deg(350)), inYawArc('RS', deg(190)), inYawArc('RS', deg(191))]).toEqual([true, true, false]);
    expect([0, 90, 180, 270, 359.9999].every((b) => inYawArc('360', deg(b)))).toBe(true);
  });

  it('a target dead astern of a level ship is in RR, LR, RA, RH (bearing 180)', () => {
    const s = arcSummary(LEVEL, O, at(-1, 0, 0));
    expect(s.arcBearing).toBe(deg(180));
    expect(s.yawArcs).toEqual(expect.arrayContaining(['RR', 'LR', 'RA', 'RH']));
    expect(s.yawArcs).not.toContain('FA');
  });

  it('a ship turned to yaw 90 (facing west) sees a target to the north on its right: bearing 90', () => {
    const r = relativeBearing(orientation(0, deg(90), 0), O, at(1, 0, 0));
    expect([r.relYaw, r.arcBearing]).toEqual([deg(-90), deg(90)]);
  });

  it('roll 90 (top to the right) puts a target on the right above the deck', () => {
    const r = relativeBearing(orientation(0, 0, deg(90)), O, at(0, 0, -1));
    expect(r.relPitch).toBe(deg(90));
  });
});

describe('D2.3 special arcs', () => {
  it('E8.23 mauler: within 15° in both yaw and pitch, no +10°', () => {
    const near = arcSummary(LEVEL, O, bearingTarget(15));
    const far = arcSummary(LEVEL, O, bearingTarget(16));
    expect([near.mauler, far.mauler]).toEqual([true, false]);
    const high = arcSummary(LEVEL, O, at(1, Math.tan((16 * Math.PI) / 180), 0));
    expect(high.mauler).toBe(false);
  });

  it('D2.32 wing phasers: 360° yaw only above 60° pitch', () => {
    const wing = { arc: 'RF', mount: 'Top' as const, special: 'wing' as const };
    const behindHigh = relativeBearing(LEVEL, O, at(-0.1, 1, 0)); // ~84° up, behind
    const behindLow = relativeBearing(LEVEL, O, at(-1, 1, 0)); // 45° up, behind
    expect(weaponInArc(wing, behindHigh)).toBe(true);
    expect(weaponInArc(wing, behindLow)).toBe(false);
  });

  it('D2.33 forward arcs that reach behind: 360° yaw above 30° pitch', () => {
    const w = { arc: 'FA', mount: 'Top' as const, special: 'forward-rear' as const };
    expect(weaponInArc(w, relativeBearing(LEVEL, O, at(-1, 1, 0)))).toBe(true); // 45°
    expect(weaponInArc(w, relativeBearing(LEVEL, O, at(-1, 0.5, 0)))).toBe(false); // 26.6°
  });

  it('D2.34 plasma swivel: any yaw within ±60° pitch', () => {
    const w = { arc: 'FA', mount: 'Center' as const, special: 'swivel' as const };
    expect(weaponInArc(w, relativeBearing(LEVEL, O, at(-1, 1, 0)))).toBe(true);
    expect(weaponInArc(w, relativeBearing(LEVEL, O, at(-0.5, 1, 0)))).toBe(false); // 63.4°
  });

  it('a plain weapon needs both its yaw arc and its pitch mount', () => {
    const w = { arc: 'RF', mount: 'Bottom' as const };
    expect(weaponInArc(w, relativeBearing(LEVEL, O, at(1, -1, -0.5)))).toBe(true);
    expect(weaponInArc(w, relativeBearing(LEVEL, O, at(1, 1, -0.5)))).toBe(false); // above 30°
  });
});

describe('D2.11 mount assignment (fewest groups of two and three)', () => {
  it.each([
    [1, 0, 1, 0],
    [2, 1, 0, 1],
    [3, 1, 1, 1],
    [7, 3, 1, 3],
    [8, 3, 2, 3],
    [9, 3, 3, 3],
  ])('%i weapons → %iT %iC %iB', (n, t, c, b) => {
    const m = pitchMounts(n);
    expect([m.top, m.center, m.bottom]).toEqual([t, c, b]);
    expect(m.order.filter((x) => x === 'Top').length).toBe(t);
  });
});

describe('plasma placement and seeking weapons', () => {
  it('D2.34 swivel torpedo: within 120° of the mount centre, at the firer pitch', () => {
    const firer = orientation(deg(10), 0, 0);
    const f = swivelTorpedoFacing(firer, 'RP', 150); // 105° from RP's centre 45°
    expect(f).toEqual(orientation(deg(10), deg(-150), 0));
    expect(() => swivelTorpedoFacing(firer, 'LP', 90)).toThrow(RuleViolation); // 135° from −45°
  });

  it('D2.35 ISC rear plasma: L/LR faces 240° off, R/RR 120° off', () => {
    expect(iscRearTorpedoFacing(LEVEL, 'LR').yaw).toBe(deg(120)); // bearing 240 = yaw −240 = +120 (left rear)
    expect(iscRearTorpedoFacing(LEVEL, 'R').yaw).toBe(deg(240));
  });

  it('FP3.1 fixed tube: the firer facing turned by the launcher centre', () => {
    expect(fixedTubeTorpedoFacing(orientation(deg(5), deg(20), deg(30)), 60)).toEqual(
      orientation(deg(5), deg(-40), deg(30)),
    );
  });

  it('F1.24: the target must be in FA at Center mount on launch; the weapon then points straight at it', () => {
    const f = seekingLaunchFacing(LEVEL, O, at(3, 0, 3));
    expect([f.pitch, f.yaw]).toEqual([0, deg(45)]);
    expect(() => seekingLaunchFacing(LEVEL, O, at(-3, 0, 0))).toThrow(RuleViolation);
    expect(() => seekingLaunchFacing(LEVEL, O, at(1, 2, 0))).toThrow(RuleViolation); // 63° up: out of Center
  });

  it('F2.21 pure pursuit turns pitch and yaw toward the target, each by at most the limit', () => {
    const f = pursuitFacing(LEVEL, O, at(0, 1, 1), deg(10)); // target 45° up, 90° left
    expect([f.pitch, f.yaw]).toEqual([deg(10), deg(10)]);
    const close = pursuitFacing(LEVEL, O, at(10, 0, -0.1), deg(10));
    expect(close.yaw).toBe(deg(360 - 0.5729)); // exact aim when within the limit
  });
});
