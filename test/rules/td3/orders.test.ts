import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../src/app/export.ts';
import { opsLeft } from '../../../src/rules/thunderdome/index.ts';
import { type Game, startedGame } from './harness.ts';

/** Ends the turns of the players after p1 so that p1 plays again (next cycle). */
function roundTrip(g: Game): void {
  g.do('p1', { type: 'end-turn' });
  g.do('p2', { type: 'end-turn' });
  g.do('p3', { type: 'end-turn' });
}

/** Makes a sector explored with a given type without rolling (test surgery). */
function _explored(g: Game, key: string, type: 'life' | 'mineral' | 'dead', owner: string | null = null): void {
  g.patch((s) => {
    const sector = s.map!.sectors.find((x) => x.key === key)!;
    Object.assign(sector, { type, terrain: ['class-m-planet'], exploredBy: owner, owner });
  });
}

describe('UTD6.31 move a fleet', () => {
  it('UTD4.1 only along warp lanes; the refusal lists the lanes and changes nothing', () => {
    const g = startedGame();
    const err = g.refused('p1', { type: 'move', fleet: '1', to: 'X' }, 'UTD4.1');
    expect(err.hint).toContain('A');
    expect(err.hint).toContain('B');
  });

  it('UTD4.334 moving from an owned colony is free (the home colony); otherwise 1 OP', () => {
    const g = startedGame();
    g.do('p1', { type: 'move', fleet: '1', to: 'A' });
    expect(opsLeft(g.state.turn!)).toBe(3);
    g.do('p1', { type: 'move', fleet: '1', to: 'X' });
    expect(opsLeft(g.state.turn!)).toBe(2);
  });

  it('UTD4.334 TC-010 two fleets between colonies A and C: 8 moves cost 4 OP', () => {
    const g = startedGame({ p1: ['LYR-CA', 'LYR-FF'] });
    g.patch((s) => {
      for (const key of ['A', 'C']) {
        const sector = s.map!.sectors.find((x) => x.key === key)!;
        Object.assign(sector, {
          type: 'life',
          owner: 'p1',
          colony: { owner: 'p1', status: 'active', fleetId: null, orderedHalfCycle: 2, exposedTo: null },
        });
      }
      // Split p1's ships into two fleets in A.
      const ships = s.ships.filter((x) => x.owner === 'p1');
      s.fleets.push({ ...s.fleets.find((f) => f.owner === 'p1')!, id: 'F900', slot: 2 });
      ships[1]!.fleetId = 'F900';
      for (const f of s.fleets.filter((x) => x.owner === 'p1')) f.sector = 'A';
      for (const sh of ships) sh.sector = 'A';
      // B of the example is X here: A–X–C.
      s.turn!.opsBase = 6;
    });
    for (const [to, slot] of [
      ['X', '1'],
      ['X', '2'],
      ['C', '1'],
      ['C', '2'],
      ['X', '1'],
      ['X', '2'],
      ['A', '1'],
      ['A', '2'],
    ] as const) {
      g.do('p1', { type: 'move', fleet: slot, to });
    }
    expect(g.state.turn!.opsSpent).toBe(4);
  });

  it('UTD6.31 a fleet entering an enemy fleet is pinned and cannot move again this turn', () => {
    const g = startedGame();
    g.patch((s) => {
      const enemy = s.fleets.find((f) => f.owner === 'p2')!;
      enemy.sector = 'A';
      for (const sh of s.ships.filter((x) => x.fleetId === enemy.id)) sh.sector = 'A';
    });
    g.do('p1', { type: 'move', fleet: '1', to: 'A' });
    expect(g.fleetOf('p1', 1).pinned).toBe(true);
    g.refused('p1', { type: 'move', fleet: '1', to: 'X' }, 'UTD6.31');
  });

  it('UTD6.2 not enough order points: refused with the way to buy more', () => {
    const g = startedGame();
    g.patch((s) => (s.turn!.opsSpent = 3));
    g.do('p1', { type: 'move', fleet: '1', to: 'A' });
    expect(g.refused('p1', { type: 'move', fleet: '1', to: 'X' }, 'UTD6.31').hint).toContain('/buy ops');
  });

  it('only the current player gives orders (UTD2.1), and only for their own fleets (UTD7.2)', () => {
    const g = startedGame();
    g.refused('p2', { type: 'move', fleet: '1', to: 'C' }, 'UTD2.1');
    g.refused('p1', { type: 'move', fleet: '7', to: 'A' }, 'UTD7.2');
    g.refused('stranger', { type: 'move', fleet: '1', to: 'A' }, 'UTD8.11');
  });

  it('UTD3.2 a proxy may move the player’s fleet; a stranger may not act as the player', () => {
    const g = startedGame();
    g.refused('helper', { type: 'move', fleet: '1', to: 'A', as: 'p1' }, 'UTD3.2');
    g.do('p1', { type: 'proxy-grant', userId: 'helper', expiresAt: null });
    g.do('helper', { type: 'move', fleet: '1', to: 'A', as: 'p1' });
    expect(g.fleetOf('p1', 1).sector).toBe('A');
    expect(g.log.at(-1)!.actor.userId).toBe('helper');
  });

  it('UTD3.2 a proxy who is not a player acts for the one player who named them without saying so', () => {
    const g = startedGame();
    g.do('p1', { type: 'proxy-grant', userId: 'sitter', expiresAt: new Date('2026-03-05T00:00:00Z') });
    g.do('sitter', { type: 'move', fleet: '1', to: 'A' });
    expect(g.fleetOf('p1', 1).sector).toBe('A');
    g.now = new Date('2026-03-06T00:00:00Z');
    g.refused('sitter', { type: 'move', fleet: '1', to: 'X' }, 'UTD8.11');
  });
});

