import { bpv, type Bpv } from '../../exact/bpv.ts';
import type { UnitInfo } from '../units.ts';

/** UTD7.A2: the default share of a unit's campaign BPV that its free CO pool holds (setting `co.poolPct`). */
export const CO_POOL_PCT = 20;

/**
 * UTD7.A2: a unit's commander's-option pool is 20% of its campaign (economic) BPV with any
 * fraction rounded up, computed exactly: 101 → 21, 100 → 20, 133 → 27 (TC-110).
 */
export function coPool(unitBpv: Bpv | string | number, pct: number = CO_POOL_PCT): number {
  const share = bpv(unitBpv).mul(pct).div(100);
  return share.ceil().toNumber();
}

/**
 * UTD7.A: DefSats (and whatever the catalog marks so) receive no COs; their pool is 0. Medium
 * ground bases receive them only under `co.mediumGroundBaseEligible` (ISS-A124).
 */
export function unitCoPool(
  unit: Pick<UnitInfo, 'coEligible' | 'coEligibleWithMediumGb' | 'unitKind'>,
  unitBpv: Bpv | string,
  pct: number = CO_POOL_PCT,
  mediumGroundBaseEligible = false,
): number {
  const eligible =
    (mediumGroundBaseEligible ? unit.coEligibleWithMediumGb : undefined) ??
    unit.coEligible ??
    unit.unitKind !== 'defsat';
  return eligible ? coPool(unitBpv, pct) : 0;
}

/**
 * UTD7.A6: the attrition units of one squadron carried by one ship share one pool, 20% of their
 * combined BPV rounded up: not one pool per fighter, and not one per fleet (TC-111). Call it
 * once per carrying ship.
 */
export function squadronCoPool(fighterBpvs: readonly (Bpv | string | number)[], pct: number = CO_POOL_PCT): number {
  return coPool(
    fighterBpvs.reduce<Bpv>((sum, x) => sum.add(bpv(x)), bpv(0)),
    pct,
  );
}
