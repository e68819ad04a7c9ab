import { describe, expect, it } from 'vitest';
import { defenseBattleMc } from '../../../src/rules/thunderdome/defenses/index.ts';
import { placeFleet, result } from '../battles/helpers.ts';
import { catalogWith } from '../shipyards/yard-harness.ts';
import type { Game } from '../td3/harness.ts';
import { basesOf, defenseGame, sectorOf } from './defense-harness.ts';

const ids = (bases: { id: string }[]) => bases.map((b) => b.id);

describe('TC-093 limit checks (UTD7.33, 7.34, 7.25#2)', () => {
  it('UTD7.34 a 2nd monitor, a 7th ground base and a 6th DefSat are refused; up to the limits is fine', () => {
    const g = defenseGame();
    g.refused('p1', { type: 'defense-revise', sector: 'H1', buy: 'NEU-MON' }, 'UTD7.34');
    g.refused('p1', { type: 'defense-revise', sector: 'H1', buy: 'NEU-GBDP x4' }, 'UTD7.34');
    g.refused('p1', { type: 'defense-revise', sector: 'H1', buy: 'NEU-DEFSAT x3' }, 'UTD7.34');
    g.do('p1', { type: 'defense-revise', sector: 'H1', buy: 'NEU-GBDP x2, NEU-GBM, NEU-DEFSAT x2' });
    expect(g.player('p1').bank).toBe('335'); // 500 − 2 × 40 − 45 − 2 × 20
    // Pending units count towards the limits: the 7th GB and the 6th DefSat are refused in the same turn.
    g.refused('p1', { type: 'defense-revise', sector: 'H1', buy: 'NEU-GBDP' }, 'UTD7.34');
    g.refused('p1', { type: 'defense-revise', sector: 'H1', buy: 'NEU-DEFSAT' }, 'UTD7.34');
  });

  it('UTD7.34 a ground base in a sector without a planet, moon or asteroid is refused; DefSats and a monitor are not', () => {
    const g = defenseGame();
    sectorOf(g, 'A', 'dead', 'p1', { fort: true, terrain: ['ion-storm'] });
    g.refused('p1', { type: 'defense-revise', sector: 'A', buy: 'NEU-GBDP' }, 'UTD7.34');
    g.do('p1', { type: 'defense-revise', sector: 'A', buy: 'NEU-MON, NEU-DEFSAT x5' });
    expect(basesOf(g, 'p1', 'A')).toHaveLength(6);
    // With a small moon the same dead sector takes ground bases.
    sectorOf(g, 'B', 'dead', 'p1', { fort: true, terrain: ['small-moon'] });
    g.do('p1', { type: 'defense-revise', sector: 'B', buy: 'NEU-GBDP' });
    expect(basesOf(g, 'p1', 'B', 'NEU-GBDP')).toHaveLength(1);
  });

  it('UTD7.33 (ISS-A35) any defense at an unfortified non-home colony is refused by default; `defense.requireFortification` false allows it', () => {
    const g = defenseGame();
    sectorOf(g, 'A', 'life', 'p1', { colony: true, terrain: ['class-m-planet'] });
    sectorOf(g, 'B', 'dead', 'p1', { terrain: ['class-m-planet'] });
    g.refused('p1', { type: 'defense-revise', sector: 'A', buy: 'NEU-DEFSAT' }, 'UTD7.33');
    g.refused('p1', { type: 'defense-revise', sector: 'B', buy: 'NEU-DEFSAT' }, 'UTD7.33');
    g.refused('p1', { type: 'defense-revise', sector: 'C', buy: 'NEU-DEFSAT' }, 'UTD7.33');
    g.refused('p1', { type: 'defense-revise', sector: 'H2', buy: 'NEU-DEFSAT' }, 'UTD7.33');
    g.patch((s) => (s.settings['defense.requireFortification'] = false));
    g.do('p1', { type: 'defense-revise', sector: 'A', buy: 'NEU-DEFSAT' });
    // A dead sector still needs the fortification (UTD4.315).
    g.refused('p1', { type: 'defense-revise', sector: 'B', buy: 'NEU-DEFSAT' }, 'UTD7.33');
  });

  it('UTD7.34 fortified dead sector with no GB site: 1 SC3 command ship (MC 1) + 3 SC4 (3 × 1/3) = 2 MC is fine', () => {
    const g = defenseGame();
    sectorOf(g, 'A', 'dead', 'p1', { fort: true });
    g.do('p1', { type: 'defense-revise', sector: 'A', buy: 'LYR-CC, LYR-FF x3' });
    expect(basesOf(g, 'p1', 'A').map((b) => b.role)).toEqual([
      'defending-ship',
      'defending-ship',
      'defending-ship',
      'defending-ship',
    ]);
    expect(g.player('p1').bank).toBe('171'); // 500 − 140 − 3 × 63
    g.refused('p1', { type: 'defense-revise', sector: 'A', buy: 'LYR-FF' }, 'UTD7.34'); // 2 1/3 MC
  });

  it('UTD7.34 defending ships: 2 SC3, a non-command SC3, 7 SC4, more than 2 MC, a SC2 ship and ships where ground bases fit are refused', () => {
    const g = defenseGame();
    sectorOf(g, 'A', 'dead', 'p1', { fort: true });
    g.patch((s) => {
      s.players.find((p) => p.id === 'p1')!.bank = '2000';
      s.settings.startYear = 170; // the Lyran DN is available from Y166
    });
    expect(g.refused('p1', { type: 'defense-revise', sector: 'A', buy: 'LYR-CC x2' }, 'UTD7.34').code).toBe(
      'defense/sc3-limit',
    );
    expect(g.refused('p1', { type: 'defense-revise', sector: 'A', buy: 'LYR-CA' }, 'UTD7.34').code).toBe(
      'defense/sc3-not-command',
    );
    expect(g.refused('p1', { type: 'defense-revise', sector: 'A', buy: 'LYR-FF x7' }, 'UTD7.34').code).toBe(
      'defense/sc4-limit',
    );
    expect(g.refused('p1', { type: 'defense-revise', sector: 'A', buy: 'LYR-CC, LYR-DD x3' }, 'UTD7.34').code).toBe(
      'defense/ships-mc-limit',
    ); // 1 + 3 × 1/2
    expect(g.refused('p1', { type: 'defense-revise', sector: 'A', buy: 'LYR-DN' }, 'UTD7.34').code).toBe(
      'defense/ship-size',
    );
    g.refused('p1', { type: 'defense-revise', sector: 'H1', buy: 'LYR-FF' }, 'UTD6.3A');
  });

  it('UTD7.25#2 a large ground base is refused', () => {
    const g = defenseGame();
    g.refused('p1', { type: 'defense-revise', sector: 'H1', buy: 'NEU-GBL' }, 'UTD7.25#2');
  });

  it('UTD5.4674 an NPE fielding a monitor, or a small GB with a phaser-IV, is refused; a plain GBDP is fine', () => {
    const g = defenseGame({ p1: ['LYR-CA', 'LYR-FF'] });
    g.patch((s) => {
      const a = s.map!.sectors.find((x) => x.key === 'A')!;
      Object.assign(a, {
        type: 'life',
        terrain: ['class-m-planet'],
        overlays: [],
        exploredBy: 'p3',
        npe: { empire: 'federation', status: 'active', losses: '0', offset: '0' },
      });
    });
    g.do('p1', { type: 'move', fleet: '1', to: 'A' });
    g.do('p1', { type: 'end-turn' });
    const battle = g.state.battles[0]!.id;
    g.do('p2', { type: 'battle-volunteer', battle });
    g.refused('p2', { type: 'battle-fleet', battle, fleet: null, units: ['NEU-MON'] }, 'UTD5.4674');
    g.refused('p2', { type: 'battle-fleet', battle, fleet: null, units: ['NEU-GBDP+P4'] }, 'UTD5.4674');
    g.do('p2', { type: 'battle-fleet', battle, fleet: null, units: ['NEU-GBDP'] });
    expect(g.state.battles[0]!.npe!.force.map((f) => f.unitId)).toEqual(['NEU-GBDP']);
  });
});

