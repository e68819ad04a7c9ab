import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  GALAXY_FILL,
  SECTOR_MAP_SIZE,
  WARLORD_COLOURS,
  galaxyCell,
  galaxyMapSize,
  renderWarlordGalaxy,
  renderWarlordSector,
  sectorHexCentre,
  sectorPanelLines,
} from '../../src/render/warlord-maps.ts';
import { rgbOf } from '../../src/render/theme.ts';
import { RenderPool } from '../../src/render/pool.ts';
import { generateGalaxy } from '../../src/rules/warlord/galaxy.ts';
import { addressName, hexName } from '../../src/rules/warlord/hex.ts';
import { MONSTER_CORP, type WarlordState, defaultSettings } from '../../src/rules/warlord/state.ts';
import { galaxyView, reportSectors, sectorView } from '../../src/rules/warlord/view.ts';
import { compareSnapshot, decode, hasColourNear, rgbAt, close } from './pixels.ts';

const snap = (name: string) => fileURLToPath(new URL(`./__snapshots__/${name}`, import.meta.url));

/**
 * Two corporations on a 4×4 galaxy. Alpha (1) knows its home sector (the initial build's map,
 * §11.6), one hex it entered in a neighbouring sector with the site there (§6), and a sighting
 * of Beta's ships and of a monster in its home sector (SCAN SHIP, §4.9).
 */
function game(): WarlordState {
  const s = generateGalaxy({
    seed: 11,
    settings: { ...defaultSettings({ width: 4, height: 4 }), wildSectors: 1 },
    corps: [
      { id: 1, name: 'Alpha' },
      { id: 2, name: 'Beta' },
    ],
  });
  const alpha = s.corps[0]!;
  const home = alpha.homeOffice;
  const k = s.knowledge[1]!;
  // A site in the sector to the east, entered once: its hex and values are known.
  const east = (home.sx + 1) % 4;
  const site = s.sites.find((x) => x.at.sx === east && x.at.sy === home.sy && x.kind !== 'HO')!;
  k.hexes.push(addressName(site.at));
  k.sites[addressName(site.at)] = { production: { ...site.production }, owner: null, turn: 1 };
  const inHome = (col: number, row: number) => `${home.sx}${home.sy}-${hexName({ col, row })}`;
  k.sightings.push({ where: inHome(3, 3), count: 2, owner: 2, turn: 1 });
  k.sightings.push({ where: inHome(12, 12), count: null, owner: MONSTER_CORP, turn: 1 });
  return s;
}

