import { describe, expect, it } from 'vitest';
import { basesOf, checkpoint, defenseGame, replaysFrom, sectorOf } from './defense-harness.ts';

const ids = (bases: { id: string }[]) => bases.map((b) => b.id);

describe('UTD6.3A revise defenses: buying, paying and arrival at step 10', () => {
  it('UTD6.3A one order point buys 2 DefSats and a GBDP at home for 80 BPV; they are pending until step 10', () => {
    const g = defenseGame();
    const mark = checkpoint(g);
    g.do('p1', { type: 'defense-revise', sector: 'H1', buy: 'NEU-DEFSAT x2, NEU-GBDP' });
    expect(g.state.turn!.opsSpent).toBe(1);
    expect(g.player('p1').bank).toBe('420'); // 500 − (20 + 20 + 40)
    const e = g.events('DefensesRevised')[0]!.event as Extract<
      (typeof g.log)[number]['event'],
      { type: 'DefensesRevised' }
    >;
    expect(e).toMatchObject({ sector: 'H1', cost: '80', refund: '0', opCost: 1, scrapped: [] });
    expect(e.bought.map((b) => [b.unitId, b.role, b.pending, b.bpv])).toEqual([
      ['NEU-DEFSAT', 'defense', true, '20'],
      ['NEU-DEFSAT', 'defense', true, '20'],
      ['NEU-GBDP', 'defense', true, '40'],
    ]);
    // The order overhauls the seven starting defenses already there.
    expect(e.overhauled).toHaveLength(7);
    expect(basesOf(g, 'p1', 'H1', 'NEU-DEFSAT')).toHaveLength(5);
    expect(basesOf(g, 'p1', 'H1', 'NEU-GBDP')).toHaveLength(4);
    g.do('p1', { type: 'end-turn' });
    const arrived = g.events('DefensesArrived')[0]!.event as Extract<
      (typeof g.log)[number]['event'],
      { type: 'DefensesArrived' }
    >;
    expect(arrived.baseIds).toEqual(ids(e.bought));
    expect(arrived.cancelled).toEqual([]);
    expect(g.state.bases.filter((b) => arrived.baseIds.includes(b.id)).every((b) => !b.pending)).toBe(true);
    expect(g.player('p1').bank).toBe('420');
    expect(replaysFrom(g, mark)).toEqual(g.state);
  });

  it('UTD6.3A the scrap money pays for the purchases: scrap the monitor (100 → 50) and buy a new one (100): the bank pays 50', () => {
    const g = defenseGame();
    const monitor = basesOf(g, 'p1', 'H1', 'NEU-MON')[0]!;
    g.do('p1', { type: 'defense-revise', sector: 'H1', buy: 'NEU-MON', scrap: monitor.id });
    expect(g.player('p1').bank).toBe('450');
    expect(g.state.bases.some((b) => b.id === monitor.id)).toBe(false);
    expect(basesOf(g, 'p1', 'H1', 'NEU-MON').map((b) => b.pending)).toEqual([true]);
    expect(g.state.turn!.opsSpent).toBe(1);
  });

  it('UTD6.3A the bank and the scrap money together must cover the price: 50 BPV buys two GBDPs (80) only with 3 DefSats scrapped (+30)', () => {
    const g = defenseGame();
    g.patch((s) => (s.players.find((p) => p.id === 'p1')!.bank = '50'));
    const err = g.refused('p1', { type: 'defense-revise', sector: 'H1', buy: 'NEU-GBDP x2' }, 'UTD6.3A');
    expect(err.code).toBe('bank/insufficient');
    const defsats = ids(basesOf(g, 'p1', 'H1', 'NEU-DEFSAT'));
    g.do('p1', { type: 'defense-revise', sector: 'H1', buy: '2 x NEU-GBDP', scrap: defsats.join(', ') });
    expect(g.player('p1').bank).toBe('0');
    expect(basesOf(g, 'p1', 'H1', 'NEU-DEFSAT')).toHaveLength(0);
    expect(basesOf(g, 'p1', 'H1', 'NEU-GBDP')).toHaveLength(5);
  });

  it('UTD6.3A a unit bought this turn cannot be scrapped before it arrives; a second revise of the sector costs another OP', () => {
    const g = defenseGame();
    g.do('p1', { type: 'defense-revise', sector: 'H1', buy: 'NEU-DEFSAT' });
    const fresh = basesOf(g, 'p1', 'H1', 'NEU-DEFSAT').find((b) => b.pending)!;
    expect(g.refused('p1', { type: 'defense-revise', sector: 'H1', scrap: fresh.id }, 'UTD6.3A').code).toBe(
      'defense/not-arrived',
    );
    g.do('p1', { type: 'defense-revise', sector: 'H1', buy: 'NEU-DEFSAT' });
    expect(g.state.turn!.opsSpent).toBe(2);
    expect(g.player('p1').bank).toBe('460');
  });

  it('UTD6.3A refusals cite their rule and change nothing', () => {
    const g = defenseGame();
    g.refused('p2', { type: 'defense-revise', sector: 'H2', buy: 'NEU-DEFSAT' }, 'UTD2.1');
    g.refused('p1', { type: 'defense-revise', sector: 'H1', buy: 'KZI-CA' }, 'UTD8.113');
    g.refused('p1', { type: 'defense-revise', sector: 'H1', buy: 'NEU-DEFSAT2' }, 'UTD8.12');
    g.refused('p1', { type: 'defense-revise', sector: 'H1', buy: 'NEU-SY4' }, 'UTD6.3A');
    g.refused('p1', { type: 'defense-revise', sector: 'H1', buy: 'NOPE-1' }, 'UTD1.6');
    g.refused('p1', { type: 'defense-revise', sector: 'H1', buy: 'NEU-DEFSAT x0' }, 'UTD6.3A');
    g.refused('p1', { type: 'defense-revise', sector: 'A' }, 'UTD6.3A');
    g.refused('p1', { type: 'defense-revise', sector: 'Nowhere', buy: 'NEU-DEFSAT' }, 'UTD4.1');
    const capital = g.state.bases.find((b) => b.owner === 'p1' && b.role === 'capital')!;
    g.refused('p1', { type: 'defense-revise', sector: 'H1', scrap: capital.id }, 'ISS-A75');
    const enemy = basesOf(g, 'p2', 'H2', 'NEU-MON')[0]!;
    g.refused('p1', { type: 'defense-revise', sector: 'H1', scrap: enemy.id }, 'UTD6.3A');
    g.patch((s) => (s.turn!.opsSpent = 3));
    expect(g.refused('p1', { type: 'defense-revise', sector: 'H1', buy: 'NEU-DEFSAT' }, 'UTD6.3A').code).toBe(
      'ops/insufficient',
    );
  });

  it('UTD6.123 a unit whose sector can no longer hold defenses at step 10 is not delivered and its price comes back', () => {
    const g = defenseGame();
    sectorOf(g, 'A', 'dead', 'p1', { fort: true });
    g.do('p1', { type: 'defense-revise', sector: 'A', buy: 'NEU-DEFSAT' });
    expect(g.player('p1').bank).toBe('480');
    g.patch((s) => (s.map!.sectors.find((x) => x.key === 'A')!.fort = null));
    g.do('p1', { type: 'end-turn' });
    const arrived = g.events('DefensesArrived')[0]!.event as Extract<
      (typeof g.log)[number]['event'],
      { type: 'DefensesArrived' }
    >;
    expect(arrived.baseIds).toEqual([]);
    expect(arrived.cancelled).toMatchObject([{ unitId: 'NEU-DEFSAT', refund: '20' }]);
    expect(basesOf(g, 'p1', 'A')).toHaveLength(0);
    expect(g.player('p1').bank).toBe('500');
  });
});

