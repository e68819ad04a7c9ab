import { describe, expect, it } from 'vitest';
import type { Ship } from '../../../src/rules/thunderdome/index.ts';
import { attritionMc, attritionOf } from '../../../src/rules/thunderdome/condition/index.ts';
import { fleetMc } from '../../../src/rules/thunderdome/index.ts';
import { byId, conditionGame, placeFleet, roundTrip, shipOf, testCatalog } from './helpers.ts';

const catalog = testCatalog();

/** A ship of the class carrying `fighters` fighters and `pfs` PFs aboard (spares do not count, UTD7.24). */
function carrying(unitId: string, fighters: number, pfs = 0): Ship {
  return {
    id: unitId,
    owner: 'p1',
    unitId,
    fleetId: 'F1',
    sector: 'H1',
    crippled: false,
    wrecked: false,
    d94Used: false,
    captured: false,
    uninspected: false,
    bpv: '0',
    condition: { fighters, pfs },
  };
}

describe('TC-091 attrition MC (UTD7.24)', () => {
  const cases: [string, Ship[], number][] = [
    ['1 fighter', [carrying('LYR-CV', 1)], 20],
    ['4 fighters', [carrying('LYR-CV', 4)], 20],
    ['12 fighters', [carrying('LYR-CV', 12)], 60],
    ['13 fighters', [carrying('LYR-CV', 12), carrying('LYR-CVS', 1)], 80],
    ['6 heavy fighters', [carrying('LYR-HCV', 6)], 60],
    ['1 heavy + 3 normal (5 eq)', [carrying('LYR-HCV', 1), carrying('LYR-CV', 3)], 40],
    ['2 PFs', [carrying('LYR-PFT', 0, 2)], 30],
    ['3 PFs', [carrying('LYR-PFT', 0, 3)], 60],
    ['6 PFs', [carrying('LYR-PFT', 0, 6)], 90],
    ['0', [carrying('LYR-CV', 0)], 0],
    ['two carriers with 2 fighters each: pooled, 1/3 not 2/3', [carrying('LYR-CV', 2), carrying('LYR-CVS', 2)], 20],
  ];
  for (const [label, ships, sixtieths] of cases) {
    it(`UTD7.24 ${label} → MC ${sixtieths}/60`, () => expect(attritionMc(ships, catalog)).toBe(sixtieths));
  }

  it('UTD7.24 the heavy-fighter carrier lists 12 fighter equivalents: 6 heavy fighters and 2 spares', () => {
    expect(attritionOf(carrying('LYR-HCV', 6), catalog).full).toEqual({
      fighters: 6,
      fighterSpares: 2,
      pfs: 0,
      pfSpares: 0,
    });
  });

  it('UTD7.23 3 CA + two small carriers with 12 fighters = 5 fits; with 13 fighters the fleet is over 5', () => {
    const g = conditionGame({ p1: ['LYR-CA', 'LYR-CA', 'LYR-CA', 'LYR-CVS', 'LYR-CVS'] });
    const f = g.fleetOf('p1', 1);
    expect(fleetMc(g.state, f.id, g.catalog)).toBe(300);
    // A ship of fleet 2 with one more fighter aboard than the two spares of fleet 1 could give.
    g.patch((s) => {
      s.ships.push({ ...carrying('LYR-CVS', 1), id: 'S500', fleetId: 'F500' });
      s.fleets.push({ ...f, id: 'F500', slot: 2 });
    });
    const refused = g.refused('p1', { type: 'organize', from: '2', to: '1', ships: 'S500' }, 'UTD7.23');
    expect(refused.message).toContain('6');
  });

  it('UTD7.23 a new carrier is placed counting its full fighters: 4 CA + a 6-fighter carrier does not fit one fleet', () => {
    const g = conditionGame({ p1: ['LYR-CA', 'LYR-CA', 'LYR-CA', 'LYR-CA', 'LYR-CVS'] }, null);
    const cv = shipOf(g, 'LYR-CVS');
    expect(g.state.fleets.find((f) => f.id === cv.fleetId)!.slot).toBe(2);
  });
});

