import { describe, expect, it } from 'vitest';
import { SeededDice, verifyRoll } from '../../../src/rules/dice.ts';
import { EMPIRES } from '../../../src/rules/thunderdome/empires.ts';
import {
  UTD8_111_EMPIRES,
  exploreSector,
  isNpeDie,
  npeExclusions,
  npeTerrain,
  type ExplorationResult,
} from '../../../src/rules/thunderdome/exploration/index.ts';
import { LABEL, SEED, explore, forced, input, resultOf, unwrap } from './helpers.ts';

const LIFE_CLASS_M = [1, 3]; // type 1 = life, terrain 3 = Class-M planet
const MINERAL_ASTEROIDS = [3, 4]; // type 3 = mineral, terrain 4 = asteroid field

describe('UTD5.4 NPE discovery (TC-033)', () => {
  it('UTD5.4 TC-033 explored life sector, NPE die 2 → NPE', () => {
    const r = explore({}, [...LIFE_CLASS_M, 2, 9]);
    expect(r.npe).not.toBeNull();
    expect(r.steps.find((s) => s.kind === 'npe-roll')).toMatchObject({
      die: 2,
      sides: 6,
      meaning: '2 → NPE discovered',
    });
  });
  it('UTD5.4 TC-033 NPE die 3 → no NPE', () => {
    const r = explore({}, [...LIFE_CLASS_M, 3]);
    expect(r.npe).toBeNull();
    expect(r.terrain.id).toBe('class-m-planet');
  });
  for (const die of [1, 2, 3, 4, 5, 6]) {
    const hit = die <= 2;
    it(`UTD5.4 NPE die ${die} → ${hit ? 'NPE' : 'no NPE'} in a life and in a mineral sector`, () => {
      const extra = hit ? [1] : [];
      expect(explore({}, [...LIFE_CLASS_M, die, ...extra]).npe !== null).toBe(hit);
      expect(explore({}, [...MINERAL_ASTEROIDS, die, ...extra]).npe !== null).toBe(hit);
    });
  }
  for (const typeDie of [5, 6]) {
    it(`UTD5.4 TC-033 a dead sector (type die ${typeDie}) gets no NPE roll at all`, () => {
      const dice = forced([typeDie, 4]);
      const r = resultOf(unwrap(exploreSector(input(), dice)));
      expect(r.type).toBe('dead');
      expect(r.npe).toBeNull();
      expect(dice.records).toHaveLength(2);
      expect(dice.records.some((x) => x.purpose.startsWith('NPE'))).toBe(false);
      expect(r.steps.at(-1)).toMatchObject({
        kind: 'no-npe-roll',
        rule: 'UTD5.4',
        die: null,
        meaning: 'dead sector: no NPE roll',
      });
    });
  }
  it('UTD5.4 never an NPE in a dead sector, even with special terrain', () => {
    for (let d = 1; d <= 6; d++) expect(explore({}, [5, 1, d]).npe).toBeNull();
  });
  it('UTD5.4 npe.rollRange is a parameter: 1–3 makes a 3 an NPE; 1–1 makes a 2 none', () => {
    expect(
      explore({ npe: { rollRange: { min: 1, max: 3 }, excludedEmpires: [] } }, [...LIFE_CLASS_M, 3, 4]).npe?.empire,
    ).toBe('gorn');
    const narrow = explore({ npe: { rollRange: { min: 1, max: 1 }, excludedEmpires: [] } }, [...LIFE_CLASS_M, 2]);
    expect(narrow.npe).toBeNull();
    expect(narrow.steps.find((s) => s.kind === 'npe-roll')?.purpose).toBe(`NPE check (UTD5.4, 1 = NPE): ${LABEL}`);
    expect(isNpeDie(2, { min: 1, max: 2 })).toBe(true);
    expect(isNpeDie(3, { min: 1, max: 2 })).toBe(false);
  });
  it('UTD5.4 an impossible npe.rollRange is a bug, not a rule refusal', () => {
    expect(() =>
      exploreSector(input({ npe: { rollRange: { min: 0, max: 2 }, excludedEmpires: [] } }), forced([])),
    ).toThrow(/rollRange/);
    expect(() =>
      exploreSector(input({ npe: { rollRange: { min: 3, max: 2 }, excludedEmpires: [] } }), forced([])),
    ).toThrow(/rollRange/);
  });
});

