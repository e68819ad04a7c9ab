import type { Player } from '../state.ts';
import { refuse } from '../../errors.ts';
import { bpv, bpvToString } from '../../exact/bpv.ts';
import type { Decider } from '../decider.ts';
import { sectorLabel } from '../lookup.ts';
import { ownFleet, spend } from '../orders.ts';
import type { Ship } from '../state.ts';
import { attritionOf, checkFleetAfter } from './attrition.ts';
import type { ShipCondition } from './types.ts';

/**
 * UTD6.3B2 FAST REPLACEMENT: one order point, for every ship of one fleet, buys back every fighter
 * and PF missing from its normal stores, aboard and spare alike ("if the player pays to replace all
 * attrition units, the spares are also refilled"), each at its catalog BPV. Free in a sector with
 * the player's capital or one of the player's shipyards. Captured ships not yet inspected are left
 * out: their bays take the owner's fighters only once inspected (UTD6.3771, 6.3773).
 */
export function replaceAttrition(d: Decider, fleetRef: string, p: Player): void {
  const turn = d.state.turn!;
  const f = ownFleet(d, p, fleetRef);
  const catalog = d.ctx.catalog;
  const inFleet = d.state.ships.filter((s) => s.fleetId === f.id);
  const lines: { ship: Ship; condition: ShipCondition; fighters: number; pfs: number }[] = [];
  let cost = bpv(0);
  for (const ship of inFleet.filter((s) => !s.uninspected)) {
    const a = attritionOf(ship, catalog);
    const fighters = a.full.fighters - a.fighters + (a.full.fighterSpares - a.fighterSpares);
    const pfs = a.full.pfs - a.pfs + (a.full.pfSpares - a.pfSpares);
    if (fighters + pfs <= 0) continue;
    const unit = catalog.get(ship.unitId);
    const price = (typeId: string | null | undefined, what: string) => {
      const type = typeId ? catalog.get(typeId) : undefined;
      if (!type)
        refuse(
          'attrition/no-type',
          'UTD6.3B2',
          `The catalog names no ${what} type for ${ship.unitId}, so the replacements cannot be priced.`,
          'Ask the campaign admin to fill `fighter_type_id` / `pf_type_id`.',
        );
      return bpv(type.bpv);
    };
    if (fighters > 0) cost = cost.add(price(unit?.fighterTypeId, 'fighter').mul(fighters));
    if (pfs > 0) cost = cost.add(price(unit?.pfTypeId, 'PF').mul(pfs));
    lines.push({
      ship,
      condition: {
        ...ship.condition,
        fighters: a.full.fighters,
        fighterSpares: a.full.fighterSpares,
        pfs: a.full.pfs,
        pfSpares: a.full.pfSpares,
      },
      fighters,
      pfs,
    });
  }
  if (lines.length === 0) {
    const skipped = inFleet.some(
      (s) => s.uninspected && (attritionOf(s, catalog).full.fighters > 0 || attritionOf(s, catalog).full.pfs > 0),
    );
    refuse(
      'attrition/nothing-missing',
      'UTD6.3B2',
      `No ship of fleet ${f.slot} is missing fighters or PFs${skipped ? ' (captured ships not yet inspected cannot take yours, UTD6.3773)' : ''}.`,
    );
  }
  checkFleetAfter(d.state, f.id, new Map(lines.map((x) => [x.ship.id, x.condition])), catalog, 'UTD6.3B2');
  const yardHere = d.state.bases.find(
    (b) => b.owner === p.id && b.sector === f.sector && !b.pending && (b.role === 'capital' || b.role === 'shipyard'),
  );
  const freeBy = yardHere
    ? `${yardHere.role === 'capital' ? 'the capital' : `shipyard ${yardHere.id}`} in ${sectorLabel(d.state, f.sector)}`
    : null;
  const opCost = freeBy ? 0 : 1;
  spend(turn, opCost, 'Replacing fighters and PFs', 'UTD6.3B2');
  if (cost.gt(p.bank))
    refuse(
      'bank/insufficient',
      'UTD6.3B2',
      `Replacing the fighters and PFs of fleet ${f.slot} costs ${bpvToString(cost)} BPV; your bank holds ${p.bank}.`,
      'Spares restock for free at your step 3 (UTD6.3B1).',
    );
  d.emit({
    type: 'AttritionReplaced',
    playerId: p.id,
    fleetId: f.id,
    ships: lines.map((x) => ({ shipId: x.ship.id, condition: x.condition, fighters: x.fighters, pfs: x.pfs })),
    opCost,
    freeBy,
    cost: bpvToString(cost),
  });
}
