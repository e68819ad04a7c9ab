import { SeededDice } from '../../../src/rules/dice.ts';
import {
  applyEvent,
  type CampaignState,
  type Ship,
  type UnitCatalog,
  type UnitInfo,
} from '../../../src/rules/thunderdome/index.ts';
import { newDecider } from '../../../src/rules/thunderdome/decide.ts';
import { newConstructionStep } from '../../../src/rules/thunderdome/shipyards/index.ts';
import { startedGame, who, type Game } from '../td3/harness.ts';

/** Runs the shipyards' end-of-turn step (self-repair, step 10 deliveries) as the turn sequence will. */
export function runNewConstruction(g: Game, playerId: string): void {
  const d = newDecider(g.state, {
    actor: who('system'),
    now: g.now,
    dice: new SeededDice('00'.repeat(32), g.log.length + 1, []),
    catalog: g.catalog,
    firstSeq: g.log.length + 1,
  });
  newConstructionStep(d, playerId);
  for (const event of d.events) {
    const stored = { seq: g.log.length + 1, at: g.now.toISOString(), actor: { userId: 'system' }, event, rolls: [] };
    g.state = applyEvent(g.state, stored);
    g.log.push(stored);
  }
}

export function ship(g: Game, id: string): Ship {
  return g.state.ships.find((s) => s.id === id)!;
}

export function shipsOf(g: Game, unitId: string): Ship[] {
  return g.state.ships.filter((s) => s.unitId === unitId);
}

/** Adds a ship to the state directly (test surgery), in fleet `slot` of its owner or in no fleet. */
export function addShip(
  s: CampaignState,
  ship: Partial<Ship> & { id: string; owner: string; unitId: string; sector: string },
  slot: number | null,
  bpv = '0',
): void {
  const fleet = slot === null ? null : s.fleets.find((f) => f.owner === ship.owner && f.slot === slot)!;
  s.ships.push({
    fleetId: fleet?.id ?? null,
    crippled: false,
    wrecked: false,
    d94Used: false,
    captured: false,
    uninspected: false,
    bpv,
    ...ship,
  });
}

/** All six fleet slots of p1 used, each at H1 with five CAs (MC 5): no fleet can take a ship. Bank 5000. */
export function fullFleets(s: CampaignState): void {
  const template = s.fleets.find((f) => f.owner === 'p1')!;
  s.ships = s.ships.filter((x) => x.owner !== 'p1');
  s.fleets = s.fleets.filter((f) => f.owner !== 'p1');
  for (let slot = 1; slot <= 6; slot++) {
    s.fleets.push({ ...template, id: `F8${slot}`, slot, sector: 'H1' });
    for (let i = 0; i < 5; i++)
      addShip(s, { id: `S8${slot}${i}`, owner: 'p1', unitId: 'LYR-CA', sector: 'H1' }, slot, '133');
  }
  s.players.find((p) => p.id === 'p1')!.bank = '5000';
  s.nextId = 1000;
}

export function addYard(
  s: CampaignState,
  id: string,
  owner: string,
  unitId: string,
  sector: string,
  extra: { worksDestroyed?: number; pending?: boolean } = {},
): void {
  s.bases.push({
    id,
    owner,
    unitId,
    sector,
    role: 'shipyard',
    bpv: '0',
    pending: extra.pending ?? false,
    ...(extra.worksDestroyed ? { worksDestroyed: extra.worksDestroyed } : {}),
  });
}

/**
 * UTD6.3781: the Lyran (p1) at home H1 with the capital and an SC4 yard (B900); fleet 1 holds a
 * wrecked CA, two FFs, a DD and a wrecked, captured, uninspected Hydran CU (S900). Bank 1000.
 */
export function integratedExample(settings: Partial<CampaignState['settings']> = {}): Game {
  const g = startedGame({ p1: ['LYR-CA', 'LYR-FF', 'LYR-FF', 'LYR-DD'] });
  g.patch((s) => {
    Object.assign(s.settings, settings);
    s.players.find((p) => p.id === 'p1')!.bank = '1000';
    s.ships.find((x) => x.unitId === 'LYR-CA')!.wrecked = true;
    addShip(
      s,
      { id: 'S900', owner: 'p1', unitId: 'HYD-CU', sector: 'H1', wrecked: true, captured: true, uninspected: true },
      1,
      '61',
    );
    addYard(s, 'B900', 'p1', 'NEU-SY4', 'H1');
    s.nextId = 1000;
  });
  return g;
}

export const PRINTED_PRESET = {
  'cost.overhaulPct': 25,
  'cost.refitMinPct': 10,
  'shipyard.activationScope': 'shipyard',
  'cost.rounding': 'perLine',
} as const;

/** The sample catalog plus test-only units (e.g. an MC 2 battleship, which the sample lacks). */
export function catalogWith(base: UnitCatalog, extra: UnitInfo[]): UnitCatalog {
  const all = [...base.all(), ...extra];
  const byId = new Map(all.map((u) => [u.unitId, u]));
  return { ...base, get: (id) => byId.get(id), all: () => all };
}