describe('UTD5.41 NPE identity and terrain (TC-033, ISS-A53, ISS-A54)', () => {
  it('UTD5.41 TC-033 identity die 5 → Hydran → terrain becomes a gas giant with moons only', () => {
    const r = explore({}, [...LIFE_CLASS_M, 2, 5]);
    expect(r.npe).toEqual({ empire: 'hydran', name: 'Hydran', number: 5, identityDice: [5] });
    expect(r.terrain).toEqual({
      id: 'gas-giant-moons',
      name: 'Gas giant & moons',
      source: 'npe',
      normalDie: null,
      specialDie: null,
      overlays: [],
      note: null,
    });
  });
  it('UTD5.41 TC-033 identity 9 → Lyran → Class-M planet only', () => {
    const r = explore({}, [...MINERAL_ASTEROIDS, 1, 9]);
    expect(r.npe).toMatchObject({ empire: 'lyran', number: 9 });
    expect(r.terrain).toMatchObject({ id: 'class-m-planet', source: 'npe', overlays: [] });
  });
  it('UTD5.41 identity is 1D13 in UTD8.111 order; only the Hydran (5) gets the gas giant', () => {
    expect(UTD8_111_EMPIRES).toEqual(EMPIRES.map((e) => e.key));
    expect(UTD8_111_EMPIRES).toHaveLength(13);
    for (let d = 1; d <= 13; d++) {
      const r = explore({}, [...LIFE_CLASS_M, 1, d]);
      expect(r.npe?.empire).toBe(EMPIRES[d - 1]?.key);
      expect(r.npe?.number).toBe(d);
      expect(r.terrain.id).toBe(d === 5 ? 'gas-giant-moons' : 'class-m-planet');
    }
    expect(npeTerrain('hydran')).toBe('gas-giant-moons');
    expect(npeTerrain('tholian')).toBe('class-m-planet');
  });
  it('ISS-A54 the terrain is rolled first, for the record, then replaced permanently by the NPE terrain', () => {
    const r = explore({}, [4, 1, 6, 2, 7]); // mineral, Special, ion storm ‡, NPE, Klingon
    expect(r.tableTerrain).toMatchObject({
      id: 'ion-storm',
      source: 'special-table',
      normalDie: 1,
      specialDie: 6,
      overlays: ['asteroid-field'],
    });
    expect(r.terrain).toMatchObject({ id: 'class-m-planet', source: 'npe', overlays: [] });
    expect(r.steps.map((s) => s.kind)).toEqual([
      'type-roll',
      'terrain-roll',
      'special-terrain-roll',
      'npe-roll',
      'npe-identity',
      'npe-terrain',
    ]);
    expect(r.steps.at(-1)?.meaning).toBe(
      'Klingon NPE: the terrain is Class-M planet only; it replaces the rolled Ion storm (ISS-A54)',
    );
  });
  it('ISS-A53 default npe.excludePlayerEmpires = false: a player empire can be the NPE', () => {
    expect(npeExclusions(false, ['klingon', 'hydran'])).toEqual([]);
    expect(
      explore({ npe: { rollRange: { min: 1, max: 2 }, excludedEmpires: npeExclusions(false, ['klingon']) } }, [
        ...LIFE_CLASS_M,
        1,
        7,
      ]).npe?.empire,
    ).toBe('klingon');
  });
  it('ISS-A53 npe.excludePlayerEmpires = true: a player empire is re-rolled, keeping the printed numbering', () => {
    const excludedEmpires = npeExclusions(true, ['klingon', 'hydran', 'klingon']);
    expect(excludedEmpires).toEqual(['klingon', 'hydran']);
    const dice = forced([...LIFE_CLASS_M, 2, 7, 5, 9]);
    const r = resultOf(unwrap(exploreSector(input({ npe: { rollRange: { min: 1, max: 2 }, excludedEmpires } }), dice)));
    expect(r.npe).toEqual({ empire: 'lyran', name: 'Lyran', number: 9, identityDice: [7, 5, 9] });
    expect(dice.records.slice(3).map((x) => [x.sides, x.purpose])).toEqual([
      [13, `NPE identity (UTD5.41, 1D13 over UTD8.111): ${LABEL}`],
      [13, `NPE identity re-roll 1 (UTD5.41, npe.excludePlayerEmpires): ${LABEL}`],
      [13, `NPE identity re-roll 2 (UTD5.41, npe.excludePlayerEmpires): ${LABEL}`],
    ]);
    expect(r.steps.filter((s) => s.kind === 'npe-identity').map((s) => s.meaning)).toEqual([
      "7 → Klingon, a player's empire: re-roll (npe.excludePlayerEmpires)",
      "5 → Hydran, a player's empire: re-roll (npe.excludePlayerEmpires)",
      '9 → Lyran NPE',
    ]);
  });
  it('ISS-A53 if every allowed empire is excluded, no NPE can be discovered', () => {
    const r = explore({ npe: { rollRange: { min: 1, max: 2 }, excludedEmpires: UTD8_111_EMPIRES } }, [
      ...LIFE_CLASS_M,
      1,
    ]);
    expect(r.npe).toBeNull();
    expect(r.terrain.id).toBe('class-m-planet');
    expect(r.steps.at(-1)?.kind).toBe('npe-none-possible');
  });
  it('UTD8.111 a shorter allowed list rolls a smaller die over that list', () => {
    const dice = forced([...LIFE_CLASS_M, 1, 2]);
    const r = resultOf(unwrap(exploreSector(input({ empires: ['federation', 'hydran', 'gorn'] }), dice)));
    expect(r.npe).toMatchObject({ empire: 'hydran', number: 2 });
    expect(r.terrain.id).toBe('gas-giant-moons');
    expect(dice.records.at(-1)?.sides).toBe(3);
  });
  it('UTD8.111 a bad empire list is a bug', () => {
    expect(() => exploreSector(input({ empires: [] }), forced([]))).toThrow();
    expect(() => exploreSector(input({ empires: ['gorn', 'gorn'] }), forced([]))).toThrow();
  });
});

