/** The ship and unit catalog (requirements §4): types, CSV import and export, lookups, rule helpers. */
export type {
  Catalog,
  CatalogEmpireCode,
  CatalogIndex,
  CatalogUnit,
  CarrierType,
  ConversionEdge,
  ConversionSource,
  GroundBaseRole,
  GroundBaseSize,
  RefitEdge,
  RepairFreighterType,
  UnitKind,
} from './types.ts';
export {
  CARRIER_TYPES,
  CATALOG_EMPIRE_CODES,
  CATALOG_LIMITS,
  CONVERSION_SOURCES,
  EMPIRE_CODE_BY_KEY,
  empireKeyOfCode,
  GROUND_BASE_ROLES,
  GROUND_BASE_SIZES,
  indexCatalog,
  REPAIR_FREIGHTER_TYPES,
  UNIT_KINDS,
} from './types.ts';
export type {
  CatalogFailure,
  CatalogFile,
  CatalogFiles,
  CatalogIssue,
  CatalogParseResult,
  ConversionsCsvResult,
  RefitsCsvResult,
  UnitsCsvResult,
} from './parse.ts';
export { formatCatalogIssue, parseCatalog, parseConversionsCsv, parseRefitsCsv, parseUnitsCsv } from './parse.ts';
export {
  CATALOG_COLUMNS,
  CATALOG_SCHEMA_COLUMNS,
  csvLine,
  serialiseConversionsCsv,
  serialiseRefitsCsv,
  serialiseUnitsCsv,
} from './serialise.ts';
// Catalog versions and search.
export { canonicalCatalog, shortVersion, type CanonicalCatalog } from './version.ts';
export { searchUnits, type UnitQuery } from './search.ts';
export {
  DEFENSE_MOVE_COST,
  defenseMoveCost,
  effectiveMoveCost,
  isAttritionKind,
  isAvailableInYear,
  isCoEligible,
  isDefenseKind,
  isFighterKind,
  isFleetKind,
  isShipKind,
  isYardKind,
  MINESWEEPER_MINE_BPV,
  SHIPYARD_CHART,
  wreckThreshold,
} from './rules.ts';
export { catalogCoverage, type CoverageFinding, type CoverageQuery, type EmpireCoverage } from './coverage.ts';
