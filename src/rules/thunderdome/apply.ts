import { bpv, bpvToString } from '../exact/bpv.ts';
import { credit, debit, dropEmptyFleets, idNumber, recordOrder as order } from './apply-common.ts';
import { cloneJson } from '../json-data.ts';
import { copySharingFinished, ownRecord } from './finished.ts';
import type { Fold, FoldTable } from '../kernel/tables.ts';
import { FIRST_HALF_CYCLE } from './calendar.ts';
import type { CampaignEvent, StoredEvent } from './events.ts';
import { fleetById, playerById, sectorByKey } from './lookup.ts';
import { BATTLE_FOLDS, type BattleEvent } from './battles/apply-battle.ts';
import { YARD_FOLDS, type YardEvent } from './shipyards/apply-yard.ts';
import { DEFENSE_FOLDS, type DefenseEvent } from './defenses/apply-defense.ts';
import { OFFICER_FOLDS, settleOfficerLosses } from './officers/apply-officers.ts';
import type { OfficerEvent } from './officers/events.ts';
import { CONDITION_FOLDS } from './condition/apply-condition.ts';
import type { ConditionEvent } from './condition/events.ts';
import { applyRetreatWrecks } from './battles/retreat-wreck-event.ts';
import type { CampaignState } from './state.ts';
import { shiftClocks } from './pause-clocks.ts';
import { UNDOABLE, type UndoableEvent } from './undo.ts';
import { applyCorrection } from './correction-apply.ts';
import { takeOverSeat } from './seat-takeover.ts';

type Folds<E extends CampaignEvent> = FoldTable<CampaignState, E, StoredEvent>;

/** The events folded here; each sub-system folds its own in its `apply-*.ts` table. */
type CoreEvent = Exclude<CampaignEvent, BattleEvent | YardEvent | DefenseEvent | OfficerEvent | ConditionEvent>;

/**
 * Folds one stored event into the state. Pure and total: it never checks a rule (that was done
 * when the event was decided) and it never rolls dice (rolls are inside the event).
 * It reads only the event, its `seq` and its `at`, never `actor` or `rolls`: the Decider applies
 * events without those while deciding, and runCommand stores the state it got so (docs/performance.md).
 */
export function applyEvent(state: CampaignState | null, stored: StoredEvent): CampaignState {
  const e = stored.event;
  if (e.type === 'CampaignCreated') {
    return {
      format: 1,
      ruleset: 'thunderdome-iii',
      id: e.campaignId,
      name: e.name,
      guildId: e.guildId,
      channelId: e.channelId,
      createdBy: e.createdBy,
      createdAt: stored.at,
      status: 'registration',
      settings: structuredClone(e.settings),
      catalogVersion: e.catalogVersion,
      seedCommitments: [{ fromSeq: stored.seq, hash: e.seedCommitment }],
      revealedSeeds: [],
      players: [],
      turnOrder: [],
      halfCycles: FIRST_HALF_CYCLE,
      map: null,
      fleets: [],
      ships: [],
      bases: [],
      votes: [],
      pendingSettings: [],
      battles: [],
      retreats: [],
      turn: null,
      nextId: 1,
      startedAt: null,
      finishedAt: null,
      winner: null,
    };
  }
  if (!state) throw new Error(`event ${stored.seq} (${e.type}) before CampaignCreated`);
  // A dice roll is only recorded in the log: the state stays the very same object, uncopied
  // (rolls are frequent, and copying a grown state is most of what applying one costs: docs/performance.md).
  if (e.type === 'DiceRolled') return state;
  // Performance: the state is plain JSON, which cloneJson copies several times faster than structuredClone;
  // finished records (resolved battles, decided votes) are shared, frozen, not copied: a year-long
  // campaign's thousands of them cost a command nothing (docs/performance.md, "History out of the hot state").
  const s = copySharingFinished(state);
  (FOLDS[e.type] as Fold<CampaignState, CampaignEvent, StoredEvent>)(s, e, stored);
  // Officers and options: officers and crews leave the navy with their ship (UTD7.26A, 7.26B).
  settleOfficerLosses(state, s);
  return s;
}