describe('UTD3.2 a proxy defines orders and conducts battles, nothing more', () => {
  it('UTD3.2 the abuse chain: a proxy granting itself, appointing another, revoking, resigning and proposing votes is refused at each step while its orders still work', () => {
    const g = startedGame();
    g.do('p1', { type: 'proxy-grant', userId: 'sitter', expiresAt: new Date('2026-03-10T00:00:00Z') });
    // Making itself permanent, appointing a friend, taking back the player's other proxies: none is a proxy's.
    expect(g.refused('sitter', { type: 'proxy-grant', userId: 'sitter', expiresAt: null }, 'UTD3.2').code).toBe(
      'proxy/out-of-scope',
    );
    g.refused('sitter', { type: 'proxy-grant', userId: 'friend', expiresAt: null }, 'UTD3.2');
    g.do('p1', { type: 'proxy-grant', userId: 'other', expiresAt: null });
    g.refused('sitter', { type: 'proxy-revoke', userId: 'other' }, 'UTD3.2');
    g.refused('sitter', { type: 'resign' }, 'UTD3.2');
    g.refused('sitter', { type: 'vote-setting', key: 'startYear', value: '170' }, 'UTD3.2');
    g.refused('sitter', { type: 'vote-dice-reveal' }, 'UTD3.2');
    g.refused('sitter', { type: 'vote-extension', days: 10 }, 'UTD3.2');
    // Its orders still work, marked as given for p1.
    g.do('sitter', { type: 'move', fleet: '1', to: 'A' });
    expect(g.fleetOf('p1', 1).sector).toBe('A');
    expect(g.log.at(-1)!.actor).toEqual({ userId: 'sitter', asPlayer: 'p1' });
    expect(g.player('p1').proxies.map((x) => [x.userId, x.expiresAt])).toEqual([
      ['sitter', '2026-03-10T00:00:00.000Z'],
      ['other', null],
    ]);
    expect(g.player('p1').status).toBe('active');
  });

  it('UTD3.2 a proxy never votes: a proxy’s ballot is not counted for the player', () => {
    const g = startedGame();
    g.do('p1', { type: 'proxy-grant', userId: 'sitter', expiresAt: null });
    g.do('p2', { type: 'vote-setting', key: 'startYear', value: '170' });
    const vote = g.state.votes.at(-1)!;
    g.do('p2', { type: 'vote-attach', voteId: vote.id, messageId: 'm1' });
    g.do('sitter', { type: 'ballot', messageId: 'm1', choice: 'yes', present: true });
    expect(g.state.votes.at(-1)!.ballots).toEqual({});
  });

  it('UTD3.2 a fellow player named proxy gives the player’s orders on the player’s turn, marked as proxied', () => {
    const g = startedGame();
    expect(g.state.turn!.playerId).toBe('p1');
    g.refused('p2', { type: 'move', fleet: '1', to: 'A' }, 'UTD2.1');
    g.do('p1', { type: 'proxy-grant', userId: 'p2', expiresAt: null });
    g.do('p2', { type: 'move', fleet: '1', to: 'A' });
    expect(g.fleetOf('p1', 1).sector).toBe('A');
    expect(g.log.at(-1)!.actor).toEqual({ userId: 'p2', asPlayer: 'p1' });
    g.do('p2', { type: 'end-turn' });
    expect(g.state.turn!.playerId).toBe('p2');
    // On their own turn they speak for themselves; they still may not grant or resign for p1.
    g.refused('p2', { type: 'resign', as: 'p1' } as never, 'UTD3.2');
    g.refused('p2', { type: 'vote-withdraw', vote: 'V1', as: 'p1' }, 'UTD3.2');
    expect(g.player('p1').status).toBe('active');
  });
});

