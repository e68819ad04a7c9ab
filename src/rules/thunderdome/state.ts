import type { EmpireKey } from './empires.ts';
import type {
  AllocationStep,
  CloakRoll,
  DirectedOrder,
  DirectedResult,
  MaulerBreakdown,
  RolledRound,
  Side,
  SidcorsUnit,
} from '../sidcors/index.ts';
import type { BattleSetup } from './battle-setup/generate.ts';
import type { PendingExploration } from './exploration/explore.ts';
import type { Settings } from './settings.ts';

/**
 * The whole public state of one Thunderdome III campaign. It is a plain JSON document so that
 * it can be stored with its version, exported, and rebuilt exactly by replaying the event log
 * (design §3.3). Amounts of BPV are canonical decimal strings (see exact/bpv.ts); move classes
 * are whole sixtieths; the calendar counts half-cycles (2 = cycle 1.0).
 */
export interface CampaignState {
  format: 1;
  ruleset: 'thunderdome-iii';
  id: string;
  name: string;
  guildId: string;
  channelId: string;
  createdBy: string;
  createdAt: string;
  status: CampaignStatus;
  settings: Settings;
  /** The ship catalog this campaign plays with (UTD8.1; requirements §4.2 "pinned at setup"). */
  catalogVersion: string;
  /** SHA-256 commitments of the secret dice seeds, newest last; `fromSeq` is the first event it covers. */
  seedCommitments: { fromSeq: number; hash: string }[];
  /** Published when the seed is revealed (by vote or at the end). */
  revealedSeeds: { fromSeq: number; seed: string }[];
  players: Player[];
  /** Player ids in seat order (UTD8.14), fixed at the start. */
  turnOrder: string[];
  halfCycles: number;
  map: CampaignMap | null;
  fleets: Fleet[];
  ships: Ship[];
  /** Immobile units: the capital, its repair freighter, shipyards, defenses (UTD7.1, 7.3). */
  bases: Base[];
  /** Supermajority votes (UTD1.7), open and decided. */
  votes: Vote[];
  /** Setting changes passed by vote that take effect at the next cycle (rules-notes §4). */
  pendingSettings: { key: string; value: unknown; fromHalfCycle: number }[];
  /** Battles, open and resolved (UTD2.3 step 8, UTD7.4); the turn waits while one is open. */
  battles: Battle[];
  /** Forced strategic moves after total disengagement (UTD7.466x), with their order-point charge. */
  retreats: RetreatObligation[];
  turn: TurnState | null;
  /** Counter for ids of fleets, ships, bases and battles inside this campaign. */
  nextId: number;
  startedAt: string | null;
  finishedAt: string | null;
  winner: string | null;
  /** Ships ordered at shipyards this turn; they arrive at step 10 (UTD6.3734). */
  pendingBuilds?: PendingBuild[];
  /**
   * UTD8.113: empire contests already rolled, one per pair of players and empire: the roll settles
   * their claim, so it is never repeated (absent in campaigns stored before: none settled).
   */
  settledContests?: SettledContest[];
  /** Paused by vote since this time (UTD1.7, pause.ts): no clock runs, no turn order is given. Absent or null: running. */
  paused?: { since: string } | null;
  /** Spans of the log reverted by consent (revert.ts, UTD1.7): the events stay, marked reverted by these. */
  reverted?: { from: number; to: number; voteId: string }[];
  /** Dice a revert undid: they stay drawn, and the same roll asked again gets them (revert.ts). */
  drawnDice?: DrawnRoll[];
}

/** A roll undone by a revert, as it was drawn (its event and counter verify it against the seed). */
export interface DrawnRoll {
  purpose: string;
  sides: number;
  results: number[];
  eventSeq: number;
  counter: number;
  forced?: true;
  /** The cycle it was undone in: it is drawn again only within that cycle (revert.ts). */
  halfCycles?: number;
}

/** One roll-off for an empire between two joining players (UTD8.113). */
export interface SettledContest {
  empire: EmpireKey;
  /** The two players, holder first. */
  players: [string, string];
  winner: string;
}

/**
 * registration: players join; setup: map approval, then initial purchases (UTD8.1, ISS-A103);
 * active: turns run; finished: a winner is known.
 */
