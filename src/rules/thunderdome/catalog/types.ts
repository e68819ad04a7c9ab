import type { MoveClass } from '../../exact/move-class.ts';
import type { EmpireKey } from '../empires.ts';

/**
 * The ship and unit catalog (requirements §4.2): what the admin imports from `units.csv`,
 * `refits.csv` and `conversions.csv`, and what the rules read about a unit class (§4.1).
 *
 * Everything stored is plain JSON: move costs and yard capacities are whole sixtieths
 * (exact/move-class.ts, 1/3 = 20), BPV amounts are canonical decimal strings (exact/bpv.ts,
 * "133", "16.5"), absent optional values are `null`. A catalog version is immutable once
 * imported and is pinned to a campaign at setup; `CatalogIndex` is the derived lookup built
 * from it in memory.
 */

/** §4.2.1 `empire`: the thirteen empires of UTD8.111 by three-letter code, plus `NEU` for generic units. */
export const CATALOG_EMPIRE_CODES = [
  'FED',
  'CAR',
  'FRA',
  'GOR',
  'HYD',
  'ISC',
  'KLI',
  'KZI',
  'LYR',
  'PAR',
  'PEL',
  'ROM',
  'THO',
  'NEU',
] as const;
export type CatalogEmpireCode = (typeof CATALOG_EMPIRE_CODES)[number];

/** The catalog code of each empire key of empires.ts (UTD8.111). */
export const EMPIRE_CODE_BY_KEY: Readonly<Record<EmpireKey, Exclude<CatalogEmpireCode, 'NEU'>>> = {
  federation: 'FED',
  carnivon: 'CAR',
  frax: 'FRA',
  gorn: 'GOR',
  hydran: 'HYD',
  isc: 'ISC',
  klingon: 'KLI',
  kzinti: 'KZI',
  lyran: 'LYR',
  paravian: 'PAR',
  peladine: 'PEL',
  romulan: 'ROM',
  tholian: 'THO',
};

/** The empire key of a catalog code; `null` for `NEU` (generic freighters, bases and yards). */
export function empireKeyOfCode(code: CatalogEmpireCode): EmpireKey | null {
  for (const [key, c] of Object.entries(EMPIRE_CODE_BY_KEY)) if (c === code) return key as EmpireKey;
  return null;
}

/**
 * §4.2.1 `unit_kind`. `base_large` covers MB, BS and larger, which are never allowed (UTD7.25#2);
 * such rows import but are always marked not buildable.
 */
export const UNIT_KINDS = [
  'warship',
  'auxiliary',
  'freighter',
  'monitor',
  'ground_base',
  'defsat',
  'shipyard',
  'capital_lcd',
  'fighter',
  'heavy_fighter',
  'megafighter',
  'pf',
  'base_large',
] as const;
export type UnitKind = (typeof UNIT_KINDS)[number];

export const GROUND_BASE_SIZES = ['small', 'medium', 'large'] as const;
export type GroundBaseSize = (typeof GROUND_BASE_SIZES)[number];

export const GROUND_BASE_ROLES = ['defense', 'fighter', 'bomber', 'pf'] as const;
export type GroundBaseRole = (typeof GROUND_BASE_ROLES)[number];

/** §4.2.1 `repair_freighter`: F-RS is `small`, F-RL is `large` (UTD6.39#2, UTD4.3237). */
export const REPAIR_FREIGHTER_TYPES = ['none', 'small', 'large'] as const;
export type RepairFreighterType = (typeof REPAIR_FREIGHTER_TYPES)[number];

export const CARRIER_TYPES = ['none', 'true_carrier', 'escort_carrier', 'casual_carrier', 'pft'] as const;
export type CarrierType = (typeof CARRIER_TYPES)[number];

/** §4.2.3 `source`: F&E-SIT conversions are usable only when `allow.feSitConversions` is voted in (UTD6.3762). */
export const CONVERSION_SOURCES = ['SFB', 'FE_SIT'] as const;
export type ConversionSource = (typeof CONVERSION_SOURCES)[number];

