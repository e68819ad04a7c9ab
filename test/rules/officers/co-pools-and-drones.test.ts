import { describe, expect, it } from 'vitest';
import {
  baseDroneLimit,
  coPool,
  extraDroneLimit,
  minesweeperAllowance,
  squadronCoPool,
  unitCoPool,
} from '../../../src/rules/thunderdome/officers/index.ts';
import type { UnitInfo } from '../../../src/rules/thunderdome/units.ts';
import { startedGame, type Game } from '../td3/harness.ts';
import { addShip, catalogWith, runNewConstruction, ship } from '../shipyards/yard-harness.ts';

describe('TC-110 CO pool (UTD7.A2)', () => {
  it.each([
    [101, 21],
    [100, 20],
    [133, 27],
    [61, 13],
    [69, 14],
    [1, 1],
    [0, 0],
  ])('UTD7.A2 a unit of %s BPV has a pool of %s (20%%, any fraction up)', (value, pool) => {
    expect(coPool(value)).toBe(pool);
  });

  it('UTD7.A2 exact decimals: 16.25 BPV gives ceil(3.25) = 4, and 5 BPV exactly 1', () => {
    expect(coPool('16.25')).toBe(4);
    expect(coPool('5')).toBe(1);
  });

  it('UTD7.A a DefSat is not eligible: pool 0; a warship of the same BPV gets 4', () => {
    const g = startedGame();
    expect(unitCoPool(g.catalog.get('NEU-DEFSAT')!, '20')).toBe(0);
    expect(unitCoPool(g.catalog.get('LYR-FF')!, '20')).toBe(4);
  });
});

describe('TC-111 attrition CO pools (UTD7.A6)', () => {
  it('UTD7.A6 one pool per carrying ship: Ranger 9 × 6 = 54 → 11, Lancer 3 × 6 = 18 → 4', () => {
    const ranger = squadronCoPool(Array(9).fill(6));
    const lancer = squadronCoPool(Array(3).fill(6));
    expect([ranger, lancer]).toEqual([11, 4]);
    // Not per fighter: 9 pools of ceil(1.2) = 2 would give the Ranger 18 (24 for all twelve).
    expect(ranger).not.toBe(9 * coPool(6));
    expect(12 * coPool(6)).toBe(24);
    // Not per fleet: one pool for all twelve would be ceil(14.4) = 15, a different split of COs.
    expect(squadronCoPool(Array(12).fill(6))).toBe(15);
  });
});

const unit = (mc: number, extra: Partial<UnitInfo> = {}) => ({
  mc,
  empire: 'FED',
  droneUser: true,
  isDroneBombardment: false,
  ...extra,
});

describe('TC-112 extra drones at build or refit (UTD7.A8321–7.A8324)', () => {
  it.each([
    [20, 3],
    [30, 4],
    [40, 5],
    [60, 6],
    [90, 9],
    [120, 12],
  ])('UTD7.A8321 MC %s/60 may buy %s', (mc, limit) => {
    expect(extraDroneLimit(unit(mc))).toBe(limit);
  });

  it('UTD7.A8322 a Kzinti MC 1/3 ship may buy 6', () => {
    expect(extraDroneLimit(unit(20, { empire: 'KZI' }))).toBe(6);
  });

  it('UTD7.A8323 a Kzinti drone-bombardment ship of MC 1 may buy 6 + 3 + 12 = 21; a non-Kzinti one of MC 2, 24', () => {
    expect(extraDroneLimit(unit(60, { empire: 'KZI', isDroneBombardment: true }))).toBe(21);
    expect(extraDroneLimit(unit(120, { isDroneBombardment: true }))).toBe(24);
  });

  it('UTD7.A8324 cargo boxes do not matter; ISS-A125 unlisted move classes take the row below', () => {
    expect(extraDroneLimit({ ...unit(60), cargoBoxes: 50 } as never)).toBe(6);
    expect(baseDroneLimit(12)).toBe(3);
    expect(baseDroneLimit(45)).toBe(5);
    expect(baseDroneLimit(75)).toBe(6);
  });

  it('UTD7.A8 a ship that uses no drones may buy none', () => {
    expect(extraDroneLimit(unit(60, { droneUser: false }))).toBe(0);
  });
});

