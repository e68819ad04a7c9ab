import type { RollRecord } from '../dice.ts';
import type { RolledTerm } from '../dice-expression.ts';
import type { EmpireKey } from './empires.ts';
import type {
  BankLostReason,
  BattleExtensionReason,
  BattleSummaryLine,
  BpvAwardReason,
  DefenseCancelReason,
  DevelopmentCancelledReason,
  DevelopmentGrantReason,
  ExploredStep,
  ForcedRetreatCause,
  FreeMove,
  NpeUpdateReason,
  SeedsRevealedReason,
  ShipsGainedReason,
  StageReason,
  TurnExtensionReason,
  VoteCloseReason,
  YardCancelReason,
} from './reasons.ts';
import type { Settings } from './settings.ts';
import type {
  Base,
  Battle,
  BattleDeadlines,
  BattleProposal,
  BattleResult,
  BattleStage,
  CampaignMap,
  CampaignState,
  Development,
  ExploreBalancing,
  ExplorationOffer,
  ExplorationReply,
  Fleet,
  NpeBattle,
  RetreatObligation,
  Ship,
  Trap,
  TurnOrder,
  Vote,
} from './state.ts';

/**
 * Events are facts. The rules decide them (with dice and time passed in); `applyEvent` folds
 * them into state without re-running any rule, so replaying the log rebuilds the state exactly.
 * Each event carries what the announcement and the audit need: costs, order points, dice.
 */
export type DevelopmentKind = 'colony' | 'mine' | 'fort';

/** The battle clocks a reminder is about (battles/reminders.ts); the words say what is due. */
export type BattleReminderKey =
  | 'awaiting-contact'
  | 'awaiting-response'
  | 'resolve'
  | 'runner'
  // An agreed session (battles/session.ts): an hour before it, and the no-show offer after it.
  | 'session'
  | 'no-show';

