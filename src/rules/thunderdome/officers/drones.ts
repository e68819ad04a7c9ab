import { bpv, type Bpv } from '../../exact/bpv.ts';
import { formatMoveClass, type MoveClass } from '../../exact/move-class.ts';
import type { UnitInfo } from '../units.ts';

/**
 * UTD7.A8321: extra drones a ship may buy at build or refit, by move class (in sixtieths). A move
 * class between two rows takes the lower row; below 1/3 it is 3 (ISS-A125).
 */
const BY_MOVE_CLASS: readonly [mc: number, drones: number][] = [
  [120, 12],
  [90, 9],
  [60, 6],
  [40, 5],
  [30, 4],
  [20, 3],
];

/** UTD7.A8322: Kzinti ships raise every limit by 3. */
export const KZINTI_BONUS = 3;
/** UTD7.A8323: SFB drone-bombardment ships raise it by 12, stacking with the Kzinti bonus. */
export const BOMBARDMENT_BONUS = 12;

export function baseDroneLimit(mcSixtieths: number): number {
  return BY_MOVE_CLASS.find(([mc]) => mcSixtieths >= mc)?.[1] ?? 3;
}

/**
 * UTD7.A8321–7.A8324: how many whole extra drones the ship may carry from build and refit
 * purchases. Cargo boxes play no part (UTD7.A8324). A ship that uses no drones may buy none.
 */
export function extraDroneLimit(unit: Pick<UnitInfo, 'mc' | 'empire' | 'droneUser' | 'isDroneBombardment'>): number {
  if (!unit.droneUser && !unit.isDroneBombardment) return 0;
  return (
    baseDroneLimit(unit.mc) +
    (unit.empire === 'KZI' ? KZINTI_BONUS : 0) +
    (unit.isDroneBombardment ? BOMBARDMENT_BONUS : 0)
  );
}

/** How the limit was reached, for refusals: "MC 1: 6, Kzinti +3". */
export function explainDroneLimit(unit: Pick<UnitInfo, 'mc' | 'empire' | 'droneUser' | 'isDroneBombardment'>): string {
  const parts = [`MC ${formatMoveClass(unit.mc as MoveClass)}: ${baseDroneLimit(unit.mc)}`];
  if (unit.empire === 'KZI') parts.push(`Kzinti +${KZINTI_BONUS}`);
  if (unit.isDroneBombardment) parts.push(`drone bombardment +${BOMBARDMENT_BONUS}`);
  return parts.join(', ');
}

/**
 * UTD7.A81: drones bought with the ship raise its BPV (and so its CO pool) by their price,
 * `drones.extraBpvEach` BPV each; the text leaves the price to SFB (requirements §4.2.4).
 */
export function extraDroneCost(count: number, bpvEach: number): Bpv {
  return bpv(bpvEach).mul(count);
}
