import { bpvToString, parseBpv } from '../../exact/bpv.ts';
import { formatMoveClass, parseMoveClass } from '../../exact/move-class.ts';
import type { MoveClass } from '../../exact/move-class.ts';
import {
  CARRIER_TYPES,
  CATALOG_EMPIRE_CODES,
  CATALOG_LIMITS,
  CONVERSION_SOURCES,
  GROUND_BASE_ROLES,
  GROUND_BASE_SIZES,
  REPAIR_FREIGHTER_TYPES,
  UNIT_KINDS,
} from './types.ts';
import type { CatalogUnit, ConversionEdge, RefitEdge } from './types.ts';

/**
 * The column schemas of the catalog files (requirements §4.2.1–4.2.3), shared by the parser
 * and the serialiser so the two can never drift apart. Each schema is keyed by the field of
 * the stored type, so the compiler checks that every field has exactly one column and that
 * the column parses to the field's type.
 *
 * Cell conventions (README.md "File format"): cells are trimmed; an empty cell is "absent";
 * booleans are `true`/`false` in any letter case and nothing else; move costs accept `1/3`,
 * `0.33`, `.333`; decimal cells also accept an unambiguous decimal comma (`decimalComma`).
 */

export type Cell<T> = { ok: true; value: T } | { ok: false; message: string; code: string };

/**
 * `required`: the header must have the column and every cell must be filled.
 * `column`: the header must have the column; cells may be empty (row rules may still demand them).
 * `optional`: neither.
 */
export type Presence = 'required' | 'column' | 'optional';

export interface Column<T> {
  readonly name: string;
  readonly presence: Presence;
  /** Parses a trimmed, non-empty cell. */
  readonly parse: (cell: string) => Cell<T>;
  /** The value of an empty cell; absent when an empty cell is an error. */
  readonly empty?: () => T;
  readonly format: (value: T) => string;
}

export type Schema<R> = { readonly [K in keyof R]-?: Column<R[K]> };

const good = <T>(value: T): Cell<T> => ({ ok: true, value });
const bad = <T>(message: string, code = 'catalog/bad-value'): Cell<T> => ({ ok: false, message, code });

// Control characters are refused everywhere; newlines and tabs only in free text (notes).
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const CONTROL_OR_NEWLINE = /[\u0000-\u001F\u007F]/;
const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9+_.\-/]*$/;
const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_+-]*$/;

/** A cell quoted for a message, cut short so a hostile file cannot flood the report. */
function q(cell: string): string {
  return JSON.stringify(cell.length > 40 ? `${cell.slice(0, 40)}…` : cell);
}

function checkText(cell: string, max: number, multiline: boolean): Cell<string> {
  if (cell.length > max) return bad(`Too long: ${cell.length} characters, the limit is ${max}`);
  if ((multiline ? CONTROL : CONTROL_OR_NEWLINE).test(cell))
    return bad(multiline ? 'Contains a control character' : 'Contains a control character or line break');
  return good(cell);
}

function text(name: string, presence: 'required', max: number): Column<string>;
function text(name: string, presence: 'column' | 'optional', max: number, multiline?: boolean): Column<string | null>;
function text(
  name: string,
  presence: Presence,
  max: number,
  multiline = false,
): Column<string> | Column<string | null> {
  const parse = (cell: string): Cell<string> => checkText(cell, max, multiline);
  if (presence === 'required') return { name, presence, parse, format: (v: string) => v };
  return { name, presence, parse, empty: () => null, format: (v: string | null) => v ?? '' };
}

function parseId(cell: string, pattern: RegExp, what: string): Cell<string> {
  if (cell.length > CATALOG_LIMITS.maxIdLength)
    return bad(`Too long: ${cell.length} characters, the limit is ${CATALOG_LIMITS.maxIdLength}`);
  if (!pattern.test(cell))
    return bad(
      `${q(cell)} is not a valid ${what}: use letters, digits and ${pattern === ID_PATTERN ? '+ - _ . /' : '_ + -'}, starting with a letter or digit`,
    );
  return good(cell);
}

function id(name: string, presence: 'required', what?: string): Column<string>;
function id(name: string, presence: 'optional', what?: string): Column<string | null>;
function id(name: string, presence: 'required' | 'optional', what = 'unit id'): Column<string> | Column<string | null> {
  const parse = (cell: string): Cell<string> => parseId(cell, ID_PATTERN, what);
  if (presence === 'required') return { name, presence, parse, format: (v: string) => v };
  return { name, presence, parse, empty: () => null, format: (v: string | null) => v ?? '' };
}

