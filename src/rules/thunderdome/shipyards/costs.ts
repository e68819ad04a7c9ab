import { bpv, percentOf, roundHalfUp, type Bpv } from '../../exact/bpv.ts';
import type { CampaignState } from '../state.ts';

/**
 * The BPV and capacity formulas of the shipyard actions (UTD6.373–6.377). Amounts stay exact
 * decimals; only the charge of a whole line is rounded, as `cost.rounding` says (ISS-A03).
 * Capacities are sixtieths (MC 1/3 = 20).
 */

export type Rounding = 'perLine' | 'perShip' | 'none';

export interface CostSettings {
  overhaulPct: number;
  refitMinPct: number;
  conversionMinPct: number;
  inspectionPct: number;
  rounding: Rounding;
}

export function costSettings(state: CampaignState): CostSettings {
  const s = state.settings;
  const rounding = s['cost.rounding'];
  return {
    overhaulPct: s['cost.overhaulPct'],
    refitMinPct: s['cost.refitMinPct'],
    conversionMinPct: s['cost.conversionMinPct'],
    inspectionPct: s['cost.inspectionPct'],
    rounding: rounding === 'perShip' || rounding === 'none' ? rounding : 'perLine',
  };
}

/** UTD6.3743: overhaul costs a percentage (10 by the rule, 25 in the example, ISS-A01) of the original ship's BPV. */
export function overhaulCost(original: Bpv | string, pct: number): Bpv {
  return percentOf(bpv(original), pct);
}

/**
 * UTD6.3755: a refit costs the rise in BPV and is free if there is none; `cost_override` replaces
 * the difference. The printed example charges at least 10% of the original (ISS-A02, `cost.refitMinPct`).
 */
export function refitCost(from: Bpv | string, to: Bpv | string, minPct: number, override: string | null = null): Bpv {
  const rise = override !== null ? bpv(override) : atLeastZero(bpv(to).sub(from));
  return maxOf(rise, percentOf(bpv(from), minPct));
}

/** UTD6.3764: a conversion costs the rise in BPV or 25% of the original (`cost.conversionMinPct`), whichever is more. */
export function conversionCost(from: Bpv | string, to: Bpv | string, minPct: number): Bpv {
  return maxOf(bpv(to).sub(from), percentOf(bpv(from), minPct));
}

/** UTD6.3775: inspecting a captured ship costs 25% of its BPV (`cost.inspectionPct`). */
export function inspectionCost(original: Bpv | string, pct: number): Bpv {
  return percentOf(bpv(original), pct);
}

/** UTD6.3755: a refit uses half the ship's MC (a half sixtieth may remain). */
export function refitCapacity(mc: number): number {
  return mc / 2;
}

/** UTD6.3766: a conversion uses the larger MC of the ship before and after; with an overhaul no more (UTD6.3765). */
export function conversionCapacity(mcFrom: number, mcTo: number): number {
  return Math.max(mcFrom, mcTo);
}

/**
 * ISS-A03: what a line charges. `perLine` rounds the line's total half up (one sub-action on one
 * ship, or on the ships named in one command: 12.6 → 13 for two FF refits); `perShip` rounds each
 * ship's part; `none` keeps the exact decimal.
 */
export function chargeLine(parts: readonly Bpv[], rounding: Rounding): Bpv {
  if (rounding === 'none') return parts.reduce((a, b) => a.add(b), bpv(0));
  if (rounding === 'perShip') return parts.reduce((a, b) => a.add(roundHalfUp(b)), bpv(0));
  return roundHalfUp(parts.reduce((a, b) => a.add(b), bpv(0)));
}

function maxOf(a: Bpv, b: Bpv): Bpv {
  return a.gte(b) ? a : b;
}

function atLeastZero(x: Bpv): Bpv {
  return x.gt(0) ? x : bpv(0);
}