/**
 * One row of `units.csv`: one unit *configuration* (a refitted variant is its own row).
 * Field order follows the column order of §4.2.1; the CSV column of each field is its
 * snake_case name (`unitId` ↔ `unit_id`, `hasPhaserIv` ↔ `has_phaser_iv`).
 */
export interface CatalogUnit {
  /** Unique and stable across versions, e.g. `LYR-CA`, `LYR-CA+PH`. */
  unitId: string;
  empire: CatalogEmpireCode;
  /** SFB designation, e.g. `CA`, `F-L`, `GBDP`. */
  hullCode: string;
  name: string;
  /** Refits stay within a family; a conversion changes it (UTD6.3753, UTD6.3762). */
  hullFamily: string;
  unitKind: UnitKind;
  /** Present iff `unitKind` is `ground_base`. */
  groundBaseSize: GroundBaseSize | null;
  groundBaseRole: GroundBaseRole | null;
  /** Economic BPV, > 0, canonical decimal string. The only BPV the campaign uses (UTD1.2). */
  bpvEconomic: string;
  /** Informational. */
  bpvCombat: string | null;
  /**
   * Sixtieths. Present for ships, freighters and attrition units; for defenses the rule MC
   * applies instead (UTD7.4235#2, see `effectiveMoveCost`), for yards it is ignored (UTD7.4235#1).
   */
  moveCost: MoveClass | null;
  /** 1–7 per SFB; a numerically larger class is a smaller ship (ISS-A135). */
  sizeClass: number;
  /** Present for ships (warships, auxiliaries, freighters, monitors). */
  commandRating: number | null;
  /** Present for ships; the wreck threshold is floor(max/4) (UTD6.3E, UTD7.47). */
  maxSpeed: number | null;
  /** Present for ships, yards and bases. */
  damageControl: number | null;
  tractorBeams: number;
  cargoBoxes: number;
  cargoContainers: number | null;
  isLargeFreighter: boolean;
  /** UTD8.26: publicly flagged, never makes colony or mine establishment free. */
  isQShip: boolean;
  /** Always backed by `sfbRef` (UTD4.332). */
  isTroopShip: boolean;
  isMinesweeper: boolean;
  repairFreighter: RepairFreighterType;
  carrierType: CarrierType;
  isEscort: boolean;
  /** Escorts required in the same fleet (ISS-A100). */
  escortRequirement: number | null;
  /** Standard complement in fighter equivalents. */
  fighters: number;
  fighterTypeId: string | null;
  fighterSpares: number;
  pfs: number | null;
  pfTypeId: string | null;
  pfSpares: number | null;
  /** UTD8.22. Empty cell imports as `false`. */
  megafighterCapable: boolean;
  /** Fighter rows: normal 1, heavy 2 (UTD7.24); megafighters per admin (ISS-A98). */
  fighterEquivalents: number | null;
  droneUser: boolean;
  isDroneBombardment: boolean;
  plasmaTorps: boolean;
  hasPhaserIv: boolean;
  isDreadnought: boolean;
  isBattleship: boolean;
  isBattleTug: boolean;
  isXShip: boolean;
  isConjectural: boolean;
  isMauler: boolean;
  isStasisShip: boolean;
  isCommandShip: boolean;
  isPriorityTransport: boolean;
  /** UTD7.34. Empty cell imports as `true` for ground bases, `false` otherwise. */
  needsPlanetSite: boolean;
  /** `null`: the UTD7.A default for the unit kind applies (see `isCoEligible`). */
  coEligible: boolean | null;
  /** Campaign year, e.g. 165; available iff ≤ the campaign year (UTD8.12). */
  yearAvailable: number;
  yearRetired: number | null;
  /** Sixtieths; yards only: capital/LCD 120, SC2 90 (120 if designated capacity 2, UTD6.3843), SC3 60, SC4 40 (UTD6.372). */
  shipyardCapacity: MoveClass | null;
  /** Yards only: capital 5, SC2 4, SC3 3, SC4 2 (UTD7.62). */
  dryDockPositions: number | null;
  /** Yards only (UTD6.3724). */
  worksBoxes: number | null;
  /** Informational (UTD8.252). Empty cell imports as `false`. */
  nsmCapable: boolean;
  /** Informational (UTD8.112). Empty cell imports as `false`. */
  webCaster: boolean;
  /**
   * Extension of §4.2.1 (validation 8 needs a column to check): empty imports as `true`, except
   * large ground bases and `base_large`, which always import as `false` (UTD7.25#2); a `true`
   * on such a row refuses the import.
   */
  buildable: boolean;
  /** SSD / R-section / master-fleet-chart reference; required for troop ships and Q-ships. */
  sfbRef: string | null;
  notes: string | null;
  /** Optional: F&E factors `A-D(F)/CA-CD(CF)` for SIDCORS quick resolution (research digest §A.2.14). */
  sidcorsFactors: string | null;
  /** Optional columns the battle aids read: 'n3D turn mode and weapon arcs, VBSF fleet-size data. */
  turnModeClass: string | null;
  weaponArcs: string | null;
  feCommandRating: number | null;
  feHullType: string | null;
  fleetRole: string | null;
  flagBridgeBoxes: number | null;
  fcpRow: number | null;
  fcpCost: number | null;
  leaderKind: string | null;
  battlePods: number | null;
  carriesSmallCraft: boolean | null;
  /**
   * Optional, SIDCORS scouts (digest §A.2.14): the EW of a scout-capable unit (scout ship, BATS,
   * mobile base, starbase), 1 unless the F&E SIT gives more; empty or 0: not scout-capable.
   */
  sidcorsEw: number | null;
  /** Optional, SIDCORS cloak roll: a Romulan or Orion cloaking (or stealth) ship. Empty imports as `false`. */
  sidcorsCloak: boolean;
}

