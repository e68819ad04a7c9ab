import { bpv, parseBpv, ZERO } from '../exact/bpv.ts';
import type { Bpv } from '../exact/bpv.ts';
import { refuse } from '../errors.ts';
import { countOf, roleOf, validateFleet } from './fleet.ts';
import type { BpvCapacityOptions, FleetCheck, FleetCheckLine, FleetUnit } from './types.ts';
import { CIVILIAN_ROLES, FIXED_ROLES, MOBILE_WARSHIP_ROLES } from './types.ts';

/**
 * VBSF "BPV Capacity" (digest A.2.11; assets/tables/vbsf/vbsf_bpv_capacity.csv): the flagship's
 * command rating and the year give a BPV cap, raised by 50 for each further base hull type of
 * size class 4 or larger among the fleet's mobile warships. The published chart is used, not the
 * formula in the page's hidden comment, which does not reproduce it (V10).
 */
export const BPV_RULE = 'VBSF BPV Capacity';

export type BpvEra = 'upto_Y120' | 'Y120_to_Y180' | 'after_Y180';

export const BPV_CAPACITY_CHART: Readonly<Record<number, Readonly<Record<BpvEra, number>>>> = {
  10: { upto_Y120: 1200, Y120_to_Y180: 1700, after_Y180: 1700 },
  9: { upto_Y120: 1100, Y120_to_Y180: 1400, after_Y180: 1400 },
  8: { upto_Y120: 1000, Y120_to_Y180: 1000, after_Y180: 1200 },
  7: { upto_Y120: 800, Y120_to_Y180: 800, after_Y180: 1200 },
  6: { upto_Y120: 400, Y120_to_Y180: 800, after_Y180: 1200 },
  5: { upto_Y120: 300, Y120_to_Y180: 500, after_Y180: 700 },
  4: { upto_Y120: 250, Y120_to_Y180: 350, after_Y180: 500 },
  3: { upto_Y120: 175, Y120_to_Y180: 250, after_Y180: 300 },
};

export const MIN_CHART_CR = 3;
export const MAX_CHART_CR = 10;
export const HULL_BONUS = 50;
export const WEB_BPV_PER_HEX = 5;
/** An inhabited planet with some EPs activated, when nothing better is present. */
export const PLANET_FLAG_CR = 3;

/** The chart's columns overlap at Y120 and Y180 (V9): before 120, 120 to 180 inclusive, after 180. */
export function bpvEra(year: number): BpvEra {
  if (year < 120) return 'upto_Y120';
  return year <= 180 ? 'Y120_to_Y180' : 'after_Y180';
}

const ERA_LABEL: Record<BpvEra, string> = {
  upto_Y120: 'before Y120',
  Y120_to_Y180: 'Y120–180',
  after_Y180: 'after Y180',
};

function amount(value: number | string, unit: FleetUnit, what: string): Bpv {
  const parsed = typeof value === 'number' ? (Number.isFinite(value) ? bpv(value) : null) : parseBpv(value);
  if (parsed === null || parsed.isNegative())
    refuse('fleet/bad-bpv', BPV_RULE, `${unit.id}: ${what} must be a number, 0 or more (got ${String(value)}).`);
  return parsed;
}

/** Scouts and civilian ships (freighters, auxiliaries) are charged their economic BPV; everything else its combat BPV. */
function chargedBpv(unit: FleetUnit): { value: Bpv; note: string } {
  const role = roleOf(unit);
  const economic = role === 'scout' || CIVILIAN_ROLES.includes(role);
  const each = economic
    ? amount(unit.economicBpv ?? unit.bpv, unit, 'economic BPV')
    : amount(unit.bpv, unit, 'combat BPV');
  const n = countOf(unit);
  return { value: each.mul(n), note: `${economic ? 'economic' : 'combat'} BPV${n > 1 ? ` × ${n}` : ''}` };
}

