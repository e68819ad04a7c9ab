import { describe, expect, it } from 'vitest';
import { opsLeft } from '../../../src/rules/thunderdome/index.ts';
import { explored, placeFleet, shipsOf } from '../battles/helpers.ts';
import { type Game, mappedGame, startedGame } from './harness.ts';

/** The printed examples of requirements §2 that had no test of their own, with their figures. */

/** Setup with p1's ships in the slots given; p2 and p3 a frigate each; p1's turn 1 has begun. */
function withFleets(p1: Record<number, string[]>): Game {
  const g = mappedGame();
  g.dice(900, 500, 100).do('p1', { type: 'start' });
  for (const [slot, units] of Object.entries(p1))
    for (const unitId of units) g.do('p1', { type: 'setup-buy', unitId, fleetSlot: Number(slot) });
  g.do('p2', { type: 'setup-buy', unitId: 'KZI-FF', fleetSlot: 1 });
  g.do('p3', { type: 'setup-buy', unitId: 'HYD-FF', fleetSlot: 1 });
  for (const p of ['p1', 'p2', 'p3']) g.do(p, { type: 'setup-ready', ready: true });
  return g;
}

describe('TC-051 OP budget with obligations (UTD2.3(4), 7.4663, 6.3E)', () => {
  it('UTD7.4663 TC-051 P = 4, k = 1: base 5; retreats from 2 sectors and 1 towed wreck take 3 first, 2 are left', () => {
    const g = startedGame({ p2: ['KZI-CA', 'KZI-FF', 'KZI-FF'] });
    explored(g, 'A', 'dead');
    explored(g, 'B', 'dead');
    explored(g, 'C', 'dead');
    g.patch((s) => {
      // A fourth active player (test surgery: it never plays here) makes P = 4; p2 owns k = 1.
      s.players.push({ ...structuredClone(s.players.find((p) => p.id === 'p3')!), id: 'p4', name: 'p4', seat: null });
      // …with a unit, so that record keeping does not count it out (UTD4.32).
      s.bases.push({
        ...structuredClone(s.bases.find((b) => b.owner === 'p3')!),
        id: 'B901',
        owner: 'p4',
        sector: 'E',
      });
      s.players.find((p) => p.id === 'p2')!.permanentOps = 1;
      // p2 lost in A (fleet 1: CA and a wrecked FF its tractors tow) and in B (fleet 2: an FF).
      const f1 = s.fleets.find((f) => f.owner === 'p2' && f.slot === 1)!;
      const ffs = s.ships.filter((x) => x.owner === 'p2' && x.unitId === 'KZI-FF');
      s.fleets.push({ ...structuredClone(f1), id: 'F900', slot: 2, sector: 'B', startSector: 'B' });
      ffs[1]!.fleetId = 'F900';
      ffs[0]!.wrecked = true;
      for (const x of s.ships.filter((y) => y.owner === 'p2')) x.sector = x.fleetId === 'F900' ? 'B' : 'A';
      f1.sector = 'A';
      for (const [id, from, fleet] of [
        ['R900', 'A', f1.id],
        ['R901', 'B', 'F900'],
      ] as const)
        s.retreats.push({
          id,
          playerId: 'p2',
          from,
          to: 'C',
          fleetIds: [fleet],
          battleId: 'K0',
          cause: 'disengage',
          incurredHalfCycle: s.halfCycles,
          incurredTurnOf: 'p1',
          incurredSeat: 1,
          moved: false,
          charged: false,
        });
    });
    g.do('p1', { type: 'end-turn' });
    expect(g.state.turn).toMatchObject({ playerId: 'p2', opsBase: 5 });
    expect(g.events('RetreatsCharged').at(-1)!.event).toMatchObject({ playerId: 'p2', ops: 3, wreckOps: 1 });
    expect(g.state.turn!.opsSpent).toBe(3);
    expect(opsLeft(g.state.turn!)).toBe(2);
  });
});

