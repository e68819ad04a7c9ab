import { describe, expect, it } from 'vitest';
import { bpvToString } from '../../src/rules/exact/bpv.ts';
import { applyEvent, cycleLabel, season, startingBpv, yearLabel } from '../../src/rules/thunderdome/index.ts';
import { Game, TEST_MAP, who } from './td3/harness.ts';

function registered(): Game {
  const g = new Game();
  g.do(who('p1'), {
    type: 'create',
    name: 'Rim Wars',
    campaignId: 'c',
    guildId: 'g',
    channelId: 'ch',
    seedCommitment: 'h',
  });
  g.do('p1', { type: 'join', empire: 'kzinti' });
  g.do('p2', { type: 'join', empire: 'lyran' });
  g.do('p3', { type: 'join', empire: 'gorn' });
  return g;
}

function withMap(g: Game): Game {
  g.do('p1', { type: 'map-import', json: JSON.stringify(TEST_MAP) });
  for (const p of ['p1', 'p2', 'p3']) g.do(p, { type: 'map-approve' });
  return g;
}

describe('UTD8 campaign setup', () => {
  it.each([
    [2, '800'],
    [3, '950'],
    [4, '1100'],
    [5, '1250'],
    [6, '1400'],
    [7, '1550'],
    [8, '1700'],
    [9, '1850'],
    [10, '2000'],
    [13, '2450'],
  ])('UTD8.132 starting BPV for %i players is %s (TC-003)', (p, expected) => {
    expect(bpvToString(startingBpv(p))).toBe(expected);
  });

  it('UTD8.14 turn order from highest to lowest D1000 (TC-005: 512, 987, 120 → P2, P1, P3)', () => {
    const g = withMap(registered());
    g.dice(512, 987, 120).do('p1', { type: 'start' });
    expect(g.state.turnOrder).toEqual(['p2', 'p1', 'p3']);
    expect(g.state.players.map((p) => [p.id, p.seat])).toEqual([
      ['p1', 2],
      ['p2', 1],
      ['p3', 3],
    ]);
    expect(g.state.players.every((p) => p.bank === '950')).toBe(true);
    // Homes go by seat: seat 1 gets the map's home slot 0.
    expect(g.player('p2').homeSector).toBe('H1');
  });

  it('UTD8.14 / ISS-A104 tied players re-roll between themselves (TC-005: 700, 700, 10 then 33 vs 801 → P2, P1, P3)', () => {
    const g = withMap(registered());
    g.dice(700, 700, 10, 33, 801).do('p1', { type: 'start' });
    expect(g.state.turnOrder).toEqual(['p2', 'p1', 'p3']);
    expect(g.player('p1').orderRolls).toEqual([700, 33]);
    const rolled = g.events('TurnOrderRolled')[0]!;
    expect(rolled.rolls.map((r) => r.results[0])).toEqual([700, 700, 10, 33, 801]);
  });

  it('UTD8.113 an empire has one player; the refusal names the holder and free empires (TC-006)', () => {
    const g = registered();
    const err = g.refused('p4', { type: 'join', empire: 'Kzinti' }, 'UTD8.113');
    expect(err.message).toContain('p1');
    expect(err.hint).toContain('Federation');
    expect(err.hint).not.toContain('Kzinti');
  });

  it('UTD8.111 only the listed empires are allowed (TC-006)', () => {
    const g = registered();
    g.refused('p4', { type: 'join', empire: 'orion' }, 'UTD8.111');
    g.refused('p4', { type: 'join', empire: '14' }, 'UTD8.111');
  });

  it('a player may change empire before the start; after the start nobody may join', () => {
    const g = registered();
    g.do('p1', { type: 'join', empire: 'hydran' });
    g.do('p4', { type: 'join', empire: 'kzinti' });
    g.do('p4', { type: 'leave' });
    withMap(g);
    g.refused('p2', { type: 'start' }, 'UTD8.1');
    g.dice(5, 9, 7).do('p1', { type: 'start' });
    g.refused('p5', { type: 'join', empire: 'federation' }, 'UTD8.1');
    expect(g.state.players.map((p) => p.empire)).toEqual(['hydran', 'lyran', 'gorn']);
  });

  it('a server manager may start a campaign someone else created; one player is not enough', () => {
    const g = new Game();
    g.do(who('p1'), {
      type: 'create',
      name: 'Solo',
      campaignId: 'c',
      guildId: 'g',
      channelId: 'ch',
      seedCommitment: 'h',
    });
    g.do('p1', { type: 'join', empire: 'kzinti' });
    g.refused(who('admin', true), { type: 'start' }, 'UTD8.132');
  });

  it('UTD2.2 cycle, season and year labels (TC-004)', () => {
    expect([2, 3, 4, 21].map(cycleLabel)).toEqual(['1.0', '1.5', '2.0', '10.5']);
    expect([2, 3].map(season)).toEqual(['spring', 'fall']);
    expect(yearLabel(165, 3)).toBe('Y165.5');
    expect(yearLabel(165, 21)).toBe('Y174.5');
    expect(yearLabel(170, 7)).toBe('Y172.5');
  });
});

