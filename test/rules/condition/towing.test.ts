import { describe, expect, it } from 'vitest';
import { isWreckSpeed, wreckThreshold } from '../../../src/rules/thunderdome/condition/index.ts';
import { byId, conditionGame, placeFleet, shipOf } from './helpers.ts';

describe('TC-072 wrecked ships and towing (UTD6.3E, 7.47)', () => {
  it('UTD7.47 the wreck threshold is a quarter of the maximum speed, rounded down', () => {
    expect(wreckThreshold(31)).toBe(7);
    expect(isWreckSpeed(31, 7)).toBe(true);
    expect(isWreckSpeed(31, 8)).toBe(false);
    expect(wreckThreshold(30)).toBe(7);
    expect(isWreckSpeed(30, 7)).toBe(true);
    expect(isWreckSpeed(30, 8)).toBe(false);
    expect(wreckThreshold(20)).toBe(5);
    expect(isWreckSpeed(20, 5)).toBe(true);
    expect(isWreckSpeed(20, 6)).toBe(false);
  });

  it('UTD7.47 a reported speed of 7 wrecks a CA of speed 31; 8 leaves it unwrecked', () => {
    const g = conditionGame({ p1: ['LYR-CA', 'LYR-CA'] });
    const [a, b] = [shipOf(g, 'LYR-CA', 0).id, shipOf(g, 'LYR-CA', 1).id];
    g.do('p1', { type: 'ship-report', ship: a, speed: 7 });
    g.do('p1', { type: 'ship-report', ship: b, speed: 8 });
    expect(byId(g, a)).toMatchObject({ wrecked: true, crippled: true, condition: { speed: 7 } });
    expect(byId(g, b)).toMatchObject({ wrecked: false, condition: { speed: 8 } });
  });

  /** Fleet 1 of p1: a CA (2 tractors) and two wrecked FFs. */
  function twoWrecks() {
    const g = conditionGame({ p1: ['LYR-CA', 'LYR-FF', 'LYR-FF'] });
    g.patch((s) => {
      for (const x of s.ships) if (x.unitId === 'LYR-FF') Object.assign(x, { wrecked: true, crippled: true });
    });
    return g;
  }

  it('UTD6.3E from an own colony, 2 wrecks and 2 tractors on healthy ships: the move costs 0 + 2 = 2 OP', () => {
    const g = twoWrecks();
    g.do('p1', { type: 'move', fleet: '1', to: 'A' });
    expect(g.state.turn!.opsSpent).toBe(2);
    expect(g.log.at(-1)!.event).toMatchObject({ type: 'FleetMoved', opCost: 2 });
    expect(g.state.ships.filter((s) => s.owner === 'p1').every((s) => s.sector === 'A')).toBe(true);
  });

  it('UTD6.3E the same fleet from a sector without a colony: 1 + 2 = 3 OP', () => {
    const g = twoWrecks();
    g.patch((s) => placeFleet(s, 'p1', 1, 'A'));
    g.do('p1', { type: 'move', fleet: '1', to: 'X' });
    expect(g.state.turn!.opsSpent).toBe(3);
  });

  it('UTD6.3E with only 1 working tractor the move is refused until a wreck is scrapped (1 OP), then costs 1', () => {
    const g = twoWrecks();
    g.do('p1', { type: 'ship-report', ship: shipOf(g, 'LYR-CA').id, tractors: 1 });
    const err = g.refused('p1', { type: 'move', fleet: '1', to: 'A' }, 'UTD6.3E');
    expect(err.code).toBe('tow/not-enough-tractors');
    expect(err.message).toContain('needs 2 functional tractor beams');
    expect(err.hint).toContain('scrap');
    expect(err.hint).toContain('derelict');
    g.do('p1', { type: 'scrap', fleet: '1', ships: shipOf(g, 'LYR-FF').id });
    g.do('p1', { type: 'move', fleet: '1', to: 'A' });
    expect(g.state.turn!.opsSpent).toBe(2);
  });

  it('UTD6.3E … or one wreck is left as a derelict (1 OP), then the move costs 1', () => {
    const g = twoWrecks();
    g.do('p1', { type: 'ship-report', ship: shipOf(g, 'LYR-CA').id, tractors: 1 });
    g.do('p1', { type: 'dead-drop', fleet: '1', derelictShip: shipOf(g, 'LYR-FF').id });
    g.do('p1', { type: 'move', fleet: '1', to: 'A' });
    expect(g.state.turn!.opsSpent).toBe(2);
  });

  it('UTD6.3E a fleet of only wrecks cannot move', () => {
    const g = conditionGame({ p1: ['LYR-CA'] });
    g.patch((s) => Object.assign(s.ships.find((x) => x.owner === 'p1')!, { wrecked: true, crippled: true }));
    expect(g.refused('p1', { type: 'move', fleet: '1', to: 'A' }, 'UTD6.3E').code).toBe('tow/only-wrecks');
  });

  it('UTD6.3773 a captured ship not yet inspected lends no tractor beam', () => {
    const g = conditionGame({ p1: ['LYR-CA', 'LYR-FF'] });
    g.patch((s) => {
      Object.assign(s.ships.find((x) => x.unitId === 'LYR-CA')!, { captured: true, uninspected: true });
      Object.assign(s.ships.find((x) => x.unitId === 'LYR-FF')!, { wrecked: true, crippled: true });
    });
    expect(g.refused('p1', { type: 'move', fleet: '1', to: 'A' }, 'UTD6.3E').message).toContain('it has 0');
  });

  it('ISS-A73 with tow.tractorsPerWreck = 2 two tractors tow only one wreck', () => {
    const g = twoWrecks();
    g.patch((s) => (s.settings['tow.tractorsPerWreck'] = 2));
    expect(g.refused('p1', { type: 'move', fleet: '1', to: 'A' }, 'UTD6.3E').message).toContain('needs 4');
  });
});

describe('TC-070 instant overhaul then move (UTD6.124)', () => {
  it('UTD6.124 a wrecked CA overhauled at the capital moves out with no tow order point', () => {
    const g = conditionGame({ p1: ['LYR-CA', 'LYR-FF'] });
    const ca = shipOf(g, 'LYR-CA').id;
    g.patch((s) =>
      Object.assign(s.ships.find((x) => x.id === ca)!, {
        wrecked: true,
        crippled: true,
        condition: { speed: 4, boxesDestroyed: 30 },
      }),
    );
    g.do('p1', { type: 'yard-activate', yard: 'capital' });
    g.do('p1', { type: 'yard-overhaul', ships: ca });
    expect(byId(g, ca)).toMatchObject({ wrecked: false, crippled: false });
    expect(byId(g, ca).condition).toBeUndefined();
    const before = g.state.turn!.opsSpent;
    g.do('p1', { type: 'move', fleet: '1', to: 'A' });
    expect(g.state.turn!.opsSpent - before).toBe(0);
  });
});
