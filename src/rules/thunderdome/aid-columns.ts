import type { UnitInfo } from './units.ts';

/**
 * Optional catalog columns the battle aids read (assets/catalog/README.md, "Optional columns for
 * battles and battle aids"). An empty cell is "not known": every aid that needs one says which
 * column is missing (by its CSV name, on the right) instead of guessing a value. Kept in the rules
 * because the binding fleet-size limit (battles/fleet-size-limit.ts) reads them too.
 */
export interface AidColumns {
  turnModeClass: string;
  weaponArcs: string;
  bpvCombat: string;
  feCommandRating: number;
  feHullType: string;
  fleetRole: string;
  flagBridgeBoxes: number;
  fcpRow: number;
  fcpCost: number;
  leaderKind: string;
  battlePods: number;
  carriesSmallCraft: boolean;
}

export const AID_COLUMN: Readonly<Record<keyof AidColumns, string>> = {
  turnModeClass: 'turn_mode_class',
  weaponArcs: 'weapon_arcs',
  bpvCombat: 'bpv_combat',
  feCommandRating: 'fe_command_rating',
  feHullType: 'fe_hull_type',
  fleetRole: 'fleet_role',
  flagBridgeBoxes: 'flag_bridge_boxes',
  fcpRow: 'fcp_row',
  fcpCost: 'fcp_cost',
  leaderKind: 'leader_kind',
  battlePods: 'battle_pods',
  carriesSmallCraft: 'carries_small_craft',
};

const KIND: Readonly<Record<keyof AidColumns, 'string' | 'number' | 'boolean'>> = {
  turnModeClass: 'string',
  weaponArcs: 'string',
  bpvCombat: 'string',
  feCommandRating: 'number',
  feHullType: 'string',
  fleetRole: 'string',
  flagBridgeBoxes: 'number',
  fcpRow: 'number',
  fcpCost: 'number',
  leaderKind: 'string',
  battlePods: 'number',
  carriesSmallCraft: 'boolean',
};

/** The unit's value of an optional column; undefined when the catalog has no such value. */
export function aidColumn<K extends keyof AidColumns>(info: UnitInfo | undefined, key: K): AidColumns[K] | undefined {
  const value = (info as unknown as Record<string, unknown> | undefined)?.[key];
  if (value === null || value === undefined || value === '') return undefined;
  // A decimal kept as text (BPV) may come as a number from another catalog adapter.
  if (KIND[key] === 'string' && typeof value === 'number') return String(value) as AidColumns[K];
  return typeof value === KIND[key] ? (value as AidColumns[K]) : undefined;
}