describe('Warlord pictures drawn from one corporation’s knowledge (§8, §11.3 fog of war)', () => {
  it('drawn in a render worker (the bot draws them there) they are the same bytes: the views are plain data', async () => {
    const s = game();
    const home = s.corps[0]!.homeOffice;
    const sector = sectorView(s, 1, { x: home.sx, y: home.sy });
    const galaxy = galaxyView(s, 1);
    const pool = new RenderPool({ size: 1 });
    try {
      expect((await pool.run({ kind: 'warlord-sector', view: sector })).equals(await renderWarlordSector(sector))).toBe(
        true,
      );
      expect((await pool.run({ kind: 'warlord-galaxy', view: galaxy })).equals(await renderWarlordGalaxy(galaxy))).toBe(
        true,
      );
      expect(pool.stats()).toMatchObject({ inThread: false, crashes: 0 });
    } finally {
      await pool.close();
    }
  });

  it('sector map of the home sector: terrain known, own HO and ships, sightings and the monster seen; snapshot', async () => {
    const s = game();
    const home = s.corps[0]!.homeOffice;
    const v = sectorView(s, 1, { x: home.sx, y: home.sy });
    expect(v.scanned).toBe(true);
    expect(v.hexes.every((h) => h !== null)).toBe(true);
    const ho = v.hexes[(home.row - 1) * 16 + (home.col - 1)]!;
    expect(ho.site).toMatchObject({ kind: 'HO', owner: 'own', homeOffice: true });
    expect(ho.site!.production).toEqual({ PE: 100, OR: 100, DC: 100, FP: 100 });
    expect(v.ships.map((m) => [m.hex, m.kind, m.count])).toEqual(
      expect.arrayContaining([
        ['0303', 'sighted', 2],
        ['1212', 'monster', null],
      ]),
    );
    expect(v.ships.some((m) => m.kind === 'own')).toBe(true);
    const png = await renderWarlordSector(v);
    const img = await decode(png);
    expect([img.width, img.height]).toEqual([SECTOR_MAP_SIZE.width, SECTOR_MAP_SIZE.height]);
    // The sighting and monster marks sit on the right of their hexes (own ships on the left).
    const m = sectorHexCentre(12, 12);
    expect(hasColourNear(img, m.x + 13, m.y - 8, 3, rgbOf(WARLORD_COLOURS.monster))).toBe(true);
    const g = sectorHexCentre(3, 3);
    expect(hasColourNear(img, g.x + 13, g.y - 8, 3, rgbOf(WARLORD_COLOURS.sighted))).toBe(true);
    expect(await compareSnapshot(png, snap('warlord-sector.png'))).toBeLessThan(0.005);
  });

  it('a hex the corporation has not seen is drawn as unknown although the game state has a site there', async () => {
    const s = game();
    const home = s.corps[0]!.homeOffice;
    const east = (home.sx + 1) % 4;
    const entered = Object.keys(s.knowledge[1]!.sites)[0]!;
    // A site in the same sector that Alpha never entered nor scanned.
    const hidden = s.sites.find((x) => x.at.sx === east && x.at.sy === home.sy && addressName(x.at) !== entered)!;
    expect(hidden).toBeDefined();
    const v = sectorView(s, 1, { x: east, y: home.sy });
    expect(v.scanned).toBe(false);
    expect(v.hexes.filter((h) => h !== null)).toHaveLength(1);
    expect(v.hexes[(hidden.at.row - 1) * 16 + (hidden.at.col - 1)]).toBeNull();
    const known = v.hexes.find((h) => h !== null)!;
    expect(`${east}${home.sy}-${known.name}`).toBe(entered);
    expect(known.site?.production).not.toBeNull();
    // Beta's ships present in that sector are not drawn: Alpha has no sighting there.
    s.ships.push({ ...s.ships.find((x) => x.owner === 2)!, id: 'spy', at: { ...hidden.at } });
    expect(sectorView(s, 1, { x: east, y: home.sy }).ships).toEqual([]);
    const img = await decode(await renderWarlordSector(sectorView(s, 1, { x: east, y: home.sy })));
    const c = sectorHexCentre(hidden.at.col, hidden.at.row);
    expect(close(rgbAt(img, Math.round(c.x), Math.round(c.y)), rgbOf(WARLORD_COLOURS.unknown))).toBe(true);
    expect(hasColourNear(img, c.x + 13, c.y - 8, 4, rgbOf(WARLORD_COLOURS.sighted))).toBe(false);
    expect(sectorPanelLines(v).join('\n')).not.toContain(hexName(hidden.at));
  });

  it('a report draws the home sector, then each sector its ships are in (purchase order), at most the limit', () => {
    const s = game();
    const home = s.corps[0]!.homeOffice;
    const own = s.ships.filter((x) => x.owner === 1);
    expect(reportSectors(s, 1, 8)).toEqual([{ x: home.sx, y: home.sy }]);
    const base = own[0]!;
    s.ships.push(
      { ...base, id: 'far', seq: 900, at: { sx: 3, sy: 3, col: 5, row: 5 } },
      { ...base, id: 'near', seq: 800, at: { sx: 1, sy: 2, col: 5, row: 5 } },
      { ...base, id: 'wreck', seq: 700, internals: base.hp + 1, at: { sx: 0, sy: 3, col: 5, row: 5 } },
    );
    expect(reportSectors(s, 1, 8)).toEqual([
      { x: home.sx, y: home.sy },
      { x: 1, y: 2 },
      { x: 3, y: 3 },
    ]);
    expect(reportSectors(s, 1, 2)).toHaveLength(2);
  });

  it('galaxy overview: own home scanned, a visited sector, Beta’s home unknown; snapshot', async () => {
    const s = game();
    const home = s.corps[0]!.homeOffice;
    const beta = s.corps[1]!.homeOffice;
    const v = galaxyView(s, 1);
    const at = (x: number, y: number) => v.sectors.find((c) => c.x === x && c.y === y)!;
    expect(at(home.sx, home.sy)).toMatchObject({ known: 'scanned', home: 'own', ownSites: 1, sighted: 3 });
    expect(at(home.sx, home.sy).ownShips).toBeGreaterThan(0);
    expect(at((home.sx + 1) % 4, home.sy).known).toBe('visited');
    // Beta's home sector holds its HO and ships, but Alpha has seen none of it.
    expect(at(beta.sx, beta.sy)).toMatchObject({ known: 'unknown', home: null, ownShips: 0, sighted: 0 });
    const png = await renderWarlordGalaxy(v);
    const img = await decode(png);
    expect([img.width, img.height]).toEqual(Object.values(galaxyMapSize(v)));
    const cb = galaxyCell(beta.sx, beta.sy);
    expect(close(rgbAt(img, cb.x + 20, cb.y + cb.size - 14), rgbOf(GALAXY_FILL.unknown))).toBe(true);
    const ch = galaxyCell(home.sx, home.sy);
    expect(hasColourNear(img, ch.x + 4, ch.y + 40, 3, rgbOf(WARLORD_COLOURS.home))).toBe(true);
    // Once Alpha scans Beta's home sector its HO shows there.
    s.knowledge[1]!.terrainSectors.push(`${beta.sx}${beta.sy}`);
    expect(galaxyView(s, 1).sectors.find((c) => c.x === beta.sx && c.y === beta.sy)!.home).toBe('other');
    expect(await compareSnapshot(png, snap('warlord-galaxy.png'))).toBeLessThan(0.005);
  });
});
