/**
 * Star Fleet Warlord's numeric tables as typed data (rulebook §3, §7, §8, §9, App B–N; transcribed
 * from the digest's tables T1–T28 in ../shared/research/other-systems/warlord-digest.md §e). Every
 * table keyed by a closed union is a `Record`, so a missing row is a compile error.
 */

/** The four resources (§7.1, T9). An EP is one unit of each. */
export const RESOURCES = ['PE', 'OR', 'DC', 'FP'] as const;
export type Resource = (typeof RESOURCES)[number];

/** Race letters (§2, T28). */
export const RACES = [
  'A',
  'C',
  'D',
  'F',
  'G',
  'H',
  'I',
  'J',
  'K',
  'L',
  'M',
  'O',
  'R',
  'S',
  'T',
  'W',
  'X',
  'Z',
] as const;
export type Race = (typeof RACES)[number];

export const RACE_NAMES: Record<Race, string> = {
  A: 'Andromedan',
  C: 'Civilian',
  D: 'Lyran Democratic Republic',
  F: 'Federation',
  G: 'Gorn',
  H: 'Hydran',
  I: 'ISC',
  J: 'Jindarian',
  K: 'Klingon',
  L: 'Lyran',
  M: 'Nasty Space Monsters',
  O: 'Orion',
  R: 'Romulan',
  S: 'Seltorian',
  T: 'Tholian',
  W: 'WYN',
  X: 'Frax',
  Z: 'Kzinti',
};

/** Crew level a new ship arrives with (§8.2, T28): Federation 4, Frax 5, the rest 3. */
export function purchaseCrew(race: Race): number {
  if (race === 'F') return 4;
  if (race === 'X') return 5;
  return 3;
}

/** Ship classes (§3.5, T1): typical price band and default speed. */
export const SHIP_CLASSES = ['PC', 'FF', 'DD', 'DW', 'CL', 'CW', 'CA', 'BCH', 'DN', 'BB'] as const;
export type ShipClass = (typeof SHIP_CLASSES)[number] | 'AUX';

export const CLASS_TABLE: Record<ShipClass, { name: string; cost: [number, number]; speed: number }> = {
  PC: { name: 'Police Cutter', cost: [40, 60], speed: 5 },
  FF: { name: 'Frigate', cost: [60, 90], speed: 5 },
  DD: { name: 'Destroyer', cost: [90, 110], speed: 5 },
  DW: { name: 'War (Heavy) Destroyer', cost: [100, 120], speed: 5 },
  CL: { name: 'Light Cruiser', cost: [100, 120], speed: 4 },
  CW: { name: 'War (Medium) Cruiser', cost: [110, 130], speed: 4 },
  CA: { name: 'Heavy Cruiser', cost: [120, 170], speed: 4 },
  BCH: { name: 'Heavy Battlecruiser', cost: [170, 200], speed: 4 },
  DN: { name: 'Dreadnought', cost: [200, 280], speed: 3 },
  BB: { name: 'Battleship', cost: [300, 400], speed: 3 },
  // Warp gates, monitors, repair docks, freighters: Civilian hulls outside the warship bands.
  AUX: { name: 'Auxiliary', cost: [15, 250], speed: 2 },
};

/** Damage levels (§3.7, §10.2, T3): the upper bound of internals as a percentage of HP, and the factor penalty. */
export const DAMAGE_LEVELS = ['none', 'L', 'M', 'H', 'C'] as const;
export type DamageLevel = (typeof DAMAGE_LEVELS)[number];
export const DAMAGE_TABLE: Record<DamageLevel, { maxPct: number; pct: number; name: string }> = {
  none: { maxPct: 0, pct: 0, name: 'undamaged' },
  L: { maxPct: 25, pct: -33, name: 'light' },
  M: { maxPct: 50, pct: -40, name: 'medium' },
  H: { maxPct: 75, pct: -50, name: 'heavy' },
  C: { maxPct: 100, pct: -67, name: 'crippled' },
};

/**
 * The damage level of `internals` points against `hp` (T3: light ≤25%, medium 26–50%, heavy 51–75%,
 * crippled 76–100%; destroyed when internals exceed HP). Percentages are compared exactly, so
 * 18/36 = 50% is medium and 19/36 = 52.8% heavy (§10.5 "can take no more than 2 more points").
 */
