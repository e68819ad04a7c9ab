import { describe, expect, it } from 'vitest';
import { SeededDice, deriveDie, seedCommitment, verifyRoll } from '../../src/rules/dice.ts';
import { parseDiceExpression, rollExpression } from '../../src/rules/dice-expression.ts';

const SEED = 'ab'.repeat(32);

describe('verifiable dice (design §5)', () => {
  it('a roll is a function of (seed, event, counter) and verifies from the revealed seed', () => {
    const a = new SeededDice(SEED, 7);
    const b = new SeededDice(SEED, 7);
    expect(a.roll(6, 5, 'x')).toEqual(b.roll(6, 5, 'x'));
    for (const r of a.records) expect(verifyRoll(SEED, r)).toBe('fair');
    const tampered = { ...a.records[0]!, results: a.records[0]!.results.map((v) => (v % 6) + 1) };
    expect(verifyRoll(SEED, tampered)).toBe('mismatch');
  });
  it('different events give independent rolls', () => {
    const seqs = Array.from({ length: 50 }, (_, i) => deriveDie(SEED, i + 1, 0, 1000));
    expect(new Set(seqs).size).toBeGreaterThan(40);
  });
  it('dice are uniform enough: 60,000 d6 within 2% of 10,000 each', () => {
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60_000; i++) counts[deriveDie(SEED, 1, i, 6) - 1]!++;
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(200);
  });
  it('forced dice are used first and recorded as forced', () => {
    const d = new SeededDice(SEED, 1, [6, 2]);
    expect(d.roll(6, 3, 'siege')[0]).toBe(6);
    expect(d.records[0]!.forced).toBe(true);
    expect(verifyRoll(SEED, d.records[0]!)).toBe('forced');
    expect(() => new SeededDice(SEED, 1, [7]).roll(6, 1, 'x')).toThrow(/does not fit/);
  });
  it('the commitment is the SHA-256 of the seed bytes', () => {
    expect(seedCommitment(SEED)).toMatch(/^[0-9a-f]{64}$/);
    expect(seedCommitment(SEED)).not.toBe(seedCommitment('cd'.repeat(32)));
  });
});

describe('/roll expressions', () => {
  it('parses and totals 2d6+1d4-1 with forced dice', () => {
    const terms = parseDiceExpression('2d6 + 1d4 - 1');
    expect(terms.ok).toBe(true);
    if (!terms.ok) return;
    const rolled = rollExpression(terms.value, new SeededDice(SEED, 1, [3, 5, 2]), 'test');
    expect(rolled.total).toBe(3 + 5 + 2 - 1);
  });
  it('reads d1000 and d%', () => {
    const t = parseDiceExpression('d1000');
    expect(t.ok && t.value[0]).toMatchObject({ count: 1, sides: 1000 });
    const p = parseDiceExpression('d%');
    expect(p.ok && p.value[0]).toMatchObject({ sides: 100 });
  });
  it.each(['', 'abc', '0d6', '1d1', '101d6', '5', '2d6++3', '1d6 1d6', '1d9999999'])(
    'refuses %j with a rule-cited error',
    (text) => {
      const r = parseDiceExpression(text);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.rule).toBe('UTD1.5');
    },
  );
});