export type CampaignStatus = 'registration' | 'setup' | 'active' | 'finished';

export interface Player {
  /** The Discord user id of the player; players act only for themselves or by proxy. */
  id: string;
  name: string;
  empire: EmpireKey;
  joinedAt: string;
  status: 'active' | 'resigned' | 'removed' | 'eliminated';
  seat: number | null;
  /** The D1000 rolls made for the turn order, re-rolls included (UTD8.14, ISS-A104). */
  orderRolls: number[];
  /** UTD4.3236: the bank in the capital. Starting BPV (UTD8.132) is paid in here. */
  bank: string;
  /** False while the player has no capital: BPV must then be spent as received (ISS-A86). */
  hasBank: boolean;
  startingBpv: string;
  homeSector: string | null;
  permanentOps: number;
  extraFleets: number;
  consecutiveForfeits: number;
  totalForfeits: number;
  /** UTD8.134: BPV of free defending ships still to choose, for an empire without a monitor. */
  defenseAllowance: string;
  /** Setup: the player has confirmed the initial forces (ISS-A103). */
  ready: boolean;
  /** Sectors the player refuses to claim (UTD4.13). */
  disavowed: string[];
  /** Standing instruction for exploration balancing (UTD5.221–5.224). */
  exploreBalancing: ExploreBalancing;
  proxies: { userId: string; grantedAt: string; expiresAt: string | null }[];
  /** The capital moved this cycle (UTD6.322): the half-cycle of the last move. */
  capitalMovedHalfCycle: number | null;
  // Officers and options (officers/): lost legendary-officer types and a lost outstanding crew
  // can never be replaced (UTD7.26A, 7.26B, 8.23).
  officersLost?: string[];
  crewLost?: boolean;
  /** Left by resignation, concession or forfeits under `removal.seat: takeover-by-vote`: the forces stay, a newcomer may take the seat (replacement.ts). */
  vacantSeat?: true;
  /** A declared absence (absence.ts): until when, and the automatic proxy, if one was named. */
  absence?: { from: string; until: string; proxy: string | null } | null;
  /** Turns passed without a forfeit for absences, in the calendar year they count in (absence.ts). */
  excusedTurns?: { year: number; turns: number };
}

export type ExploreBalancing = 'none' | 'mineral' | 'life' | 'choose-life' | 'choose-mineral';

export interface CampaignMap {
  title: string | null;
  /** How the map came about: imported file or generator seed, for the record. */
  source: string;
  sectors: Sector[];
  lanes: [string, string][];
  /** Player ids who approved this map; any change clears it. Unanimity is required (UTD8.16). */
  approvals: string[];
  approved: boolean;
  /** The bot's approval message of this map, once posted: players approve it by reaction (UTD8.16). */
  approvalMessageId?: string;
  /** The generator's or the importer's fairness summary, shown with the approval request. */
  fairness: string;
}

export type SectorType = 'unknown' | 'home' | 'life' | 'mineral' | 'dead';

export interface Sector {
  key: string;
  /** Given by the first explorer (UTD4.12); null until then (the key is shown instead). */
  name: string | null;
  namedBy: string | null;
  nameStatus: 'unnamed' | 'named' | 'rename-required';
  x: number | null;
  y: number | null;
  type: SectorType;
  /** The map's home slot (0-based) for home sectors, assigned to players at the start. */
  homeSlot: number | null;
  homeOf: string | null;
  terrain: string[];
  overlays: string[];
  exploredBy: string | null;
  exploredHalfCycle: number | null;
  owner: string | null;
  ownedSinceHalfCycle: number | null;
  colony: Development | null;
  mine: Development | null;
  fort: Development | null;
  npe: {
    empire: EmpireKey;
    status: 'active' | 'conquered' | 'anschluss';
    /** UTD5.4633: BPV of NPE units destroyed and planet damage. */
    losses?: string;
    /** UTD5.492: BPV of player ships the NPE captured. */
    offset?: string;
  } | null;
  /** Dead-drop containers (UTD6.3D1): each worth `value` BPV to the first enemy who holds the sector. */
  containers: { by: string; value: string; laidHalfCycle: number }[];
}

