import { describe, expect, it } from 'vitest';
import { fleetMc, maxFleets } from '../../../src/rules/thunderdome/index.ts';
import { battleInA, result, shipsOf } from '../battles/helpers.ts';
import { addShip, addYard } from '../shipyards/yard-harness.ts';
import { mappedGame, startedGame, type Game } from './harness.ts';

/**
 * Requirements §2.6–2.7 worked examples for fleets and scrapping, as named tests. `fleetMc` counts
 * in sixtieths of a move class (300 = MC 5), as the requirements' tables do.
 */
const MC5 = 300;

function setupWithBank(bank: string): Game {
  const g = mappedGame();
  g.dice(900, 500, 100).do('p1', { type: 'start' });
  g.patch((s) => {
    s.players.find((p) => p.id === 'p1')!.bank = bank;
    s.settings.startYear = 170; // the sample's dreadnoughts arrive in Y166
  });
  return g;
}

describe('TC-090 fleet move class (UTD7.23)', () => {
  it('UTD7.23 three fleets of exactly 5 MC: 5 CA; DN + 7 DD; DN + CA + CW + DD + 4 FF', () => {
    const g = setupWithBank('5000');
    const buy = (slot: number, units: string[]) =>
      units.forEach((unitId) => g.do('p1', { type: 'setup-buy', unitId, fleetSlot: slot }));
    buy(1, Array(5).fill('LYR-CA'));
    buy(2, ['LYR-DN', ...Array(7).fill('LYR-DD')]);
    buy(3, ['LYR-DN', 'LYR-CA', 'LYR-CW+', 'LYR-DD', ...Array(4).fill('LYR-FF')]);
    for (const slot of [1, 2, 3]) expect(fleetMc(g.state, g.fleetOf('p1', slot).id, g.catalog)).toBe(MC5);
    // One more FF in any of them makes 320 units of 60 per MC: refused.
    for (const slot of [1, 2, 3]) g.refused('p1', { type: 'setup-buy', unitId: 'LYR-FF', fleetSlot: slot }, 'UTD7.23');
  });
});

describe('TC-092 number of fleets (UTD7.21, 7.22)', () => {
  it('UTD7.21 3 + P fleets: 6 with three players, 7 with four, 8 with five', () => {
    const g = startedGame();
    expect(maxFleets(g.state, g.player('p1'))).toBe(6);
    g.patch((s) => s.players.push({ ...structuredClone(s.players[2]!), id: 'p4' }));
    expect(maxFleets(g.state, g.player('p1'))).toBe(7);
    g.patch((s) => s.players.push({ ...structuredClone(s.players[2]!), id: 'p5' }));
    expect(maxFleets(g.state, g.player('p1'))).toBe(8);
  });

  it('UTD7.22 buying two at once costs 500 and three at once 1000; a fourth extra is refused', () => {
    const two = startedGame();
    two.patch((s) => (s.players[0]!.bank = '2000'));
    two.do('p1', { type: 'buy-fleets', count: 2 });
    expect(two.player('p1').bank).toBe('1500');
    const three = startedGame();
    three.patch((s) => (s.players[0]!.bank = '2000'));
    three.do('p1', { type: 'buy-fleets', count: 3 });
    expect(three.player('p1').bank).toBe('1000');
    expect(maxFleets(three.state, three.player('p1'))).toBe(9);
    three.refused('p1', { type: 'buy-fleets', count: 1 }, 'UTD7.22');
  });
});