export function damageLevel(internals: number, hp: number): DamageLevel | 'destroyed' {
  if (internals <= 0) return 'none';
  if (internals > hp) return 'destroyed';
  const pct = (internals * 100) / hp;
  if (pct <= 25) return 'L';
  if (pct <= 50) return 'M';
  if (pct <= 75) return 'H';
  return 'C';
}

/** Crew modifier (§8.2, T4): ±10% of base AF and DF per level away from 3; crew 0 defends at −50%. */
export function crewPct(crew: number, defending: boolean): number {
  if (crew === 0 && defending) return -50;
  return (crew - 3) * 10;
}

/** Optional items (§8.1, T12). */
export const ITEMS = ['fighters', 'pfs', 'drones', 'commandos', 'tbombs', 'mrs'] as const;
export type Item = (typeof ITEMS)[number];
export type Items = Record<Item, number>;
export const NO_ITEMS: Items = { fighters: 0, pfs: 0, drones: 0, commandos: 0, tbombs: 0, mrs: 0 };

export const ITEM_TABLE: Record<Item, { factor: number; nominal: number; order: string; support: number }> = {
  fighters: { factor: 4, nominal: 5, order: 'BF', support: 5 },
  pfs: { factor: 15, nominal: 20, order: 'BP', support: 20 },
  drones: { factor: 1, nominal: 1, order: 'BD', support: 0 },
  commandos: { factor: 2, nominal: 3, order: 'BC', support: 10 },
  tbombs: { factor: 3, nominal: 4, order: 'BT', support: 0 },
  // MRS add +15% DF (a percentage, not a flat value) and absorb damage (§8.1).
  mrs: { factor: 0, nominal: 4, order: 'BM', support: 0 },
};

/** Fortification tiers (§9.4, T13). */
export const BASE_TIERS = ['none', 'defsats', 'BS', 'BATS', 'SB', 'WB', 'MB'] as const;
export type BaseTier = (typeof BASE_TIERS)[number];
export const TIER_TABLE: Record<BaseTier, { min: number; name: string; bombardPct: number }> = {
  none: { min: 0, name: 'unfortified', bombardPct: 0 },
  defsats: { min: 1, name: 'defsats', bombardPct: 0 },
  BS: { min: 200, name: 'Base Station', bombardPct: 0 },
  BATS: { min: 300, name: 'Battle Station', bombardPct: -10 },
  SB: { min: 600, name: 'Starbase', bombardPct: -20 },
  WB: { min: 1000, name: 'Warbase', bombardPct: -30 },
  MB: { min: 2000, name: 'Megabase', bombardPct: -50 },
};

/** The tier a fort total forms (T13): bases form automatically at 200/300/600/1000/2000. */
export function baseTier(forts: number): BaseTier {
  let tier: BaseTier = 'none';
  for (const t of BASE_TIERS) if (forts >= TIER_TABLE[t].min) tier = t;
  return tier;
}

/** Sites (§7.3, T10, T18a): major sites count for sector bonuses and victory. */
export const SITE_KINDS = [
  'PL',
  'GG',
  'PG',
  'DP',
  'DA',
  'CO',
  'MO',
  'WP',
  'BP',
  'GP',
  'RP',
  'CS',
  'NS',
  'AC',
  'HO',
] as const;
export type SiteKind = (typeof SITE_KINDS)[number];
type Range = readonly [number, number] | null;
export const SITE_TABLE: Record<SiteKind, { major: boolean; name: string; produce: Record<Resource, Range> }> = {
  PL: { major: true, name: 'Planet', produce: { PE: [21, 40], OR: [21, 40], DC: [21, 40], FP: [21, 40] } },
  GG: { major: true, name: 'Gas Giant', produce: { PE: [21, 40], OR: [41, 60], DC: null, FP: [21, 40] } },
  PG: { major: true, name: 'Planet at Gas Giant', produce: { PE: [21, 40], OR: [21, 40], DC: null, FP: [41, 60] } },
  DP: { major: true, name: 'Dual Planet', produce: { PE: [61, 80], OR: null, DC: null, FP: [21, 40] } },
  DA: { major: true, name: 'Dilithium Asteroid', produce: { PE: null, OR: null, DC: [81, 100], FP: null } },
  CO: { major: true, name: 'Comet', produce: { PE: null, OR: [21, 40], DC: [41, 60], FP: [21, 40] } },
  MO: { major: true, name: 'Molten Ores', produce: { PE: null, OR: [61, 80], DC: [21, 40], FP: null } },
  WP: { major: true, name: 'Wandering Planetoid', produce: { PE: [41, 60], OR: null, DC: null, FP: [41, 60] } },
  BP: { major: true, name: 'Bizarre Planetoid', produce: { PE: [21, 40], OR: [21, 40], DC: [21, 40], FP: [21, 40] } },
  GP: { major: false, name: 'Gas Pocket', produce: { PE: null, OR: null, DC: [11, 40], FP: null } },
  RP: { major: false, name: 'Repair Planetoid', produce: { PE: null, OR: [11, 20], DC: null, FP: null } },
  CS: { major: false, name: 'Cold Star', produce: { PE: [11, 20], OR: null, DC: null, FP: null } },
  NS: { major: false, name: 'Neutron Star', produce: { PE: null, OR: null, DC: null, FP: [11, 20] } },
  AC: { major: false, name: 'Academy Center', produce: { PE: [1, 5], OR: [1, 5], DC: [1, 5], FP: [1, 5] } },
  HO: { major: true, name: 'Home Office', produce: { PE: [100, 100], OR: [100, 100], DC: [100, 100], FP: [100, 100] } },
};

