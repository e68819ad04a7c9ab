import { countOf, roleOf, sameCode, validateFleet } from './fleet.ts';
import type { FleetCheck, FleetCheckLine, FleetUnit, FlexibleCommandOptions } from './types.ts';
import { SMALL_CRAFT_ROLES } from './types.ts';

/**
 * VBSF "Flexible Command" (digest A.2.13; assets/tables/vbsf/vbsf_fcp_chart.csv and
 * vbsf_fcr_modifiers.csv). The flagship's Flexible Command Rating, 4 × its F&E command rating
 * plus modifiers, caps the Flexible Command Points of everything else in the battle.
 *
 * Costs are counted in half points internally: fighters and web come in halves.
 */
export const FCP_RULE = 'VBSF Flexible Command';

export interface FcpChartRow {
  readonly row: number;
  readonly classes: readonly string[];
  /** Cost in half points; null = N/A (not allowed). */
  readonly halves: number | null;
  /** Group rows: how many units one group holds (before racial exceptions). */
  readonly per?: number;
}

export const FCP_CHART: readonly FcpChartRow[] = [
  { row: 1, classes: ['BB', 'SB', 'DN'], halves: null },
  { row: 2, classes: ['Super-Heavy Cruiser'], halves: 30 },
  { row: 3, classes: ['BCH'], halves: 28 },
  { row: 4, classes: ['CC', 'CCH', 'BATS'], halves: 24 },
  { row: 5, classes: ['CA', 'NCA', 'CWH', 'HCW', 'CF', 'MON'], halves: 20 },
  { row: 6, classes: ['CW', 'CWL'], halves: 18 },
  { row: 7, classes: ['CL', 'CLC', 'BS', 'F-H'], halves: 16 },
  { row: 8, classes: ['DW', 'DWL', 'HDW', 'MB', 'F-OL'], halves: 14 },
  { row: 9, classes: ['DD', 'DDL', 'F-L', 'SAM'], halves: 12 },
  { row: 10, classes: ['FF', 'FFL', 'FH', 'FLG', 'CPL'], halves: 10 },
  { row: 11, classes: ['POL', 'F-S'], halves: 8 },
  { row: 12, classes: ['Battle Pod'], halves: 4 },
  { row: 13, classes: ['PF/INT/Bomber group'], halves: 2, per: 6 },
  { row: 14, classes: ['Fighter group'], halves: 1, per: 12 },
  { row: 15, classes: ['DefSat group'], halves: 2, per: 5 },
  { row: 16, classes: ['Web'], halves: 1, per: 12 },
  { row: 17, classes: ['Small/Medium ground base group'], halves: 2, per: 3 },
  { row: 18, classes: ['Large ground base'], halves: null },
];

const BATTLE_POD_ROW = 12;
const PF_ROW = 13;
const FIGHTER_ROW = 14;
const WEB_ROW = 16;
/** "Auxiliary" freighters pay 2 more (chart row 19); WYN ships do not. */
const AUXILIARY_PENALTY = 4;
/** Battleships as flagships cost 4; every other flagship is free. */
const BATTLESHIP_FLAGSHIP = 8;

export const FCR_MODIFIERS = {
  perCommandRating: 4,
  flagBridgeBox: 1,
  legendaryCaptain: 3,
  outstandingCrew: 2,
  poorCrew: -5,
} as const;

function chartRow(row: number): FcpChartRow | undefined {
  return FCP_CHART.find((r) => r.row === row);
}

function isEmpire(unit: FleetUnit, ...names: string[]): boolean {
  return names.some((n) => sameCode(unit.empire, n));
}

/** Which chart row prices the unit: its own fcp_row, its role, then its hull type or class code. */
export function fcpRowOf(unit: FleetUnit): number | null {
  if (unit.fcpRow !== undefined) return chartRow(unit.fcpRow) ? unit.fcpRow : null;
  switch (roleOf(unit)) {
    case 'fighter':
      return FIGHTER_ROW;
    case 'pf':
    case 'interceptor':
    case 'bomber':
      return PF_ROW;
    case 'defsat':
      return 15;
    case 'ground_base':
      return unit.groundBaseSize === 'large' ? 18 : 17;
    default:
      break;
  }
  for (const code of [unit.hullType, unit.className]) {
    const hit = FCP_CHART.find((r) => r.row <= 11 && r.classes.some((c) => sameCode(code, c)));
    if (hit) return hit.row;
  }
  return null;
}