describe('UTD7.4236 move cost of defenses (the second UTD7.4235, ISS-18)', () => {
  it('small GB 1/5, medium GB 1/3, monitor 1/2, DefSat 1/5; a fighter base adds its fighters (6 → 2 × 1/3)', () => {
    const g = defenseGame();
    const mc = (id: string) => defenseBattleMc(g.catalog.get(id)!);
    expect([mc('NEU-GBDP'), mc('NEU-GBM'), mc('NEU-MON'), mc('NEU-DEFSAT'), mc('NEU-GBF'), mc('LYR-CC')]).toEqual([
      12, 20, 30, 12, 52, 60,
    ]);
  });
});

/**
 * TC-093 battle: p2's home H2 holds the monitor (1/2 = 30), 3 small GBs (36) and 3 DefSats (36),
 * 102 sixtieths, plus fleet 1 of five KZI-CAs (300); p1's fleet attacks from C.
 */
function homeBattle(): { g: Game; battle: string; cas: string[]; defenses: string[] } {
  const g = defenseGame({ p2: ['KZI-CA', 'KZI-CA', 'KZI-CA', 'KZI-CA', 'KZI-CA'] });
  // p2 also has an SC4 shipyard at home: like the capital and its F-RL it joins free (UTD7.4235).
  g.patch((s) =>
    s.bases.push({
      id: 'B900',
      owner: 'p2',
      unitId: 'NEU-SY4',
      sector: 'H2',
      role: 'shipyard',
      bpv: '150',
      pending: false,
    }),
  );
  placeFleet(g, 'p1', 1, 'C');
  g.do('p1', { type: 'move', fleet: '1', to: 'H2' });
  g.do('p1', { type: 'end-turn' });
  const cas = g.state.ships.filter((s) => s.owner === 'p2').map((s) => s.id);
  const defenses = ids(basesOf(g, 'p2', 'H2').filter((b) => b.role === 'defense'));
  return { g, battle: g.state.battles[0]!.id, cas, defenses };
}

