import type { DiceSource } from '../../dice.ts';
import { CENTRE, directionOf, distance, formatHex, move, onMap, sameHex } from './hex.ts';
import type { Direction, Hex } from './hex.ts';
import type { Body } from './terrain-placement.ts';

/**
 * Warp point placement (UTD7.4552x, printed as 7.4521x, ISS-19), after the terrain
 * (UTD7.45512#1). One warp point per warp lane of the sector (ISS-A72), rolled afresh for every
 * battle (UTD7.45523): direction 1D6 and distance 2D6 from hex 3030. Two warp points may share a
 * hex (UTD7.45522). A warp point landing in a terrain body is pushed on in its rolled direction
 * until it is two hexes clear of that body; if that runs off the map it is re-rolled
 * (UTD7.45531–2).
 */
export interface WarpPoint {
  /** The neighbouring sector the lane leads to. */
  to: string;
  label: string;
  hex: string;
  direction: Direction;
  /** The rolled distance from 3030 (2D6), before any shift. */
  distance: number;
  /** Hexes moved along `direction` to clear terrain (UTD7.45532). */
  shiftedBy: number;
  /** The bodies it was moved past, in order. */
  shiftedPast: string[];
  rerolls: number;
  /** Every die rolled for this warp point, in order: direction, distance, distance, then again per re-roll. */
  dice: number[];
}

export interface Lane {
  to: string;
  label: string;
}

/** Enough re-rolls to prove a bug rather than bad luck: with real terrain a re-roll is already rare. */
const MAX_REROLLS = 200;

function gap(h: Hex, body: Body): number {
  return Math.min(...body.hexes.map((b) => distance(h, b)));
}

/** Places one warp point; `bodies` are the terrain bodies already on the map. */
export function placeWarpPoint(lane: Lane, bodies: readonly Body[], dice: DiceSource): WarpPoint {
  const all: number[] = [];
  for (let rerolls = 0; rerolls <= MAX_REROLLS; rerolls++) {
    const tag = rerolls === 0 ? '' : ` (re-roll ${rerolls})`;
    const dirDie = dice.roll(6, 1, `warp point to ${lane.label}: direction (1D6, 1=A … 6=F)${tag}`)[0]!;
    const distDice = dice.roll(6, 2, `warp point to ${lane.label}: distance from 3030 (2D6)${tag}`);
    all.push(dirDie, ...distDice);
    const direction = directionOf(dirDie);
    const rolled = distDice[0]! + distDice[1]!;
    let h = move(CENTRE, direction, rolled);
    let shiftedBy = 0;
    const shiftedPast: string[] = [];
    let offMap = false;
    // A shift can end inside another body (a moon beyond a gas giant): the rule applies again.
    for (
      let body = bodies.find((b) => b.hexes.some((x) => sameHex(x, h)));
      body && !offMap;
      body = bodies.find((b) => b.hexes.some((x) => sameHex(x, h)))
    ) {
      shiftedPast.push(body.name);
      while (gap(h, body) < 2) {
        h = move(h, direction);
        shiftedBy++;
        if (!onMap(h)) {
          offMap = true;
          break;
        }
      }
    }
    if (!offMap)
      return {
        to: lane.to,
        label: lane.label,
        hex: formatHex(h),
        direction,
        distance: rolled,
        shiftedBy,
        shiftedPast,
        rerolls,
        dice: all,
      };
  }
  throw new Error(`warp point to ${lane.label}: still off the map after ${MAX_REROLLS} re-rolls`);
}

/** One warp point per lane, in lane order. */
export function placeWarpPoints(lanes: readonly Lane[], bodies: readonly Body[], dice: DiceSource): WarpPoint[] {
  return lanes.map((lane) => placeWarpPoint(lane, bodies, dice));
}

/** Groups of lanes whose warp points share a hex (UTD7.45522), for the notes. */
export function colocated(points: readonly WarpPoint[]): { hex: string; labels: string[] }[] {
  const byHex = new Map<string, string[]>();
  for (const p of points) byHex.set(p.hex, [...(byHex.get(p.hex) ?? []), p.label]);
  return [...byHex].filter(([, labels]) => labels.length > 1).map(([hex, labels]) => ({ hex, labels }));
}