describe('TC-052 Organize fleets (UTD6.13, 6.33, 7.66)', () => {
  it('UTD6.33 TC-052 between 2 fleets 1 OP, among 3 fleets 2 OP, among 4 fleets 3 OP', () => {
    const g = withFleets({ 1: ['LYR-CA', 'LYR-FF'], 2: ['LYR-FF'], 3: ['LYR-FF'], 4: ['LYR-FF'] });
    g.do('p1', { type: 'buy-ops', kind: 'temporary', count: 3 });
    const [ff] = shipsOf(g, 'p1', 'LYR-FF');
    const spent = () => g.state.turn!.opsSpent;
    g.do('p1', { type: 'organize', from: '1', to: '2', ships: ff! });
    expect(spent()).toBe(1);
    // Among three fleets: two transfers.
    g.do('p1', { type: 'organize', from: '2', to: '3', ships: ff! });
    expect(spent()).toBe(2);
    // Among four fleets: three transfers in all.
    g.do('p1', { type: 'organize', from: '3', to: '4', ships: ff! });
    expect(spent()).toBe(3);
  });

  it('UTD6.33 TC-052 fleets in different sectors are rejected', () => {
    const g = withFleets({ 1: ['LYR-CA'], 2: ['LYR-FF'] });
    explored(g, 'A', 'dead');
    placeFleet(g, 'p1', 2, 'A');
    const [ca] = shipsOf(g, 'p1', 'LYR-CA');
    const err = g.refused('p1', { type: 'organize', from: '1', to: '2', ships: ca! }, 'UTD6.33');
    expect(err.code).toBe('organize/other-sector');
  });

  it('UTD7.66 TC-052 one fleet ↔ the dry docks of 2 yards in one sector: 1 OP; dry-docked ships → 2 fleets: 2 OP', () => {
    const g = withFleets({ 1: ['LYR-CA'], 2: ['LYR-FF'], 3: ['LYR-DD'] });
    g.patch((s) => {
      const capital = s.bases.find((b) => b.owner === 'p1' && b.role === 'capital')!;
      s.bases.push({ ...structuredClone(capital), id: 'B900', unitId: 'NEU-SY2', role: 'shipyard' });
      const [ff] = s.ships.filter((x) => x.owner === 'p1' && x.unitId === 'LYR-FF');
      const [dd] = s.ships.filter((x) => x.owner === 'p1' && x.unitId === 'LYR-DD');
      Object.assign(ff!, { fleetId: null, dock: { yardId: capital.id, position: 1 } });
      Object.assign(dd!, { fleetId: null, dock: { yardId: 'B900', position: 1 } });
      s.fleets = s.fleets.filter((f) => s.ships.some((x) => x.fleetId === f.id));
    });
    const ff = shipsOf(g, 'p1', 'LYR-FF')[0]!;
    const dd = shipsOf(g, 'p1', 'LYR-DD')[0]!;
    const one = structuredClone(g.state);
    g.do('p1', { type: 'yard-undock', ships: `${ff},${dd}`, fleet: '1' });
    expect(g.state.turn!.opsSpent).toBe(1);
    g.state = one;
    g.do('p1', { type: 'yard-undock', ships: ff, fleet: '1' });
    g.do('p1', { type: 'yard-undock', ships: dd, fleet: '2' });
    expect(g.state.turn!.opsSpent).toBe(2);
  });
});

