import { describe, expect, it } from 'vitest';
import { cidsPools } from '../../../src/rules/sfw/cids.ts';
import { buildFortress } from '../../../src/rules/sfw/fortress.ts';

const fortress = buildFortress({
  name: 'F',
  modules: [
    { id: 'LSS', type: 'LSS' },
    { id: 'WP', type: 'WP' },
    { id: 'MAWS', type: 'MAWS' },
    { id: 'SAWS', type: 'SAWS' },
    { id: 'CM', type: 'CM' },
  ],
  adjacent: [
    ['WP', 'LSS'],
    ['WP', 'MAWS'],
    ['MAWS', 'SAWS'],
  ],
});

describe('SFW Starfortress CIDS lending (digest C.2.2, C.3)', () => {
  it('S10 a WP that lends 6 CIDS rolls to an adjacent LSS rolls only 4 when attack craft attack it', () => {
    const pools = cidsPools(fortress, [{ from: 'WP', to: 'LSS', rolls: 6 }]);
    expect(pools.WP!.total).toBe(4);
    expect(pools.LSS!.total).toBe(6);
    expect(pools.LSS!.rolls).toEqual([{ source: 'WP', percent: 100, count: 6 }]);
  });

  it('without loans, LSS and CM have no CIDS; weapons modules have 10 rolls at their own chance', () => {
    const pools = cidsPools(fortress, []);
    expect(pools.LSS!.total).toBe(0);
    expect(pools.CM!.total).toBe(0);
    expect(pools.MAWS!.rolls).toEqual([{ source: 'MAWS', percent: 20, count: 10 }]);
  });

  it('DS4 a module holding its own 10 rolls plus 3 lent has 3 eliminated; by default the attacker takes the strongest, and they are lost', () => {
    const pools = cidsPools(fortress, [{ from: 'WP', to: 'MAWS', rolls: 3 }]);
    expect(pools.MAWS!.total).toBe(10);
    expect(pools.MAWS!.eliminated).toEqual([{ source: 'WP', percent: 100, count: 3 }]);
    expect(pools.MAWS!.rolls).toEqual([{ source: 'MAWS', percent: 20, count: 10 }]);
    expect(pools.WP!.total).toBe(7);
  });

  it('DS4 the attacker may choose which extra rolls go, but must remove exactly the excess', () => {
    const pools = cidsPools(fortress, [{ from: 'WP', to: 'MAWS', rolls: 3 }], { MAWS: [{ source: 'MAWS', count: 3 }] });
    expect(pools.MAWS!.rolls).toEqual([
      { source: 'WP', percent: 100, count: 3 },
      { source: 'MAWS', percent: 20, count: 7 },
    ]);
    expect(() =>
      cidsPools(fortress, [{ from: 'WP', to: 'MAWS', rolls: 3 }], { MAWS: [{ source: 'MAWS', count: 2 }] }),
    ).toThrow(/exactly 3/);
  });

  it('loans go only from working weapons modules to adjacent modules, and never more than the lender has', () => {
    expect(() => cidsPools(fortress, [{ from: 'WP', to: 'CM', rolls: 1 }])).toThrow(/only to an adjacent module/);
    expect(() => cidsPools(fortress, [{ from: 'LSS', to: 'WP', rolls: 1 }])).toThrow(/only weapons modules/);
    expect(() =>
      cidsPools(fortress, [
        { from: 'WP', to: 'LSS', rolls: 6 },
        { from: 'WP', to: 'MAWS', rolls: 5 },
      ]),
    ).toThrow(/has 10 CIDS rolls but lends 11/);
  });

  it('CIDS damage ("lose two die rolls") leaves the module 8 rolls to fire or lend', () => {
    const pools = cidsPools(fortress, [], {}, { WP: 2 });
    expect(pools.WP!.total).toBe(8);
    expect(() => cidsPools(fortress, [{ from: 'WP', to: 'LSS', rolls: 9 }], {}, { WP: 2 })).toThrow(/has 8 CIDS rolls/);
  });

  it('W16 a MAD adds its 10 rolls at 60% to the module it sits on, within the 10-roll cap', () => {
    const f = buildFortress({
      modules: [
        { id: 'LSS', type: 'LSS' },
        { id: 'WP', type: 'WP' },
        { id: 'M', type: 'MAD', on: 'LSS' },
      ],
      adjacent: [['WP', 'LSS']],
    });
    const pools = cidsPools(f, [{ from: 'WP', to: 'LSS', rolls: 4 }]);
    expect(pools.LSS!.total).toBe(10);
    expect(pools.LSS!.eliminated).toEqual([{ source: 'WP', percent: 100, count: 4 }]);
    expect(pools.M).toBeUndefined();
  });
});
