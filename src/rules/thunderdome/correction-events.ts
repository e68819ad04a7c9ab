/**
 * Corrections of the campaign by the players (UTD1.7; docs/rules-notes.md "Corrections by
 * consent"): the typed amendments a supermajority vote may apply, and the events that record
 * them. Declared apart from the orders (amend-state.ts) so that events.ts and state.ts can name
 * them without an import cycle. Codes and data only; src/discord/governance-words.ts writes the
 * sentences.
 */

/** A ship's condition as an amendment sets it (UTD7.4: undamaged, crippled, or a wreck). */
export type ShipConditionValue = 'undamaged' | 'crippled' | 'wrecked';
export type DevelopmentKind = 'colony' | 'mine' | 'fort';

/** One typed correction: what a vote may change, and only that. */
export type Correction =
  /** UTD4.3236: the bank in a player's capital, set to `bank` BPV. */
  | { kind: 'bank'; player: string; bank: string }
  /** A ship's condition (crippled, a wreck, or undamaged). */
  | { kind: 'condition'; ship: string; condition: ShipConditionValue }
  /** Where a fleet (with its ships), a base (with the ships docked at it) or a ship outside any fleet is. */
  | { kind: 'sector'; unit: string; sector: string }
  /** Whose a fleet (with its ships), a base or a ship outside any fleet is. */
  | { kind: 'owner'; unit: string; owner: string }
  /** A development in a sector: an active one of `owner`, or none (`owner` null). */
  | { kind: 'development'; sector: string; development: DevelopmentKind; owner: string | null }
  /** The fate a resolved battle recorded for a unit still on the map (and the unit's condition with it). */
  | { kind: 'battle'; battle: string; unit: string; fate: ShipConditionValue };

export type CorrectionKind = Correction['kind'];

/** One place the correction changes the state: a path (`players[a].bank`) and the two values. */
export interface CorrectionChange {
  path: string;
  before: unknown;
  after: unknown;
}

/** Why an amendment that passed could not be applied: the campaign changed while its vote was open. */
export type AmendmentFailure = { code: 'stale'; message: string };

export type CorrectionEvent =
  /** Posted with the vote: the correction, its reason and the difference it makes, before anyone votes. */
  | {
      type: 'AmendmentProposed';
      voteId: string;
      correction: Correction;
      reason: string;
      changes: CorrectionChange[];
    }
  /** The vote passed: the correction is applied (its fold is the correction itself, so replay gives it). */
  | { type: 'StateAmended'; voteId: string; correction: Correction; reason: string; changes: CorrectionChange[] }
  | { type: 'AmendmentFailed'; voteId: string; correction: Correction; failure: AmendmentFailure };
