import { describe, expect, it } from 'vitest';
import { bpvToString } from '../../../src/rules/exact/bpv.ts';
import { isAnschluss, npeAvailable } from '../../../src/rules/thunderdome/battles/npe.ts';
import { startedGame, type Game } from '../td3/harness.ts';
import { result } from './helpers.ts';

const avail = (att: number, losses: number, offset: number) =>
  bpvToString(npeAvailable(String(att), String(losses), String(offset)));

describe('UTD5.465 NPE available BPV (TC-040 to TC-043)', () => {
  it('TC-040 baseline clamped to 250–600, losses net of offsets, never below 150', () => {
    expect(avail(200, 0, 0)).toBe('250');
    expect(avail(400, 0, 0)).toBe('400');
    expect(avail(1000, 0, 0)).toBe('600');
    expect(avail(700, 240, 0)).toBe('360');
    expect(avail(300, 240, 0)).toBe('150');
    expect(avail(600, 500, 0)).toBe('150');
    expect(avail(600, 0, 100)).toBe('600');
  });

  it('UTD5.4633 TC-041 losses stack: 120 + 70 + 50 planet damage = 240, so 400 BPV meets 160', () => {
    expect(avail(400, 120 + 70 + 50, 0)).toBe('160');
  });

  it('UTD5.492 TC-042 a captured 100-BPV DD offsets a 150-BPV loss: net loss 50', () => {
    expect(avail(500, 150, 100)).toBe('450');
    expect(avail(200, 150, 100)).toBe('200');
  });

  it('UTD5.422 TC-043 Anschluss at twice the available BPV (at or above by default)', () => {
    expect(isAnschluss('1200', avail(1200, 0, 0), 'gte')).toBe(true);
    expect(isAnschluss('1000', avail(1000, 0, 0), 'gte')).toBe(false);
    expect(isAnschluss('800', avail(800, 240, 0), 'gte')).toBe(true);
    expect(isAnschluss('700', avail(700, 240, 0), 'gte')).toBe(false);
    expect(isAnschluss('300', avail(300, 240, 0), 'gte')).toBe(true);
    expect(isAnschluss('300', avail(300, 240, 0), 'gt')).toBe(false);
  });
});

/** Sector A is a life sector with an active Federation NPE; p1's fleet 1 enters it. */
function npeBattle(ships: string[] = ['LYR-CA', 'LYR-FF'], losses = '0'): { g: Game; battle: string } {
  const g = startedGame({ p1: ships });
  g.patch((s) => {
    const a = s.map!.sectors.find((x) => x.key === 'A')!;
    Object.assign(a, {
      type: 'life',
      terrain: ['class-m-planet'],
      overlays: [],
      exploredBy: 'p3',
      npe: { empire: 'federation', status: 'active', losses, offset: '0' },
    });
  });
  g.do('p1', { type: 'move', fleet: '1', to: 'A' });
  g.do('p1', { type: 'end-turn' });
  return { g, battle: g.state.battles[0]!.id };
}