describe('TC-093 defenses in a defending battle fleet (UTD7.4233–7.4236, 7.42341–2, 7.48)', () => {
  it('UTD7.4233 402 sixtieths do not fit in 300: the defender must choose; 3 CAs + all defenses = 282 fits, 2 CAs are held out; the capital and its F-RL join free', () => {
    const { g, battle, cas, defenses } = homeBattle();
    const b = g.state.battles[0]!;
    expect(b.sector).toBe('H2');
    expect(b.participants.find((p) => p.side === 'p2')!.selected).toBe(false);
    g.refused(
      'p2',
      { type: 'battle-fleet', battle, fleet: '1', units: [...cas.slice(0, 4), ...defenses] },
      'UTD7.4233',
    ); // 240 + 102 = 342
    g.do('p2', { type: 'battle-fleet', battle, fleet: '1', units: [...cas.slice(0, 3), ...defenses] });
    const part = g.state.battles[0]!.participants.find((p) => p.side === 'p2')!;
    const free = ids(
      basesOf(g, 'p2', 'H2').filter((x) => x.role === 'capital' || x.role === 'capital-rf' || x.role === 'shipyard'),
    );
    expect(free).toHaveLength(3);
    expect(part.units.sort()).toEqual([...cas.slice(0, 3), ...defenses, ...free].sort());
    expect(part.heldOut.sort()).toEqual(cas.slice(3).sort());
  });

  it('UTD7.4236 the rule MC counts, not the catalog’s: a catalog giving the monitor MC 2 changes nothing', () => {
    const { g, battle, cas, defenses } = homeBattle();
    g.catalog = catalogWith(g.catalog, [{ ...g.catalog.get('NEU-MON')!, mc: 120 }]);
    g.do('p2', { type: 'battle-fleet', battle, fleet: '1', units: [...cas.slice(0, 3), ...defenses] });
    expect(g.state.battles[0]!.participants.find((p) => p.side === 'p2')!.heldOut).toHaveLength(2);
  });

  it('UTD7.42342 defender loses: the held-out monitor, GBs and DefSats are destroyed; a captured defense counts as destroyed (UTD7.48); the fleet retreats', () => {
    const { g, battle, cas, defenses } = homeBattle();
    g.do('p2', { type: 'battle-fleet', battle, fleet: '1', units: cas });
    expect(g.state.battles[0]!.participants.find((p) => p.side === 'p2')!.heldOut.sort()).toEqual([...defenses].sort());
    // A defense that did not fight cannot be reported (UTD7.4234).
    g.refused(
      'p1',
      {
        type: 'battle-propose',
        battle,
        kind: 'negotiated',
        result: result({ winner: 'p1', destroyed: [defenses[0]!], retreat: 'D' }),
      },
      'UTD7.4234',
    );
    g.do('p1', {
      type: 'battle-propose',
      battle,
      kind: 'negotiated',
      result: result({ winner: 'p1', destroyed: [cas[0]!], retreat: 'D' }),
    });
    g.do('p2', { type: 'battle-accept', battle });
    const destroyed = g.events('UnitsDestroyed').flatMap((e) => (e.event as { baseIds: string[] }).baseIds);
    for (const id of defenses) expect(destroyed).toContain(id);
    expect(basesOf(g, 'p2', 'H2').filter((b) => b.role === 'defense')).toHaveLength(0);
    expect(g.state.retreats[0]).toMatchObject({ playerId: 'p2', from: 'H2', to: 'D' });
  });

  it('UTD7.42342 defender loses with 2 CAs held out: they retreat with the fleet; the fighting monitor reported captured is destroyed', () => {
    const { g, battle, cas, defenses } = homeBattle();
    g.do('p2', { type: 'battle-fleet', battle, fleet: '1', units: [...cas.slice(0, 3), ...defenses] });
    const monitor = basesOf(g, 'p2', 'H2', 'NEU-MON')[0]!.id;
    g.do('p1', {
      type: 'battle-propose',
      battle,
      kind: 'negotiated',
      result: result({ winner: 'p1', captured: [monitor], retreat: 'D' }),
    });
    g.do('p2', { type: 'battle-accept', battle });
    expect(g.state.bases.some((b) => b.id === monitor)).toBe(false);
    expect(g.events('ShipCaptured')).toHaveLength(0);
    expect(g.state.retreats[0]!.fleetIds).toEqual([g.fleetOf('p2', 1).id]);
    for (const id of cas.slice(3)) expect(g.state.ships.find((s) => s.id === id)!.fleetId).toBe(g.fleetOf('p2', 1).id);
  });

  it('UTD7.42341 defender wins: the held-out units return to their places, defenses as defenses, CAs in fleet 1', () => {
    const { g, battle, cas, defenses } = homeBattle();
    g.do('p2', { type: 'battle-fleet', battle, fleet: '1', units: [...cas.slice(0, 3), defenses[0]!] });
    const part = g.state.battles[0]!.participants.find((p) => p.side === 'p2')!;
    expect(part.heldOut.sort()).toEqual([...cas.slice(3), ...defenses.slice(1)].sort());
    const attackers = g.state.ships.filter((s) => s.owner === 'p1').map((s) => s.id);
    g.do('p2', {
      type: 'battle-propose',
      battle,
      kind: 'negotiated',
      result: result({ winner: 'p2', destroyed: attackers }),
    });
    g.do('p1', { type: 'battle-accept', battle });
    expect(ids(basesOf(g, 'p2', 'H2').filter((b) => b.role === 'defense')).sort()).toEqual([...defenses].sort());
    for (const id of cas) expect(g.state.ships.find((s) => s.id === id)!.fleetId).toBe(g.fleetOf('p2', 1).id);
  });
});

