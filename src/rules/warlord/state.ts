/**
 * The state of a Warlord game: galaxy, sites, corporations, ships, prices and what each
 * corporation knows. Plain JSON data, so it can be folded from events and stored.
 */
import type { CombatSettings } from './combat.ts';
import { COMBAT_DEFAULTS } from './combat.ts';
import { type Resources, SUPPLY_DEMAND_DEFAULTS, type SupplyDemandSettings, each, zero } from './economy.ts';
import type { Fortification } from './forts.ts';
import type { Address, Galaxy } from './hex.ts';
import type { Ship } from './ships.ts';
import type { AreaTerrain, Items, Officer, PointTerrain, Race, SiteKind } from './tables.ts';
import { LIMITS, NO_ITEMS } from './tables.ts';

/** Corporation numbers of the computer forces (§2.20–2.23). */
export const MONSTER_CORP = 998;

export interface WarlordSettings {
  galaxy: Galaxy;
  /** Wild sectors (§4.1): nastier terrain, stronger monsters, MM and SZ only there. */
  wildSectors: number;
  /** Major and minor sites per sector (the text gives none: digest h.3 #4). */
  majorSites: [number, number];
  minorSites: [number, number];
  /** Chance (percent) that a hex has area terrain, home/other sectors and wild sectors. */
  areaPct: { home: number; wild: number };
  /** Point terrain hexes (BH, VP, NO) per sector. */
  pointTerrain: [number, number];
  startTreasury: number;
  startStock: [number, number];
  /** Victory (§11.1, h.4 #1): all major sites of N sectors, or M major sites. */
  victorySectors: number;
  victorySites: number;
  loanRatePct: number;
  supplyDemand: SupplyDemandSettings;
  /** Base BOMB hit chance per drone (T5 gives only modifiers). */
  bombardBasePct: number;
  combat: CombatSettings;
  /** Monster factors per EP of its App J value (monster stats are not in the text). */
  monsterPerEP: { af: number; df: number; sf: number; hp: number };
  /**
   * The chance (percent) that a monster passing right next to a player's site turns to attack it
   * (§2.23 gives none); absent in games created before the setting: `MONSTER_TURN_TO_SITE_PCT`.
   */
  monsterTurnToSitePct?: number;
  /**
   * How many corporations each of the NTG's public top lists names (rankings.ts); absent in games
   * created before the setting: `RANKINGS_TOP` (3).
   */
  rankingsTop?: number;
  /** Process as soon as every sheet is in (else at the deadline). */
  processWhenAllIn: boolean;
}

export function defaultSettings(galaxy: Galaxy): WarlordSettings {
  return {
    galaxy,
    wildSectors: Math.max(1, Math.floor((galaxy.width * galaxy.height) / 4)),
    majorSites: [8, 10],
    minorSites: [2, 4],
    areaPct: { home: 15, wild: 30 },
    pointTerrain: [0, 2],
    startTreasury: 300,
    startStock: [31, 35],
    // The book's 8 sectors / 90 sites are for 10×10; smaller galaxies scale to a quarter of the
    // sectors (at least 3) and 30 major sites (at least), both per-game settings (h.4 #1).
    victorySectors:
      galaxy.width * galaxy.height >= 100 ? 8 : Math.max(3, Math.ceil((galaxy.width * galaxy.height) / 4)),
    victorySites:
      galaxy.width * galaxy.height >= 100 ? 90 : Math.max(30, Math.round(0.1 * galaxy.width * galaxy.height * 9)),
    loanRatePct: 10,
    supplyDemand: SUPPLY_DEMAND_DEFAULTS,
    bombardBasePct: 50,
    combat: COMBAT_DEFAULTS,
    monsterPerEP: { af: 0.4, df: 0.35, sf: 0.3, hp: 0.35 },
    processWhenAllIn: true,
  };
}

export interface Hex {
  point: PointTerrain | SiteKind;
  area: AreaTerrain;
  /** Prospecting value left (§7.6); 0 once prospected. */
  prospect: number;
}

export type SectorKind = 'home' | 'wild' | 'open';

export interface Sector {
  x: number;
  y: number;
  kind: SectorKind;
  /** The corporation whose ORIGINAL home sector this is. */
  homeOf: number | null;
  /** 256 hexes, row-major: index (row−1)·16 + (col−1). */
  hexes: Hex[];
}

export interface Site {
  at: Address;
  kind: SiteKind;
  production: Resources;
  owner: number | null;
  fort: Fortification;
  officers: Officer[];
  devastated: boolean;
  /** Raided since its owner's last turn (§7.8); the raider collects next turn. */
  raidedBy: number | null;
  moons: number;
  moonsActive: boolean;
  capturedTurn: number | null;
  /** The corporation's original Home Office (§2.23: computer forces never attack it). */
  homeOfficeOf: number | null;
}

