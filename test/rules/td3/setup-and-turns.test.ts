import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../src/app/export.ts';
import { endOfDayAfter } from '../../../src/rules/deadlines.ts';
import { cycleLabel, opsLeft } from '../../../src/rules/thunderdome/index.ts';
import { TEST_MAP, mappedGame, registeredGame, startedGame } from './harness.ts';

describe('UTD8 setup', () => {
  it('UTD8.16 the map must be approved unanimously before the start', () => {
    const g = registeredGame();
    g.refused('p1', { type: 'start' }, 'UTD8.16');
    g.refused('p2', { type: 'map-import', json: JSON.stringify(TEST_MAP) }, 'UTD8.1');
    g.do('p1', { type: 'map-import', json: JSON.stringify(TEST_MAP) });
    g.do('p1', { type: 'map-approve' });
    g.do('p2', { type: 'map-approve' });
    expect(g.refused('p1', { type: 'start' }, 'UTD8.16').message).toContain('p3');
    g.do('p3', { type: 'map-approve' });
    expect(g.state.map!.approved).toBe(true);
    g.dice(10, 20, 30).do('p1', { type: 'start' });
    expect(g.state.status).toBe('setup');
    expect(g.state.turnOrder).toEqual(['p3', 'p2', 'p1']);
  });

  it('UTD8.15 a map whose home sector has three lanes is refused, naming the sector', () => {
    const g = registeredGame();
    const bad = structuredClone(TEST_MAP);
    bad.lanes.push(['H1', 'X']);
    expect(g.refused('p1', { type: 'map-import', json: JSON.stringify(bad) }, 'UTD8.15').message).toContain('H1');
  });

  it('UTD8.13 starting forces: capital, F-RL, monitor, 3 GBDP, 3 DefSats and a developed home; UTD8.132 950 BPV', () => {
    const g = startedGame();
    for (const p of ['p1', 'p2', 'p3']) {
      const home = g.player(p).homeSector!;
      const roles = g.state.bases
        .filter((b) => b.owner === p && b.sector === home)
        .map((b) => b.unitId)
        .sort();
      expect(roles).toEqual([
        'NEU-DEFSAT',
        'NEU-DEFSAT',
        'NEU-DEFSAT',
        'NEU-F-RL',
        'NEU-GBDP',
        'NEU-GBDP',
        'NEU-GBDP',
        'NEU-LCD',
        'NEU-MON',
      ]);
      const s = g.sector(home);
      expect([s.type, s.owner, s.colony?.status, s.mine?.status, s.fort?.status]).toEqual([
        'home',
        p,
        'active',
        'active',
        'active',
      ]);
      expect(g.player(p).startingBpv).toBe('950');
    }
    // p1 bought a CA (133) and an FF (63) and, on turn 1, received 100 from the home mine (UTD4.344).
    expect(g.player('p1').bank).toBe('854');
    expect(g.player('p2').bank).toBe(String(950 - 133 - 63));
  });

  it('ISS-A103 setup purchases obey the fleet limit of 5 MC (UTD7.23) and the bank', () => {
    const g = mappedGame();
    g.dice(1, 2, 3).do('p1', { type: 'start' });
    for (let i = 0; i < 5; i++) g.do('p1', { type: 'setup-buy', unitId: 'LYR-CA', fleetSlot: 1 });
    expect(g.refused('p1', { type: 'setup-buy', unitId: 'LYR-FF', fleetSlot: 1 }, 'UTD7.23').message).toContain(
      '5 × LYR-CA 1 = 5 + LYR-FF 1/3 = MC 16/3',
    );
    g.do('p1', { type: 'setup-buy', unitId: 'LYR-FF', fleetSlot: null });
    expect(g.state.fleets.filter((f) => f.owner === 'p1').map((f) => f.slot)).toEqual([1, 2]);
    g.do('p1', { type: 'setup-buy', unitId: 'LYR-CA', fleetSlot: 2 });
    expect(g.player('p1').bank).toBe('89');
    expect(g.refused('p1', { type: 'setup-buy', unitId: 'LYR-CA', fleetSlot: 2 }, 'UTD8.132').message).toContain(
      'costs 133 BPV; your bank holds 89',
    );
    g.refused('p1', { type: 'setup-buy', unitId: 'LYR-DN', fleetSlot: 2 }, 'UTD8.12');
    g.refused('p1', { type: 'setup-buy', unitId: 'KZI-CA', fleetSlot: 2 }, 'UTD8.113');
    g.refused('p1', { type: 'setup-buy', unitId: 'NEU-MON', fleetSlot: 2 }, 'UTD7.262');
  });

  it('UTD2.2 the first turn is cycle 1.0 with P order points and a 7-day deadline (TC-007)', () => {
    const g = startedGame();
    expect(cycleLabel(g.state.halfCycles)).toBe('1.0');
    expect(g.state.turn).toMatchObject({ playerId: 'p1', opsBase: 3, deadline: '2026-03-11T23:59:59.000Z' });
  });
});

describe('UTD3.3 deadlines (TC-007)', () => {
  it('passing at 2024-03-04 15:00 UTC gives orders due 2024-03-11 23:59:59', () => {
    expect(endOfDayAfter(new Date('2024-03-04T15:00:00Z'), 7, 'UTC').toISOString()).toBe('2024-03-11T23:59:59.000Z');
  });
  it('days count in the campaign time zone', () => {
    // 23:30 UTC on the 4th is already the 5th in Berlin: day 1 is the 6th there.
    expect(endOfDayAfter(new Date('2024-03-04T23:30:00Z'), 7, 'Europe/Berlin').toISOString()).toBe(
      '2024-03-12T22:59:59.000Z',
    );
  });
});

