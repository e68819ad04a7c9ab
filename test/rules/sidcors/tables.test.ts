import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  COEFFICIENT_TABLE,
  SIDCORS_RULE,
  coefficientFor,
  coefficientFormula,
  damageFor,
} from '../../../src/rules/sidcors/index.ts';
import { refusal } from './helpers.ts';

function table(name: string): string[][] {
  const text = readFileSync(new URL(`../../../assets/tables/sidcors/${name}`, import.meta.url), 'utf8');
  return parse(text) as string[][];
}

describe('SIDCORS Combat Damage Results Table (A.2.14 step 4, Appendix A)', () => {
  it('the integer round-half-up damage reproduces all 900 printed cells', () => {
    const [header, ...rows] = table('sidcors_damage_table.csv');
    const pcts = header!.slice(1).map((h) => Number(h.replace('%', '')));
    expect(pcts).toEqual([10, 15, 20, 25, 30, 35, 40, 45, 50]);
    expect(rows).toHaveLength(100);
    let checked = 0;
    const wrong: string[] = [];
    for (const row of rows) {
      const comPot = Number(row[0]);
      pcts.forEach((pct, i) => {
        checked++;
        if (damageFor(comPot, pct) !== Number(row[i + 1])) wrong.push(`${comPot}@${pct}%`);
      });
    }
    expect(checked).toBe(900);
    expect(wrong).toEqual([]);
  });

  it('A.2.14 RHU: ComPot 90 at 35% gives 32, where float arithmetic gives 31 (VS10)', () => {
    expect(damageFor(90, 35)).toBe(32);
    // The trap the integer formula avoids: 90 * 0.35 is 31.499999999999996 in binary floating point.
    expect(Math.floor(90 * (35 / 100) + 0.5)).toBe(31);
  });

  it('VS2: ComPot 38 at 25% is 9.5, rounded up to 10; fractions of .49 or less drop', () => {
    expect(damageFor(38, 25)).toBe(10);
    expect(damageFor(17, 30)).toBe(5); // 5.1
    expect(damageFor(13, 30)).toBe(4); // 3.9
  });

  it('VS3/VS5: the formula covers ComPot beyond the printed 100 (83 and 103 against a 24-point target)', () => {
    expect([damageFor(83, 25), damageFor(83, 30)]).toEqual([21, 25]);
    expect([damageFor(103, 20), damageFor(103, 25)]).toEqual([21, 26]);
  });
});

describe('SIDCORS Combat Coefficient Table (A.2.14 step 3)', () => {
  it('the 42 printed cells equal the embedded table and 5 × (2 + ⌊(BIR + die − 1)/2⌋)', () => {
    const [header, ...rows] = table('sidcors_coefficient_table.csv');
    expect(header).toEqual(['BIR', 'die1', 'die2', 'die3', 'die4', 'die5', 'die6']);
    let cells = 0;
    for (const row of rows) {
      const bir = Number(row[0]);
      for (let die = 1; die <= 6; die++) {
        const printed = Number(row[die]);
        expect(coefficientFor(bir, die)).toBe(printed);
        expect(coefficientFormula(bir, die)).toBe(printed);
        expect(COEFFICIENT_TABLE[bir]![die - 1]).toBe(printed);
        cells++;
      }
    }
    expect(cells).toBe(42);
  });

  it('VS4: at BIR 5 a coefficient of 30% or more comes on 3 of 6 dice; 25% or more on 5 of 6', () => {
    const dice = [1, 2, 3, 4, 5, 6];
    expect(dice.filter((d) => coefficientFor(5, d) >= 30)).toHaveLength(3);
    expect(dice.filter((d) => coefficientFor(5, d) >= 25)).toHaveLength(5);
  });

  it('V19: BIR outside 2..8 is refused; rows 0, 1, 9, 10 only by explicit extrapolation', () => {
    for (const bir of [0, 1, 9, 10])
      refusal(() => coefficientFor(bir, 3), SIDCORS_RULE.coefficient, 'sidcors/bir-out-of-range');
    expect([1, 2, 3, 4, 5, 6].map((d) => coefficientFor(0, d, { extrapolate: true }))).toEqual([
      10, 10, 15, 15, 20, 20,
    ]);
    expect([1, 2, 3, 4, 5, 6].map((d) => coefficientFor(10, d, { extrapolate: true }))).toEqual([
      35, 35, 40, 40, 45, 45,
    ]);
    refusal(() => coefficientFor(11, 1, { extrapolate: true }), SIDCORS_RULE.coefficient, 'sidcors/bir-out-of-range');
    refusal(() => coefficientFor(5, 7), SIDCORS_RULE.coefficient, 'sidcors/bad-die');
  });
});
