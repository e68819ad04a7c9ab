import { describe, expect, it } from 'vitest';
import type { UnitInfo } from '../../../src/rules/thunderdome/units.ts';
import { catalogWith } from '../shipyards/yard-harness.ts';
import { mappedGame, startedGame, type Game } from './harness.ts';

/**
 * Player votes: a restricted unit voted in (UTD8.21 / UTD7.264) and the dice seed
 * revealed early (UTD1.5, docs/rules-notes.md). Three players, so the UTD1.7 supermajority is 2 of 3.
 */
function withBattleship(g: Game): Game {
  const ca = g.catalog.get('LYR-CA')!;
  const bb: UnitInfo = {
    ...ca,
    unitId: 'LYR-BB',
    name: 'Lyran battleship (test)',
    isBattleship: true,
    restricted: 'battleship',
    yearAvailable: null,
  };
  g.catalog = catalogWith(g.catalog, [bb]);
  return g;
}

/** Opens the vote p1 proposes and attaches it to message m1; returns its id. */
function attach(g: Game): string {
  const id = g.state.votes.at(-1)!.id;
  g.do('system', { type: 'vote-attach', voteId: id, messageId: `m-${id}` });
  return `m-${id}`;
}

describe('UTD8.21 restricted units are allowed only if voted in', () => {
  it('UTD8.21 a battleship is refused until 2 of 3 players vote it in; then it can be bought at once', () => {
    const g = withBattleship(mappedGame());
    g.dice(900, 500, 100).do('p1', { type: 'start' });
    const refused = g.refused('p1', { type: 'setup-buy', unitId: 'LYR-BB', fleetSlot: 1 }, 'UTD8.21');
    expect(refused.hint).toContain('/vote restricted unit:LYR-BB');
    g.do('p1', { type: 'vote-restricted', unitId: 'LYR-BB' });
    const vote = g.state.votes.at(-1)!;
    expect(vote).toMatchObject({
      payload: { kind: 'restricted-unit', unitId: 'LYR-BB' },
      threshold: 2,
      electorate: ['p1', 'p2', 'p3'],
    });
    const m = attach(g);
    g.do('p1', { type: 'ballot', messageId: m, choice: 'yes', present: true });
    g.refused('p1', { type: 'setup-buy', unitId: 'LYR-BB', fleetSlot: 1 }, 'UTD8.21');
    g.do('p3', { type: 'ballot', messageId: m, choice: 'yes', present: true });
    expect(g.state.votes.at(-1)!.status).toBe('passed');
    expect(g.state.settings['units.allowedRestricted']).toEqual(['LYR-BB']);
    g.do('p1', { type: 'setup-buy', unitId: 'LYR-BB', fleetSlot: 1 });
    expect(g.state.ships.some((s) => s.owner === 'p1' && s.unitId === 'LYR-BB')).toBe(true);
  });

  it('UTD8.21 in play the permission applies at once, not from the next cycle', () => {
    const g = withBattleship(startedGame());
    g.do('p2', { type: 'vote-restricted', unitId: 'LYR-BB' });
    const m = attach(g);
    for (const p of ['p2', 'p3']) g.do(p, { type: 'ballot', messageId: m, choice: 'yes', present: true });
    expect(g.state.settings['units.allowedRestricted']).toEqual(['LYR-BB']);
    expect(g.state.pendingSettings).toEqual([]);
  });

  it('UTD1.7 two no votes of three reject it, and the unit stays refused', () => {
    const g = withBattleship(startedGame());
    g.do('p1', { type: 'vote-restricted', unitId: 'LYR-BB' });
    const m = attach(g);
    for (const p of ['p2', 'p3']) g.do(p, { type: 'ballot', messageId: m, choice: 'no', present: true });
    expect(g.state.votes.at(-1)!.status).toBe('rejected');
    expect(g.state.settings['units.allowedRestricted']).toEqual([]);
  });

  it('UTD8.21 proposals that need no vote are refused: unknown, unrestricted, already allowed, already open', () => {
    const g = withBattleship(startedGame());
    g.refused('p1', { type: 'vote-restricted', unitId: 'NOPE-1' }, 'UTD8.21');
    g.refused('p1', { type: 'vote-restricted', unitId: 'LYR-CA' }, 'UTD8.21');
    g.do('p1', { type: 'vote-restricted', unitId: 'LYR-BB' });
    g.refused('p2', { type: 'vote-restricted', unitId: 'LYR-BB' }, 'UTD1.7');
    const m = attach(g);
    for (const p of ['p1', 'p2']) g.do(p, { type: 'ballot', messageId: m, choice: 'yes', present: true });
    g.refused('p3', { type: 'vote-restricted', unitId: 'LYR-BB' }, 'UTD8.21');
  });
});

describe('UTD1.7 revealing the dice seed by vote', () => {
  it('UTD1.7 /dice reveal opens a supermajority vote; a second one is refused while it is open', () => {
    const g = startedGame();
    g.do('p2', { type: 'vote-dice-reveal' });
    expect(g.state.votes.at(-1)).toMatchObject({ payload: { kind: 'dice-reveal' }, threshold: 2, status: 'open' });
    g.refused('p3', { type: 'vote-dice-reveal' }, 'UTD1.7');
    const m = attach(g);
    for (const p of ['p1', 'p3']) g.do(p, { type: 'ballot', messageId: m, choice: 'yes', present: true });
    // The rules only close the vote: the seed is a secret they never see (the app publishes it).
    expect(g.state.votes.at(-1)!.status).toBe('passed');
  });
});
