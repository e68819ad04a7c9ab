import { bpv, bpvToString } from '../exact/bpv.ts';
import { credit, debit, idNumber, recordOrder as order } from './apply-common.ts';
import { cloneJson } from '../json-data.ts';
import { FIRST_HALF_CYCLE } from './calendar.ts';
import type { CampaignEvent, StoredEvent } from './events.ts';
import { fleetById, playerById, sectorByKey } from './lookup.ts';
import { applyBattleEvent } from './battles/apply-battle.ts';
import { applyYardEvent } from './shipyards/apply-yard.ts';
import { applyDefenseEvent } from './defenses/apply-defense.ts';
import { applyOfficerEvent, settleOfficerLosses } from './officers/apply-officers.ts';
import { applyConditionEvent } from './condition/apply-condition.ts';
import { applyRetreatWrecks } from './battles/retreat-wreck-event.ts';
import type { CampaignState } from './state.ts';

/**
 * Folds one stored event into the state. Pure and total: it never checks a rule (that was done
 * when the event was decided) and it never rolls dice (rolls are inside the event).
 * It reads only the event, its `seq` and its `at`, never `actor` or `rolls`: the Decider applies
 * events without those while deciding, and runCommand stores the state it got so (performance: docs/performance.md).
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
  // (performance: rolls are frequent, and copying a grown state is most of what applying one costs).
  if (e.type === 'DiceRolled') return state;
  // Performance: the state is plain JSON, which cloneJson copies several times faster than structuredClone.
  const s = cloneJson(state);
  mutate(s, e, stored);
  // Officers and options: officers and crews leave the navy with their ship (UTD7.26A, 7.26B).
  settleOfficerLosses(state, s);
  return s;
}

function mutate(s: CampaignState, e: CampaignEvent, stored: StoredEvent): void {
  switch (e.type) {
    case 'CampaignCreated':
      return;
    case 'PlayerJoined':
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
      return;
    case 'PlayerChangedEmpire':
      playerById(s, e.playerId).empire = e.to;
      return;
    case 'PlayerLeft':
      s.players = s.players.filter((p) => p.id !== e.playerId);
      if (s.map) s.map.approvals = s.map.approvals.filter((id) => id !== e.playerId);
      return;
    case 'EmpireContested': {
      if (e.winner !== e.challenger) return;
      // The challenger takes the holder's place; the holder must join again with another empire.
      const holder = playerById(s, e.holder);
      Object.assign(holder, { id: e.challenger, name: e.challengerName, joinedAt: stored.at });
      if (s.map) s.map.approvals = s.map.approvals.filter((id) => id !== e.holder && id !== e.challenger);
      return;
    }
    case 'MapSet':
      s.map = { ...structuredClone(e.map), approvals: [], approved: false };
      return;
    case 'MapApproved':
      if (s.map && !s.map.approvals.includes(e.playerId)) s.map.approvals.push(e.playerId);
      if (s.map && e.unanimous) s.map.approved = true;
      return;
    // Map approval by reaction (UTD8.16)
    case 'MapApprovalPosted':
      if (s.map) s.map.approvalMessageId = e.messageId;
      return;
    // Catalog import (UTD8.1).
    case 'CatalogSet':
      s.catalogVersion = e.version;
      return;
    case 'TurnOrderRolled':
      s.turnOrder = [...e.order];
      for (const r of e.rolls) playerById(s, r.playerId).orderRolls = [...r.rolls];
      e.order.forEach((id, i) => (playerById(s, id).seat = i + 1));
      return;
    case 'SetupBegan':
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
      return;
    case 'DefendingShipChosen':
      s.bases.push(structuredClone(e.base));
      playerById(s, e.base.owner).defenseAllowance = e.allowanceLeft;
      s.nextId = Math.max(s.nextId, idNumber(e.base.id) + 1);
      return;
    case 'ShipBought':
      if (e.fleet) s.fleets.push(structuredClone(e.fleet));
      s.ships.push(structuredClone(e.ship));
      s.nextId = Math.max(s.nextId, idNumber(e.ship.id) + 1, e.fleet ? idNumber(e.fleet.id) + 1 : 0);
      debit(s, e.ship.owner, e.cost);
      if (e.during === 'build') order(s, stored, 'build', `build ${e.ship.unitId}`, 0, e.cost, false);
      return;
    case 'SetupPurchaseReturned': {
      const ship = s.ships.find((x) => x.id === e.shipId)!;
      s.ships = s.ships.filter((x) => x.id !== e.shipId);
      credit(s, ship.owner, e.refund);
      dropEmptyFleets(s);
      return;
    }
    case 'PlayerReady':
      playerById(s, e.playerId).ready = e.ready;
      return;
    case 'CampaignStarted':
      s.status = 'active';
      s.startedAt = stored.at;
      s.settings.startYear = e.startYear;
      return;
    case 'TurnStarted':
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
      return;
    case 'DevelopmentActivated': {
      const d = sectorByKey(s, e.sector)[e.kind]!;
      d.status = 'active';
      d.fleetId = null;
      return;
    }
    case 'DevelopmentCancelled':
      sectorByKey(s, e.sector)[e.kind] = null;
      return;
    case 'FortRemoved':
      sectorByKey(s, e.sector).fort = null;
      return;
    case 'SectorClaimed': {
      const sector = sectorByKey(s, e.sector);
      sector.owner = e.playerId;
      sector.ownedSinceHalfCycle = s.halfCycles;
      return;
    }
    case 'IncomePaid':
      credit(s, e.playerId, e.amount);
      return;
    case 'TurnPhaseChanged':
      if (s.turn) {
        s.turn.phase = e.phase;
        s.turn.capturesDue = e.due ?? null;
      }
      return;
    case 'TurnEnded':
      if (s.turn) {
        s.turn.phase = 'done';
        s.turn.forfeited = e.forfeited;
      }
      for (const f of s.fleets) if (f.owner === e.playerId) f.claimSector = f.sector;
      if (!e.forfeited) playerById(s, e.playerId).consecutiveForfeits = 0;
      return;
    case 'TurnForfeited': {
      const p = playerById(s, e.playerId);
      p.consecutiveForfeits = e.consecutive;
      p.totalForfeits += 1;
      if (s.turn) s.turn.forfeited = true;
      return;
    }
    case 'TurnExtended':
      if (s.turn) {
        s.turn.deadline = e.deadline;
        if (e.automatic) s.turn.extensions += 1;
      }
      return;
    case 'ReminderSent':
      if (s.turn) s.turn.remindersSent.push(e.hoursBefore);
      return;
    case 'BankLost':
      debit(s, e.playerId, e.amount);
      return;
    case 'OrderPointsBought': {
      const p = playerById(s, e.playerId);
      p.permanentOps += e.permanent;
      if (s.turn) {
        s.turn.opsTempBought += e.temporary;
        s.turn.opsTempPaid = bpvToString(bpv(s.turn.opsTempPaid).add(e.permanent > 0 ? 0 : e.cost));
        if (e.permanent > 0) s.turn.opsBase += e.permanent;
      }
      debit(s, e.playerId, e.cost);
      order(
        s,
        stored,
        'buy-ops',
        e.permanent > 0 ? `buy ${e.permanent} permanent OP` : `buy ${e.temporary} temporary OP`,
        0,
        e.cost,
        true,
      );
      return;
    }
    case 'FleetMoved': {
      const f = fleetById(s, e.fleetId);
      f.sector = e.to;
      f.enteredFrom = e.from;
      f.pinned = e.pinned;
      f.trapped = e.freedFromTrap ? null : e.trapped;
      f.claimSector = null;
      for (const ship of s.ships) if (ship.fleetId === f.id) ship.sector = e.to;
      order(s, stored, 'move', `move fleet ${f.slot} ${e.from} → ${e.to}`, e.opCost, '0', !e.pinned && !e.trapped);
      return;
    }
    case 'CapitalMoved': {
      for (const b of s.bases) if (e.baseIds.includes(b.id)) b.sector = e.to;
      // UTD7.65: ships in dry dock are docked to the capital and go where it goes.
      for (const x of s.ships) if (x.dock && e.baseIds.includes(x.dock.yardId)) x.sector = e.to;
      playerById(s, e.playerId).capitalMovedHalfCycle = s.halfCycles;
      order(s, stored, 'move-capital', `move capital ${e.from} → ${e.to}`, e.opCost, '0', true);
      return;
    }
    case 'DevelopmentOrdered': {
      const sector = sectorByKey(s, e.sector);
      sector[e.kind] = structuredClone(e.development);
      fleetById(s, e.fleetId).establishing = true;
      order(
        s,
        stored,
        e.remove ? `remove-${e.kind}` : `establish-${e.kind}`,
        `${e.remove ? 'remove' : 'establish'} ${e.kind} in ${e.sector}`,
        e.opCost,
        '0',
        true,
      );
      return;
    }
    case 'SiegeRolled': {
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
      order(s, stored, 'siege', `siege roll for fleet ${f.slot}`, e.opCost, e.bpvPaid, false);
      return;
    }
    case 'ContainerDropped': {
      const f = fleetById(s, e.fleetId);
      sectorByKey(s, e.sector).containers.push({ by: f.owner, value: e.value, laidHalfCycle: s.halfCycles });
      debit(s, f.owner, e.cost);
      order(s, stored, 'dead-drop', `container in ${e.sector}`, e.opCost, e.cost, true);
      return;
    }
    case 'DerelictLeft': {
      const ship = s.ships.find((x) => x.id === e.shipId)!;
      ship.fleetId = null;
      ship.sector = e.sector;
      dropEmptyFleets(s);
      order(s, stored, 'derelict', `derelict ${e.shipId} in ${e.sector}`, e.opCost, '0', false);
      return;
    }
    case 'FleetsBought':
      playerById(s, e.playerId).extraFleets += e.count;
      debit(s, e.playerId, e.cost);
      if (s.turn?.playerId === e.playerId)
        order(s, stored, 'buy-fleets', `buy ${e.count} extra fleet${e.count === 1 ? '' : 's'}`, 0, e.cost, false);
      return;
    case 'FleetsOrganized': {
      if (e.newFleet) {
        s.fleets.push(structuredClone(e.newFleet));
        s.nextId = Math.max(s.nextId, idNumber(e.newFleet.id) + 1);
      }
      for (const ship of s.ships) if (e.shipIds.includes(ship.id)) ship.fleetId = e.to;
      dropEmptyFleets(s);
      order(s, stored, 'organize', `organize fleets`, e.opCost, '0', false);
      return;
    }
    case 'ShipsScrapped':
      s.ships = s.ships.filter((x) => !e.shipIds.includes(x.id));
      credit(s, e.playerId, e.refund);
      dropEmptyFleets(s);
      order(
        s,
        stored,
        'scrap',
        `scrap ${e.shipIds.length} ship${e.shipIds.length === 1 ? '' : 's'}`,
        e.opCost,
        '0',
        false,
      );
      return;
    case 'OrderUndone':
      undo(s, e.undone);
      if (s.turn) s.turn.orders = s.turn.orders.filter((o) => o.seq !== e.seq);
      return;
    case 'SectorExplored': {
      const sector = sectorByKey(s, e.sector);
      sector.type = e.sectorType;
      sector.terrain = [...e.terrain];
      sector.overlays = [...e.overlays];
      sector.exploredBy = e.by;
      sector.exploredHalfCycle = s.halfCycles;
      sector.npe = e.npe ? { empire: e.npe, status: 'active' } : null;
      return;
    }
    case 'SectorNamed': {
      const sector = sectorByKey(s, e.sector);
      sector.name = e.name;
      sector.namedBy = e.by;
      sector.nameStatus = 'named';
      return;
    }
    case 'SectorNameObjected':
      sectorByKey(s, e.sector).nameStatus = 'rename-required';
      return;
    case 'SectorDisavowed': {
      const p = playerById(s, e.playerId);
      p.disavowed = e.disavowed ? [...new Set([...p.disavowed, e.sector])] : p.disavowed.filter((k) => k !== e.sector);
      return;
    }
    case 'ExploreBalancingSet':
      playerById(s, e.playerId).exploreBalancing = e.mode;
      return;
    case 'BattleOpened':
    case 'BattleFleetChosen':
    case 'BattleSetupRolled':
    case 'BattleStageChanged':
    case 'BattleContactMade':
    case 'BattleFailureReported':
    case 'BattleExtensionAsked':
    case 'BattleExtended':
    case 'BattleProposed':
    case 'BattleProposalAnswered':
    case 'BattleAppealSubmitted':
    case 'BattleAppealVoteOpened':
    case 'BattleQuickUpdated':
    case 'BattleReminder':
    case 'BattleThreadAttached':
    case 'NpeBattleUpdated':
    case 'BattleResolved':
    case 'UnitsDestroyed':
    case 'ShipCaptured':
    case 'ShipsDamaged':
    case 'ShipsGained':
    case 'BpvAwarded':
    case 'NpeTallied':
    case 'NpeStatusChanged':
    case 'DevelopmentGranted':
    case 'RetreatOrdered':
    case 'RetreatsCharged':
    case 'RetreatExecuted':
    case 'CapturedShipOrganized':
      applyBattleEvent(s, e, stored.at);
      if (e.type === 'UnitsDestroyed' || e.type === 'ShipCaptured' || e.type === 'CapturedShipOrganized')
        dropEmptyFleets(s);
      return;
    case 'FortDestroyed': {
      const sector = sectorByKey(s, e.sector);
      sector.fort = null;
      for (const f of s.fleets) if (f.trapped?.fortSector === e.sector) f.trapped = null;
      return;
    }
    case 'DevelopmentCaptured': {
      const d = sectorByKey(s, e.sector)[e.kind]!;
      d.owner = e.to;
      d.exposedTo = null;
      return;
    }
    case 'DevelopmentDestroyed':
      sectorByKey(s, e.sector)[e.kind] = null;
      return;
    case 'DevelopmentExposed': {
      const d = sectorByKey(s, e.sector)[e.kind];
      if (d) d.exposedTo = { player: e.to, fromHalfCycle: e.fromHalfCycle };
      return;
    }
    case 'ContainersCollected': {
      const sector = sectorByKey(s, e.sector);
      sector.containers = sector.containers.filter((c) => c.by === e.by);
      credit(s, e.by, e.amount);
      return;
    }
    case 'DerelictsCaptured': {
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
      return;
    }
    case 'ProxyGranted': {
      const p = playerById(s, e.playerId);
      p.proxies = [
        ...p.proxies.filter((x) => x.userId !== e.proxyUserId),
        { userId: e.proxyUserId, grantedAt: stored.at, expiresAt: e.expiresAt },
      ];
      return;
    }
    case 'ProxyRevoked': {
      const p = playerById(s, e.playerId);
      p.proxies = p.proxies.filter((x) => x.userId !== e.proxyUserId);
      return;
    }
    case 'PlayerRemoved':
      removePlayer(s, e.playerId, e.reason);
      return;
    case 'CampaignWon':
      s.status = 'finished';
      s.winner = e.playerId;
      s.finishedAt = stored.at;
      s.turn = null;
      return;
    case 'VoteOpened':
      s.votes.push(structuredClone(e.vote));
      s.nextId = Math.max(s.nextId, idNumber(e.vote.id) + 1);
      return;
    case 'VoteMessageAttached':
      voteById(s, e.voteId).messageId = e.messageId;
      return;
    case 'BallotCast': {
      const v = voteById(s, e.voteId);
      if (e.choice) v.ballots[e.playerId] = e.choice;
      else delete v.ballots[e.playerId];
      return;
    }
    case 'VoteClosed': {
      const v = voteById(s, e.voteId);
      v.status = e.passed ? 'passed' : 'rejected';
      if (e.chosen) v.chosen = e.chosen;
      return;
    }
    case 'SettingChanged':
      if (e.fromHalfCycle === null || e.fromHalfCycle <= s.halfCycles) {
        (s.settings as Record<string, unknown>)[e.key] = structuredClone(e.value);
        s.pendingSettings = s.pendingSettings.filter((x) => x.key !== e.key);
      } else {
        s.pendingSettings = [
          ...s.pendingSettings.filter((x) => x.key !== e.key),
          { key: e.key, value: structuredClone(e.value), fromHalfCycle: e.fromHalfCycle },
        ];
      }
      return;
    case 'DiceRolled':
      return;
    case 'SeedsRevealed':
      s.revealedSeeds = structuredClone(e.seeds);
      return;
    case 'SeedCommitted':
      s.seedCommitments.push({ fromSeq: stored.seq, hash: e.seedCommitment });
      return;
    case 'CampaignImported':
      s.id = e.campaignId;
      s.guildId = e.guildId;
      s.channelId = e.channelId;
      if (e.seedCommitment) s.seedCommitments.push({ fromSeq: stored.seq, hash: e.seedCommitment });
      return;
    case 'YardActivated':
    case 'YardShipOrdered':
    case 'YardWorkDone':
    case 'YardBuildDelivered':
    case 'ShipyardsArrived':
    case 'ShipyardsSelfRepaired':
    case 'ShipyardOrdered':
    case 'ShipyardOverhauled':
    case 'ShipyardScrapped':
    case 'ShipyardWorksReported':
    case 'CapturedShipDocked':
    case 'ShipsUndocked':
    case 'ShipsRepaired':
      applyYardEvent(s, e, stored);
      return;
    // Defenses (defenses/)
    case 'DefensesRevised':
    case 'DefensesScrapped':
    case 'DefensesArrived':
      applyDefenseEvent(s, e, stored);
      return;
    // Officers and options (officers/)
    case 'OfficerBought':
    case 'CrewBought':
    case 'OfficerTransferred':
    // Navy loose ends: minesweeper mines (UTD8.253) and the announcement of officer losses
    case 'MinesBought':
    case 'OfficersLost':
      applyOfficerEvent(s, e, stored);
      return;
    // Navy loose ends: wrecks of fleets forced to retreat (ISS-A74)
    case 'RetreatWrecksSettled':
      applyRetreatWrecks(s, e);
      dropEmptyFleets(s);
      return;
    // Ship condition (condition/)
    case 'ShipConditionRecorded':
    case 'ShipsResupplied':
    case 'AttritionReplaced':
    case 'FleetRefitted':
      applyConditionEvent(s, e, stored);
      return;
  }
}

/** Reverses an undoable order exactly (the event carries what it changed). */
function undo(s: CampaignState, e: CampaignEvent): void {
  switch (e.type) {
    case 'FleetMoved': {
      const f = fleetById(s, e.fleetId);
      f.sector = e.from;
      Object.assign(f, structuredClone(e.before));
      for (const ship of s.ships) if (ship.fleetId === f.id) ship.sector = e.from;
      if (s.turn) s.turn.opsSpent -= e.opCost;
      return;
    }
    case 'CapitalMoved':
      for (const b of s.bases) if (e.baseIds.includes(b.id)) b.sector = e.from;
      for (const x of s.ships) if (x.dock && e.baseIds.includes(x.dock.yardId)) x.sector = e.from;
      playerById(s, e.playerId).capitalMovedHalfCycle = e.previousMoveHalfCycle;
      if (s.turn) s.turn.opsSpent -= e.opCost;
      return;
    case 'DevelopmentOrdered':
      sectorByKey(s, e.sector)[e.kind] = structuredClone(e.before);
      fleetById(s, e.fleetId).establishing = s.map!.sectors.some((x) =>
        [x.colony, x.mine, x.fort].some((d) => d?.fleetId === e.fleetId && d.status !== 'active'),
      );
      if (s.turn) s.turn.opsSpent -= e.opCost;
      return;
    case 'OrderPointsBought': {
      const p = playerById(s, e.playerId);
      p.permanentOps -= e.permanent;
      credit(s, e.playerId, e.cost);
      if (s.turn) {
        s.turn.opsTempBought -= e.temporary;
        if (e.permanent > 0) s.turn.opsBase -= e.permanent;
        else s.turn.opsTempPaid = bpvToString(bpv(s.turn.opsTempPaid).sub(e.cost));
      }
      return;
    }
    case 'ContainerDropped': {
      const sector = sectorByKey(s, e.sector);
      sector.containers.pop();
      credit(s, fleetById(s, e.fleetId).owner, e.cost);
      if (s.turn) s.turn.opsSpent -= e.opCost;
      return;
    }
    default:
      throw new Error(`${e.type} cannot be undone`);
  }
}

/** UTD3.91 with ISS-A87: every unit and development of the player leaves the map. */
function removePlayer(s: CampaignState, playerId: string, reason: 'resigned' | 'forfeits' | 'eliminated'): void {
  const p = playerById(s, playerId);
  p.status = reason === 'resigned' ? 'resigned' : reason === 'forfeits' ? 'removed' : 'eliminated';
  s.fleets = s.fleets.filter((f) => f.owner !== playerId);
  s.ships = s.ships.filter((x) => x.owner !== playerId);
  s.bases = s.bases.filter((b) => b.owner !== playerId);
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

/** ISS-A133: a fleet slot with no ships is empty and has no fleet. */
export function dropEmptyFleets(s: CampaignState): void {
  s.fleets = s.fleets.filter((f) => s.ships.some((x) => x.fleetId === f.id));
}

function voteById(s: CampaignState, id: string) {
  const v = s.votes.find((x) => x.id === id);
  if (!v) throw new Error(`no vote ${id}`);
  return v;
}

export function replay(events: readonly StoredEvent[]): CampaignState | null {
  let state: CampaignState | null = null;
  for (const e of events) state = applyEvent(state, e);
  return state;
}

export { credit, idNumber };