/**
 * `applyEvent` for a replay that owns its state: folds the event into `working` itself, which it
 * changes, instead of into a copy (docs/performance.md, "Long histories"). A replay of the whole log
 * copied the whole state once per event: 40 s at 100,000 events. Same result as `applyEvent`
 * (test/rules/fold-into.test.ts). The event is copied first (events are small), so the state
 * never shares an object with the log it came from.
 */
export function foldInto(working: CampaignState | null, stored: StoredEvent): CampaignState {
  const e = stored.event;
  if (e.type === 'CampaignCreated' || !working) return applyEvent(working, stored);
  if (e.type === 'DiceRolled') return working;
  // UTD7.26A, 7.26B: what settleOfficerLosses compares, the ships that carry an officer or a crew, as they were.
  const carriers = working.ships.filter((x) => x.legendaryOfficer || x.outstandingCrew).map((x) => cloneJson(x));
  const event = cloneJson(e);
  (FOLDS[event.type] as Fold<CampaignState, CampaignEvent, StoredEvent>)(working, event, {
    // As the decider applies it: without its actor and its dice records (test/rules/apply-inputs.test.ts).
    seq: stored.seq,
    at: stored.at,
    actor: { userId: '' },
    event,
    rolls: [],
  });
  settleOfficerLosses({ ships: carriers }, working);
  return working;
}

