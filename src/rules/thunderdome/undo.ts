import { bpv, bpvToString } from '../exact/bpv.ts';
import type { UndoSpec, Variant } from '../kernel/tables.ts';
import { credit } from './apply-common.ts';
import { orderEvent, type CampaignEvent } from './events.ts';
import { fleetById, playerById, sectorByKey } from './lookup.ts';
import type { CampaignState } from './state.ts';

/**
 * The orders that `/turn undo` can take back (UTD6.12), by the event each emits: when it may be
 * undone (an order that rolled dice or made contact with the enemy is final, UTD6.121) and the
 * exact inverse of its fold (the event carries what it changed). The order table names these
 * specs with the orders (order-table.ts); every other order is final.
 */
export const UNDOABLE = {
  FleetMoved: {
    // Pinned on arrival or trapped by a fortification: contact was made.
    undoable: (e) => !e.pinned && !e.trapped,
    inverse: (s, e) => {
      const f = fleetById(s, e.fleetId);
      f.sector = e.from;
      const { enteredFrom, ...before } = e.before;
      Object.assign(f, structuredClone(before));
      // `before` carries where the fleet had entered from (null: nowhere, the field was unset).
      if (enteredFrom === null) delete f.enteredFrom;
      else if (enteredFrom !== undefined) f.enteredFrom = enteredFrom;
      else {
        // A move stored before `before` kept it: during the orders only FleetMoved sets the field,
        // so it was the `from` of the fleet's previous move this turn; after a first move the fleet
        // keeps e.from, which the battle rules read as "did not enter" (battles/open.ts).
        const earlier = s.turn?.orders
          .slice(0, -1)
          .map(orderEvent)
          .findLast((x) => x?.type === 'FleetMoved' && x.fleetId === f.id);
        if (earlier?.type === 'FleetMoved') f.enteredFrom = earlier.from;
      }
      for (const ship of s.ships) if (ship.fleetId === f.id) ship.sector = e.from;
      if (s.turn) s.turn.opsSpent -= e.opCost;
    },
  },
  CapitalMoved: {
    undoable: () => true,
    inverse: (s, e) => {
      for (const b of s.bases) if (e.baseIds.includes(b.id)) b.sector = e.from;
      for (const x of s.ships) if (x.dock && e.baseIds.includes(x.dock.yardId)) x.sector = e.from;
      playerById(s, e.playerId).capitalMovedHalfCycle = e.previousMoveHalfCycle;
      if (s.turn) s.turn.opsSpent -= e.opCost;
    },
  },
  DevelopmentOrdered: {
    undoable: () => true,
    inverse: (s, e) => {
      sectorByKey(s, e.sector)[e.kind] = structuredClone(e.before);
      fleetById(s, e.fleetId).establishing = s.map!.sectors.some((x) =>
        [x.colony, x.mine, x.fort].some((d) => d?.fleetId === e.fleetId && d.status !== 'active'),
      );
      if (s.turn) s.turn.opsSpent -= e.opCost;
    },
  },
  OrderPointsBought: {
    undoable: () => true,
    inverse: (s, e) => {
      const p = playerById(s, e.playerId);
      p.permanentOps -= e.permanent;
      credit(s, e.playerId, e.cost);
      if (s.turn) {
        s.turn.opsTempBought -= e.temporary;
        if (e.permanent > 0) s.turn.opsBase -= e.permanent;
        else s.turn.opsTempPaid = bpvToString(bpv(s.turn.opsTempPaid).sub(e.cost));
      }
    },
  },
  ContainerDropped: {
    undoable: () => true,
    inverse: (s, e) => {
      const sector = sectorByKey(s, e.sector);
      sector.containers.pop();
      credit(s, fleetById(s, e.fleetId).owner, e.cost);
      if (s.turn) s.turn.opsSpent -= e.opCost;
    },
  },
} satisfies { [K in UndoableType]: UndoSpec<CampaignState, Variant<CampaignEvent, K>> };

export type UndoableType =
  | 'FleetMoved'
  | 'CapitalMoved'
  | 'DevelopmentOrdered'
  | 'OrderPointsBought'
  | 'ContainerDropped';
export type UndoableEvent = Variant<CampaignEvent, UndoableType>;

export function isUndoableEvent(e: CampaignEvent): e is UndoableEvent {
  return Object.hasOwn(UNDOABLE, e.type);
}

/** Whether the order whose event this is can still be taken back (UTD6.121). */
export function canUndo(e: CampaignEvent): boolean {
  return isUndoableEvent(e) && (UNDOABLE[e.type].undoable as (e: UndoableEvent) => boolean)(e);
}
