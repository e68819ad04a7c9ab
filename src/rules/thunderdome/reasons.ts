/**
 * Why an event happened, as a code and the numbers and ids it needs: the words layer
 * (src/discord/reason-words.ts) writes the sentence, so a sentence can be reworded after the event
 * is stored. `text` keeps a free-text reason of an event stored before the codes, which the
 * upcaster (upcast.ts) could not map to one: nothing stored is lost.
 */
export type LegacyText = { code: 'text'; text: string };

/** Why a battle changed stage (UTD3.4–3.5, UTF3.45, UTD5.43–5.47). */
export type StageReason =
  | { code: 'setup-rolled' }
  | { code: 'contact-made' }
  | { code: 'in-touch' }
  | { code: 'contact-deadline-moved'; deadline: string }
  | { code: 'stalled-four-weeks' }
  | { code: 'extended' }
  | { code: 'extended-by-vote' }
  | { code: 'result-reported' }
  | { code: 'settlement-proposed' }
  | { code: 'result-disputed' }
  | { code: 'settlement-rejected' }
  | { code: 'proposal-withdrawn' }
  | { code: 'npe-objection-window' }
  | { code: 'npe-result-not-approved' }
  | { code: 'appeal-under-way' }
  | { code: 'appeal-no-supermajority' }
  | { code: 'npe-runner-wanted' }
  | { code: 'npe-runner-builds'; runner: string; available: string | null }
  /** ISS-A16: `side` did not answer and chooses its retreat lane before one is rolled. */
  | { code: 'defender-chooses-lane'; side: string }
  /** UTD5.432: the outside runner's game was not validated; the scenario is played again. */
  | { code: 'npe-scenario-restarted' }
  /** ISS-A16: a side forced to retreat, and the clock it missed. */
  | { code: 'forced-retreat'; why: ForcedRetreatCause; immobile: boolean }
  | LegacyText;

/** Why a battle's deadline moved (UTD3.44). */
export type BattleExtensionReason =
  | { code: 'real-life-automatic' }
  | { code: 'both-asked' }
  | { code: 'granted-by-vote' }
  | LegacyText;

/** Why a turn's orders deadline moved (UTD3.32). */
export type TurnExtensionReason = { code: 'real-life' } | { code: 'granted-by-vote' } | LegacyText;

/** Why a vote closed (UTD1.7): the counts and the supermajority it needed. */
export type VoteCloseReason =
  | { code: 'supermajority'; electorate: number; threshold: number }
  | { code: 'yes-unreachable'; threshold: number }
  | { code: 'deadline'; threshold: number }
  | { code: 'option-chosen'; option: string; electorate: number; threshold: number }
  | { code: 'no-option-by-deadline'; threshold: number }
  | { code: 'no-option-reachable'; threshold: number }
  | LegacyText;

/** Why a player's bank is lost (UTD4.3236). */
/**
 * Why BPV left a bank (UTD4.3236, ISS-A86): the capital and its bank were destroyed; BPV received
 * without a bank and not spent by the end of the owner's turn; or received outside the owner's turn.
 */
export type BankLostReason =
  | { code: 'no-capital' }
  | { code: 'capital-destroyed' }
  | { code: 'received-without-bank' }
  | LegacyText;

/** Why the secret dice seeds were revealed (UTD1.7). */
export type SeedsRevealedReason = { code: 'campaign-ended' } | { code: 'voted' } | LegacyText;

/** Why a development was not established (UTD2.3 step 1). */
export type DevelopmentCancelledReason = { code: 'fleet-left' } | LegacyText;

/**
 * Why a battle's NPE record changed (UTD5.46, 5.465, 5.467). The numbers and ids the sentence
 * names are the event's own `npe` record (its attacker BPV and budget, its runner, its force).
 */
export type NpeUpdateReason =
  | { code: 'npe-budget' }
  | { code: 'runner-volunteered' }
  /** UTD5.432: a supermajority let a user outside the campaign run the NPE. */
  | { code: 'runner-outsider-allowed' }
  /** UTD5.44: two claimed the role; each round's dice, the tied rolling again; the winner is `npe.runner`. */
  | { code: 'runner-disputed'; disputants: string[]; rounds: { playerId: string; die: number }[][] }
  | { code: 'force-fielded' }
  | LegacyText;

/** Why a player gains NPE ships (UTD5.4A1 tribute, UTD5.4A2 captures). */
export type ShipsGainedReason =
  | { code: 'anschluss-tribute' }
  | { code: 'anschluss-tribute-chosen' }
  | { code: 'captured-from-npe' }
  | LegacyText;

/** Why BPV is paid to a player (UTD5.4A2). */
export type BpvAwardReason = { code: 'npe-conquered' } | LegacyText;

/** Why a player is given an active colony or mine (UTD5.4A1, 5.4A2). */
export type DevelopmentGrantReason = { code: 'anschluss' } | { code: 'npe-conquered-troops' } | LegacyText;