/** How each core event changes the state (the sub-systems' tables are spread into FOLDS below). */
const CORE_FOLDS = {
  // applyEvent builds the initial state from it.
  CampaignCreated: () => {},
  PlayerJoined: (s, e, stored) => {
    s.players.push({
      id: e.playerId,
      name: e.playerName,
      empire: e.empire,
      joinedAt: stored.at,
      status: 'active',
      seat: null,
      orderRolls: [],
      bank: '0',
      hasBank: true,
      startingBpv: '0',
      homeSector: null,
      permanentOps: 0,
      extraFleets: 0,
      consecutiveForfeits: 0,
      totalForfeits: 0,
      ready: false,
      defenseAllowance: '0',
      disavowed: [],
      exploreBalancing: 'none',
      proxies: [],
      capitalMovedHalfCycle: null,
    });
  },
  PlayerChangedEmpire: (s, e) => {
    playerById(s, e.playerId).empire = e.to;
  },
  PlayerLeft: (s, e) => {
    s.players = s.players.filter((p) => p.id !== e.playerId);
    if (s.map) s.map.approvals = s.map.approvals.filter((id) => id !== e.playerId);
  },
  EmpireContested: (s, e, stored) => {
    if (e.challengerEmpire) {
      // UTD8.113: the roll settles this pair's claim; a winning challenger and the holder trade
      // empires, and the holder may pick another free one (docs/rules-notes.md).
      s.settledContests = [
        ...(s.settledContests ?? []),
        { empire: e.empire, players: [e.holder, e.challenger], winner: e.winner },
      ];
      if (e.winner !== e.challenger) return;
      playerById(s, e.challenger).empire = e.empire;
      playerById(s, e.holder).empire = e.challengerEmpire;
    } else {
      // Stored before contests were between joining players: the outsider took the holder's seat.
      if (e.winner !== e.challenger) return;
      const holder = playerById(s, e.holder);
      Object.assign(holder, { id: e.challenger, name: e.challengerName, joinedAt: stored.at });
    }
    if (s.map) s.map.approvals = s.map.approvals.filter((id) => id !== e.holder && id !== e.challenger);
  },
  MapSet: (s, e) => {
    s.map = { ...structuredClone(e.map), approvals: [], approved: false };
  },
  MapApproved: (s, e) => {
    if (s.map && !s.map.approvals.includes(e.playerId)) s.map.approvals.push(e.playerId);
    if (s.map && e.unanimous) s.map.approved = true;
  },
  MapApprovalPosted: (s, e) => {
    if (s.map) s.map.approvalMessageId = e.messageId;
  },
  CatalogSet: (s, e) => {
    s.catalogVersion = e.version;
  },
  TurnOrderRolled: (s, e) => {
    s.turnOrder = [...e.order];
    for (const r of e.rolls) playerById(s, r.playerId).orderRolls = [...r.rolls];
    e.order.forEach((id, i) => (playerById(s, id).seat = i + 1));
  },
  SetupBegan: (s, e) => {
    s.status = 'setup';
    s.nextId = e.nextId;
    for (const h of e.homes) {
      const p = playerById(s, h.playerId);
      p.homeSector = h.sector;
      p.startingBpv = e.startingBpv;
      p.bank = bpvToString(bpv(p.bank).add(e.startingBpv));
      const sector = sectorByKey(s, h.sector);
      const dev = {
        owner: p.id,
        status: 'active' as const,
        fleetId: null,
        orderedHalfCycle: s.halfCycles,
        exposedTo: null,
      };
      Object.assign(sector, {
        type: 'home',
        homeOf: p.id,
        owner: p.id,
        ownedSinceHalfCycle: s.halfCycles,
        terrain: ['class-m-planet'],
        colony: { ...dev },
        mine: { ...dev },
        fort: { ...dev },
      });
    }
    s.bases.push(...structuredClone(e.bases));
    for (const a of e.allowances) playerById(s, a.playerId).defenseAllowance = a.bpv;
  },
  StartingDefenseChosen: (s, e) => {
    const b = s.bases.find((x) => x.id === e.baseId);
    if (b) b.unitId = e.unitId;
  },
  DefendingShipChosen: (s, e) => {
    s.bases.push(structuredClone(e.base));
    playerById(s, e.base.owner).defenseAllowance = e.allowanceLeft;
    s.nextId = Math.max(s.nextId, idNumber(e.base.id) + 1);
  },
  ShipBought: (s, e, stored) => {
    if (e.fleet) s.fleets.push(structuredClone(e.fleet));
    s.ships.push(structuredClone(e.ship));
    s.nextId = Math.max(s.nextId, idNumber(e.ship.id) + 1, e.fleet ? idNumber(e.fleet.id) + 1 : 0);
    debit(s, e.ship.owner, e.cost);
    if (e.during === 'build') order(s, stored, 'build', 0, e.cost);
  },
  SetupPurchaseReturned: (s, e) => {
    const ship = s.ships.find((x) => x.id === e.shipId)!;
    s.ships = s.ships.filter((x) => x.id !== e.shipId);
    credit(s, ship.owner, e.refund);
    dropEmptyFleets(s);
  },
  PlayerReady: (s, e) => {
    playerById(s, e.playerId).ready = e.ready;
  },
  CampaignStarted: (s, e, stored) => {
    s.status = 'active';
    s.startedAt = stored.at;
    s.settings.startYear = e.startYear;
  },
  TurnStarted: (s, e, stored) => {
    s.halfCycles = e.halfCycles;
    s.turn = {
      playerId: e.playerId,
      seat: e.seat,
      startedAt: stored.at,
      deadline: e.deadline,
      extensions: 0,
      phase: 'orders',
      forfeited: false,
      opsBase: e.opsBase,
      opsTempBought: 0,
      opsTempPaid: '0',
      opsSpent: 0,
      locked: false,
      orders: [],
      yardActivations: [],
      remindersSent: [],
      capturesDue: null,
    };
    for (const f of s.fleets) {
      if (f.owner === e.playerId) {
        f.startSector = f.sector;
        f.pinned = false;
        f.establishing = false;
      }
    }
  },
  DevelopmentActivated: (s, e) => {
    const d = sectorByKey(s, e.sector)[e.kind]!;
    d.status = 'active';
    d.fleetId = null;
  },
  DevelopmentCancelled: (s, e) => {
    sectorByKey(s, e.sector)[e.kind] = null;
  },
  FortRemoved: (s, e) => {
    sectorByKey(s, e.sector).fort = null;
  },
  SectorClaimed: (s, e) => {
    const sector = sectorByKey(s, e.sector);
    sector.owner = e.playerId;
    sector.ownedSinceHalfCycle = s.halfCycles;
  },
  IncomePaid: (s, e) => {
    credit(s, e.playerId, e.amount);
  },
  TurnPhaseChanged: (s, e) => {
    if (s.turn) {
      s.turn.phase = e.phase;
      s.turn.capturesDue = e.due ?? null;
    }
  },
  TurnEnded: (s, e) => {
    if (s.turn) {
      s.turn.phase = 'done';
      s.turn.forfeited = e.forfeited;
    }
    for (const f of s.fleets) if (f.owner === e.playerId) f.claimSector = f.sector;
    if (!e.forfeited) playerById(s, e.playerId).consecutiveForfeits = 0;
  },
  // ISS-A128: the turn counts as submitted; the TurnEnded that follows resets the forfeits in a row.
  TurnTimedOut: () => {},
  TurnForfeited: (s, e) => {
    const p = playerById(s, e.playerId);
    p.consecutiveForfeits = e.consecutive;
    p.totalForfeits += 1;
    if (s.turn) s.turn.forfeited = true;
  },
  TurnExtended: (s, e) => {
    if (s.turn) {
      s.turn.deadline = e.deadline;
      if (e.automatic) s.turn.extensions += 1;
    }
  },
  ReminderSent: (s, e) => {
    if (s.turn) s.turn.remindersSent.push(e.hoursBefore);
  },
  BankLost: (s, e) => {
    debit(s, e.playerId, e.amount);
  },
  OrderPointsBought: (s, e, stored) => {
    const p = playerById(s, e.playerId);
    p.permanentOps += e.permanent;
    if (s.turn) {
      s.turn.opsTempBought += e.temporary;
      s.turn.opsTempPaid = bpvToString(bpv(s.turn.opsTempPaid).add(e.permanent > 0 ? 0 : e.cost));
      if (e.permanent > 0) s.turn.opsBase += e.permanent;
    }
    debit(s, e.playerId, e.cost);
    order(s, stored, 'buy-ops', 0, e.cost);
  },
  FleetMoved: (s, e, stored) => {
    const f = fleetById(s, e.fleetId);
    f.sector = e.to;
    f.enteredFrom = e.from;
    f.pinned = e.pinned;
    f.trapped = e.freedFromTrap ? null : e.trapped;
    f.claimSector = null;
    for (const ship of s.ships) if (ship.fleetId === f.id) ship.sector = e.to;
    order(s, stored, 'move', e.opCost, '0');
  },
  CapitalMoved: (s, e, stored) => {
    for (const b of s.bases) if (e.baseIds.includes(b.id)) b.sector = e.to;
    // UTD7.65: ships in dry dock are docked to the capital and go where it goes.
    for (const x of s.ships) if (x.dock && e.baseIds.includes(x.dock.yardId)) x.sector = e.to;
    playerById(s, e.playerId).capitalMovedHalfCycle = s.halfCycles;
    order(s, stored, 'move-capital', e.opCost, '0');
  },
  DevelopmentOrdered: (s, e, stored) => {
    const sector = sectorByKey(s, e.sector);
    sector[e.kind] = structuredClone(e.development);
    fleetById(s, e.fleetId).establishing = true;
    order(s, stored, e.remove ? `remove-${e.kind}` : `establish-${e.kind}`, e.opCost, '0');
  },
  SiegeRolled: (s, e, stored) => {
    const f = fleetById(s, e.fleetId);
    if (e.released) {
      f.trapped = null;
      f.releasedFromHalfCycle = s.halfCycles + 1;
      f.pinned = true;
    } else if (f.trapped) {
      f.trapped.failedDice = e.failedDice;
      f.trapped.lastAttemptHalfCycle = s.halfCycles;
    }
    if (bpv(e.bpvPaid).gt(0)) debit(s, f.owner, e.bpvPaid);
    order(s, stored, 'siege', e.opCost, e.bpvPaid);
  },
  ContainerDropped: (s, e, stored) => {
    const f = fleetById(s, e.fleetId);
    sectorByKey(s, e.sector).containers.push({ by: f.owner, value: e.value, laidHalfCycle: s.halfCycles });
    debit(s, f.owner, e.cost);
    order(s, stored, 'dead-drop', e.opCost, e.cost);
  },
  DerelictLeft: (s, e, stored) => {
    const ship = s.ships.find((x) => x.id === e.shipId)!;
    ship.fleetId = null;
    ship.sector = e.sector;
    dropEmptyFleets(s);
    order(s, stored, 'derelict', e.opCost, '0');
  },
  FleetsBought: (s, e, stored) => {
    playerById(s, e.playerId).extraFleets += e.count;
    debit(s, e.playerId, e.cost);
    if (s.turn?.playerId === e.playerId) order(s, stored, 'buy-fleets', 0, e.cost);
  },
  FleetsOrganized: (s, e, stored) => {
    if (e.newFleet) {
      s.fleets.push(structuredClone(e.newFleet));
      s.nextId = Math.max(s.nextId, idNumber(e.newFleet.id) + 1);
    }
    for (const ship of s.ships) if (e.shipIds.includes(ship.id)) ship.fleetId = e.to;
    dropEmptyFleets(s);
    order(s, stored, 'organize', e.opCost, '0');
  },
  ShipsScrapped: (s, e, stored) => {
    s.ships = s.ships.filter((x) => !e.shipIds.includes(x.id));
    credit(s, e.playerId, e.refund);
    dropEmptyFleets(s);
    order(s, stored, 'scrap', e.opCost, '0');
  },
  SectorExplored: (s, e) => {
    const sector = sectorByKey(s, e.sector);
    sector.type = e.sectorType;
    sector.terrain = [...e.terrain];
    sector.overlays = [...e.overlays];
    sector.exploredBy = e.by;
    sector.exploredHalfCycle = s.halfCycles;
    sector.npe = e.npe ? { empire: e.npe, status: 'active' } : null;
  },
  SectorNamed: (s, e) => {
    const sector = sectorByKey(s, e.sector);
    sector.name = e.name;
    sector.namedBy = e.by;
    sector.nameStatus = 'named';
  },
  SectorNameObjected: (s, e) => {
    sectorByKey(s, e.sector).nameStatus = 'rename-required';
  },
  SectorDisavowed: (s, e) => {
    const p = playerById(s, e.playerId);
    p.disavowed = e.disavowed ? [...new Set([...p.disavowed, e.sector])] : p.disavowed.filter((k) => k !== e.sector);
  },
  ExploreBalancingSet: (s, e) => {
    playerById(s, e.playerId).exploreBalancing = e.mode;
  },
  // UTD5.221–5.224 (exploration-offer.ts): the turn waits in phase `exploration` while a question is open.
  ExplorationChoiceOffered: (s, e) => {
    if (!s.turn) return;
    s.turn.phase = 'exploration';
    s.turn.explorationOffer = cloneJson(e.offer);
  },
  ExplorationChoiceMade: (s) => {
    if (s.turn) s.turn.explorationOffer = null;
  },
  ExplorationChoiceWithdrawn: (s) => {
    if (s.turn) s.turn.explorationOffer = null;
  },
  FortDestroyed: (s, e) => {
    const sector = sectorByKey(s, e.sector);
    sector.fort = null;
    for (const f of s.fleets) if (f.trapped?.fortSector === e.sector) f.trapped = null;
  },
  DevelopmentCaptured: (s, e) => {
    const d = sectorByKey(s, e.sector)[e.kind]!;
    d.owner = e.to;
    d.exposedTo = null;
  },
  DevelopmentDestroyed: (s, e) => {
    sectorByKey(s, e.sector)[e.kind] = null;
  },
  DevelopmentExposed: (s, e) => {
    const d = sectorByKey(s, e.sector)[e.kind];
    if (d) d.exposedTo = { player: e.to, fromHalfCycle: e.fromHalfCycle };
  },
  ContainersCollected: (s, e) => {
    const sector = sectorByKey(s, e.sector);
    sector.containers = sector.containers.filter((c) => c.by === e.by);
    credit(s, e.by, e.amount);
  },
  DerelictsCaptured: (s, e) => {
    if (e.fleet) s.fleets.push(structuredClone(e.fleet));
    for (const ship of s.ships) {
      if (e.shipIds.includes(ship.id)) {
        ship.owner = e.by;
        ship.captured = true;
        ship.uninspected = true;
        ship.fleetId = e.fleet?.id ?? null;
      }
    }
    s.nextId = e.nextId;
  },
  ProxyGranted: (s, e, stored) => {
    const p = playerById(s, e.playerId);
    p.proxies = [
      ...p.proxies.filter((x) => x.userId !== e.proxyUserId),
      { userId: e.proxyUserId, grantedAt: stored.at, expiresAt: e.expiresAt },
    ];
  },
  ProxyRevoked: (s, e) => {
    const p = playerById(s, e.playerId);
    p.proxies = p.proxies.filter((x) => x.userId !== e.proxyUserId);
  },
  PlayerRemoved: (s, e) => {
    removePlayer(s, e.playerId, e.reason, e.keep ?? []);
  },
  AbsenceDeclared: (s, e, stored) => {
    playerById(s, e.playerId).absence = { from: stored.at, until: e.until, proxy: e.proxy };
  },
  TurnExcused: (s, e) => {
    const p = playerById(s, e.playerId);
    p.excusedTurns = { year: e.year, turns: p.excusedTurns?.year === e.year ? p.excusedTurns.turns + 1 : 1 };
  },
  SeatTakenOver: (s, e) => {
    takeOverSeat(s, e.playerId, e.userId, e.name);
  },
  CampaignPaused: (s, _e, stored) => {
    s.paused = { since: stored.at };
  },
  CampaignResumed: (s, e) => {
    if (s.paused) shiftClocks(s, s.paused.since, e.pausedMs);
    s.paused = null;
  },
  CampaignWon: (s, e, stored) => {
    s.status = 'finished';
    s.winner = e.playerId;
    s.finishedAt = stored.at;
    s.turn = null;
  },
  DepartedForcesRemoved: (s, e) => {
    const ships = new Set(e.shipIds);
    const bases = new Set(e.baseIds);
    s.ships = s.ships.filter((x) => !ships.has(x.id));
    s.bases = s.bases.filter((x) => !bases.has(x.id));
    s.fleets = s.fleets.filter((f) => f.owner !== e.playerId || s.ships.some((x) => x.fleetId === f.id));
  },
  CampaignEndedByAgreement: (s, e, stored) => {
    s.status = 'finished';
    s.winner = e.winner;
    s.finishedAt = stored.at;
    s.turn = null;
  },
  VoteOpened: (s, e) => {
    s.votes.push(structuredClone(e.vote));
    s.nextId = Math.max(s.nextId, idNumber(e.vote.id) + 1);
  },
  VoteMessageAttached: (s, e) => {
    voteById(s, e.voteId).messageId = e.messageId;
  },
  BallotCast: (s, e) => {
    const v = voteById(s, e.voteId);
    if (e.choice) v.ballots[e.playerId] = e.choice;
    else delete v.ballots[e.playerId];
    // Ballots cast by button are not in the reactions; the reaction re-read (syncBallots) keeps them.
    const byButton = (v.buttonBallots ?? []).filter((p) => p !== e.playerId);
    if (e.byButton && e.choice) byButton.push(e.playerId);
    if (byButton.length || v.buttonBallots) v.buttonBallots = byButton;
  },
  VoteClosed: (s, e) => {
    const v = voteById(s, e.voteId);
    v.status = e.passed ? 'passed' : 'rejected';
    if (e.chosen) v.chosen = e.chosen;
  },
  VoteWithdrawn: (s, e) => {
    voteById(s, e.voteId).status = 'withdrawn';
  },
  // Catalog amendments (catalog-amend.ts, UTD1.7): the campaign plays with the new version from
  // this event on; adopted prices are re-recorded on the ships.
  CatalogAmendmentProposed: () => {},
  CatalogAmended: (s, e) => {
    s.catalogVersion = e.version;
    for (const r of e.repriced) {
      const ship = s.ships.find((x) => x.id === r.shipId);
      if (ship) ship.bpv = r.to;
    }
  },
  CatalogAmendmentFailed: () => {},
  // Corrections by vote (amend-state.ts, UTD1.7): the fold is the correction itself, so a replay gives it.
  AmendmentProposed: () => {},
  StateAmended: (s, e) => {
    applyCorrection(s, e.correction);
  },
  AmendmentFailed: () => {},
  // Revert within the cycle by consent (revert.ts, UTD1.7): the event carries the state it returns to.
  RevertProposed: () => {},
  RevertFailed: () => {},
  CycleReverted: (s, e) => {
    const restored = cloneJson(e.state);
    for (const key of Object.keys(s)) if (!(key in restored)) delete (s as unknown as Record<string, unknown>)[key];
    Object.assign(s, restored);
  },
  DiceRedrawn: (s, e) => {
    const used = new Set(e.rolls.map((r) => `${r.eventSeq}:${r.counter}`));
    s.drawnDice = (s.drawnDice ?? []).filter((r) => !used.has(`${r.eventSeq}:${r.counter}`));
  },
  SettingChanged: (s, e) => {
    if (e.fromHalfCycle === null || e.fromHalfCycle <= s.halfCycles) {
      (s.settings as Record<string, unknown>)[e.key] = structuredClone(e.value);
      s.pendingSettings = s.pendingSettings.filter((x) => x.key !== e.key);
    } else {
      s.pendingSettings = [
        ...s.pendingSettings.filter((x) => x.key !== e.key),
        { key: e.key, value: structuredClone(e.value), fromHalfCycle: e.fromHalfCycle },
      ];
    }
  },
  SeedsRevealed: (s, e) => {
    s.revealedSeeds = structuredClone(e.seeds);
  },
  SeedCommitted: (s, e, stored) => {
    s.seedCommitments.push({ fromSeq: stored.seq, hash: e.seedCommitment });
  },
  CampaignImported: (s, e, stored) => {
    s.id = e.campaignId;
    s.guildId = e.guildId;
    s.channelId = e.channelId;
    if (e.seedCommitment) s.seedCommitments.push({ fromSeq: stored.seq, hash: e.seedCommitment });
  },
  OrderUndone: (s, e) => {
    const undone = e.undone as UndoableEvent;
    (UNDOABLE[undone.type].inverse as (s: CampaignState, e: UndoableEvent) => void)(s, undone);
    if (s.turn) s.turn.orders = s.turn.orders.filter((o) => o.seq !== e.seq);
  },
  // Recorded in the log only: applyEvent returns the very same state.
  DiceRolled: () => {},
  // ISS-A74: wrecks of fleets forced to retreat.
  RetreatWrecksSettled: (s, e) => {
    applyRetreatWrecks(s, e);
    dropEmptyFleets(s);
  },
} satisfies Folds<CoreEvent>;

