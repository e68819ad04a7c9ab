import { describe, expect, it } from 'vitest';
import { applyEvent, type CampaignState } from '../../../src/rules/thunderdome/index.ts';
import type { UnitInfo } from '../../../src/rules/thunderdome/units.ts';
import { startedGame, type Game } from '../td3/harness.ts';
import { addShip, catalogWith, ship } from '../shipyards/yard-harness.ts';

/**
 * TC-094 (UTD7.26A, 8.23, 6.376, 6.33). p1 (Lyran) at home H1 with the capital; fleet 1 holds
 * ship A (S901, BPV 120), fleet 2 holds B (S902, BPV 100) and C (S903, BPV 150), all cruisers.
 * Legendary officers cost a flat 10 BPV (`lo.costModel` fixed, `lo.cost` 10, the defaults).
 */
function officerGame(): Game {
  const g = startedGame({ p1: ['LYR-FF'] });
  const ca = g.catalog.get('LYR-CA')!;
  const test = (id: string, extra: Partial<UnitInfo>): UnitInfo => ({
    ...ca,
    unitId: id,
    name: `${id} (test)`,
    ...extra,
  });
  g.catalog = catalogWith(g.catalog, [
    test('LYR-BB', { isBattleship: true, restricted: 'battleship' }),
    test('LYR-BT', { isBattleTug: true }),
    test('LYR-X', { isXShip: true, restricted: 'X-ship' }),
    test('LYR-MC', { mc: 90 }),
    test('LYR-CM', { isMauler: true }),
  ]);
  g.patch((s) => {
    s.players.find((p) => p.id === 'p1')!.bank = '1000';
    const f1 = s.fleets.find((f) => f.owner === 'p1' && f.slot === 1)!;
    s.fleets.push({ ...f1, id: 'F902', slot: 2 });
    addShip(s, { id: 'S901', owner: 'p1', unitId: 'LYR-CA', sector: 'H1' }, 1, '120');
    addShip(s, { id: 'S902', owner: 'p1', unitId: 'LYR-CA', sector: 'H1' }, 2, '100');
    addShip(s, { id: 'S903', owner: 'p1', unitId: 'LYR-CA', sector: 'H1' }, 2, '150');
    s.nextId = 1000;
  });
  g.do('p1', { type: 'yard-activate', sector: 'H1' });
  return g;
}

const capitalOf = (g: Game) => g.state.bases.find((b) => b.owner === 'p1' && b.role === 'capital')!.id;
const bank = (g: Game) => Number(g.player('p1').bank);
const opsSpent = (g: Game) => g.state.turn!.opsSpent;

function surgery(g: Game, event: Parameters<typeof applyEvent>[1]['event']): void {
  const stored = { seq: g.log.length + 1, at: g.now.toISOString(), actor: { userId: 'system' }, event, rolls: [] };
  g.state = applyEvent(g.state, stored) as CampaignState;
  g.log.push(stored);
}

