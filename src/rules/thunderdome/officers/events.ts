/**
 * The officers' and crews' facts (UTD7.26A, 7.26B, 8.23, 6.376): bought at a shipyard as a
 * refit (capacity and BPV recorded), and transferred by an Organize Fleets order (UTD6.33).
 * Losses need no event: a ship that leaves its owner's navy takes them along (apply-officers.ts).
 */
export type OfficerEvent =
  | {
      type: 'OfficerBought';
      playerId: string;
      shipId: string;
      officer: string;
      yardId: string;
      /** Sixtieths of the yard's capacity (a refit's: half the ship's MC, UTD6.3755). */
      capacity: number;
      /** Charged, after `cost.rounding` (ISS-A03). */
      cost: string;
      exactCost: string;
    }
  | { type: 'CrewBought'; playerId: string; shipId: string; yardId: string; capacity: number; cost: string; exactCost: string }
  | {
      type: 'OfficerTransferred';
      playerId: string;
      officer: string;
      from: string;
      to: string;
      /** UTD7.26A: 0 to a ship of BPV ≤ the old one's, else the surcharge, exact. */
      surcharge: string;
      opCost: number;
    };