/** p1 (Lyran) with the capital activated; `LYR-DCA` is a test-only drone-using MC 1 cruiser (not Kzinti). */
function droneGame(): Game {
  const g = startedGame({ p1: ['LYR-FF'] });
  const ca = g.catalog.get('LYR-CA')!;
  g.catalog = catalogWith(g.catalog, [{ ...ca, unitId: 'LYR-DCA', name: 'Drone cruiser (test)', droneUser: true }]);
  g.patch((s) => {
    s.players.find((p) => p.id === 'p1')!.bank = '1000';
    addShip(s, { id: 'S930', owner: 'p1', unitId: 'LYR-DCA', sector: 'H1', extraDrones: 4 }, 1, '137');
    s.nextId = 1000;
  });
  g.do('p1', { type: 'yard-activate', sector: 'H1' });
  return g;
}

describe('TC-112 extra drones through the yard (UTD7.A832, 7.A81)', () => {
  it('UTD7.A8321 buying 7 extra drones on a non-Kzinti MC 1 ship at build is refused', () => {
    const g = droneGame();
    const err = g.refused('p1', { type: 'yard-build', unitId: 'LYR-DCA', drones: 7 }, 'UTD7.A8321');
    expect(err.message).toContain('at most 6');
  });

  it('UTD7.A81 6 extra drones at build raise the price and the ship BPV by 6 × 1 BPV; the ship arrives with them', () => {
    const g = droneGame();
    const money = Number(g.player('p1').bank);
    g.do('p1', { type: 'yard-build', unitId: 'LYR-DCA', drones: 6 });
    expect(Number(g.player('p1').bank)).toBe(money - 133 - 6);
    const id = g.state.pendingBuilds![0]!.shipId;
    runNewConstruction(g, 'p1');
    expect(ship(g, id).extraDrones).toBe(6);
    expect(ship(g, id).bpv).toBe('139');
  });

  it('UTD7.A8 a ship that uses no drones cannot buy extra drones at build', () => {
    const g = droneGame();
    g.refused('p1', { type: 'yard-build', unitId: 'LYR-CA', drones: 1 }, 'UTD7.A8');
  });

  it('UTD7.A832 a drone-only refit adds to what the ship already carries, up to the limit: 4 + 2 = 6, then +1 refused', () => {
    const g = droneGame();
    const money = Number(g.player('p1').bank);
    g.do('p1', { type: 'yard-refit', ships: 'S930', drones: 2 });
    expect(ship(g, 'S930').extraDrones).toBe(6);
    expect(ship(g, 'S930').bpv).toBe('139');
    expect(Number(g.player('p1').bank)).toBe(money - 2);
    expect(g.state.turn!.yardUse![g.state.bases.find((b) => b.owner === 'p1' && b.role === 'capital')!.id]).toBe(30);
    g.refused('p1', { type: 'yard-refit', ships: 'S930', drones: 1 }, 'UTD7.A8321');
  });

  it('UTD6.3753 a refit with neither a new configuration nor drones is refused', () => {
    const g = droneGame();
    g.refused('p1', { type: 'yard-refit', ships: 'S930' }, 'UTD6.3753');
  });
});

describe('TC-117 minesweeper mines (UTD8.253)', () => {
  it('UTD8.253 an SC4 minesweeper may hold 25 BPV of mines (30 is over), an SC3 one 50; others none', () => {
    const g = startedGame();
    const ms = g.catalog.get('LYR-MS')!;
    expect(minesweeperAllowance(ms).toNumber()).toBe(25);
    expect(minesweeperAllowance(ms).lt(30)).toBe(true);
    expect(minesweeperAllowance({ ...ms, sizeClass: 3 }).toNumber()).toBe(50);
    expect(minesweeperAllowance(g.catalog.get('LYR-CA')!).toNumber()).toBe(0);
  });
});

describe('officers replay exactly (design §3.3)', () => {
  it('UTD7.26A buying, moving and losing an officer rebuilds the same state from the log', () => {
    const g = startedGame({ p1: ['LYR-CA', 'LYR-CA'] });
    const [a, b] = g.state.ships.filter((s) => s.owner === 'p1').map((s) => s.id);
    g.do('p1', { type: 'yard-activate', sector: 'H1' });
    g.do('p1', { type: 'officer-buy', ship: a!, officer: 'captain' });
    g.do('p1', { type: 'crew-buy', ship: b! });
    g.do('p1', { type: 'officer-transfer', from: a!, to: b! });
    g.do('p1', { type: 'scrap', fleet: '1', ships: b! });
    expect(g.player('p1').officersLost).toEqual(['captain']);
    expect(g.player('p1').crewLost).toBe(true);
    expect(g.replayed()).toEqual(g.state);
  });
});
