/**
 * What the rules need to know about a unit class, whatever catalog it came from (requirements
 * §4.1). The catalog module parses the admin's CSV; the app hands the rules a lookup.
 */
export interface UnitInfo {
  unitId: string;
  /** Catalog empire code (`LYR`, …) or `NEU` for generic freighters and bases. */
  empire: string;
  hullCode: string;
  name: string;
  unitKind: string;
  bpv: string;
  /** Move class in sixtieths (1/3 = 20). */
  mc: number;
  sizeClass: number;
  yearAvailable: number | null;
  isLargeFreighter: boolean;
  cargoBoxes: number;
  cargoContainers: number;
  isQShip: boolean;
  isTroopShip: boolean;
  isMinesweeper: boolean;
  repairFreighter: 'none' | 'small' | 'large';
  groundBaseSize: string | null;
  restricted: string | null;
  /** F&E factors for SIDCORS quick resolution, when the catalog has them. */
  sidcorsFactors: string | null;
  isMauler: boolean;
}

export interface UnitCatalog {
  version: string;
  get(unitId: string): UnitInfo | undefined;
  all(): readonly UnitInfo[];
}

/** Units that belong in fleets: ships and freighters (UTD7.262). */
export function isFleetUnit(u: UnitInfo): boolean {
  return u.unitKind === 'warship' || u.unitKind === 'auxiliary' || u.unitKind === 'freighter';
}

export function emptyCatalog(version = 'none'): UnitCatalog {
  return { version, get: () => undefined, all: () => [] };
}

/** Adapts a parsed catalog (catalog/ module, requirements §4.2) to what the rules read. */
export function unitCatalogOf(catalog: import('./catalog/index.ts').Catalog): UnitCatalog {
  const infos = catalog.units.map(
    (u): UnitInfo => ({
      unitId: u.unitId,
      empire: u.empire,
      hullCode: u.hullCode,
      name: u.name,
      unitKind: u.unitKind,
      bpv: u.bpvEconomic,
      mc: u.moveCost ?? 0,
      sizeClass: u.sizeClass,
      yearAvailable: u.yearAvailable,
      isLargeFreighter: u.isLargeFreighter,
      cargoBoxes: u.cargoBoxes,
      cargoContainers: u.cargoContainers ?? 0,
      isQShip: u.isQShip,
      isTroopShip: u.isTroopShip,
      isMinesweeper: u.isMinesweeper,
      repairFreighter: u.repairFreighter,
      groundBaseSize: u.groundBaseSize,
      sidcorsFactors: u.sidcorsFactors,
      isMauler: u.isMauler,
      restricted: u.isBattleship ? 'battleship' : u.isXShip ? 'X-ship' : u.isConjectural ? 'conjectural' : u.unitKind === 'base_large' ? 'large base' : null,
    }),
  );
  const byId = new Map(infos.map((u) => [u.unitId, u]));
  return { version: catalog.version, get: (id) => byId.get(id), all: () => infos };
}
