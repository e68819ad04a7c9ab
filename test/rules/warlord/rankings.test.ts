import { describe, expect, it } from 'vitest';
import { newsLines } from '../../../src/app/warlord-report.ts';
import { fortification } from '../../../src/rules/warlord/forts.ts';
import { rankings } from '../../../src/rules/warlord/rankings.ts';
import type { WarlordState } from '../../../src/rules/warlord/state.ts';
import { addShip, clearedBoard } from './board.ts';

/** Alpha (1) and Beta (2) on the cleared board, each with its Home Office (100 of each resource, 200 forts). */
function board(): WarlordState {
  return clearedBoard();
}

const list = (s: WarlordState, category: string) => rankings(s).find((r) => r.category === category)?.corps;

describe('Warlord NTG top lists (rulebook, the NTG; ES code 12 categories)', () => {
  it('Ships and Power: live ships counted, AF + DF summed; a destroyed ship counts for nothing', () => {
    const s = board();
    // Alpha: two destroyers; Beta: one cruiser with more AF + DF than both, and a wreck.
    const a1 = addShip(s, 'F-DD', 1, '11-0303');
    const a2 = addShip(s, 'F-DD', 1, '11-0304');
    const b1 = addShip(s, 'F-CVS', 2, '11-0305');
    addShip(s, 'F-BB', 2, '11-0306', { internals: 999, hp: 10 });
    expect(list(s, 'ships')).toEqual([1, 2]);
    const alpha = a1.af + a1.df + a2.af + a2.df;
    const beta = b1.af + b1.df;
    expect(list(s, 'power')).toEqual(beta > alpha ? [2, 1] : [1, 2]);
    expect(beta).not.toBe(alpha);
  });

  it('Fortifications: the forts on its sites; Income: what its holdings produce next (§7.4), in EP', () => {
    const s = board();
    const beta = s.sites.find((x) => x.owner === 2)!;
    beta.fort = fortification(250);
    expect(list(s, 'fortifications')).toEqual([2, 1]);
    // Equal production: the earlier cycle position first. A devastated Home Office produces nothing
    // (§7.5); Alpha keeps only its full-sector bonus (§7.4) and falls behind Beta.
    expect(list(s, 'income')).toEqual([1, 2]);
    s.sites.find((x) => x.owner === 1)!.devastated = true;
    expect(list(s, 'income')).toEqual([2, 1]);
  });

  it('a corporation with nothing in a category, or eliminated, is not listed; the list length is the game setting', () => {
    const s = board();
    expect(list(s, 'ships')).toEqual([]);
    addShip(s, 'F-DD', 1, '11-0303');
    addShip(s, 'F-DD', 2, '11-0304');
    addShip(s, 'F-DD', 2, '11-0305');
    expect(list(s, 'ships')).toEqual([2, 1]);
    s.settings.rankingsTop = 1;
    expect(list(s, 'ships')).toEqual([2]);
    s.settings.rankingsTop = 3;
    s.corps.find((c) => c.id === 2)!.eliminated = true;
    expect(list(s, 'ships')).toEqual([1]);
  });

  it('the channel news of a processed turn names the top corporations, without their values', () => {
    const s = board();
    addShip(s, 'F-DD', 2, '11-0303');
    const lines = newsLines(
      [{ event: { type: 'WarlordTurnProcessed', turn: 2, deadline: null, waived: [], winner: null } }],
      {
        name: 'Test',
        players: [
          { userId: 'u1', corp: 1, name: 'Alpha' },
          { userId: 'u2', corp: 2, name: 'Beta' },
        ],
        game: s,
        deadline: null,
      },
    );
    const top = lines.find((l) => l.startsWith('📊'));
    expect(top).toBe(
      '📊 Top corporations (NTG): Income: Alpha, Beta · Power: Beta · Ships: Beta · Fortifications: Alpha, Beta.',
    );
  });
});
