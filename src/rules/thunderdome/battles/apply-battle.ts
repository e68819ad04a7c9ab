import { bpv, bpvToString } from '../../exact/bpv.ts';
import { credit, dropEmptyFleets, idNumber } from '../apply-common.ts';
import type { CampaignEvent, StoredEvent } from '../events.ts';
import { ownRecord } from '../finished.ts';
import { fleetById, playerById, sectorByKey } from '../lookup.ts';
import type { Battle, CampaignState } from '../state.ts';
import type { FoldTable } from '../../kernel/tables.ts';

export type BattleEvent = Extract<
  CampaignEvent,
  {
    type:
      | 'BattleOpened'
      | 'BattleFleetChosen'
      | 'BattleSetupRolled'
      | 'BattleStageChanged'
      | 'BattleContactMade'
      | 'BattleFailureReported'
      | 'BattleExtensionAsked'
      | 'BattleSessionProposed'
      | 'BattleSessionAccepted'
      | 'BattleExtended'
      | 'BattleProposed'
      | 'BattleProposalAnswered'
      | 'BattleAppealSubmitted'
      | 'BattleAppealVoteOpened'
      | 'BattleQuickUpdated'
      | 'BattleReminder'
      | 'BattleThreadAttached'
      | 'BattleSideResigned'
      | 'BattleOptionsCommitted'
      | 'BattleOptionsRevealed'
      | 'BattleStandInApproved'
      | 'NpeBattleUpdated'
      | 'BattleResolved'
      | 'UnitsDestroyed'
      | 'ShipCaptured'
      | 'ShipsDamaged'
      | 'ShipsGained'
      | 'BpvAwarded'
      | 'NpeTallied'
      | 'NpeStatusChanged'
      | 'DevelopmentGranted'
      | 'RetreatOrdered'
      | 'RetreatsCharged'
      | 'RetreatExecuted'
      | 'CapturedShipOrganized';
  }
>;

/**
 * The battle a fold changes. A resolved battle is a finished record, frozen and shared between
 * states (finished.ts): the few folds that still touch one (UTD7.A5 options revealed after the
 * battle) change a copy put in its place.
 */
function battleById(s: CampaignState, id: string): Battle {
  const at = s.battles.findIndex((x) => x.id === id);
  if (at < 0) throw new Error(`no battle ${id}`);
  return ownRecord(s.battles, at);
}