/** Units per group: Lyran PFs and interceptors 9 (not bombers), Hydran fighters 18. */
function groupSize(row: number, unit: FleetUnit): number {
  if (row === PF_ROW && isEmpire(unit, 'LYR', 'Lyran') && roleOf(unit) !== 'bomber') return 9;
  if (row === FIGHTER_ROW && isEmpire(unit, 'HYD', 'Hydran')) return 18;
  return chartRow(row)!.per!;
}

/** The k-th unit of a row (k = 0, 1, 2 …) pays k more: 1 point each, half a point for fighter groups. */
function duplicateStep(row: number): number {
  return row === FIGHTER_ROW ? 1 : 2;
}

const fmt = (halves: number): string => String(halves / 2);

export function flexibleCommandRating(
  cr: number,
  flagBridgeBoxes: number,
  options: Pick<FlexibleCommandOptions, 'legendaryCaptain' | 'crew'>,
): number {
  const m = FCR_MODIFIERS;
  return (
    m.perCommandRating * cr +
    m.flagBridgeBox * flagBridgeBoxes +
    (options.legendaryCaptain ? m.legendaryCaptain : 0) +
    (options.crew === 'outstanding' ? m.outstandingCrew : options.crew === 'poor' ? m.poorCrew : 0)
  );
}

interface Charge {
  line: FleetCheckLine;
  halves: number;
  /** Who pays, for the mixed-empire test: [empire or undefined, share in halves]. */
  shares: [string | undefined, number][];
}

