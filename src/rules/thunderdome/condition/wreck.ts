import type { Ship } from '../state.ts';
import type { UnitInfo } from '../units.ts';

/** UTD6.3E, UTD7.47: wrecked at or below a quarter of the maximum tactical speed, fractions dropped. */
export function wreckThreshold(maxSpeed: number): number {
  return Math.floor(maxSpeed / 4);
}

/** True when a ship that can now move at most `speed` is a wreck (TC-072: max 31 → 7 wrecked, 8 not). */
export function isWreckSpeed(maxSpeed: number, speed: number): boolean {
  return speed <= wreckThreshold(maxSpeed);
}

/** The ship's damage-control rating now: as reported, else the class's (UTD7.53 "current"). */
export function currentDamageControl(ship: Ship, unit: UnitInfo | undefined): number {
  return ship.condition?.damageControl ?? unit?.damageControl ?? 0;
}

/**
 * Tractor beams the ship can lend to a tow (UTD6.3E): none on a wreck, none on a captured ship not
 * yet inspected (it may use no system but unreinforced shields, UTD6.3773); else as reported or
 * the class's count.
 */
export function towingTractors(ship: Ship, unit: UnitInfo | undefined): number {
  if (ship.wrecked || ship.uninspected) return 0;
  return ship.condition?.tractors ?? unit?.tractorBeams ?? 0;
}
