import { applyEvent, type Base, type CampaignState, type UnitInfo } from '../../../src/rules/thunderdome/index.ts';
import { catalogWith } from '../shipyards/yard-harness.ts';
import { startedGame, type Game } from '../td3/harness.ts';

/**
 * Test-only catalog units the sample catalog lacks: a Lyran SC3 command ship (MC 1), a medium
 * ground base (45 BPV, MC 1/3), a large ground base, a small fighter base with six fighter
 * equivalents, and a DefSat first available in Y180.
 */
function extraUnits(g: Game): UnitInfo[] {
  const ca = g.catalog.get('LYR-CA')!;
  const gb = g.catalog.get('NEU-GBDP')!;
  const defsat = g.catalog.get('NEU-DEFSAT')!;
  return [
    {
      ...ca,
      unitId: 'LYR-CC',
      hullCode: 'CC',
      name: 'Lyran Command Cruiser',
      hullFamily: 'LYR-CC',
      bpv: '140',
      isCommandShip: true,
    },
    {
      ...gb,
      unitId: 'NEU-GBM',
      hullCode: 'GBM',
      name: 'Medium Ground Base',
      hullFamily: 'NEU-GBM',
      bpv: '45',
      mc: 20,
      groundBaseSize: 'medium',
    },
    {
      ...gb,
      unitId: 'NEU-GBL',
      hullCode: 'GBL',
      name: 'Large Ground Base',
      hullFamily: 'NEU-GBL',
      bpv: '200',
      mc: 60,
      groundBaseSize: 'large',
    },
    {
      ...gb,
      unitId: 'NEU-GBF',
      hullCode: 'GBFTR',
      name: 'Ground Fighter Base',
      hullFamily: 'NEU-GBF',
      bpv: '60',
      fighters: 6,
    },
    { ...defsat, unitId: 'NEU-DEFSAT2', name: 'Defense Satellite (Y180)', yearAvailable: 180 },
  ];
}

/** Three players on TEST_MAP, p1's first turn running, p1's bank set to 500 BPV, the test units in the catalog. */
export function defenseGame(ships: Record<string, string[]> = {}): Game {
  const g = startedGame(ships);
  g.catalog = catalogWith(g.catalog, extraUnits(g));
  g.patch((s) => {
    for (const p of s.players) p.bank = '500';
  });
  return g;
}

/** The player's bases of a role in a sector, optionally of one unit class. */
export function basesOf(g: Game, owner: string, sector: string, unitId?: string): Base[] {
  return g.state.bases.filter((b) => b.owner === owner && b.sector === sector && (!unitId || b.unitId === unitId));
}

const dev = (owner: string) => ({
  owner,
  status: 'active' as const,
  fleetId: null,
  orderedHalfCycle: 2,
  exposedTo: null,
});

/** Test surgery: an explored sector of the given type and terrain, owned by `owner`, with the developments asked for. */
export function sectorOf(
  g: Game,
  key: string,
  type: 'life' | 'mineral' | 'dead',
  owner: string,
  opts: { terrain?: string[]; fort?: boolean; colony?: boolean; mine?: boolean } = {},
): void {
  g.patch((s: CampaignState) => {
    const sector = s.map!.sectors.find((x) => x.key === key)!;
    Object.assign(sector, {
      type,
      terrain: opts.terrain ?? [],
      overlays: [],
      exploredBy: owner,
      owner,
      fort: opts.fort ? dev(owner) : null,
      colony: opts.colony ? dev(owner) : null,
      mine: opts.mine ? dev(owner) : null,
    });
  });
}

/** Marks the state after test surgery; `replaysFrom` then proves the events since fold back into the same state. */
export function checkpoint(g: Game): { state: CampaignState; seq: number } {
  return { state: g.state, seq: g.log.length };
}

export function replaysFrom(g: Game, mark: { state: CampaignState; seq: number }): CampaignState {
  return g.log.slice(mark.seq).reduce((s, e) => applyEvent(s, e), mark.state);
}