describe('TC-073 scrap (UTD6.3F)', () => {
  it('UTD6.3F the CA (133) and DD (79) of one fleet scrapped for 1 OP pay 106.00, fractions kept', () => {
    const g = startedGame({ p1: ['LYR-CA', 'LYR-DD', 'LYR-FF'] });
    const bank = g.player('p1').bank;
    const ids = [...shipsOf(g, 'p1', 'LYR-CA'), ...shipsOf(g, 'p1', 'LYR-DD')];
    g.do('p1', { type: 'scrap', fleet: '1', ships: ids.join(',') });
    expect(Number(g.player('p1').bank) - Number(bank)).toBe(106);
    expect(g.state.turn!.opsSpent).toBe(1);
  });

  it('UTD6.3F a carrier is scrapped with its fighters: HYD-CV (150) with 6 + 6 spare fighters at 6 → +111; two fighters lost → +105', () => {
    const g = startedGame();
    g.patch((s) => {
      addShip(s, { id: 'S990', owner: 'p1', unitId: 'HYD-CV', sector: 'H1' }, 1, '150');
      addShip(s, { id: 'S991', owner: 'p1', unitId: 'HYD-CV', sector: 'H1', condition: { fighters: 4 } }, 1, '150');
    });
    let bank = Number(g.player('p1').bank);
    g.do('p1', { type: 'scrap', fleet: '1', ships: 'S990' });
    expect(Number(g.player('p1').bank) - bank).toBe((150 + 12 * 6) / 2);
    bank = Number(g.player('p1').bank);
    g.do('p1', { type: 'scrap', fleet: '1', ships: 'S991' });
    expect(Number(g.player('p1').bank) - bank).toBe((150 + 10 * 6) / 2);
  });

  it('UTD6.3F scrapping two shipyards takes two order points; the capital is never scrapped (ISS-A75)', () => {
    const g = startedGame();
    g.patch((s) => {
      addYard(s, 'B901', 'p1', 'NEU-SY4', 'H1');
      addYard(s, 'B902', 'p1', 'NEU-SY4', 'H1');
    });
    g.do('p1', { type: 'yard-scrap', yard: 'B901' });
    g.do('p1', { type: 'yard-scrap', yard: 'B902' });
    expect(g.state.turn!.opsSpent).toBe(2);
    const capital = g.state.bases.find((b) => b.owner === 'p1' && b.role === 'capital')!.id;
    g.refused('p1', { type: 'yard-scrap', yard: capital }, 'ISS-A75');
  });
});

describe('TC-080 organizing a captured ship (UTD6.3I9 example, 6.3I6, 6.3I7)', () => {
  /** p1's fleet 1 (4 CA + 2 DD = MC 5) beats p2 in A and captures p2's DD (MC 1/2, 79 BPV). */
  function captured(): { g: Game; dd: string } {
    const { g, battle } = battleInA({
      p1: ['LYR-CA', 'LYR-CA', 'LYR-CA', 'LYR-CA', 'LYR-DD', 'LYR-DD'],
      p2: ['KZI-DD', 'KZI-FF'],
    });
    const dd = shipsOf(g, 'p2', 'KZI-DD')[0]!;
    g.do('p1', {
      type: 'battle-propose',
      battle,
      kind: 'negotiated',
      result: result({ winner: 'p1', captured: [dd], retreat: 'C' }),
    });
    g.do('p2', { type: 'battle-accept', battle });
    expect(fleetMc(g.state, g.fleetOf('p1', 1).id, g.catalog)).toBe(MC5);
    return { g, dd };
  }

  it('UTD6.3I3 into the full capturing fleet is refused (5.5 > 5); into a new fleet it goes, uninspected', () => {
    const { g, dd } = captured();
    g.refused('p1', { type: 'captured-organize', ship: dd, into: '1', makeRoom: [] }, 'UTD6.3I3');
    g.do('p1', { type: 'captured-organize', ship: dd, into: 'new', makeRoom: [] });
    const f2 = g.fleetOf('p1', 2);
    expect(g.state.ships.filter((s) => s.fleetId === f2.id).map((s) => s.id)).toEqual([dd]);
    expect(g.state.ships.find((s) => s.id === dd)).toMatchObject({ captured: true, uninspected: true });
  });

  it('UTD6.3I7 scrapping one DD of the capturing fleet for free makes room; its half value (39.5) goes to the bank', () => {
    const { g, dd } = captured();
    const bank = Number(g.player('p1').bank);
    const mine = shipsOf(g, 'p1', 'LYR-DD')[0]!;
    g.do('p1', { type: 'captured-organize', ship: dd, into: '1', makeRoom: [mine] });
    expect(g.state.ships.find((s) => s.id === dd)!.fleetId).toBe(g.fleetOf('p1', 1).id);
    expect(g.state.ships.some((s) => s.id === mine)).toBe(false);
    expect(Number(g.player('p1').bank)).toBe(bank + 39.5);
    // Outside the sequence of play and free (UTD6.3I1): the event carries the refund, no order point.
    expect(g.events('CapturedShipOrganized').at(-1)!.event).toMatchObject({
      scrappedToMakeRoom: [mine],
      refund: '39.5',
    });
  });

  it('UTD6.3I6 scrapping the captured DD pays 39.5', () => {
    const { g, dd } = captured();
    const bank = Number(g.player('p1').bank);
    g.do('p1', { type: 'captured-organize', ship: dd, into: 'scrap', makeRoom: [] });
    expect(Number(g.player('p1').bank)).toBe(bank + 39.5);
  });

  it('UTD6.3I7 at most three ships are scrapped to make room', () => {
    const { g, dd } = captured();
    const four = shipsOf(g, 'p1', 'LYR-CA');
    g.refused('p1', { type: 'captured-organize', ship: dd, into: '1', makeRoom: four }, 'UTD6.3I7');
  });
});
