import { describe, expect, it } from 'vitest';
import { officerCommand } from '../../../commands/officer.ts';
import { officerListText } from '../../../src/discord/officer-words.ts';
import { describeEvent } from '../../../src/discord/words.ts';
import type { UnitInfo } from '../../../src/rules/thunderdome/units.ts';
import { startedGame, type Game } from '../td3/harness.ts';
import { addShip, catalogWith, ship } from '../shipyards/yard-harness.ts';

/**
 * TC-117 (UTD8.253, with UTD6.376 / 6.3753: extra COs are bought as a refit). p1 (Lyran) at home
 * H1 with the capital, activated; fleet 1 holds the sample's SC4 minesweeper LYR-MS (S901, BPV 55,
 * MC 1/3), a test SC3 minesweeper (S902, MC 1), a test SC2 one (S903) and a cruiser (S904).
 */
function sweeperGame(bank = '500'): Game {
  const g = startedGame({ p1: ['LYR-FF'] });
  const ms = g.catalog.get('LYR-MS')!;
  const test = (id: string, extra: Partial<UnitInfo>): UnitInfo => ({
    ...ms,
    unitId: id,
    name: `${id} (test)`,
    ...extra,
  });
  g.catalog = catalogWith(g.catalog, [
    test('LYR-MS3', { sizeClass: 3, mc: 60, bpv: '100' }),
    test('LYR-MS2', { sizeClass: 2, mc: 120, bpv: '150' }),
  ]);
  g.patch((s) => {
    s.players.find((p) => p.id === 'p1')!.bank = bank;
    addShip(s, { id: 'S901', owner: 'p1', unitId: 'LYR-MS', sector: 'H1' }, 1, '55');
    addShip(s, { id: 'S902', owner: 'p1', unitId: 'LYR-MS3', sector: 'H1' }, 1, '100');
    addShip(s, { id: 'S903', owner: 'p1', unitId: 'LYR-MS2', sector: 'H1' }, null, '150');
    addShip(s, { id: 'S904', owner: 'p1', unitId: 'LYR-CA', sector: 'H1' }, 1, '133');
    s.nextId = 1000;
  });
  g.do('p1', { type: 'yard-activate', sector: 'H1' });
  return g;
}

const bank = (g: Game) => Number(g.player('p1').bank);
const capital = (g: Game) => g.state.bases.find((b) => b.owner === 'p1' && b.role === 'capital')!.id;

