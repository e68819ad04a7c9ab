/**
 * What one corporation may see of the galaxy, as the plain input of its pictures (a sector map and
 * the galaxy overview, src/render/warlord-*.ts). Built ONLY from its knowledge store (§8, §11.3:
 * scanned sectors, hexes its ships have seen, site values learned on entry, ship sightings) plus
 * what it owns; a hex it has not seen is `null` here whatever the game state holds, so the render
 * layer cannot leak it.
 */
import type { Resources } from './economy.ts';
import { type SectorId, SECTOR_SIZE, addressName, hexName, sectorName } from './hex.ts';
import { isBase, tierStatus } from './forts.ts';
import { MONSTER_CORP, type WarlordState } from './state.ts';
import type { AreaTerrain, PointTerrain, SiteKind } from './tables.ts';
import { SITE_TABLE } from './tables.ts';

export interface KnownSite {
  kind: SiteKind;
  /** Production, only when learned (entered, or owned). */
  production: Resources | null;
  /** 'own' when it is the viewer's; another corporation's number as last seen; null unowned/unknown. */
  owner: 'own' | number | null;
  /** Base tier of an own site (a base's tier is not learned of others' sites). */
  base: string | null;
  homeOffice: boolean;
}

export interface KnownHex {
  /** `CCRR` inside the sector. */
  name: string;
  area: AreaTerrain;
  /** Point terrain that is not a site; null when the hex has a site or none. */
  point: PointTerrain | null;
  site: KnownSite | null;
}

export interface ShipMark {
  /** `CCRR` inside the sector. */
  hex: string;
  /** Ships there (own: exact; a sighting: null when the scan was too weak to count, §4.9). */
  count: number | null;
  kind: 'own' | 'sighted' | 'monster';
  /** The owner as sighted (crew 9 scan); null when unknown. */
  owner: number | null;
  /** Game turn of the sighting (a "ghost image" may be stale). */
  turn: number;
}

export interface SectorView {
  sector: string;
  turn: number;
  corpName: string;
  /** Row-major, 256 entries, index (row−1)·16 + (col−1); null = not seen. */
  hexes: (KnownHex | null)[];
  ships: ShipMark[];
  /** The whole sector's terrain was scanned (or it is the home sector). */
  scanned: boolean;
}

export interface GalaxySectorView {
  sector: string;
  x: number;
  y: number;
  /** 'scanned' = terrain known; 'visited' = some hexes seen; 'unknown' = nothing. */
  known: 'scanned' | 'visited' | 'unknown';
  /** A home sector the viewer knows of: its own, or one where it has seen the Home Office. */
  home: 'own' | 'other' | null;
  ownShips: number;
  ownSites: number;
  /** Foreign ships sighted there (sum of counted sightings; uncounted ones count as 1). */
  sighted: number;
}

export interface GalaxyView {
  turn: number;
  corpName: string;
  width: number;
  height: number;
  sectors: GalaxySectorView[];
}

const alive = (s: { internals: number; hp: number }) => s.internals <= s.hp;

function corpName(state: WarlordState, corp: number): string {
  const c = state.corps.find((x) => x.id === corp);
  if (!c) throw new Error(`no corporation ${corp}`);
  return c.name;
}