describe('UTD6.3F scrap defenses: half their value, fractions kept', () => {
  it('UTD6.3F one OP scraps a medium GB (45 BPV) and three DefSats (20 each): (45 + 60) / 2 = 52.5 BPV', () => {
    const g = defenseGame();
    g.patch((s) =>
      s.bases.push({
        id: 'B900',
        owner: 'p1',
        unitId: 'NEU-GBM',
        sector: 'H1',
        role: 'defense',
        bpv: '45',
        pending: false,
      }),
    );
    const defsats = ids(basesOf(g, 'p1', 'H1', 'NEU-DEFSAT'));
    const mark = checkpoint(g);
    g.do('p1', { type: 'defense-scrap', sector: 'H1', units: ['B900', ...defsats].join(',') });
    expect(g.player('p1').bank).toBe('552.5');
    expect(g.state.turn!.opsSpent).toBe(1);
    expect(
      basesOf(g, 'p1', 'H1')
        .filter((b) => b.role === 'defense')
        .map((b) => b.unitId)
        .sort(),
    ).toEqual(['NEU-GBDP', 'NEU-GBDP', 'NEU-GBDP', 'NEU-MON']);
    expect(replaysFrom(g, mark)).toEqual(g.state);
  });

  it('UTD6.3F the free starting defenses scrap for half their catalog BPV: 3 GBDPs (40 each) return 60; `all` takes every arrived defense', () => {
    const g = defenseGame();
    g.do('p1', { type: 'defense-scrap', sector: 'H1', units: ids(basesOf(g, 'p1', 'H1', 'NEU-GBDP')).join(',') });
    expect(g.player('p1').bank).toBe('560');
    g.do('p1', { type: 'defense-scrap', sector: 'H1', units: 'all' });
    expect(g.player('p1').bank).toBe('640'); // + (100 + 3 × 20) / 2
    expect(
      basesOf(g, 'p1', 'H1')
        .map((b) => b.role)
        .sort(),
    ).toEqual(['capital', 'capital-rf']);
    expect(g.state.turn!.opsSpent).toBe(2);
  });

  it('UTD6.3F refusals: nothing named, a unit of another sector (ISS-A75), the capital, a shipyard', () => {
    const g = defenseGame();
    sectorOf(g, 'A', 'dead', 'p1', { fort: true });
    g.patch((s) =>
      s.bases.push(
        { id: 'B900', owner: 'p1', unitId: 'NEU-DEFSAT', sector: 'A', role: 'defense', bpv: '20', pending: false },
        { id: 'B901', owner: 'p1', unitId: 'NEU-SY4', sector: 'H1', role: 'shipyard', bpv: '150', pending: false },
      ),
    );
    g.refused('p1', { type: 'defense-scrap', sector: 'H1', units: ' ' }, 'UTD6.3F');
    g.refused('p1', { type: 'defense-scrap', sector: 'H1', units: 'B900' }, 'UTD6.3F');
    g.refused('p1', { type: 'defense-scrap', sector: 'H1', units: 'B901' }, 'UTD6.3F');
    const rf = g.state.bases.find((b) => b.owner === 'p1' && b.role === 'capital-rf')!;
    g.refused('p1', { type: 'defense-scrap', sector: 'H1', units: rf.id }, 'ISS-A75');
  });
});

