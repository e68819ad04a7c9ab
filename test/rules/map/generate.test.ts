import { describe, expect, it } from 'vitest';
import { fairnessReport } from '../../../src/rules/thunderdome/map/fairness.ts';
import { generateMap, targetSpacing } from '../../../src/rules/thunderdome/map/generate.ts';
import type { GeneratedMap } from '../../../src/rules/thunderdome/map/generate.ts';
import { areAdjacent, buildGraph, components } from '../../../src/rules/thunderdome/map/graph.ts';
import { parseMapJson, serialiseMap, validateMap } from '../../../src/rules/thunderdome/map/import.ts';
import { dieFrom } from './helpers.ts';

const PLAYER_COUNTS = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];
const SEEDS = [1, 2, 3, 4, 5];
const MODES = ['rotational', 'none'] as const;
type Mode = (typeof MODES)[number];

const cache = new Map<string, GeneratedMap>();
function generated(players: number, seed: number, symmetry: Mode): GeneratedMap {
  const id = `${players}/${seed}/${symmetry}`;
  let g = cache.get(id);
  if (!g) {
    g = generateMap({ players, rng: dieFrom(seed * 1009 + players), symmetry });
    cache.set(id, g);
  }
  return g;
}
function* all(): Generator<[number, number, Mode, GeneratedMap]> {
  for (const p of PLAYER_COUNTS) for (const s of SEEDS) for (const m of MODES) yield [p, s, m, generated(p, s, m)];
}

describe('map generator: legal maps for 2–13 players (5 seeds each, both symmetry modes)', () => {
  it('UTD4.1 every generated map is connected and passes the import validator', () => {
    for (const [p, , , { map }] of all()) {
      expect(components(buildGraph(map))).toHaveLength(1);
      expect(validateMap(map, p)).toEqual([]);
      expect(map.sectors).toHaveLength(p * 8);
    }
  });

  it('UTD8.15 every home sector has exactly two lanes', () => {
    for (const [p, , , { map }] of all()) {
      const g = buildGraph(map);
      const homes = map.sectors.filter((s) => s.home !== undefined);
      expect(homes.map((h) => h.home).sort((a, b) => a! - b!)).toEqual([...Array(p).keys()]);
      for (const h of homes) expect(g.neighbourKeys[g.indexOf.get(h.key)!]).toHaveLength(2);
    }
  });

  it('UTD8.16 homes are never adjacent, and no sector touches two homes', () => {
    for (const [, , , { map, fairness }] of all()) {
      const g = buildGraph(map);
      const homes = map.sectors.filter((s) => s.home !== undefined).map((s) => s.key);
      for (const a of homes) for (const b of homes) expect(areAdjacent(g, a, b)).toBe(false);
      // Nearest rival at 3+ lanes means each player's two gateways are its own.
      for (const pl of fairness.players) expect(pl.nearestHome).toBeGreaterThanOrEqual(3);
    }
  });

  it('UTD4.1 lanes are distinct and never lead from a sector to itself', () => {
    for (const [, , , { map }] of all()) {
      const labels = map.lanes.map(([a, b]) => (a < b ? `${a}|${b}` : `${b}|${a}`));
      expect(new Set(labels).size).toBe(labels.length);
      for (const [a, b] of map.lanes) expect(a).not.toBe(b);
    }
  });

  it('draws cleanly: integer coordinates in the 0–1000 box, at least 40 apart, no lane crossings', () => {
    for (const [, , , { map, fairness }] of all()) {
      let closest = Infinity;
      for (const [i, s] of map.sectors.entries()) {
        expect(Number.isInteger(s.x) && Number.isInteger(s.y)).toBe(true);
        expect(s.x! >= 0 && s.x! <= 1000 && s.y! >= 0 && s.y! <= 1000).toBe(true);
        for (const t of map.sectors.slice(i + 1)) closest = Math.min(closest, Math.hypot(s.x! - t.x!, s.y! - t.y!));
      }
      expect(closest).toBeGreaterThanOrEqual(40);
      expect(fairness.crossings).toBe(0);
    }
  });

  it('has a campaign-like density: non-home sectors average 2.25–5 lanes (observed 2.4–4.9)', () => {
    for (const [, , , { map }] of all()) {
      const g = buildGraph(map);
      const inner = map.sectors.flatMap((s, i) => (s.home === undefined ? [g.adjacency[i]!.length] : []));
      const mean = inner.reduce((a, b) => a + b, 0) / inner.length;
      expect(mean).toBeGreaterThanOrEqual(2.25);
      expect(mean).toBeLessThanOrEqual(5);
    }
  });

  it('round-trips through the importer: parse(serialise(map)) gives the same map', () => {
    for (const [p, , , { map }] of all()) expect(parseMapJson(serialiseMap(map), p)).toEqual({ ok: true, map });
  });

  it('returns the fairness report of the map it returns', () => {
    for (const [, , , { map, fairness }] of all()) expect(fairness).toEqual(fairnessReport(map));
  });
});

