import { describe, expect, it } from 'vitest';
import type { UnitInfo } from '../../../src/rules/thunderdome/index.ts';
import { catalogWith } from '../shipyards/yard-harness.ts';
import { type Game, mappedGame } from '../td3/harness.ts';

/**
 * Setup in Y170 (the sample's Hydran carrier HYD-CV, escort requirement 1, comes in Y168; HYD-ESC is
 * an escort). p1 and p2 buy their usual ships; p3 buys what the test names into fleet 1.
 */
function setupWith(p3: string[], g = mappedGame()): Game {
  g.dice(900, 500, 100).do('p1', { type: 'start' });
  g.patch((s) => {
    s.settings.startYear = 170;
  });
  for (const [p, units] of [
    ['p1', ['LYR-CA']],
    ['p2', ['KZI-CA']],
    ['p3', p3],
  ] as const)
    for (const unitId of units) g.do(p, { type: 'setup-buy', unitId, fleetSlot: 1 });
  return g;
}

function ready(g: Game): void {
  for (const p of ['p1', 'p2', 'p3']) if (!g.player(p).ready) g.do(p, { type: 'setup-ready', ready: true });
}

describe('UTD8.22 carriers must have escorts (ISS-A100, fleet.requireCarrierEscorts)', () => {
  it('UTD8.22 a carrier without its escort in the same fleet cannot start; with it, it can', () => {
    const g = setupWith(['HYD-CV']);
    const err = g.refused('p3', { type: 'setup-ready', ready: true }, 'UTD8.22');
    expect(err.code).toBe('fleet/carrier-escorts');
    expect(err.message).toContain('0 escorts for carriers that need 1');
    g.do('p3', { type: 'setup-buy', unitId: 'HYD-ESC', fleetSlot: 1 });
    ready(g);
    expect(g.state.status).toBe('active');
  });

  it('UTD8.22 an escort in another fleet does not count', () => {
    const g = setupWith(['HYD-CV']);
    g.do('p3', { type: 'setup-buy', unitId: 'HYD-ESC', fleetSlot: 2 });
    g.refused('p3', { type: 'setup-ready', ready: true }, 'UTD8.22');
  });

  it('ISS-A100 fleet.requireCarrierEscorts = false lets a carrier go without escorts', () => {
    const g = setupWith(['HYD-CV']);
    g.patch((s) => {
      s.settings['fleet.requireCarrierEscorts'] = false;
    });
    ready(g);
    expect(g.state.status).toBe('active');
  });

  it('UTD8.22 organizing or scrapping may not take a carrier its escort; moving both together is fine', () => {
    const g = setupWith(['HYD-CV', 'HYD-ESC', 'HYD-FF']);
    ready(g);
    // p3 plays third: end the first two turns.
    g.do('p1', { type: 'end-turn' });
    g.do('p2', { type: 'end-turn' });
    expect(g.state.turn!.playerId).toBe('p3');
    const id = (unit: string) => g.state.ships.find((s) => s.owner === 'p3' && s.unitId === unit)!.id;
    const err = g.refused('p3', { type: 'organize', from: '1', to: '2', ships: id('HYD-ESC') }, 'UTD8.22');
    expect(err.message).toContain('Fleet 1 would have 0 escorts');
    g.refused('p3', { type: 'organize', from: '1', to: '2', ships: id('HYD-CV') }, 'UTD8.22');
    g.refused('p3', { type: 'scrap', fleet: '1', ships: id('HYD-ESC') }, 'UTD8.22');
    // The frigate is no escort: it may leave.
    g.do('p3', { type: 'organize', from: '1', to: '2', ships: id('HYD-FF') });
    g.do('p3', { type: 'organize', from: '1', to: '3', ships: `${id('HYD-CV')},${id('HYD-ESC')}` });
    expect(g.state.ships.find((s) => s.id === id('HYD-CV'))!.fleetId).toBe(
      g.state.ships.find((s) => s.id === id('HYD-ESC'))!.fleetId,
    );
  });

  it('UTD8.22 a fleet already short of escorts after losses may still be reorganized without making it worse', () => {
    const g = setupWith(['HYD-CV', 'HYD-ESC', 'HYD-FF']);
    ready(g);
    g.do('p1', { type: 'end-turn' });
    g.do('p2', { type: 'end-turn' });
    const id = (unit: string) => g.state.ships.find((s) => s.owner === 'p3' && s.unitId === unit)!.id;
    const esc = id('HYD-ESC');
    g.patch((s) => {
      s.ships = s.ships.filter((x) => x.id !== esc);
    });
    g.do('p3', { type: 'organize', from: '1', to: '2', ships: id('HYD-FF') });
    expect(g.state.ships.find((s) => s.id === id('HYD-FF'))!.fleetId).not.toBe(
      g.state.ships.find((s) => s.id === id('HYD-CV'))!.fleetId,
    );
  });
});

describe('UTD8.22 one megafighter squadron, on a single true carrier', () => {
  const megafighter: UnitInfo = {
    ...({} as UnitInfo),
    unitId: 'HYD-MEGA',
    empire: 'HYD',
    name: 'Hydran megafighter (test)',
    unitKind: 'megafighter',
    bpv: '6',
    yearAvailable: 165,
    fighterEquivalents: 2,
  };
  const withMega = (base: UnitInfo, patch: Partial<UnitInfo>): UnitInfo => ({
    ...base,
    ...patch,
    fighterTypeId: 'HYD-MEGA',
  });

  function megaGame(): Game {
    const g = mappedGame();
    const cv = g.catalog.get('HYD-CV')!;
    g.catalog = catalogWith(g.catalog, [
      megafighter,
      withMega(cv, { unitId: 'HYD-CV-M', name: 'Hydran carrier with megafighters (test)', fighters: 12 }),
      withMega(cv, { unitId: 'HYD-CV-M14', name: 'Hydran carrier, 14 FE of megafighters (test)', fighters: 14 }),
      withMega(cv, {
        unitId: 'HYD-ECV-M',
        name: 'Hydran escort carrier with megafighters (test)',
        carrierType: 'escort_carrier',
        fighters: 6,
      }),
    ]);
    return g;
  }

  it('UTD8.22 a second megafighter squadron is refused; one on a true carrier is allowed', () => {
    const g = setupWith([], megaGame());
    g.do('p3', { type: 'setup-buy', unitId: 'HYD-CV-M', fleetSlot: 1 });
    const err = g.refused('p3', { type: 'setup-buy', unitId: 'HYD-CV-M', fleetSlot: 2 }, 'UTD8.22');
    expect(err.code).toBe('fleet/megafighter-squadron');
  });

  it('UTD8.22 megafighters only on a true carrier, and at most 12 fighter equivalents', () => {
    const g = setupWith([], megaGame());
    expect(g.refused('p3', { type: 'setup-buy', unitId: 'HYD-ECV-M', fleetSlot: 1 }, 'UTD8.22').code).toBe(
      'fleet/megafighter-carrier',
    );
    expect(g.refused('p3', { type: 'setup-buy', unitId: 'HYD-CV-M14', fleetSlot: 1 }, 'UTD8.22').code).toBe(
      'fleet/megafighter-squadron',
    );
  });
});