describe('TC-117 minesweeper mines (UTD8.253)', () => {
  it('UTD8.253 an SC4 minesweeper buying 30 BPV of mines is refused: its limit is 25', () => {
    const g = sweeperGame();
    const err = g.refused('p1', { type: 'mines-buy', ship: 'S901', bpv: '30' }, 'UTD8.253');
    expect(err.code).toBe('mines/over-allowance');
    expect(err.message).toContain('at most 25 BPV');
  });

  it('UTD8.253 an SC4 minesweeper buys 25 BPV from the bank at an activated yard, a refit of half its MC', () => {
    const g = sweeperGame();
    const before = bank(g);
    g.do('p1', { type: 'mines-buy', ship: 'S901', bpv: '25' });
    expect(ship(g, 'S901').minesBpv).toBe('25');
    expect(bank(g)).toBe(before - 25);
    // UTD6.3755: a refit uses half the ship's MC: 1/3 → 1/6, 10 sixtieths.
    expect(g.state.turn!.yardUse![capital(g)]).toBe(10);
    // Mines are extra COs, not part of the hull: the ship's value (and CO pool) is unchanged.
    expect(ship(g, 'S901').bpv).toBe('55');
    const err = g.refused('p1', { type: 'mines-buy', ship: 'S901', bpv: '1' }, 'UTD8.253');
    expect(err.message).toContain('already carries 25 BPV, so 0 more at most');
  });

  it('UTD8.253 an SC3 minesweeper buys 50 BPV (TC-117); the total carried counts: 20 then 31 is over', () => {
    const g = sweeperGame();
    g.do('p1', { type: 'mines-buy', ship: 'S902', bpv: '50' });
    expect(ship(g, 'S902').minesBpv).toBe('50');
    const h = sweeperGame();
    h.do('p1', { type: 'mines-buy', ship: 'S902', bpv: '20' });
    expect(h.refused('p1', { type: 'mines-buy', ship: 'S902', bpv: '31' }, 'UTD8.253').message).toContain(
      'so 30 more at most',
    );
    h.do('p1', { type: 'mines-buy', ship: 'S902', bpv: '12.5' });
    expect(ship(h, 'S902').minesBpv).toBe('32.5');
  });

  it('UTD8.253 only SC3 and SC4 minesweepers buy mines: a cruiser and an SC2 minesweeper are refused', () => {
    const g = sweeperGame();
    expect(g.refused('p1', { type: 'mines-buy', ship: 'S904', bpv: '5' }, 'UTD8.253').code).toBe(
      'mines/not-a-minesweeper',
    );
    expect(g.refused('p1', { type: 'mines-buy', ship: 'S903', bpv: '5' }, 'UTD8.253').code).toBe('mines/no-allowance');
  });

  it('UTD8.253 the amount must be a positive BPV number', () => {
    const g = sweeperGame();
    for (const amount of ['0', '-5', 'ten', ''])
      expect(g.refused('p1', { type: 'mines-buy', ship: 'S901', bpv: amount }, 'UTD8.253').code).toBe(
        'mines/bad-amount',
      );
  });

  it('UTD6.376 mines are bought like any extra CO: at an activated yard, within the bank', () => {
    const g = startedGame({ p1: ['LYR-MS'] });
    const id = g.state.ships.find((s) => s.owner === 'p1')!.id;
    g.refused('p1', { type: 'mines-buy', ship: id, bpv: '10' }, 'UTD6.37');
    const poor = sweeperGame('20');
    expect(poor.refused('p1', { type: 'mines-buy', ship: 'S901', bpv: '25' }, 'UTD6.376').code).toBe(
      'bank/insufficient',
    );
  });

  it('UTD8.253 TC-117 mines laid in a battle are recorded as expended and replenished for free at step 3', () => {
    const g = sweeperGame();
    g.do('p1', { type: 'mines-buy', ship: 'S901', bpv: '25' });
    g.do('p1', { type: 'ship-expend', ship: 'S901', items: '25 BPV of mines' });
    expect(ship(g, 'S901').condition?.expended).toEqual(['25 BPV of mines']);
    const [money, mark] = [bank(g), g.log.length];
    for (const p of ['p1', 'p2', 'p3']) g.do(p, { type: 'end-turn' });
    expect(g.state.turn!.playerId).toBe('p1');
    const resupply = g.events('ShipsResupplied').at(-1)!.event as {
      playerId: string;
      ships: { shipId: string; expendables: number }[];
    };
    expect(resupply.playerId).toBe('p1');
    expect(resupply.ships).toContainEqual(expect.objectContaining({ shipId: 'S901', expendables: 1 }));
    expect(ship(g, 'S901').condition?.expended).toBeUndefined();
    expect(ship(g, 'S901').minesBpv).toBe('25');
    // Nothing is paid for the restock: the bank moved only by step-2 income.
    const income = g.log
      .slice(mark)
      .filter((e) => e.event.type === 'IncomePaid' && e.event.playerId === 'p1')
      .reduce((n, e) => n + Number((e.event as { amount: string }).amount), 0);
    expect(bank(g)).toBe(money + income);
  });

  it('UTD6.3F, ISS-A38 scrapping the minesweeper returns half its value and half its mines: (55 + 25) / 2 = 40', () => {
    const g = sweeperGame();
    g.do('p1', { type: 'mines-buy', ship: 'S901', bpv: '25' });
    const money = bank(g);
    g.do('p1', { type: 'scrap', fleet: '1', ships: 'S901' });
    expect(bank(g)).toBe(money + 40);
  });

  it('UTD8.253 the purchase is announced, shown in /officer list and replays exactly', () => {
    const g = sweeperGame();
    const [stored] = g.do('p1', { type: 'mines-buy', ship: 'S901', bpv: '20' });
    const line = describeEvent(stored!, g.state)!;
    expect(line).toContain('20 BPV of mines');
    expect(line).toContain('carries 20 BPV');
    expect(line).toContain('UTD8.253');
    const list = officerListText(g.state, 'p1', g.catalog);
    expect(list).toContain('LYR-MS (S901) 55 BPV → pool **11** · mines 20/25 BPV (UTD8.253)');
    expect(list).toContain('LYR-MS3 (S902) 100 BPV → pool **20** · mines 0/50 BPV');
  });

  it('UTD8.253 a game that bought mines replays to the same state', () => {
    const g = startedGame({ p1: ['LYR-MS'] });
    const id = g.state.ships.find((s) => s.owner === 'p1')!.id;
    g.do('p1', { type: 'yard-activate', sector: 'H1' });
    g.do('p1', { type: 'mines-buy', ship: id, bpv: '10' });
    expect(ship(g, id).minesBpv).toBe('10');
    expect(g.replayed()).toEqual(g.state);
  });

  it('/officer mines takes the ship and the BPV, required before the optional yard', () => {
    const sub = (
      officerCommand.data.options as { name: string; options?: { name: string; required?: boolean }[] }[]
    ).find((o) => o.name === 'mines')!;
    expect(sub.options!.map((o) => [o.name, o.required === true])).toEqual([
      ['ship', true],
      ['bpv', true],
      ['yard', false],
    ]);
  });
});