describe('map generator: determinism', () => {
  it('the same rng sequence gives the same map; another seed gives another map', () => {
    for (const p of [2, 5, 12]) {
      for (const symmetry of MODES) {
        const a = generateMap({ players: p, rng: dieFrom(42), symmetry });
        const b = generateMap({ players: p, rng: dieFrom(42), symmetry });
        const c = generateMap({ players: p, rng: dieFrom(43), symmetry });
        expect(b).toEqual(a);
        expect(serialiseMap(c.map)).not.toBe(serialiseMap(a.map));
      }
    }
  });
});

describe('UTD8.16 map generator: fairness', () => {
  it('UTD8.16 rotational maps (the default) give every player identical figures: every spread is 0', () => {
    for (const [, , mode, { fairness }] of all()) {
      if (mode !== 'rotational') continue;
      expect(fairness.spread).toEqual({
        meanDistance: 0,
        maxDistance: 0,
        nearestHome: 0,
        sectorsWithin: [0, 0, 0],
        territory: 0,
      });
      expect(fairness.score).toBe(0);
      const first = fairness.players[0]!;
      for (const pl of fairness.players) {
        // Distances to the other homes are the same multiset for everyone (a rotation of the ring).
        expect([...pl.distanceToHome].sort()).toEqual([...first.distanceToHome].sort());
      }
    }
  });

  it('UTD8.16 free-form maps stay within the verified bounds: mean ≤ 2, nearest ≤ 3, farthest ≤ 3 lanes apart', () => {
    for (const [, , mode, { fairness }] of all()) {
      if (mode !== 'none') continue;
      expect(fairness.spread.meanDistance).toBeLessThanOrEqual(2);
      expect(fairness.spread.nearestHome).toBeLessThanOrEqual(3);
      expect(fairness.spread.maxDistance).toBeLessThanOrEqual(3);
      expect(fairness.spread.sectorsWithin[0]).toBe(0); // both lanes always lead to non-home sectors
    }
  });

  it('UTD8.16 keeping the best of several candidates never does worse than the first candidate', () => {
    for (const p of PLAYER_COUNTS) {
      for (const seed of SEEDS) {
        // The first candidate consumes the same rng values whether 1 or 8 are drawn.
        const first = generateMap({ players: p, rng: dieFrom(seed * 1009 + p), symmetry: 'none', candidates: 1 });
        const best = generated(p, seed, 'none');
        expect(best.fairness.score).toBeLessThanOrEqual(first.fairness.score);
      }
    }
  });
});

describe('map generator: sizes and options', () => {
  it('UTD8.15 builds the smallest (13 × 3) and a large (12 × 40) map legally', () => {
    for (const [players, sectorsPerPlayer] of [
      [13, 3],
      [12, 40],
    ] as const) {
      const { map, fairness } = generateMap({ players, sectorsPerPlayer, rng: dieFrom(7) });
      expect(map.sectors).toHaveLength(players * sectorsPerPlayer);
      expect(validateMap(map, players)).toEqual([]);
      expect(fairness.score).toBe(0);
      expect(fairness.crossings).toBe(0);
    }
  });

  it('spacing target shrinks with size but stays readable', () => {
    expect(targetSpacing(16)).toBeGreaterThan(100);
    expect(targetSpacing(104)).toBeGreaterThan(40);
    expect(targetSpacing(500)).toBeGreaterThan(19);
  });

  it('refuses impossible options and a die that breaks its contract', () => {
    const rng = dieFrom(1);
    expect(() => generateMap({ players: 1, rng })).toThrow(RangeError);
    expect(() => generateMap({ players: 14, rng })).toThrow(RangeError);
    expect(() => generateMap({ players: 4, sectorsPerPlayer: 2, rng })).toThrow(RangeError);
    expect(() => generateMap({ players: 13, sectorsPerPlayer: 39, rng })).toThrow(RangeError); // 507 > 500
    expect(() => generateMap({ players: 4, candidates: 0, rng })).toThrow(RangeError);
    expect(() => generateMap({ players: 4, rng: () => 0 })).toThrow(/integer 1\.\./);
  });
});
