import { describe, expect, it } from 'vitest';
import type { Battle } from '../../../src/rules/thunderdome/state.ts';
import { type Game, startedGame } from './harness.ts';

/** Amend by vote (UTD1.7, amend-state.ts): each kind of typed correction, applied and replayed. */
describe('UTD1.7 typed corrections by vote', () => {
  /** Proposes as p3, and p1 and p2 vote yes (2 of 3). */
  function amend(g: Game, what: string, target: string, value: string): void {
    g.do('p3', { type: 'vote-amend', what, target, value, reason: 'a mistake at the table' });
    const vote = g.state.votes.at(-1)!;
    g.do('system', { type: 'vote-attach', voteId: vote.id, messageId: `m-${vote.id}` });
    for (const p of ['p1', 'p2']) g.do(p, { type: 'ballot', messageId: `m-${vote.id}`, choice: 'yes', present: true });
    expect(g.state.votes.find((v) => v.id === vote.id)!.status).toBe('passed');
  }

  it('UTD7.47 a ship corrected to a wreck is also crippled, and the log replays to it', () => {
    const g = startedGame();
    const ship = g.state.ships.find((s) => s.owner === 'p1')!;
    amend(g, 'condition', ship.id.toLowerCase(), 'wrecked');
    expect(g.state.ships.find((s) => s.id === ship.id)).toMatchObject({ crippled: true, wrecked: true });
    expect(g.events('StateAmended')[0]!.event).toMatchObject({
      changes: [
        { path: `ships[${ship.id}].crippled`, before: false, after: true },
        { path: `ships[${ship.id}].wrecked`, before: false, after: true },
      ],
    });
    expect(g.replayed()).toEqual(g.state);
  });

  it('UTD7.21 a fleet given to another owner takes its ships into the first free slot; a ship in a fleet is corrected through its fleet', () => {
    const g = startedGame();
    const fleet = g.fleetOf('p2', 1);
    const ship = g.state.ships.find((s) => s.fleetId === fleet.id)!;
    expect(
      g.refused('p3', { type: 'vote-amend', what: 'owner', target: ship.id, value: 'lyran', reason: 'r' }, 'UTD1.7'),
    ).toMatchObject({
      code: 'amend/stale',
      hint: `Correct the owner of fleet ${fleet.id}, or organize the ship out of it first.`,
    });
    amend(g, 'owner', fleet.id, 'lyran');
    const moved = g.state.fleets.find((f) => f.id === fleet.id)!;
    expect(moved).toMatchObject({ owner: 'p1', slot: 2 });
    expect(g.state.ships.filter((s) => s.fleetId === fleet.id).every((s) => s.owner === 'p1')).toBe(true);
    expect(g.replayed()).toEqual(g.state);
  });

  it('UTD4.331 a development corrected in, then out, of a sector', () => {
    const g = startedGame();
    amend(g, 'development', 'A', 'colony kzinti');
    expect(g.sector('A').colony).toMatchObject({ owner: 'p2', status: 'active', fleetId: null });
    g.refused(
      'p3',
      { type: 'vote-amend', what: 'development', target: 'A', value: 'colony kzinti', reason: 'r' },
      'UTD1.7',
    );
    amend(g, 'development', 'A', 'colony none');
    expect(g.sector('A').colony).toBeNull();
    g.refused(
      'p3',
      { type: 'vote-amend', what: 'development', target: 'A', value: 'starbase p1', reason: 'r' },
      'UTD1.7',
    );
    expect(g.replayed()).toEqual(g.state);
  });

  it('UTD7.4 a resolved battle’s recorded fate is corrected with the unit’s condition; a unit it destroyed cannot come back', () => {
    const g = startedGame();
    const ship = g.state.ships.find((s) => s.owner === 'p1')!;
    g.patch((s) => {
      s.ships.find((x) => x.id === ship.id)!.crippled = true;
      s.battles.push({
        id: 'B99',
        sector: ship.sector,
        sides: ['p1', 'p2'],
        status: 'resolved',
        participants: [{ side: 'p1', fleetId: ship.fleetId, units: [ship.id, 'S999'], heldOut: [], selected: true }],
        result: {
          winner: 'p1',
          units: { [ship.id]: { fate: 'crippled' }, S999: { fate: 'destroyed' } },
          retreats: {},
          provisional: [],
          planetDamage: 0,
          note: '',
        },
      } as unknown as Battle);
    });
    expect(
      g.refused(
        'p3',
        { type: 'vote-amend', what: 'battle', target: 'B99', value: 'S999 undamaged', reason: 'r' },
        'UTD1.7',
      ).code,
    ).toBe('amend/stale');
    amend(g, 'battle', 'B99', `${ship.id} undamaged`);
    expect(g.state.ships.find((s) => s.id === ship.id)).toMatchObject({ crippled: false, wrecked: false });
    expect(g.state.battles.find((b) => b.id === 'B99')!.result!.units).toEqual({ S999: { fate: 'destroyed' } });
  });
});
