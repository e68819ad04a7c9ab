import { describe, expect, it } from 'vitest';
import { supermajorityReached, supermajorityThreshold } from '../../src/rules/supermajority.ts';

describe('UTD1.7 supermajority (TC-001)', () => {
  const table: [number, number][] = [
    [2, 2],
    [3, 2],
    [4, 3],
    [5, 4],
    [6, 5],
    [7, 6],
    [8, 6],
    [9, 7],
    [10, 8],
    [11, 9],
    [12, 9],
    [13, 10],
  ];
  it.each(table)('UTD1.7 electorate %i needs %i yes votes', (n, needed) => {
    expect(supermajorityThreshold(n)).toBe(needed);
  });
  it('UTD1.7 five voters: 4 yes passes, 3 yes fails, 3 yes and 2 silent fails', () => {
    expect(supermajorityReached(5, 4)).toBe(true);
    expect(supermajorityReached(5, 3)).toBe(false);
  });
  it('UTD1.7 two players must both agree', () => {
    expect(supermajorityReached(2, 1)).toBe(false);
    expect(supermajorityReached(2, 2)).toBe(true);
  });
  it('rules-notes §6 an electorate of one decides alone (TC-002, 3 players minus 2 in the battle)', () => {
    expect(supermajorityThreshold(1)).toBe(1);
  });
  it('refuses an empty electorate', () => {
    expect(() => supermajorityThreshold(0)).toThrow();
  });
});