export type CampaignEvent =
  // Officers and options (officers/events.ts: UTD7.26A, 7.26B, 8.23)
  | import('./officers/events.ts').OfficerEvent
  // Setup (UTD8)
  | {
      type: 'CampaignCreated';
      campaignId: string;
      name: string;
      guildId: string;
      channelId: string;
      createdBy: string;
      settings: Settings;
      catalogVersion: string;
      seedCommitment: string;
    }
  | { type: 'PlayerJoined'; playerId: string; playerName: string; empire: EmpireKey }
  | { type: 'PlayerChangedEmpire'; playerId: string; from: EmpireKey; to: EmpireKey }
  | { type: 'PlayerLeft'; playerId: string }
  | {
      type: 'EmpireContested';
      empire: EmpireKey;
      holder: string;
      challenger: string;
      challengerName: string;
      rolls: [number, number][];
      winner: string;
      /**
       * The empire the challenger joined with (UTD8.113: contests are between joining players); a
       * winning challenger hands it to the holder, who may then pick another free one. Absent in
       * contests stored before, where an outsider took the holder's seat.
       */
      challengerEmpire?: EmpireKey;
    }
  | { type: 'MapSet'; map: Omit<CampaignMap, 'approvals' | 'approved'> }
  | { type: 'MapApproved'; playerId: string; unanimous: boolean }
  // Map approval by reaction (UTD8.16, map-approval.ts)
  | { type: 'MapApprovalPosted'; messageId: string }
  | { type: 'TurnOrderRolled'; rolls: { playerId: string; rolls: number[] }[]; order: string[] }
  | {
      type: 'SetupBegan';
      startingBpv: string;
      homes: { playerId: string; sector: string }[];
      bases: Base[];
      /** UTD8.134: players whose empire has no monitor get 165 BPV of defending ships to choose. */
      allowances: { playerId: string; bpv: string }[];
      nextId: number;
    }
  | { type: 'DefendingShipChosen'; base: Base; allowanceLeft: string }
  /** UTD8.134: a starting defense swapped for another variant of its kind (setup-defenses.ts). */
  | { type: 'StartingDefenseChosen'; baseId: string; playerId: string; from: string; unitId: string }
  | { type: 'ShipBought'; ship: Ship; fleet: Fleet | null; cost: string; during: 'setup' | 'build' }
  | { type: 'SetupPurchaseReturned'; shipId: string; refund: string }
  // Catalog import (UTD8.1): the campaign plays with another catalog version from now on.
  | { type: 'CatalogSet'; version: string; previous: string; units: number }
  | { type: 'PlayerReady'; playerId: string; ready: boolean }
  | { type: 'CampaignStarted'; startingBpv: string; startYear: number }
  // The turn (UTD2.3)
  | {
      type: 'TurnStarted';
      playerId: string;
      seat: number;
      halfCycles: number;
      opsBase: number;
      deadline: string | null;
    }
  | { type: 'DevelopmentActivated'; sector: string; kind: DevelopmentKind; owner: string }
  | {
      type: 'DevelopmentCancelled';
      sector: string;
      kind: DevelopmentKind;
      owner: string;
      reason: DevelopmentCancelledReason;
    }
  | { type: 'FortRemoved'; sector: string; owner: string }
  | { type: 'SectorClaimed'; sector: string; playerId: string; from: string | null }
  | { type: 'IncomePaid'; playerId: string; amount: string; mines: string[] }
  | {
      type: 'TurnPhaseChanged';
      phase: 'orders' | 'battles' | 'captures' | 'done';
      /** Captured ships must be organized by then (UTD6.3I2). */
      due?: string;
    }
  | { type: 'TurnEnded'; playerId: string; forfeited: boolean }
  | { type: 'TurnForfeited'; playerId: string; consecutive: number }
  /** UTD3.31 with ISS-A128: the orders deadline passed after orders were given; they stand and the turn ends, no forfeit. */
  | { type: 'TurnTimedOut'; playerId: string; orders: number }
  | { type: 'TurnExtended'; playerId: string; deadline: string; automatic: boolean; reason: TurnExtensionReason }
  | { type: 'BankLost'; playerId: string; amount: string; reason: BankLostReason }
  | {
      type: 'ReminderSent';
      playerId: string;
      hoursBefore: number;
      deadline: string;
      /** Fell due with a later one while the bot was down: recorded, not posted. */
      skipped: boolean;
    }
  // Orders (UTD6)
  | { type: 'OrderPointsBought'; playerId: string; temporary: number; permanent: number; cost: string }
  | {
      type: 'FleetMoved';
      fleetId: string;
      from: string;
      to: string;
      opCost: number;
      /** Why the move was free, when it was (UTD4.334). */
      free: FreeMove | null;
      pinned: boolean;
      trapped: Trap | null;
      /** A jail break (UTD4.3564) released the fleet from its trap. */
      freedFromTrap: boolean;
      before: Pick<Fleet, 'pinned' | 'trapped' | 'claimSector' | 'releasedFromHalfCycle'> & {
        /** Where the fleet had entered from before this move; absent in events stored before it was kept. */
        enteredFrom?: string | null;
      };
    }
  | {
      type: 'CapitalMoved';
      playerId: string;
      from: string;
      to: string;
      opCost: number;
      baseIds: string[];
      previousMoveHalfCycle: number | null;
    }
  | {
      type: 'DevelopmentOrdered';
      sector: string;
      kind: DevelopmentKind;
      remove: boolean;
      fleetId: string;
      opCost: number;
      freeBy: string | null;
      development: Development;
      before: Development | null;
    }
  | {
      type: 'SiegeRolled';
      fleetId: string;
      opCost: number;
      bpvPaid: string;
      dice: number[];
      automatic: number;
      released: boolean;
      failedDice: number;
    }
  | { type: 'ContainerDropped'; fleetId: string; sector: string; opCost: number; cost: string; value: string }
  | { type: 'DerelictLeft'; fleetId: string; shipId: string; sector: string; opCost: number }
  | { type: 'OrderUndone'; seq: number; undone: CampaignEvent }
  | { type: 'FleetsBought'; playerId: string; count: number; cost: string }
  | {
      type: 'FleetsOrganized';
      playerId: string;
      from: string;
      to: string;
      shipIds: string[];
      newFleet: Fleet | null;
      opCost: number;
    }
  | { type: 'ShipsScrapped'; playerId: string; fleetId: string; shipIds: string[]; refund: string; opCost: number }
  // Sectors (UTD4, UTD5)
  | {
      type: 'SectorExplored';
      sector: string;
      by: string;
      fleetId: string;
      sectorType: 'life' | 'mineral' | 'dead';
      terrain: string[];
      overlays: string[];
      npe: EmpireKey | null;
      /** Each die and decision with its rule, as data the words layer writes (reason-words.ts). */
      steps: ExploredStep[];
    }
  | { type: 'SectorNamed'; sector: string; name: string; by: string }
  | { type: 'SectorNameObjected'; sector: string; by: string }
  | { type: 'SectorDisavowed'; sector: string; playerId: string; disavowed: boolean }
  | { type: 'ExploreBalancingSet'; playerId: string; mode: ExploreBalancing }
  /** UTD5.221–5.224: the explorer is asked at the roll; the turn waits (exploration-offer.ts). */
  | { type: 'ExplorationChoiceOffered'; offer: ExplorationOffer }
  /** The explorer's answer, or at the deadline the standing instruction's (UTD5.22). */
  | {
      type: 'ExplorationChoiceMade';
      offerId: number;
      playerId: string;
      sector: string;
      answer: ExplorationReply;
      by: 'player' | 'deadline';
    }
  /** The explorer left the campaign with the question open (UTD3.91): the sector stays unexplored. */
  | { type: 'ExplorationChoiceWithdrawn'; offerId: number; playerId: string; sector: string }
  | { type: 'FortDestroyed'; sector: string; owner: string; by: string }
  | { type: 'DevelopmentCaptured'; sector: string; kind: 'colony' | 'mine'; from: string; to: string }
  | { type: 'DevelopmentDestroyed'; sector: string; kind: 'colony' | 'mine'; owner: string; by: string }
  | { type: 'DevelopmentExposed'; sector: string; kind: 'colony' | 'mine'; to: string; fromHalfCycle: number }
  | { type: 'ContainersCollected'; sector: string; by: string; amount: string; count: number }
  | { type: 'DerelictsCaptured'; sector: string; by: string; shipIds: string[]; nextId: number; fleet: Fleet | null }
  // Battles (UTD7.4, UTD3.4–3.5, UTD5.4)
  | { type: 'BattleOpened'; battle: Battle }
  | {
      type: 'BattleFleetChosen';
      battleId: string;
      side: string;
      fleetId: string | null;
      units: string[];
      heldOut: string[];
      automatic: boolean;
    }
  | { type: 'BattleSetupRolled'; battleId: string; setup: NonNullable<Battle['setup']> }
  | {
      type: 'BattleStageChanged';
      battleId: string;
      stage: BattleStage;
      deadlines: Partial<BattleDeadlines>;
      reason: StageReason;
    }
  | {
      type: 'BattleContactMade';
      battleId: string;
      playerId: string;
      kind: 'contact' | 'response' | 'session';
      when: string | null;
    }
  | { type: 'BattleFailureReported'; battleId: string; player: string; reportedBy: string; excused: boolean }
  | { type: 'BattleExtensionAsked'; battleId: string; playerId: string }
  // A time to play (battles/session.ts): `at` is an instant; `agreed` once every other side accepted.
  | { type: 'BattleSessionProposed'; battleId: string; by: string; at: string }
  | { type: 'BattleSessionAccepted'; battleId: string; by: string; agreed: boolean }
  | {
      type: 'BattleExtended';
      battleId: string;
      days: number;
      reason: BattleExtensionReason;
      automatic: boolean;
      resolve: string;
    }
  | { type: 'BattleProposed'; battleId: string; proposal: BattleProposal }
  | { type: 'BattleProposalAnswered'; battleId: string; proposalId: number; playerId: string; accepted: boolean }
  | {
      type: 'BattleAppealSubmitted';
      battleId: string;
      side: string;
      proposalId: number;
      explanation: string;
      plan: string;
      dueAt: string;
    }
  | { type: 'BattleAppealVoteOpened'; battleId: string; voteId: string }
  | { type: 'BattleQuickUpdated'; battleId: string; quick: Battle['quick']; step?: import('./state.ts').QuickStep }
  | { type: 'BattleThreadAttached'; battleId: string; threadId: string }
  // Secret commander's options (UTD7.A5; battles/co-secret.ts): a commitment, then the reveal.
  | { type: 'BattleOptionsCommitted'; battleId: string; side: string; hash: string; replaces: string | null }
  | { type: 'BattleOptionsRevealed'; battleId: string; side: string; salt: string; text: string; hash: string }
  // A resignation during a battle (UTD3.91; battles/resignation.ts)
  | {
      type: 'BattleSideResigned';
      battleId: string;
      side: string;
      playerId: string;
      /** The stage the battle resumes at if a stand-in is approved. */
      resume: BattleStage;
      /** Until when another player may offer to stand in. */
      due: string;
    }
  | {
      type: 'BattleStandInApproved';
      battleId: string;
      side: string;
      userId: string;
      stage: BattleStage;
      /** The clocks, moved on by the time the battle waited. */
      deadlines: Partial<BattleDeadlines>;
    }
  | { type: 'BattleReminder'; battleId: string; key: BattleReminderKey; players: string[]; deadline: string }
  | { type: 'NpeBattleUpdated'; battleId: string; npe: NpeBattle; reason: NpeUpdateReason }
  | {
      type: 'BattleResolved';
      battleId: string;
      result: BattleResult | null;
      resolution: NonNullable<Battle['resolution']>;
      /** What the resolution did, line by line; the words write each line (reason-words.ts). */
      summary: BattleSummaryLine[];
      /**
       * The clock the retreating side missed, when the resolution is a forced retreat (ISS-A16).
       * Events stored before format 2 wrote it into `result.note` as `forced retreat: <sentence>`.
       */
      forced?: ForcedRetreatCause;
    }
  | { type: 'UnitsDestroyed'; battleId: string; shipIds: string[]; baseIds: string[] }
  | { type: 'ShipCaptured'; battleId: string; shipId: string; by: string; from: string }
  | { type: 'ShipsDamaged'; battleId: string; changes: { shipId: string; crippled: boolean; wrecked: boolean }[] }
  | { type: 'ShipsGained'; battleId: string; ships: Ship[]; reason: ShipsGainedReason }
  | { type: 'BpvAwarded'; playerId: string; amount: string; reason: BpvAwardReason }
  | { type: 'NpeTallied'; sector: string; losses: string; offset: string }
  | { type: 'NpeStatusChanged'; sector: string; status: 'active' | 'conquered' | 'anschluss' }
  | {
      type: 'DevelopmentGranted';
      sector: string;
      kind: 'colony' | 'mine';
      owner: string;
      reason: DevelopmentGrantReason;
    }
  | { type: 'RetreatOrdered'; retreat: RetreatObligation }
  | {
      type: 'RetreatsCharged';
      playerId: string;
      retreatIds: string[];
      ops: number;
      locked: boolean;
      /** Of `ops`, those for wrecks (ISS-A74). */
      wreckOps?: number;
    }
  // Navy loose ends: wrecks of fleets forced to retreat (battles/retreat-wrecks.ts, ISS-A74)
  | import('./battles/retreat-wreck-event.ts').RetreatWrecksSettled
  | {
      type: 'RetreatExecuted';
      retreatId: string;
      fleetIds: string[];
      from: string;
      to: string;
      /** UTD4.356 (ISS-A52): an enemy fortification where the retreat arrives traps the fleets; absent in older logs. */
      trapped?: import('./state.ts').Trap | null;
      /** UTD6.31, 4.355: arriving among enemy units pins the fleets for the rest of the turn; absent in older logs. */
      pinned?: boolean;
      /** The turn it moved in (ISS-A18, `explore.onRetreatArrival`); absent in older logs. */
      on?: { halfCycles: number; seat: number };
    }
  | {
      type: 'CapturedShipOrganized';
      shipId: string;
      into: string | null;
      newFleet: Fleet | null;
      scrapped: boolean;
      refund: string;
      scrappedToMakeRoom: string[];
      automatic: boolean;
    }
  // Players (UTD3)
  | { type: 'ProxyGranted'; playerId: string; proxyUserId: string; expiresAt: string | null }
  | { type: 'ProxyRevoked'; playerId: string; proxyUserId: string }
  | {
      type: 'PlayerRemoved';
      playerId: string;
      reason: 'resigned' | 'forfeits' | 'eliminated' | 'conceded';
      /** UTD3.91: ship and base ids that stay while open battles hold them (battles/resignation.ts). */
      keep?: string[];
    }
  /** UTD3.91: a departed player's forces that an open battle held leave the map once it is over. */
  | { type: 'DepartedForcesRemoved'; playerId: string; shipIds: string[]; baseIds: string[] }
  /** A player declares an absence (absence.ts), with an automatic proxy or none; `excusedLeft`: turns still excused this year. */
  | { type: 'AbsenceDeclared'; playerId: string; until: string; proxy: string | null; excusedLeft: number | null }
  /** The turn of a player away without a proxy passes without orders and is no forfeit (absence.ts). */
  | { type: 'TurnExcused'; playerId: string; year: number; excusedLeft: number }
  /** UTD3.91 with `removal.seat`: a newcomer takes over a vacant seat by vote, with all it holds (replacement.ts). */
  | { type: 'SeatTakenOver'; voteId: string; playerId: string; userId: string; name: string }
  /** A passed vote paused the campaign (UTD1.7, pause.ts): every clock stops. */
  | { type: 'CampaignPaused'; voteId: string }
  /** A passed vote resumed it: every clock stopped by the pause moves on by `pausedMs`. */
  | { type: 'CampaignResumed'; voteId: string; pausedMs: number }
  | { type: 'CampaignWon'; playerId: string }
  /** UTD1.9, ISS-A89: the players agreed by vote to end the campaign, with this winner or none (vote-end.ts). */
  | { type: 'CampaignEndedByAgreement'; voteId: string; winner: string | null }
  | { type: 'SeedsRevealed'; seeds: { fromSeq: number; seed: string }[]; reason: SeedsRevealedReason }
  /** After a reveal by vote the rolls that follow come from a fresh seed, committed here (so the dice stay unpredictable). */
  | { type: 'SeedCommitted'; seedCommitment: string }
  // Votes (UTD1.7)
  | { type: 'VoteOpened'; vote: Vote }
  | { type: 'VoteMessageAttached'; voteId: string; messageId: string }
  | {
      type: 'BallotCast';
      voteId: string;
      playerId: string;
      /** yes/no, or an option key of a multi-option vote. */
      choice: string | null;
      /** Cast with a button under the vote's message, not a reaction: re-reading the reactions leaves it. */
      byButton?: true;
    }
  | {
      type: 'VoteClosed';
      voteId: string;
      passed: boolean;
      yes: number;
      no: number;
      reason: VoteCloseReason;
      /** The chosen option of a multi-option vote. */
      chosen?: string;
    }
  | { type: 'SettingChanged'; key: string; value: unknown; fromHalfCycle: number | null }
  // Any time
  | { type: 'DiceRolled'; expression: string; purpose: string; terms: RolledTerm[]; total: number }
  | {
      type: 'CampaignImported';
      fromFormat: number;
      sourceCampaignId: string;
      campaignId: string;
      guildId: string;
      channelId: string;
      /** Set when the import starts a new secret seed (the exported file did not carry the old one). */
      seedCommitment: string | null;
    }
  // Revert within the cycle by consent (revert.ts, UTD1.7)
  | {
      type: 'RevertProposed';
      voteId: string;
      toSeq: number;
      lastSeq: number;
      /** The actions it undoes (vote records are kept), by whom. */
      undone: { seq: number; type: string; by: string }[];
      changes: import('./correction-events.ts').CorrectionChange[];
      rolls: { seq: number; purpose: string; results: number[] }[];
    }
  | {
      type: 'CycleReverted';
      voteId: string;
      toSeq: number;
      lastSeq: number;
      changes: import('./correction-events.ts').CorrectionChange[];
      /** The dice undone: they stay drawn (revert.ts). */
      rolls: { seq: number; purpose: string; results: number[] }[];
      /** The state it returns to, so that replay gives it without reading the log back. */
      state: CampaignState;
    }
  | { type: 'RevertFailed'; voteId: string; toSeq: number; reason: string; unasked: string[] }
  /** Rolls a revert undid, drawn again by the same roll asked again (revert.ts): no re-roll. */
  | { type: 'DiceRedrawn'; rolls: { eventSeq: number; counter: number; purpose: string; results: number[] }[] }
  // Corrections by vote (amend-state.ts, UTD1.7)
  | import('./correction-events.ts').CorrectionEvent
  // Catalog amendments during play (catalog/amend-events.ts, UTD1.7)
  | import('./catalog/amend-events.ts').CatalogAmendEvent
  // Ship condition (condition/): owner's records, step-3 resupply, fighter replacement, refit fleet (UTD6.3B, 6.3J, 7.53)
  | import('./condition/events.ts').ConditionEvent
  // Shipyards, dry dock and repairs (UTD6.37–6.39, 6.3H, 6.3I5, 7.5, 7.6)
  | {
      type: 'YardActivated';
      playerId: string;
      sector: string;
      yardIds: string[];
      opCost: number;
      scope: 'sector' | 'shipyard';
      /** Damaged yards that keep their works' capacity instead of self-repairing (ISS-A28). */
      forgoRepair: string[];
    }
  | {
      type: 'YardShipOrdered';
      build: import('./state.ts').PendingBuild;
      /** Sixtieths of the yard's capacity (UTD6.3733). */
      capacity: number;
    }
  | {
      type: 'YardWorkDone';
      playerId: string;
      yardId: string;
      kind: YardWorkKind;
      ships: YardWorkShip[];
      /** Sixtieths, may end in a half (refits, UTD6.3755). */
      capacity: number;
      /** Charged, after `cost.rounding` (ISS-A03). */
      cost: string;
      exactCost: string;
    }
  | { type: 'YardBuildDelivered'; playerId: string; delivery: YardDelivery }
  | {
      type: 'ShipyardsArrived';
      playerId: string;
      yardIds: string[];
      /** A replacement capital among them (UTD4.3235, ISS-A32): the bank is re-established with it (UTD4.3236). */
      capital?: string;
    }
  | { type: 'ShipyardsSelfRepaired'; playerId: string; yardIds: string[] }
  | { type: 'ShipyardOrdered'; playerId: string; base: Base; cost: string; opCost: number }
  | { type: 'ShipyardOverhauled'; playerId: string; yardId: string; opCost: number }
  | { type: 'ShipyardScrapped'; playerId: string; yardId: string; refund: string; opCost: number }
  | { type: 'ShipyardWorksReported'; playerId: string; yardId: string; worksDestroyed: number; previous: number }
  | { type: 'CapturedShipDocked'; shipId: string; yardId: string; position: number }
  | {
      type: 'ShipsUndocked';
      playerId: string;
      shipIds: string[];
      fleetId: string;
      newFleet: Fleet | null;
      opCost: number;
    }
  | {
      type: 'ShipsRepaired';
      playerId: string;
      fleetId: string;
      shipIds: string[];
      /** colony: UTD4.335 / 6.39#1; freighter: UTD6.39#2 / 7.54 outside a colony. */
      mode: 'colony' | 'freighter';
      opCost: number;
      /** What made the order free (UTD4.335: a repair freighter present). */
      freeBy: string | null;
      /** UTD7.54: damage control counts one higher (repair freighter at a colony or home sector). */
      dcBonus: boolean;
      freighterId: string | null;
      /** Ships whose crippled or wrecked state the SFB repair cleared, as the owner reports. */
      cleared: string[];
    }
  // Defenses (defenses/: UTD6.3A revise, 6.3F scrap, step 10 arrival)
  | {
      type: 'DefensesRevised';
      playerId: string;
      sector: string;
      opCost: number;
      /** New units, pending until step 10 (UTD6.3A); their `bpv` is the price paid. */
      bought: Base[];
      scrapped: string[];
      cost: string;
      /** Half the scrapped units' BPV, fractions kept (UTD6.3A, 6.3F); it pays for the purchases first. */
      refund: string;
      /** The sector's arrived defenses the order overhauls (UTD6.3A). */
      overhauled: string[];
    }
  | { type: 'DefensesScrapped'; playerId: string; sector: string; baseIds: string[]; refund: string; opCost: number }
  | {
      type: 'DefensesArrived';
      playerId: string;
      baseIds: string[];
      /** Not delivered: the sector can no longer hold them; price returned. */
      cancelled: { baseId: string; unitId: string; refund: string; reason: DefenseCancelReason }[];
    }
  /** UTD1.7: the proposer took back an open vote (vote-withdraw.ts). */
  | { type: 'VoteWithdrawn'; voteId: string; playerId: string };