describe('UTD7.34 repair freighters with the defenses (UTD4.3237, 4.3373, ISS-A33, ISS-A34)', () => {
  it('ISS-A33 a repair freighter bought where the capital stands replaces its lost F-RL; the next one is a supporting RF; a third is refused', () => {
    const g = defenseGame();
    g.patch((s) => (s.bases = s.bases.filter((b) => !(b.owner === 'p1' && b.role === 'capital-rf'))));
    g.refused('p1', { type: 'defense-revise', sector: 'H1', buy: 'NEU-F-RS x3' }, 'ISS-A34');
    g.do('p1', { type: 'defense-revise', sector: 'H1', buy: 'NEU-F-RS, NEU-F-RL' });
    expect(
      basesOf(g, 'p1', 'H1')
        .filter((b) => b.pending)
        .map((b) => [b.unitId, b.role]),
    ).toEqual([
      ['NEU-F-RS', 'capital-rf'],
      ['NEU-F-RL', 'supporting-rf'],
    ]);
    expect(g.player('p1').bank).toBe('440');
    g.do('p1', { type: 'end-turn' });
    expect(
      basesOf(g, 'p1', 'H1')
        .filter((b) => b.role.endsWith('rf'))
        .every((b) => !b.pending),
    ).toBe(true);
  });

  it('UTD4.3373 a supporting RF needs a life sector with the player’s colony (no fortification) or the home sector; never at a mine (UTD4.345)', () => {
    const g = defenseGame();
    sectorOf(g, 'A', 'life', 'p1', { colony: true, terrain: ['class-m-planet'] });
    sectorOf(g, 'B', 'mineral', 'p1', { mine: true, fort: true, terrain: ['asteroid-field'] });
    g.do('p1', { type: 'defense-revise', sector: 'A', buy: 'NEU-F-RS' });
    expect(basesOf(g, 'p1', 'A').map((b) => b.role)).toEqual(['supporting-rf']);
    g.refused('p1', { type: 'defense-revise', sector: 'B', buy: 'NEU-F-RS' }, 'UTD7.34');
    g.do('p1', { type: 'defense-revise', sector: 'B', buy: 'NEU-GBDP' });
    expect(basesOf(g, 'p1', 'B').map((b) => b.unitId)).toEqual(['NEU-GBDP']);
  });
});