describe('UTD5.4 NPE battles', () => {
  it('UTD5.431 TC-044 no volunteer within a week: Anschluss, a developed colony and 150 BPV of NPE ships to organize', () => {
    const { g, battle } = npeBattle();
    const b = g.state.battles[0]!;
    expect(b.sides).toEqual(['p1', 'npe']);
    expect(b.npe).toMatchObject({ attackerBpv: '196', available: '250' });
    expect(b.stage).toBe('awaiting-runner');
    g.now = new Date(g.now.getTime() + 7 * 86_400_000 + 1000);
    g.do('system', { type: 'battle-clocks' });
    expect(g.state.battles[0]!.resolution).toBe('anschluss');
    expect(g.sector('A').colony).toMatchObject({ owner: 'p1', status: 'active' });
    expect(g.sector('A').owner).toBe('p1');
    expect(g.sector('A').npe!.status).toBe('anschluss');
    const tribute = g.state.ships
      .filter((s) => s.owner === 'p1' && s.unorganized)
      .map((s) => s.unitId)
      .sort();
    expect(tribute).toEqual(['FED-DD', 'FED-TS']);
    expect(g.state.turn!.phase).toBe('captures');
    // The player may take other hulls while they are not organized.
    g.refused('p1', { type: 'battle-claim', battle, units: ['FED-CA', 'FED-FF'] }, 'UTD5.4A1');
    g.do('p1', { type: 'battle-claim', battle, units: ['FED-CA+PH'] });
    expect(g.state.ships.filter((s) => s.owner === 'p1' && s.unorganized).map((s) => s.unitId)).toEqual(['FED-CA+PH']);
  });

  it("UTD5.422 automatic Anschluss when the attacker has twice the NPE's BPV (losses 500 leave it 150)", () => {
    const { g } = npeBattle(['LYR-CA', 'LYR-CA', 'LYR-FF'], '500');
    expect(g.state.battles[0]!.npe).toMatchObject({ attackerBpv: '329', available: '150' });
    expect(g.state.battles[0]!.resolution).toBe('anschluss');
  });

  it('UTD5.46 the first volunteer runs the NPE; the force stays within its BPV; UTD5.47 a negotiated result waits 48 h for objections; UTD5.4A2 conquest pays 150', () => {
    const { g, battle } = npeBattle();
    g.refused('p1', { type: 'battle-volunteer', battle }, 'UTD5.431');
    g.do('p2', { type: 'battle-volunteer', battle });
    g.refused('p2', { type: 'battle-fleet', battle, fleet: null, units: ['FED-CA', 'FED-CA'] }, 'UTD5.465');
    g.refused('p2', { type: 'battle-fleet', battle, fleet: null, units: ['LYR-CA'] }, 'UTD5.4671');
    g.do('p2', { type: 'battle-fleet', battle, fleet: null, units: ['FED-CA'] });
    // Once the force is fielded the role is no longer disputed (UTD5.44; before, see npe-runner.test.ts).
    g.refused('p3', { type: 'battle-volunteer', battle }, 'UTD5.44');
    let b = g.state.battles[0]!;
    expect(b.stage).toBe('awaiting-contact');
    const npeUnit = b.npe!.force[0]!.id;
    g.do('p1', {
      type: 'battle-propose',
      battle,
      kind: 'negotiated',
      result: result({ winner: 'p1', destroyed: [npeUnit], planetDamage: 20 }),
    });
    g.do('p2', { type: 'battle-accept', battle });
    b = g.state.battles[0]!;
    expect(b.stage).toBe('objection-window');
    const bank = Number(g.player('p1').bank);
    g.now = new Date(g.now.getTime() + 49 * 3_600_000);
    g.do('system', { type: 'battle-clocks' });
    expect(g.state.battles[0]!.resolution).toBe('negotiated');
    expect(Number(g.player('p1').bank)).toBe(bank + 150);
    expect(g.sector('A').npe).toMatchObject({ status: 'conquered', losses: '153' });
    expect(g.sector('A').colony).toBeNull();
  });

  it('UTD5.47 an objection puts a negotiated NPE result to a supermajority of all players', () => {
    const { g, battle } = npeBattle();
    g.do('p2', { type: 'battle-volunteer', battle });
    g.do('p2', { type: 'battle-fleet', battle, fleet: null, units: ['FED-FF'] });
    const npeUnit = g.state.battles[0]!.npe!.force[0]!.id;
    g.do('p1', {
      type: 'battle-propose',
      battle,
      kind: 'negotiated',
      result: result({ winner: 'p1', destroyed: [npeUnit] }),
    });
    g.do('p2', { type: 'battle-accept', battle });
    g.do('p3', { type: 'battle-object', battle });
    const vote = g.state.votes.at(-1)!;
    expect(vote.electorate).toEqual(['p1', 'p2', 'p3']);
    g.do('p1', { type: 'vote-attach', voteId: vote.id, messageId: 'm9' });
    g.do('p3', { type: 'ballot', messageId: 'm9', choice: 'no', present: true });
    g.do('p2', { type: 'ballot', messageId: 'm9', choice: 'no', present: true });
    expect(g.state.battles[0]!.status).toBe('open');
    expect(g.state.battles[0]!.stage).toBe('in-play');
    expect(g.state.battles[0]!.proposals[0]!.status).toBe('rejected');
  });

  it('UTD5.4A2 TC-045 conquest with a troop ship takes the NPE colony', () => {
    const { g, battle } = npeBattle(['LYR-CA', 'LYR-TS']);
    g.do('p3', { type: 'battle-volunteer', battle });
    g.do('p3', { type: 'battle-fleet', battle, fleet: null, units: ['FED-FF'] });
    const npeUnit = g.state.battles[0]!.npe!.force[0]!.id;
    g.do('p1', {
      type: 'battle-propose',
      battle,
      kind: 'report',
      result: result({ winner: 'p1', captured: [npeUnit] }),
    });
    g.do('p3', { type: 'battle-accept', battle });
    expect(g.state.battles[0]!.resolution).toBe('confirmed');
    expect(g.sector('A').colony).toMatchObject({ owner: 'p1', status: 'active' });
    expect(g.state.ships.filter((s) => s.owner === 'p1' && s.unorganized).map((s) => s.unitId)).toEqual(['FED-FF']);
  });

  it('UTD5.492 TC-042 the NPE captures a ship: it leaves the navy and offsets the NPE losses', () => {
    const { g, battle } = npeBattle();
    g.do('p2', { type: 'battle-volunteer', battle });
    g.do('p2', { type: 'battle-fleet', battle, fleet: null, units: ['FED-CA'] });
    const ff = g.state.ships.find((s) => s.owner === 'p1' && s.unitId === 'LYR-FF')!.id;
    g.do('p1', {
      type: 'battle-propose',
      battle,
      kind: 'report',
      result: result({ winner: 'npe', captured: [ff], retreat: 'H1' }),
    });
    g.do('p2', { type: 'battle-accept', battle });
    expect(g.state.ships.some((s) => s.id === ff)).toBe(false);
    expect(g.sector('A').npe).toMatchObject({ status: 'active', losses: '0', offset: '63' });
    expect(g.state.retreats[0]).toMatchObject({ playerId: 'p1', to: 'H1' });
  });
});