describe('UTD6.325 defenses moving with the capital (ISS-A119)', () => {
  it('the destination must hold defenses (UTD7.33), have a site for the GBs and stay within the limits (UTD7.34)', () => {
    const g = defenseGame();
    g.do('p1', { type: 'buy-ops', kind: 'temporary', count: 1 });
    g.refused('p1', { type: 'move-capital', to: 'A', withDefenses: true }, 'UTD7.33');
    sectorOf(g, 'A', 'dead', 'p1', { fort: true });
    g.refused('p1', { type: 'move-capital', to: 'A', withDefenses: true }, 'UTD7.34');
    sectorOf(g, 'A', 'dead', 'p1', { fort: true, terrain: ['class-m-planet'] });
    g.patch((s) =>
      s.bases.push(
        { id: 'B900', owner: 'p1', unitId: 'NEU-DEFSAT', sector: 'A', role: 'defense', bpv: '20', pending: false },
        { id: 'B901', owner: 'p1', unitId: 'NEU-DEFSAT', sector: 'A', role: 'defense', bpv: '20', pending: false },
        { id: 'B902', owner: 'p1', unitId: 'NEU-DEFSAT', sector: 'A', role: 'defense', bpv: '20', pending: false },
      ),
    );
    expect(g.refused('p1', { type: 'move-capital', to: 'A', withDefenses: true }, 'UTD7.34').code).toBe(
      'defense/defsat-limit',
    );
    g.patch((s) => (s.bases = s.bases.filter((b) => b.id !== 'B902')));
    g.do('p1', { type: 'move-capital', to: 'A', withDefenses: true });
    expect(basesOf(g, 'p1', 'A', 'NEU-DEFSAT')).toHaveLength(5);
  });
});
