import { refuse } from '../errors.ts';
import type { FleetRole, FleetUnit } from './types.ts';
import { FLEET_ROLES } from './types.ts';

export const FLEET_RULE = 'VBSF fleet composition';

export function roleOf(unit: FleetUnit): FleetRole {
  return unit.role ?? 'warship';
}

export function countOf(unit: FleetUnit): number {
  return unit.count ?? 1;
}

/** Checks the fleet list itself (not the limits) and returns the flagship. */
export function validateFleet(fleet: readonly FleetUnit[], flagshipId: string): FleetUnit {
  const ids = new Set<string>();
  for (const u of fleet) {
    if (ids.has(u.id)) refuse('fleet/duplicate-unit', FLEET_RULE, `Unit id ${u.id} appears twice in the fleet.`);
    ids.add(u.id);
    if (u.role !== undefined && !FLEET_ROLES.includes(u.role))
      refuse(
        'fleet/bad-role',
        FLEET_RULE,
        `${u.id}: unknown role ${String(u.role)}.`,
        `Use one of ${FLEET_ROLES.join(', ')}.`,
      );
    if (u.count !== undefined && (!Number.isInteger(u.count) || u.count < 1))
      refuse('fleet/bad-count', FLEET_RULE, `${u.id}: count must be a whole number of 1 or more (got ${u.count}).`);
    if (u.sizeClass !== undefined && (!Number.isInteger(u.sizeClass) || u.sizeClass < 1))
      refuse(
        'fleet/bad-size-class',
        FLEET_RULE,
        `${u.id}: size class must be a whole number of 1 or more (got ${u.sizeClass}).`,
      );
    if (u.commandRating !== undefined && (!Number.isInteger(u.commandRating) || u.commandRating < 0))
      refuse(
        'fleet/bad-command-rating',
        FLEET_RULE,
        `${u.id}: command rating must be a whole number, 0 or more (got ${u.commandRating}).`,
      );
  }
  const flagship = fleet.find((u) => u.id === flagshipId);
  if (!flagship)
    refuse(
      'fleet/no-flagship',
      FLEET_RULE,
      `The flagship ${flagshipId} is not in the fleet.`,
      "Name one of the fleet's units as the flagship.",
    );
  return flagship;
}

/** Codes compared the way the charts print them: "f-l" matches "F-L". */
export function sameCode(a: string | undefined, b: string): boolean {
  return a !== undefined && a.trim().toUpperCase() === b.trim().toUpperCase();
}
