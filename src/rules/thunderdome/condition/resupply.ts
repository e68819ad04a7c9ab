import type { Decider } from '../decider.ts';
import type { Player } from '../state.ts';
import { attritionOf } from './attrition.ts';
import type { ShipCondition } from './types.ts';

/**
 * Step 3, RESUPPLY (UTD2.3(3)), at the start of the player's turn: every ship regains the
 * expendables it used, and every carrier and PF tender restocks its spare fighters and PFs for free
 * (UTD6.3B1). Fighters and PFs missing beyond the spares are not replaced (that is UTD6.3B2). A
 * captured ship not yet inspected gets no spares: its bays are fitted for the owner's fighters only
 * at inspection (UTD6.3771, 6.3773). Self-repair, the other half of step 3, is the owner's report
 * (`/ship selfrepair`, UTD7.53).
 */
export function resupplyStep(d: Decider, p: Player): void {
  const ships: {
    shipId: string;
    condition: ShipCondition;
    fighterSpares: number;
    pfSpares: number;
    expendables: number;
  }[] = [];
  for (const ship of d.state.ships.filter((s) => s.owner === p.id)) {
    const a = attritionOf(ship, d.ctx.catalog);
    const fighterSpares = ship.uninspected ? 0 : Math.max(0, a.full.fighterSpares - a.fighterSpares);
    const pfSpares = ship.uninspected ? 0 : Math.max(0, a.full.pfSpares - a.pfSpares);
    const expendables = ship.condition?.expended?.length ?? 0;
    if (fighterSpares + pfSpares + expendables === 0) continue;
    const { expended: _used, ...rest } = ship.condition ?? {};
    const condition: ShipCondition = { ...rest };
    if (fighterSpares) condition.fighterSpares = a.full.fighterSpares;
    if (pfSpares) condition.pfSpares = a.full.pfSpares;
    ships.push({ shipId: ship.id, condition, fighterSpares, pfSpares, expendables });
  }
  if (ships.length) d.emit({ type: 'ShipsResupplied', playerId: p.id, ships });
}
