/**
 * Seeded galaxy generation (§4.1, §6, §7.3, §2.20, App B–E). The text gives the shape (a wrapping
 * grid of 16×16 sectors; home sectors with the HO near the middle; wild sectors with nastier
 * terrain, MM and SZ, and a strong monster; one monster per sector) but none of the numbers
 * (digest h.3 #4); those are `WarlordSettings` fields, documented in docs/rules-notes.md.
 * One recorded seed reproduces the whole galaxy (src/rules/prng.ts).
 */
import { mulberry32 } from '../prng.ts';
import { SAMPLE_CATALOG, type ShipType } from './catalog.ts';
import { type Resources, roundHalfUp } from './economy.ts';
import { fortification } from './forts.ts';
import type { Address } from './hex.ts';
import { newShip } from './ships.ts';
import {
  type Hex,
  MONSTER_CORP,
  type Sector,
  type SectorKind,
  type Site,
  type WarlordSettings,
  type WarlordState,
  emptyKnowledge,
  newCorporation,
} from './state.ts';
import {
  AREA_TABLE,
  type AreaTerrain,
  MONSTERS,
  type MonsterRow,
  POINT_TABLE,
  type PointTerrain,
  RESOURCES,
  SITE_PROSPECT,
  SITE_TABLE,
  type SiteKind,
} from './tables.ts';

type Rng = () => number;
const int = (rng: Rng, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)] as T;

/** Major sites by frequency (§7.3: DA "very rare", CO "common"; HO look-alikes excluded from BP). */
const MAJOR_WEIGHTS: [SiteKind, number][] = [
  ['PL', 6],
  ['GG', 4],
  ['PG', 3],
  ['DP', 2],
  ['DA', 1],
  ['CO', 5],
  ['MO', 2],
  ['WP', 2],
];
const MINOR_KINDS: SiteKind[] = ['CS', 'NS', 'RP', 'GP'];
/** Area terrain in every sector (the minimal set, h.5) and the wild-only kinds. */
const AREA_WEIGHTS: [AreaTerrain, number][] = [
  ['AF', 5],
  ['DC', 4],
  ['NE', 3],
  ['RZ', 2],
  ['GW', 1],
  ['WS', 1],
  ['OM', 2],
];
const WILD_AREA: [AreaTerrain, number][] = [...AREA_WEIGHTS, ['MM', 2], ['SZ', 1]];
const POINT_KINDS: PointTerrain[] = ['BH', 'VP', 'NO'];

function weighted<T>(rng: Rng, table: readonly [T, number][]): T {
  const total = table.reduce((t, [, w]) => t + w, 0);
  let r = rng() * total;
  for (const [v, w] of table) {
    r -= w;
    if (r < 0) return v;
  }
  return (table[table.length - 1] as [T, number])[0];
}

function production(rng: Rng, kind: SiteKind): Resources {
  const out = { PE: 0, OR: 0, DC: 0, FP: 0 };
  for (const r of RESOURCES) {
    const band = SITE_TABLE[kind].produce[r];
    if (band) out[r] = int(rng, band[0], band[1]);
  }
  return out;
}

function prospectValue(rng: Rng, point: PointTerrain | SiteKind, area: AreaTerrain): number {
  const bands = [
    (POINT_TABLE as Record<string, { prospect: readonly [number, number] | null }>)[point]?.prospect,
    SITE_PROSPECT[point as SiteKind],
    AREA_TABLE[area].prospect,
  ];
  let best = 0;
  for (const b of bands) if (b) best = Math.max(best, int(rng, b[0], b[1]));
  return best;
}

/** The combat type of a monster (App J gives only EP; factors per EP are settings). */
export function monsterType(m: MonsterRow, s: WarlordSettings): ShipType {
  const k = s.monsterPerEP;
  return {
    id: `M-${m.code}`,
    race: 'M',
    designation: m.code,
    cls: 'AUX',
    variants: '',
    year: 165,
    cost: m.ep,
    speed: m.speed,
    af: roundHalfUp(m.ep * k.af),
    df: roundHalfUp(m.ep * k.df),
    sf: roundHalfUp(m.ep * k.sf),
    hp: roundHalfUp(m.ep * k.hp),
    capacity: { fighters: 0, pfs: 0, drones: 0, commandos: 0, tbombs: 0, mrs: 0, repair: 0 },
    mission: null,
    cloak: false,
    sample: true,
  };
}

