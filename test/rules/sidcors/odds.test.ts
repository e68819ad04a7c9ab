import { describe, expect, it } from 'vitest';
import { SIDCORS_RULE, simulateOdds } from '../../../src/rules/sidcors/index.ts';
import { refusal, unit } from './helpers.ts';

describe('SIDCORS odds: many simulated quick battles with their own seeded dice', () => {
  // BIR 5 (4 + 1); A's ComPot 30 against one unit of defence 20: only a 6 (35 %, 11 points) reaches
  // half its defence (10), so the unit is crippled in 1 run out of 6 (digest VS4-style reading of the table).
  const units = [unit('A1', 'A', '30-30/15-15'), unit('B1', 'B', '0-20/0-10')];
  const request = { units, bif: { A: 4, B: 1 }, rounds: 1, runs: 2000, seed: 99 };

  it('A.2.14 step 3 the spread follows the coefficient table: a 6 in 6 cripples, about 1 run in 6', () => {
    const a = simulateOdds(request);
    const b1 = a.units.find((u) => u.id === 'B1')!.fates;
    expect(b1.undamaged + b1.crippled + b1.destroyed).toBe(2000);
    expect(b1.destroyed).toBe(0);
    expect(b1.crippled / 2000).toBeGreaterThan(0.14);
    expect(b1.crippled / 2000).toBeLessThan(0.195);
    // B has no attack factor: A never loses anything.
    expect(a.unitsLost.A).toEqual([2000, 0]);
    expect(a.bothStand).toBe(2000);
  });

  it('the same seed gives the same answer; another seed another sample', () => {
    const small = { ...request, runs: 300 };
    expect(simulateOdds(small)).toEqual(simulateOdds(small));
    expect(simulateOdds({ ...small, seed: 100 })).not.toEqual(simulateOdds(small));
  });

  it('A.2.14 cloak roll: a force of cloaking ships rolls it in every simulated battle (about 10/36 give the enemy −1)', () => {
    const cloaked = [unit('R1', 'A', '8-8/4-4', { flags: { cloak: true } }), unit('K1', 'B', '8-8/4-4')];
    const a = simulateOdds({ units: cloaked, bif: { A: 2, B: 2 }, rounds: 1, runs: 1800, seed: 3 });
    expect(a.cloak.B).toEqual({ minus: 0, plus: 0 });
    expect(a.cloak.A.minus / 1800).toBeGreaterThan(0.23);
    expect(a.cloak.A.minus / 1800).toBeLessThan(0.33);
    // A battle already under way has had its cloak roll: none now.
    const resumed = simulateOdds({
      units: cloaked,
      bif: { A: 2, B: 2 },
      rounds: 1,
      runs: 50,
      seed: 3,
      resume: { roundsFought: 1, carry: { A: 0, B: 0 } },
    });
    expect(resumed.cloak.A).toEqual({ minus: 0, plus: 0 });
  });

  it('refuses a number of runs or rounds out of range', () => {
    refusal(() => simulateOdds({ ...request, runs: 5 }), SIDCORS_RULE.end, 'sidcors/odds-range');
    refusal(() => simulateOdds({ ...request, rounds: 11 }), SIDCORS_RULE.end, 'sidcors/odds-range');
  });
});
