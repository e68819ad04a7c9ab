import { describe, expect, it } from 'vitest';
import { mapScene, renderMap } from '../../src/render/map-image.ts';
import { turnMoves } from '../../src/render/map-moves.ts';
import { playerColour, rgbOf } from '../../src/render/theme.ts';
import { decode, differingShare, hasColourNear } from './pixels.ts';
import { richGame } from './scenarios.ts';
import { startedGame } from '../rules/td3/harness.ts';

/** This turn's moves as arrows on the map. */
describe('move arrows', () => {
  it('lists the moves of the current turn, undone ones gone, from the event or from the summary', () => {
    const g = startedGame();
    expect(turnMoves(g.state)).toEqual([]);
    g.do('p1', { type: 'move', fleet: '1', to: 'A' });
    g.do('p1', { type: 'move', fleet: '1', to: 'X' });
    expect(turnMoves(g.state)).toEqual([
      { from: 'H1', to: 'A', owner: 'p1', kind: 'fleet' },
      { from: 'A', to: 'X', owner: 'p1', kind: 'fleet' },
    ]);
    g.do('p1', { type: 'undo' });
    expect(turnMoves(g.state)).toEqual([{ from: 'H1', to: 'A', owner: 'p1', kind: 'fleet' }]);
    // An order of a state stored before events were kept for every order has only its legacy summary.
    g.patch((s) => (s.turn!.orders[0] = { ...s.turn!.orders[0]!, event: null, summary: 'move fleet 1 H1 → A' }));
    expect(turnMoves(g.state)).toEqual([{ from: 'H1', to: 'A', owner: 'p1', kind: 'fleet' }]);
  });

  it('a new turn starts with no arrows', () => {
    const g = startedGame();
    g.do('p1', { type: 'move', fleet: '1', to: 'A' });
    g.do('p1', { type: 'end-turn' });
    expect(g.state.turn!.playerId).toBe('p2');
    expect(turnMoves(g.state)).toEqual([]);
  });

  it("draws the arrow in the mover's colour beside the lane H1 → A, and nothing else changes much", async () => {
    const g = richGame();
    const layout = mapScene(g.state).layout!;
    const a = layout.nodes.find((n) => n.key === 'H1')!;
    const b = layout.nodes.find((n) => n.key === 'A')!;
    const img = await decode(await renderMap(g.state));
    // Midway, offset to the right of the direction of travel by 0.45 of the smaller disc.
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    const [ux, uy] = [(b.x - a.x) / len, (b.y - a.y) / len];
    const off = Math.min(a.r, b.r) * 0.45;
    const mx = (a.x + b.x) / 2 - uy * off;
    const my = (a.y + b.y) / 2 + ux * off;
    expect(hasColourNear(img, mx, my, 1, rgbOf(playerColour(g.state, 'p1')))).toBe(true);
    const h = richGame();
    h.patch((s) => (s.turn!.orders = []));
    const without = await decode(await renderMap(h.state));
    expect(hasColourNear(without, mx, my, 1, rgbOf(playerColour(g.state, 'p1')))).toBe(false);
    expect(differingShare(img, without)).toBeLessThan(0.01);
  });
});