/** The four instant shipyard actions (UTD6.374–6.377); a build arrives later (YardShipOrdered). */
export type YardWorkKind = 'overhaul' | 'refit' | 'convert' | 'inspect';

/** One ship of a shipyard action: its configuration before and after, and what the line charged for it exactly. */
export interface YardWorkShip {
  shipId: string;
  from: string;
  to: string;
  /** Overhauled (alone, with a refit or conversion, or by inspection): fully repaired, D9.4 reset (UTD6.3741). */
  overhaul: boolean;
  /** The ship's value after the action (the new configuration's BPV, ISS-A76). */
  bpv: string;
  exactCost: string;
  /** Officers and options: the ship's extra drones after a refit that bought some (UTD7.A832). */
  extraDrones?: number;
}

/** A build at step 10: into a fleet, dry dock, or cancelled and refunded when no place is left. */
export interface YardDelivery {
  shipId: string;
  unitId: string;
  yardId: string;
  ship: Ship | null;
  newFleet: Fleet | null;
  refund: string;
  /** Why the build was cancelled; null when it was delivered. */
  reason: YardCancelReason | null;
}

export type CampaignEventType = CampaignEvent['type'];

/** An event as stored: its place in the log, who caused it, when, and the dice it used. */
export interface StoredEvent {
  seq: number;
  at: string;
  actor: { userId: string; asPlayer?: string };
  event: CampaignEvent;
  rolls: RollRecord[];
}

/** The event an order record keeps (TurnOrder.event), typed again. */
export function orderEvent(o: TurnOrder): CampaignEvent | null {
  return o.event as CampaignEvent | null;
}
