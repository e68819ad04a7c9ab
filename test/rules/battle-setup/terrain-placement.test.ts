import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../../src/rules/dice.ts';
import { formatHex, parseHex } from '../../../src/rules/thunderdome/battle-setup/hex.ts';
import {
  bodiesOf,
  cometTail,
  gasGiantEdge,
  gasGiantHexes,
  placeTerrain,
} from '../../../src/rules/thunderdome/battle-setup/terrain-placement.ts';

const SEED = 'a1'.repeat(32);
const forced = (...values: number[]) => new SeededDice(SEED, 7, values);

describe('terrain placement (UTD7.4551x)', () => {
  it('UTD7.45513: a Class-M planet is 1D6 direction and 1D6 distance from 3030 (1 = A, 3 hexes → 3027)', () => {
    const d = forced(1, 3);
    const [p] = placeTerrain({ terrain: ['class-m-planet'], home: false }, d);
    expect(p).toEqual({
      placement: 'point',
      kind: 'class-m-planet',
      name: 'Class-M planet',
      hex: '3027',
      direction: 'A',
      distance: 3,
      dice: { direction: 1, distance: [3] },
      rule: 'UTD7.45513',
    });
    expect(d.records.map((r) => [r.sides, r.results.length, r.purpose])).toEqual([
      [6, 1, 'Class-M planet: direction (1D6, 1=A … 6=F)'],
      [6, 1, 'Class-M planet: distance from 3030 (1D6)'],
    ]);
  });

  it('UTD7.45513: black hole, pulsar and small moon are placed the same way (6 = F, 6 → 2427; 4 = D, 1 → 3031)', () => {
    expect(placeTerrain({ terrain: ['black-hole'], home: false }, forced(6, 6))[0]).toMatchObject({
      kind: 'black-hole',
      hex: '2427',
      direction: 'F',
    });
    expect(placeTerrain({ terrain: ['pulsar'], home: false }, forced(4, 1))[0]).toMatchObject({
      kind: 'pulsar',
      hex: '3031',
      direction: 'D',
    });
    expect(placeTerrain({ terrain: ['small-moon'], home: false }, forced(3, 2))[0]).toMatchObject({
      kind: 'small-moon',
      hex: '3231',
      direction: 'C',
    });
  });

  it('UTD4.321 / ISS-A69: the home Class-M planet stays at 3030 with no roll', () => {
    const d = forced();
    expect(placeTerrain({ terrain: ['class-m-planet'], home: true }, d)).toEqual([
      { placement: 'fixed', kind: 'class-m-planet', name: 'Home Class-M planet', hex: '3030', rule: 'UTD4.321' },
    ]);
    expect(d.records).toEqual([]);
  });

  it('UTD7.45514: gas giant centre 1D6/3D6 from 3030, diameter 2D6, 1D4 moons each 1D6/4D6 from the edge; off-map moons kept as off map', () => {
    // B, 18 → 4821; diameter 7; 2 moons: D 4 from the edge 4824 → 4828, A 24 from the edge 4818 → off the map.
    const d = forced(2, 6, 6, 6, 3, 4, 2, 4, 1, 1, 1, 1, 1, 6, 6, 6, 6);
    const [g] = placeTerrain({ terrain: ['gas-giant-moons'], home: false }, d);
    expect(g).toEqual({
      placement: 'gas-giant',
      kind: 'gas-giant',
      name: 'Gas giant & moons',
      hex: '4821',
      direction: 'B',
      distance: 18,
      diameter: 7,
      moons: [
        { hex: '4828', direction: 'D', distance: 4, edgeHex: '4824', dice: { direction: 4, distance: [1, 1, 1, 1] } },
        { hex: null, direction: 'A', distance: 24, edgeHex: '4818', dice: { direction: 1, distance: [6, 6, 6, 6] } },
      ],
      dice: { direction: 2, distance: [6, 6, 6], diameter: [3, 4], moons: 2 },
      rule: 'UTD7.45514',
    });
    expect(d.records.map((r) => `${r.results.length}D${r.sides} ${r.purpose}`)).toEqual([
      '1D6 Gas giant & moons: centre: direction (1D6, 1=A … 6=F)',
      '3D6 Gas giant & moons: centre distance from 3030 (3D6)',
      '2D6 Gas giant & moons: diameter (2D6)',
      '1D4 Gas giant & moons: number of small moons (1D4)',
      '1D6 Gas giant & moons: small moon 1: direction (1D6, 1=A … 6=F)',
      '4D6 Gas giant & moons: small moon 1 distance from the edge (4D6)',
      '1D6 Gas giant & moons: small moon 2: direction (1D6, 1=A … 6=F)',
      '4D6 Gas giant & moons: small moon 2 distance from the edge (4D6)',
    ]);
  });

  it('gas giant size: the hexes whose centres lie inside the circle of the rolled diameter (2 → 1, 3 → 7, 4 → 13, 7 → 43, 12 → 121)', () => {
    const c = parseHex('3030');
    expect([2, 3, 4, 7, 12].map((dia) => gasGiantHexes(c, dia).length)).toEqual([1, 7, 13, 43, 121]);
    // Diameter 7 covers every hex within 3 and no hex beyond 4.
    const disc = new Set(gasGiantHexes(c, 7).map(formatHex));
    expect(['3027', '3033', '3329', '2731'].every((h) => disc.has(h))).toBe(true);
    expect(disc.has('3026')).toBe(false);
    expect(formatHex(gasGiantEdge(c, 7, 'A'))).toBe('3027');
    expect(formatHex(gasGiantEdge(c, 2, 'C'))).toBe('3030');
  });

  it('UTD7.45516: the comet nucleus is at 1050 and its tail runs in direction B to the map edge (6025); no dice', () => {
    const d = forced();
    expect(placeTerrain({ terrain: ['comet'], home: false }, d)).toEqual([
      {
        placement: 'comet',
        kind: 'comet',
        name: 'Comet',
        hex: '1050',
        tailDirection: 'B',
        tailEnd: '6025',
        rule: 'UTD7.45516',
      },
    ]);
    expect(cometTail()).toHaveLength(50);
    expect(d.records).toEqual([]);
  });

  it('UTD7.45515 / ISS-A70: nebula + Class-M planet: the nebula fills the map, the planet is rolled', () => {
    const t = placeTerrain({ terrain: ['nebula-class-m'], home: false }, forced(5, 2));
    expect(t.map((x) => [x.placement, x.kind])).toEqual([
      ['fills-map', 'nebula'],
      ['point', 'class-m-planet'],
    ]);
    expect(t[1]).toMatchObject({ hex: '2831', direction: 'E' });
  });

  it('UTD5.3 special table: the sunspot terrain keeps its printed instructions', () => {
    const [s] = placeTerrain({ terrain: ['sunspot-class-m'], home: false }, forced(1, 1));
    expect(s).toEqual({
      placement: 'fills-map',
      kind: 'sunspot-activity',
      name: 'Sunspot activity',
      note: 'no flare, with shadows, star is in direction B',
      rule: 'UTD7.45515',
    });
  });

  it('UTD7.45512#2: overlay terrain is an SFBOL overlay, not rolled; "none" places nothing', () => {
    const d = forced();
    expect(placeTerrain({ terrain: ['dual-planets', 'none'], home: false }, d)).toEqual([
      {
        placement: 'overlay',
        kind: 'dual-planets',
        name: 'Dual planets',
        overlay: 'dual-planets',
        rule: 'UTD7.45512#2',
      },
    ]);
    expect(d.records).toEqual([]);
  });

  it('an unknown terrain id is a bug', () => {
    expect(() => placeTerrain({ terrain: ['swamp'], home: false }, forced())).toThrow(RangeError);
  });

  it('bodies: what warp points and start hexes keep clear of; black holes and pulsars are dangerous', () => {
    const t = placeTerrain(
      { terrain: ['heat-zone-gas-giant', 'black-hole', 'comet'], home: false },
      forced(1, 3, 3, 3, 1, 2, 1, 4, 1, 1, 1, 1, 2, 5),
    );
    const bodies = bodiesOf(t);
    expect(bodies.map((b) => [b.name, b.hexes.length, b.dangerous])).toEqual([
      ['Gas giant & moons', 7, false],
      ['small moon 1 of the gas giant', 1, false],
      ['Black hole', 1, true],
      ['comet nucleus', 1, false],
    ]);
  });
});
