import { describe, expect, it } from 'vitest';
import { explored, placeFleet } from '../battles/helpers.ts';
import { type Game, mappedGame } from './harness.ts';

/**
 * UTD7.23 with 7.24: every path that checks a fleet's move cost says how the total was counted
 * (each class of hull, the fighters and PFs aboard pooled) and cites the rule that stops it.
 * HYD-CV is MC 1 with 6 fighters aboard: three make 3 + 18 fighters (5 × 1/3) = MC 14/3.
 */

/** Setup: p3 (Hydran) buys `fleets` (slot → units); everyone is ready and p1's turn has begun. */
function hydranFleets(fleets: Record<number, string[]>): Game {
  const g = carrierYear();
  g.dice(900, 500, 100).do('p1', { type: 'start' });
  g.do('p1', { type: 'setup-buy', unitId: 'LYR-CA', fleetSlot: 1 });
  g.do('p2', { type: 'setup-buy', unitId: 'KZI-CA', fleetSlot: 1 });
  for (const [slot, units] of Object.entries(fleets))
    for (const unitId of units) g.do('p3', { type: 'setup-buy', unitId, fleetSlot: Number(slot) });
  for (const p of ['p1', 'p2', 'p3']) g.do(p, { type: 'setup-ready', ready: true });
  return g;
}

/**
 * A mapped campaign that starts in Y168, when the Hydran carrier is in service (UTD8.12). These
 * tests are about the move-cost count, so carriers may sail without escorts here (UTD8.22 is
 * proved in test/rules/missing/carrier-escorts.test.ts).
 */
function carrierYear(): Game {
  const g = mappedGame();
  g.patch((s) => {
    s.settings.startYear = 168;
    s.settings['fleet.requireCarrierEscorts'] = false;
  });
  return g;
}

const CARRIERS = ['HYD-CV', 'HYD-CV', 'HYD-CV'];

describe('UTD7.23 refusals of a fleet move cost show the count', () => {
  it('UTD7.23 UTD7.24 setup purchase: a fourth carrier is refused with hulls and fighters counted', () => {
    const g = carrierYear();
    g.dice(900, 500, 100).do('p1', { type: 'start' });
    for (const unitId of CARRIERS) g.do('p3', { type: 'setup-buy', unitId, fleetSlot: 1 });
    const err = g.refused('p3', { type: 'setup-buy', unitId: 'HYD-CV', fleetSlot: 1 }, 'UTD7.23');
    expect(err.code).toBe('fleet/move-cost-limit');
    expect(err.message).toContain('4 × HYD-CV 1 = 4');
    expect(err.message).toContain('24 fighters aboard 2 (1/3 per 4 or part of 4, UTD7.24)');
    expect(err.message).toContain('= MC 6');
    expect(err.message).toContain('at most MC 5 (UTD7.23)');
  });

  it('UTD7.23 UTD6.33 organize: moving ships into a fleet counts the receiving fleet with their fighters', () => {
    const g = hydranFleets({ 1: CARRIERS, 2: ['HYD-CV', 'HYD-FF'] });
    g.do('p1', { type: 'end-turn' });
    g.do('p2', { type: 'end-turn' });
    const cv = g.state.ships.find(
      (s) => s.owner === 'p3' && s.fleetId === g.fleetOf('p3', 2).id && s.unitId === 'HYD-CV',
    )!;
    const err = g.refused('p3', { type: 'organize', from: '2', to: '1', ships: cv.id }, 'UTD7.23');
    expect(err.message).toMatch(/^Fleet 1 would hold 4 × HYD-CV 1 = 4 \+ 24 fighters aboard 2 .*= MC 6;/);
  });

  it('UTD7.23 UTD6.3734 yards: a ship built into a full fleet is refused with the count', () => {
    const g = hydranFleets({ 1: CARRIERS });
    g.do('p1', { type: 'end-turn' });
    g.do('p2', { type: 'end-turn' });
    g.do('p3', { type: 'yard-activate', sector: 'H3' });
    const err = g.refused('p3', { type: 'yard-build', unitId: 'HYD-CV', fleet: 1 }, 'UTD7.23');
    expect(err.message).toContain('With HYD-CV fleet 1 would hold 4 × HYD-CV 1 = 4 + 24 fighters aboard 2');
    expect(err.message).toContain('= MC 6');
  });

  it('UTD6.3I3 UTD7.23 capture: a captured carrier organized into a full fleet is refused with the count', () => {
    const g = hydranFleets({ 1: CARRIERS });
    g.patch((s) => {
      s.ships.push({
        id: 'S900',
        owner: 'p3',
        unitId: 'HYD-CV',
        fleetId: null,
        sector: 'H3',
        crippled: false,
        wrecked: false,
        d94Used: false,
        captured: true,
        uninspected: true,
        unorganized: true,
        bpv: '150',
      });
    });
    const err = g.refused('p3', { type: 'captured-organize', ship: 'S900', into: '1', makeRoom: [] }, 'UTD6.3I3');
    expect(err.message).toContain('With HYD-CV (S900) fleet 1 would hold 4 × HYD-CV 1 = 4 + 24 fighters aboard 2');
    expect(err.message).toContain('(UTD7.23)');
  });

  it('UTD7.4233 defenses joining a battle fleet: the refusal lists each unit at its move cost', () => {
    // Four cruisers (MC 4) and the home defenses (a monitor 1/2, three small ground bases 1/5) pass 5.
    const g = hydranFleets({ 1: ['HYD-CA', 'HYD-CA', 'HYD-CA', 'HYD-CA'] });
    explored(g, 'E', 'dead');
    placeFleet(g, 'p1', 1, 'E');
    g.do('p1', { type: 'move', fleet: '1', to: 'H3' });
    g.do('p1', { type: 'end-turn' });
    const b = g.state.battles.find((x) => x.status === 'open')!;
    const ships = g.state.ships.filter((s) => s.owner === 'p3' && s.fleetId).map((s) => s.id);
    const defenses = g.state.bases.filter((x) => x.owner === 'p3' && x.sector === 'H3' && x.role === 'defense');
    const err = g.refused(
      'p3',
      { type: 'battle-fleet', battle: b.id, fleet: '1', units: [...ships, ...defenses.map((x) => x.id)] },
      'UTD7.4233',
    );
    expect(err.code).toBe('battle/move-cost-limit');
    expect(err.message).toContain(`HYD-CA (${ships[0]}) 1 + `);
    expect(err.message).toContain(`(${defenses[0]!.id}, defense)`);
    expect(err.message).toMatch(/= MC \d+(\/\d+)? \(/);
    expect(err.message).toContain('at most MC 5 (UTD7.23, 7.4233)');
  });
});
