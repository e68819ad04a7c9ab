import { describe, expect, it } from 'vitest';
import type { CampaignState } from '../../../src/rules/thunderdome/index.ts';
import { startedGame } from '../td3/harness.ts';
import { addYard, runNewConstruction } from './yard-harness.ts';

/** Gives p1 a developed colony in a life sector (or one still pending). */
function colony(
  s: CampaignState,
  key: string,
  status: 'active' | 'pending' = 'active',
  type: 'life' | 'mineral' = 'life',
): void {
  const sector = s.map!.sectors.find((x) => x.key === key)!;
  Object.assign(sector, {
    type,
    owner: 'p1',
    colony:
      type === 'life' ? { owner: 'p1', status, fleetId: null, orderedHalfCycle: s.halfCycles, exposedTo: null } : null,
  });
}

function game(setup: (s: CampaignState) => void = () => {}) {
  const g = startedGame();
  g.patch((s) => {
    s.players.find((p) => p.id === 'p1')!.bank = '5000';
    s.turn!.opsBase = 10;
    setup(s);
  });
  return g;
}

const yardsIn = (g: ReturnType<typeof game>, sector: string) =>
  g.state.bases.filter((b) => b.sector === sector && (b.role === 'shipyard' || b.role === 'capital'));

describe('TC-065 building shipyards (UTD6.38, 6.381–6.385)', () => {
  it('UTD6.383 one OP per yard; UTD6.381 its catalog BPV; a non-home colony takes SC2 + SC2 (3/2 + 3/2 = 3)', () => {
    const g = game((s) => colony(s, 'A'));
    g.do('p1', { type: 'yard-construct', sector: 'A', unitId: 'NEU-SY2' });
    expect(g.state.turn!.opsSpent).toBe(1);
    expect(g.player('p1').bank).toBe('4700');
    g.do('p1', { type: 'yard-construct', sector: 'A', unitId: 'NEU-SY2' });
    expect(yardsIn(g, 'A')).toHaveLength(2);
    // UTD6.3841: a third yard (an SC4, which would also make 11/3 > 3) is refused.
    g.refused('p1', { type: 'yard-construct', sector: 'A', unitId: 'NEU-SY4' }, 'UTD6.3841');
  });

  it('UTD6.3842 the combined capacity at a colony stays within 3; SC3 + SC3 is fine', () => {
    const g = game((s) => {
      colony(s, 'A');
      colony(s, 'B');
    });
    g.do('p1', { type: 'yard-construct', sector: 'B', unitId: 'NEU-SY3' });
    g.do('p1', { type: 'yard-construct', sector: 'B', unitId: 'NEU-SY3' });
    g.do('p1', { type: 'yard-construct', sector: 'A', unitId: 'NEU-SY2' });
    g.patch((s) => addYard(s, 'B900', 'p1', 'NEU-SY2', 'C'));
    g.patch((s) => colony(s, 'C'));
    g.refused('p1', { type: 'yard-construct', sector: 'C', unitId: 'NEU-SY2C2' }, 'UTD6.3842');
  });

  it('UTD6.3843 a capacity-2 yard cannot be built at a colony outside a starting sector', () => {
    const g = game((s) => colony(s, 'A'));
    g.refused('p1', { type: 'yard-construct', sector: 'A', unitId: 'NEU-SY2C2' }, 'UTD6.3843');
  });

  it('UTD6.38 only at a developed colony: not at a pending colony, not in a mineral sector', () => {
    const g = game((s) => {
      colony(s, 'A', 'pending');
      colony(s, 'B', 'active', 'mineral');
    });
    g.refused('p1', { type: 'yard-construct', sector: 'A', unitId: 'NEU-SY4' }, 'UTD6.38');
    g.refused('p1', { type: 'yard-construct', sector: 'B', unitId: 'NEU-SY4' }, 'UTD6.38');
    g.refused('p1', { type: 'yard-construct', sector: 'H2', unitId: 'NEU-SY4' }, 'UTD6.38');
  });

  it('UTD6.3844 own starting sector: capital (2) + SC2 + SC2 = 5 in three yards; a fourth, or a second capacity-2 yard, is refused', () => {
    const g = game();
    g.refused('p1', { type: 'yard-construct', sector: 'H1', unitId: 'NEU-SY2C2' }, 'UTD6.3843');
    g.do('p1', { type: 'yard-construct', sector: 'H1', unitId: 'NEU-SY2' });
    g.do('p1', { type: 'yard-construct', sector: 'H1', unitId: 'NEU-SY2' });
    expect(yardsIn(g, 'H1')).toHaveLength(3);
    g.refused('p1', { type: 'yard-construct', sector: 'H1', unitId: 'NEU-SY4' }, 'UTD6.3844');
  });

  it('a captured enemy starting sector: 2 yards and capacity 3, one capacity-2 yard allowed (UTD6.3843, 6.3844 not extended)', () => {
    const g = game((s) => {
      s.bases = s.bases.filter((b) => b.owner !== 'p2');
      const h2 = s.map!.sectors.find((x) => x.key === 'H2')!;
      h2.owner = 'p1';
      h2.colony = { owner: 'p1', status: 'active', fleetId: null, orderedHalfCycle: s.halfCycles, exposedTo: null };
    });
    g.do('p1', { type: 'yard-construct', sector: 'H2', unitId: 'NEU-SY2C2' });
    g.do('p1', { type: 'yard-construct', sector: 'H2', unitId: 'NEU-SY4' });
    g.refused('p1', { type: 'yard-construct', sector: 'H2', unitId: 'NEU-SY4' }, 'UTD6.3841');
  });

  it('UTD6.382 a new yard arrives at step 10 and acts only from the next own turn', () => {
    const g = game((s) => colony(s, 'A'));
    g.do('p1', { type: 'yard-construct', sector: 'A', unitId: 'NEU-SY4' });
    const id = yardsIn(g, 'A')[0]!.id;
    g.refused('p1', { type: 'yard-activate', sector: 'A' }, 'UTD6.382');
    runNewConstruction(g, 'p1');
    expect(g.state.bases.find((b) => b.id === id)!.pending).toBe(false);
  });

  it('UTD6.3F scrapping a yard: 1 OP, half its value with fractions; never the capital (ISS-A75)', () => {
    const g = game((s) => addYard(s, 'B900', 'p1', 'NEU-SY2', 'H1'));
    g.refused('p1', { type: 'yard-scrap', yard: 'capital' }, 'ISS-A75');
    g.do('p1', { type: 'yard-scrap', yard: 'B900' });
    expect(g.player('p1').bank).toBe('5150');
    expect(g.state.turn!.opsSpent).toBe(1);
    expect(g.state.bases.some((b) => b.id === 'B900')).toBe(false);
  });
});