export function checkBpvCapacity(fleet: readonly FleetUnit[], options: BpvCapacityOptions): FleetCheck {
  const flagship = validateFleet(fleet, options.flagshipId);
  if (!Number.isFinite(options.year) || options.year <= 0)
    refuse('fleet/bad-year', BPV_RULE, `The campaign year must be a positive number (got ${options.year}).`);
  const web = options.prelaidWebHexes ?? 0;
  if (!Number.isInteger(web) || web < 0)
    refuse('fleet/bad-web', BPV_RULE, `Pre-laid web must be a whole number of hexes (got ${web}).`);

  const problems: string[] = [];
  const warnings: string[] = [];
  const limitBreakdown: string[] = [];

  const flagCr = flagship.commandRating ?? (roleOf(flagship) === 'planet' ? PLANET_FLAG_CR : undefined);
  let limit = 0;
  if (flagCr === undefined) {
    problems.push(
      `${BPV_RULE}: the flagship ${flagship.className} (${flagship.id}) has no F&E command rating, so its BPV capacity is unknown.`,
    );
  } else if (flagCr < MIN_CHART_CR) {
    problems.push(
      `${BPV_RULE}: the chart starts at command rating ${MIN_CHART_CR}; ${flagship.className} has ${flagCr} and cannot command a fleet.`,
    );
  } else {
    const cr = Math.min(flagCr, MAX_CHART_CR);
    if (flagCr > MAX_CHART_CR)
      warnings.push(`Command rating ${flagCr} is above the chart; the CR ${MAX_CHART_CR} row is used.`);
    const era = bpvEra(options.year);
    limit = BPV_CAPACITY_CHART[cr]![era];
    limitBreakdown.push(`CR ${cr}, ${ERA_LABEL[era]}: ${limit}`);

    // Distinct base hulls of size class 4 or larger (SC ≤ 4) among mobile warships, other than the flagship's own.
    const flagHull = flagship.hullType?.trim().toUpperCase();
    if (flagHull === undefined && roleOf(flagship) !== 'planet')
      warnings.push(
        `The flagship ${flagship.className} has no F&E hull type: every other hull type counts for the bonus.`,
      );
    const hulls = new Set<string>();
    for (const u of fleet) {
      if (!MOBILE_WARSHIP_ROLES.includes(roleOf(u))) continue;
      if (u.sizeClass === undefined || u.hullType === undefined) {
        if (u !== flagship)
          warnings.push(
            `${u.className} (${u.id}) has no ${u.sizeClass === undefined ? 'size class' : 'F&E hull type'}: it gives no hull bonus.`,
          );
        continue;
      }
      const hull = u.hullType.trim().toUpperCase();
      if (u.sizeClass <= 4 && hull !== flagHull) hulls.add(hull);
    }
    for (const hull of [...hulls].sort()) {
      limit += HULL_BONUS;
      limitBreakdown.push(`+${HULL_BONUS} ${hull} hull`);
    }
  }

  const lines: FleetCheckLine[] = [];
  const charged: Bpv[] = [];
  let used = ZERO;
  for (const u of fleet) {
    const { value, note } = chargedBpv(u);
    charged.push(value);
    used = used.add(value);
    lines.push({ id: u.id, className: u.className, cost: value.toNumber(), note });
  }
  if (web > 0) {
    const webBpv = bpv(web * WEB_BPV_PER_HEX);
    used = used.add(webBpv);
    lines.push({
      id: 'web',
      className: 'pre-laid web',
      cost: webBpv.toNumber(),
      note: `${web} hexes × ${WEB_BPV_PER_HEX}`,
    });
  }

  if (flagCr !== undefined && flagCr >= MIN_CHART_CR && used.gt(limit)) {
    const fixed = fleet.filter((u) => FIXED_ROLES.includes(roleOf(u))).map((u) => u.id);
    problems.push(
      `${BPV_RULE}: the fleet is ${used.toFixed()} BPV but the cap is ${limit}, ${used.sub(limit).toFixed()} over. The flagship's owner removes units of their choice` +
        (fixed.length > 0
          ? `; fixed units that do not fit (${fixed.join(', ')}) become inactive (D18.1) instead.`
          : '.'),
    );
  }

  // Mixed-empire fleets: the empire providing the flagship supplies at least half the BPV.
  if (flagship.empire !== undefined && fleet.some((u) => u.empire !== undefined && u.empire !== flagship.empire)) {
    // Units without an empire, and pre-laid web, are counted as the flagship's.
    const others = fleet.reduce(
      (sum, u, i) => (u.empire !== undefined && u.empire !== flagship.empire ? sum.add(charged[i]!) : sum),
      ZERO,
    );
    const own = used.sub(others);
    if (own.mul(2).lt(used)) {
      problems.push(
        `${BPV_RULE}: in a mixed-empire fleet the flagship's empire (${flagship.empire}) must supply at least 50% of the BPV; it supplies ${own.toFixed()} of ${used.toFixed()}.`,
      );
    }
  }

  return {
    system: 'bpv',
    ok: problems.length === 0,
    limit,
    used: used.toNumber(),
    problems,
    warnings,
    limitBreakdown,
    lines,
  };
}