/** Folds the battle events into the state; like applyEvent it checks no rule. */
export const BATTLE_FOLDS = {
  BattleOpened: (s, e) => {
    s.battles.push(structuredClone(e.battle));
    s.nextId = Math.max(s.nextId, idNumber(e.battle.id) + 1);
  },
  BattleFleetChosen: (s, e) => {
    const part = battleById(s, e.battleId).participants.find((p) => p.side === e.side)!;
    part.fleetId = e.fleetId;
    part.units = [...e.units];
    part.heldOut = [...e.heldOut];
    part.selected = true;
  },
  BattleSetupRolled: (s, e) => {
    battleById(s, e.battleId).setup = structuredClone(e.setup);
  },
  BattleOptionsCommitted: (s, e, stored) => {
    const b = battleById(s, e.battleId);
    b.coCommitments = { ...b.coCommitments, [e.side]: { hash: e.hash, at: stored.at, revealed: false } };
  },
  BattleOptionsRevealed: (s, e) => {
    const c = battleById(s, e.battleId).coCommitments?.[e.side];
    if (c) c.revealed = true;
  },
  BattleSideResigned: (s, e, stored) => {
    const b = battleById(s, e.battleId);
    // The clocks stop: they are kept aside and moved on by the wait if a stand-in is approved.
    const paused = b.resigned?.paused ?? { ...b.deadlines };
    b.resigned = { side: e.side, playerId: e.playerId, resume: e.resume, pausedAt: stored.at, paused };
    b.stage = 'awaiting-stand-in';
    b.deadlines = { selection: null, contact: null, resolve: null, runner: null, window: e.due };
  },
  BattleStandInApproved: (s, e) => {
    const b = battleById(s, e.battleId);
    b.standIns = { ...b.standIns, [e.side]: e.userId };
    b.resigned = null;
    b.stage = e.stage;
    Object.assign(b.deadlines, e.deadlines);
  },
  BattleStageChanged: (s, e) => {
    const b = battleById(s, e.battleId);
    b.stage = e.stage;
    Object.assign(b.deadlines, e.deadlines);
  },
  BattleContactMade: (s, e, stored) => {
    const b = battleById(s, e.battleId);
    if (e.kind === 'contact') b.contactedAt ??= stored.at;
    if (e.kind === 'response') b.respondedAt ??= stored.at;
    if (e.when) b.sessions.push({ by: e.playerId, when: e.when, at: stored.at });
  },
  BattleFailureReported: (s, e, stored) => {
    battleById(s, e.battleId).failures.push({
      player: e.player,
      excused: e.excused,
      reportedBy: e.reportedBy,
      at: stored.at,
    });
  },
  BattleSessionProposed: (s, e) => {
    const b = battleById(s, e.battleId);
    b.session = { at: e.at, by: e.by, acceptedBy: [], status: 'proposed' };
    // A new time has its own reminder and no-show offer.
    b.reminders = (b.reminders ?? []).filter((k) => k !== 'session' && k !== 'no-show');
  },
  BattleSessionAccepted: (s, e) => {
    const b = battleById(s, e.battleId);
    if (!b.session) return;
    b.session = {
      ...b.session,
      acceptedBy: [...b.session.acceptedBy, e.by],
      status: e.agreed ? 'agreed' : 'proposed',
    };
  },
  BattleExtensionAsked: (s, e) => {
    const b = battleById(s, e.battleId);
    if (!b.extensionAsks.includes(e.playerId)) b.extensionAsks.push(e.playerId);
  },
  BattleExtended: (s, e, stored) => {
    const b = battleById(s, e.battleId);
    b.extensions.push({ days: e.days, reason: e.reason, automatic: e.automatic, at: stored.at });
    b.deadlines.resolve = e.resolve;
    b.extensionAsks = [];
  },
  BattleProposed: (s, e) => {
    const b = battleById(s, e.battleId);
    for (const p of b.proposals) if (p.status === 'open') p.status = 'withdrawn';
    b.proposals.push(structuredClone(e.proposal));
  },
  BattleProposalAnswered: (s, e) => {
    const p = battleById(s, e.battleId).proposals.find((x) => x.id === e.proposalId)!;
    if (e.accepted) {
      if (!p.acceptedBy.includes(e.playerId)) p.acceptedBy.push(e.playerId);
    } else p.status = 'rejected';
  },
  BattleAppealSubmitted: (s, e) => {
    const b = battleById(s, e.battleId);
    b.appeal ??= { submissions: [], voteId: null, dueAt: e.dueAt };
    b.appeal.submissions = [
      ...b.appeal.submissions.filter((x) => x.side !== e.side),
      { side: e.side, proposalId: e.proposalId, explanation: e.explanation, plan: e.plan },
    ];
  },
  BattleAppealVoteOpened: (s, e) => {
    battleById(s, e.battleId).appeal!.voteId = e.voteId;
  },
  BattleQuickUpdated: (s, e) => {
    battleById(s, e.battleId).quick = structuredClone(e.quick);
  },
  BattleThreadAttached: (s, e) => {
    battleById(s, e.battleId).threadId = e.threadId;
  },
  BattleReminder: (s, e) => {
    const b = battleById(s, e.battleId);
    b.reminders = [...(b.reminders ?? []), e.key];
  },
  NpeBattleUpdated: (s, e) => {
    battleById(s, e.battleId).npe = structuredClone(e.npe);
    for (const f of e.npe.force) s.nextId = Math.max(s.nextId, idNumber(f.id) + 1);
  },
  BattleResolved: (s, e, stored) => {
    const b = battleById(s, e.battleId);
    b.status = 'resolved';
    b.stage = 'resolved';
    b.result = structuredClone(e.result);
    b.resolution = e.resolution;
    b.resolvedAt = stored.at;
    for (const p of b.proposals)
      if (p.status === 'open')
        p.status = e.resolution === 'negotiated' || e.resolution === 'confirmed' ? 'accepted' : 'withdrawn';
  },
  UnitsDestroyed: (s, e) => {
    // UTD4.3236: with its capital gone the player has no bank.
    for (const base of s.bases)
      if (e.baseIds.includes(base.id) && base.role === 'capital') playerById(s, base.owner).hasBank = false;
    s.ships = s.ships.filter((x) => !e.shipIds.includes(x.id));
    s.bases = s.bases.filter((x) => !e.baseIds.includes(x.id));
    // ISS-A133: a fleet slot left with no ships is no fleet.
    dropEmptyFleets(s);
  },
  ShipCaptured: (s, e) => {
    const ship = s.ships.find((x) => x.id === e.shipId)!;
    ship.owner = e.by;
    ship.fleetId = null;
    ship.captured = true;
    ship.uninspected = true;
    ship.unorganized = true;
    ship.dock = null;
    // ISS-A133: a fleet slot left with no ships is no fleet.
    dropEmptyFleets(s);
  },
  ShipsDamaged: (s, e) => {
    for (const c of e.changes) {
      const ship = s.ships.find((x) => x.id === c.shipId)!;
      ship.crippled = c.crippled;
      ship.wrecked = c.wrecked;
    }
  },
  ShipsGained: (s, e) => {
    for (const ship of e.ships) {
      s.ships.push(structuredClone(ship));
      s.nextId = Math.max(s.nextId, idNumber(ship.id) + 1);
    }
  },
  BpvAwarded: (s, e) => {
    credit(s, e.playerId, e.amount);
  },
  NpeTallied: (s, e) => {
    const npe = sectorByKey(s, e.sector).npe!;
    npe.losses = e.losses;
    npe.offset = e.offset;
  },
  NpeStatusChanged: (s, e) => {
    sectorByKey(s, e.sector).npe!.status = e.status;
  },
  DevelopmentGranted: (s, e) => {
    const sector = sectorByKey(s, e.sector);
    sector[e.kind] = {
      owner: e.owner,
      status: 'active',
      fleetId: null,
      orderedHalfCycle: s.halfCycles,
      exposedTo: null,
    };
    sector.owner = e.owner;
    sector.ownedSinceHalfCycle = s.halfCycles;
  },
  RetreatOrdered: (s, e) => {
    s.retreats.push(structuredClone(e.retreat));
    s.nextId = Math.max(s.nextId, idNumber(e.retreat.id) + 1);
  },
  RetreatsCharged: (s, e) => {
    for (const r of s.retreats) {
      if (!e.retreatIds.includes(r.id)) continue;
      r.charged = true;
      // Navy loose ends: the wrecks' pre-spent points are spent with it (ISS-A74).
      if (r.wreckOps) r.wreckOpsCharged = r.wreckOps;
    }
    if (s.turn && s.turn.playerId === e.playerId) {
      s.turn.opsSpent += e.ops;
      s.turn.locked = e.locked;
    }
  },
  RetreatExecuted: (s, e) => {
    const at = s.retreats.findIndex((x) => x.id === e.retreatId);
    if (at < 0) throw new Error(`no retreat ${e.retreatId}`);
    const r = ownRecord(s.retreats, at);
    r.moved = true;
    // When it moved, for exploration on arrival (ISS-A18, `explore.onRetreatArrival`).
    if (e.on) r.movedOn = { ...e.on };
    for (const id of e.fleetIds) {
      const f = fleetById(s, id);
      f.sector = e.to;
      f.enteredFrom = e.from;
      f.claimSector = null;
      // Leaving frees the fleet of the fort it lost by; a fort where it arrives traps it (UTD4.356, ISS-A52).
      f.trapped = e.trapped ? structuredClone(e.trapped) : null;
      if (e.pinned) f.pinned = true;
      for (const ship of s.ships) if (ship.fleetId === id) ship.sector = e.to;
    }
  },
  CapturedShipOrganized: (s, e) => {
    if (e.newFleet) {
      s.fleets.push(structuredClone(e.newFleet));
      s.nextId = Math.max(s.nextId, idNumber(e.newFleet.id) + 1);
    }
    const ship = s.ships.find((x) => x.id === e.shipId)!;
    const owner = ship.owner;
    if (e.scrappedToMakeRoom.length) s.ships = s.ships.filter((x) => !e.scrappedToMakeRoom.includes(x.id));
    if (e.scrapped) s.ships = s.ships.filter((x) => x.id !== e.shipId);
    else {
      ship.fleetId = e.into;
      delete ship.unorganized;
    }
    if (bpv(e.refund).gt(0)) playerById(s, owner).bank = bpvToString(bpv(playerById(s, owner).bank).add(e.refund));
    // ISS-A133: a fleet slot left with no ships is no fleet.
    dropEmptyFleets(s);
  },
} satisfies FoldTable<CampaignState, BattleEvent, StoredEvent>;
