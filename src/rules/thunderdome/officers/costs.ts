import { bpv, percentOf, type Bpv } from '../../exact/bpv.ts';
import type { Settings } from '../settings.ts';

/**
 * What officers and crews cost. The text defines neither price (ISS-A96, ISS-A97), so they are
 * settings: `lo.costModel` `fixed` (every assignment costs `lo.cost` BPV) or `pctOfShipBpv`
 * (`lo.cost` percent of the carrying ship's BPV), and `oc.cost` BPV for a crew.
 */
export function officerCost(settings: Settings, shipBpv: Bpv | string): Bpv {
  const value = settings['lo.cost'];
  return settings['lo.costModel'] === 'pctOfShipBpv' ? percentOf(bpv(shipBpv), value) : bpv(value);
}

export function crewCost(settings: Settings): Bpv {
  return bpv(settings['oc.cost']);
}

/**
 * UTD7.26A: moving an officer to a ship of BPV less than or equal to its ship's is free; to a
 * larger ship it costs the difference between the two assignments plus 10% of the receiving
 * ship's BPV, exact (TC-094: flat cost, 120 → 150 BPV, surcharge 15). Never negative.
 */
export function transferSurcharge(settings: Settings, fromShipBpv: Bpv | string, toShipBpv: Bpv | string): Bpv {
  if (bpv(toShipBpv).lte(fromShipBpv)) return bpv(0);
  const difference = officerCost(settings, toShipBpv).sub(officerCost(settings, fromShipBpv));
  const total = difference.add(percentOf(bpv(toShipBpv), 10));
  return total.gt(0) ? total : bpv(0);
}
