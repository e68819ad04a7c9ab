import type { DiceSource } from '../dice.ts';
import { refuse } from '../errors.ts';
import { isAlive, sideUnits } from './force.ts';
import type { UnitState } from './force.ts';
import { RULE } from './rules.ts';
import type { BothScouts, PerSide, Side, SidcorsUnit } from './types.ts';

/**
 * "No die roll shift can increase a die roll of 6 or reduce a die roll of 1. … combine them all
 * and apply the final result": the shifted die is clamped to 1..6.
 */
export function shiftDie(die: number, shift: number): number {
  return Math.min(6, Math.max(1, die + shift));
}

/** A side's scout strength: the largest EW of its working (uncrippled) scout-capable units, 0 if none. */
export function scoutStrength(states: readonly UnitState[], side: Side): number {
  let best = 0;
  for (const u of sideUnits(states, side)) {
    if (u.status !== 'undamaged') continue; // crippled scouts cannot use their capabilities
    const ew = u.flags.ew ?? (u.flags.scout === true ? 1 : 0);
    best = Math.max(best, ew);
  }
  return best;
}

/**
 * Scout shifts on each side's die. One side with a scout: the other side subtracts 1, or the
 * scout's EW when larger. Both sides with scouts is not covered by the extract; the digest's Rec.
 * (V22, `net`) nets them: the weaker side subtracts the difference. `cancel` is the reading that
 * two scouting forces blind each other: no shift (docs/rules-notes.md, SIDCORS).
 */
export function scoutShifts(states: readonly UnitState[], bothScouts: BothScouts = 'net'): PerSide<number> {
  const a = scoutStrength(states, 'A');
  const b = scoutStrength(states, 'B');
  if (a > 0 && b > 0 && bothScouts === 'cancel') return { A: 0, B: 0 };
  return { A: b > a ? -(b - a) : 0, B: a > b ? -(a - b) : 0 };
}

/** Cloak roll thresholds on 2d6: 5 or less gives the enemy −1 in round 1, 11–12 gives it +1. */
export function cloakShiftFor(total: number): -1 | 0 | 1 {
  if (total <= 5) return -1;
  if (total >= 11) return 1;
  return 0;
}

/** Only a force made entirely of cloaking (Romulan or Orion) ships may make the cloak roll. */
export function mayUseCloak(units: readonly SidcorsUnit[], side: Side): boolean {
  const mine = units.filter((u) => u.side === side);
  return mine.length > 0 && mine.every((u) => u.flags?.cloak === true);
}

export interface CloakRoll {
  side: Side;
  dice: number[];
  total: number;
  /** Shift on the ENEMY's combat die in the first round only. */
  enemyShift: -1 | 0 | 1;
}

/** The optional cloak roll, made before the first round by a side that chooses to use it. */
export function rollCloak(units: readonly SidcorsUnit[], side: Side, dice: DiceSource): CloakRoll {
  if (!mayUseCloak(units, side)) {
    refuse(
      'sidcors/not-all-cloaked',
      RULE.cloak,
      `Side ${side} cannot make the cloak roll: only a force made entirely of Romulan or Orion (cloaking) ships may.`,
    );
  }
  const rolled = dice.roll(6, 2, `SIDCORS cloak roll, side ${side}`);
  const total = rolled.reduce((s, d) => s + d, 0);
  return { side, dice: rolled, total, enemyShift: cloakShiftFor(total) };
}

/** True when the side's every surviving unit is a base, planet, FRD or convoy. */
export function cannotRetreat(states: readonly UnitState[], side: Side): boolean {
  const living = sideUnits(states, side).filter(isAlive);
  return living.length > 0 && living.every((u) => u.flags.cannotRetreat === true);
}