/** One sector as `corp` knows it. */
export function sectorView(state: WarlordState, corp: number, s: SectorId): SectorView {
  const k = state.knowledge[corp];
  const sec = sectorName(s);
  const home = state.corps.find((c) => c.id === corp)?.homeOffice;
  const scanned =
    (k?.terrainSectors.includes(sec) ?? false) || (home !== undefined && home.sx === s.x && home.sy === s.y);
  const seen = new Set(k?.hexes ?? []);
  const sector = state.sectors[s.y * state.settings.galaxy.width + s.x];
  if (!sector) throw new Error(`no sector ${sec}`);
  const hexes: (KnownHex | null)[] = [];
  for (let row = 1; row <= SECTOR_SIZE; row++)
    for (let col = 1; col <= SECTOR_SIZE; col++) {
      const at = { sx: s.x, sy: s.y, col, row };
      const full = addressName(at);
      const site = state.sites.find((x) => x.at.sx === s.x && x.at.sy === s.y && x.at.col === col && x.at.row === row);
      const own = site?.owner === corp;
      if (!scanned && !seen.has(full) && !own) {
        hexes.push(null);
        continue;
      }
      const hex = sector.hexes[(row - 1) * SECTOR_SIZE + (col - 1)];
      if (!hex) throw new Error(`no hex ${full}`);
      const learned = k?.sites[full];
      const kind = (site?.kind ?? null) as SiteKind | null;
      hexes.push({
        name: hexName(at),
        area: hex.area,
        point: kind || hex.point in SITE_TABLE ? null : (hex.point as PointTerrain),
        site: kind
          ? {
              kind,
              production: own && site ? { ...site.production } : learned ? { ...learned.production } : null,
              owner: own ? 'own' : (learned?.owner ?? null),
              base: own && site && isBase(site.fort) ? tierStatus(site.fort) : null,
              homeOffice: kind === 'HO',
            }
          : null,
      });
    }
  const ships: ShipMark[] = [];
  const ownAt = new Map<string, number>();
  for (const x of state.ships)
    if (x.owner === corp && alive(x) && x.at.sx === s.x && x.at.sy === s.y) {
      const h = hexName(x.at);
      ownAt.set(h, (ownAt.get(h) ?? 0) + 1);
    }
  for (const [hex, count] of ownAt) ships.push({ hex, count, kind: 'own', owner: corp, turn: state.turn });
  for (const g of k?.sightings ?? []) {
    if (!g.where.startsWith(`${sec}-`)) continue;
    ships.push({
      hex: g.where.slice(3),
      count: g.count,
      kind: g.owner === MONSTER_CORP ? 'monster' : 'sighted',
      owner: g.owner,
      turn: g.turn,
    });
  }
  ships.sort((a, b) => a.hex.localeCompare(b.hex) || a.kind.localeCompare(b.kind));
  return { sector: sec, turn: state.turn, corpName: corpName(state, corp), hexes, ships, scanned };
}

/** The galaxy's sector grid as `corp` knows it. */
export function galaxyView(state: WarlordState, corp: number): GalaxyView {
  const { width, height } = state.settings.galaxy;
  const k = state.knowledge[corp];
  const home = state.corps.find((c) => c.id === corp)?.homeOffice;
  const sectors: GalaxySectorView[] = [];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const sec = sectorName({ x, y });
      const inSec = (where: string) => where.startsWith(`${sec}-`);
      const seenHexes = (k?.hexes ?? []).filter(inSec);
      const isOwnHome = home !== undefined && home.sx === x && home.sy === y;
      const scanned = isOwnHome || (k?.terrainSectors.includes(sec) ?? false);
      // Another corporation's HO is known once its hex has been seen (entered or scanned).
      const otherHome = state.sites.some(
        (site) =>
          site.kind === 'HO' &&
          site.owner !== corp &&
          site.at.sx === x &&
          site.at.sy === y &&
          (scanned || seenHexes.includes(addressName(site.at))),
      );
      sectors.push({
        sector: sec,
        x,
        y,
        known: scanned ? 'scanned' : seenHexes.length > 0 ? 'visited' : 'unknown',
        home: isOwnHome ? 'own' : otherHome ? 'other' : null,
        ownShips: state.ships.filter((s) => s.owner === corp && alive(s) && s.at.sx === x && s.at.sy === y).length,
        ownSites: state.sites.filter((s) => s.owner === corp && s.at.sx === x && s.at.sy === y).length,
        sighted: (k?.sightings ?? []).filter((g) => inSec(g.where)).reduce((t, g) => t + (g.count ?? 1), 0),
      });
    }
  return { turn: state.turn, corpName: corpName(state, corp), width, height, sectors };
}

/**
 * The sectors a turn report draws for `corp`: its home sector first, then each sector its ships
 * are in, in the order of the ships' purchase, at most `max`.
 */
export function reportSectors(state: WarlordState, corp: number, max: number): SectorId[] {
  const c = state.corps.find((x) => x.id === corp);
  if (!c) throw new Error(`no corporation ${corp}`);
  const at: SectorId[] = [{ x: c.homeOffice.sx, y: c.homeOffice.sy }];
  for (const s of [...state.ships].sort((a, b) => a.seq - b.seq))
    if (s.owner === corp && alive(s) && !at.some((a) => a.x === s.at.sx && a.y === s.at.sy))
      at.push({ x: s.at.sx, y: s.at.sy });
  return at.slice(0, max);
}
