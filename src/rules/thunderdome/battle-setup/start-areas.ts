import type { DiceSource } from '../../dice.ts';
import { CENTRE, distance, formatHex, move, ring, sameHex } from './hex.ts';
import type { Hex } from './hex.ts';
import type { Body } from './terrain-placement.ts';

/**
 * Where the sides set up (UTD7.451, 7.4561, 7.4571x). Every side sets up within 3 hexes of its
 * starting hex.
 *
 * Two sides: player A (the current player) around the hex 15 in direction F from 3030 (1523),
 * player B around the hex 15 in direction C (4538). In a battle on another player's turn a 1D6
 * decides who is A (UTD7.4561).
 *
 * Three or more sides: k starting hexes spread as evenly as possible on the range-15 ring round
 * 3030 (90 hexes, numbered clockwise from 3015, the hex 15 in direction A), then a roll gives
 * each side its hex. Ring hexes inside a terrain body, or within 5 hexes of a body that can
 * destroy a fleet (black hole, pulsar), are excluded (UTD7.45712) and the spread is worked out
 * again over the hexes left.
 */

export const START_RANGE = 15;
export const START_RADIUS = 3;
/** UTD7.45712: keep this far from terrain that can destroy a fleet. */
export const DANGER_CLEARANCE = 5;

export const POSITION_A_HEX = formatHex(move(CENTRE, 'F', START_RANGE));
export const POSITION_B_HEX = formatHex(move(CENTRE, 'C', START_RANGE));

export type Position = 'A' | 'B' | number;

export interface StartArea {
  sideId: string;
  /** A/B in a two-sided battle; 1..k (clockwise ring order from direction A) with more sides. */
  position: Position;
  hex: string;
  radius: typeof START_RADIUS;
}

export interface Side {
  id: string;
  label: string;
}

/** The UTD7.4561 roll that decided who is player A, when there was one. */
export interface PositionRoll {
  die: number;
  /** The side that took position A. */
  sideA: string;
  rule: 'UTD7.4561';
}

/** UTD7.451 / 7.4561: sides[0] is the current player unless nobody is (then roll 1D6: 1–3 sides[0] is A). */
export function twoSideStarts(
  sides: readonly [Side, Side],
  randomPositions: boolean,
  dice: DiceSource,
): { starts: StartArea[]; roll: PositionRoll | null } {
  let [a, b] = sides;
  let roll: PositionRoll | null = null;
  if (randomPositions) {
    const die = dice.roll(
      6,
      1,
      `battle on another player's turn, who sets up as player A (1D6: 1–3 ${a.label}, 4–6 ${b.label})`,
    )[0]!;
    if (die >= 4) [a, b] = [b, a];
    roll = { die, sideA: a.id, rule: 'UTD7.4561' };
  }
  return {
    starts: [
      { sideId: a.id, position: 'A', hex: POSITION_A_HEX, radius: START_RADIUS },
      { sideId: b.id, position: 'B', hex: POSITION_B_HEX, radius: START_RADIUS },
    ],
    roll,
  };
}

/** The starting ring: 90 hexes at range 15 from 3030, clockwise from 3015. */
export function startRing(): Hex[] {
  return ring(CENTRE, START_RANGE);
}

/** Indices of ring hexes a side may not start on (UTD7.45712). */
export function excludedRingHexes(bodies: readonly Body[]): number[] {
  return startRing().flatMap((h, i) => {
    const blocked = bodies.some((b) =>
      b.hexes.some((x) => sameHex(x, h) || (b.dangerous && distance(x, h) <= DANGER_CLEARANCE)),
    );
    return blocked ? [i] : [];
  });
}

export interface RingPlan {
  /** Chosen ring indices (0..89, ascending), one per side. */
  chosen: number[];
  /** Ring indices that were excluded by terrain. */
  excluded: number[];
  /** Smallest gap between neighbouring chosen hexes, in ring hexes. */
  minGap: number;
  /** False when fewer ring hexes are left than sides: the plan then ignores the exclusions. */
  fair: boolean;
  /** True when the exclusions moved the hexes off the even spread of an empty map. */
  adjusted: boolean;
}

const N = 6 * START_RANGE;

function circular(a: number, b: number): number {
  const d = Math.abs(a - b) % N;
  return Math.min(d, N - d);
}

/** Cost of a choice, compared in order: squared gaps (evenness), then distance from the ideal spread. */
type Cost = [number, number];
const better = (a: Cost, b: Cost) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1] - 1e-9);

/**
 * "As evenly as possible" made exact: the largest smallest gap first; among those, the smallest
 * sum of squared gaps; then the least total distance from the ideal spread i × 90/k (i = 0 at
 * direction A); then the lowest indices.
 */
