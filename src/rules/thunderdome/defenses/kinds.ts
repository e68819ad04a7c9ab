import { defenseMoveCost } from '../catalog/rules.ts';
import type { GroundBaseSize, UnitKind } from '../catalog/types.ts';
import type { Base, CampaignState } from '../state.ts';
import type { UnitCatalog, UnitInfo } from '../units.ts';

/**
 * What a unit is as a defense (UTD7.34): a monitor, a ground base, a DefSat, a repair freighter
 * assigned to the sector, or a defending ship (UTD7.34's "up to 2 MC of defending ships" and
 * UTD8.134's ships of empires without a monitor). Anything else cannot be bought as a defense.
 */
export type DefenseCategory = 'monitor' | 'ground-base' | 'defsat' | 'repair-freighter' | 'defending-ship';

export function defenseCategory(unit: UnitInfo): DefenseCategory | null {
  switch (unit.unitKind) {
    case 'monitor':
      return 'monitor';
    case 'ground_base':
      return 'ground-base';
    case 'defsat':
      return 'defsat';
    case 'freighter':
      return unit.repairFreighter === 'none' ? 'defending-ship' : 'repair-freighter';
    case 'warship':
    case 'auxiliary':
      return 'defending-ship';
    default:
      return null;
  }
}

/** The base roles that are a sector's defenses (UTD7.3): what Revise Defenses and Scrap touch. */
export const DEFENSE_ROLES: readonly Base['role'][] = ['defense', 'supporting-rf', 'defending-ship'];

export function isDefenseBase(b: Base): boolean {
  return DEFENSE_ROLES.includes(b.role);
}

/** A player's defenses in a sector, pending ones (bought this turn) included unless asked otherwise. */
export function defensesIn(
  state: CampaignState,
  playerId: string,
  sector: string,
  opts: { withPending?: boolean } = {},
): Base[] {
  return state.bases.filter(
    (b) =>
      b.owner === playerId && b.sector === sector && isDefenseBase(b) && (opts.withPending !== false || !b.pending),
  );
}

/** UTD7.24: every four fighter equivalents (or part) count MC 1/3, every two PFs (or part) MC 1/2, in sixtieths. */
export function attritionMcOf(fighterEquivalents: number, pfs: number): number {
  return Math.ceil(fighterEquivalents / 4) * 20 + Math.ceil(pfs / 2) * 30;
}

/**
 * UTD7.4236 (printed as the second UTD7.4235, ISS-18): the move cost a defense counts in a
 * defending battle fleet, in sixtieths, whatever the catalog's `move_cost` says: small ground base
 * 1/5, medium 1/3, monitor 1/2, DefSat 1/5. A fighter or PF base adds its attrition units
 * (UTD7.24, counted per base). Defending ships and anything else count their own move class.
 */
export function defenseBattleMc(unit: UnitInfo): number {
  const rule = defenseMoveCost(unit.unitKind as UnitKind, (unit.groundBaseSize ?? null) as GroundBaseSize | null);
  if (rule === null) return unit.mc;
  const attrition = unit.unitKind === 'ground_base' ? attritionMcOf(unit.fighters ?? 0, unit.pfs ?? 0) : 0;
  return rule + attrition;
}

/** The battle move cost of a ship or base by id: the rule MC for defenses, the catalog MC otherwise. */
export function battleMcOf(state: CampaignState, catalog: UnitCatalog, id: string): number {
  const unit = state.ships.find((x) => x.id === id) ?? state.bases.find((x) => x.id === id);
  const info = unit ? catalog.get(unit.unitId) : undefined;
  return info ? defenseBattleMc(info) : 0;
}
