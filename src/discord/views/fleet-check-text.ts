import { bpv } from '../../rules/exact/bpv.ts';
import {
  FLEET_ROLES,
  type FleetCheck,
  type FleetRole,
  type FleetSystem,
  type FleetUnit,
} from '../../rules/fleet-size/index.ts';
import type { UnitInfo } from '../../rules/thunderdome/units.ts';
import { AID_COLUMN, aidColumn, type AidColumns } from '../../app/catalog-columns.ts';

/**
 * `/fleet check` (digest P-A2): a campaign fleet or battle fleet as the VBSF
 * fleet-size rules see it, built from the catalog. Values the catalog does not have are never
 * guessed: a value the system cannot do without stops the check and names the missing column;
 * one that only refines it is reported with its column and what was assumed.
 */
export const SYSTEM_NAME: Readonly<Record<FleetSystem, string>> = {
  bpv: 'BPV Capacity',
  bigships: 'Big Ships',
  fcp: 'Flexible Command',
};

export interface CheckSource {
  /** Ship, base or NPE force id. */
  id: string;
  unitId: string;
  info: UnitInfo | undefined;
}

export interface MissingColumn {
  column: string;
  /** "LYR-CA (S30)" … */
  units: string[];
  /** true: the check cannot be made without it; false: it only refines the check. */
  required: boolean;
  effect?: string;
}

/** How catalog unit kinds read as VBSF fleet roles when the catalog has no fleet_role column. */
const ROLE_BY_KIND: Readonly<Record<string, FleetRole>> = {
  warship: 'warship',
  monitor: 'warship',
  auxiliary: 'auxiliary',
  freighter: 'freighter',
  ground_base: 'ground_base',
  defsat: 'defsat',
  fighter: 'fighter',
  heavy_fighter: 'fighter',
  megafighter: 'fighter',
  pf: 'pf',
  shipyard: 'base',
  capital_lcd: 'base',
  base_large: 'base',
};

const label = (s: CheckSource) => `${s.unitId} (${s.id})`;

export interface CheckInput {
  units: FleetUnit[];
  missing: MissingColumn[];
}

/** The fleet as FleetUnits, with every catalog column the system needs and lacks. */
export function fleetUnitsFor(system: FleetSystem, sources: readonly CheckSource[], flagshipId: string): CheckInput {
  const gaps = new Map<string, MissingColumn>();
  const lack = (key: keyof AidColumns | 'unit_id', s: CheckSource, required: boolean, effect?: string) => {
    const column = key === 'unit_id' ? 'unit_id' : AID_COLUMN[key];
    const id = `${column}/${required}`;
    const gap = gaps.get(id) ?? { column, units: [], required, ...(effect ? { effect } : {}) };
    gap.units.push(label(s));
    gaps.set(id, gap);
  };
  const units = sources.map((s): FleetUnit => {
    const info = s.info;
    if (!info) {
      lack('unit_id', s, true);
      return { id: s.id, className: s.unitId, bpv: 0 };
    }
    const col = <K extends keyof AidColumns>(k: K) => aidColumn(info, k);
    const roleColumn = col('fleetRole');
    const role: FleetRole =
      roleColumn && (FLEET_ROLES as readonly string[]).includes(roleColumn)
        ? (roleColumn as FleetRole)
        : (ROLE_BY_KIND[info.unitKind] ?? 'warship');
    const combat = col('bpvCombat');
    const leader = col('leaderKind');
    const u: FleetUnit = {
      id: s.id,
      className: info.hullCode,
      bpv: combat ?? info.bpv,
      economicBpv: info.bpv,
      empire: info.empire,
      role,
      sizeClass: info.sizeClass,
      ...(info.groundBaseSize === 'small' || info.groundBaseSize === 'medium' || info.groundBaseSize === 'large'
        ? { groundBaseSize: info.groundBaseSize }
        : {}),
      ...optional('hullType', col('feHullType')),
      ...optional('commandRating', col('feCommandRating')),
      ...optional('flagBridgeBoxes', col('flagBridgeBoxes')),
      ...optional('fcpRow', col('fcpRow')),
      ...optional('fcp', col('fcpCost')),
      ...(leader === 'leader' || leader === 'command' ? { leader } : {}),
      ...optional('battlePods', col('battlePods')),
      ...optional('carriesSmallCraft', col('carriesSmallCraft')),
    };
    const flagship = s.id === flagshipId;
    const economic = role === 'scout' || role === 'auxiliary' || role === 'freighter';
    if (system === 'bpv') {
      if (flagship && u.commandRating === undefined && role !== 'planet') lack('feCommandRating', s, true);
      if (!economic && combat === undefined) lack('bpvCombat', s, true);
      if (role === 'warship' && u.hullType === undefined && info.sizeClass <= 4)
        lack('feHullType', s, false, 'no +50 hull bonus counted for it (the cap shown is a lower bound)');
      if (roleColumn === undefined && role === 'warship')
        lack('fleetRole', s, false, 'read from unit_kind, so a scout is charged as a warship');
    }
    if (system === 'bigships' && flagship && info.sizeClass === 1 && u.carriesSmallCraft === undefined)
      lack('carriesSmallCraft', s, false, "its consort's fighters and PFs were not checked");
    if (system === 'fcp') {
      if (flagship && u.commandRating === undefined) lack('feCommandRating', s, true);
      if (flagship && u.flagBridgeBoxes === undefined)
        lack('flagBridgeBoxes', s, false, 'the FCR counts no flag-bridge boxes (a lower bound)');
    }
    return u;
  });
  return { units, missing: [...gaps.values()] };
}

