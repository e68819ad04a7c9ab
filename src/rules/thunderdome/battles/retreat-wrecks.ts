import { bpv, bpvToString } from '../../exact/bpv.ts';
import { towCapacity } from '../condition/towing.ts';
import { loseIfReceivedWithoutBank } from '../bank.ts';
import type { Decider } from '../decider.ts';
import { scrapRefund } from '../scrap-value.ts';
import type { RetreatObligation, Ship } from '../state.ts';

/**
 * ISS-A74 with UTD7.47 ("this rule must be observed for units that disengage … could require the
 * expenditure of even more order points") and UTD6.3E / 6.3G: the wrecks of fleets that must
 * retreat. In each fleet the ships that are not wrecked tow what their tractor beams allow
 * (`towCapacity`, the same count as a voluntary move); each towed wreck goes along and adds one
 * pre-spent order point. Wrecks beyond that are scrapped now for half their value (UTD6.3F), and
 * each fleet that scraps any adds one pre-spent scrap order point. When some but not all can be
 * towed, the most valuable wrecks are towed (higher ship BPV first, then id), as an owner would.
 *
 * Run when the retreat is first acted on: at the owner's next turn before its charge, or when
 * the fleets move, whichever comes first; at the move again for wrecks reported since. Wrecks
 * already towed by this retreat are not counted twice.
 */
export function settleRetreatWrecks(d: Decider, r: RetreatObligation): void {
  if (r.moved) return;
  const already = new Set(r.towedWrecks ?? []);
  const towed: Ship[] = [];
  const scrapped: Ship[] = [];
  let scrapOps = 0;
  for (const fleetId of r.fleetIds) {
    const fleet = d.state.fleets.find((f) => f.id === fleetId && f.sector === r.from);
    if (!fleet) continue;
    const ships = d.state.ships.filter((s) => s.fleetId === fleet.id);
    const wrecks = ships.filter((s) => s.wrecked);
    const fresh = wrecks.filter((s) => !already.has(s.id)).sort((a, b) => bpv(b.bpv).cmp(a.bpv) || byId(a.id, b.id));
    if (fresh.length === 0) continue;
    const room = Math.max(0, towCapacity(d.state, d.ctx.catalog, ships) - (wrecks.length - fresh.length));
    towed.push(...fresh.slice(0, room));
    const left = fresh.slice(room);
    scrapped.push(...left);
    if (left.length) scrapOps += 1;
  }
  if (towed.length + scrapped.length === 0) return;
  const line = (s: Ship) => ({ shipId: s.id, unitId: s.unitId, fleetId: s.fleetId! });
  d.emit({
    type: 'RetreatWrecksSettled',
    retreatId: r.id,
    playerId: r.playerId,
    towed: towed.map(line),
    scrapped: scrapped.map(line),
    refund: bpvToString(scrapRefund(scrapped, d.ctx.catalog)),
    towOps: towed.length,
    scrapOps,
  });
  loseIfReceivedWithoutBank(d, r.playerId);
}

/** Ids in creation order ("S9" before "S10"), independent of the locale. */
function byId(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

/** Pre-spent order points for wrecks that no RetreatsCharged has spent yet. */
export function wreckOpsDue(r: RetreatObligation): number {
  return (r.wreckOps ?? 0) - (r.wreckOpsCharged ?? 0);
}