export interface Development {
  owner: string;
  /** pending: ordered this turn, appears at step 1 of the owner's next turn (UTD4.331). */
  status: 'pending' | 'active' | 'pending-removal';
  /** The fleet that must stay for the turn (UTD4.331, ISS-A43). */
  fleetId: string | null;
  orderedHalfCycle: number;
  /** Set when a protecting fort fell: the colony/mine can fall from this owner's next own turn (ISS-A41). */
  exposedTo: { player: string; fromHalfCycle: number } | null;
}

export interface Fleet {
  id: string;
  owner: string;
  /** Slot number 1..max (ISS-A133); an empty slot has no fleet. */
  slot: number;
  sector: string;
  /** Where the fleet was when its owner's current turn started (UTD4.331 "starts its turn"). */
  startSector: string | null;
  /** UTD6.31, UTD4.355: no more movement this turn. */
  pinned: boolean;
  /** Establishing a development: the fleet must stay for the turn (UTD4.331). */
  establishing: boolean;
  /** UTD4.356: held by an enemy fortification. */
  trapped: Trap | null;
  /** After a successful siege roll the fleet may move from this half-cycle on (UTD4.3561). */
  releasedFromHalfCycle: number | null;
  /** The sector the fleet last moved in from (UTD3.42#1: a forced retreat goes back that way). */
  enteredFrom?: string | null;
  /** Present since the end of the owner's last own turn: claims the sector at step 1 (UTD4.13, ISS-A40). */
  claimSector: string | null;
}

export interface Trap {
  fortSector: string;
  fortOwner: string;
  /** Failed siege dice in a row against this fort (UTD4.3563, ISS-A50). */
  failedDice: number;
  lastAttemptHalfCycle: number | null;
}

export interface Ship {
  id: string;
  owner: string;
  /** Catalog configuration (requirements §4.2.1 unit_id). */
  unitId: string;
  fleetId: string | null;
  sector: string;
  crippled: boolean;
  wrecked: boolean;
  /** D9.4 repair used since the last overhaul (UTD4.335). */
  d94Used: boolean;
  captured: boolean;
  uninspected: boolean;
  /** UTD6.3I2: captured this turn and not yet organized (fleet, dry dock or scrap). */
  unorganized?: boolean;
  /** UTD5.4A1: the Anschluss (battle id) whose tribute this ship is; `/battle claim` may exchange it while unorganized. */
  tributeOf?: string;
  /** Cost paid, for scrapping and records. */
  bpv: string;
  /** In dry dock at this yard or capital (UTD7.6): in no fleet, unpowered. */
  dock?: { yardId: string; position: number } | null;
  /** A repair freighter: the half-cycle it last repaired ships outside a colony (UTD6.39#2, once a cycle). */
  rfUsedHalfCycle?: number | null;
  /** Ship condition (condition/): attrition units, reported damage, expendables, note; absent = as built. */
  condition?: import('./condition/types.ts').ShipCondition;
  // Officers and options (officers/): the legendary officer aboard (UTD7.26A, 8.23), the
  // outstanding crew (UTD7.26B) and the extra drones bought at build or refit (UTD7.A832).
  legendaryOfficer?: {
    type: string;
    /** BPV paid for it so far, purchase and transfer surcharges. */
    paid: string;
  } | null;
  outstandingCrew?: boolean;
  extraDrones?: number;
  // Navy loose ends (officers/mines.ts): BPV of mines a minesweeper carries as extra COs (UTD8.253).
  minesBpv?: string;
}

export interface Base {
  id: string;
  owner: string;
  unitId: string;
  sector: string;
  role: 'capital' | 'capital-rf' | 'shipyard' | 'defense' | 'supporting-rf' | 'defending-ship';
  bpv: string;
  /** Arrives at step 10 of the turn it was ordered (UTD6.3A). */
  pending: boolean;
  /** Yards and the capital: works boxes destroyed, as the owner reported (UTD6.3724). */
  worksDestroyed?: number;
}

export type BattleStage =
  | 'fleet-selection'
  | 'awaiting-runner'
  | 'awaiting-contact'
  | 'awaiting-response'
  | 'in-play'
  | 'result-proposed'
  | 'negotiating'
  | 'objection-window'
  | 'stalled'
  | 'appeal'
  /** UTD3.43 #1, ISS-A16: the defender did not answer and has 24 h to choose its retreat lane (battles/lane-choice.ts). */
  | 'awaiting-lane'
  /** UTD3.91: a side resigned; the clocks stop while the players may approve a stand-in (battles/resignation.ts). */
  | 'awaiting-stand-in'
  | 'resolved';

