import type { Decider } from '../decider.ts';
import { enemyPresence, sectorByKey } from '../lookup.ts';
import type { Player } from '../state.ts';
import { settleRetreatWrecks, wreckOpsDue } from './retreat-wrecks.ts';

/**
 * UTD7.4663, 7.46723–5 (TC-102, TC-103): at the start of the owner's next turn each retreat costs
 * one order point, spent first, plus the pre-spent points of its wrecks (ISS-A74). More than the player has locks the turn (no orders, not even free
 * ones) unless bought order points cover it; nothing carries over to a later turn.
 */
export function chargeRetreats(d: Decider, p: Player): void {
  // Navy loose ends (ISS-A74): wrecks of fleets not yet moved are towed or scrapped first, so
  // their pre-spent order points join this charge.
  for (const r of d.state.retreats.filter((x) => x.playerId === p.id && !x.charged && !x.moved))
    settleRetreatWrecks(d, r);
  const due = d.state.retreats.filter((r) => r.playerId === p.id && !r.charged);
  const wrecksDue = d.state.retreats.filter((r) => r.playerId === p.id && wreckOpsDue(r) > 0);
  if (due.length === 0 && wrecksDue.length === 0) return;
  const turn = d.state.turn!;
  const wreckOps = wrecksDue.reduce((n, r) => n + wreckOpsDue(r), 0);
  const ops = due.length + wreckOps;
  const retreatIds = [...new Set([...due, ...wrecksDue].map((r) => r.id))];
  d.emit({
    type: 'RetreatsCharged',
    playerId: p.id,
    retreatIds,
    ops,
    locked: ops > turn.opsBase + turn.opsTempBought,
    ...(wreckOps ? { wreckOps } : {}),
  });
}

/** UTD7.46724: order points bought while locked may cover the retreats and lift the penalty. */
export function unlockIfCovered(d: Decider): void {
  const turn = d.state.turn;
  if (!turn?.locked) return;
  if (turn.opsBase + turn.opsTempBought - turn.opsSpent >= 0)
    d.emit({ type: 'RetreatsCharged', playerId: turn.playerId, retreatIds: [], ops: 0, locked: false });
}

/**
 * UTD7.4665 with ISS-A17: fleets forced to retreat move at the next player's turn. By default
 * (`retreat.timing = afterOrders`) after that turn's orders, before exploration, so an arrival can
 * meet an enemy and fight at step 8 of that turn (TC-100); with `startOfStep5`, as that turn's
 * orders begin. `when` says which of the two calls this is; only the one the setting names moves.
 * An enemy fortification where they arrive traps them (UTD4.356, ISS-A52), and enemy units there
 * pin them for the rest of the turn (UTD6.31, 4.355), as for any fleet that enters.
 */
export function executeRetreats(d: Decider, when: 'afterOrders' | 'startOfStep5'): void {
  const turn = d.state.turn;
  if (!turn) return;
  const timing = d.state.settings['retreat.timing'] === 'startOfStep5' ? 'startOfStep5' : 'afterOrders';
  if (when !== timing) return;
  for (const r of d.state.retreats) {
    if (r.moved || (r.incurredHalfCycle === d.state.halfCycles && r.incurredSeat === turn.seat)) continue;
    // Navy loose ends (ISS-A74): wrecks reported since the charge are towed or scrapped before the move.
    settleRetreatWrecks(d, r);
    const fleetIds = r.fleetIds.filter((id) => d.state.fleets.some((f) => f.id === id && f.sector === r.from));
    const to = sectorByKey(d.state, r.to);
    const enemy = enemyPresence(d.state, r.playerId, r.to);
    const trapped = enemy.fort
      ? { fortSector: r.to, fortOwner: to.fort!.owner, failedDice: 0, lastAttemptHalfCycle: null }
      : null;
    const pinned =
      enemy.fleet || enemy.fort || (d.state.settings['move.pinOnAnyEnemyCombatUnit'] && (enemy.base || enemy.npe));
    d.emit({
      type: 'RetreatExecuted',
      retreatId: r.id,
      fleetIds,
      from: r.from,
      to: r.to,
      trapped,
      pinned,
      on: { halfCycles: d.state.halfCycles, seat: turn.seat },
    });
  }
}
