import type { Decider } from '../decider.ts';
import {
  breakOutSpares,
  recordExpended,
  recordLosses,
  reportDamage,
  selfRepair,
  type DamageReport,
} from './records.ts';
import { refitFleet } from './refit-fleet.ts';
import { replaceAttrition } from './replace.ts';

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

export function runConditionCommand(d: Decider, c: ConditionCommand): void {
  switch (c.type) {
    case 'ship-report': {
      const { type: _t, ship, as, ...report } = c;
      return reportDamage(d, ship, report, as);
    }
    case 'ship-losses':
      return recordLosses(d, c.ship, c.fighters, c.pfs, c.as);
    case 'ship-breakout':
      return breakOutSpares(d, c.ship, c.as);
    case 'ship-expend':
      return recordExpended(d, c.ship, c.items, c.as);
    case 'ship-self-repair':
      return selfRepair(d, c.ship, c.boxes, c.speed, c.uncrippled ?? false, c.as);
    case 'ship-replace':
      return replaceAttrition(d, c.fleet, c.as);
    case 'refit-fleet':
      return refitFleet(d, c.fleet, c.refits, c.yard, c.as);
  }
}
