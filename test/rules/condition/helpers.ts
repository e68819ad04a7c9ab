import { sampleCatalog } from '../../../src/app/catalogs.ts';
import type { CampaignState, Ship, UnitInfo } from '../../../src/rules/thunderdome/index.ts';
import { catalogWith } from '../shipyards/yard-harness.ts';
import { Game, mappedGame } from '../td3/harness.ts';

/** The sample catalog's Lyran CA with some fields changed: test-only carriers, tenders and their craft. */
function variant(unitId: string, extra: Partial<UnitInfo>): UnitInfo {
  return {
    ...sampleCatalog().get('LYR-CA')!,
    unitId,
    hullCode: unitId.slice(4),
    name: unitId,
    hullFamily: unitId,
    yearAvailable: 150,
    ...extra,
  };
}

/**
 * Test units (hand-made, as a campaign admin's catalog would give them): a carrier of 12 fighters
 * and 4 spares (TC-076), a small carrier of 6 + 2, a heavy-fighter carrier listing 12 fighter
 * equivalents (6 heavy fighters), a PF tender of 6 PFs and 2 spares, and their craft.
 */
export const TEST_UNITS: UnitInfo[] = [
  variant('LYR-CV', { mc: 60, fighters: 12, fighterSpares: 4, fighterTypeId: 'LYR-FTR', tractorBeams: 2 }),
  variant('LYR-CVS', {
    mc: 30,
    sizeClass: 4,
    fighters: 6,
    fighterSpares: 2,
    fighterTypeId: 'LYR-FTR',
    tractorBeams: 1,
    bpv: '90',
  }),
  variant('LYR-HCV', { mc: 60, fighters: 12, fighterSpares: 4, fighterTypeId: 'LYR-HFTR' }),
  variant('LYR-PFT', { mc: 60, pfs: 6, pfSpares: 2, pfTypeId: 'LYR-PF' }),
  variant('LYR-FTR', { unitKind: 'fighter', mc: 5, bpv: '6', fighterEquivalents: 1, tractorBeams: 0 }),
  variant('LYR-HFTR', { unitKind: 'heavy_fighter', mc: 10, bpv: '10', fighterEquivalents: 2, tractorBeams: 0 }),
  variant('LYR-PF', { unitKind: 'pf', mc: 30, bpv: '20', tractorBeams: 0 }),
];

export const testCatalog = () => catalogWith(sampleCatalog(), TEST_UNITS);

/**
 * As td3/harness `startedGame`, with the test units in the catalog: p1 (Lyran), p2 (Kzinti), p3
 * (Hydran) on TEST_MAP, seats p1, p2, p3, each with fleet 1 at home (or the first fleet with room
 * when `slot` is null); p1's turn 1 has begun.
 */
export function conditionGame(ships: Record<string, string[]> = {}, slot: number | null = 1): Game {
  const g = new Game();
  g.catalog = testCatalog();
  mappedGame(g);
  g.dice(900, 500, 100).do('p1', { type: 'start' });
  const defaults: Record<string, string[]> = {
    p1: ['LYR-CA', 'LYR-FF'],
    p2: ['KZI-CA', 'KZI-FF'],
    p3: ['HYD-CA', 'HYD-FF'],
  };
  for (const p of ['p1', 'p2', 'p3']) {
    for (const unit of ships[p] ?? defaults[p]!) g.do(p, { type: 'setup-buy', unitId: unit, fleetSlot: slot });
  }
  for (const p of ['p1', 'p2', 'p3']) g.do(p, { type: 'setup-ready', ready: true });
  return g;
}

export function shipOf(g: Game, unitId: string, n = 0): Ship {
  return g.state.ships.filter((s) => s.unitId === unitId)[n]!;
}

export function byId(g: Game, id: string): Ship {
  return g.state.ships.find((s) => s.id === id)!;
}

/** Moves p1's fleet `slot` (and its ships) to `sector` as if it had started the turn there. */
export function placeFleet(s: CampaignState, owner: string, slot: number, sector: string): void {
  const f = s.fleets.find((x) => x.owner === owner && x.slot === slot)!;
  f.sector = sector;
  f.startSector = sector;
  for (const x of s.ships) if (x.fleetId === f.id) x.sector = sector;
}

/** Plays p1's, p2's and p3's turns out so that p1's next turn begins (and its step 3 runs). */
export function roundTrip(g: Game): void {
  for (const p of ['p1', 'p2', 'p3']) g.do(p, { type: 'end-turn' });
}
