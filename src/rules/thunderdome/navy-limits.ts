import { requireInYear } from './availability.ts';
import { mcOfShips } from './condition/attrition.ts';
import type { Decider } from './decider.ts';
import { empireCode } from './empires.ts';
import { refuse } from '../errors.ts';
import { playerCount } from './lookup.ts';
import type { CampaignState, Player } from './state.ts';
import { isFleetUnit, type UnitInfo } from './units.ts';
import { requireMegafighterLimit } from './carriers.ts';

/**
 * What a navy may hold, shared by setup, the shipyards, captures and territory: the number of
 * fleets, a fleet's move cost and whether a unit may join the navy now. It imports no order, so
 * every order module may use it.
 */

/** The number of fleets a player may have: `fleets.base` (3 + P) plus bought ones (UTD7.21, 7.22; ISS-A20). */
export function maxFleets(state: CampaignState, p: Player): number {
  const base = state.settings['fleets.base'];
  return base.fixed + base.perPlayer * playerCount(state) + p.extraFleets;
}

export function fleetMc(state: CampaignState, fleetId: string, catalog: Decider['ctx']['catalog']): number {
  // Ship condition: hulls plus the fleet's pooled fighters and PFs (UTD7.24, condition/attrition.ts).
  return mcOfShips(
    state.ships.filter((s) => s.fleetId === fleetId),
    catalog,
  );
}

/** The catalog unit named, if it is in the catalog (UTD1.6) and of the player's empire or neutral (UTD8.113). */
export function empireUnit(p: Player, unit: UnitInfo | undefined, unitId: string): UnitInfo {
  if (!unit)
    refuse(
      'catalog/unknown-unit',
      'UTD1.6',
      `\`${unitId.slice(0, 40)}\` is not in this campaign's ship catalog.`,
      'Search it with `/catalog search`.',
    );
  const code = empireCode(p.empire);
  if (unit.empire !== code && unit.empire !== 'NEU')
    refuse(
      'unit/other-empire',
      'UTD8.113',
      `${unit.name} belongs to another empire (${unit.empire}); you play ${code}.`,
    );
  return unit;
}

/** Checks that a unit may join this player's navy now (UTD8.12 year, UTD8.21 restricted, UTD8.113 empire). */
export function checkBuildable(d: Decider, p: Player, unitId: string): UnitInfo {
  const unit = empireUnit(p, d.ctx.catalog.get(unitId), unitId);
  if (!isFleetUnit(unit))
    refuse('unit/not-a-ship', 'UTD7.262', `${unit.name} is not a ship or freighter, so it cannot be in a fleet.`);
  requireInYear(d.state, unit, 'UTD8.12');
  if (unit.restricted && !restrictedUnitAllowed(d.state, unit.unitId))
    refuse(
      'unit/restricted',
      'UTD8.21',
      `${unit.name} is a restricted unit (${unit.restricted}); it needs a supermajority vote to be allowed.`,
      `Put it to the players with \`/vote restricted unit:${unit.unitId}\`.`,
    );
  requireMegafighterLimit(d, p, unit);
  return unit;
}

/** The restricted units the players voted in (older campaigns have no such setting yet). */
export function restrictedUnitAllowed(state: CampaignState, unitId: string): boolean {
  return (state.settings['units.allowedRestricted'] ?? []).includes(unitId);
}