/** One row of `refits.csv` (§4.2.2): same empire and hull family, different configurations. */
export interface RefitEdge {
  fromUnitId: string;
  toUnitId: string;
  /** e.g. `PHASER`, `DRONE_SPEED_B`, `FTR_TYPE_X`. */
  refitCode: string;
  yearAvailable: number;
  /** True only for drone-speed and plasma sabot/swivel/improved refits (UTD6.3772). */
  capturedAllowed: boolean;
  /** Normally null: cost = max(0, BPV_to − BPV_from) plus the minimum-percentage setting. */
  costOverride: string | null;
}

/** One row of `conversions.csv` (§4.2.3): same empire, a different hull family or a mauler change. */
export interface ConversionEdge {
  fromUnitId: string;
  toUnitId: string;
  yearAvailable: number;
  source: ConversionSource;
}

/** One imported, immutable catalog version. */
export interface Catalog {
  version: string;
  units: CatalogUnit[];
  refits: RefitEdge[];
  conversions: ConversionEdge[];
}

/** Limits that keep hostile or mistaken files from costing the bot real work. */
export const CATALOG_LIMITS = {
  /** Characters of text per file (a full SFB catalog is a few hundred kB). */
  maxTextLength: 2 * 1024 * 1024,
  /** Data rows per file, the header not counted. */
  maxRows: 20_000,
  /** Columns in a header. */
  maxColumns: 120,
  /** UTF-8 bytes in one record (all its cells), checked by csv-parse while parsing. */
  maxRecordLength: 20_000,
  /**
   * Errors (and, separately, warnings) reported; the rest are only counted. The reply shows the
   * first few and attaches them all as a report file, so the cap is set to stay far above any
   * honest file's count while bounding a hostile one's.
   */
  maxIssues: 5_000,
  maxIdLength: 40,
  maxNameLength: 100,
  maxRefLength: 200,
  maxNotesLength: 2_000,
  maxVersionLength: 64,
} as const;