function optional<K extends keyof FleetUnit, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Partial<Record<K, V>>);
}

/** The flagship when none is named: the highest known F&E command rating, else the physically largest ship. */
export function chooseFlagship(units: readonly FleetUnit[]): { id: string; why: string } | null {
  const ships = units.filter((u) => u.role === undefined || u.role === 'warship' || u.role === 'scout');
  const pool = ships.length > 0 ? ships : units;
  if (pool.length === 0) return null;
  const rated = pool.filter((u) => u.commandRating !== undefined);
  if (rated.length > 0) {
    const best = [...rated].sort((a, b) => b.commandRating! - a.commandRating! || a.id.localeCompare(b.id))[0]!;
    return { id: best.id, why: `highest command rating, ${best.commandRating}` };
  }
  const econ = (u: FleetUnit) => bpv(u.economicBpv ?? u.bpv);
  const best = [...pool].sort(
    (a, b) => (a.sizeClass ?? 9) - (b.sizeClass ?? 9) || econ(b).cmp(econ(a)) || a.id.localeCompare(b.id),
  )[0]!;
  return { id: best.id, why: 'the largest ship' };
}

export function missingText(system: FleetSystem, title: string, missing: readonly MissingColumn[]): string {
  const required = missing.filter((m) => m.required);
  return [
    `⚠️ **${SYSTEM_NAME[system]} check of ${title} cannot be made**: the catalog lacks values it needs, and they are not guessed.`,
    ...required.map((m) =>
      m.column === 'unit_id'
        ? `• not in the catalog at all: ${m.units.join(', ')}`
        : `• column \`${m.column}\` has no value for ${m.units.join(', ')}`,
    ),
    '💡 Import a catalog with these optional columns filled in (issue 9 §4).',
  ].join('\n');
}

export function fleetCheckText(
  title: string,
  flagship: { id: string; why: string | null },
  r: FleetCheck,
  missing: readonly MissingColumn[],
): string {
  const unit = r.system === 'bpv' ? 'BPV' : r.system === 'fcp' ? 'FCP' : r.used === 1 ? 'ship' : 'ships';
  const lines = [
    `${r.ok ? '✅' : '❌'} **${SYSTEM_NAME[r.system]} check of ${title}**: ${r.used} ${unit} used of ${r.limit}. Flagship ${flagship.id}${flagship.why ? ` (${flagship.why}; name another with \`flagship:\`)` : ''}.`,
  ];
  if (r.limitBreakdown.length) lines.push(`Limit: ${r.limitBreakdown.join(', ')}.`);
  for (const l of r.lines) lines.push(`• ${l.className} (${l.id}): ${l.cost}${l.note ? ` — ${l.note}` : ''}`);
  lines.push(...r.problems.map((p) => `❌ ${p}`));
  lines.push(...r.warnings.map((w) => `⚠️ ${w}`));
  for (const m of missing.filter((x) => !x.required))
    lines.push(`⚠️ Column \`${m.column}\` has no value for ${m.units.join(', ')}: ${m.effect ?? 'not used'}.`);
  return lines.join('\n');
}