function code(name: string): Column<string> {
  return { name, presence: 'required', parse: (cell) => parseId(cell, CODE_PATTERN, 'code'), format: (v) => v };
}

function parseEnum<T extends string>(values: readonly T[], cell: string): Cell<T> {
  const found = values.find((v) => v.toLowerCase() === cell.toLowerCase());
  return found === undefined ? bad(`${q(cell)} is not one of ${values.join(', ')}`) : good(found);
}

function oneOf<T extends string>(name: string, values: readonly T[], presence: 'required'): Column<T>;
function oneOf<T extends string>(name: string, values: readonly T[], presence: 'optional'): Column<T | null>;
function oneOf<T extends string>(
  name: string,
  values: readonly T[],
  presence: 'required' | 'optional',
): Column<T> | Column<T | null> {
  const parse = (cell: string): Cell<T> => parseEnum(values, cell);
  if (presence === 'required') return { name, presence, parse, format: (v: T) => v };
  return { name, presence, parse, empty: () => null, format: (v: T | null) => v ?? '' };
}

function parseBool(cell: string): Cell<boolean> {
  const t = cell.toLowerCase();
  if (t === 'true') return good(true);
  if (t === 'false') return good(false);
  if (['yes', 'no', 'y', 'n', '1', '0'].includes(t)) {
    return bad(
      `${q(cell)} is not accepted: write true or false (yes/no and 1/0 are refused so that a shifted column of counts cannot pass as flags)`,
    );
  }
  return bad(`${q(cell)} is not a boolean: write true or false`);
}

const formatBool = (v: boolean): string => (v ? 'true' : 'false');

function flag(name: string): Column<boolean> {
  return { name, presence: 'required', parse: parseBool, format: formatBool };
}

/** An optional boolean whose empty cell means `fallback` (row rules may refine the default). */
function flagDefault(name: string, fallback: boolean): Column<boolean> {
  return { name, presence: 'optional', parse: parseBool, empty: () => fallback, format: formatBool };
}

function flagOrNull(name: string): Column<boolean | null> {
  return {
    name,
    presence: 'optional',
    parse: parseBool,
    empty: () => null,
    format: (v) => (v === null ? '' : formatBool(v)),
  };
}

/**
 * A decimal comma as spreadsheets write it where the comma is the decimal mark (`16,5`), read as
 * `16.5` when that is the only reading: one comma, and not a thousands group (`1,250` could be
 * 1250 or 1.25, so it is refused; `0,333` and `16,25` are not). Other cells pass unchanged.
 */
export function decimalComma(cell: string): Cell<string> {
  const m = /^(-?)(\d*),(\d+)$/.exec(cell);
  if (!m) return good(cell);
  const [, sign, whole, fraction] = m as unknown as [string, string, string, string];
  if (whole !== '' && whole !== '0' && fraction.length === 3)
    return bad(
      `${q(cell)} could be ${whole}${fraction} or ${whole}.${fraction}: write it without the comma, or with a decimal point`,
      'catalog/ambiguous-comma',
    );
  return good(`${sign}${whole === '' ? '0' : whole}.${fraction}`);
}

/** Parses a cell after reading a decimal comma (`decimalComma`). */
function viaComma<T>(parse: (cell: string) => Cell<T>): (cell: string) => Cell<T> {
  return (cell) => {
    const read = decimalComma(cell);
    return read.ok ? parse(read.value) : (read as Cell<T>);
  };
}

function parseInteger(cell: string, min: number, max: number): Cell<number> {
  if (!/^\d{1,9}$/.test(cell)) return bad(`${q(cell)} is not a whole number`);
  const n = Number(cell);
  if (n < min || n > max) return bad(`${n} is outside ${min}–${max}`);
  return good(n);
}

function int(name: string, presence: 'required', min: number, max: number): Column<number>;
function int(name: string, presence: 'optional', min: number, max: number): Column<number | null>;
function int(
  name: string,
  presence: 'required' | 'optional',
  min: number,
  max: number,
): Column<number> | Column<number | null> {
  const parse = (cell: string): Cell<number> => parseInteger(cell, min, max);
  if (presence === 'required') return { name, presence, parse, format: (v: number) => String(v) };
  return { name, presence, parse, empty: () => null, format: (v: number | null) => (v === null ? '' : String(v)) };
}

