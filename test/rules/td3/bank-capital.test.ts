import { describe, expect, it } from 'vitest';
import { explored, placeFleet, result } from '../battles/helpers.ts';
import { type Game, startedGame } from './harness.ts';

/**
 * p2's bank holds 350. On p1's turn p1 attacks p2's home H2 from C and wins; p2's fleet
 * retreats to D and p2's capital, an immobile unit of the loser, is destroyed (UTD7.42342).
 * Returns at the start of p2's turn.
 */
function capitalFalls(): Game {
  const g = startedGame();
  explored(g, 'C', 'dead');
  explored(g, 'D', 'dead');
  placeFleet(g, 'p1', 1, 'C');
  g.patch((s) => {
    s.players.find((p) => p.id === 'p2')!.bank = '350';
  });
  g.do('p1', { type: 'move', fleet: '1', to: 'H2' });
  g.do('p1', { type: 'end-turn' });
  const battle = g.state.battles.find((b) => b.status === 'open')!.id;
  g.do('p1', { type: 'battle-propose', battle, kind: 'negotiated', result: result({ winner: 'p1', retreat: 'D' }) });
  g.do('p2', { type: 'battle-accept', battle });
  return g;
}

describe('UTD4.3236 the bank dies with the capital (TC-015)', () => {
  it('UTD4.3236 TC-015 the capital is destroyed on another turn: the bank of 350 is 0 at once, and logged', () => {
    const g = capitalFalls();
    expect(g.state.bases.some((b) => b.owner === 'p2' && b.role === 'capital')).toBe(false);
    expect(g.player('p2').hasBank).toBe(false);
    const lost = g.events('BankLost');
    expect(lost).toHaveLength(1);
    expect(lost[0]!.event).toMatchObject({ playerId: 'p2', amount: '350', reason: { code: 'capital-destroyed' } });
    // It was gone before p2's turn began: p2 cannot spend it on its own turn.
    const destroyedAt = g.events('UnitsDestroyed')[0]!.seq;
    const turnAt = g.log.find((e) => e.event.type === 'TurnStarted' && e.event.playerId === 'p2')!.seq;
    expect(lost[0]!.seq).toBeLessThan(turnAt);
    expect(lost[0]!.seq).toBeGreaterThan(destroyedAt);
    expect(g.state.turn!.playerId).toBe('p2');
    expect(g.player('p2').bank).toBe('100'); // only this turn's income (UTD4.344)
    g.refused('p2', { type: 'buy-ops', kind: 'temporary', count: 2 }, 'UTD6.21');
  });

  it('UTD4.3236 ISS-A86 TC-015 income not spent by the end of the turn is lost without a bank', () => {
    const g = capitalFalls();
    g.do('p2', { type: 'end-turn' });
    expect(g.player('p2').bank).toBe('0');
    expect(g.events('BankLost').at(-1)!.event).toMatchObject({
      playerId: 'p2',
      amount: '100',
      reason: { code: 'no-capital' },
    });
  });

  it('UTD4.3236 ISS-A86 TC-015 BPV received outside its own turn without a bank is lost at once', () => {
    const g = capitalFalls();
    g.do('p2', { type: 'end-turn' });
    expect(g.fleetOf('p2', 1).sector).toBe('D');
    // p3 left a container in D; at step 9 of p3's turn p2, who holds D, collects it.
    g.patch((s) => {
      s.map!.sectors.find((x) => x.key === 'D')!.containers = [{ by: 'p3', value: '100', laidHalfCycle: 2 }];
    });
    g.do('p3', { type: 'end-turn' });
    expect(g.events('ContainersCollected').at(-1)!.event).toMatchObject({ by: 'p2', amount: '100' });
    expect(g.events('BankLost').at(-1)!.event).toMatchObject({
      playerId: 'p2',
      amount: '100',
      reason: { code: 'received-without-bank' },
    });
    expect(g.player('p2').bank).toBe('0');
  });
});

