import type { CampaignState, PendingBuild, Ship } from '../state.ts';
import type { UnitCatalog } from '../units.ts';
import { dockedAt } from './placement.ts';
import { capacityUsed, effectiveCapacity, formatCapacity, isActivated, yardsOf, type YardInfo } from './yards.ts';

/** One yard as `/yard status` shows it: capacity this turn (UTD6.372x), works, dry dock (UTD7.62). */
export interface YardStatus {
  yard: YardInfo;
  /** Only on the owner's own turn are activation and capacity meaningful. */
  activated: boolean;
  capacity: string;
  effective: string;
  used: string;
  condition: 'overhauled' | 'self-repairing' | 'damaged' | 'intact';
  pending: boolean;
  docked: Ship[];
  builds: PendingBuild[];
}

export function yardStatus(state: CampaignState, playerId: string, catalog: UnitCatalog): YardStatus[] {
  const turn = state.turn?.playerId === playerId ? state.turn : null;
  return yardsOf(state, playerId, catalog, { withPending: true }).map((y) => {
    const eff = effectiveCapacity(turn, y);
    return {
      yard: y,
      activated: turn ? isActivated(turn, y) : false,
      capacity: formatCapacity(y.capacity),
      effective: formatCapacity(eff.num, eff.den),
      used: formatCapacity(capacityUsed(turn, y.base.id)),
      condition: eff.state,
      pending: y.base.pending,
      docked: dockedAt(state, y.base.id).sort((a, b) => a.dock!.position - b.dock!.position),
      builds: (state.pendingBuilds ?? []).filter((b) => b.yardId === y.base.id),
    };
  });
}