describe('UTD2.3 step 7 exploration and UTD4.13 ownership', () => {
  it('UTD5.1 a fleet ending in an unknown sector explores it at step 7; passing through does not (TC-033)', () => {
    const g = startedGame();
    g.do('p1', { type: 'move', fleet: '1', to: 'A' });
    g.do('p1', { type: 'move', fleet: '1', to: 'X' });
    // type 3 = mineral, terrain 6 = class M planet, NPE check 5 = none
    g.dice(3, 6, 5).do('p1', { type: 'end-turn' });
    expect(g.sector('A').type).toBe('unknown');
    expect(g.sector('X')).toMatchObject({ type: 'mineral', exploredBy: 'p1', terrain: ['class-m-planet'] });
    const explored = g.events('SectorExplored')[0]!;
    expect(explored.rolls.map((r) => r.purpose.split(' (')[0])).toEqual(['sector type', 'terrain', 'NPE check']);
  });

  it('UTD4.13 TC-016 a fleet present from one own turn to the next claims the sector at step 1', () => {
    const g = startedGame();
    g.do('p1', { type: 'move', fleet: '1', to: 'A' });
    g.dice(1, 3, 4).do('p1', { type: 'end-turn' }); // life, class M, no NPE
    g.do('p2', { type: 'end-turn' });
    g.do('p3', { type: 'end-turn' });
    expect(g.sector('A').owner).toBe('p1');
    expect(g.events('SectorClaimed').at(-1)!.event).toMatchObject({ sector: 'A', playerId: 'p1' });
  });

  it('UTD4.13 a disavowed sector is not claimed', () => {
    const g = startedGame();
    g.do('p1', { type: 'move', fleet: '1', to: 'A' });
    g.do('p1', { type: 'disavow', sector: 'A', disavowed: true });
    g.dice(1, 3, 4).do('p1', { type: 'end-turn' });
    g.do('p2', { type: 'end-turn' });
    g.do('p3', { type: 'end-turn' });
    expect(g.sector('A').owner).toBeNull();
  });

  it('UTD4.12 the first explorer names the sector; an objection forces a rename', () => {
    const g = startedGame();
    g.do('p1', { type: 'move', fleet: '1', to: 'A' });
    g.dice(1, 3, 4).do('p1', { type: 'end-turn' });
    g.refused('p2', { type: 'name-sector', sector: 'A', name: 'Mine Now' }, 'UTD4.12');
    g.do('p1', { type: 'name-sector', sector: 'A', name: 'Vega' });
    g.refused('p1', { type: 'name-sector', sector: 'Vega', name: 'Altair' }, 'UTD4.12');
    g.do('p2', { type: 'object-name', sector: 'Vega' });
    g.refused('p1', { type: 'name-sector', sector: 'A', name: 'vega' }, 'UTD4.12');
    g.do('p1', { type: 'name-sector', sector: 'A', name: 'Altair' });
    expect(g.sector('A')).toMatchObject({ name: 'Altair', nameStatus: 'named' });
  });
});

