import { describe, expect, it } from 'vitest';
import { startedGame } from '../td3/harness.ts';
import { addShip, addYard, catalogWith, ship, shipsOf } from './yard-harness.ts';

const capitalOf = (g: ReturnType<typeof startedGame>, owner = 'p1') =>
  g.state.bases.find((b) => b.owner === owner && b.role === 'capital')!.id;

describe('TC-061 capital capacity through orders (UTD6.3721, 6.3722)', () => {
  it('the capital overhauls six FFs of MC 1/3 (exactly 2); the seventh is refused', () => {
    const g = startedGame({ p1: Array(7).fill('LYR-FF') });
    const ffs = shipsOf(g, 'LYR-FF').map((s) => s.id);
    g.do('p1', { type: 'yard-activate', sector: 'H1' });
    g.do('p1', { type: 'yard-overhaul', ships: ffs.slice(0, 6).join(',') });
    expect(g.state.turn!.yardUse![capitalOf(g)]).toBe(120);
    const err = g.refused('p1', { type: 'yard-overhaul', ships: ffs[6]! }, 'UTD6.3721');
    expect(err.message).toContain('0 of 2 is left');
  });

  it('the capital overhauls two CAs of MC 1', () => {
    const g = startedGame({ p1: ['LYR-CA', 'LYR-CA', 'LYR-FF'] });
    const [a, b] = shipsOf(g, 'LYR-CA').map((s) => s.id);
    g.do('p1', { type: 'yard-activate', sector: 'H1' });
    g.do('p1', { type: 'yard-overhaul', ships: a! });
    g.do('p1', { type: 'yard-overhaul', ships: b! });
    expect(g.state.turn!.yardUse![capitalOf(g)]).toBe(120);
    g.refused('p1', { type: 'yard-overhaul', ships: shipsOf(g, 'LYR-FF')[0]!.id }, 'UTD6.3721');
  });
});

describe('TC-064 where a ship can be worked on (UTD6.3732, 6.3742, ISS-A92)', () => {
  it('UTD6.3732 an SC4 yard cannot build an SC3 cruiser; the capital can', () => {
    const g = startedGame();
    g.patch((s) => addYard(s, 'B900', 'p1', 'NEU-SY4', 'H1'));
    g.do('p1', { type: 'yard-activate', sector: 'H1' });
    g.refused('p1', { type: 'yard-build', unitId: 'LYR-CA', yard: 'B900' }, 'UTD6.3732');
    g.do('p1', { type: 'yard-build', unitId: 'LYR-CA' });
    expect(g.state.pendingBuilds![0]!.yardId).toBe(capitalOf(g));
  });

  it('UTD6.3742 a non-capital SC2 yard (capacity 3/2) cannot overhaul an MC 2 ship; the capital can', () => {
    const g = startedGame();
    const sample = g.catalog;
    const dn = sample.get('LYR-DN')!;
    g.catalog = catalogWith(sample, [
      { ...dn, unitId: 'LYR-BB', name: 'Lyran Battleship (test)', mc: 120, bpv: '300' },
    ]);
    g.patch((s) => {
      addYard(s, 'B900', 'p1', 'NEU-SY2', 'H1');
      addShip(s, { id: 'S900', owner: 'p1', unitId: 'LYR-BB', sector: 'H1', crippled: true }, 2);
      s.fleets.push({ ...s.fleets.find((f) => f.owner === 'p1')!, id: 'F900', slot: 2 });
      s.ships.find((x) => x.id === 'S900')!.fleetId = 'F900';
    });
    g.do('p1', { type: 'yard-activate', sector: 'H1' });
    g.refused('p1', { type: 'yard-overhaul', ships: 'S900', yard: 'B900' }, 'UTD6.3742');
    g.do('p1', { type: 'yard-overhaul', ships: 'S900' });
    expect(ship(g, 'S900').crippled).toBe(false);
    expect(g.state.turn!.yardUse![capitalOf(g)]).toBe(120);
  });

  it('UTD6.37 a yard not activated this turn takes no action, and activation is per turn', () => {
    const g = startedGame();
    g.refused('p1', { type: 'yard-build', unitId: 'LYR-FF' }, 'UTD6.37');
    g.refused('p1', { type: 'yard-overhaul', ships: shipsOf(g, 'LYR-CA')[0]!.id }, 'UTD6.37');
    g.refused('p2', { type: 'yard-activate', sector: 'H2' }, 'UTD2.1');
  });
});