describe('TC-094 legendary officers (UTD7.26A, 8.23)', () => {
  it('UTD6.376 an officer is bought as a refit at an activated yard: half the MC of capacity and its cost', () => {
    const g = officerGame();
    const before = bank(g);
    g.do('p1', { type: 'officer-buy', ship: 'S901', officer: 'captain' });
    expect(ship(g, 'S901').legendaryOfficer).toEqual({ type: 'captain', paid: '10' });
    expect(bank(g)).toBe(before - 10);
    expect(g.state.turn!.yardUse![capitalOf(g)]).toBe(30);
  });

  it('UTD6.37 without an activated yard no officer can be bought', () => {
    const g = startedGame({ p1: ['LYR-CA'] });
    const ca = g.state.ships.find((s) => s.owner === 'p1')!.id;
    g.refused('p1', { type: 'officer-buy', ship: ca, officer: 'captain' }, 'UTD6.37');
  });

  it('UTD7.26A to a ship of BPV 100 from one of 120 the move is free, still 1 Organize order point', () => {
    const g = officerGame();
    g.do('p1', { type: 'officer-buy', ship: 'S901', officer: 'captain' });
    const [money, ops] = [bank(g), opsSpent(g)];
    g.do('p1', { type: 'officer-transfer', from: 'S901', to: 'S902' });
    expect(bank(g)).toBe(money);
    expect(opsSpent(g)).toBe(ops + 1);
    expect(ship(g, 'S901').legendaryOfficer).toBeUndefined();
    expect(ship(g, 'S902').legendaryOfficer?.type).toBe('captain');
  });

  it('UTD7.26A to a ship of BPV 150 from one of 120 the surcharge is (10 − 10) + 15 = 15 BPV', () => {
    const g = officerGame();
    g.do('p1', { type: 'officer-buy', ship: 'S901', officer: 'captain' });
    const money = bank(g);
    g.do('p1', { type: 'officer-transfer', from: 'S901', to: 'S903' });
    expect(bank(g)).toBe(money - 15);
    expect(ship(g, 'S903').legendaryOfficer).toEqual({ type: 'captain', paid: '25' });
  });

  it('UTD7.26A with officers priced at 10% of the ship the surcharge adds the cost difference: (15 − 12) + 15 = 18', () => {
    const g = officerGame();
    g.patch((s) => Object.assign(s.settings, { 'lo.costModel': 'pctOfShipBpv', 'lo.cost': 10 }));
    g.do('p1', { type: 'officer-buy', ship: 'S901', officer: 'captain' });
    expect(ship(g, 'S901').legendaryOfficer?.paid).toBe('12');
    const money = bank(g);
    g.do('p1', { type: 'officer-transfer', from: 'S901', to: 'S903' });
    expect(bank(g)).toBe(money - 18);
  });

  it('UTD7.26A a second legendary officer in a fleet is refused: buying, transferring or organizing it in', () => {
    const g = officerGame();
    g.do('p1', { type: 'officer-buy', ship: 'S902', officer: 'captain' });
    g.refused('p1', { type: 'officer-buy', ship: 'S903', officer: 'navigator' }, 'UTD7.26A');
    g.do('p1', { type: 'officer-buy', ship: 'S901', officer: 'navigator' });
    g.refused('p1', { type: 'officer-transfer', from: 'S901', to: 'S903' }, 'UTD7.26A');
    const err = g.refused('p1', { type: 'organize', from: '1', to: '2', ships: 'S901' }, 'UTD7.26A');
    expect(err.code).toBe('officer/fleet-limit');
    // Within one fleet the officer may move freely between ships.
    g.do('p1', { type: 'officer-transfer', from: 'S902', to: 'S903' });
    expect(ship(g, 'S903').legendaryOfficer?.type).toBe('captain');
  });

  it('UTD7.26A, 8.23 no officer on a DN, BB, battle tug, SC2 ship, X-ship or non-warship', () => {
    const g = officerGame();
    g.patch((s) => {
      addShip(s, { id: 'S910', owner: 'p1', unitId: 'LYR-DN', sector: 'H1' }, 1, '180');
      addShip(s, { id: 'S911', owner: 'p1', unitId: 'LYR-BB', sector: 'H1' }, 1, '133');
      addShip(s, { id: 'S912', owner: 'p1', unitId: 'LYR-BT', sector: 'H1' }, 1, '133');
      addShip(s, { id: 'S913', owner: 'p1', unitId: 'LYR-X', sector: 'H1' }, 1, '133');
      addShip(s, { id: 'S914', owner: 'p1', unitId: 'NEU-F-S', sector: 'H1' }, 1, '15');
    });
    for (const id of ['S910', 'S911', 'S912', 'S913'])
      expect(g.refused('p1', { type: 'officer-buy', ship: id, officer: 'captain' }, 'UTD7.26A').code).toBe(
        'officer/ineligible',
      );
    expect(g.refused('p1', { type: 'officer-buy', ship: 'S914', officer: 'captain' }, 'UTD8.23').message).toContain(
      'not a warship',
    );
    // The DN is refused as an SC2 ship: the size class alone bars it.
    expect(g.refused('p1', { type: 'officer-buy', ship: 'S910', officer: 'captain' }, 'UTD7.26A').message).toContain(
      'size-class 2',
    );
  });

  it('UTD8.23 a second legendary officer of the same type in the navy is refused', () => {
    const g = officerGame();
    g.do('p1', { type: 'officer-buy', ship: 'S901', officer: 'captain' });
    expect(g.refused('p1', { type: 'officer-buy', ship: 'S902', officer: 'Legendary Captain' }, 'UTD8.23').code).toBe(
      'officer/type-held',
    );
  });

  it('UTD8.23 a killed officer type cannot be bought again: lost with its ship destroyed in battle', () => {
    const g = officerGame();
    g.do('p1', { type: 'officer-buy', ship: 'S901', officer: 'captain' });
    surgery(g, { type: 'UnitsDestroyed', battleId: 'BX', shipIds: ['S901'], baseIds: [] });
    expect(g.player('p1').officersLost).toEqual(['captain']);
    expect(g.refused('p1', { type: 'officer-buy', ship: 'S902', officer: 'captain' }, 'UTD8.23').code).toBe(
      'officer/lost',
    );
    g.do('p1', { type: 'officer-buy', ship: 'S902', officer: 'weapons' });
  });

  it('UTD7.26A an officer is lost when its ship is scrapped, and with a captured ship (the captor gets none)', () => {
    const g = officerGame();
    g.do('p1', { type: 'officer-buy', ship: 'S901', officer: 'captain' });
    g.do('p1', { type: 'officer-buy', ship: 'S902', officer: 'doctor' });
    g.do('p1', { type: 'scrap', fleet: '1', ships: 'S901' });
    surgery(g, { type: 'ShipCaptured', battleId: 'BX', shipId: 'S902', by: 'p2', from: 'p1' });
    expect(g.player('p1').officersLost).toEqual(['captain', 'doctor']);
    expect(ship(g, 'S902').owner).toBe('p2');
    expect(ship(g, 'S902').legendaryOfficer).toBeUndefined();
  });
});

