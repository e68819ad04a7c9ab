import type { ConditionRecordKind, ShipCondition } from './types.ts';

/**
 * The ship-condition events (UTD6.3B, 6.3E, 6.3J, 7.53). Each carries the ship's whole new condition, so
 * applying it needs no catalog and replays exactly; the other fields say what happened, for the
 * announcement and the audit.
 */
export type ConditionEvent =
  | {
      type: 'ShipConditionRecorded';
      playerId: string;
      shipId: string;
      what: ConditionRecordKind;
      condition: ShipCondition;
      crippled: boolean;
      wrecked: boolean;
      /** losses: units lost; breakout: spares broken out (UTD6.3B1, 2.3(8)). */
      fighters?: number;
      pfs?: number;
      /** self-repair: boxes repaired (UTD7.53). */
      boxes?: number;
      /** expend: the items recorded. */
      items?: string[];
    }
  | {
      /** Step 3 (UTD2.3(3), 6.3B1): spares restocked and expendables regained. */
      type: 'ShipsResupplied';
      playerId: string;
      ships: {
        shipId: string;
        condition: ShipCondition;
        fighterSpares: number;
        pfSpares: number;
        expendables: number;
      }[];
    }
  | {
      /** UTD6.3B2 fast replacement of every fighter and PF missing in one fleet, spares included. */
      type: 'AttritionReplaced';
      playerId: string;
      fleetId: string;
      ships: { shipId: string; condition: ShipCondition; fighters: number; pfs: number }[];
      opCost: number;
      /** Why no order point was spent: the capital or a shipyard in the sector. */
      freeBy: string | null;
      cost: string;
    }
  | {
      /** UTD6.3J REFIT FLEET at a developed colony. */
      type: 'FleetRefitted';
      playerId: string;
      fleetId: string;
      sector: string;
      ships: { shipId: string; from: string; to: string; bpv: string; exactCost: string }[];
      opCost: number;
      /** The yard whose spare capacity made the order free (UTD6.3J3, ISS-A80), and the sixtieths used. */
      yardId: string | null;
      capacity: number;
      cost: string;
      exactCost: string;
    };

export type ConditionEventType = ConditionEvent['type'];