describe('UTD6.375 refits and UTD6.376 conversions follow the catalog and the year', () => {
  it('UTD6.3753 a DD cannot be "refitted" into a CW: that is a conversion', () => {
    const g = startedGame({ p1: ['LYR-DD'] });
    g.do('p1', { type: 'yard-activate', sector: 'H1' });
    const err = g.refused('p1', { type: 'yard-refit', ships: shipsOf(g, 'LYR-DD')[0]!.id, to: 'LYR-CW+' }, 'UTD6.3753');
    expect(err.hint).toContain('/yard convert');
  });

  it('UTD6.3755 a refit of a later year is not available yet', () => {
    const g = startedGame({ p1: ['LYR-FF'] });
    g.patch((s) => (s.settings.startYear = 162));
    g.do('p1', { type: 'yard-activate', sector: 'H1' });
    g.refused('p1', { type: 'yard-refit', ships: shipsOf(g, 'LYR-FF')[0]!.id, to: 'LYR-FF+ALL' }, 'UTD6.3755');
    g.do('p1', { type: 'yard-refit', ships: shipsOf(g, 'LYR-FF')[0]!.id, to: 'LYR-FF+PH' });
    expect(shipsOf(g, 'LYR-FF+PH')).toHaveLength(1);
  });

  it('UTD7.23 a conversion that would take its fleet past MC 5 is refused', () => {
    // 4 CA + DD + FF = MC 29/6: the CW (+1/6) makes exactly 5.
    const g = startedGame({ p1: ['LYR-CA', 'LYR-CA', 'LYR-CA', 'LYR-CA', 'LYR-DD', 'LYR-FF'] });
    g.do('p1', { type: 'yard-activate', sector: 'H1' });
    g.do('p1', { type: 'yard-convert', ships: shipsOf(g, 'LYR-DD')[0]!.id, to: 'LYR-CW+' });
    // 4 CA + 2 DD = MC 5 already.
    const g2 = startedGame({ p1: ['LYR-CA', 'LYR-CA', 'LYR-CA', 'LYR-CA', 'LYR-DD', 'LYR-DD'] });
    g2.do('p1', { type: 'yard-activate', sector: 'H1' });
    g2.refused('p1', { type: 'yard-convert', ships: shipsOf(g2, 'LYR-DD')[0]!.id, to: 'LYR-CW+' }, 'UTD7.23');
  });

  it('UTD6.3764 a conversion charges the larger of the BPV rise and 25%', () => {
    const g = startedGame({ p1: ['LYR-DD'] });
    const bank = Number(g.player('p1').bank);
    g.do('p1', { type: 'yard-activate', sector: 'H1' });
    g.do('p1', { type: 'yard-convert', ships: shipsOf(g, 'LYR-DD')[0]!.id, to: 'LYR-CW+' });
    expect(bank - Number(g.player('p1').bank)).toBe(56);
    expect(shipsOf(g, 'LYR-CW+')[0]!.bpv).toBe('135');
  });
});

describe('UTD6.377 captured ships (UTD6.3772, 6.3773)', () => {
  function withCaptured(unitId: string) {
    const g = startedGame();
    g.patch((s) =>
      addShip(
        s,
        { id: 'S900', owner: 'p1', unitId, sector: 'H1', captured: true, uninspected: true, crippled: true },
        1,
      ),
    );
    g.do('p1', { type: 'yard-activate', sector: 'H1' });
    return g;
  }

  it('UTD6.3773 before inspection a captured ship is neither overhauled, refitted nor converted', () => {
    const g = withCaptured('KZI-DD');
    g.refused('p1', { type: 'yard-overhaul', ships: 'S900' }, 'UTD6.3773');
    g.refused('p1', { type: 'yard-refit', ships: 'S900', to: 'KZI-CW+' }, 'UTD6.3773');
    g.refused('p1', { type: 'yard-convert', ships: 'S900', to: 'KZI-CW+' }, 'UTD6.3773');
  });

  it('UTD6.3775 inspection: capacity = MC, 25% of BPV; it overhauls the ship and clears `uninspected`', () => {
    const g = withCaptured('KZI-DD');
    const bank = Number(g.player('p1').bank);
    g.do('p1', { type: 'yard-inspect', ships: 'S900' });
    expect(bank - Number(g.player('p1').bank)).toBe(20); // 79 × 25% = 19.75 → 20
    expect(ship(g, 'S900')).toMatchObject({ uninspected: false, crippled: false, captured: true, unitId: 'KZI-DD' });
    expect(g.state.turn!.yardUse![capitalOf(g)]).toBe(30);
    // UTD6.3772: still captured, so never converted.
    g.refused('p1', { type: 'yard-convert', ships: 'S900', to: 'KZI-CW+' }, 'UTD6.3772');
    g.refused('p1', { type: 'yard-inspect', ships: 'S900' }, 'UTD6.377');
  });

  it('UTD6.3772 a drone-speed refit flagged captured_allowed may be done with the inspection; a phaser refit may not', () => {
    const g = withCaptured('KZI-FF');
    g.refused('p1', { type: 'yard-inspect', ships: 'S900', to: 'KZI-FF+PH' }, 'UTD6.3772');
    const bank = Number(g.player('p1').bank);
    g.do('p1', { type: 'yard-inspect', ships: 'S900', to: 'KZI-FF+DRB' });
    expect(bank - Number(g.player('p1').bank)).toBe(17); // 15.75 + (64 − 63) = 16.75 → 17
    expect(ship(g, 'S900')).toMatchObject({ unitId: 'KZI-FF+DRB', uninspected: false });
  });

  it('UTD6.3I2 a captured ship still to be organized cannot be worked on', () => {
    const g = withCaptured('KZI-FF');
    g.patch((s) => {
      const x = s.ships.find((y) => y.id === 'S900')!;
      x.unorganized = true;
      x.fleetId = null;
    });
    g.refused('p1', { type: 'yard-inspect', ships: 'S900' }, 'UTD6.3I2');
  });
});