describe('UTD4.3235 replacement capital (ISS-A32)', () => {
  /**
   * Capital lost, p2's next turn: p2 holds `bank` (test surgery for BPV gathered meanwhile), and
   * p1's fleet has gone back to C (else the new capital would meet it in battle at once).
   */
  function rebuilding(bank: string): Game {
    const g = capitalFalls();
    g.patch((s) => {
      s.players.find((p) => p.id === 'p2')!.bank = bank;
    });
    placeFleet(g, 'p1', 1, 'C');
    g.patch((s) => {
      s.fleets.find((f) => f.owner === 'p1' && f.slot === 1)!.trapped = null;
    });
    return g;
  }

  it('UTD4.3235 TC-015 a replacement capital costs 600 and 1 OP, arrives at step 10 and re-establishes the bank at 0', () => {
    const g = rebuilding('650');
    const ops = g.state.turn!.opsSpent;
    g.do('p2', { type: 'yard-construct', sector: 'H2', unitId: 'NEU-LCD' });
    expect(g.player('p2').bank).toBe('50');
    expect(g.state.turn!.opsSpent).toBe(ops + 1);
    const capital = g.state.bases.find((b) => b.owner === 'p2' && b.role === 'capital')!;
    expect(capital).toMatchObject({ sector: 'H2', pending: true, bpv: '600' });
    g.do('p2', { type: 'end-turn' });
    // The 50 unspent without a bank is lost before the new bank opens with 0 (UTD4.3236).
    expect(g.events('BankLost').at(-1)!.event).toMatchObject({ amount: '50', reason: { code: 'no-capital' } });
    expect(g.events('ShipyardsArrived').at(-1)!.event).toMatchObject({ playerId: 'p2', capital: capital.id });
    expect(g.state.bases.find((b) => b.id === capital.id)!.pending).toBe(false);
    expect(g.player('p2')).toMatchObject({ hasBank: true, bank: '0' });
    // With a bank again, the next turn's income is kept past the end of the turn.
    g.do('p3', { type: 'end-turn' });
    g.do('p1', { type: 'end-turn' });
    const income = g.player('p2').bank;
    expect(Number(income)).toBeGreaterThan(0);
    g.do('p2', { type: 'end-turn' });
    expect(g.player('p2').bank).toBe(income);
  });

  it('UTD4.3235 capital.replacementCost is what a replacement capital costs', () => {
    const g = rebuilding('650');
    g.patch((s) => {
      s.settings['capital.replacementCost'] = 700;
    });
    const err = g.refused('p2', { type: 'yard-construct', sector: 'H2', unitId: 'NEU-LCD' }, 'UTD4.3235');
    expect(err.message).toContain('700');
    g.patch((s) => {
      s.players.find((p) => p.id === 'p2')!.bank = '700';
    });
    g.do('p2', { type: 'yard-construct', sector: 'H2', unitId: 'NEU-LCD' });
    expect(g.player('p2').bank).toBe('0');
  });

  it('UTD4.3235 ISS-A32 only a player without a capital builds one, and only one', () => {
    const g = startedGame();
    g.patch((s) => {
      s.players.find((p) => p.id === 'p1')!.bank = '2000';
    });
    const err = g.refused('p1', { type: 'yard-construct', sector: 'H1', unitId: 'NEU-LCD' }, 'UTD4.3235');
    expect(err.code).toBe('capital/exists');
    const r = rebuilding('1300');
    r.do('p2', { type: 'yard-construct', sector: 'H2', unitId: 'NEU-LCD' });
    r.refused('p2', { type: 'yard-construct', sector: 'H2', unitId: 'NEU-LCD' }, 'UTD4.3235');
  });
});

describe('TC-014 income (UTD4.344, UTD2.3(1)-(2))', () => {
  it('UTD4.344 TC-014 home mine and two other active mines, plus a pending mine activated at step 1: +400; a mine in a sector not owned pays nothing', () => {
    const g = startedGame();
    const mine = (owner: string, status: 'active' | 'pending') => ({
      owner,
      status,
      fleetId: null,
      orderedHalfCycle: 2,
      exposedTo: null,
    });
    g.patch((s) => {
      for (const [key, status, owner] of [
        ['C', 'active', 'p2'],
        ['D', 'active', 'p2'],
        ['F', 'active', 'p3'],
      ] as const) {
        Object.assign(s.map!.sectors.find((x) => x.key === key)!, {
          type: 'mineral',
          owner,
          exploredBy: 'p2',
          mine: mine('p2', status),
        });
      }
      // X: a pending mine ordered on p2's previous turn by a fleet that stayed.
      const f = s.fleets.find((x) => x.owner === 'p2' && x.slot === 1)!;
      f.sector = 'X';
      for (const sh of s.ships.filter((x) => x.fleetId === f.id)) sh.sector = 'X';
      Object.assign(s.map!.sectors.find((x) => x.key === 'X')!, {
        type: 'mineral',
        owner: 'p2',
        exploredBy: 'p2',
        mine: { ...mine('p2', 'pending'), fleetId: f.id },
      });
      s.players.find((p) => p.id === 'p2')!.bank = '0';
    });
    g.do('p1', { type: 'end-turn' });
    expect(g.sector('X').mine!.status).toBe('active');
    const paid = g.events('IncomePaid').at(-1)!.event;
    // H2, C, D and X: 4 × 100; F's mine is p2's but the sector is p3's.
    expect(paid).toMatchObject({ playerId: 'p2', amount: '400' });
    expect(g.player('p2').bank).toBe('400');
  });
});
