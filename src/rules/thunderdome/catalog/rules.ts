import { mc } from '../../exact/move-class.ts';
import type { MoveClass } from '../../exact/move-class.ts';
import type { CatalogUnit, GroundBaseSize, UnitKind } from './types.ts';

/**
 * What the rules fix about catalog units regardless of the admin's numbers: kinds of unit,
 * the move cost of defenses, the shipyard chart, availability by year and CO eligibility.
 */

/** UTD7.4235#2: defenses count these MCs in a defending battle fleet, whatever the SSD says. */
export const DEFENSE_MOVE_COST = {
  smallGroundBase: mc(12),
  mediumGroundBase: mc(20),
  monitor: mc(30),
  defsat: mc(12),
} as const;

/**
 * UTD6.372 capacities and UTD7.62 dry-dock positions by kind of yard. A non-capital SC2 yard in
 * a starting sector may be designated a capacity-2 yard (UTD6.3843), so SC2 also allows 120.
 */
export const SHIPYARD_CHART = {
  capital: { sizeClass: 2, capacities: [mc(120)], dryDocks: 5 },
  sc2: { sizeClass: 2, capacities: [mc(90), mc(120)], dryDocks: 4 },
  sc3: { sizeClass: 3, capacities: [mc(60)], dryDocks: 3 },
  sc4: { sizeClass: 4, capacities: [mc(40)], dryDocks: 2 },
} as const;

/** UTD8.253: mines a minesweeper may buy, by size class (other size classes: none defined). */
export const MINESWEEPER_MINE_BPV: Readonly<Record<number, number>> = { 3: 50, 4: 25 };

/** Ships: warships, auxiliaries, freighters and monitors (they have command rating and speed). */
export function isShipKind(kind: UnitKind): boolean {
  return kind === 'warship' || kind === 'auxiliary' || kind === 'freighter' || kind === 'monitor';
}

/** Units that may be in a fleet (UTD7.262): warships, auxiliaries and freighters of any kind. */
export function isFleetKind(kind: UnitKind): boolean {
  return kind === 'warship' || kind === 'auxiliary' || kind === 'freighter';
}

export function isYardKind(kind: UnitKind): boolean {
  return kind === 'shipyard' || kind === 'capital_lcd';
}

export function isFighterKind(kind: UnitKind): boolean {
  return kind === 'fighter' || kind === 'heavy_fighter' || kind === 'megafighter';
}

/** Attrition units (UTD7.24): fighters of every kind and PFs. */
export function isAttritionKind(kind: UnitKind): boolean {
  return isFighterKind(kind) || kind === 'pf';
}

/** Defenses bought with Revise Defenses (UTD6.3A): monitors, ground bases and DefSats. */
export function isDefenseKind(kind: UnitKind): boolean {
  return kind === 'monitor' || kind === 'ground_base' || kind === 'defsat';
}

/** UTD7.4235#2: the rule MC of a defense; null for anything else, and for large ground bases (not allowed). */
export function defenseMoveCost(kind: UnitKind, groundBaseSize: GroundBaseSize | null): MoveClass | null {
  if (kind === 'monitor') return DEFENSE_MOVE_COST.monitor;
  if (kind === 'defsat') return DEFENSE_MOVE_COST.defsat;
  if (kind === 'ground_base' && groundBaseSize === 'small') return DEFENSE_MOVE_COST.smallGroundBase;
  if (kind === 'ground_base' && groundBaseSize === 'medium') return DEFENSE_MOVE_COST.mediumGroundBase;
  return null;
}

/**
 * The MC a unit counts in a fleet or defending battle fleet: the rule MC for defenses
 * (UTD7.4235#2), null for yards and the capital (ignored, UTD7.4235#1) and for large bases,
 * otherwise the catalog value.
 */
export function effectiveMoveCost(unit: CatalogUnit): MoveClass | null {
  if (isDefenseKind(unit.unitKind)) return defenseMoveCost(unit.unitKind, unit.groundBaseSize);
  if (isYardKind(unit.unitKind) || unit.unitKind === 'base_large') return null;
  return unit.moveCost;
}

/** Available iff `yearAvailable ≤ year` and, when retired, `year < yearRetired` (UTD8.12, 5.4672). */
export function isAvailableInYear(unit: Pick<CatalogUnit, 'yearAvailable' | 'yearRetired'>, year: number): boolean {
  return unit.yearAvailable <= year && (unit.yearRetired === null || year < unit.yearRetired);
}

/** The wreck threshold: a ship is wrecked at or below floor(max speed / 4) (UTD6.3E, UTD7.47). */
export function wreckThreshold(unit: CatalogUnit): number | null {
  return unit.maxSpeed === null ? null : Math.floor(unit.maxSpeed / 4);
}

/**
 * UTD7.A: warships, auxiliaries, freighters, monitors, attrition units, small ground bases and
 * shipyards (the capital included) receive COs; DefSats do not. Medium ground bases are not
 * listed (ISS-A124, setting `co.mediumGroundBaseEligible`). The catalog's `co_eligible` overrides.
 */
export function isCoEligible(unit: CatalogUnit, mediumGroundBaseEligible = false): boolean {
  if (unit.coEligible !== null) return unit.coEligible;
  switch (unit.unitKind) {
    case 'ground_base':
      return unit.groundBaseSize === 'small' || (unit.groundBaseSize === 'medium' && mediumGroundBaseEligible);
    case 'defsat':
    case 'base_large':
      return false;
    default:
      return true;
  }
}