/** One fold per event type of the ruleset: a missing or extra entry is a compile error. */
export const FOLDS = {
  ...CORE_FOLDS,
  ...BATTLE_FOLDS,
  ...YARD_FOLDS,
  ...DEFENSE_FOLDS,
  ...OFFICER_FOLDS,
  ...CONDITION_FOLDS,
} satisfies Folds<CampaignEvent>;

/** UTD3.91 with ISS-A87: every unit and development of the player leaves the map. */
function removePlayer(
  s: CampaignState,
  playerId: string,
  reason: Extract<CampaignEvent, { type: 'PlayerRemoved' }>['reason'],
  keep: readonly string[],
): void {
  const p = playerById(s, playerId);
  // A concession leaves as a resignation does (UTD3.91).
  p.status =
    reason === 'resigned' || reason === 'conceded' ? 'resigned' : reason === 'forfeits' ? 'removed' : 'eliminated';
  // `removal.seat: takeover-by-vote` (replacement.ts): the seat stays with everything it holds, for a newcomer.
  if (s.settings['removal.seat'] === 'takeover-by-vote' && reason !== 'eliminated') {
    p.vacantSeat = true;
    p.proxies = [];
    return;
  }
  // UTD3.91: units an open battle holds stay until it is over (DepartedForcesRemoved).
  const kept = new Set(keep);
  s.ships = s.ships.filter((x) => x.owner !== playerId || kept.has(x.id));
  s.bases = s.bases.filter((b) => b.owner !== playerId || kept.has(b.id));
  const fleetsKept = new Set(s.ships.filter((x) => x.owner === playerId).map((x) => x.fleetId));
  s.fleets = s.fleets.filter((f) => f.owner !== playerId || fleetsKept.has(f.id));
  if (s.settings['removal.removeDevelopments']) {
    for (const sector of s.map?.sectors ?? []) {
      for (const kind of ['colony', 'mine', 'fort'] as const) if (sector[kind]?.owner === playerId) sector[kind] = null;
      if (sector.owner === playerId) {
        sector.owner = null;
        sector.ownedSinceHalfCycle = null;
      }
    }
  }
}

/** The vote a fold changes; a decided one (frozen and shared, finished.ts) is changed as a copy in its place. */
function voteById(s: CampaignState, id: string) {
  const at = s.votes.findIndex((x) => x.id === id);
  if (at < 0) throw new Error(`no vote ${id}`);
  return ownRecord(s.votes, at);
}

export function replay(events: readonly StoredEvent[]): CampaignState | null {
  let state: CampaignState | null = null;
  // One working copy for the whole log (foldInto), not a copy per event.
  for (const e of events) state = foldInto(state, e);
  return state;
}

export { credit, dropEmptyFleets, idNumber };
