/** One officer or crew lost with its ship (UTD7.26A, 7.26B, 8.23), as `OfficersLost` records it. */
export interface OfficerLoss {
  playerId: string;
  shipId: string;
  unitId: string;
  /** The legendary officer's type, when one was aboard. */
  officer?: string;
  /** True when the ship was the navy's outstanding-crew ship. */
  crew?: boolean;
  /** The ship now belongs to this player (captured); absent when it is gone (destroyed, scrapped). */
  capturedBy?: string;
}

/**
 * The officers' and crews' facts (UTD7.26A, 7.26B, 8.23, 6.376): bought at a shipyard as a
 * refit (capacity and BPV recorded), and transferred by an Organize Fleets order (UTD6.33).
 * A ship that leaves its owner's navy takes them along (`settleOfficerLosses`, after any event);
 * the Decider then records `OfficersLost` so the loss is announced (it changes nothing itself).
 * Minesweeper mines (UTD8.253) are bought like them, as a refit.
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
  | {
      type: 'CrewBought';
      playerId: string;
      shipId: string;
      yardId: string;
      capacity: number;
      cost: string;
      exactCost: string;
    }
  | {
      type: 'OfficerTransferred';
      playerId: string;
      officer: string;
      from: string;
      to: string;
      /** UTD7.26A: 0 to a ship of BPV ≤ the old one's, else the surcharge, exact. */
      surcharge: string;
      opCost: number;
    }
  | {
      /** UTD8.253: mines bought for a minesweeper as extra COs, at a yard as a refit (UTD6.376). */
      type: 'MinesBought';
      playerId: string;
      shipId: string;
      yardId: string;
      capacity: number;
      /** BPV of mines bought now, and carried afterwards. */
      mines: string;
      carried: string;
      cost: string;
      exactCost: string;
    }
  | { type: 'OfficersLost'; losses: OfficerLoss[] };