/** Point terrain that is not a site (App D, T18a) and area terrain (App E, T18b). */
export const POINT_TERRAIN = ['ES', 'BH', 'VP', 'WD', 'WH', 'NO', 'SN'] as const;
export type PointTerrain = (typeof POINT_TERRAIN)[number];
export const AREA_TERRAIN = [
  'ES',
  'AF',
  'AZ',
  'CC',
  'DC',
  'DS',
  'GW',
  'HZ',
  'IS',
  'MM',
  'MS',
  'NE',
  'NF',
  'OM',
  'RZ',
  'SC',
  'SZ',
  'TZ',
  'WS',
] as const;
export type AreaTerrain = (typeof AREA_TERRAIN)[number];

/**
 * Area terrain data (App E, T18b): entry damage range, prospecting range, and whether scans and
 * cloaks work there. `entryDamage` null means the entry effect is not damage (or none).
 */
export const AREA_TABLE: Record<
  AreaTerrain,
  { name: string; entryDamage: Range; prospect: Range; noScan: boolean; wildOnly: boolean }
> = {
  ES: { name: 'Empty Space', entryDamage: null, prospect: null, noScan: false, wildOnly: false },
  AF: { name: 'Asteroid Field', entryDamage: [5, 10], prospect: [60, 100], noScan: false, wildOnly: false },
  AZ: { name: 'Antimatter Zone', entryDamage: null, prospect: null, noScan: false, wildOnly: false },
  CC: { name: 'Cloak Cloud', entryDamage: null, prospect: null, noScan: false, wildOnly: false },
  DC: { name: 'Dust Cloud', entryDamage: [1, 1], prospect: [40, 60], noScan: false, wildOnly: false },
  DS: { name: 'Dust Storm', entryDamage: [1, 1], prospect: [40, 60], noScan: false, wildOnly: false },
  GW: { name: 'Gravity Well', entryDamage: null, prospect: null, noScan: false, wildOnly: false },
  HZ: { name: 'Heat Zone', entryDamage: [5, 20], prospect: null, noScan: false, wildOnly: false },
  IS: { name: 'Ion Storm', entryDamage: null, prospect: null, noScan: true, wildOnly: false },
  MM: { name: 'Magnetic Meteors', entryDamage: [40, 60], prospect: [80, 120], noScan: false, wildOnly: true },
  MS: { name: 'Meteor Swarm', entryDamage: [1, 15], prospect: [60, 80], noScan: false, wildOnly: false },
  NE: { name: 'Nebula', entryDamage: null, prospect: [30, 50], noScan: true, wildOnly: false },
  NF: { name: 'Negative Energy Field', entryDamage: null, prospect: [80, 120], noScan: true, wildOnly: false },
  OM: { name: 'Old Minefield', entryDamage: [25, 50], prospect: null, noScan: false, wildOnly: false },
  RZ: { name: 'Radiation Zone', entryDamage: null, prospect: null, noScan: false, wildOnly: false },
  SC: { name: 'Star Cluster', entryDamage: null, prospect: [20, 40], noScan: true, wildOnly: false },
  SZ: { name: 'Stasis Zone', entryDamage: null, prospect: [20, 40], noScan: false, wildOnly: true },
  TZ: { name: 'Toll Zone', entryDamage: null, prospect: null, noScan: false, wildOnly: false },
  WS: { name: 'Weak Space', entryDamage: null, prospect: null, noScan: false, wildOnly: false },
};

