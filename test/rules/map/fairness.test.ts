import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fairnessReport, fairnessScore } from '../../../src/rules/thunderdome/map/fairness.ts';
import { parseMapJson } from '../../../src/rules/thunderdome/map/import.ts';
import type { MapSpec } from '../../../src/rules/thunderdome/map/types.ts';
import { hexRing } from './helpers.ts';

describe('UTD8.16 fairness report', () => {
  it('UTD8.16 hand-computed: the 2-player hexagon H0–a–b–H1–c–d is perfectly even', () => {
    const r = fairnessReport(hexRing());
    expect(r.players).toEqual([
      {
        slot: 0,
        homeKey: 'H0',
        distanceToHome: [0, 3],
        meanDistance: 3,
        maxDistance: 3,
        nearestHome: 3,
        sectorsWithin: [2, 4, 4],
        territory: 2,
      },
      {
        slot: 1,
        homeKey: 'H1',
        distanceToHome: [3, 0],
        meanDistance: 3,
        maxDistance: 3,
        nearestHome: 3,
        sectorsWithin: [2, 4, 4],
        territory: 2,
      },
    ]);
    expect(r.spread).toEqual({
      meanDistance: 0,
      maxDistance: 0,
      nearestHome: 0,
      sectorsWithin: [0, 0, 0],
      territory: 0,
    });
    expect(r.contested).toBe(0);
    expect(r.unreachable).toBe(0);
    expect(r.crossings).toBe(0);
    expect(r.score).toBe(0);
    expect(r.summary).toContain('2 players, 6 sectors, 6 lanes.');
    expect(r.summary).toContain('Fairness score 0.00');
  });

  it('UTD8.16 hand-computed: a spur next to one home shows up in reach and territory', () => {
    // Ring H0–a–b–H1–c–d–e–H0 plus a spur f hanging off a.
    // From H0: a1 e1 b2 d2 f2 c3.  From H1: b1 c1 a2 d2 e3 f3.
    // Territory: a, e, f → H0 (3); b, c → H1 (2); d is 2 from both → contested.
    const map: MapSpec = {
      sectors: [
        { key: 'H0', home: 0 },
        { key: 'a' },
        { key: 'b' },
        { key: 'H1', home: 1 },
        { key: 'c' },
        { key: 'd' },
        { key: 'e' },
        { key: 'f' },
      ],
      lanes: [
        ['H0', 'a'],
        ['a', 'b'],
        ['b', 'H1'],
        ['H1', 'c'],
        ['c', 'd'],
        ['d', 'e'],
        ['e', 'H0'],
        ['a', 'f'],
      ],
    };
    expect(parseMapJson(JSON.stringify(map), 2).ok).toBe(true);
    const r = fairnessReport(map);
    expect(r.players.map((p) => p.sectorsWithin)).toEqual([
      [2, 5, 6],
      [2, 4, 6],
    ]);
    expect(r.players.map((p) => p.territory)).toEqual([3, 2]);
    expect(r.players.map((p) => p.meanDistance)).toEqual([3, 3]);
    expect(r.contested).toBe(1);
    expect(r.spread).toEqual({
      meanDistance: 0,
      maxDistance: 0,
      nearestHome: 0,
      sectorsWithin: [0, 1, 0],
      territory: 1,
    });
    // score = 0.5 × (0 + 1 + 0) + 0.5 × 1
    expect(r.score).toBe(1);
    expect(r.crossings).toBeNull();
    expect(r.summary).toContain('Territory (sectors closer to one home than to any other): 2–3 each, 1 contested.');
  });

  it('UTD8.16 hand-computed: 3 homes on a line give unequal access', () => {
    // H0–a–H1–b–H2 is not a legal map (the end homes have one lane each, UTD8.15), but the
    // report works for any map: H0 sees H1 at 2 and H2 at 4, H1 sees both at 2.
    const map: MapSpec = {
      sectors: [{ key: 'H0', home: 0 }, { key: 'a' }, { key: 'H1', home: 1 }, { key: 'b' }, { key: 'H2', home: 2 }],
      lanes: [
        ['H0', 'a'],
        ['a', 'H1'],
        ['H1', 'b'],
        ['b', 'H2'],
      ],
    };
    const r = fairnessReport(map);
    expect(r.players.map((p) => p.meanDistance)).toEqual([3, 2, 3]);
    expect(r.players.map((p) => p.maxDistance)).toEqual([4, 2, 4]);
    expect(r.spread.meanDistance).toBe(1);
    expect(r.spread.maxDistance).toBe(2);
    // sectorsWithin: H0 [1,1,2], H1 [2,2,2], H2 [1,1,2]; territory: a and b are contested.
    expect(r.spread.sectorsWithin).toEqual([1, 1, 0]);
    expect(r.contested).toBe(2);
    // 3×1 + 2×0 + 1×2 + 0.5×(1+1+0) + 0.5×0
    expect(r.score).toBe(6);
    expect(fairnessScore(r)).toBe(6);
  });

  it('UTD4.1 homes that cannot reach each other are reported, not hidden', () => {
    const map: MapSpec = {
      sectors: [{ key: 'H0', home: 0 }, { key: 'a' }, { key: 'H1', home: 1 }, { key: 'b' }, { key: 'z' }],
      lanes: [
        ['H0', 'a'],
        ['H1', 'b'],
      ],
    };
    const r = fairnessReport(map);
    expect(r.players[0]!.distanceToHome).toEqual([0, null]);
    expect(r.players[0]!.meanDistance).toBeNull();
    expect(r.unreachable).toBe(1);
    expect(r.score).toBeGreaterThanOrEqual(2000);
    expect(r.summary).toContain('cannot reach each other');
  });

  it('UTD8.16 the sample maps are perfectly even and drawn without crossings', () => {
    for (const [file, players, mean] of [
      ['three-players.json', 3, 4],
      ['four-players.json', 4, 16 / 3],
    ] as const) {
      const parsed = parseMapJson(
        readFileSync(new URL(`../../../assets/maps/${file}`, import.meta.url), 'utf8'),
        players,
      );
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      const r = fairnessReport(parsed.map);
      expect(r.score).toBe(0);
      expect(r.crossings).toBe(0);
      expect(r.players.map((p) => p.meanDistance)).toEqual(Array(players).fill(mean));
    }
  });
});