function spread(k: number, allowed: readonly boolean[]): { chosen: number[]; minGap: number } | null {
  const free = allowed.flatMap((ok, i) => (ok ? [i] : []));
  if (free.length < k) return null;
  const ideal = (j: number) => (j * N) / k;
  const fits = (g: number) =>
    free.some((s) => {
      let last = s;
      for (let j = 1; j < k; j++) {
        let u = last + g;
        while (u < s + N && !allowed[u % N]) u++;
        if (u >= s + N) return false;
        last = u;
      }
      return s + N - last >= g;
    });
  let g = Math.floor(N / k);
  while (g > 1 && !fits(g)) g--;
  let best: { chosen: number[]; cost: Cost } | null = null;
  for (const s of free) {
    // dp[j][u - s]: the best cost of picks 1..j with pick j at unwrapped position u.
    const dp: (Cost | null)[][] = [];
    const from: number[][] = [];
    for (let j = 1; j < k; j++) {
      dp[j] = new Array<Cost | null>(N).fill(null);
      from[j] = new Array<number>(N).fill(-1);
      for (let off = g; off <= N - g; off++) {
        if (!allowed[(s + off) % N]) continue;
        const disp = circular((s + off) % N, ideal(j));
        if (j === 1) {
          dp[1]![off] = [off * off, disp];
          continue;
        }
        for (let prev = g; prev <= off - g; prev++) {
          const c = dp[j - 1]![prev];
          if (!c) continue;
          const cand: Cost = [c[0] + (off - prev) ** 2, c[1] + disp];
          const cur = dp[j]![off];
          if (!cur || better(cand, cur)) {
            dp[j]![off] = cand;
            from[j]![off] = prev;
          }
        }
      }
    }
    const start = circular(s, ideal(0));
    let end = -1;
    let endCost: Cost | null = null;
    if (k === 1) {
      endCost = [N * N, start];
    } else {
      for (let off = g; off <= N - g; off++) {
        const c = dp[k - 1]![off];
        if (!c) continue;
        const cand: Cost = [c[0] + (N - off) ** 2, c[1] + start];
        if (!endCost || better(cand, endCost)) {
          endCost = cand;
          end = off;
        }
      }
    }
    if (!endCost) continue;
    const offs = [0];
    for (let j = k - 1, off = end; j >= 1; off = from[j]![off]!, j--) offs.splice(1, 0, off);
    const chosen = offs.map((o) => (s + o) % N).sort((a, b) => a - b);
    if (!best || better(endCost, best.cost)) best = { chosen, cost: endCost };
  }
  return best ? { chosen: best.chosen, minGap: g } : null;
}

const openCache = new Map<number, { chosen: number[]; minGap: number }>();

/** The spread on a map without terrain (the same for every battle of k sides). */
function openSpread(k: number): { chosen: number[]; minGap: number } {
  let plan = openCache.get(k);
  if (!plan) {
    plan = spread(k, new Array<boolean>(N).fill(true))!;
    openCache.set(k, plan);
  }
  return plan;
}

/** The k starting hexes on the ring (UTD7.45711–2). */
export function planRing(k: number, bodies: readonly Body[]): RingPlan {
  if (!Number.isInteger(k) || k < 2 || k > N) throw new RangeError(`cannot spread ${k} sides on the ring`);
  const excluded = excludedRingHexes(bodies);
  const allowed = new Array<boolean>(N).fill(true);
  for (const i of excluded) allowed[i] = false;
  const open = openSpread(k);
  const planned = spread(k, allowed);
  if (!planned) return { chosen: open.chosen, excluded, minGap: open.minGap, fair: false, adjusted: false };
  return {
    chosen: planned.chosen,
    excluded,
    minGap: planned.minGap,
    fair: true,
    adjusted: planned.chosen.join() !== open.chosen.join(),
  };
}

/**
 * UTD7.45711: "roll randomly to determine which player starts in which starting hex". Each side
 * in turn rolls 1Dn over the n hexes still free (in ring order); the last side takes the last hex.
 */
export function assignRing(sides: readonly Side[], plan: RingPlan, dice: DiceSource): StartArea[] {
  const ringHexes = startRing();
  const free = plan.chosen.map((index, i) => ({ index, position: i + 1 }));
  return sides.map((side, i) => {
    let pick = 0;
    if (i < sides.length - 1) {
      const names = free.map((f) => formatHex(ringHexes[f.index]!)).join(', ');
      pick =
        dice.roll(
          free.length,
          1,
          `start hex for ${side.label} (1D${free.length} over the free starting hexes ${names})`,
        )[0]! - 1;
    }
    const [taken] = free.splice(pick, 1);
    return {
      sideId: side.id,
      position: taken!.position,
      hex: formatHex(ringHexes[taken!.index]!),
      radius: START_RADIUS,
    };
  });
}