export const POINT_TABLE: Record<PointTerrain, { name: string; prospect: Range; noScan: boolean }> = {
  ES: { name: 'Empty Space', prospect: null, noScan: false },
  BH: { name: 'Black Hole', prospect: null, noScan: false },
  VP: { name: 'Variable Pulsar', prospect: [150, 200], noScan: false },
  WD: { name: 'White Dwarf', prospect: null, noScan: false },
  WH: { name: 'White Hole', prospect: [0, 0], noScan: false },
  NO: { name: 'Nova', prospect: null, noScan: true },
  // A supernova is always 100 with no modifiers (App D, G21).
  SN: { name: 'Supernova', prospect: [100, 100], noScan: true },
};

/** Site prospecting values (T18a): "Low 20-30" and the like; sites with none get null. */
export const SITE_PROSPECT: Record<SiteKind, Range> = {
  PL: null,
  GG: [20, 30],
  PG: [20, 30],
  DP: null,
  DA: [20, 30],
  CO: [20, 30],
  MO: [20, 30],
  WP: [40, 60],
  BP: null,
  GP: [80, 120],
  RP: null,
  CS: null,
  NS: null,
  AC: null,
  HO: null,
};

/** Combat tactics (App M, T23): per number, the races that fight best and worst with it. */
export interface TacticRow {
  attack: string;
  attackBest: readonly Race[];
  attackWorst: readonly Race[];
  defense: string;
  defenseBest: readonly Race[];
  defenseWorst: readonly Race[];
}
export const TACTICS: readonly TacticRow[] = [
  { attack: 'Basic', attackBest: [], attackWorst: [], defense: 'Basic', defenseBest: [], defenseWorst: [] },
  {
    attack: 'Overrun',
    attackBest: ['D', 'L', 'O'],
    attackWorst: ['K', 'I', 'T', 'S'],
    defense: 'Retrograde',
    defenseBest: ['F'],
    defenseWorst: ['L', 'D'],
  },
  {
    attack: 'Knife-Fighting',
    attackBest: ['K'],
    attackWorst: ['W'],
    defense: 'Sit & Spin',
    defenseBest: ['W'],
    defenseWorst: ['F', 'A', 'X'],
  },
  {
    attack: 'Sniping',
    attackBest: ['F'],
    attackWorst: ['R'],
    defense: 'Minelaying',
    defenseBest: ['R'],
    defenseWorst: ['Z'],
  },
  {
    attack: 'Echelon',
    attackBest: ['I'],
    attackWorst: ['Z', 'X'],
    defense: 'Overrun',
    defenseBest: ['D', 'H', 'O'],
    defenseWorst: ['K', 'T', 'S'],
  },
  {
    attack: 'Oblique',
    attackBest: ['R', 'X'],
    attackWorst: ['L', 'D'],
    defense: 'In & Out',
    defenseBest: ['L', 'A', 'S'],
    defenseWorst: ['I'],
  },
  {
    attack: 'Ballet',
    attackBest: ['G'],
    attackWorst: ['F'],
    defense: 'Station Keeping',
    defenseBest: ['K', 'X'],
    defenseWorst: ['O'],
  },
  {
    attack: 'Minelaying',
    attackBest: ['A'],
    attackWorst: ['G'],
    defense: 'Wagon Train',
    defenseBest: ['I', 'T'],
    defenseWorst: ['H'],
  },
  {
    attack: 'Cautious',
    attackBest: ['Z', 'T'],
    attackWorst: ['H', 'O'],
    defense: 'Ballet',
    defenseBest: ['G'],
    defenseWorst: ['W'],
  },
  {
    attack: 'Mizia',
    attackBest: ['W', 'H', 'S'],
    attackWorst: ['A'],
    defense: 'Directed Damage',
    defenseBest: ['Z'],
    defenseWorst: ['R', 'G'],
  },
];