/** One battle in one sector (requirements §6.3); its whole history is in the event log. */
export interface Battle {
  id: string;
  sector: string;
  /** The player ids (and `npe`) with units in the sector. */
  sides: string[];
  kind: 'pvp' | 'npe' | 'multi';
  openedHalfCycle: number;
  openedAt: string;
  /** Whose player turn it was (UTD7.451: that player is position A). */
  turnPlayer: string;
  /** The player who must make contact (UTD3.42): the current player, else the earliest seated. */
  contactBy: string;
  stage: BattleStage;
  status: 'open' | 'resolved';
  /** The sector each player's fleets entered from this turn, for a forced retreat (UTD3.42#1). */
  entry: Record<string, string | null>;
  participants: BattleParticipant[];
  /** The public setup card (UTD7.45), rolled once every side has chosen its fleet. */
  setup: BattleSetup | null;
  deadlines: BattleDeadlines;
  contactedAt: string | null;
  respondedAt: string | null;
  sessions: { by: string; when: string; at: string }[];
  /** Failures to show up or to give reasonable time (UTD3.42#2, ISS-A15). */
  failures: { player: string; excused: boolean; reportedBy: string; at: string }[];
  extensions: { days: number; reason: import('./reasons.ts').BattleExtensionReason; automatic: boolean; at: string }[];
  /** Players who asked for the 1-week extension (both asking makes it automatic, UTD3.44#2). */
  extensionAsks: string[];
  proposals: BattleProposal[];
  npe: NpeBattle | null;
  appeal: {
    submissions: { side: string; proposalId: number; explanation: string; plan: string }[];
    voteId: string | null;
    dueAt: string;
  } | null;
  /** SIDCORS quick resolution (optional, both sides agree). */
  quick: QuickState | null;
  result: BattleResult | null;
  resolution:
    | 'negotiated'
    | 'confirmed'
    | 'appeal'
    | 'forced-retreat'
    | 'anschluss'
    | 'quick'
    | 'withdrawn'
    /** UTD3.91: a side resigned and no stand-in was approved. */
    | 'cancelled'
    | null;
  /** UTD7.A5: each side's commitment to its secret CO assignment, and whether it was revealed (battles/co-secret.ts). */
  coCommitments?: Record<string, { hash: string; at: string; revealed: boolean }>;
  /** UTD3.91: the stand-in approved for a side that resigned, by side (battles/resignation.ts). */
  standIns?: Record<string, string>;
  /** UTD3.91: the side that resigned, the stage to resume, and when the clocks stopped. */
  resigned?: {
    side: string;
    playerId: string;
    resume: BattleStage;
    pausedAt: string;
    /** The clocks as they stood when the battle stopped. */
    paused: BattleDeadlines;
  } | null;
  resolvedAt: string | null;
  /** The time to play proposed or agreed (battles/session.ts); absent in battles stored before it. */
  session?: { at: string; by: string; acceptedBy: string[]; status: 'proposed' | 'agreed' } | null;
  /** Reminders already posted (battles/reminders.ts keys), so none is posted twice. */
  reminders?: string[];
  /** The Discord thread where the battle is discussed (requirements §6.3). */
  threadId?: string;
}