export interface NewGame {
  seed: number;
  settings: WarlordSettings;
  corps: { id: number; name: string }[];
  /** The starting warp gate's type (§1.5); the catalog's C-WG by default. */
  warpGate?: ShipType;
}

/**
 * A new game: sectors (players' home sectors spread over the grid, `wildSectors` wild ones, the
 * rest open), sites with production drawn uniformly in the T10 bands, area and point terrain,
 * prospecting values in the T18 bands, and one monster per sector (weak at home, strong in the
 * wild). Each corporation gets its HO (a 200-fort Base Station, §1.5) near the sector's middle.
 */
export function generateGalaxy(g: NewGame): WarlordState {
  const rng = mulberry32(g.seed);
  const { width, height } = g.settings.galaxy;
  const n = width * height;
  if (g.corps.length > n - g.settings.wildSectors) throw new Error('more corporations than sectors');
  // Home sectors spread by stepping through the grid with a stride coprime to its size.
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  const kinds: SectorKind[] = Array.from({ length: n }, () => 'open');
  const homeOf: (number | null)[] = Array.from({ length: n }, () => null);
  const spread = spreadSlots(width, height, g.corps.length, rng);
  g.corps.forEach((c, i) => {
    const idx = spread[i] as number;
    kinds[idx] = 'home';
    homeOf[idx] = c.id;
  });
  let wild = 0;
  for (const idx of order) {
    if (wild >= g.settings.wildSectors) break;
    if (kinds[idx] === 'open') {
      kinds[idx] = 'wild';
      wild++;
    }
  }

  const sectors: Sector[] = [];
  const sites: Site[] = [];
  const state: WarlordState = {
    turn: 0,
    year: 165,
    settings: g.settings,
    sectors,
    sites,
    corps: [],
    ships: [],
    prices: {},
    boughtThisTurn: {},
    nextSeq: 1,
    knowledge: {},
    headings: {},
    winner: null,
  };
  for (let sy = 0; sy < height; sy++)
    for (let sx = 0; sx < width; sx++) {
      const idx = sy * width + sx;
      const kind = kinds[idx] as SectorKind;
      const areaPct = kind === 'wild' ? g.settings.areaPct.wild : g.settings.areaPct.home;
      const hexes: Hex[] = Array.from({ length: 256 }, () => ({ point: 'ES', area: 'ES', prospect: 0 }));
      for (const h of hexes)
        if (rng() * 100 < areaPct) h.area = weighted(rng, kind === 'wild' ? WILD_AREA : AREA_WEIGHTS);
      const free = Array.from({ length: 256 }, (_, i) => i);
      const take = (filter: (i: number) => boolean): number => {
        const choices = free.filter(filter);
        const i = pick(rng, choices);
        free.splice(free.indexOf(i), 1);
        return i;
      };
      const addr = (i: number): Address => ({ sx, sy, col: (i % 16) + 1, row: Math.floor(i / 16) + 1 });
      const owner = homeOf[idx] ?? null;
      if (owner !== null) {
        // The HO is "somewhere near the middle" and never has area terrain (§4.1, §7.3).
        const i = take((i) => i % 16 >= 6 && i % 16 <= 9 && Math.floor(i / 16) >= 6 && Math.floor(i / 16) <= 9);
        const hex = hexes[i] as Hex;
        hex.point = 'HO';
        hex.area = 'ES';
        sites.push({
          at: addr(i),
          kind: 'HO',
          production: { PE: 100, OR: 100, DC: 100, FP: 100 },
          owner,
          fort: fortification(200),
          officers: [],
          devastated: false,
          raidedBy: null,
          moons: 0,
          moonsActive: false,
          capturedTurn: null,
          homeOfficeOf: owner,
        });
      }
      const majors = int(rng, g.settings.majorSites[0], g.settings.majorSites[1]);
      const minors = int(rng, g.settings.minorSites[0], g.settings.minorSites[1]);
      const place = (k: SiteKind) => {
        const i = take(() => true);
        const hex = hexes[i] as Hex;
        hex.point = k;
        sites.push({
          at: addr(i),
          kind: k,
          production: production(rng, k),
          owner: null,
          fort: fortification(0),
          officers: [],
          devastated: false,
          raidedBy: null,
          moons: k === 'GG' ? int(rng, 1, 4) : k === 'PL' || k === 'PG' ? int(rng, 0, 2) : 0,
          moonsActive: false,
          capturedTurn: null,
          homeOfficeOf: null,
        });
      };
      for (let m = 0; m < majors; m++) place(weighted(rng, MAJOR_WEIGHTS));
      for (let m = 0; m < minors; m++) place(pick(rng, MINOR_KINDS));
      const points = int(rng, g.settings.pointTerrain[0], g.settings.pointTerrain[1]);
      for (let m = 0; m < points; m++) (hexes[take(() => true)] as Hex).point = pick(rng, POINT_KINDS);
      for (const h of hexes) h.prospect = h.point === 'HO' ? 0 : prospectValue(rng, h.point, h.area);
      sectors.push({ x: sx, y: sy, kind, homeOf: owner, hexes });
      // One monster per sector (§2.20): weak in home sectors, strong in wild ones.
      const pool = MONSTERS.filter((m) => (kind === 'wild' ? m.ep >= 300 : m.ep <= 175));
      const monster = pick(rng, pool);
      const t = monsterType(monster, g.settings);
      const at = addr(take((i) => (hexes[i] as Hex).area === 'ES'));
      const seq = state.nextSeq++;
      state.ships.push(newShip(t, { id: `m${seq}`, owner: MONSTER_CORP, seq, at, turn: 0, name: monster.name }));
      state.headings[`m${seq}`] = int(rng, 1, 6) as 1 | 2 | 3 | 4 | 5 | 6;
    }

  g.corps.forEach((c, i) => {
    const ho = sites.find((s) => s.homeOfficeOf === c.id);
    if (!ho) throw new Error('home office missing');
    state.corps.push(
      newCorporation({
        id: c.id,
        name: c.name,
        cycle: i + 1,
        homeOffice: ho.at,
        stock: int(rng, g.settings.startStock[0], g.settings.startStock[1]),
        treasury: g.settings.startTreasury,
      }),
    );
    state.knowledge[c.id] = emptyKnowledge();
    // Every corporation starts with one mobile Warp Gate at its HO (§1.5, §3.2).
    const wg = g.warpGate ?? SAMPLE_CATALOG.find((t) => t.id === 'C-WG');
    if (!wg) throw new Error('no C-WG in the catalog');
    const seq = state.nextSeq++;
    state.ships.push(newShip(wg, { id: `s${seq}`, owner: c.id, seq, at: ho.at, turn: 0, name: `${c.name} Gate` }));
  });
  return state;
}

/** Home sectors as far apart as the grid allows: the first at random, then farthest-first. */
function spreadSlots(width: number, height: number, count: number, rng: Rng): number[] {
  const n = width * height;
  const dist = (a: number, b: number) => {
    const dx = Math.abs((a % width) - (b % width));
    const dy = Math.abs(Math.floor(a / width) - Math.floor(b / width));
    return Math.min(dx, width - dx) + Math.min(dy, height - dy);
  };
  const chosen = [Math.floor(rng() * n)];
  while (chosen.length < count) {
    let best = -1;
    let bestD = -1;
    for (let i = 0; i < n; i++) {
      if (chosen.includes(i)) continue;
      const d = Math.min(...chosen.map((c) => dist(c, i)));
      if (d > bestD) {
        bestD = d;
        best = i;
      }
    }
    chosen.push(best);
  }
  return chosen;
}

/** The ship list a game runs with: its catalog plus the monster types (corp 998). */
export function gameCatalog(types: readonly ShipType[], s: WarlordSettings): Map<string, ShipType> {
  const out = new Map(types.map((t) => [t.id, t]));
  for (const m of MONSTERS) {
    const t = monsterType(m, s);
    out.set(t.id, t);
  }
  return out;
}