describe('UTD5.2–5.41 dice purposes are posted publicly', () => {
  it('UTD5.21/5.3/5.4/5.41 every die is recorded with a purpose naming the rule and the sector, in order', () => {
    const dice = forced([2, 2, 1, 1, 5]);
    const r = resultOf(unwrap(exploreSector(input(), dice)));
    expect(dice.records.map((x) => [x.sides, x.purpose, x.results])).toEqual([
      [6, 'sector type (UTD5.21): Sector 7', [2]],
      [6, 'terrain (UTD5.3, life column): Sector 7', [2]],
      [6, 'special terrain (UTD5.3 special table, life column): Sector 7', [1]],
      [6, 'NPE check (UTD5.4, 1–2 = NPE): Sector 7', [1]],
      [13, 'NPE identity (UTD5.41, 1D13 over UTD8.111): Sector 7', [5]],
    ]);
    // Every step with a die is one recorded roll, with the same purpose, sides and value.
    const diceSteps = r.steps.filter((s) => s.die !== null);
    expect(diceSteps.map((s) => [s.sides, s.purpose, [s.die]])).toEqual(
      dice.records.map((x) => [x.sides, x.purpose, x.results]),
    );
    expect(r.steps.map((s) => s.meaning)).toEqual([
      '2 → life sector',
      '2 → Special: roll on the special table',
      '1 → Gas giant & moons',
      '1 → NPE discovered',
      '5 → Hydran NPE',
      'Hydran NPE: the terrain is Gas giant & moons only; it replaces the rolled Gas giant & moons (ISS-A54)',
    ]);
  });
  it('UTD5.1 unforced explorations are verifiable, self-consistent and plain JSON (300 seeded events)', () => {
    const seen = new Set<string>();
    for (let seq = 1; seq <= 300; seq++) {
      const dice = new SeededDice(SEED, seq);
      const r: ExplorationResult = resultOf(unwrap(exploreSector(input(), dice)));
      for (const rec of dice.records) expect(verifyRoll(SEED, rec)).toBe('fair');
      expect(JSON.parse(JSON.stringify(r))).toEqual(r);
      expect(r.steps.filter((s) => s.die !== null)).toHaveLength(dice.records.length);
      if (r.type === 'dead') expect(r.npe).toBeNull();
      if (r.npe) expect(r.terrain.id).toBe(r.npe.empire === 'hydran' ? 'gas-giant-moons' : 'class-m-planet');
      else expect(r.terrain).toEqual(r.tableTerrain);
      seen.add(`${r.type}/${r.npe ? 'npe' : '-'}`);
    }
    expect(seen).toEqual(new Set(['life/npe', 'life/-', 'mineral/npe', 'mineral/-', 'dead/-']));
  });
});