/** numeric(12,2) in the database: at most 10 digits before the point and 2 after. */
function parseDecimal(cell: string, positive: boolean): Cell<string> {
  const value = parseBpv(cell);
  if (value === null || !/^-?\d{1,10}(\.\d{1,2})?$/.test(cell)) {
    return bad(`${q(cell)} is not a decimal amount like 133 or 16.25 (at most 10 digits before the point and 2 after)`);
  }
  if (positive ? value.lte(0) : value.lt(0)) return bad(`${cell} must be ${positive ? 'greater than 0' : '0 or more'}`);
  return good(bpvToString(value));
}

function decimal(name: string, presence: 'required', positive: boolean): Column<string>;
function decimal(name: string, presence: 'optional', positive: boolean): Column<string | null>;
function decimal(
  name: string,
  presence: 'required' | 'optional',
  positive: boolean,
): Column<string> | Column<string | null> {
  const parse = viaComma((cell: string): Cell<string> => parseDecimal(cell, positive));
  if (presence === 'required') return { name, presence, parse, format: (v: string) => v };
  return { name, presence, parse, empty: () => null, format: (v: string | null) => v ?? '' };
}

/** Requirements §0.2: a multiple of 1/60, written `a/b` or as a decimal within ±0.006. */
function rational(name: string, max: number): Column<MoveClass | null> {
  return {
    name,
    presence: 'optional',
    parse: viaComma((cell) => {
      const value = parseMoveClass(cell);
      if (value === null) {
        return bad(
          `${q(cell)} is not a multiple of 1/60: write a fraction like 1/3 or a decimal like 0.33 (within ±0.006)`,
          'catalog/move-class',
        );
      }
      if (value <= 0) return bad(`${q(cell)} must be greater than 0`, 'catalog/move-class');
      if (value > max) return bad(`${q(cell)} is more than ${formatMoveClass(max as MoveClass)}`, 'catalog/move-class');
      return good(value);
    }),
    empty: () => null,
    format: (v) => (v === null ? '' : formatMoveClass(v)),
  };
}

function parseYear(cell: string): Cell<number> {
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(cell)) return bad(`${q(cell)} is not a year like 165 or 165.5`);
  const n = Number(cell);
  if (n <= 0) return bad('The year must be greater than 0');
  return good(n);
}

function year(name: string, presence: 'required'): Column<number>;
function year(name: string, presence: 'optional'): Column<number | null>;
function year(name: string, presence: 'required' | 'optional'): Column<number> | Column<number | null> {
  const parse = viaComma(parseYear);
  if (presence === 'required') return { name, presence, parse, format: (v: number) => String(v) };
  return {
    name,
    presence,
    parse,
    empty: () => null,
    format: (v: number | null) => (v === null ? '' : String(v)),
  };
}

const COUNT_MAX = 100_000;
const L = CATALOG_LIMITS;

