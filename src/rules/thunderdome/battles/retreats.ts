import type { Decider } from '../decider.ts';
import type { Player } from '../state.ts';

/**
 * UTD7.4663, 7.46723–5 (TC-102, TC-103): at the start of the owner's next turn each retreat costs
 * one order point, spent first. More than the player has locks the turn (no orders, not even free
 * ones) unless bought order points cover it; nothing carries over to a later turn.
 */
export function chargeRetreats(d: Decider, p: Player): void {
  const due = d.state.retreats.filter((r) => r.playerId === p.id && !r.charged);
  if (due.length === 0) return;
  const turn = d.state.turn!;
  const ops = due.length;
  d.emit({ type: 'RetreatsCharged', playerId: p.id, retreatIds: due.map((r) => r.id), ops, locked: ops > turn.opsBase + turn.opsTempBought });
}

/** UTD7.46724: order points bought while locked may cover the retreats and lift the penalty. */
export function unlockIfCovered(d: Decider): void {
  const turn = d.state.turn;
  if (!turn?.locked) return;
  if (turn.opsBase + turn.opsTempBought - turn.opsSpent >= 0) d.emit({ type: 'RetreatsCharged', playerId: turn.playerId, retreatIds: [], ops: 0, locked: false });
}

/**
 * UTD7.4665 with ISS-A17 (`retreat.timing = afterOrders`): fleets forced to retreat move after the
 * orders of the next player's turn, before exploration, so an arrival can meet an enemy and fight
 * at step 8 of that turn (TC-100).
 */
export function executeRetreats(d: Decider): void {
  const turn = d.state.turn;
  if (!turn) return;
  for (const r of d.state.retreats) {
    if (r.moved || (r.incurredHalfCycle === d.state.halfCycles && r.incurredSeat === turn.seat)) continue;
    const fleetIds = r.fleetIds.filter((id) => d.state.fleets.some((f) => f.id === id && f.sector === r.from));
    d.emit({ type: 'RetreatExecuted', retreatId: r.id, fleetIds, from: r.from, to: r.to });
  }
}