/** The stored progress of a SIDCORS resolution (`/battle quick`); plain JSON in the battle. */
export interface QuickState {
  agreed: string[];
  /** Secret battle intensity factors of the coming round, by side; shown once both are in. */
  intensity: Record<string, number>;
  /** Allocation choices for the rolled round, by side (`auto` = the default allocation). */
  allocations: Record<string, AllocationStep[] | 'auto'>;
  units: SidcorsUnit[];
  carry: Record<Side, number>;
  rolled: RolledRound | null;
  rounds: {
    round: number;
    bif: Record<Side, number>;
    damage: Record<Side, number>;
    crippled: string[];
    destroyed: string[];
    /** Directed Damage of the round by the side that directed it (absent in campaigns stored before it). */
    directed?: Record<Side, DirectedResult | null>;
    /** The mauler shock roll after a round in which a mauler paid Directed Damage at 1:1. */
    maulerBreakdown?: Record<Side, MaulerBreakdown | null>;
  }[];
  /** Units crippled or destroyed so far (ids of the battle's ships, bases and NPE units). */
  fates: Record<string, 'crippled' | 'destroyed'>;
  /** Sides (player ids) that declined the cloak roll before the first round. */
  cloakDeclined?: string[];
  /** The cloak rolls made before round 1, by SIDCORS side letter (A = `sides[0]`). */
  cloak?: Record<Side, CloakRoll | null>;
  /** Secret Directed Damage orders for the rolled round, by side (player id); `none`: no order. */
  directed?: Record<string, DirectedOrder | 'none'>;
  /** Both orders revealed and applied, attacker first: allocation of what is left may begin. */
  directedResults?: Record<Side, DirectedResult | null> | null;
}

/** What a `BattleQuickUpdated` event did, so that the words say it (absent in older events). */
export type QuickStep = 'secret' | 'rolled' | 'directed' | 'round' | 'agreed';

export interface BattleParticipant {
  /** A player id, or `npe`. */
  side: string;
  fleetId: string | null;
  /** Ship and base ids in the battle fleet (NPE: the runner's force ids N1, N2, …). */
  units: string[];
  /** Units that did not fit the legal battle fleet (UTD7.4234). */
  heldOut: string[];
  selected: boolean;
}

export interface BattleDeadlines {
  /** UTD7.421: 24 h to pick the fighting fleet, else the strongest fights. */
  selection: string | null;
  /** UTD3.42#1 / 3.43#1: three days to make contact and to answer. */
  contact: string | null;
  /** UTD3.5: four weeks to resolve, from the day after the orders. */
  resolve: string | null;
  /** UTD5.431: a week for a volunteer to run the NPE. */
  runner: string | null;
  /** ISS-A61: 48 h for objections to a negotiated NPE result; UTF3.45: 48 h for appeal submissions. */
  window: string | null;
}

export type UnitFate = 'undamaged' | 'crippled' | 'wrecked' | 'destroyed' | 'captured';

export interface BattleResult {
  /** The side that holds the field (a player id or `npe`). */
  winner: string;
  /** Every unit that changed condition; units not named came through undamaged. */
  units: Record<string, { fate: UnitFate; capturedBy?: string }>;
  /** Losing sides whose survivors totally disengaged, and the sector the lane leads to (UTD7.466). */
  retreats: Record<string, string>;
  /** Winner's units that disengaged provisionally and rejoin (UTD7.465). */
  provisional: string[];
  /** BPV of damage to an NPE planet (UTD5.4633). */
  planetDamage: number;
  note: string;
  /** An SFB Online log or a screenshot the proposer attached (UTD7.44); absent in results without one. */
  evidence?: ResultEvidence;
}

/** A file attached to a result as evidence: where Discord keeps it, and its name. */
export interface ResultEvidence {
  url: string;
  name: string;
}

export interface BattleProposal {
  id: number;
  by: string;
  /** negotiated: a settlement (UTD3.41); report: the result of a game played in SFB. */
  kind: 'negotiated' | 'report';
  result: BattleResult;
  at: string;
  acceptedBy: string[];
  status: 'open' | 'accepted' | 'rejected' | 'withdrawn';
}

export interface NpeBattle {
  empire: string;
  /** BPV of the attacker's battle fleet and what the NPE may spend (UTD5.462–5.465). */
  attackerBpv: string | null;
  available: string | null;
  runner: string | null;
  volunteers: string[];
  /** The runner's force: catalog units with their price (UTD5.467). */
  force: { id: string; unitId: string; bpv: string }[];
  objections: string[];
  /** The runner is outside the campaign, allowed by a supermajority (UTD5.432; battles/npe-runner.ts). */
  outsider?: true;
}

