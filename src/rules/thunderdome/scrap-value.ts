import { bpv, type Bpv } from '../exact/bpv.ts';
import { attritionOf } from './condition/attrition.ts';
import { carriedMines } from './officers/mines.ts';
import type { Ship } from './state.ts';
import type { UnitCatalog } from './units.ts';

/**
 * The BPV of the fighters and PFs a ship carries, aboard and in stores, at their catalog price
 * (UTD6.3F, 6.3I6: a carrier is scrapped with its attrition units). A type the catalog does not
 * price counts nothing.
 */
export function attritionValue(ship: Ship, catalog: UnitCatalog): Bpv {
  const unit = catalog.get(ship.unitId);
  const a = attritionOf(ship, catalog);
  const price = (typeId: string | null | undefined) => bpv((typeId ? catalog.get(typeId)?.bpv : null) ?? '0');
  return price(unit?.fighterTypeId)
    .mul(a.fighters + a.fighterSpares)
    .add(price(unit?.pfTypeId).mul(a.pfs + a.pfSpares));
}

/**
 * What scrapping ships returns to the bank (UTD6.3F, 6.3I6 with ISS-A38): half of each ship's
 * value (`value`, by default what was paid for it), of the fighters and PFs it carries and of the
 * BPV-bought extra COs aboard (its mines, UTD8.253); every fraction kept. Extra drones bought at
 * build or refit are already in the ship's BPV (UTD7.A81). The free CO pool is never refunded.
 */
export function scrapRefund(
  ships: readonly Ship[],
  catalog: UnitCatalog,
  value: (ship: Ship) => Bpv = (s) => bpv(s.bpv),
): Bpv {
  return ships
    .reduce((sum, s) => sum.add(value(s)).add(attritionValue(s, catalog)).add(carriedMines(s)), bpv(0))
    .div(2);
}