/** §4.2.1 `units.csv`, in the order of the requirements table (and of the serialised file). */
export const UNIT_SCHEMA: Schema<CatalogUnit> = {
  unitId: id('unit_id', 'required'),
  empire: oneOf('empire', CATALOG_EMPIRE_CODES, 'required'),
  hullCode: text('hull_code', 'required', L.maxIdLength),
  name: text('name', 'required', L.maxNameLength),
  hullFamily: id('hull_family', 'required', 'hull family'),
  unitKind: oneOf('unit_kind', UNIT_KINDS, 'required'),
  groundBaseSize: oneOf('ground_base_size', GROUND_BASE_SIZES, 'optional'),
  groundBaseRole: oneOf('ground_base_role', GROUND_BASE_ROLES, 'optional'),
  bpvEconomic: decimal('bpv_economic', 'required', true),
  bpvCombat: decimal('bpv_combat', 'optional', false),
  // The fleet limit is 5 (UTD7.23): a unit above it could never join a fleet.
  moveCost: rational('move_cost', 300),
  sizeClass: int('size_class', 'required', 1, 7),
  commandRating: int('command_rating', 'optional', 0, 1000),
  maxSpeed: int('max_speed', 'optional', 0, 1000),
  damageControl: int('damage_control', 'optional', 0, 1000),
  tractorBeams: int('tractor_beams', 'required', 0, 1000),
  cargoBoxes: int('cargo_boxes', 'required', 0, COUNT_MAX),
  cargoContainers: int('cargo_containers', 'optional', 0, COUNT_MAX),
  isLargeFreighter: flag('is_large_freighter'),
  isQShip: flag('is_q_ship'),
  isTroopShip: flag('is_troop_ship'),
  isMinesweeper: flag('is_minesweeper'),
  repairFreighter: oneOf('repair_freighter', REPAIR_FREIGHTER_TYPES, 'required'),
  carrierType: oneOf('carrier_type', CARRIER_TYPES, 'required'),
  isEscort: flag('is_escort'),
  escortRequirement: int('escort_requirement', 'optional', 0, 100),
  fighters: int('fighters', 'required', 0, COUNT_MAX),
  fighterTypeId: id('fighter_type_id', 'optional'),
  fighterSpares: int('fighter_spares', 'required', 0, COUNT_MAX),
  pfs: int('pfs', 'optional', 0, COUNT_MAX),
  pfTypeId: id('pf_type_id', 'optional'),
  pfSpares: int('pf_spares', 'optional', 0, COUNT_MAX),
  megafighterCapable: flagDefault('megafighter_capable', false),
  fighterEquivalents: int('fighter_equivalents', 'optional', 1, 100),
  droneUser: flag('drone_user'),
  isDroneBombardment: flag('is_drone_bombardment'),
  plasmaTorps: flag('plasma_torps'),
  hasPhaserIv: flag('has_phaser_iv'),
  isDreadnought: flag('is_dreadnought'),
  isBattleship: flag('is_battleship'),
  isBattleTug: flag('is_battle_tug'),
  isXShip: flag('is_x_ship'),
  isConjectural: flag('is_conjectural'),
  isMauler: flag('is_mauler'),
  isStasisShip: flag('is_stasis_ship'),
  isCommandShip: flag('is_command_ship'),
  isPriorityTransport: flag('is_priority_transport'),
  needsPlanetSite: flagDefault('needs_planet_site', false),
  coEligible: flagOrNull('co_eligible'),
  yearAvailable: year('year_available', 'required'),
  yearRetired: year('year_retired', 'optional'),
  shipyardCapacity: rational('shipyard_capacity', 120),
  dryDockPositions: int('dry_dock_positions', 'optional', 0, 100),
  worksBoxes: int('works_boxes', 'optional', 0, COUNT_MAX),
  nsmCapable: flagDefault('nsm_capable', false),
  webCaster: flagDefault('web_caster', false),
  buildable: flagDefault('buildable', true),
  sfbRef: text('sfb_ref', 'column', L.maxRefLength),
  notes: text('notes', 'optional', L.maxNotesLength, true),
  sidcorsFactors: text('sidcors_factors', 'optional', 40),
  turnModeClass: text('turn_mode_class', 'optional', 8),
  weaponArcs: text('weapon_arcs', 'optional', 300),
  feCommandRating: int('fe_command_rating', 'optional', 0, 100),
  feHullType: text('fe_hull_type', 'optional', 20),
  fleetRole: text('fleet_role', 'optional', 20),
  flagBridgeBoxes: int('flag_bridge_boxes', 'optional', 0, 100),
  fcpRow: int('fcp_row', 'optional', 0, 100),
  fcpCost: int('fcp_cost', 'optional', 0, 100),
  leaderKind: text('leader_kind', 'optional', 20),
  battlePods: int('battle_pods', 'optional', 0, 100),
  carriesSmallCraft: flagOrNull('carries_small_craft'),
  // SIDCORS special units (research digest §A.2.14, A.2.19): the scout's EW die shift and the cloak roll.
  sidcorsEw: int('sidcors_ew', 'optional', 0, 6),
  sidcorsCloak: flagDefault('sidcors_cloak', false),
};

/** §4.2.2 `refits.csv`. */
export const REFIT_SCHEMA: Schema<RefitEdge> = {
  fromUnitId: id('from_unit_id', 'required'),
  toUnitId: id('to_unit_id', 'required'),
  refitCode: code('refit_code'),
  yearAvailable: year('year_available', 'required'),
  capturedAllowed: flag('captured_allowed'),
  costOverride: decimal('cost_override', 'optional', false),
};

/** §4.2.3 `conversions.csv`. */
export const CONVERSION_SCHEMA: Schema<ConversionEdge> = {
  fromUnitId: id('from_unit_id', 'required'),
  toUnitId: id('to_unit_id', 'required'),
  yearAvailable: year('year_available', 'required'),
  source: oneOf('source', CONVERSION_SOURCES, 'required'),
};

/** The columns of a schema in file order. */
export function columnsOf<R>(schema: Schema<R>): { key: keyof R; column: Column<R[keyof R]> }[] {
  return (Object.keys(schema) as (keyof R)[]).map((key) => ({ key, column: schema[key] as Column<R[keyof R]> }));
}