/** UTD7.4663: a forced move after total disengagement, and its pre-spent order point. */
export interface RetreatObligation {
  id: string;
  playerId: string;
  from: string;
  to: string;
  fleetIds: string[];
  battleId: string;
  cause: 'disengage' | 'destroyed-choice' | 'forced';
  incurredHalfCycle: number;
  /** The turn during which it was incurred; the fleets move after the next player's orders. */
  incurredTurnOf: string;
  incurredSeat: number;
  moved: boolean;
  /** The turn during which the retreat moved (ISS-A18); absent before it moved and in older states. */
  movedOn?: { halfCycles: number; seat: number };
  charged: boolean;
  // Navy loose ends (battles/retreat-wrecks.ts, ISS-A74): wrecks towed along, and the pre-spent
  // order points they added (1 per towed wreck, 1 per fleet whose untowable wrecks were scrapped).
  towedWrecks?: string[];
  wreckOps?: number;
  /** Of `wreckOps`, how many a RetreatsCharged already spent. */
  wreckOpsCharged?: number;
}

/**
 * An exploration stopped where UTD5.221–5.224 give the explorer a decision (exploration-offer.ts):
 * the turn waits for the answer until `due`, when the standing instruction answers.
 */
export interface ExplorationOffer {
  /** The seq of the event that made the offer: a button of an older offer is refused. */
  id: number;
  playerId: string;
  sector: string;
  fleetId: string;
  due: string;
  /** The exploration so far (dice already rolled included) and the question. */
  pending: PendingExploration;
}

export type TurnPhase = 'orders' | 'exploration' | 'battles' | 'captures' | 'done';

export interface TurnState {
  playerId: string;
  seat: number;
  startedAt: string;
  /** UTD3.3: orders are due by this time (3+ players; setting for 2). */
  deadline: string | null;
  extensions: number;
  phase: TurnPhase;
  forfeited: boolean;
  /** UTD6.2: order points equal the number of players, plus permanent ones (UTD6.22). */
  opsBase: number;
  /** UTD6.21: temporary order points bought this turn and what was paid for them in total. */
  opsTempBought: number;
  opsTempPaid: string;
  opsSpent: number;
  /** UTD7.46723: more pre-spent retreat points than available: no orders at all this turn. */
  locked: boolean;
  /** Orders given this turn, newest last; undo works on the newest undoable one. */
  orders: TurnOrder[];
  /** The shipyards activated this turn, by sector (UTD6.37). */
  yardActivations: string[];
  /** Reminder offsets (hours before the deadline) already posted this turn, so none is posted twice. */
  remindersSent: number[];
  /** Phase `captures`: captured ships not organized by then are organized by default (UTD6.3I2). */
  capturesDue?: string | null;
  /** Phase `exploration`: the balancing question put to an explorer at the roll (UTD5.221–5.224, exploration-offer.ts). */
  explorationOffer?: ExplorationOffer | null;
  /** Yards activated this turn by id, when one order point activates one yard (ISS-A04 `shipyard`). */
  yardsActivated?: string[];
  /** Shipyard capacity used this turn per yard id, in sixtieths; a refit of an odd MC leaves a half (UTD6.3721). */
  yardUse?: Record<string, number>;
  /** Yards overhauled this turn: they take no shipyard actions (UTD6.3726). */
  yardsOverhauled?: string[];
  /** Damaged yards whose owner forgoes this turn's free self-repair to keep the works' capacity (ISS-A28). */
  yardsForgoRepair?: string[];
}

/**
 * A campaign event as the state keeps it inside an order record. The state cannot name the event
 * union (events carry pieces of the state, so that would be an import cycle); `orderEvent` in
 * events.ts gives it back typed.
 */
export interface OrderEvent {
  readonly type: string;
}

export interface TurnOrder {
  seq: number;
  kind: string;
  /**
   * Legacy, never written: an order of a state stored before events were kept for every order
   * kept what it was only as an English line, `move fleet 1 H1 → A`. The upcaster (upcast.ts)
   * keeps it only for such an order whose `event` is null, so the map can still draw its arrow.
   */
  summary?: string;
  opCost: number;
  bpvCost: string;
  /**
   * The order's event, for `/turn undo` (whether it can be undone is the order's to say, undo.ts).
   * Null in states stored before events were kept for every order: such an order is final.
   */
  event: OrderEvent | null;
}