/** Why a side of a battle is forced to retreat (UTD3.42#1, 3.43#1, 3.42#2; ISS-A16). */
export type ForcedRetreatCause = { code: 'no-contact' } | { code: 'no-answer' } | { code: 'failed-twice' } | LegacyText;

/** Why the NPE surrendered (UTD5.4A1): nobody ran it, its runner missed a clock, or the attacker was too strong. */
export type AnschlussCause =
  | { code: 'no-volunteer' }
  | { code: 'runner-forced'; why: ForcedRetreatCause }
  | { code: 'attacker-twice'; attackerBpv: string; available: string }
  /** UTD3.91: the runner resigned and no stand-in was approved. */
  | { code: 'runner-resigned' }
  | LegacyText;

/**
 * A unit as a battle result names it, kept in the event because a destroyed unit is gone from
 * the state afterwards (battles/common.ts `unitRef`, `unitLabel`).
 */
export type UnitRef =
  | { kind: 'ship'; id: string; unitId: string }
  | { kind: 'base'; id: string; unitId: string; role: string }
  | { kind: 'npe'; id: string; unitId: string }
  /** A unit the state did not know: named by its id. */
  | { kind: 'unknown'; id: string };

/**
 * One line of a battle's resolution (BattleResolved.summary; UTD7.42341–7.48, 7.466x, 5.4633,
 * 5.492, 5.4A1–5.4A2). Players are ids (or `npe`), sectors keys, amounts exact decimal strings.
 */
export type BattleSummaryLine =
  | { code: 'destroyed'; units: UnitRef[] }
  | { code: 'damaged'; ships: { unit: UnitRef; wrecked: boolean }[] }
  | { code: 'captured'; unit: UnitRef; by: string }
  | { code: 'npe-tallied'; losses: string; offset: string }
  | { code: 'npe-conquered'; player: string; reward: string; kind: 'colony' | 'mine'; troops: boolean }
  | { code: 'retreats'; player: string; fleets: number; to: string }
  /** Anschluss (UTD5.4A1): why, what was granted, which ships came as tribute. */
  | { code: 'anschluss'; why: AnschlussCause }
  | { code: 'development-granted'; kind: 'colony' | 'mine' }
  | { code: 'tribute'; unitIds: string[] }
  /** UTD3.91: `player` resigned and no stand-in was approved; `holders` keep the sector. */
  | { code: 'cancelled-resignation'; player: string; holders: string[] }
  | LegacyText;

/** Why a fleet's move cost no order point (UTD4.334): it left the player's owned colony `sector` (the move's `from`). */
export type FreeMove = { code: 'owned-colony'; sector: string } | LegacyText;

/** Why a ship ordered at a shipyard was not delivered at step 10; its price is returned. */
export type YardCancelReason = { code: 'yard-destroyed' } | { code: 'no-place' } | LegacyText;

/**
 * Why a sector cannot hold defenses for a player (UTD7.33, 4.3373, ISS-A35): defenses/sites.ts
 * decides it; `fort` says the player has a fortification there, `establishing` that it is pending.
 */
export type SiteProblem =
  | { code: 'unexplored' }
  | { code: 'no-development'; fort: boolean }
  | { code: 'no-fort'; establishing: boolean }
  | { code: 'no-colony' }
  | { code: 'not-life-or-home' };

/** Why a defense bought this turn was not delivered at step 10 (UTD6.3A); its price is returned. */
export type DefenseCancelReason =
  | { code: 'sector-gone' }
  | { code: 'capital-gone' }
  | { code: 'site-lost'; sector: string; problem: SiteProblem }
  | LegacyText;

/**
 * What one step of an exploration found (UTD5.2–5.41, ISS-A54), as SectorExplored keeps it with
 * its rule: the die, and the sector types, terrain ids (exploration/tables.ts), overlays and
 * empire keys it names. `reroll` counts the NPE identity re-rolls (0 for the first roll).
 */
export type ExploredStepDetail =
  | { code: 'free-choice-declined' }
  | { code: 'type-chosen'; type: 'life' | 'mineral' }
  | { code: 'type-rolled'; die: number; type: 'life' | 'mineral' | 'dead' }
  | { code: 'converted'; rolled: 'life' | 'mineral' | 'dead'; type: 'life' | 'mineral' }
  | { code: 'conversion-declined'; rolled: 'life' | 'mineral' | 'dead'; offered: ('life' | 'mineral')[] }
  | { code: 'terrain-special'; die: number }
  | { code: 'terrain-rolled'; die: number; special: boolean; terrain: string; overlays: string[] }
  | { code: 'no-npe-dead' }
  | { code: 'npe-rolled'; die: number; found: boolean }
  | { code: 'npe-none-possible' }
  | { code: 'npe-identity'; die: number; empire: string; reroll: number; excluded: boolean }
  | { code: 'npe-terrain'; empire: string; terrain: string; replaced: string }
  | LegacyText;

/** A step of SectorExplored.steps: its rule and what it found. */
export type ExploredStep = { rule: string } & ExploredStepDetail;