describe('UTD2.1 the turn cycle', () => {
  it('UTD2.2 turns run in seat order and the cycle advances by 0.5 after the last seat', () => {
    const g = startedGame();
    g.do('p1', { type: 'end-turn' });
    expect(g.state.turn?.playerId).toBe('p2');
    g.refused('p1', { type: 'end-turn' }, 'UTD2.1');
    g.do('p2', { type: 'end-turn' });
    g.do('p3', { type: 'end-turn' });
    expect(g.state.turn?.playerId).toBe('p1');
    expect(cycleLabel(g.state.halfCycles)).toBe('1.5');
    expect(canonicalJson(g.replayed())).toBe(canonicalJson(g.state));
  });

  it('UTD3.31 a missed deadline forfeits the turn but income still comes; three in a row drop the player (TC-008)', () => {
    const g = startedGame();
    g.refused('system', { type: 'expire-turn' }, 'UTD3.3');
    const bankAtStart = g.player('p1').bank;
    g.now = new Date('2026-03-12T00:00:00Z');
    g.do('system', { type: 'expire-turn' });
    expect(g.player('p1')).toMatchObject({ consecutiveForfeits: 1, bank: bankAtStart });
    for (const p of ['p2', 'p3']) g.do(p, { type: 'end-turn' });
    expect(g.state.turn?.playerId).toBe('p1');
    expect(g.player('p1').bank).toBe(String(Number(bankAtStart) + 100));
    for (let round = 2; round <= 3; round++) {
      g.now = new Date(new Date(g.state.turn!.deadline!).getTime() + 1000);
      g.do('system', { type: 'expire-turn' });
      if (round < 3) for (const p of ['p2', 'p3']) g.do(p, { type: 'end-turn' });
    }
    expect(g.player('p1').status).toBe('removed');
    expect(g.state.fleets.some((f) => f.owner === 'p1')).toBe(false);
    expect(g.sector('H1')).toMatchObject({ owner: null, colony: null, mine: null, fort: null });
    expect(g.state.turn?.playerId).toBe('p2');
  });

  it('TC-008 an explicit pass resets the run of forfeits', () => {
    const g = startedGame();
    g.now = new Date('2026-03-12T00:00:00Z');
    g.do('system', { type: 'expire-turn' });
    for (const p of ['p2', 'p3']) g.do(p, { type: 'end-turn' });
    g.do('p1', { type: 'end-turn' });
    expect(g.player('p1').consecutiveForfeits).toBe(0);
  });

  it('UTD3.32 one automatic one-week extension for real life; a second needs a vote', () => {
    const g = startedGame();
    g.do('p1', { type: 'extend-turn', realLife: true });
    expect(g.state.turn!.deadline).toBe('2026-03-18T23:59:59.000Z');
    g.refused('p1', { type: 'extend-turn', realLife: true }, 'UTD3.32');
  });

  it('UTD3.91 resignation removes every unit; UTD1.9 the last player standing wins (TC-026)', () => {
    const g = startedGame();
    g.do('p2', { type: 'resign' });
    expect(g.state.status).toBe('active');
    g.do('p1', { type: 'resign' });
    expect(g.state.status).toBe('finished');
    expect(g.state.winner).toBe('p3');
  });
});

describe('UTD6.2 order points', () => {
  const cases: [number, number, string | null, number][] = [
    [0, 1, '100', 4],
    [0, 2, '200', 5],
    [0, 3, '400', 6],
    [0, 4, null, 3],
    [1, 1, '200', 5],
    [1, 2, '400', 6],
    [1, 3, null, 4],
    [2, 1, '400', 6],
    [3, 1, null, 6],
  ];
  it.each(cases)('UTD6.23 TC-050 with %i permanent, buying %i temporary costs %s', (k, t, paid, opsAfter) => {
    const g = startedGame();
    g.patch((s) => {
      s.players[0]!.permanentOps = k;
      s.players[0]!.bank = '5000';
      s.turn!.opsBase = 3 + k;
    });
    if (paid === null) {
      if (t <= 3) g.refused('p1', { type: 'buy-ops', kind: 'temporary', count: t }, 'UTD6.23');
      else g.refused('p1', { type: 'buy-ops', kind: 'temporary', count: t }, 'UTD6.21');
    } else {
      g.do('p1', { type: 'buy-ops', kind: 'temporary', count: t });
      expect(g.player('p1').bank).toBe(String(5000 - Number(paid)));
    }
    expect(opsLeft(g.state.turn!)).toBe(opsAfter);
  });

  it('UTD6.21 same-turn top-ups pay the difference: 100, then +100, then +200 (TC-050)', () => {
    const g = startedGame();
    g.patch((s) => (s.players[0]!.bank = '1000'));
    for (const expected of ['900', '800', '600']) {
      g.do('p1', { type: 'buy-ops', kind: 'temporary', count: 1 });
      expect(g.player('p1').bank).toBe(expected);
    }
  });

  it('UTD6.22 permanent order points cost 750 each, three at most, and count from this turn', () => {
    const g = startedGame();
    g.patch((s) => (s.players[0]!.bank = '3000'));
    g.do('p1', { type: 'buy-ops', kind: 'permanent', count: 2 });
    expect(g.player('p1')).toMatchObject({ bank: '1500', permanentOps: 2 });
    expect(opsLeft(g.state.turn!)).toBe(5);
    g.refused('p1', { type: 'buy-ops', kind: 'permanent', count: 2 }, 'UTD6.22');
  });
});
