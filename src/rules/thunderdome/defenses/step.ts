import type { Decider } from '../decider.ts';
import type { DefenseCancelReason } from '../reasons.ts';
import type { Base } from '../state.ts';
import { isDefenseBase } from './kinds.ts';
import { defenseSite, supportingRfSite } from './sites.ts';

/**
 * Step 10, new construction (UTD2.3(10), UTD6.3A "received when built ships are received"): the
 * defenses the player bought this turn arrive. A unit whose sector can no longer hold it (the
 * fortification, colony or sector was lost before step 10) is not delivered and its price is
 * returned, as for a ship whose yard was lost (a gap in the rules; see rules-notes "Defenses").
 */
export function defensesArriveStep(d: Decider, playerId: string): void {
  const state = d.state;
  const p = state.players.find((x) => x.id === playerId);
  if (!p) return;
  const pending = state.bases.filter(
    (b) => b.owner === playerId && b.pending && (isDefenseBase(b) || b.role === 'capital-rf'),
  );
  if (pending.length === 0) return;
  const arrived: string[] = [];
  const cancelled: { baseId: string; unitId: string; refund: string; reason: DefenseCancelReason }[] = [];
  for (const b of pending) {
    const reason = lostSite(d, b);
    if (reason) cancelled.push({ baseId: b.id, unitId: b.unitId, refund: b.bpv, reason });
    else arrived.push(b.id);
  }
  d.emit({ type: 'DefensesArrived', playerId, baseIds: arrived, cancelled });
}

function lostSite(d: Decider, b: Base): DefenseCancelReason | null {
  const state = d.state;
  const p = state.players.find((x) => x.id === b.owner)!;
  const sector = state.map?.sectors.find((s) => s.key === b.sector);
  if (!sector) return { code: 'sector-gone' };
  if (b.role === 'capital-rf') {
    const capital = state.bases.find((x) => x.owner === b.owner && x.role === 'capital' && !x.pending);
    return capital && capital.sector === b.sector ? null : { code: 'capital-gone' };
  }
  const problem = b.role === 'supporting-rf' ? supportingRfSite(p, sector) : defenseSite(state, p, sector);
  return problem ? { code: 'site-lost', sector: sector.key, problem } : null;
}