/** In-memory lookups over one catalog (not stored; rebuild with `indexCatalog`). */
export interface CatalogIndex {
  readonly catalog: Catalog;
  readonly byId: ReadonlyMap<string, CatalogUnit>;
  /** Units per empire code in file order; `NEU` holds the generic units. */
  readonly byEmpire: ReadonlyMap<CatalogEmpireCode, readonly CatalogUnit[]>;
  /** Units per `hull_family` label in file order (labels are usually empire-prefixed, e.g. `LYR-FF`). */
  readonly byFamily: ReadonlyMap<string, readonly CatalogUnit[]>;
  /** The unit with this id, or undefined. */
  unit(unitId: string): CatalogUnit | undefined;
  /** The empire's own units followed by the generic `NEU` units. */
  unitsFor(empire: EmpireKey): readonly CatalogUnit[];
  refitsFrom(unitId: string): readonly RefitEdge[];
  refitsTo(unitId: string): readonly RefitEdge[];
  refit(fromUnitId: string, toUnitId: string): RefitEdge | undefined;
  conversionsFrom(unitId: string): readonly ConversionEdge[];
  conversionsTo(unitId: string): readonly ConversionEdge[];
  conversion(fromUnitId: string, toUnitId: string): ConversionEdge | undefined;
}

const NONE: readonly never[] = Object.freeze([]);

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Builds the lookups. Assumes a validated catalog (unique ids); later duplicates would win. */
export function indexCatalog(catalog: Catalog): CatalogIndex {
  const byId = new Map<string, CatalogUnit>();
  const byEmpire = new Map<CatalogEmpireCode, CatalogUnit[]>();
  const byFamily = new Map<string, CatalogUnit[]>();
  for (const u of catalog.units) {
    byId.set(u.unitId, u);
    push(byEmpire, u.empire, u);
    push(byFamily, u.hullFamily, u);
  }
  const refitsFrom = new Map<string, RefitEdge[]>();
  const refitsTo = new Map<string, RefitEdge[]>();
  const refitByPair = new Map<string, RefitEdge>();
  for (const e of catalog.refits) {
    push(refitsFrom, e.fromUnitId, e);
    push(refitsTo, e.toUnitId, e);
    refitByPair.set(pairKey(e.fromUnitId, e.toUnitId), e);
  }
  const conversionsFrom = new Map<string, ConversionEdge[]>();
  const conversionsTo = new Map<string, ConversionEdge[]>();
  const conversionByPair = new Map<string, ConversionEdge>();
  for (const e of catalog.conversions) {
    push(conversionsFrom, e.fromUnitId, e);
    push(conversionsTo, e.toUnitId, e);
    conversionByPair.set(pairKey(e.fromUnitId, e.toUnitId), e);
  }
  const neutral = byEmpire.get('NEU') ?? [];
  const forEmpire = new Map<EmpireKey, readonly CatalogUnit[]>();
  return {
    catalog,
    byId,
    byEmpire,
    byFamily,
    unit: (id) => byId.get(id),
    unitsFor: (empire) => {
      let list = forEmpire.get(empire);
      if (!list) {
        list = [...(byEmpire.get(EMPIRE_CODE_BY_KEY[empire]) ?? []), ...neutral];
        forEmpire.set(empire, list);
      }
      return list;
    },
    refitsFrom: (id) => refitsFrom.get(id) ?? NONE,
    refitsTo: (id) => refitsTo.get(id) ?? NONE,
    refit: (from, to) => refitByPair.get(pairKey(from, to)),
    conversionsFrom: (id) => conversionsFrom.get(id) ?? NONE,
    conversionsTo: (id) => conversionsTo.get(id) ?? NONE,
    conversion: (from, to) => conversionByPair.get(pairKey(from, to)),
  };
}

function pairKey(from: string, to: string): string {
  return `${from}\u0000${to}`;
}
