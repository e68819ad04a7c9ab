import { describe, expect, it } from 'vitest';
import { startedGame } from './harness.ts';

describe('UTD4.12 naming sectors (TC-118)', () => {
  it('TC-118 UTD4.12 one objection forces the explorer to rename, with no vote; an accepted name stays until another objection', () => {
    const g = startedGame();
    g.do('p1', { type: 'move', fleet: '1', to: 'A' });
    g.dice(1, 3, 4).do('p1', { type: 'end-turn' });
    g.do('p1', { type: 'name-sector', sector: 'A', name: 'Nova' });
    expect(g.sector('A')).toMatchObject({ name: 'Nova', nameStatus: 'named', namedBy: 'p1' });

    // Any single player objects: the explorer must rename; nobody votes.
    expect(g.refused('p1', { type: 'object-name', sector: 'Nova' }, 'UTD4.12').code).toBe('sector/own-name');
    g.do('p3', { type: 'object-name', sector: 'Nova' });
    expect(g.state.votes).toEqual([]);
    expect(g.sector('A').nameStatus).toBe('rename-required');
    // Only the explorer renames, and not to the name objected to.
    expect(g.refused('p2', { type: 'name-sector', sector: 'A', name: 'Kzin Prime' }, 'UTD4.12').code).toBe(
      'sector/not-namer',
    );
    expect(g.refused('p1', { type: 'name-sector', sector: 'A', name: 'nova' }, 'UTD4.12').code).toBe(
      'sector/same-name',
    );
    g.do('p1', { type: 'name-sector', sector: 'A', name: 'Vega' });
    expect(g.sector('A')).toMatchObject({ name: 'Vega', nameStatus: 'named' });

    // Accepted, the name is immutable: even its explorer cannot change it …
    expect(g.refused('p1', { type: 'name-sector', sector: 'Vega', name: 'Altair' }, 'UTD4.12').code).toBe(
      'sector/named',
    );
    // … except through another objection.
    g.do('p2', { type: 'object-name', sector: 'Vega' });
    g.do('p1', { type: 'name-sector', sector: 'A', name: 'Altair' });
    expect(g.sector('A')).toMatchObject({ name: 'Altair', nameStatus: 'named' });
    expect(g.replayed().map!.sectors.find((s) => s.key === 'A')!.name).toBe('Altair');
  });
});
