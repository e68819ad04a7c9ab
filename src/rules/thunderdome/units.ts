import { isCoEligible } from './catalog/rules.ts';

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
  /** Last year before retirement: not bought from this year on (UTD8.12). */
  yearRetired?: number | null;
  isLargeFreighter: boolean;
  cargoBoxes: number;
  cargoContainers: number;
  isQShip: boolean;
  isTroopShip: boolean;
  isMinesweeper: boolean;
  repairFreighter: 'none' | 'small' | 'large';
  groundBaseSize: string | null;
  /** Ground bases: defense, fighter, bomber or PF (catalog `ground_base_role`); absent in hand-made catalogs. */
  groundBaseRole?: string | null;
  restricted: string | null;
  /** F&E factors for SIDCORS quick resolution, when the catalog has them. */
  sidcorsFactors: string | null;
  isMauler: boolean;
  /** SIDCORS scout EW (catalog `sidcors_ew`); absent, null or 0: not scout-capable. */
  sidcorsEw?: number | null;
  /** SIDCORS cloaking ship (catalog `sidcors_cloak`). */
  sidcorsCloak?: boolean;
  /** Yards and the capital: capacity in sixtieths (UTD6.372: capital 120, SC2 90, SC3 60, SC4 40). */
  shipyardCapacity?: number | null;
  /** Yards and the capital: dry-dock positions (UTD7.62: capital 5, SC2 4, SC3 3, SC4 2). */
  dryDockPositions?: number | null;
  /** Yards and the capital: works boxes, for damaged capacity (UTD6.3724). */
  worksBoxes?: number | null;
  /** Refits stay within a hull family; a conversion changes it (UTD6.3753, 6.3762). */
  hullFamily?: string;
  /** Combat BPV when the catalog gives one (fleet-size checks). */
  bpvCombat?: string | null;
  /** Optional catalog columns of the battle aids; null when the catalog lacks them. */
  turnModeClass?: string | null;
  weaponArcs?: string | null;
  feCommandRating?: number | null;
  feHullType?: string | null;
  fleetRole?: string | null;
  flagBridgeBoxes?: number | null;
  fcpRow?: number | null;
  fcpCost?: number | null;
  leaderKind?: string | null;
  battlePods?: number | null;
  carriesSmallCraft?: boolean | null;
  // Ship condition (condition/): speed, damage control, tractors and attrition units of the class.
  /** SFB maximum tactical speed; wrecked at or below floor(max/4) (UTD6.3E, 7.47). */
  maxSpeed?: number | null;
  /** SFB damage-control rating: the campaign self-repair cap (UTD7.53). */
  damageControl?: number | null;
  /** Tractor beams: tow capacity (UTD6.3E). */
  tractorBeams?: number;
  /** Standard fighter complement and spares, in fighter equivalents (requirements §4.2.1). */
  fighters?: number;
  fighterSpares?: number;
  fighterTypeId?: string | null;
  pfs?: number | null;
  pfSpares?: number | null;
  pfTypeId?: string | null;
  /** Fighter rows: fighter equivalents per craft, normal 1, heavy 2 (UTD7.24). */
  fighterEquivalents?: number | null;
  // Carriers and escorts (carriers.ts, UTD8.22, ISS-A100); absent in hand-made test catalogs.
  carrierType?: 'none' | 'true_carrier' | 'escort_carrier' | 'casual_carrier' | 'pft';
  isEscort?: boolean;
  /** Escorts this carrier needs in its fleet (ISS-A100). */
  escortRequirement?: number | null;
  // Officers and options (officers/): hull flags of UTD7.26A, 7.26B, 8.23, drones of UTD7.A8
  // and CO eligibility of UTD7.A (absent in hand-made test catalogs: read as false/true).
  isDreadnought?: boolean;
  isBattleship?: boolean;
  isBattleTug?: boolean;
  isXShip?: boolean;
  isStasisShip?: boolean;
  droneUser?: boolean;
  isDroneBombardment?: boolean;
  coEligible?: boolean;
  /** Whether it receives COs when medium ground bases do (`co.mediumGroundBaseEligible`, ISS-A124). */
  coEligibleWithMediumGb?: boolean;
  // Defenses (defenses/): the SC3 command ship of UTD7.34, the ground-base site of UTD7.34 and
  // the phaser-IV ground base an NPE may not field (UTD5.4674); absent in hand-made test catalogs.
  isCommandShip?: boolean;
  needsPlanetSite?: boolean;
  hasPhaserIv?: boolean;
}