describe('TC-076 fighters (UTD6.3B1, 6.3B2, 2.3(8))', () => {
  it('UTD6.3B1 a carrier of 12 + 4 spares loses 3, breaks out 3 (spares 1); at the next own step 3 spares restock to 4 for free', () => {
    const g = conditionGame({ p1: ['LYR-CV', 'LYR-FF'] });
    const cv = shipOf(g, 'LYR-CV').id;
    g.do('p1', { type: 'ship-losses', ship: cv, fighters: 3, pfs: 0 });
    expect(attritionOf(byId(g, cv), g.catalog)).toMatchObject({ fighters: 9, fighterSpares: 4 });
    g.do('p1', { type: 'ship-breakout', ship: cv });
    expect(attritionOf(byId(g, cv), g.catalog)).toMatchObject({ fighters: 12, fighterSpares: 1 });
    const bank = Number(g.player('p1').bank);
    roundTrip(g);
    expect(g.state.turn!.playerId).toBe('p1');
    expect(attritionOf(byId(g, cv), g.catalog)).toMatchObject({ fighters: 12, fighterSpares: 4 });
    expect(g.events('ShipsResupplied').at(-1)!.event).toMatchObject({
      playerId: 'p1',
      ships: [{ shipId: cv, fighterSpares: 3 }],
    });
    // The restock is free: the bank moved only by the home mine's income (UTD4.344).
    expect(Number(g.player('p1').bank)).toBe(bank + 100);
  });

  it('UTD6.3B2 it loses 8, breaks out 4 (aboard 8, spares 0); step 3 restocks spares only; fast replacement: 1 OP + 4 × 6 BPV → 12 and 4', () => {
    const g = conditionGame({ p1: ['LYR-CV', 'LYR-FF'] });
    const cv = shipOf(g, 'LYR-CV').id;
    g.do('p1', { type: 'ship-losses', ship: cv, fighters: 8, pfs: 0 });
    g.do('p1', { type: 'ship-breakout', ship: cv });
    expect(attritionOf(byId(g, cv), g.catalog)).toMatchObject({ fighters: 8, fighterSpares: 0 });
    roundTrip(g);
    expect(attritionOf(byId(g, cv), g.catalog)).toMatchObject({ fighters: 8, fighterSpares: 4 });
    g.patch((s) => placeFleet(s, 'p1', 1, 'A'));
    const bank = Number(g.player('p1').bank);
    g.do('p1', { type: 'ship-replace', fleet: '1' });
    expect(g.state.turn!.opsSpent).toBe(1);
    expect(Number(g.player('p1').bank)).toBe(bank - 24);
    expect(attritionOf(byId(g, cv), g.catalog)).toMatchObject({ fighters: 12, fighterSpares: 4 });
    g.refused('p1', { type: 'ship-replace', fleet: '1' }, 'UTD6.3B2');
  });

  it('UTD6.3B2 in a sector with the capital the replacement costs no order point; paying refills the spares too', () => {
    const g = conditionGame({ p1: ['LYR-CV', 'LYR-FF'] });
    const cv = shipOf(g, 'LYR-CV').id;
    g.do('p1', { type: 'ship-losses', ship: cv, fighters: 3, pfs: 0 });
    g.do('p1', { type: 'ship-breakout', ship: cv });
    const bank = Number(g.player('p1').bank);
    g.do('p1', { type: 'ship-replace', fleet: '1' });
    expect(g.state.turn!.opsSpent).toBe(0);
    expect(Number(g.player('p1').bank)).toBe(bank - 18);
    expect(attritionOf(byId(g, cv), g.catalog)).toMatchObject({ fighters: 12, fighterSpares: 4 });
    expect(g.log.at(-1)!.event).toMatchObject({ type: 'AttritionReplaced', opCost: 0, cost: '18' });
  });

  it('UTD6.3B losses are recorded when the battle is fought, on any player’s turn; never more than aboard', () => {
    const g = conditionGame({ p1: ['LYR-PFT', 'LYR-FF'] });
    const pft = shipOf(g, 'LYR-PFT').id;
    g.do('p1', { type: 'end-turn' });
    g.do('p1', { type: 'ship-losses', ship: pft, fighters: 0, pfs: 2 });
    expect(attritionOf(byId(g, pft), g.catalog)).toMatchObject({ pfs: 4, pfSpares: 2 });
    g.refused('p1', { type: 'ship-losses', ship: pft, fighters: 0, pfs: 5 }, 'UTD6.3B');
    g.refused('p1', { type: 'ship-losses', ship: pft, fighters: 1, pfs: 0 }, 'UTD6.3B');
    g.refused('p2', { type: 'ship-losses', ship: pft, fighters: 0, pfs: 1 }, 'UTD6.3B');
    g.do('p1', { type: 'ship-breakout', ship: pft });
    expect(attritionOf(byId(g, pft), g.catalog)).toMatchObject({ pfs: 6, pfSpares: 0 });
    g.refused('p1', { type: 'ship-breakout', ship: pft }, 'UTD6.3B1');
  });

  it('UTD7.23 breaking out spares that would take the fleet over MC 5 is refused, and changes nothing', () => {
    const g = conditionGame({ p1: ['LYR-CA', 'LYR-CA', 'LYR-CA', 'LYR-CVS', 'LYR-CVS'] });
    const f = g.fleetOf('p1', 1);
    const cvs = shipOf(g, 'LYR-CVS', 1).id;
    // 3 CA + 2 × 1/2 + 12 fighters (1) = 5; after losing 5 fighters: 7 fighters count 2/3 → 14/3.
    g.do('p1', { type: 'ship-losses', ship: cvs, fighters: 5, pfs: 0 });
    expect(fleetMc(g.state, f.id, g.catalog)).toBe(280);
    // An FF (1/3) joins: exactly 5 again.
    g.patch((s) =>
      s.ships.push({
        ...s.ships.find((x) => x.id === cvs)!,
        id: 'S600',
        unitId: 'LYR-FF',
        condition: { note: 'joined' },
      }),
    );
    expect(fleetMc(g.state, f.id, g.catalog)).toBe(300);
    // Breaking out 2 spares makes 9 fighters, which count 1: 5 1/3.
    expect(g.refused('p1', { type: 'ship-breakout', ship: cvs }, 'UTD6.3B1').code).toBe('fleet/move-cost-limit');
  });

  it('UTD6.3773 a captured carrier not yet inspected gets no spares and breaks none out', () => {
    const g = conditionGame({ p1: ['LYR-CV', 'LYR-FF'] });
    const cv = shipOf(g, 'LYR-CV').id;
    g.patch((s) =>
      Object.assign(s.ships.find((x) => x.id === cv)!, {
        captured: true,
        uninspected: true,
        condition: { fighters: 9, fighterSpares: 0 },
      }),
    );
    g.refused('p1', { type: 'ship-breakout', ship: cv }, 'UTD6.3773');
    g.refused('p1', { type: 'ship-replace', fleet: '1' }, 'UTD6.3B2');
    roundTrip(g);
    expect(attritionOf(byId(g, cv), g.catalog)).toMatchObject({ fighters: 9, fighterSpares: 0 });
  });
});