describe('UTD8.113 empire contests (TC-006)', () => {
  it('UTD8.113 the higher D6 takes the empire between joining players; ties are re-rolled; the loser takes the other empire and picks again', () => {
    const g = registered();
    g.do('p4', { type: 'join', empire: 'hydran' });
    g.refused('p4', { type: 'join', empire: 'kzinti' }, 'UTD8.113');
    g.dice(3, 3, 2, 5).do(who('p4'), { type: 'contest', empire: 'kzinti' });
    expect(g.events('EmpireContested')[0]!.event).toMatchObject({
      rolls: [
        [3, 3],
        [2, 5],
      ],
      winner: 'p4',
      challengerEmpire: 'hydran',
    });
    expect(g.state.players.map((p) => [p.id, p.empire])).toEqual([
      ['p1', 'hydran'],
      ['p2', 'lyran'],
      ['p3', 'gorn'],
      ['p4', 'kzinti'],
    ]);
    // The loser picks another free empire (TC-006).
    g.do('p1', { type: 'join', empire: 'federation' });
    expect(g.player('p1').empire).toBe('federation');
  });

  it('UTD8.113 the holder keeps the empire on a higher roll; one roll settles the pair’s claim; a free empire cannot be contested', () => {
    const g = registered();
    g.do('p4', { type: 'join', empire: 'hydran' });
    g.dice(6, 1).do(who('p4'), { type: 'contest', empire: 'lyran' });
    expect(g.player('p2').empire).toBe('lyran');
    expect(g.player('p4').empire).toBe('hydran');
    expect(g.refused('p4', { type: 'contest', empire: 'lyran' }, 'UTD8.113').code).toBe('empire/contest-settled');
    g.refused('p4', { type: 'contest', empire: 'romulan' }, 'UTD8.113');
    // Another pair has a claim of its own.
    g.dice(1, 6).do(who('p3'), { type: 'contest', empire: 'lyran' });
    expect(g.player('p3').empire).toBe('lyran');
    expect(g.player('p2').empire).toBe('gorn');
  });

  it('UTD8.113 repeated contests by an outsider evict nobody: only joining players contest', () => {
    const g = registered();
    for (const empire of ['kzinti', 'lyran', 'gorn', 'kzinti'])
      expect(g.refused('outsider', { type: 'contest', empire }, 'UTD8.113').code).toBe('empire/not-joining');
    expect(g.state.players.map((p) => [p.id, p.empire])).toEqual([
      ['p1', 'kzinti'],
      ['p2', 'lyran'],
      ['p3', 'gorn'],
    ]);
    expect(g.events('EmpireContested')).toEqual([]);
  });

  it('UTD8.113 a contest stored before (an outsider taking the seat) still replays as it was', () => {
    const g = registered();
    const legacy = applyEvent(g.state, {
      seq: 99,
      at: '2026-03-04T15:00:00.000Z',
      actor: { userId: 'p4' },
      event: {
        type: 'EmpireContested',
        empire: 'kzinti',
        holder: 'p1',
        challenger: 'p4',
        challengerName: 'p4',
        rolls: [[2, 5]],
        winner: 'p4',
      },
      rolls: [],
    });
    expect(legacy.players.map((p) => [p.id, p.empire])).toEqual([
      ['p4', 'kzinti'],
      ['p2', 'lyran'],
      ['p3', 'gorn'],
    ]);
    expect(legacy.settledContests).toBeUndefined();
  });
});
