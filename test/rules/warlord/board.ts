import { SAMPLE_CATALOG } from '../../../src/rules/warlord/catalog.ts';
import { gameCatalog, generateGalaxy } from '../../../src/rules/warlord/galaxy.ts';
import { type Address, parseAddress } from '../../../src/rules/warlord/hex.ts';
import { newShip, type Ship } from '../../../src/rules/warlord/ships.ts';
import { fortification } from '../../../src/rules/warlord/forts.ts';
import { type Site, type WarlordState, defaultSettings, hexAt } from '../../../src/rules/warlord/state.ts';

/** A 4×4 galaxy with one wild sector, and its sample catalog: the board the turn tests play on. */
export const settings = { ...defaultSettings({ width: 4, height: 4 }), wildSectors: 1 };
export const catalog = gameCatalog(SAMPLE_CATALOG, settings);

/** The address a test names (`'1101'`-style, §4.1); a typo is an error, not a silent miss. */
export function at(s: string): Address {
  const a = parseAddress(settings.galaxy, s);
  if (!a) throw new Error(s);
  return a;
}

/**
 * Two corporations, Alpha (1) and Beta (2), on a cleared board in turn 2 (year 167): no ships, and
 * every hex but the Home Offices empty space without sites or monsters.
 */
export function clearedBoard(): WarlordState {
  const s = generateGalaxy({
    seed: 3,
    settings,
    corps: [
      { id: 1, name: 'Alpha' },
      { id: 2, name: 'Beta' },
    ],
  });
  s.ships = [];
  s.turn = 2;
  s.year = 167;
  for (const sec of s.sectors)
    for (const h of sec.hexes) if (h.point !== 'HO') Object.assign(h, { point: 'ES', area: 'ES', prospect: 0 });
  s.sites = s.sites.filter((x) => x.kind === 'HO');
  return s;
}

/** A new ship of `typeId` for `owner` at `where`, with `over` laid on it. */
export function addShip(
  s: WarlordState,
  typeId: string,
  owner: number,
  where: string,
  over: Record<string, unknown> = {},
): Ship {
  const t = catalog.get(typeId);
  if (!t) throw new Error(typeId);
  const seq = s.nextSeq++;
  const ship = { ...newShip(t, { id: `s${seq}`, owner, seq, at: at(where), turn: 0 }), ...over } as Ship;
  s.ships.push(ship);
  return ship;
}

/** A planet of `owner` at `where` with `forts` (the cleared board has no sites but the HOs). */
export function addSite(s: WarlordState, where: string, owner: number | null, forts = 0): Site {
  const x: Site = {
    at: at(where),
    kind: 'PL',
    production: { PE: 30, OR: 25, DC: 35, FP: 28 },
    owner,
    fort: fortification(forts),
    officers: [],
    devastated: false,
    raidedBy: null,
    moons: 0,
    moonsActive: false,
    capturedTurn: null,
    homeOfficeOf: null,
  };
  s.sites.push(x);
  hexAt(s, x.at).point = 'PL';
  return x;
}
