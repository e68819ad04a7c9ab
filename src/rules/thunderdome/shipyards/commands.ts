import type { Decider } from '../decider.ts';
import { activateYards } from './activate.ts';
import { buildShip } from './build.ts';
import { constructYard, overhaulYard, reportWorks, scrapYard } from './construct.ts';
import { dockCaptured, undockShips } from './dry-dock.ts';
import { repairFleet, repairWithFreighter } from './repairs.ts';
import { convertShips, inspectShips, overhaulShips, refitShips } from './work.ts';

/**
 * The `/yard …` orders as the rules see them. Ships are named by id in comma lists; a yard by its
 * base id (`B7`) or `capital`; leaving the yard out lets the rules pick an activated one that can.
 * `as` names the player a proxy acts for (UTD3.2).
 */
export type YardCommand =
  | { type: 'yard-activate'; sector?: string; yard?: string; forgoRepair?: string[]; as?: string }
  | {
      type: 'yard-build';
      unitId: string;
      yard?: string;
      fleet?: number;
      /** Extra drones bought with the ship (UTD7.A832). */
      drones?: number;
      as?: string;
    }
  | { type: 'yard-overhaul'; ships: string; to?: string; yard?: string; as?: string }
  | {
      type: 'yard-refit';
      ships: string;
      /** Left out (or the ship's own configuration) with `drones`: a drone-only refit. */
      to?: string;
      yard?: string;
      /** Extra drones added per ship (UTD7.A832). */
      drones?: number;
      as?: string;
    }
  | { type: 'yard-convert'; ships: string; to: string; yard?: string; as?: string }
  | { type: 'yard-inspect'; ships: string; to?: string; yard?: string; as?: string }
  | { type: 'yard-construct'; sector: string; unitId: string; as?: string }
  | { type: 'yard-overhaul-yard'; yard: string; as?: string }
  | { type: 'yard-scrap'; yard: string; as?: string }
  | { type: 'yard-damage'; yard: string; worksDestroyed: number }
  | { type: 'yard-dock'; ship: string; yard?: string }
  | { type: 'yard-undock'; ships: string; fleet: string; as?: string }
  | { type: 'repair-fleet'; fleet: string; cleared?: string[]; as?: string }
  | { type: 'repair-ships'; fleet: string; ships: string; cleared?: string[]; as?: string };

export type YardCommandType = YardCommand['type'];

export function runYardCommand(d: Decider, c: YardCommand): void {
  switch (c.type) {
    case 'yard-activate': {
      const where: { sector?: string; yard?: string } = {};
      if (c.sector) where.sector = c.sector;
      if (c.yard) where.yard = c.yard;
      return activateYards(d, where, c.forgoRepair ?? [], c.as);
    }
    case 'yard-build':
      return buildShip(d, c.unitId, c.yard, c.fleet ?? null, c.as, c.drones ?? 0);
    case 'yard-overhaul':
      return overhaulShips(d, c.ships, c.to, c.yard, c.as);
    case 'yard-refit':
      return refitShips(d, c.ships, c.to ?? '', c.yard, c.as, c.drones ?? 0);
    case 'yard-convert':
      return convertShips(d, c.ships, c.to, c.yard, c.as);
    case 'yard-inspect':
      return inspectShips(d, c.ships, c.to, c.yard, c.as);
    case 'yard-construct':
      return constructYard(d, c.sector, c.unitId, c.as);
    case 'yard-overhaul-yard':
      return overhaulYard(d, c.yard, c.as);
    case 'yard-scrap':
      return scrapYard(d, c.yard, c.as);
    case 'yard-damage':
      return reportWorks(d, c.yard, c.worksDestroyed);
    case 'yard-dock':
      return dockCaptured(d, c.ship, c.yard);
    case 'yard-undock':
      return undockShips(d, c.ships, c.fleet, c.as);
    case 'repair-fleet':
      return repairFleet(d, c.fleet, c.cleared ?? [], c.as);
    case 'repair-ships':
      return repairWithFreighter(d, c.fleet, c.ships, c.cleared ?? [], c.as);
  }
}