export function checkFlexibleCommand(fleet: readonly FleetUnit[], options: FlexibleCommandOptions): FleetCheck {
  const flagship = validateFleet(fleet, options.flagshipId);
  const problems: string[] = [];
  const warnings: string[] = [];
  const charges: Charge[] = [];
  const byId = new Map(fleet.map((u) => [u.id, u]));
  const rowCount = new Map<number, number>();
  const nextDuplicate = (row: number): number => {
    const k = rowCount.get(row) ?? 0;
    rowCount.set(row, k + 1);
    return k * duplicateStep(row);
  };

  // Flagship: free, except a battleship. It is not counted for duplicate increments either (house
  // reading: the text prices "all other ships"), and never pays the missing-squadron penalty.
  const bb = sameCode(flagship.hullType, 'BB') || sameCode(flagship.className, 'BB');
  charges.push({
    line: {
      id: flagship.id,
      className: flagship.className,
      cost: bb ? BATTLESHIP_FLAGSHIP / 2 : 0,
      note: bb ? 'battleship flagship' : 'flagship',
    },
    halves: bb ? BATTLESHIP_FLAGSHIP : 0,
    shares: [[flagship.empire, bb ? BATTLESHIP_FLAGSHIP : 0]],
  });

  // Squadrons: a leader in command of two other ships of its size. Its members pay no duplicate increment;
  // by the recommended reading the whole trio leaves the row count. Leaders without a full squadron pay +2, +4, +6 …
  const inSquadron = new Set<string>();
  const fullLeaders = new Set<string>();
  for (const u of fleet) {
    if (u.leader === undefined || u.squadron === undefined) continue;
    const members = u.squadron.map((id) => byId.get(id));
    const bad = (why: string): void => {
      problems.push(`${FCP_RULE}: ${u.className} (${u.id}) cannot command that squadron: ${why}.`);
    };
    if (u.squadron.length !== 2) {
      bad(`a squadron is the leader and exactly two ships (${u.squadron.length} named)`);
      continue;
    }
    if (new Set(u.squadron).size !== 2 || u.squadron.includes(u.id)) {
      bad('the two ships must be two different ships other than the leader');
      continue;
    }
    const missing = u.squadron.filter((_, i) => members[i] === undefined);
    if (missing.length > 0) {
      bad(`${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not in the fleet`);
      continue;
    }
    const taken = u.squadron.filter((id) => inSquadron.has(id));
    if (taken.length > 0 || inSquadron.has(u.id)) {
      bad(
        `${[...taken, ...(inSquadron.has(u.id) ? [u.id] : [])].join(', ')} already belong${taken.length === 1 ? 's' : ''} to another squadron`,
      );
      continue;
    }
    const notShips = members.filter((m) => SMALL_CRAFT_ROLES.includes(roleOf(m!)));
    if (notShips.length > 0) {
      bad('fighters and PFs are not squadron ships');
      continue;
    }
    const wrongSize = members.filter(
      (m) => u.sizeClass !== undefined && m!.sizeClass !== undefined && m!.sizeClass !== u.sizeClass,
    );
    if (wrongSize.length > 0) {
      bad(
        `${wrongSize.map((m) => m!.id).join(', ')} ${wrongSize.length === 1 ? 'is' : 'are'} not of its size class (${u.sizeClass})`,
      );
      continue;
    }
    if (u.sizeClass === undefined || members.some((m) => m!.sizeClass === undefined))
      warnings.push(`Squadron of ${u.id}: size classes unknown, so "ships of its size" was not checked.`);
    fullLeaders.add(u.id);
    inSquadron.add(u.id);
    for (const id of u.squadron) inSquadron.add(id);
  }

  let leaderPenalties = 0;
  const pools = new Map<
    string,
    { row: number; size: number; total: number; units: { unit: FleetUnit; n: number }[] }
  >();

  for (const u of fleet) {
    if (u === flagship) continue;
    const role = roleOf(u);
    const row = fcpRowOf(u);
    const n = countOf(u);

    const chartGroup = row !== null && chartRow(row)?.per !== undefined;
    if (chartGroup && u.fcp === undefined) {
      const size = groupSize(row, u);
      const key = `${row}/${size}`;
      const pool = pools.get(key) ?? { row, size, total: 0, units: [] };
      pool.total += n;
      pool.units.push({ unit: u, n });
      pools.set(key, pool);
      continue;
    }

    let base: number;
    const notes: string[] = [];
    if (u.fcp !== undefined) {
      if (!Number.isFinite(u.fcp) || u.fcp < 0 || !Number.isInteger(u.fcp * 2)) {
        problems.push(`${FCP_RULE}: ${u.id}'s FCP override must be a multiple of ½, 0 or more (got ${u.fcp}).`);
        continue;
      }
      base = u.fcp * 2;
      notes.push(`GM cost ${u.fcp}`);
      if (row === null)
        warnings.push(
          `${u.className} (${u.id}) has a GM cost but no chart row, so no duplicate increment applies to it.`,
        );
    } else if (row === null) {
      problems.push(
        `${FCP_RULE}: ${u.className} (${u.id}) matches no row of the FCP chart; give it an fcp_row or a GM cost.`,
      );
      continue;
    } else {
      const chart = chartRow(row)!;
      if (chart.halves === null) {
        problems.push(
          `${FCP_RULE}: ${u.className} (${u.id}) is on chart row ${row} (${chart.classes.join(', ')}), which has no FCP cost: it may not join the fleet except as its flagship, unless the GM sets a cost.`,
        );
        continue;
      }
      base = chart.halves;
      notes.push(`row ${row}: ${fmt(base)}`);
    }

    for (let i = 0; i < n; i++) {
      let halves = base;
      const why = [...notes];
      if (role === 'auxiliary' && !isEmpire(u, 'WYN')) {
        halves += AUXILIARY_PENALTY;
        why.push(`auxiliary +${fmt(AUXILIARY_PENALTY)}`);
      }
      // Freighters neither pay nor count for duplicates; auxiliaries do.
      if (row !== null && role !== 'freighter' && !inSquadron.has(u.id)) {
        const dup = nextDuplicate(row);
        if (dup > 0) {
          halves += dup;
          why.push(`duplicate +${fmt(dup)}`);
        }
      }
      if (inSquadron.has(u.id)) why.push('squadron: no duplicate increment');
      if (u.leader === 'leader' && !fullLeaders.has(u.id)) {
        leaderPenalties++;
        halves += 4 * leaderPenalties;
        why.push(`leader without a full squadron +${2 * leaderPenalties}`);
      }
      for (let p = 0; p < (u.battlePods ?? 0); p++) {
        const pod = chartRow(BATTLE_POD_ROW)!.halves! + nextDuplicate(BATTLE_POD_ROW);
        halves += pod;
        why.push(`battle pod +${fmt(pod)}`);
      }
      charges.push({
        line: { id: u.id, className: u.className, cost: halves / 2, note: why.join(', ') },
        halves,
        shares: [[u.empire, halves]],
      });
    }
  }

  const web = options.webHexes ?? 0;
  if (!Number.isInteger(web) || web < 0)
    problems.push(`${FCP_RULE}: web must be a whole number of hexes (got ${web}).`);
  else if (web > 0) pools.set(`${WEB_ROW}/12`, { row: WEB_ROW, size: 12, total: web, units: [] });

  for (const pool of [...pools.values()].sort((a, b) => a.row - b.row)) {
    const chart = chartRow(pool.row)!;
    const groups = Math.ceil(pool.total / pool.size);
    let halves = 0;
    let note: string;
    if (pool.row === PF_ROW && options.pfLiteralExample) {
      // The text's example: "10 PFs … the first six cost 1 each and the other four cost 2 each".
      for (let i = 0; i < pool.total; i++) halves += chart.halves! + 2 * Math.floor(i / pool.size);
      note = `${pool.total} counted one by one (literal example, V6)`;
    } else {
      const each: number[] = [];
      for (let g = 0; g < groups; g++) each.push(chart.halves! + nextDuplicate(pool.row));
      halves = each.reduce((a, b) => a + b, 0);
      note = `${pool.total} in ${groups} group${groups === 1 ? '' : 's'} of up to ${pool.size}: ${each.map(fmt).join(' + ')}`;
    }
    const ids = pool.units.length > 0 ? pool.units.map((p) => p.unit.id).join(', ') : 'web';
    const shares: [string | undefined, number][] =
      pool.units.length > 0
        ? pool.units.map((p) => [p.unit.empire, (halves * p.n) / pool.total])
        : [[flagship.empire, halves]];
    charges.push({ line: { id: ids, className: chart.classes[0]!, cost: halves / 2, note }, halves, shares });
  }
  const usedHalves = charges.reduce((s, c) => s + c.halves, 0);
  const cr = flagship.commandRating;
  let limit = 0;
  const limitBreakdown: string[] = [];
  if (cr === undefined) {
    problems.push(
      `${FCP_RULE}: the flagship ${flagship.className} (${flagship.id}) has no F&E command rating, so its FCR is unknown.`,
    );
  } else {
    const boxes = options.flagBridgeBoxes ?? flagship.flagBridgeBoxes;
    if (boxes === undefined) warnings.push(`The flagship's flag-bridge boxes are unknown; counted as 0.`);
    limit = flexibleCommandRating(cr, boxes ?? 0, options);
    limitBreakdown.push(`4 × CR ${cr} = ${4 * cr}`);
    if (boxes) limitBreakdown.push(`+${boxes} flag bridge`);
    if (options.legendaryCaptain) limitBreakdown.push('+3 legendary captain');
    if (options.crew === 'outstanding') limitBreakdown.push('+2 outstanding crew');
    if (options.crew === 'poor') limitBreakdown.push('−5 poor crew');
    if (usedHalves > 2 * limit)
      problems.push(
        `${FCP_RULE}: the fleet costs ${fmt(usedHalves)} FCP but ${flagship.className}'s FCR is ${limit}, ${fmt(usedHalves - 2 * limit)} over.`,
      );
  }

  // Mixed-empire fleets: at least half the FCP cost from the flagship's race.
  if (flagship.empire !== undefined && fleet.some((u) => u.empire !== undefined && u.empire !== flagship.empire)) {
    const others = charges
      .flatMap((c) => c.shares)
      .reduce((s, [e, h]) => (e !== undefined && e !== flagship.empire ? s + h : s), 0);
    if (2 * (usedHalves - others) < usedHalves) {
      problems.push(
        `${FCP_RULE}: in a mixed-empire fleet at least 50% of the FCP cost must be ${flagship.empire} ships; ${fmt(usedHalves - others)} of ${fmt(usedHalves)} is.`,
      );
    }
  }

  return {
    system: 'fcp',
    ok: problems.length === 0,
    limit,
    used: usedHalves / 2,
    problems,
    warnings,
    limitBreakdown,
    lines: charges.map((c) => c.line),
  };
}