describe('UTD4.331 establishing colonies, mines and fortifications (TC-011)', () => {
  function atLife(): Game {
    const g = startedGame({ p1: ['LYR-CA', 'NEU-F-L'] });
    g.do('p1', { type: 'move', fleet: '1', to: 'A' });
    g.dice(1, 3, 4).do('p1', { type: 'end-turn' });
    g.do('p2', { type: 'end-turn' });
    g.do('p3', { type: 'end-turn' });
    return g;
  }

  it('a fleet that started its turn in the life sector establishes a colony, free with a large freighter of 50+ boxes', () => {
    const g = atLife();
    g.do('p1', { type: 'establish', fleet: '1', kind: 'colony' });
    expect(g.sector('A').colony).toMatchObject({ owner: 'p1', status: 'pending' });
    expect(g.state.turn!.opsSpent).toBe(0);
    g.refused('p1', { type: 'move', fleet: '1', to: 'H1' }, 'UTD4.331');
    roundTrip(g);
    expect(g.sector('A').colony).toMatchObject({ owner: 'p1', status: 'active' });
  });

  it('a fleet that entered this turn may not establish; a colony needs a life sector (UTD4.33)', () => {
    const g = startedGame();
    g.do('p1', { type: 'move', fleet: '1', to: 'A' });
    g.refused('p1', { type: 'establish', fleet: '1', kind: 'colony' }, 'UTD4.331');
    const h = atLife();
    h.refused('p1', { type: 'establish', fleet: '1', kind: 'mine' }, 'UTD4.34');
  });

  it('without a freighter the order costs 1 OP; a fort costs 1 OP without a minesweeper', () => {
    const g = startedGame();
    g.do('p1', { type: 'move', fleet: '1', to: 'A' });
    g.dice(1, 3, 4).do('p1', { type: 'end-turn' });
    g.do('p2', { type: 'end-turn' });
    g.do('p3', { type: 'end-turn' });
    g.do('p1', { type: 'establish', fleet: '1', kind: 'fort' });
    expect(g.state.turn!.opsSpent).toBe(1);
  });

  it('the colony is not established if the fleet left before the next turn', () => {
    const g = atLife();
    g.do('p1', { type: 'establish', fleet: '1', kind: 'colony' });
    g.do('p1', { type: 'end-turn' });
    g.patch((s) => {
      const f = s.fleets.find((x) => x.owner === 'p1')!;
      f.sector = 'H1';
    });
    g.do('p2', { type: 'end-turn' });
    g.do('p3', { type: 'end-turn' });
    expect(g.sector('A').colony).toBeNull();
    expect(g.events('DevelopmentCancelled')).toHaveLength(1);
  });

  it('undo of the establishment frees the fleet and gives the OP back', () => {
    const g = startedGame();
    g.do('p1', { type: 'move', fleet: '1', to: 'A' });
    g.dice(1, 3, 4).do('p1', { type: 'end-turn' });
    g.do('p2', { type: 'end-turn' });
    g.do('p3', { type: 'end-turn' });
    const before = canonicalJson(g.state);
    g.do('p1', { type: 'establish', fleet: '1', kind: 'colony' });
    g.do('p1', { type: 'undo' });
    const after = structuredClone(g.state);
    after.turn!.orders = [];
    const was = JSON.parse(before);
    was.turn.orders = [];
    expect(canonicalJson(after)).toBe(canonicalJson(was));
    expect(canonicalJson(g.replayed())).toBe(canonicalJson(g.state));
  });
});

