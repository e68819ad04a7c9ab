import { bpv } from '../rules/exact/bpv.ts';
import { refuse } from '../rules/errors.ts';
import {
  checkFleet,
  FLEET_ROLES,
  FLEET_SYSTEMS,
  type FleetCheck,
  type FleetRole,
  type FleetSystem,
  type FleetUnit,
} from '../rules/fleet-size/index.ts';
import { battleByRef, sideOfUser, unitName } from '../rules/thunderdome/battles/common.ts';
import { yearValueTimesTwo } from '../rules/thunderdome/calendar.ts';
import type { CampaignState } from '../rules/thunderdome/index.ts';
import type { UnitInfo } from '../rules/thunderdome/units.ts';
import { campaignInChannel } from './campaigns.ts';
import { AID_COLUMN, aidColumn, type AidColumns } from './catalog-columns.ts';
import type { AppContext } from './context.ts';
import { guarded, type Outcome } from './errors.ts';

/**
 * `/fleet check` (digest P-A2): a campaign fleet or battle fleet as the VBSF
 * fleet-size rules see it, built from the catalog. Values the catalog does not have are never
 * guessed: a value the system cannot do without stops the check and names the missing column;
 * one that only refines it is reported with its column and what was assumed. It reads the
 * campaign only; nothing is changed.
 */

/** The fleet-size systems, as choices for the command definition. */
export const FLEET_SYSTEM_CHOICES = FLEET_SYSTEMS.map((v) => ({
  name: { bpv: 'BPV Capacity', bigships: 'Big Ships', fcp: 'Flexible Command' }[v],
  value: v,
}));

export type { FleetSystem };

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

/** The units `/fleet check` looks at: a fleet's ships, or one side of a battle (throws a RuleViolation for an unknown battle). */
function checkSources(
  state: CampaignState,
  who: string,
  slot: string | null | undefined,
  ref: string | null | undefined,
): { title: string; ids: string[] } | null {
  if (ref) {
    const b = battleByRef(state, ref);
    const side = sideOfUser(b, who);
    const p = side ? b.participants.find((x) => x.side === side) : undefined;
    return p
      ? {
          title: `battle ${b.id} (${side === 'npe' ? 'NPE' : (state.players.find((x) => x.id === side)?.name ?? side)})`,
          ids: p.units,
        }
      : null;
  }
  const fleet = state.fleets.find((f) => f.owner === who && String(f.slot) === slot?.trim());
  return fleet
    ? {
        title: `fleet ${fleet.slot} of ${state.players.find((x) => x.id === who)?.name ?? who}`,
        ids: state.ships.filter((s) => s.fleetId === fleet.id).map((s) => s.id),
      }
    : null;
}

/** The units of the fleet or battle side a check would look at, named for autocomplete; none when it names nothing. */
export function fleetCheckUnits(
  state: CampaignState,
  who: string,
  fleet: string | null,
  battle: string | null,
): { id: string; name: string }[] {
  const found = guarded(() => checkSources(state, who, fleet, battle));
  const ids = found.ok ? (found.value?.ids ?? []) : [];
  return ids.map((id) => ({ id, name: unitName(state, id) }));
}

export interface FleetCheckRequest {
  system: FleetSystem;
  /** Whose fleet (default: the actor's). */
  player?: string;
  fleet?: string;
  battle?: string;
  flagship?: string;
  web?: number;
  crew?: 'poor' | 'normal' | 'outstanding';
  legendary?: boolean;
}

export type FleetCheckAnswer =
  | { kind: 'missing'; system: FleetSystem; title: string; missing: MissingColumn[] }
  | {
      kind: 'checked';
      title: string;
      flagship: { id: string; why: string | null };
      result: FleetCheck;
      missing: MissingColumn[];
    };

export async function checkFleetSize(
  app: AppContext,
  channelId: string,
  actorId: string,
  req: FleetCheckRequest,
): Promise<Outcome<FleetCheckAnswer>> {
  const state = await campaignInChannel(app, channelId);
  if (!state)
    return {
      ok: false,
      error: { code: 'campaign/none', rule: 'UTD8.1', message: 'There is no campaign in this channel.' },
    };
  const who = req.player ?? actorId;
  if (!req.fleet === !req.battle) {
    return {
      ok: false,
      error: {
        code: 'fleet/check-what',
        rule: 'VBSF fleet composition',
        message: 'Name either a `fleet:` or a `battle:` to check.',
      },
    };
  }
  const found = guarded(() => checkSources(state, who, req.fleet, req.battle));
  if (!found.ok) return found;
  const sources0 = found.value;
  if (!sources0 || sources0.ids.length === 0)
    return {
      ok: false,
      error: {
        code: 'fleet/check-none',
        rule: 'VBSF fleet composition',
        message: 'There is no such fleet, or no units in it, to check.',
        hint: 'In a battle, only its sides have a fighting fleet.',
      },
    };
  const catalog = await app.catalogs.get(state.catalogVersion);
  return guarded((): FleetCheckAnswer => {
    const sources: CheckSource[] = sources0.ids.map((id) => {
      const unitId =
        state.ships.find((s) => s.id === id)?.unitId ??
        state.bases.find((b) => b.id === id)?.unitId ??
        state.battles.flatMap((b) => b.npe?.force ?? []).find((f) => f.id === id)?.unitId ??
        unitName(state, id);
      return { id, unitId, info: catalog.get(unitId) };
    });
    const named = req.flagship?.trim();
    if (named && !sources0.ids.includes(named))
      refuse(
        'fleet/no-flagship',
        'VBSF fleet composition',
        `The flagship ${named.slice(0, 40)} is not in ${sources0.title}.`,
        `Its units: ${sources0.ids.join(', ')}.`,
      );
    const system = req.system;
    const draft = fleetUnitsFor(system, sources, named ?? '');
    const flagship = named ? { id: named, why: null } : chooseFlagship(draft.units);
    if (!flagship) refuse('fleet/check-none', 'VBSF fleet composition', 'The fleet has no ship to lead it.');
    const { units, missing } = fleetUnitsFor(system, sources, flagship.id);
    if (missing.some((m) => m.required)) return { kind: 'missing', system, title: sources0.title, missing };
    const web = req.web ?? 0;
    const result =
      system === 'bpv'
        ? checkFleet('bpv', units, {
            flagshipId: flagship.id,
            year: yearValueTimesTwo(state.settings.startYear, state.halfCycles) / 2,
            prelaidWebHexes: web,
          })
        : system === 'bigships'
          ? checkFleet('bigships', units, { flagshipId: flagship.id })
          : checkFleet('fcp', units, {
              flagshipId: flagship.id,
              webHexes: web,
              legendaryCaptain: req.legendary ?? false,
              crew: req.crew ?? 'normal',
            });
    return { kind: 'checked', title: sources0.title, flagship, result, missing };
  });
}
