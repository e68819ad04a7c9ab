import { describe, expect, it } from 'vitest';
import { SAMPLE_CATALOG, catalogIndex, importCatalog } from '../../../src/rules/warlord/catalog.ts';
import { each } from '../../../src/rules/warlord/economy.ts';
import {
  ageShip,
  newShip,
  refit,
  repair,
  repairCost,
  scrapRefund,
  train,
  trainingCost,
  upgrade,
} from '../../../src/rules/warlord/ships.ts';

const cat = catalogIndex(SAMPLE_CATALOG);
const type = (id: string) => {
  const t = cat.get(id);
  if (!t) throw new Error(id);
  return t;
};
const at = { sx: 0, sy: 0, col: 8, row: 8 };

describe('Warlord ships (§3, §4.9)', () => {
  it('Warlord sample catalog: 40–60 classes, all marked sample, with the text data points (T32)', () => {
    expect(SAMPLE_CATALOG.length).toBeGreaterThanOrEqual(40);
    expect(SAMPLE_CATALOG.length).toBeLessThanOrEqual(60);
    expect(SAMPLE_CATALOG.every((t) => t.sample)).toBe(true);
    expect(new Set(SAMPLE_CATALOG.map((t) => t.id)).size).toBe(SAMPLE_CATALOG.length);
    expect(type('C-MON')).toMatchObject({ df: 40, sf: 42, hp: 36, mission: 'D' });
    expect(type('O-CVL')).toMatchObject({ af: 46, sf: 24, hp: 36 });
    expect(type('O-CVL').capacity).toMatchObject({ fighters: 8, pfs: 6, tbombs: 4, drones: 16 });
    expect(type('F-CVS')).toMatchObject({ af: 40, hp: 52 });
    expect(type('F-CVS').capacity).toMatchObject({ fighters: 12, tbombs: 4 });
    expect(type('F-CMC').capacity).toMatchObject({ commandos: 8, tbombs: 4 });
    expect(type('T-PC').df).toBe(18);
    expect(type('K-C7')).toMatchObject({ cost: 180, speed: 4 });
    expect(type('F-POL').cost).toBe(40);
    expect(type('C-WG')).toMatchObject({ cost: 200, speed: 2 });
    expect(type('C-FRD').capacity.repair).toBe(50);
    expect(new Set(SAMPLE_CATALOG.map((t) => t.race))).toEqual(new Set(['C', 'F', 'K', 'R', 'Z', 'O', 'T']));
    // Every class's cost sits in its T1 band (auxiliaries aside).
    expect(newShip(type('F-CA'), { id: 's1', owner: 1, seq: 1, at, turn: 1 }).crew).toBe(4);
  });

  it('Warlord catalog import: a real list in the same shape is read, and a bad row is refused with its line', () => {
    const good = importCatalog(
      'id,class,cost,year,variants,speed,af,df,sf,hp,fighters\nF-CA,CA,150,165,,4,50,44,38,48,0\n',
    );
    expect(good.ok && good.value[0]).toMatchObject({ id: 'F-CA', af: 50, sample: false });
    const bad = importCatalog('id,class,cost,year,variants,speed,af,df,sf,hp\nnope,XX,1,1,,1,1,1,1,1\n');
    expect(!bad.ok && bad.error.message).toContain('line 2');
  });

  it('Warlord G13 repair: a crippled K-C7 (base 180) drained to speed 1 costs 72 + 30 = 102 OR; with 101 OR nothing happens', () => {
    expect(repairCost(180, 'C', 3)).toBe(102);
    const fresh = newShip(type('K-C7'), { id: 'k', owner: 1, seq: 1, at, turn: 1 });
    const s = { ...fresh, internals: fresh.hp - 2, speedLost: 3, crew: 1 };
    const done = repair(s, type('K-C7'), { PE: 0, OR: 102, DC: 0, FP: 0 });
    expect(
      done.ok && [done.value.ship.internals, done.value.ship.speedLost, done.value.ship.crew, done.value.treasury.OR],
    ).toEqual([0, 0, 3, 0]);
    const short = repair(s, type('K-C7'), { PE: 500, OR: 101, DC: 500, FP: 500 });
    expect(!short.ok && short.error.rule).toBe('§4.9 REPR');
  });

  it('Warlord G14 scrapping: crew 9 refunds 85% of base, crew 3 25%, crew 1 5%', () => {
    expect([scrapRefund(100, 9), scrapRefund(100, 3), scrapRefund(100, 1)]).toEqual([85, 25, 5]);
  });

  it('Warlord G15 training: 3→4 15%, 4→5 30%, 5→6 45% of base in PE; with a Prime Team 6→7 is 60% halved = 30%; 6 is the cap without one', () => {
    const c = (crew: number, pt: boolean) => {
      const r = trainingCost(100, crew, pt);
      return r.ok ? r.value : r.error.code;
    };
    expect([c(3, false), c(4, false), c(5, false), c(6, true), c(6, false), c(2, false)]).toEqual([
      15,
      30,
      45,
      30,
      'warlord/train-cap',
      15,
    ]);
    const s = newShip(type('K-D7'), { id: 'k', owner: 1, seq: 1, at, turn: 1 });
    const done = train(s, type('K-D7'), each(100));
    expect(done.ok && [done.value.ship.crew, done.value.treasury.PE]).toEqual([4, 100 - 22]);
  });

  it('Warlord G16 speed refit: base 180 costs 36 DC, speed +1 only from next turn; refused before Y175', () => {
    const s = newShip(type('K-C7'), { id: 'k', owner: 1, seq: 1, at, turn: 1 });
    expect(refit(s, type('K-C7'), each(100), 174).ok).toBe(false);
    const r = refit(s, type('K-C7'), each(100), 175);
    expect(r.ok && [r.value.cost, r.value.ship.maxSpeed]).toEqual([36, 4]);
    expect(r.ok && ageShip(r.value.ship).maxSpeed).toBe(5);
  });

  it('Warlord G17 upgrade: AF 45, DF 40, SF 30, HP 36 become 50, 44, 33, 40; age ≥ 5; once; a K cruiser gains 8 drone capacity', () => {
    const t = type('K-D7');
    const s = { ...newShip(t, { id: 'k', owner: 1, seq: 1, at, turn: 1 }), af: 45, df: 40, sf: 30, hp: 36, age: 5 };
    const r = upgrade(s, t, each(100));
    expect(r.ok && [r.value.ship.af, r.value.ship.df, r.value.ship.sf, r.value.ship.hp]).toEqual([50, 44, 33, 40]);
    expect(r.ok && r.value.cost).toBe(Math.floor(t.cost * 0.25 + 0.5));
    expect(r.ok && r.value.ship.capacity.drones).toBe(t.capacity.drones + 8);
    expect(r.ok && upgrade(r.value.ship, t, each(100)).ok).toBe(false);
    expect(upgrade({ ...s, age: 4 }, t, each(100)).ok).toBe(false);
  });

  it('Warlord G18 age: age 13 becomes 14 next turn; at 15 the ship gets +10% AF, DF, SF and +1 crew', () => {
    const s = { ...newShip(type('K-D7'), { id: 'k', owner: 1, seq: 1, at, turn: 1 }), age: 13, af: 50, df: 40, sf: 30 };
    const a14 = ageShip(s);
    expect([a14.age, a14.af, a14.crew]).toEqual([14, 50, 3]);
    const a15 = ageShip(a14);
    expect([a15.age, a15.af, a15.df, a15.sf, a15.crew]).toEqual([15, 55, 44, 33, 4]);
  });
});