describe('TC-094 outstanding crew (UTD7.26B)', () => {
  it('UTD7.26B one OC ship per navy; it may also carry the legendary officer', () => {
    const g = officerGame();
    const money = bank(g);
    g.do('p1', { type: 'crew-buy', ship: 'S901' });
    g.do('p1', { type: 'officer-buy', ship: 'S901', officer: 'captain' });
    expect(ship(g, 'S901').outstandingCrew).toBe(true);
    expect(bank(g)).toBe(money - 20);
    expect(g.refused('p1', { type: 'crew-buy', ship: 'S902' }, 'UTD7.26B').code).toBe('crew/one-per-navy');
  });

  it('UTD7.26B an MC > 1 hull and a mauler are refused', () => {
    const g = officerGame();
    g.patch((s) => {
      addShip(s, { id: 'S920', owner: 'p1', unitId: 'LYR-MC', sector: 'H1' }, 1, '133');
      addShip(s, { id: 'S921', owner: 'p1', unitId: 'LYR-CM', sector: 'H1' }, 1, '133');
    });
    expect(g.refused('p1', { type: 'crew-buy', ship: 'S920' }, 'UTD7.26B').message).toContain('move class above 1');
    expect(g.refused('p1', { type: 'crew-buy', ship: 'S921' }, 'UTD7.26B').message).toContain('mauler');
  });

  it('UTD7.26B a lost OC ship cannot be replaced', () => {
    const g = officerGame();
    g.do('p1', { type: 'crew-buy', ship: 'S901' });
    surgery(g, { type: 'UnitsDestroyed', battleId: 'BX', shipIds: ['S901'], baseIds: [] });
    expect(g.player('p1').crewLost).toBe(true);
    expect(g.refused('p1', { type: 'crew-buy', ship: 'S902' }, 'UTD7.26B').code).toBe('crew/lost');
  });
});
