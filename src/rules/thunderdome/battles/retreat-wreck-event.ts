import { bpv, bpvToString } from '../../exact/bpv.ts';
import { playerById } from '../lookup.ts';
import type { CampaignState } from '../state.ts';
import { ownRecord } from '../finished.ts';

/**
 * ISS-A74: what happened to the wrecks of fleets forced to retreat. Towed wrecks stay in their
 * fleets and go along; untowable ones were scrapped for half their value. `ops` pre-spent order
 * points are added to the retreat's charge at the owner's next turn: one per towed wreck and one
 * per fleet that scrapped wrecks.
 */
export interface RetreatWrecksSettled {
  type: 'RetreatWrecksSettled';
  retreatId: string;
  playerId: string;
  towed: { shipId: string; unitId: string; fleetId: string }[];
  scrapped: { shipId: string; unitId: string; fleetId: string }[];
  /** Half the scrapped wrecks' value and mines, every fraction kept (UTD6.3F). */
  refund: string;
  /** Pre-spent order points: towed wrecks, plus one per fleet that scrapped any. */
  towOps: number;
  scrapOps: number;
}

/** Folds the event in; like applyEvent it checks no rule. The caller drops emptied fleets. */
export function applyRetreatWrecks(s: CampaignState, e: RetreatWrecksSettled): void {
  const at = s.retreats.findIndex((x) => x.id === e.retreatId);
  if (at < 0) throw new Error(`no retreat ${e.retreatId}`);
  // A retreat already moved and charged is a finished record (frozen, shared: finished.ts) until its wrecks add points.
  const r = ownRecord(s.retreats, at);
  r.towedWrecks = [...(r.towedWrecks ?? []), ...e.towed.map((x) => x.shipId)];
  r.wreckOps = (r.wreckOps ?? 0) + e.towOps + e.scrapOps;
  const gone = new Set(e.scrapped.map((x) => x.shipId));
  s.ships = s.ships.filter((x) => !gone.has(x.id));
  const p = playerById(s, e.playerId);
  p.bank = bpvToString(bpv(p.bank).add(e.refund));
}