describe('UTD4.35 fortifications, traps and sieges', () => {
  /** p2 has an active fort (and mine) in mineral sector C, no units there; p1's fleet 1 stands in A next to it. */
  function fortified(ships: string[] = ['LYR-CA', 'LYR-FF']): Game {
    const g = startedGame({ p1: ships });
    g.patch((s) => {
      const c = s.map!.sectors.find((x) => x.key === 'C')!;
      const dev = { owner: 'p2', status: 'active' as const, fleetId: null, orderedHalfCycle: 2, exposedTo: null };
      Object.assign(c, { type: 'mineral', owner: 'p2', fort: { ...dev }, mine: { ...dev } });
      const f = s.fleets.find((x) => x.owner === 'p1')!;
      f.sector = 'A';
      f.startSector = 'A';
      for (const sh of s.ships.filter((x) => x.fleetId === f.id)) sh.sector = 'A';
    });
    return g;
  }

  it('UTD4.355 / 4.356 entering an enemy fortification pins and traps the fleet', () => {
    const g = fortified();
    g.do('p1', { type: 'move', fleet: '1', to: 'C' });
    expect(g.fleetOf('p1', 1)).toMatchObject({ pinned: true, trapped: { fortSector: 'C', failedDice: 0 } });
  });

  it('UTD4.3561 TC-020 a siege roll of 2 releases the fleet, which moves only from the next cycle', () => {
    const g = fortified();
    g.do('p1', { type: 'move', fleet: '1', to: 'C' });
    g.dice(2).do('p1', { type: 'siege', fleet: '1', desperation: 0 });
    expect(g.fleetOf('p1', 1).trapped).toBeNull();
    g.refused('p1', { type: 'move', fleet: '1', to: 'A' }, 'UTD6.31');
    roundTrip(g);
    g.do('p1', { type: 'move', fleet: '1', to: 'A' });
  });

  it('UTD4.3561 a 4 fails; a second attempt in the same cycle is refused', () => {
    const g = fortified();
    g.do('p1', { type: 'move', fleet: '1', to: 'C' });
    g.dice(4).do('p1', { type: 'siege', fleet: '1', desperation: 0 });
    expect(g.fleetOf('p1', 1).trapped!.failedDice).toBe(1);
    g.refused('p1', { type: 'siege', fleet: '1', desperation: 0 }, 'UTD4.3561');
  });

  it('UTD4.3563 TC-021 three failed rolls in three cycles, the fourth succeeds with no die', () => {
    const g = fortified();
    g.do('p1', { type: 'move', fleet: '1', to: 'C' });
    for (const die of [4, 5, 6]) {
      g.dice(die).do('p1', { type: 'siege', fleet: '1', desperation: 0 });
      roundTrip(g);
    }
    const rolls = g.log.length;
    g.do('p1', { type: 'siege', fleet: '1', desperation: 0 });
    expect(g.log.slice(rolls)[0]!.rolls).toHaveLength(0);
    expect(g.events('SiegeRolled').at(-1)!.event).toMatchObject({ automatic: 1, released: true });
  });

  it('UTD4.3562 TC-022 desperation 100 BPV rolls 4, 6, 5 and fails; the next attempt succeeds by itself', () => {
    const g = fortified();
    g.do('p1', { type: 'move', fleet: '1', to: 'C' });
    const bank = Number(g.player('p1').bank);
    g.dice(4, 6, 5).do('p1', { type: 'siege', fleet: '1', desperation: 100 });
    expect(g.player('p1').bank).toBe(String(bank - 100));
    expect(g.fleetOf('p1', 1).trapped!.failedDice).toBe(3);
    roundTrip(g);
    const bankNow = g.player('p1').bank;
    g.do('p1', { type: 'siege', fleet: '1', desperation: 100 });
    expect(g.player('p1').bank).toBe(bankNow);
    expect(g.fleetOf('p1', 1).trapped).toBeNull();
  });

  it('UTD4.3562 TC-023 desperation 50 BPV: 5 then 1 releases', () => {
    const g = fortified();
    g.do('p1', { type: 'move', fleet: '1', to: 'C' });
    g.dice(5, 1).do('p1', { type: 'siege', fleet: '1', desperation: 50 });
    expect(g.events('SiegeRolled')[0]!.event).toMatchObject({ dice: [5, 1], released: true });
  });

  it('ISS-A50 TC-024 two failures, then desperation 100: the first die 5 fails, the second is automatic', () => {
    const g = fortified();
    g.do('p1', { type: 'move', fleet: '1', to: 'C' });
    g.patch((s) => (s.fleets.find((f) => f.owner === 'p1')!.trapped!.failedDice = 2));
    g.dice(5).do('p1', { type: 'siege', fleet: '1', desperation: 100 });
    expect(g.events('SiegeRolled')[0]!.event).toMatchObject({ dice: [5], automatic: 1, released: true });
  });

  it('UTD4.3564 TC-025 jail break: a second fleet enters, then the trapped one leaves at once', () => {
    const g = fortified(['LYR-CA', 'LYR-FF', 'LYR-DD']);
    g.patch((s) => {
      const f1 = s.fleets.find((x) => x.owner === 'p1')!;
      Object.assign(f1, {
        sector: 'C',
        startSector: 'C',
        trapped: { fortSector: 'C', fortOwner: 'p2', failedDice: 0, lastAttemptHalfCycle: null },
      });
      const dd = s.ships.find((x) => x.unitId === 'LYR-DD')!;
      s.fleets.push({ ...f1, id: 'F901', slot: 2, sector: 'A', startSector: 'A', trapped: null });
      for (const sh of s.ships.filter((x) => x.owner === 'p1')) sh.sector = 'C';
      dd.fleetId = 'F901';
      dd.sector = 'A';
    });
    g.refused('p1', { type: 'move', fleet: '1', to: 'A' }, 'UTD4.356');
    g.do('p1', { type: 'move', fleet: '2', to: 'C' });
    g.do('p1', { type: 'move', fleet: '1', to: 'A' });
    expect(g.fleetOf('p1', 1)).toMatchObject({ sector: 'A', trapped: null });
    expect(g.fleetOf('p1', 2).trapped).not.toBeNull();
    expect(g.state.turn!.opsSpent).toBe(2);
  });

  it('UTD4.353 TC-012 a minesweeper destroys the fort at step 9; the mine falls only if the fleet stays to its next turn', () => {
    const g = fortified(['LYR-MS', 'LYR-TS']);
    g.do('p1', { type: 'move', fleet: '1', to: 'C' });
    g.do('p1', { type: 'end-turn' });
    expect(g.sector('C').fort).toBeNull();
    expect(g.sector('C').mine!.owner).toBe('p2');
    expect(g.fleetOf('p1', 1).trapped).toBeNull();
    g.do('p2', { type: 'end-turn' });
    g.do('p3', { type: 'end-turn' });
    expect(g.sector('C').mine!.owner).toBe('p2');
    // Case B: the fleet stays through step 9 of p1's next turn: captured with the troop ship.
    g.do('p1', { type: 'end-turn' });
    expect(g.sector('C').mine!.owner).toBe('p1');
    // p1 claimed the sector at step 1 (the fort was gone and the fleet stayed).
    expect(g.sector('C').owner).toBe('p1');
  });

  it('UTD4.333 TC-013 an unfortified colony is destroyed by an enemy fleet without a troop ship', () => {
    const g = startedGame();
    g.patch((s) => {
      const a = s.map!.sectors.find((x) => x.key === 'A')!;
      Object.assign(a, {
        type: 'life',
        owner: 'p2',
        colony: { owner: 'p2', status: 'active', fleetId: null, orderedHalfCycle: 2, exposedTo: null },
      });
    });
    g.do('p1', { type: 'move', fleet: '1', to: 'A' });
    g.do('p1', { type: 'end-turn' });
    expect(g.sector('A').colony).toBeNull();
    expect(g.events('DevelopmentDestroyed')).toHaveLength(1);
  });
});

describe('UTD6.3D dead drops', () => {
  it('UTD6.3D1 a container costs 110 and pays 100 to the first enemy who holds the sector', () => {
    const g = startedGame();
    g.do('p1', { type: 'move', fleet: '1', to: 'A' });
    const bank = Number(g.player('p1').bank);
    g.do('p1', { type: 'dead-drop', fleet: '1' });
    expect(g.player('p1').bank).toBe(String(bank - 110));
    g.dice(5, 1).do('p1', { type: 'end-turn' }); // dead sector, special table... rolls as needed
    g.patch((s) => {
      const f1 = s.fleets.find((x) => x.owner === 'p1')!;
      f1.sector = 'H1';
      for (const sh of s.ships.filter((x) => x.fleetId === f1.id)) sh.sector = 'H1';
      const f2 = s.fleets.find((x) => x.owner === 'p2')!;
      f2.sector = 'A';
      for (const sh of s.ships.filter((x) => x.fleetId === f2.id)) sh.sector = 'A';
    });
    const p2bank = Number(g.player('p2').bank);
    g.dice(6, 6, 6, 6, 6).do('p2', { type: 'end-turn' });
    expect(Number(g.player('p2').bank)).toBe(p2bank + 100);
  });
});
