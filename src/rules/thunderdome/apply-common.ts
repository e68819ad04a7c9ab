import { bpv, bpvToString } from '../exact/bpv.ts';
import type { StoredEvent } from './events.ts';
import { playerById } from './lookup.ts';
import type { CampaignState, Ship, TurnOrder } from './state.ts';

/** Small steps every event fold shares (apply.ts and the sub-systems' apply files); they check no rule. */

export function credit(s: CampaignState, playerId: string, amount: string): void {
  const p = playerById(s, playerId);
  p.bank = bpvToString(bpv(p.bank).add(amount));
}

export function debit(s: CampaignState, playerId: string, amount: string): void {
  const p = playerById(s, playerId);
  p.bank = bpvToString(bpv(p.bank).sub(amount));
}

/**
 * Records an order of the current turn and its order points for the order history, with its
 * event: `/turn undo` asks the order's undo spec (undo.ts) whether and how it can be reversed, and
 * whatever shows the order (the map's arrows, the words) reads it from the event.
 */
export function recordOrder(
  s: CampaignState,
  stored: StoredEvent,
  kind: string,
  opCost: number,
  bpvCost: string,
): void {
  if (!s.turn) return;
  s.turn.opsSpent += opCost;
  const o: TurnOrder = { seq: stored.seq, kind, opCost, bpvCost, event: structuredClone(stored.event) };
  s.turn.orders.push(o);
}

/** Shipyard capacity used this turn (UTD6.372), by yard id. */
export function useYardCapacity(s: CampaignState, yardId: string, capacity: number): void {
  if (!s.turn) return;
  s.turn.yardUse = { ...(s.turn.yardUse ?? {}), [yardId]: (s.turn.yardUse?.[yardId] ?? 0) + capacity };
}

export function shipById(s: CampaignState, id: string): Ship {
  const ship = s.ships.find((x) => x.id === id);
  if (!ship) throw new Error(`no ship ${id}`);
  return ship;
}

/** The number in an id such as `S123`, for `nextId`. */
export function idNumber(id: string): number {
  const n = Number(id.replace(/^\D+/, ''));
  return Number.isFinite(n) ? n : 0;
}

/** ISS-A133: a fleet slot with no ships is empty and has no fleet. */
export function dropEmptyFleets(s: CampaignState): void {
  s.fleets = s.fleets.filter((f) => s.ships.some((x) => x.fleetId === f.id));
}