export interface CorpSettings {
  aPct: number;
  pPct: number;
  attackTactic: number;
  defenseTactic: number;
  ally: number | null;
  defendAgainst: number | null;
  reversedOrders: boolean;
  reversedMoves: boolean;
  /** RO/RM take effect next turn (§9.9). */
  pending: { reversedOrders?: boolean; reversedMoves?: boolean };
  boPerm: boolean;
  nameHeader: string;
}

export interface Corporation {
  id: number;
  name: string;
  /** Position in the processing cycle (§11.3). */
  cycle: number;
  treasury: Resources;
  loan: number;
  stock: number;
  primaries: Race[];
  homeOffice: Address;
  settings: CorpSettings;
  stockpile: Items & { decoys: number };
  officerPool: Officer[];
  /** Extra misc orders bought for this turn with BO (§9.9). */
  extraOrders: number;
  /** Raid income to arrive on this corporation's next Income Phase (§7.8). */
  raidIncome: Resources;
  waivedInRow: number;
  eliminated: boolean;
}

export interface WarlordState {
  turn: number;
  year: number;
  settings: WarlordSettings;
  sectors: Sector[];
  sites: Site[];
  corps: Corporation[];
  ships: Ship[];
  /** Current S&D price per ship type (§3.4). */
  prices: Record<string, number>;
  /** Copies bought per type this game turn by players (for the NTG update). */
  boughtThisTurn: Record<string, number>;
  nextSeq: number;
  knowledge: Record<number, Knowledge>;
  /** Heading of each computer ship (§2.23), by ship id. */
  headings: Record<string, 1 | 2 | 3 | 4 | 5 | 6>;
  winner: number | null;
}

/**
 * What a corporation knows (fog of war, §8, §11.3): sectors whose terrain it scanned or visited,
 * site values learned on entry, and ship sightings ("ghost images", dated by turn). Later phases
 * (listening posts, espionage, starbase scans) add entries of their own kinds.
 */
export interface Knowledge {
  terrainSectors: string[];
  /** Hexes seen (terrain known), as `SS-CCRR`. */
  hexes: string[];
  /** Site production learned on first entry (§6): `SS-CCRR` → resources and owner seen. */
  sites: Record<string, { production: Resources; owner: number | null; turn: number }>;
  sightings: { where: string; count: number | null; owner: number | null; turn: number }[];
  /**
   * Battle reports (§10.4): the attacker's at once, the defender's on its next turn (`visibleFrom`
   * is the game turn of the defender's next processing: this one when its cycle position comes
   * later, else the next; docs/rules-notes.md). Its turn report of that turn carries it.
   */
  battles: BattleKnown[];
}

/** A battle as a corporation knows it (§10.4): where, who, the outcome, and what each side lost. */
export interface BattleKnown {
  turn: number;
  visibleFrom: number;
  where: string;
  attacker: number;
  defender: number;
  outcome: string;
  rounds: number;
  /** Ships destroyed on each side, by name and type (absent in records older than this field). */
  lost?: { attacker: string[]; defender: string[] };
  /** The site in the hex changed hands (captured, or left uncontrolled by a monster). */
  siteTaken?: boolean;
}

export const emptyKnowledge = (): Knowledge => ({
  terrainSectors: [],
  hexes: [],
  sites: {},
  sightings: [],
  battles: [],
});

export function newCorpSettings(): CorpSettings {
  return {
    aPct: LIMITS.aPctDefault,
    pPct: 0,
    attackTactic: 0,
    defenseTactic: 0,
    ally: null,
    defendAgainst: null,
    reversedOrders: false,
    reversedMoves: false,
    pending: {},
    boPerm: false,
    nameHeader: '',
  };
}

/**
 * A new corporation (§1.4–1.5, G1): 300 of each resource, a Home Office, one legendary officer of
 * each type except Captain in the pool, stock 31–35.
 */
export function newCorporation(p: {
  id: number;
  name: string;
  cycle: number;
  homeOffice: Address;
  stock: number;
  treasury: number;
}): Corporation {
  return {
    id: p.id,
    name: p.name,
    cycle: p.cycle,
    treasury: each(p.treasury),
    loan: 0,
    stock: p.stock,
    primaries: [],
    homeOffice: p.homeOffice,
    settings: newCorpSettings(),
    stockpile: { ...NO_ITEMS, decoys: 0 },
    officerPool: ['A', 'M', 'S', 'N', 'E', 'D', 'W'],
    extraOrders: 0,
    raidIncome: zero(),
    waivedInRow: 0,
    eliminated: false,
  };
}

export function hexAt(s: WarlordState, a: Address): Hex {
  const sector = s.sectors[a.sy * s.settings.galaxy.width + a.sx];
  const hex = sector?.hexes[(a.row - 1) * 16 + (a.col - 1)];
  if (!hex) throw new Error(`no hex at ${a.sx}${a.sy}-${a.col}/${a.row}`);
  return hex;
}

export function sectorAt(s: WarlordState, sx: number, sy: number): Sector {
  const sector = s.sectors[sy * s.settings.galaxy.width + sx];
  if (!sector) throw new Error(`no sector ${sx}${sy}`);
  return sector;
}