/** The tactic percentage for a race (§10.1): +15% best, −15% worst, ISC Echelon attack +30%. */
export function tacticPct(race: Race, tactic: number, attacking: boolean): number {
  const row = TACTICS[tactic];
  if (!row) return 0;
  if (attacking) {
    if (row.attackBest.includes(race)) return race === 'I' && tactic === 4 ? 30 : 15;
    return row.attackWorst.includes(race) ? -15 : 0;
  }
  if (row.defenseBest.includes(race)) return 15;
  return row.defenseWorst.includes(race) ? -15 : 0;
}

/** Generic missions (App H, T20) and their capacity by class column. */
export const MISSIONS = ['B', 'D', 'L', 'M', 'P', 'R', 'T', 'V', 'K', 'S', 'Y', 'I', 'E', 'H', 'N', 'Z', 'F'] as const;
export type Mission = (typeof MISSIONS)[number];
type ClassColumn = 'PC' | 'FF' | 'DD' | 'CL' | 'CA';
export function classColumn(c: ShipClass): ClassColumn {
  if (c === 'PC' || c === 'FF') return c;
  if (c === 'DD' || c === 'DW') return 'DD';
  if (c === 'CL' || c === 'CW') return 'CL';
  return 'CA';
}
/** Extra capacity a mission gives by class column (T20). */
export const MISSION_CAPACITY: Partial<Record<Mission, { item: Item | 'repair'; by: Record<ClassColumn, number> }>> = {
  L: { item: 'drones', by: { PC: 4, FF: 8, DD: 12, CL: 16, CA: 24 } },
  P: { item: 'pfs', by: { PC: 1, FF: 2, DD: 4, CL: 6, CA: 6 } },
  R: { item: 'repair', by: { PC: 3, FF: 4, DD: 6, CL: 8, CA: 10 } },
  T: { item: 'commandos', by: { PC: 2, FF: 3, DD: 4, CL: 6, CA: 8 } },
  V: { item: 'fighters', by: { PC: 2, FF: 4, DD: 6, CL: 12, CA: 12 } },
  K: { item: 'fighters', by: { PC: 2, FF: 4, DD: 6, CL: 12, CA: 12 } },
};

/** UPGR extra capacity by race (§4.9, T8): [BB/DN, FF/PC, all others]. */
export const UPGRADE_CAPACITY: Record<
  Race,
  { item: Item | 'crew' | null; by: [number, number, number] } | 'forbidden'
> = {
  F: { item: 'crew', by: [1, 1, 1] },
  K: { item: 'drones', by: [16, 4, 8] },
  Z: { item: 'drones', by: [16, 4, 8] },
  W: { item: 'drones', by: [16, 4, 8] },
  O: { item: 'drones', by: [16, 4, 8] },
  X: { item: 'drones', by: [16, 4, 8] },
  G: { item: 'commandos', by: [4, 1, 2] },
  S: { item: 'commandos', by: [4, 1, 2] },
  J: { item: 'commandos', by: [4, 1, 2] },
  H: { item: 'fighters', by: [4, 1, 2] },
  L: { item: 'pfs', by: [2, 0, 1] },
  D: { item: 'pfs', by: [2, 0, 1] },
  T: { item: 'tbombs', by: [4, 1, 2] },
  R: { item: 'tbombs', by: [4, 1, 2] },
  I: { item: 'tbombs', by: [4, 1, 2] },
  A: { item: 'tbombs', by: [4, 1, 2] },
  C: { item: null, by: [0, 0, 0] },
  M: 'forbidden',
};

/** Legendary officer types (§8.3, App L); P is a Prime Team (§8.4). */
export const OFFICERS = ['A', 'M', 'S', 'N', 'E', 'D', 'W', 'C'] as const;
export type Officer = (typeof OFFICERS)[number];

/** Officer pickup cost as a percentage of the ship's base cost (§4.9, T6). */
export function officerPickupPct(o: Officer | 'P'): number {
  if (o === 'C') return 75;
  if (o === 'P') return 100;
  return 20;
}

