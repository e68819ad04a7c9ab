import type { UnitInfo } from '../units.ts';

/** Why a unit may not take the item: the rule and the reason, or null when it may. */
export type Ineligible = { rule: string; reason: string } | null;

/**
 * UTD8.23 and UTD7.26A together (ISS-A96): a legendary officer serves on an SC3 or SC4 warship
 * that is not a battle tug, dreadnought, battleship or X-ship. SC2 ships are out by both rules.
 */
export function officerIneligible(unit: UnitInfo): Ineligible {
  if (unit.unitKind !== 'warship')
    return { rule: 'UTD8.23', reason: `${unit.name} is not a warship (it is a ${unit.unitKind.replace('_', ' ')})` };
  if (unit.sizeClass <= 2)
    return {
      rule: 'UTD7.26A',
      reason: `${unit.name} is a size-class ${unit.sizeClass} ship; no SC2 (or larger) ship may carry one`,
    };
  if (unit.sizeClass > 4)
    return {
      rule: 'UTD8.23',
      reason: `${unit.name} is size class ${unit.sizeClass}; only SC3 and SC4 warships may carry one`,
    };
  if (unit.isDreadnought) return { rule: 'UTD7.26A', reason: `${unit.name} is a dreadnought` };
  if (unit.isBattleship || unit.restricted === 'battleship')
    return { rule: 'UTD7.26A', reason: `${unit.name} is a battleship` };
  if (unit.isBattleTug) return { rule: 'UTD7.26A', reason: `${unit.name} is a battle tug` };
  if (unit.isXShip || unit.restricted === 'X-ship') return { rule: 'UTD7.26A', reason: `${unit.name} is an X-ship` };
  return null;
}

/** MC 1 in sixtieths: the largest move class an outstanding-crew ship may have (UTD7.26B). */
const OC_MAX_MC = 60;

/**
 * UTD7.26B: the outstanding-crew ship has MC 1 or less and is not a DN, battle tug, SC2 ship,
 * X-ship, stasis ship or mauler. The rule names no unit kind; it must be a ship (UTD7.262).
 */
export function crewIneligible(unit: UnitInfo): Ineligible {
  if (!['warship', 'auxiliary', 'freighter'].includes(unit.unitKind))
    return { rule: 'UTD7.26B', reason: `${unit.name} is not a ship` };
  if (unit.mc > OC_MAX_MC) return { rule: 'UTD7.26B', reason: `${unit.name} has a move class above 1` };
  if (unit.isDreadnought) return { rule: 'UTD7.26B', reason: `${unit.name} is a dreadnought` };
  if (unit.isBattleTug) return { rule: 'UTD7.26B', reason: `${unit.name} is a battle tug` };
  if (unit.sizeClass <= 2) return { rule: 'UTD7.26B', reason: `${unit.name} is a size-class ${unit.sizeClass} ship` };
  if (unit.isXShip || unit.restricted === 'X-ship') return { rule: 'UTD7.26B', reason: `${unit.name} is an X-ship` };
  if (unit.isStasisShip) return { rule: 'UTD7.26B', reason: `${unit.name} is a stasis ship` };
  if (unit.isMauler) return { rule: 'UTD7.26B', reason: `${unit.name} is a mauler` };
  return null;
}
