import { describe, expect, it } from 'vitest';
import type { CampaignState } from '../../../src/rules/thunderdome/index.ts';
import { startedGame } from '../td3/harness.ts';
import { ship, shipsOf } from './yard-harness.ts';

/** p1's fleet 1 sits at a developed colony in life sector A, where it began the turn. */
function atColony(s: CampaignState): void {
  const a = s.map!.sectors.find((x) => x.key === 'A')!;
  Object.assign(a, {
    type: 'life',
    owner: 'p1',
    colony: { owner: 'p1', status: 'active', fleetId: null, orderedHalfCycle: s.halfCycles, exposedTo: null },
  });
  const f = s.fleets.find((x) => x.owner === 'p1' && x.slot === 1)!;
  f.sector = 'A';
  f.startSector = 'A';
  for (const x of s.ships) if (x.fleetId === f.id) x.sector = 'A';
}

describe('TC-075 repairs (UTD4.335, 6.39#1, 6.39#2, 7.54)', () => {
  it('UTD4.335 a fleet that began its turn at its colony repairs every ship for 1 OP, once between overhauls', () => {
    const g = startedGame({ p1: ['LYR-CA', 'LYR-FF'] });
    g.patch(atColony);
    const [ca, ff] = [shipsOf(g, 'LYR-CA')[0]!.id, shipsOf(g, 'LYR-FF')[0]!.id];
    g.patch((s) => (s.ships.find((x) => x.id === ca)!.crippled = true));
    g.do('p1', { type: 'repair-fleet', fleet: '1', cleared: [ca] });
    expect(g.state.turn!.opsSpent).toBe(1);
    expect(ship(g, ca)).toMatchObject({ d94Used: true, crippled: false });
    expect(ship(g, ff).d94Used).toBe(true);
    const last = g.log.at(-1)!.event;
    expect(last).toMatchObject({ type: 'ShipsRepaired', dcBonus: false, freeBy: null });
    g.refused('p1', { type: 'repair-fleet', fleet: '1' }, 'UTD4.335');
  });

  it('UTD7.54 with a repair freighter in the fleet the order is free and damage control counts +1', () => {
    const g = startedGame({ p1: ['LYR-CA', 'NEU-F-RL'] });
    g.patch(atColony);
    g.do('p1', { type: 'repair-fleet', fleet: '1' });
    expect(g.state.turn!.opsSpent).toBe(0);
    expect(g.log.at(-1)!.event).toMatchObject({ type: 'ShipsRepaired', opCost: 0, dcBonus: true });
  });

  it('ISS-A26 the capital’s repair freighter supports repairs in the home sector', () => {
    const g = startedGame({ p1: ['LYR-CA'] });
    g.do('p1', { type: 'repair-fleet', fleet: '1' });
    expect(g.log.at(-1)!.event).toMatchObject({ type: 'ShipsRepaired', opCost: 0, dcBonus: true });
  });

  it('ISS-A24 a fleet that moved into the colony this turn cannot repair there; nor a fleet away from any colony', () => {
    const g = startedGame({ p1: ['LYR-CA'] });
    g.patch((s) => {
      atColony(s);
      s.fleets.find((x) => x.owner === 'p1' && x.slot === 1)!.startSector = 'H1';
    });
    g.refused('p1', { type: 'repair-fleet', fleet: '1' }, 'UTD4.335');
    g.patch((s) => {
      const f = s.fleets.find((x) => x.owner === 'p1' && x.slot === 1)!;
      f.sector = 'X';
      f.startSector = 'X';
    });
    g.refused('p1', { type: 'repair-fleet', fleet: '1' }, 'UTD4.335');
  });

  it('UTD6.3773 a captured ship not yet inspected gets no repair', () => {
    const g = startedGame({ p1: ['LYR-CA', 'LYR-FF'] });
    g.patch((s) => {
      atColony(s);
      const ff = s.ships.find((x) => x.unitId === 'LYR-FF')!;
      Object.assign(ff, { captured: true, uninspected: true });
    });
    g.do('p1', { type: 'repair-fleet', fleet: '1' });
    expect(shipsOf(g, 'LYR-FF')[0]!.d94Used).toBe(false);
    expect(shipsOf(g, 'LYR-CA')[0]!.d94Used).toBe(true);
  });

  it('UTD6.39#2 away from a colony an F-RS repairs one ship for 1 OP, once a cycle', () => {
    const g = startedGame({ p1: ['LYR-CA', 'LYR-FF', 'NEU-F-RS'] });
    g.patch((s) => {
      const f = s.fleets.find((x) => x.owner === 'p1' && x.slot === 1)!;
      f.sector = 'X';
      for (const x of s.ships) if (x.fleetId === f.id) x.sector = 'X';
    });
    const [ca, ff] = [shipsOf(g, 'LYR-CA')[0]!.id, shipsOf(g, 'LYR-FF')[0]!.id];
    g.refused('p1', { type: 'repair-ships', fleet: '1', ships: `${ca},${ff}` }, 'UTD6.39#2');
    g.do('p1', { type: 'repair-ships', fleet: '1', ships: ca });
    expect(g.state.turn!.opsSpent).toBe(1);
    expect(ship(g, ca).d94Used).toBe(true);
    expect(g.log.at(-1)!.event).toMatchObject({ type: 'ShipsRepaired', dcBonus: false, mode: 'freighter' });
    g.refused('p1', { type: 'repair-ships', fleet: '1', ships: ff }, 'UTD6.39#2');
  });

  it('UTD6.39#2 an F-RL repairs two ships; a ship that already had D9.4 is refused', () => {
    const g = startedGame({ p1: ['LYR-CA', 'LYR-FF', 'LYR-DD', 'NEU-F-RL'] });
    g.patch((s) => (s.ships.find((x) => x.unitId === 'LYR-DD')!.d94Used = true));
    const [ca, ff, dd] = ['LYR-CA', 'LYR-FF', 'LYR-DD'].map((u) => shipsOf(g, u)[0]!.id);
    g.refused('p1', { type: 'repair-ships', fleet: '1', ships: dd! }, 'UTD6.39#2');
    g.do('p1', { type: 'repair-ships', fleet: '1', ships: `${ca},${ff}` });
    expect([ship(g, ca!).d94Used, ship(g, ff!).d94Used]).toEqual([true, true]);
  });

  it('a fleet without a repair freighter cannot repair away from a colony', () => {
    const g = startedGame({ p1: ['LYR-CA'] });
    g.refused('p1', { type: 'repair-ships', fleet: '1', ships: shipsOf(g, 'LYR-CA')[0]!.id }, 'UTD6.39#2');
  });
});
