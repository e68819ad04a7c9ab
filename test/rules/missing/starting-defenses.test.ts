import { describe, expect, it } from 'vitest';
import { mappedGame, type Game } from '../td3/harness.ts';

function inSetup(): Game {
  const g = mappedGame();
  g.dice(900, 500, 100).do('p1', { type: 'start' });
  return g;
}

const defenses = (g: Game, owner: string, unitId: string) =>
  g.state.bases.filter((b) => b.owner === owner && b.role === 'defense' && b.unitId === unitId);

describe('UTD8.134 starting defenses: the player chooses the variants', () => {
  it('UTD8.134 a starting GBDP is swapped for another small defense ground base; free, at home', () => {
    const g = inSetup();
    expect(defenses(g, 'p1', 'NEU-GBDP')).toHaveLength(3);
    const [first] = defenses(g, 'p1', 'NEU-GBDP');
    const bank = g.player('p1').bank;
    g.do('p1', { type: 'setup-defense', base: first!.id, unitId: 'NEU-GBDP+P4' });
    expect(g.state.bases.find((b) => b.id === first!.id)).toMatchObject({
      unitId: 'NEU-GBDP+P4',
      sector: g.player('p1').homeSector,
      bpv: '0',
    });
    expect(defenses(g, 'p1', 'NEU-GBDP')).toHaveLength(2);
    expect(g.player('p1').bank).toBe(bank);
    expect(g.replayed()).toEqual(g.state);
  });

  it('UTD8.134 refusals: another kind, another player’s base, no change, after ready, after the setup', () => {
    const g = inSetup();
    const gb = defenses(g, 'p1', 'NEU-GBDP')[0]!;
    const sat = defenses(g, 'p1', 'NEU-DEFSAT')[0]!;
    expect(g.refused('p1', { type: 'setup-defense', base: gb.id, unitId: 'NEU-DEFSAT' }, 'UTD8.134').code).toBe(
      'setup/defense-variant',
    );
    g.refused('p1', { type: 'setup-defense', base: sat.id, unitId: 'NEU-GBDP+P4' }, 'UTD8.134');
    g.refused('p2', { type: 'setup-defense', base: gb.id, unitId: 'NEU-GBDP+P4' }, 'UTD8.134');
    g.refused('p1', { type: 'setup-defense', base: sat.id, unitId: 'NEU-DEFSAT' }, 'UTD8.134');
    g.refused('p1', { type: 'setup-defense', base: gb.id, unitId: 'LYR-CA' }, 'UTD8.134');
    g.do('p1', { type: 'setup-buy', unitId: 'LYR-CA', fleetSlot: 1 });
    g.do('p1', { type: 'setup-ready', ready: true });
    g.refused('p1', { type: 'setup-defense', base: gb.id, unitId: 'NEU-GBDP+P4' }, 'UTD8.134');
  });
});
