/**
 * The campaign map (UTD4.1): sectors joined by undirected warp lanes. Movement happens only along
 * lanes, so the lane list is the whole of the map's game meaning; coordinates only serve drawing.
 *
 * Everything here is plain JSON (no Maps, no class instances) so a map can be stored, sent to the
 * renderer, exported and re-imported unchanged. FORMAT.md documents the file format.
 */

export interface MapSector {
  /** Admin label, unique within the map (`map_key` in the state model). Letters, digits, `-`, `_`. */
  key: string;
  /**
   * Optional display name. Sectors are normally named by their first explorer (UTD4.12), so a
   * map usually leaves this empty; when present it follows UTD4.12 (≤ 32 characters, unique).
   */
  name?: string;
  /** Drawing position (`render_x`, `render_y`); any finite numbers, y grows downwards. */
  x?: number;
  y?: number;
  /** Present on home sectors only: the 0-based player slot whose home this is (UTD4.32). */
  home?: number;
}

/** An undirected warp lane between two sector keys; `[a, b]` and `[b, a]` are the same lane. */
export type Lane = [string, string];

export interface MapSpec {
  /** Optional title shown when the map is put to the approval vote (UTD8.16). */
  title?: string;
  sectors: MapSector[];
  lanes: Lane[];
}

/** Limits that keep hostile or mistaken files from costing the bot real work. */
export const MAP_LIMITS = {
  maxSectors: 500,
  maxLanes: 2000,
  /** Characters of JSON text accepted before parsing. A 500-sector map with names is ~100 kB. */
  maxTextLength: 1_000_000,
  maxKeyLength: 32,
  /** UTD4.12: sector names are at most 32 characters. */
  maxNameLength: 32,
  maxTitleLength: 100,
  /** Lanes per home sector (UTD8.15). */
  homeLanes: 2,
  /** One player per allowed empire (UTD8.111 lists 13, UTD8.113 makes them unique). */
  minPlayers: 2,
  maxPlayers: 13,
} as const;

/** How many lanes out from a home the fairness report counts reachable sectors (1, 2, 3). */
export const REACH_RADII = [1, 2, 3] as const;

/** One player's view of the map, as computed by `fairnessReport`. */
export interface PlayerFairness {
  slot: number;
  homeKey: string;
  /** Lane distance to each home, indexed by slot (own slot 0); null when that home is unreachable. */
  distanceToHome: (number | null)[];
  /** Mean and maximum over the other homes; null if one is unreachable or there is no other home. */
  meanDistance: number | null;
  maxDistance: number | null;
  /** Distance to the closest other home. */
  nearestHome: number | null;
  /** `sectorsWithin[i]` = non-home sectors at most `REACH_RADII[i]` lanes away. */
  sectorsWithin: number[];
  /** Non-home sectors strictly closer to this home than to every other home. */
  territory: number;
}

export interface FairnessReport {
  players: PlayerFairness[];
  /** max − min over players of each per-player figure (0 = perfectly even). */
  spread: {
    meanDistance: number;
    maxDistance: number;
    nearestHome: number;
    sectorsWithin: number[];
    territory: number;
  };
  /** Non-home sectors at equal distance from two or more nearest homes (nobody's territory). */
  contested: number;
  /** Non-home sectors that no home can reach. */
  unreachable: number;
  /** Pairs of lanes whose drawings cross; null when some sector has no coordinates. */
  crossings: number | null;
  /** Weighted sum of the spreads; lower is fairer (see `fairnessScore`). */
  score: number;
  /** One paragraph for the approval vote (UTD8.16). */
  summary: string;
}
