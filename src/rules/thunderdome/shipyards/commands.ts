import { activateYards } from './activate.ts';
import { buildShip } from './build.ts';
import { constructYard, overhaulYard, reportWorks, scrapYard } from './construct.ts';
import { dockCaptured, undockShips } from './dry-dock.ts';
import { repairFleet, repairWithFreighter } from './repairs.ts';
import { convertShips, inspectShips, overhaulShips, refitShips } from './work.ts';
import { z } from 'zod';
import { asField, type OrderTable } from '../order-spec.ts';

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

/** The ships named, the configuration to reach and the yard, for overhauls and inspections (UTD6.374, 6.377). */
const shipsAtYard = z.object({
  ships: z.string(),
  to: z.string().exactOptional(),
  yard: z.string().exactOptional(),
  ...asField,
});

/** The orders of this sub-system, one spec each (order-spec.ts); decide.ts gathers every table. */
export const YARD_ORDERS = {
  'yard-activate': {
    input: z.object({
      sector: z.string().exactOptional(),
      yard: z.string().exactOptional(),
      forgoRepair: z.array(z.string()).exactOptional(),
      ...asField,
    }),
    who: 'turn',
    decide: (d, c, p) => {
      const where: { sector?: string; yard?: string } = {};
      if (c.sector) where.sector = c.sector;
      if (c.yard) where.yard = c.yard;
      return activateYards(d, where, c.forgoRepair ?? [], p);
    },
  },
  'yard-build': {
    input: z.object({
      unitId: z.string(),
      yard: z.string().exactOptional(),
      fleet: z.int().exactOptional(),
      drones: z.int().exactOptional(),
      ...asField,
    }),
    who: 'turn',
    decide: (d, c, p) => buildShip(d, c.unitId, c.yard, c.fleet ?? null, p, c.drones ?? 0),
  },
  'yard-overhaul': {
    input: shipsAtYard,
    who: 'turn',
    decide: (d, c, p) => overhaulShips(d, c.ships, c.to, c.yard, p),
  },
  'yard-refit': {
    input: z.object({
      ships: z.string(),
      to: z.string().exactOptional(),
      yard: z.string().exactOptional(),
      drones: z.int().exactOptional(),
      ...asField,
    }),
    who: 'turn',
    decide: (d, c, p) => refitShips(d, c.ships, c.to ?? '', c.yard, p, c.drones ?? 0),
  },
  'yard-convert': {
    input: z.object({ ships: z.string(), to: z.string(), yard: z.string().exactOptional(), ...asField }),
    who: 'turn',
    decide: (d, c, p) => convertShips(d, c.ships, c.to, c.yard, p),
  },
  'yard-inspect': {
    input: shipsAtYard,
    who: 'turn',
    decide: (d, c, p) => inspectShips(d, c.ships, c.to, c.yard, p),
  },
  'yard-construct': {
    input: z.object({ sector: z.string(), unitId: z.string(), ...asField }),
    who: 'turn',
    decide: (d, c, p) => constructYard(d, c.sector, c.unitId, p),
  },
  'yard-overhaul-yard': {
    input: z.object({ yard: z.string(), ...asField }),
    who: 'turn',
    decide: (d, c, p) => overhaulYard(d, c.yard, p),
  },
  'yard-scrap': {
    input: z.object({ yard: z.string(), ...asField }),
    who: 'turn',
    decide: (d, c, p) => scrapYard(d, c.yard, p),
  },
  'yard-damage': {
    input: z.object({ yard: z.string(), worksDestroyed: z.int() }),
    who: 'anyone',
    decide: (d, c) => reportWorks(d, c.yard, c.worksDestroyed),
  },
  'yard-dock': {
    input: z.object({ ship: z.string(), yard: z.string().exactOptional() }),
    who: 'player',
    decide: (d, c, p) => dockCaptured(d, c.ship, c.yard, p),
  },
  'yard-undock': {
    input: z.object({ ships: z.string(), fleet: z.string(), ...asField }),
    who: 'turn',
    decide: (d, c, p) => undockShips(d, c.ships, c.fleet, p),
  },
  'repair-fleet': {
    input: z.object({ fleet: z.string(), cleared: z.array(z.string()).exactOptional(), ...asField }),
    who: 'turn',
    decide: (d, c, p) => repairFleet(d, c.fleet, c.cleared ?? [], p),
  },
  'repair-ships': {
    input: z.object({ fleet: z.string(), ships: z.string(), cleared: z.array(z.string()).exactOptional(), ...asField }),
    who: 'turn',
    decide: (d, c, p) => repairWithFreighter(d, c.fleet, c.ships, c.cleared ?? [], p),
  },
} satisfies OrderTable<YardCommand>;
