import { describe, expect, it } from 'vitest';
import { mappedGame } from './harness.ts';
import { catalogWith } from '../shipyards/yard-harness.ts';
import { defenseGame } from '../defenses/defense-harness.ts';

/** UTD8.12 with requirements §4.2.1 `year_retired`: a unit is bought from its first year until it is retired. */
describe('UTD8.12 the campaign year', () => {
  function withRetired(g: ReturnType<typeof mappedGame>) {
    const ff = g.catalog.get('LYR-FF')!;
    const sat = g.catalog.get('NEU-DEFSAT')!;
    g.catalog = catalogWith(g.catalog, [
      { ...ff, unitId: 'LYR-FF-OLD', name: 'Old Lyran Frigate', yearAvailable: 150, yearRetired: 165 },
      { ...ff, unitId: 'LYR-FF-LATE', name: 'Late Lyran Frigate', yearAvailable: 150, yearRetired: 170 },
      { ...sat, unitId: 'NEU-DEFSAT-OLD', name: 'Old DefSat', yearAvailable: 150, yearRetired: 160 },
    ]);
    return g;
  }

  it('UTD8.12 a unit retired in the campaign year (Y165) is refused; one retired later is bought', () => {
    const g = withRetired(mappedGame());
    g.dice(900, 500, 100).do('p1', { type: 'start' });
    const err = g.refused('p1', { type: 'setup-buy', unitId: 'LYR-FF-OLD', fleetSlot: 1 }, 'UTD8.12');
    expect(err.code).toBe('unit/retired');
    expect(err.message).toBe('Old Lyran Frigate was retired in Y165; the campaign is in Y165.');
    g.do('p1', { type: 'setup-buy', unitId: 'LYR-FF-LATE', fleetSlot: 1 });
    expect(g.state.ships.some((s) => s.unitId === 'LYR-FF-LATE')).toBe(true);
  });

  it('UTD6.3A a retired defense is not bought either', () => {
    const g = defenseGame();
    withRetired(g);
    expect(g.refused('p1', { type: 'defense-revise', sector: 'H1', buy: 'NEU-DEFSAT-OLD' }, 'UTD8.12').code).toBe(
      'unit/retired',
    );
  });
});