/** Monster families (App J, T24). Codes are namespaced (`M-SC`) because they clash with terrain codes. */
export interface MonsterRow {
  code: string;
  name: string;
  ep: number;
  speed: number;
  family: string;
}
export const MONSTERS: readonly MonsterRow[] = [
  { code: 'SC', name: 'Star Crusher', ep: 950, speed: 4, family: 'SC' },
  { code: 'PC', name: 'Planet Crusher', ep: 225, speed: 4, family: 'SC' },
  { code: 'MC', name: 'Moon Crusher', ep: 115, speed: 4, family: 'SC' },
  { code: 'EVD', name: 'Emperor Void Demon', ep: 900, speed: 5, family: 'EVD' },
  { code: 'KVD', name: 'King Void Demon', ep: 400, speed: 5, family: 'EVD' },
  { code: 'LVD', name: 'Large Void Demon', ep: 210, speed: 5, family: 'EVD' },
  { code: 'MVD', name: 'Medium Void Demon', ep: 140, speed: 5, family: 'EVD' },
  { code: 'VD', name: 'Small Void Demon', ep: 110, speed: 5, family: 'EVD' },
  { code: 'SD', name: 'Soul Devourer', ep: 750, speed: 4, family: 'SD' },
  { code: 'GSB', name: 'Great Space Brain', ep: 350, speed: 4, family: 'SD' },
  { code: 'MM', name: 'Mind Monster', ep: 170, speed: 4, family: 'SD' },
  { code: 'RC', name: 'Radiation Creature', ep: 130, speed: 4, family: 'SD' },
  { code: 'GS', name: 'Ghost Ship', ep: 750, speed: 4, family: 'GS' },
  { code: 'WS', name: 'Wraith Ship', ep: 250, speed: 4, family: 'GS' },
  { code: 'PS', name: 'Phantom Ship', ep: 165, speed: 4, family: 'GS' },
  { code: 'EB', name: 'Entropy Beast', ep: 600, speed: 4, family: 'EB' },
  { code: 'EM', name: 'Energy Monster', ep: 135, speed: 4, family: 'EB' },
  { code: 'ASD', name: 'Ancient Space Dragon', ep: 500, speed: 4, family: 'ASD' },
  { code: 'OSD', name: 'Old Space Dragon', ep: 300, speed: 4, family: 'ASD' },
  { code: 'MSD', name: 'Mature Space Dragon', ep: 200, speed: 4, family: 'ASD' },
  { code: 'YSD', name: 'Young Space Dragon', ep: 100, speed: 4, family: 'ASD' },
  { code: 'BL', name: 'Banshee Lord', ep: 450, speed: 4, family: 'BL' },
  { code: 'LBS', name: 'Large Banshee Swarm', ep: 175, speed: 4, family: 'BL' },
  { code: 'SBS', name: 'Small Banshee Swarm', ep: 125, speed: 4, family: 'BL' },
  { code: 'SSRP', name: 'Star Serpent', ep: 300, speed: 4, family: 'SSRP' },
  { code: 'SSNK', name: 'Sun Snake', ep: 125, speed: 4, family: 'SSRP' },
  { code: 'PSS', name: 'Phase Space Spider', ep: 180, speed: 4, family: 'PSS' },
  { code: 'LSS', name: 'Large Space Spider', ep: 155, speed: 4, family: 'PSS' },
  { code: 'HSS', name: 'Hatchling Space Spider', ep: 125, speed: 4, family: 'PSS' },
  { code: 'REP', name: 'Replicator', ep: 160, speed: 4, family: 'REP' },
  { code: 'GER', name: 'Gerrymander', ep: 150, speed: 4, family: 'REP' },
  { code: 'LIC', name: 'Living Ion Cloud', ep: 150, speed: 4, family: 'LIC' },
  { code: 'CC', name: 'Cosmic Cloud', ep: 110, speed: 4, family: 'LIC' },
  { code: 'MIR', name: 'Mirrorodon', ep: 100, speed: 4, family: 'MIR' },
];

/** Order limits and prices (§9.1, §9.9, App P, T17). */
export const LIMITS = {
  baseMiscOrders: 10,
  maxMiscOrders: 20,
  boFromTurn: 5,
  boFiveMax: 5,
  boTenFromTurn: 10,
  boTenMax: 10,
  boPerOrder: 24,
  boPackageOfTen: 200,
  boPerm: 200,
  maxPurchasesPerTurn: 20,
  slots: 6,
  maxSpeed: 6,
  messageChars: 90,
  nameChars: 20,
  aPctRange: [75, 150] as const,
  aPctDefault: 90,
  pPctRange: [90, 250] as const,
  loanCapTimesStock: 5,
  lastLoanYear: 170,
  startYear: 165,
} as const;