export interface UnitCatalog {
  version: string;
  get(unitId: string): UnitInfo | undefined;
  all(): readonly UnitInfo[];
  /** refits.csv edges out of a configuration (UTD6.375); a catalog without them has none. */
  refitsFrom?(unitId: string): readonly import('./catalog/types.ts').RefitEdge[];
  /** conversions.csv edges out of a configuration (UTD6.376#2); a catalog without them has none. */
  conversionsFrom?(unitId: string): readonly import('./catalog/types.ts').ConversionEdge[];
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
      yearRetired: u.yearRetired,
      isLargeFreighter: u.isLargeFreighter,
      cargoBoxes: u.cargoBoxes,
      cargoContainers: u.cargoContainers ?? 0,
      isQShip: u.isQShip,
      isTroopShip: u.isTroopShip,
      isMinesweeper: u.isMinesweeper,
      repairFreighter: u.repairFreighter,
      groundBaseSize: u.groundBaseSize,
      groundBaseRole: u.groundBaseRole,
      sidcorsFactors: u.sidcorsFactors,
      sidcorsEw: u.sidcorsEw,
      sidcorsCloak: u.sidcorsCloak,
      bpvCombat: u.bpvCombat,
      turnModeClass: u.turnModeClass,
      weaponArcs: u.weaponArcs,
      feCommandRating: u.feCommandRating,
      feHullType: u.feHullType,
      fleetRole: u.fleetRole,
      flagBridgeBoxes: u.flagBridgeBoxes,
      fcpRow: u.fcpRow,
      fcpCost: u.fcpCost,
      leaderKind: u.leaderKind,
      battlePods: u.battlePods,
      carriesSmallCraft: u.carriesSmallCraft,
      maxSpeed: u.maxSpeed,
      damageControl: u.damageControl,
      tractorBeams: u.tractorBeams,
      fighters: u.fighters,
      fighterSpares: u.fighterSpares,
      fighterTypeId: u.fighterTypeId,
      pfs: u.pfs,
      pfSpares: u.pfSpares,
      pfTypeId: u.pfTypeId,
      fighterEquivalents: u.fighterEquivalents,
      carrierType: u.carrierType,
      isEscort: u.isEscort,
      escortRequirement: u.escortRequirement,
      isMauler: u.isMauler,
      shipyardCapacity: u.shipyardCapacity,
      dryDockPositions: u.dryDockPositions,
      worksBoxes: u.worksBoxes,
      hullFamily: u.hullFamily,
      isDreadnought: u.isDreadnought,
      isBattleship: u.isBattleship,
      isBattleTug: u.isBattleTug,
      isXShip: u.isXShip,
      isStasisShip: u.isStasisShip,
      droneUser: u.droneUser,
      isDroneBombardment: u.isDroneBombardment,
      coEligible: isCoEligible(u),
      coEligibleWithMediumGb: isCoEligible(u, true),
      isCommandShip: u.isCommandShip,
      needsPlanetSite: u.needsPlanetSite,
      hasPhaserIv: u.hasPhaserIv,
      restricted: u.isBattleship
        ? 'battleship'
        : u.isXShip
          ? 'X-ship'
          : u.isConjectural
            ? 'conjectural'
            : u.unitKind === 'base_large'
              ? 'large base'
              : null,
    }),
  );
  const byId = new Map(infos.map((u) => [u.unitId, u]));
  const refits = new Map<string, import('./catalog/types.ts').RefitEdge[]>();
  for (const e of catalog.refits) refits.set(e.fromUnitId, [...(refits.get(e.fromUnitId) ?? []), e]);
  const conversions = new Map<string, import('./catalog/types.ts').ConversionEdge[]>();
  for (const e of catalog.conversions) conversions.set(e.fromUnitId, [...(conversions.get(e.fromUnitId) ?? []), e]);
  return {
    version: catalog.version,
    get: (id) => byId.get(id),
    all: () => infos,
    refitsFrom: (id) => refits.get(id) ?? [],
    conversionsFrom: (id) => conversions.get(id) ?? [],
  };
}
