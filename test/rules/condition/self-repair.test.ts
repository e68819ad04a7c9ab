import { describe, expect, it } from 'vitest';
import { byId, conditionGame, roundTrip, shipOf } from './helpers.ts';

describe('TC-116 campaign self-repair (UTD7.53)', () => {
  it('UTD7.53 a ship with current DC 4 and 10 boxes destroyed repairs at most 4; reporting 5 is refused', () => {
    const g = conditionGame({ p1: ['LYR-CA', 'LYR-FF'] });
    const ca = shipOf(g, 'LYR-CA').id;
    g.do('p1', { type: 'ship-report', ship: ca, boxesDestroyed: 10, damageControl: 4 });
    const err = g.refused('p1', { type: 'ship-self-repair', ship: ca, boxes: 5 }, 'UTD7.53');
    expect(err.message).toContain('at most 4');
    g.do('p1', { type: 'ship-self-repair', ship: ca, boxes: 4 });
    expect(byId(g, ca).condition).toMatchObject({
      boxesDestroyed: 6,
      damageControl: 4,
      selfRepairedHalfCycle: g.state.halfCycles,
    });
  });

  it('UTD7.53 once each campaign cycle: a second self-repair this cycle is refused, the next cycle is allowed', () => {
    const g = conditionGame({ p1: ['LYR-CA', 'LYR-FF'] });
    const ca = shipOf(g, 'LYR-CA').id;
    g.do('p1', { type: 'ship-report', ship: ca, boxesDestroyed: 10 });
    g.do('p1', { type: 'ship-self-repair', ship: ca, boxes: 4 });
    g.refused('p1', { type: 'ship-self-repair', ship: ca, boxes: 1 }, 'UTD7.53');
    roundTrip(g);
    g.do('p1', { type: 'ship-self-repair', ship: ca, boxes: 4 });
    expect(byId(g, ca).condition?.boxesDestroyed).toBe(2);
    g.refused('p1', { type: 'ship-self-repair', ship: ca, boxes: 1 }, 'UTD7.53');
  });

  it('UTD7.53 at damage control 0 a ship cannot repair itself', () => {
    const g = conditionGame({ p1: ['LYR-CA', 'LYR-FF'] });
    const ca = shipOf(g, 'LYR-CA').id;
    g.do('p1', { type: 'ship-report', ship: ca, damageControl: 0, boxesDestroyed: 20 });
    expect(g.refused('p1', { type: 'ship-self-repair', ship: ca, boxes: 1 }, 'UTD7.53').code).toBe(
      'repair/no-damage-control',
    );
  });

  it('UTD6.3773 a captured ship not yet inspected gets no self-repair', () => {
    const g = conditionGame({ p1: ['LYR-CA', 'LYR-FF'] });
    const ca = shipOf(g, 'LYR-CA').id;
    g.patch((s) => Object.assign(s.ships.find((x) => x.id === ca)!, { captured: true, uninspected: true }));
    g.refused('p1', { type: 'ship-self-repair', ship: ca, boxes: 1 }, 'UTD6.3773');
  });

  it('UTD7.53 a wreck whose repairs restore its speed above the threshold is no longer wrecked; at the threshold it stays wrecked', () => {
    const g = conditionGame({ p1: ['LYR-CA', 'LYR-CA'] });
    const [a, b] = [shipOf(g, 'LYR-CA', 0).id, shipOf(g, 'LYR-CA', 1).id];
    for (const id of [a, b]) g.do('p1', { type: 'ship-report', ship: id, speed: 4, boxesDestroyed: 12 });
    expect(byId(g, a)).toMatchObject({ wrecked: true, crippled: true });
    g.do('p1', { type: 'ship-self-repair', ship: a, boxes: 4, speed: 8 });
    expect(byId(g, a)).toMatchObject({ wrecked: false, crippled: true, condition: { speed: 8, boxesDestroyed: 8 } });
    g.do('p1', { type: 'ship-self-repair', ship: b, boxes: 3, speed: 7 });
    expect(byId(g, b)).toMatchObject({ wrecked: true });
  });

  it('UTD7.47 a report cannot lift a wreck or a crippled ship; only repairs do', () => {
    const g = conditionGame({ p1: ['LYR-CA', 'LYR-FF'] });
    const ca = shipOf(g, 'LYR-CA').id;
    g.do('p1', { type: 'ship-report', ship: ca, speed: 5 });
    g.refused('p1', { type: 'ship-report', ship: ca, speed: 20 }, 'UTD7.47');
    g.refused('p1', { type: 'ship-report', ship: ca, crippled: false }, 'UTD7.5');
    g.refused('p1', { type: 'ship-self-repair', ship: ca, boxes: 2, uncrippled: true }, 'UTD7.47');
  });

  it('UTD7.53 self-repair is reported on the owner’s own turn', () => {
    const g = conditionGame({ p1: ['LYR-CA', 'LYR-FF'] });
    const ca = shipOf(g, 'LYR-CA').id;
    g.do('p1', { type: 'end-turn' });
    g.refused('p1', { type: 'ship-self-repair', ship: ca, boxes: 1 }, 'UTD2.1');
  });
});