describe('TC-071 Pin / interruption (UTD6.125, 2.3(5)(d))', () => {
  function intoEnemyFrigate(): Game {
    const g = withFleets({ 1: ['LYR-CA'], 2: ['LYR-FF'] });
    explored(g, 'A', 'dead');
    placeFleet(g, 'p2', 1, 'A');
    return g;
  }

  it('UTD6.125 TC-071 F1 entering an enemy frigate is pinned; F2 too; organize F1, F2 for 1 OP; one fleet fights', () => {
    const g = intoEnemyFrigate();
    g.do('p1', { type: 'move', fleet: '1', to: 'A' });
    expect(g.fleetOf('p1', 1).pinned).toBe(true);
    g.refused('p1', { type: 'move', fleet: '1', to: 'X' }, 'UTD6.31');
    g.do('p1', { type: 'move', fleet: '2', to: 'A' });
    expect(g.fleetOf('p1', 2).pinned).toBe(true);
    const spent = g.state.turn!.opsSpent;
    const [ff] = shipsOf(g, 'p1', 'LYR-FF');
    g.do('p1', { type: 'organize', from: '2', to: '1', ships: ff! });
    expect(g.state.turn!.opsSpent).toBe(spent + 1);
    g.do('p1', { type: 'end-turn' });
    const b = g.state.battles[0]!;
    const part = b.participants.find((p) => p.side === 'p1')!;
    expect(part.fleetId).toBe(g.fleetOf('p1', 1).id);
    expect(part.units.sort()).toEqual(shipsOf(g, 'p1').sort());
  });

  it('UTD4.355 TC-071 entering a sector with only an enemy fort: pinned and trapped, no battle', () => {
    const g = withFleets({ 1: ['LYR-CA'] });
    explored(g, 'A', 'dead', 'p2');
    g.patch((s) => {
      s.map!.sectors.find((x) => x.key === 'A')!.fort = {
        owner: 'p2',
        status: 'active',
        fleetId: null,
        orderedHalfCycle: 2,
        exposedTo: null,
      };
    });
    g.do('p1', { type: 'move', fleet: '1', to: 'A' });
    expect(g.fleetOf('p1', 1)).toMatchObject({ pinned: true, trapped: { fortSector: 'A', fortOwner: 'p2' } });
    g.do('p1', { type: 'end-turn' });
    expect(g.state.battles).toHaveLength(0);
  });

  it('ISS-A48 TC-071 entering a sector with only enemy defenses: pinned, and a battle follows', () => {
    const g = withFleets({ 1: ['LYR-CA'] });
    explored(g, 'A', 'dead', 'p2');
    g.patch((s) => {
      const gb = s.bases.find((b) => b.owner === 'p2' && b.role === 'defense')!;
      gb.sector = 'A';
    });
    g.do('p1', { type: 'move', fleet: '1', to: 'A' });
    expect(g.fleetOf('p1', 1).pinned).toBe(true);
    g.do('p1', { type: 'end-turn' });
    expect(g.state.battles[0]).toMatchObject({ sector: 'A', sides: ['p1', 'p2'] });
  });
});

describe('TC-074 Dead drop and derelict (UTD6.3D1, 6.3D2)', () => {
  it('UTD6.3D1 UTD6.3D2 TC-074 two containers (2 OP, −220) and a DD derelict (1 OP); B holds S: +200 and the DD, uninspected', () => {
    const g = withFleets({ 1: ['LYR-CA', 'LYR-DD'] });
    explored(g, 'A', 'dead');
    explored(g, 'C', 'dead');
    g.do('p1', { type: 'move', fleet: '1', to: 'A' });
    const bank = Number(g.player('p1').bank);
    g.do('p1', { type: 'dead-drop', fleet: '1' });
    g.do('p1', { type: 'dead-drop', fleet: '1' });
    expect(Number(g.player('p1').bank)).toBe(bank - 220);
    const dd = shipsOf(g, 'p1', 'LYR-DD')[0]!;
    g.do('p1', { type: 'dead-drop', fleet: '1', derelictShip: dd });
    expect(g.state.turn!.opsSpent).toBe(3);
    g.do('p1', { type: 'end-turn' });
    // A's units leave S (test surgery); B enters on its turn.
    placeFleet(g, 'p1', 1, 'H1');
    placeFleet(g, 'p2', 1, 'C');
    const p2bank = Number(g.player('p2').bank);
    g.do('p2', { type: 'move', fleet: '1', to: 'A' });
    g.do('p2', { type: 'end-turn' });
    expect(g.events('ContainersCollected').at(-1)!.event).toMatchObject({ by: 'p2', amount: '200', count: 2 });
    expect(Number(g.player('p2').bank)).toBe(p2bank + 200);
    expect(g.state.ships.find((s) => s.id === dd)).toMatchObject({ owner: 'p2', captured: true, uninspected: true });
    expect(g.state.ships.find((s) => s.id === dd)!.fleetId).not.toBeNull();
  });

  it('UTD6.3D1 TC-074 laying a container without 110 BPV is rejected', () => {
    const g = withFleets({ 1: ['LYR-CA'] });
    g.patch((s) => {
      s.players.find((p) => p.id === 'p1')!.bank = '109';
    });
    const err = g.refused('p1', { type: 'dead-drop', fleet: '1' }, 'UTD6.3D1');
    expect(err.code).toBe('bank/insufficient');
  });
});
