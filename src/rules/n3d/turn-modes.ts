import type { Decimal } from 'decimal.js';
import type { DiceSource } from '../dice.ts';
import { refuse } from '../errors.ts';
import { orientation, type Orientation } from './orientation.ts';
import { TURN_MODE_K, type TurnModeClass } from './tables.ts';
import {
  ANGLE_UNITS,
  formatDegrees,
  HALF_CIRCLE,
  IMPULSES_PER_TURN,
  KM_PER_HEX,
  N3dDecimal as D,
  signedAngle,
} from './units.ts';

/**
 * Turn limits (C3): the most a unit may turn on each axis in one impulse, in angle units
 * (1/10,000 degree). Each axis is limited separately (C3.1). Limits are computed exactly with
 * decimals and rounded DOWN to 1/10,000 degree, so a plotted turn never exceeds the true limit.
 */
export type TurnMode =
  | { kind: 'class'; class: TurnModeClass }
  | { kind: 'seeking' }
  /** "Turn mode of T hexes at all speeds" (C3.31). */
  | { kind: 'multi-hex'; hexes: number };

/** Which reading of the multi-hex formula (digest N4): `60·(S/32)/(T+1)` or the printed `60/(T+1)/(S/32)`. */
export type MultiHexFormula = 'recommended' | 'literal';

/** Tactical maneuvers declared for the impulse (C5). */
export type Tac = 'none' | 'sublight' | 'warp' | 'both';

export const MIN_TURN = 15_000; // 1.5° (C3.31 floor, and the C5.13 zero-energy turn)
const SUBLIGHT_TAC = 20_000; // 2° (C5.11)
const WARP_TAC = 75_000; // 7.5° (C5.21)
const BOTH_TAC = 90_000; // 9° (C5.32)
const OUTSTANDING_WARP_TAC = 110_000; // 11° (G21.224; replaces 7.5 and 9, digest N15)
export const BASE_ROTATION_MAX = 75_000; // 7.5° (C3.7)

function floorUnits(deg: Decimal): number {
  return Math.min(HALF_CIRCLE, deg.mul(ANGLE_UNITS).floor().toNumber());
}

/** C3.31: the turn-mode limit at warp speed `speedKm` (S × 10,000). */
export function turnModeLimit(mode: TurnMode, speedKm: number, formula: MultiHexFormula = 'recommended'): number {
  const s = new D(Math.max(0, speedKm)).div(KM_PER_HEX);
  let deg: Decimal;
  switch (mode.kind) {
    case 'class':
      deg = new D(TURN_MODE_K[mode.class]).mul(s.sqrt());
      break;
    case 'seeking':
      deg = new D(TURN_MODE_K['seeking weapon']).mul(s);
      break;
    case 'multi-hex': {
      const t1 = new D(mode.hexes).add(1);
      if (formula === 'recommended') deg = new D(60).mul(s.div(IMPULSES_PER_TURN)).div(t1);
      // The printed formula divides by S/32: unbounded at S = 0, capped at 180° (any turn).
      else deg = s.isZero() ? new D(180) : new D(60).div(t1).div(s.div(IMPULSES_PER_TURN));
      break;
    }
  }
  return Math.max(MIN_TURN, floorUnits(deg));
}

/** C5: the limit a declared tactical maneuver gives (C5.13 zero-energy turn when none). */
export function tacLimit(tac: Tac, outstandingCrew = false): number {
  switch (tac) {
    case 'none':
      return MIN_TURN;
    case 'sublight':
      return SUBLIGHT_TAC;
    case 'warp':
      return outstandingCrew ? OUTSTANDING_WARP_TAC : WARP_TAC;
    case 'both':
      return outstandingCrew ? OUTSTANDING_WARP_TAC : BOTH_TAC;
  }
}

/** A unit may use whichever is greater, its turn mode or its tactical maneuver. */
export function turnLimit(
  mode: TurnMode,
  speedKm: number,
  tac: Tac,
  outstandingCrew: boolean,
  formula: MultiHexFormula = 'recommended',
): number {
  return Math.max(turnModeLimit(mode, speedKm, formula), tacLimit(tac, outstandingCrew));
}

/** C5.21: warp tactical maneuvers last a quarter turn: impulses 1–8, 9–16, 17–24, 25–32. */
export function quarterOf(impulse: number): 1 | 2 | 3 | 4 {
  return (Math.floor((impulse - 1) / 8) + 1) as 1 | 2 | 3 | 4;
}

/** C3.1: refuses a turn whose change on any axis exceeds the limit. */
export function checkTurn(delta: Orientation, limit: number, who = 'The unit'): void {
  for (const axis of ['pitch', 'yaw', 'roll'] as const) {
    const d = Math.abs(signedAngle(delta[axis]));
    if (d > limit) {
      refuse(
        'n3d/turn-too-sharp',
        'C3.1',
        `${who} may turn at most ${formatDegrees(limit)}° per impulse on each axis; ${axis} ${formatDegrees(signedAngle(delta[axis]))}° is too much.`,
        'Plot a smaller turn, declare a tactical maneuver (C5), or use a High Energy Turn (C6.0).',
      );
    }
  }
}

/** C3.7: a base's fixed rotation, each axis at most 7.5° per impulse. */
export function checkBaseRotation(rate: Orientation): void {
  for (const axis of ['pitch', 'yaw', 'roll'] as const) {
    if (Math.abs(signedAngle(rate[axis])) > BASE_ROTATION_MAX) {
      refuse(
        'n3d/base-rotation',
        'C3.7',
        `A base rotates at most 7.5° per impulse on each axis; ${axis} ${formatDegrees(signedAngle(rate[axis]))}° is too fast.`,
      );
    }
  }
}

/** C6.541: 60 × d6 + 10 × d6 (70°…420°), taken mod 360. The same 36 values as 10 × d36. */
export function hetBreakdownAngle(sixties: number, tens: number): number {
  return orientation((60 * sixties + 10 * tens) * ANGLE_UNITS, 0, 0).pitch;
}

/** C6.541 / C6.5511: a new pitch, yaw and roll after a HET breakdown, two dice each. */
export function hetBreakdownFacing(dice: DiceSource): Orientation {
  const axis = (name: string) => {
    const [a, b] = dice.roll(6, 2, `C6.541 HET breakdown ${name} (60×d6 + 10×d6)`) as [number, number];
    return hetBreakdownAngle(a, b);
  };
  const pitch = axis('pitch');
  const yaw = axis('yaw');
  const roll = axis('roll');
  return { pitch, yaw, roll };
}
