import type { MapSpec } from './types.ts';

/**
 * An index over a map for the questions the rules ask all the time: "is B adjacent to A?"
 * (UTD4.1, every move order) and "how many lanes from A to B?" (fairness, autocomplete).
 * Build it once per map (O(sectors + lanes)); every query after that is O(1) or one BFS.
 *
 * Lanes naming unknown sectors, self-lanes and repeated lanes are ignored here: the importer
 * refuses such maps, and ignoring them keeps these helpers total for any input.
 */
export interface MapGraph {
  /** Sector keys in map order; a sector's index is its position here. */
  readonly keys: readonly string[];
  readonly indexOf: ReadonlyMap<string, number>;
  /** Neighbour indices per sector, ascending. */
  readonly adjacency: readonly (readonly number[])[];
  /** Neighbour keys per sector, in the same order as `adjacency`. */
  readonly neighbourKeys: readonly (readonly string[])[];
  /** Number of distinct lanes. */
  readonly laneCount: number;
}

export function buildGraph(map: Pick<MapSpec, 'sectors' | 'lanes'>): MapGraph {
  const keys = map.sectors.map((s) => s.key);
  const indexOf = new Map<string, number>();
  keys.forEach((k, i) => {
    if (!indexOf.has(k)) indexOf.set(k, i);
  });
  const sets = keys.map(() => new Set<number>());
  let laneCount = 0;
  for (const [a, b] of map.lanes) {
    const ia = indexOf.get(a);
    const ib = indexOf.get(b);
    if (ia === undefined || ib === undefined || ia === ib || sets[ia]!.has(ib)) continue;
    sets[ia]!.add(ib);
    sets[ib]!.add(ia);
    laneCount++;
  }
  const adjacency = sets.map((s) => [...s].sort((x, y) => x - y));
  const neighbourKeys = adjacency.map((list) => list.map((i) => keys[i]!));
  return { keys, indexOf, adjacency, neighbourKeys, laneCount };
}

/** Keys of the sectors one lane away from `key` (empty for an unknown key). */
export function neighbours(graph: MapGraph, key: string): readonly string[] {
  const i = graph.indexOf.get(key);
  return i === undefined ? [] : graph.neighbourKeys[i]!;
}

/** True when a single lane joins `a` and `b` (UTD4.1: the only legal one-step move). */
export function areAdjacent(graph: MapGraph, a: string, b: string): boolean {
  const ia = graph.indexOf.get(a);
  const ib = graph.indexOf.get(b);
  if (ia === undefined || ib === undefined) return false;
  // Adjacency lists are short and sorted; scanning the shorter one is cheaper than a pair set.
  const la = graph.adjacency[ia]!;
  const lb = graph.adjacency[ib]!;
  return la.length <= lb.length ? la.includes(ib) : lb.includes(ia);
}

/** BFS lane distances from one sector index; -1 marks sectors that cannot be reached. */
export function distancesFromIndex(graph: MapGraph, from: number): Int32Array {
  const dist = new Int32Array(graph.keys.length).fill(-1);
  if (from < 0 || from >= dist.length) return dist;
  const queue = new Int32Array(dist.length);
  let head = 0;
  let tail = 0;
  dist[from] = 0;
  queue[tail++] = from;
  while (head < tail) {
    const u = queue[head++]!;
    const du = dist[u]! + 1;
    for (const v of graph.adjacency[u]!) {
      if (dist[v] === -1) {
        dist[v] = du;
        queue[tail++] = v;
      }
    }
  }
  return dist;
}

/** Lane distance from `from` to every reachable sector (including `from` itself at 0). */
export function shortestDistances(graph: MapGraph, from: string): Map<string, number> {
  const out = new Map<string, number>();
  const i = graph.indexOf.get(from);
  if (i === undefined) return out;
  const dist = distancesFromIndex(graph, i);
  dist.forEach((d, j) => {
    if (d >= 0) out.set(graph.keys[j]!, d);
  });
  return out;
}

/** Connected parts of the map as lists of sector indices, the part holding sector 0 first. */
export function components(graph: MapGraph): number[][] {
  const seen = new Uint8Array(graph.keys.length);
  const parts: number[][] = [];
  for (let s = 0; s < seen.length; s++) {
    if (seen[s]) continue;
    const dist = distancesFromIndex(graph, s);
    const part: number[] = [];
    dist.forEach((d, j) => {
      if (d >= 0) {
        seen[j] = 1;
        part.push(j);
      }
    });
    parts.push(part);
  }
  return parts;
}

/** Canonical text for an unordered lane, used to spot duplicates and to print lanes. */
export function laneLabel(a: string, b: string): string {
  return a < b ? `${a}–${b}` : `${b}–${a}`;
}
