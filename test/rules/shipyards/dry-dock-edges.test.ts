import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../../src/rules/dice.ts';
import { applyEvent } from '../../../src/rules/thunderdome/index.ts';
import { newDecider } from '../../../src/rules/thunderdome/decide.ts';
import { organizeCapturedByDefault } from '../../../src/rules/thunderdome/battles/captures.ts';
import { battleInA, result } from '../battles/helpers.ts';
import { startedGame, who, type Game } from '../td3/harness.ts';
import { addShip, addYard, fullFleets, ship } from './yard-harness.ts';

/** Runs the record-keeping default (ISS-A77) as the battle clock does when the window closes. */
function runDefault(g: Game): void {
  const d = newDecider(g.state, {
    actor: who('system'),
    now: g.now,
    dice: new SeededDice('00'.repeat(32), g.log.length + 1, []),
    catalog: g.catalog,
    firstSeq: g.log.length + 1,
  });
  organizeCapturedByDefault(d);
  for (const event of d.events) {
    const stored = { seq: g.log.length + 1, at: g.now.toISOString(), actor: { userId: 'system' }, event, rolls: [] };
    g.state = applyEvent(g.state, stored);
    g.log.push(stored);
  }
}

describe('ISS-A77 default organization of a captured ship', () => {
  it('UTD6.3I5 with every fleet full, the default docks the captured ship at a free position of a yard in the sector', () => {
    const g = startedGame();
    g.patch((s) => {
      fullFleets(s);
      addShip(
        s,
        {
          id: 'S900',
          owner: 'p1',
          unitId: 'KZI-DD',
          sector: 'H1',
          captured: true,
          uninspected: true,
          unorganized: true,
        },
        null,
        '79',
      );
    });
    const capital = g.state.bases.find((b) => b.owner === 'p1' && b.role === 'capital')!.id;
    runDefault(g);
    expect(ship(g, 'S900')).toMatchObject({ fleetId: null, dock: { yardId: capital, position: 1 }, uninspected: true });
    expect(ship(g, 'S900').unorganized).toBeUndefined();
  });

  it('UTD6.3I3 with every fleet and every dock position full, the default scraps it for half its BPV', () => {
    const g = startedGame();
    const capital = g.state.bases.find((b) => b.owner === 'p1' && b.role === 'capital')!.id;
    g.patch((s) => {
      fullFleets(s);
      for (let n = 1; n <= 5; n++)
        addShip(
          s,
          { id: `S95${n}`, owner: 'p1', unitId: 'LYR-FF', sector: 'H1', dock: { yardId: capital, position: n } },
          null,
        );
      addShip(
        s,
        {
          id: 'S900',
          owner: 'p1',
          unitId: 'KZI-DD',
          sector: 'H1',
          captured: true,
          uninspected: true,
          unorganized: true,
        },
        null,
        '79',
      );
    });
    const bank = Number(g.player('p1').bank);
    runDefault(g);
    expect(g.state.ships.some((x) => x.id === 'S900')).toBe(false);
    // Half the catalog BPV of the captured DD (UTD6.3I6).
    expect(Number(g.player('p1').bank)).toBe(bank + Number(g.catalog.get('KZI-DD')!.bpv) / 2);
  });

  it('UTD6.3I5 a second yard in the sector takes the ship when the capital is full', () => {
    const g = startedGame();
    const capital = g.state.bases.find((b) => b.owner === 'p1' && b.role === 'capital')!.id;
    g.patch((s) => {
      fullFleets(s);
      addYard(s, 'B900', 'p1', 'NEU-SY4', 'H1');
      for (let n = 1; n <= 5; n++)
        addShip(
          s,
          { id: `S95${n}`, owner: 'p1', unitId: 'LYR-FF', sector: 'H1', dock: { yardId: capital, position: n } },
          null,
        );
      addShip(
        s,
        {
          id: 'S900',
          owner: 'p1',
          unitId: 'KZI-DD',
          sector: 'H1',
          captured: true,
          uninspected: true,
          unorganized: true,
        },
        null,
        '79',
      );
    });
    runDefault(g);
    expect(ship(g, 'S900').dock).toEqual({ yardId: 'B900', position: 1 });
  });
});

describe('UTD7.65 ships in dry dock go with their yard', () => {
  it('UTD6.32 a ship docked at the capital moves with it, and an undo brings it back', () => {
    const g = startedGame();
    const capital = g.state.bases.find((b) => b.owner === 'p1' && b.role === 'capital')!.id;
    g.patch((s) =>
      addShip(
        s,
        { id: 'S960', owner: 'p1', unitId: 'LYR-FF', sector: 'H1', dock: { yardId: capital, position: 1 } },
        null,
      ),
    );
    g.do('p1', { type: 'move-capital', to: 'A', withDefenses: false });
    expect(ship(g, 'S960')).toMatchObject({ sector: 'A', dock: { yardId: capital, position: 1 } });
    g.do('p1', { type: 'undo' });
    expect(ship(g, 'S960').sector).toBe('H1');
  });

  it('UTD7.48 a losing player’s yard is destroyed and the ship docked at it is lost with it', () => {
    const { g, battle } = battleInA();
    g.patch((s) => {
      addYard(s, 'B970', 'p2', 'NEU-SY4', 'A');
      addShip(
        s,
        { id: 'S970', owner: 'p2', unitId: 'KZI-FF', sector: 'A', dock: { yardId: 'B970', position: 1 } },
        null,
      );
    });
    g.do('p1', { type: 'battle-propose', battle, kind: 'negotiated', result: result({ winner: 'p1', retreat: 'C' }) });
    g.do('p2', { type: 'battle-accept', battle });
    expect(g.state.bases.some((b) => b.id === 'B970')).toBe(false);
    expect(g.state.ships.some((x) => x.id === 'S970')).toBe(false);
    const destroyed = g.events('UnitsDestroyed').at(-1)!.event;
    expect(destroyed).toMatchObject({
      shipIds: expect.arrayContaining(['S970']),
      baseIds: expect.arrayContaining(['B970']),
    });
  });

  it('UTD7.65 the winner’s docked ship stays docked when its yard survives', () => {
    const { g, battle } = battleInA();
    g.patch((s) => {
      addYard(s, 'B970', 'p2', 'NEU-SY4', 'A');
      addShip(
        s,
        { id: 'S970', owner: 'p2', unitId: 'KZI-FF', sector: 'A', dock: { yardId: 'B970', position: 1 } },
        null,
      );
    });
    g.do('p1', { type: 'battle-propose', battle, kind: 'negotiated', result: result({ winner: 'p2', retreat: 'H1' }) });
    g.do('p2', { type: 'battle-accept', battle });
    expect(ship(g, 'S970').dock).toEqual({ yardId: 'B970', position: 1 });
  });
});
