import { describe, expect, it } from 'vitest';
import {
  areAdjacent,
  buildGraph,
  components,
  neighbours,
  shortestDistances,
} from '../../../src/rules/thunderdome/map/graph.ts';
import { countCrossings, segmentsIntersect } from '../../../src/rules/thunderdome/map/geometry.ts';
import type { MapSpec } from '../../../src/rules/thunderdome/map/types.ts';
import { hexRing } from './helpers.ts';

describe('map graph helpers (UTD4.1: travel only along warp lanes)', () => {
  it('UTD4.1 neighbours are exactly the sectors one lane away, in either lane direction', () => {
    const g = buildGraph(hexRing());
    expect([...neighbours(g, 'H0')].sort()).toEqual(['a', 'd']);
    expect([...neighbours(g, 'b')].sort()).toEqual(['H1', 'a']);
    expect(neighbours(g, 'nowhere')).toEqual([]);
  });

  it('UTD4.1 a move is adjacent only along a lane', () => {
    const g = buildGraph(hexRing());
    expect(areAdjacent(g, 'H0', 'a')).toBe(true);
    expect(areAdjacent(g, 'a', 'H0')).toBe(true);
    expect(areAdjacent(g, 'H0', 'b')).toBe(false);
    expect(areAdjacent(g, 'H0', 'H0')).toBe(false);
    expect(areAdjacent(g, 'H0', 'nowhere')).toBe(false);
  });

  it('UTD4.1 shortest lane distances by BFS on the hexagon', () => {
    const d = shortestDistances(buildGraph(hexRing()), 'H0');
    expect(Object.fromEntries(d)).toEqual({ H0: 0, a: 1, b: 2, H1: 3, c: 2, d: 1 });
    expect(shortestDistances(buildGraph(hexRing()), 'nowhere').size).toBe(0);
  });

  it('ignores unknown, self and repeated lanes so the helpers are total', () => {
    const map: MapSpec = {
      sectors: [{ key: 'A' }, { key: 'B' }, { key: 'C' }],
      lanes: [
        ['A', 'B'],
        ['B', 'A'],
        ['A', 'A'],
        ['A', 'Z'],
      ],
    };
    const g = buildGraph(map);
    expect(g.laneCount).toBe(1);
    expect(neighbours(g, 'A')).toEqual(['B']);
    expect(components(g)).toEqual([[0, 1], [2]]);
    expect(shortestDistances(g, 'A').has('C')).toBe(false);
  });

  it('UTD4.1 distances on a 20×15 grid (300 sectors) equal the Manhattan distance', () => {
    const key = (r: number, c: number) => `r${r}c${c}`;
    const map: MapSpec = { sectors: [], lanes: [] };
    for (let r = 0; r < 15; r++) {
      for (let c = 0; c < 20; c++) {
        map.sectors.push({ key: key(r, c) });
        if (c > 0) map.lanes.push([key(r, c - 1), key(r, c)]);
        if (r > 0) map.lanes.push([key(r - 1, c), key(r, c)]);
      }
    }
    const g = buildGraph(map);
    const d = shortestDistances(g, key(0, 0));
    expect(d.size).toBe(300);
    for (let r = 0; r < 15; r++) for (let c = 0; c < 20; c++) expect(d.get(key(r, c))).toBe(r + c);
    expect(neighbours(g, key(5, 5)).length).toBe(4);
  });
});

describe('lane crossings (drawing quality)', () => {
  const square = (lanes: [string, string][]): MapSpec => ({
    sectors: [
      { key: 'A', x: 0, y: 0 },
      { key: 'B', x: 100, y: 0 },
      { key: 'C', x: 100, y: 100 },
      { key: 'D', x: 0, y: 100 },
    ],
    lanes,
  });

  it('counts the two diagonals of a square as one crossing, and shared ends as none', () => {
    expect(
      countCrossings(
        square([
          ['A', 'C'],
          ['B', 'D'],
        ]),
      ),
    ).toBe(1);
    expect(
      countCrossings(
        square([
          ['A', 'B'],
          ['B', 'C'],
          ['C', 'D'],
          ['D', 'A'],
          ['A', 'C'],
        ]),
      ),
    ).toBe(0);
    expect(countCrossings(hexRing())).toBe(0);
  });

  it('is null when a sector has no coordinates', () => {
    expect(countCrossings({ sectors: [{ key: 'A' }, { key: 'B', x: 1, y: 1 }], lanes: [['A', 'B']] })).toBeNull();
  });

  it('treats touching and collinear overlap as intersecting', () => {
    expect(segmentsIntersect({ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 5, y: 0 }, { x: 5, y: 5 })).toBe(true);
    expect(segmentsIntersect({ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 5, y: 0 }, { x: 15, y: 0 })).toBe(true);
    expect(segmentsIntersect({ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 11, y: 0 }, { x: 15, y: 0 })).toBe(false);
  });
});
