import { bpv } from '../../exact/bpv.ts';
import { refuse } from '../../errors.ts';
import {
  checkFleet,
  FLEET_ROLES,
  FLEET_SYSTEMS,
  type FleetCheck,
  type FleetRole,
  type FleetSystem,
  type FleetUnit,
} from '../../fleet-size/index.ts';
import { AID_COLUMN, aidColumn, type AidColumns } from '../aid-columns.ts';
import { yearValueTimesTwo } from '../calendar.ts';
import type { Decider } from '../decider.ts';
import type { CampaignState } from '../state.ts';
import type { UnitCatalog, UnitInfo } from '../units.ts';
import { unitName } from './common.ts';

/**
 * The VBSF fleet-size systems (research digest A.2.11–A.2.13) read from the catalog: the battle
 * fleet as `FleetUnit`s, with every catalog column a system needs and lacks (never guessed), for
 * `/fleet check` (advice) and, when the campaign setting `fleet.sizeLimit` names a system, as a
 * binding limit on every battle fleet (`enforceFleetSize`).
 */

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

/** Where each system is given (digest part A); refusals cite it. */
export const FLEET_SIZE_RULE: Readonly<Record<FleetSystem, string>> = {
  bpv: 'VBSF BPV Capacity (A.2.11)',
  bigships: 'VBSF Big Ships (A.2.12)',
  fcp: 'VBSF Flexible Command (A.2.13)',
};

/** The campaign's binding fleet-size system, or null when `fleet.sizeLimit` is `none` (advice only). */
export function bindingFleetSystem(state: CampaignState): FleetSystem | null {
  const v = state.settings['fleet.sizeLimit'];
  return (FLEET_SYSTEMS as readonly string[]).includes(v) ? (v as FleetSystem) : null;
}

/** The catalog entry of a ship, base or NPE force unit of the campaign. */
export function checkSourcesOf(state: CampaignState, catalog: UnitCatalog, ids: readonly string[]): CheckSource[] {
  return ids.map((id) => {
    const unitId =
      state.ships.find((s) => s.id === id)?.unitId ??
      state.bases.find((b) => b.id === id)?.unitId ??
      state.battles.flatMap((b) => b.npe?.force ?? []).find((f) => f.id === id)?.unitId ??
      id;
    return { id, unitId, info: catalog.get(unitId) };
  });
}

/** One system's check of `units` under `flagshipId`, with the campaign's year (A.2.11) and no extras. */
export function runFleetCheck(
  state: CampaignState,
  system: FleetSystem,
  units: readonly FleetUnit[],
  flagshipId: string,
  extras: { web?: number; crew?: 'poor' | 'normal' | 'outstanding'; legendary?: boolean } = {},
): FleetCheck {
  const web = extras.web ?? 0;
  if (system === 'bpv')
    return checkFleet('bpv', units, {
      flagshipId,
      year: yearValueTimesTwo(state.settings.startYear, state.halfCycles) / 2,
      prelaidWebHexes: web,
    });
  if (system === 'bigships') return checkFleet('bigships', units, { flagshipId });
  return checkFleet('fcp', units, {
    flagshipId,
    webHexes: web,
    legendaryCaptain: extras.legendary ?? false,
    crew: extras.crew ?? 'normal',
  });
}

export type LimitVerdict =
  | { ok: true; flagshipId: string; check: FleetCheck }
  | { ok: false; missing: MissingColumn[] }
  | { ok: false; flagshipId: string; check: FleetCheck };

/**
 * Whether the units may fight together under the system. The rules let the owner pick the
 * flagship, so the fleet is legal when any of its ships, as flagship, makes it so; the answer for a
 * fleet that fails is the check under the flagship the owner would be given (highest command
 * rating, else the largest ship).
 */
export function judgeFleet(
  state: CampaignState,
  catalog: UnitCatalog,
  system: FleetSystem,
  ids: readonly string[],
): LimitVerdict {
  const sources = checkSourcesOf(state, catalog, ids);
  const draft = fleetUnitsFor(system, sources, '');
  const first = chooseFlagship(draft.units);
  if (!first) return { ok: false, missing: [] };
  const candidates = [first.id, ...draft.units.map((u) => u.id).filter((id) => id !== first.id)];
  let shown: LimitVerdict | null = null;
  for (const flagshipId of candidates) {
    const { units, missing } = fleetUnitsFor(system, sources, flagshipId);
    if (missing.some((m) => m.required)) {
      shown ??= { ok: false, missing: missing.filter((m) => m.required) };
      continue;
    }
    const check = runFleetCheck(state, system, units, flagshipId);
    if (check.ok) return { ok: true, flagshipId, check };
    if (shown === null || 'missing' in shown) shown = { ok: false, flagshipId, check };
  }
  return shown!;
}

/**
 * The binding limit (setting `fleet.sizeLimit`) on a battle fleet being named: refuses, citing the
 * system's rule, a fleet that breaks it, or one the catalog cannot judge (naming the column).
 */
export function enforceFleetSize(d: Decider, ids: readonly string[], hint?: string): void {
  const system = bindingFleetSystem(d.state);
  if (system === null || ids.length === 0) return;
  const verdict = judgeFleet(d.state, d.ctx.catalog, system, ids);
  if (verdict.ok) return;
  if ('missing' in verdict) {
    const gaps = verdict.missing.map((m) => `\`${m.column}\` (${m.units.join(', ')})`).join('; ');
    refuse(
      'fleet/size-unknown',
      FLEET_SIZE_RULE[system],
      `This campaign limits battle fleets by ${FLEET_SIZE_RULE[system]}, and the catalog lacks what that needs: ${gaps || 'a ship to lead the fleet'}.`,
      'The admin can add the column to the catalog (`/catalog import`).',
    );
  }
  const c = verdict.check;
  refuse(
    'fleet/size-limit',
    FLEET_SIZE_RULE[system],
    `This battle fleet breaks the campaign's fleet-size limit (${FLEET_SIZE_RULE[system]}), under any flagship; led by ${unitName(d.state, verdict.flagshipId)} it uses ${c.used} of ${c.limit}: ${c.problems.join(' ')}`,
    hint,
  );
}

/**
 * The largest legal part of a fleet, for a side that must fight and has not chosen: units are
 * taken in the given order (strongest first), each kept only if the fleet stays legal. Null when
 * even the first unit alone cannot be judged or fight.
 */
export function fitFleet(
  state: CampaignState,
  catalog: UnitCatalog,
  system: FleetSystem,
  ids: readonly string[],
): string[] | null {
  const kept: string[] = [];
  for (const id of ids) if (judgeFleet(state, catalog, system, [...kept, id]).ok) kept.push(id);
  return kept.length > 0 ? kept : null;
}
