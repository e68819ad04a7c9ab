import { countCrossings } from './geometry.ts';
import { buildGraph, distancesFromIndex } from './graph.ts';
import { REACH_RADII } from './types.ts';
import type { FairnessReport, MapSpec, PlayerFairness } from './types.ts';

/**
 * UTD8.16 asks that "all players should have potentially equal access to all other players" and
 * that the map be "as balanced as possible" before the unanimous approval vote. This module turns
 * that into numbers every player can check, for any map (generated or imported):
 *
 * - access to rivals: lane distance from each home to every other home (mean, max, nearest);
 * - room to grow early: non-home sectors within 1, 2 and 3 lanes of the home;
 * - room to grow late: "territory", the sectors strictly closer to one home than to all others.
 *
 * Each figure's spread (max − min over players) is 0 on a perfectly even map.
 */

/**
 * Weights of the fairness score (lower is fairer, 0 is perfectly even). Access to the other
 * players is what UTD8.16 names, so the mean distance to the other homes weighs most; how close
 * the nearest rival sits decides early pressure, so it comes next; reach and territory counts are
 * sector counts, a coarser unit, so they weigh half a lane each.
 */
export const FAIRNESS_WEIGHTS = {
  meanDistance: 3,
  nearestHome: 2,
  maxDistance: 1,
  /** Applied to each radius in REACH_RADII. */
  sectorsWithin: 0.5,
  territory: 0.5,
  /** Added per ordered pair of homes that cannot reach each other (a broken map). */
  unreachableHomePair: 1000,
} as const;

function spreadOf(values: readonly (number | null)[]): number {
  const known = values.filter((v): v is number => v !== null);
  return known.length === 0 ? 0 : Math.max(...known) - Math.min(...known);
}

/** The weighted score of a report's spreads (see FAIRNESS_WEIGHTS). */
export function fairnessScore(report: Pick<FairnessReport, 'spread' | 'players'>): number {
  const w = FAIRNESS_WEIGHTS;
  const s = report.spread;
  let unreachablePairs = 0;
  for (const p of report.players) unreachablePairs += p.distanceToHome.filter((d) => d === null).length;
  return (
    w.meanDistance * s.meanDistance +
    w.nearestHome * s.nearestHome +
    w.maxDistance * s.maxDistance +
    w.sectorsWithin * s.sectorsWithin.reduce((a, b) => a + b, 0) +
    w.territory * s.territory +
    w.unreachableHomePair * unreachablePairs
  );
}

/**
 * Computes the fairness figures of a map. Players are the home sectors ordered by slot; on a
 * validated map `players[j].slot === j`, and `distanceToHome[j]` is the distance to `players[j]`.
 * Cost: one BFS per home, O(players × (sectors + lanes)), plus the O(lanes²) crossing count.
 */
export function fairnessReport(map: MapSpec): FairnessReport {
  const graph = buildGraph(map);
  const homes = map.sectors
    .map((s, index) => ({ index, key: s.key, slot: s.home }))
    .filter((h): h is { index: number; key: string; slot: number } => h.slot !== undefined)
    .sort((a, b) => a.slot - b.slot);
  const dist = homes.map((h) => distancesFromIndex(graph, h.index));
  const isHome = new Set(homes.map((h) => h.index));

  // Territory: each non-home sector goes to the unique nearest home, if there is one.
  const territory = homes.map(() => 0);
  let contested = 0;
  let unreachable = 0;
  for (let v = 0; v < graph.keys.length; v++) {
    if (isHome.has(v)) continue;
    let best = Infinity;
    let owners: number[] = [];
    dist.forEach((d, h) => {
      const dv = d[v]!;
      if (dv < 0 || dv > best) return;
      if (dv < best) owners = [];
      best = dv;
      owners.push(h);
    });
    if (owners.length === 0) unreachable++;
    else if (owners.length === 1) territory[owners[0]!]!++;
    else contested++;
  }

  const players: PlayerFairness[] = homes.map((h, i) => {
    const d = dist[i]!;
    const distanceToHome = homes.map((o) => (d[o.index]! >= 0 ? d[o.index]! : null));
    const others = distanceToHome.filter((_, j) => j !== i);
    const complete = others.length > 0 && others.every((x) => x !== null);
    const known = others.filter((x): x is number => x !== null);
    const sectorsWithin = REACH_RADII.map((r) => {
      let n = 0;
      d.forEach((dv, v) => {
        if (dv >= 1 && dv <= r && !isHome.has(v)) n++;
      });
      return n;
    });
    return {
      slot: h.slot,
      homeKey: h.key,
      distanceToHome,
      meanDistance: complete ? known.reduce((a, b) => a + b, 0) / known.length : null,
      maxDistance: complete ? Math.max(...known) : null,
      nearestHome: known.length > 0 ? Math.min(...known) : null,
      sectorsWithin,
      territory: territory[i]!,
    };
  });

  const spread = {
    meanDistance: spreadOf(players.map((p) => p.meanDistance)),
    maxDistance: spreadOf(players.map((p) => p.maxDistance)),
    nearestHome: spreadOf(players.map((p) => p.nearestHome)),
    sectorsWithin: REACH_RADII.map((_, r) => spreadOf(players.map((p) => p.sectorsWithin[r]!))),
    territory: spreadOf(players.map((p) => p.territory)),
  };
  const crossings = countCrossings(map);
  const score = fairnessScore({ spread, players });
  const summary = summarise(map, graph.laneCount, players, spread, contested, unreachable, crossings, score);
  return { players, spread, contested, unreachable, crossings, score, summary };
}

/** "4" when every player has the same value, otherwise "3–5". */
function range(values: readonly (number | null)[], digits = 0): string {
  const known = values.filter((v): v is number => v !== null);
  if (known.length === 0) return 'n/a';
  const lo = Math.min(...known).toFixed(digits);
  const hi = Math.max(...known).toFixed(digits);
  return lo === hi ? lo : `${lo}–${hi}`;
}

function summarise(
  map: MapSpec,
  laneCount: number,
  players: PlayerFairness[],
  spread: FairnessReport['spread'],
  contested: number,
  unreachable: number,
  crossings: number | null,
  score: number,
): string {
  const parts: string[] = [`${players.length} players, ${map.sectors.length} sectors, ${laneCount} lanes.`];
  if (players.some((p) => p.distanceToHome.some((d) => d === null))) {
    parts.push('Some homes cannot reach each other: the map is broken (UTD4.1).');
  }
  if (players.length >= 2) {
    parts.push(
      `Mean lane distance to the other homes: ${range(
        players.map((p) => p.meanDistance),
        2,
      )}` +
        ` (spread ${spread.meanDistance.toFixed(2)}); nearest rival ${range(players.map((p) => p.nearestHome))}` +
        ` lanes, farthest ${range(players.map((p) => p.maxDistance))}.`,
    );
  }
  const reach = REACH_RADII.map((r, i) => `${range(players.map((p) => p.sectorsWithin[i]!))} within ${r}`);
  parts.push(`Sectors near each home: ${reach.join(', ')}.`);
  parts.push(
    `Territory (sectors closer to one home than to any other): ${range(players.map((p) => p.territory))} each` +
      `, ${contested} contested${unreachable > 0 ? `, ${unreachable} unreachable` : ''}.`,
  );
  if (crossings !== null) parts.push(crossings === 0 ? 'No lanes cross.' : `${crossings} lane crossings.`);
  parts.push(`Fairness score ${score.toFixed(2)} (0 = perfectly even).`);
  return parts.join(' ');
}