export type VotePayload =
  | { kind: 'setting'; key: string; value: unknown }
  | { kind: 'extension'; playerId: string; days: number }
  /** UTD3.44#2: a longer extension to finish a battle. */
  | { kind: 'battle-extension'; battleId: string; days: number }
  /** UTF3.45: the players outside the battle choose one side's proposed result. */
  | { kind: 'appeal'; battleId: string }
  /** UTD5.47: an objection to a negotiated NPE result; yes = let the result stand. */
  | { kind: 'npe-result'; battleId: string; proposalId: number }
  // Player votes (player-votes.ts): reveal the dice seed now (UTD1.5); allow a restricted unit (UTD8.21).
  | { kind: 'dice-reveal' }
  | { kind: 'restricted-unit'; unitId: string }
  // NPE runners (battles/npe-runner.ts): an outsider runs the NPE; an outsider's game is validated (UTD5.432).
  | { kind: 'npe-outsider'; battleId: string; userId: string }
  | { kind: 'npe-outsider-validate'; battleId: string }
  /** UTD1.9, ISS-A89: end the campaign by agreement, with this winner or none (vote-end.ts). */
  | { kind: 'end-campaign'; winner: string | null }
  /** UTD3.42#2, ISS-A15: excuse one failure of `player` beyond the real-life excuses (battles/excuse-vote.ts). */
  | { kind: 'battle-excuse'; battleId: string; player: string }
  /** UTD3.91: `userId` finishes battle `battleId` for `side`, which resigned (battles/resignation.ts). */
  | { kind: 'battle-stand-in'; battleId: string; side: string; userId: string }
  /** UTD1.7: replace the ship catalog during play (catalog-amend.ts). */
  | { kind: 'catalog-amendment'; version: string; previous: string; ships: 'keep' | 'adopt' }
  /** UTD1.7: a typed correction of the campaign, with its reason (amend-state.ts). */
  | { kind: 'amendment'; correction: import('./correction-events.ts').Correction; reason: string }
  /** UTD3.91 with `removal.seat`: `userId` takes over the vacant seat of `player` (replacement.ts). */
  | { kind: 'replacement'; player: string; userId: string; name: string }
  /** UTD1.7: return to the state before event `toSeq` of this cycle, with every player concerned agreeing (revert.ts). */
  | { kind: 'revert'; toSeq: number }
  // Pause and resume by vote (UTD1.7, pause.ts).
  | { kind: 'pause' }
  | { kind: 'resume' };

export interface Vote {
  id: string;
  payload: VotePayload;
  question: string;
  proposer: string;
  /** Player ids who may vote; one vote each, the latest reaction counts (UTD1.7). */
  electorate: string[];
  /** Yes votes needed: the UTD1.7 supermajority of the electorate. */
  threshold: number;
  /** yes/no, or an option key when the vote has options. */
  ballots: Record<string, string>;
  /** A multi-option vote (UTF3.45): the supermajority must fall on one option. */
  options?: { key: string; label: string }[];
  chosen?: string;
  openedAt: string;
  closesAt: string;
  /** `withdrawn`: its proposer took it back while it was open (vote-withdraw.ts). */
  status: 'open' | 'passed' | 'rejected' | 'withdrawn';
  /** The Discord message whose reactions are the ballots. */
  messageId: string | null;
  /** Voters whose ballot was cast with a button under the message, not a reaction (absent: none). */
  buttonBallots?: string[];
}

/** A ship ordered at a shipyard, delivered at step 10 into a fleet in the yard's sector or dry dock (UTD6.3734–6.3735). */
export interface PendingBuild {
  /** The id the ship will have, reserved when ordered. */
  shipId: string;
  owner: string;
  unitId: string;
  yardId: string;
  sector: string;
  cost: string;
  /** The fleet slot asked for, or null for the first with room (ISS-A79). */
  slot: number | null;
  /** Where it was planned when ordered: a fleet slot, or a dry-dock position at a yard (UTD7.61). */
  planned: { kind: 'fleet'; slot: number } | { kind: 'dock'; yardId: string };
  orderedHalfCycle: number;
  /** Extra drones bought with the ship (UTD7.A832); their price is in `cost`. */
  extraDrones?: number;
}

/** Every answer a question can take, for the order's input schema. */
export const EXPLORATION_ANSWERS = ['roll', 'keep', 'life', 'mineral'] as const;
export type ExplorationReply = (typeof EXPLORATION_ANSWERS)[number];
