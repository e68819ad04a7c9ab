import { bpv } from '../../exact/bpv.ts';
import { credit, idNumber, debit, recordOrder as order, useYardCapacity as use } from '../apply-common.ts';
import { clearedCondition, overhauledCondition } from '../condition/apply-condition.ts';
import type { CampaignEvent, StoredEvent } from '../events.ts';
import { playerById } from '../lookup.ts';
import type { CampaignState } from '../state.ts';
import type { FoldTable } from '../../kernel/tables.ts';

export type YardEvent = Extract<
  CampaignEvent,
  {
    type:
      | 'YardActivated'
      | 'YardShipOrdered'
      | 'YardWorkDone'
      | 'YardBuildDelivered'
      | 'ShipyardsArrived'
      | 'ShipyardsSelfRepaired'
      | 'ShipyardOrdered'
      | 'ShipyardOverhauled'
      | 'ShipyardScrapped'
      | 'ShipyardWorksReported'
      | 'CapturedShipDocked'
      | 'ShipsUndocked'
      | 'ShipsRepaired';
  }
>;

/** Folds the shipyard, dry-dock and repair events into the state; like applyEvent it checks no rule. */
export const YARD_FOLDS = {
  YardActivated: (s, e, stored) => {
    if (s.turn) {
      if (e.scope === 'sector') s.turn.yardActivations = [...new Set([...s.turn.yardActivations, e.sector])];
      else s.turn.yardsActivated = [...new Set([...(s.turn.yardsActivated ?? []), ...e.yardIds])];
      if (e.forgoRepair.length)
        s.turn.yardsForgoRepair = [...new Set([...(s.turn.yardsForgoRepair ?? []), ...e.forgoRepair])];
    }
    order(s, stored, 'yard-activate', e.opCost, '0');
  },
  YardShipOrdered: (s, e, stored) => {
    s.pendingBuilds = [...(s.pendingBuilds ?? []), structuredClone(e.build)];
    s.nextId = Math.max(s.nextId, idNumber(e.build.shipId) + 1);
    use(s, e.build.yardId, e.capacity);
    debit(s, e.build.owner, e.build.cost);
    order(s, stored, 'yard-build', 0, e.build.cost);
  },
  YardWorkDone: (s, e, stored) => {
    for (const part of e.ships) {
      const ship = s.ships.find((x) => x.id === part.shipId)!;
      ship.unitId = part.to;
      ship.bpv = part.bpv;
      if (part.extraDrones !== undefined) ship.extraDrones = part.extraDrones;
      if (part.overhaul) {
        ship.crippled = false;
        ship.wrecked = false;
        ship.d94Used = false;
        overhauledCondition(ship);
      }
      if (e.kind === 'inspect') ship.uninspected = false;
    }
    use(s, e.yardId, e.capacity);
    debit(s, e.playerId, e.cost);
    order(s, stored, `yard-${e.kind}`, 0, e.cost);
  },
  YardBuildDelivered: (s, e) => {
    const d = e.delivery;
    s.pendingBuilds = (s.pendingBuilds ?? []).filter((b) => b.shipId !== d.shipId);
    if (d.newFleet) {
      s.fleets.push(structuredClone(d.newFleet));
      s.nextId = Math.max(s.nextId, idNumber(d.newFleet.id) + 1);
    }
    if (d.ship) s.ships.push(structuredClone(d.ship));
    if (bpv(d.refund).gt(0)) credit(s, e.playerId, d.refund);
  },
  ShipyardsArrived: (s, e) => {
    for (const b of s.bases) if (e.yardIds.includes(b.id)) b.pending = false;
    // UTD4.3236, ISS-A32: a new capital re-establishes the bank (what was left was lost just before).
    if (e.capital) playerById(s, e.playerId).hasBank = true;
  },
  ShipyardsSelfRepaired: (s, e) => {
    for (const b of s.bases) if (e.yardIds.includes(b.id)) delete b.worksDestroyed;
  },
  ShipyardOrdered: (s, e, stored) => {
    s.bases.push(structuredClone(e.base));
    s.nextId = Math.max(s.nextId, idNumber(e.base.id) + 1);
    debit(s, e.playerId, e.cost);
    order(s, stored, 'yard-construct', e.opCost, e.cost);
  },
  ShipyardOverhauled: (s, e, stored) => {
    for (const b of s.bases) if (b.id === e.yardId) delete b.worksDestroyed;
    if (s.turn) s.turn.yardsOverhauled = [...new Set([...(s.turn.yardsOverhauled ?? []), e.yardId])];
    order(s, stored, 'yard-overhaul-yard', e.opCost, '0');
  },
  ShipyardScrapped: (s, e, stored) => {
    s.bases = s.bases.filter((b) => b.id !== e.yardId);
    credit(s, e.playerId, e.refund);
    order(s, stored, 'yard-scrap', e.opCost, '0');
  },
  ShipyardWorksReported: (s, e) => {
    for (const b of s.bases) {
      if (b.id !== e.yardId) continue;
      if (e.worksDestroyed > 0) b.worksDestroyed = e.worksDestroyed;
      else delete b.worksDestroyed;
    }
  },
  CapturedShipDocked: (s, e) => {
    const ship = s.ships.find((x) => x.id === e.shipId)!;
    ship.fleetId = null;
    ship.dock = { yardId: e.yardId, position: e.position };
    delete ship.unorganized;
  },
  ShipsUndocked: (s, e, stored) => {
    if (e.newFleet) {
      s.fleets.push(structuredClone(e.newFleet));
      s.nextId = Math.max(s.nextId, idNumber(e.newFleet.id) + 1);
    }
    for (const ship of s.ships) {
      if (!e.shipIds.includes(ship.id)) continue;
      ship.fleetId = e.fleetId;
      delete ship.dock;
    }
    order(s, stored, 'yard-undock', e.opCost, '0');
  },
  ShipsRepaired: (s, e, stored) => {
    for (const ship of s.ships) {
      if (!e.shipIds.includes(ship.id)) continue;
      ship.d94Used = true;
      if (e.cleared.includes(ship.id)) {
        ship.crippled = false;
        ship.wrecked = false;
        clearedCondition(ship);
      }
    }
    if (e.mode === 'freighter' && e.freighterId) {
      const rf = s.ships.find((x) => x.id === e.freighterId);
      if (rf) rf.rfUsedHalfCycle = s.halfCycles;
    }
    order(s, stored, e.mode === 'colony' ? 'repair-fleet' : 'repair-ships', e.opCost, '0');
  },
} satisfies FoldTable<CampaignState, YardEvent, StoredEvent>;
