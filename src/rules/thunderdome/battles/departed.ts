import type { Decider } from '../decider.ts';
import type { CampaignState } from '../state.ts';

/**
 * Units that open battles hold (UTD3.91): every unit a side chose to fight with or held out, and
 * before a side has chosen, all of its units in the battle's sector. Kept apart so that the turn's
 * continuation and the resignation rules can both use it without an import cycle.
 */
export function heldByOpenBattles(state: CampaignState, owner?: string): Set<string> {
  const held = new Set<string>();
  for (const b of state.battles.filter((x) => x.status === 'open')) {
    for (const side of b.sides) {
      if (owner !== undefined && side !== owner) continue;
      const p = b.participants.find((x) => x.side === side);
      if (p?.selected) for (const id of [...p.units, ...p.heldOut]) held.add(id);
      else {
        for (const s of state.ships) if (s.owner === side && s.sector === b.sector) held.add(s.id);
        for (const x of state.bases) if (x.owner === side && x.sector === b.sector) held.add(x.id);
      }
    }
  }
  return held;
}

/**
 * The forces of players who left the campaign (UTD3.91, 3.92) that no open battle holds any more
 * leave the map: after a stand-in finished the battle, or once it was cancelled.
 */
export function releaseDepartedForces(d: Decider): void {
  const held = heldByOpenBattles(d.state);
  // A vacant seat keeps its forces for the newcomer (replacement.ts).
  for (const p of d.state.players.filter((x) => (x.status === 'resigned' || x.status === 'removed') && !x.vacantSeat)) {
    const shipIds = d.state.ships.filter((s) => s.owner === p.id && !held.has(s.id)).map((s) => s.id);
    const baseIds = d.state.bases.filter((x) => x.owner === p.id && !held.has(x.id)).map((x) => x.id);
    if (shipIds.length || baseIds.length) d.emit({ type: 'DepartedForcesRemoved', playerId: p.id, shipIds, baseIds });
  }
}
