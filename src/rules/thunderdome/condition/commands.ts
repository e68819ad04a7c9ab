import { z } from 'zod';
import {
  breakOutSpares,
  damageReportFields,
  recordExpended,
  recordLosses,
  reportDamage,
  selfRepair,
  type DamageReport,
} from './records.ts';
import { refitFleet } from './refit-fleet.ts';
import { replaceAttrition } from './replace.ts';
import { asField, type OrderTable } from '../order-spec.ts';

/**
 * The `/ship …` orders and records as the rules see them (UTD6.3B, 6.3E, 6.3J, 7.53). Ships by id, fleets by
 * slot; `as` names the player a proxy acts for (UTD3.2).
 */
export type ConditionCommand =
  | ({ type: 'ship-report'; ship: string; as?: string } & DamageReport)
  | { type: 'ship-losses'; ship: string; fighters: number; pfs: number; as?: string }
  | { type: 'ship-breakout'; ship: string; as?: string }
  | { type: 'ship-expend'; ship: string; items: string; as?: string }
  | { type: 'ship-self-repair'; ship: string; boxes: number; speed?: number; uncrippled?: boolean; as?: string }
  | { type: 'ship-replace'; fleet: string; as?: string }
  | { type: 'refit-fleet'; fleet: string; refits: string; yard?: string; as?: string };

export type ConditionCommandType = ConditionCommand['type'];

export const CONDITION_COMMANDS: readonly ConditionCommandType[] = [
  'ship-report',
  'ship-losses',
  'ship-breakout',
  'ship-expend',
  'ship-self-repair',
  'ship-replace',
  'refit-fleet',
];

/** The orders of this sub-system, one spec each (order-spec.ts); decide.ts gathers every table. */
export const CONDITION_ORDERS = {
  'ship-report': {
    input: z.object({ ship: z.string(), ...damageReportFields, ...asField }),
    who: 'player',
    decide: (d, c, p) => {
      const { type: _t, ship, as: _as, ...report } = c;
      return reportDamage(d, ship, report, p);
    },
  },
  'ship-losses': {
    input: z.object({ ship: z.string(), fighters: z.int(), pfs: z.int(), ...asField }),
    who: 'player',
    decide: (d, c, p) => recordLosses(d, c.ship, c.fighters, c.pfs, p),
  },
  'ship-breakout': {
    input: z.object({ ship: z.string(), ...asField }),
    who: 'player',
    decide: (d, c, p) => breakOutSpares(d, c.ship, p),
  },
  'ship-expend': {
    input: z.object({ ship: z.string(), items: z.string(), ...asField }),
    who: 'player',
    decide: (d, c, p) => recordExpended(d, c.ship, c.items, p),
  },
  'ship-self-repair': {
    input: z.object({
      ship: z.string(),
      boxes: z.int(),
      speed: z.int().exactOptional(),
      uncrippled: z.boolean().exactOptional(),
      ...asField,
    }),
    who: 'turn-even-locked',
    decide: (d, c, p) => selfRepair(d, c.ship, c.boxes, c.speed, c.uncrippled ?? false, p),
  },
  'ship-replace': {
    input: z.object({ fleet: z.string(), ...asField }),
    who: 'turn',
    decide: (d, c, p) => replaceAttrition(d, c.fleet, p),
  },
  'refit-fleet': {
    input: z.object({ fleet: z.string(), refits: z.string(), yard: z.string().exactOptional(), ...asField }),
    who: 'turn',
    decide: (d, c, p) => refitFleet(d, c.fleet, c.refits, c.yard, p),
  },
} satisfies OrderTable<ConditionCommand>;
