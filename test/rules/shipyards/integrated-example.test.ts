import { describe, expect, it } from 'vitest';
import { integratedExample, PRINTED_PRESET, runNewConstruction, ship, shipsOf } from './yard-harness.ts';

const bank = (g: ReturnType<typeof integratedExample>) => Number(g.player('p1').bank);

describe('UTD6.378 integrated example of shipyard actions', () => {
  it('TC-062 printed preset: 2 OP and 200 BPV, step by step as UTD6.3782–6.3788 print them', () => {
    const g = integratedExample(PRINTED_PRESET);
    const ca = shipsOf(g, 'LYR-CA')[0]!.id;
    const dd = shipsOf(g, 'LYR-DD')[0]!.id;
    const ffs = shipsOf(g, 'LYR-FF').map((s) => s.id);

    // UTD6.3782: one order point activates the capital.
    g.do('p1', { type: 'yard-activate', yard: 'capital' });
    expect(g.state.turn!.opsSpent).toBe(1);
    const capital = g.state.bases.find((b) => b.owner === 'p1' && b.role === 'capital')!.id;

    // UTD6.3783: overhaul the wrecked CA with the phaser refit: 33.25 + max(4, 13.3) = 46.55 → 47; capacity 1.
    g.do('p1', { type: 'yard-overhaul', ships: ca, to: 'LYR-CA+PH', yard: 'capital' });
    expect(1000 - bank(g)).toBe(47);
    expect(g.state.turn!.yardUse![capital]).toBe(60);

    // UTD6.3784: convert the DD to a CW: capacity max(1/2, 2/3); cost max(19.75, 56) = 56. Totals 5/3 and 103.
    g.do('p1', { type: 'yard-convert', ships: dd, to: 'LYR-CW+', yard: 'capital' });
    expect(1000 - bank(g)).toBe(103);
    expect(g.state.turn!.yardUse![capital]).toBe(100);

    // UTD6.3785: refit both FFs in one line: 2 × 1/6 capacity; max(2 + 2, 6.3 + 6.3) = 12.6 → 13. Capital full (2.00).
    g.do('p1', { type: 'yard-refit', ships: ffs.join(','), to: 'LYR-FF+PH', yard: 'capital' });
    expect(1000 - bank(g)).toBe(116);
    expect(g.state.turn!.yardUse![capital]).toBe(120);

    // UTD6.3786: a second order point activates the SC4 yard; inspecting the CU uses 1/3 and 61 × 25% = 15.25 → 15.
    g.do('p1', { type: 'yard-activate', yard: 'B900' });
    expect(g.state.turn!.opsSpent).toBe(2);
    g.do('p1', { type: 'yard-inspect', ships: 'S900', yard: 'B900' });
    expect(1000 - bank(g)).toBe(131);

    // UTD6.3787: the last 1/3 of the SC4 yard builds a fully refitted FF for 69.
    g.do('p1', { type: 'yard-build', unitId: 'LYR-FF+ALL', yard: 'B900' });
    expect(g.state.turn!.yardUse!.B900).toBe(40);

    // UTD6.3788: 2 order points and 200 BPV.
    expect(g.state.turn!.opsSpent).toBe(2);
    expect(1000 - bank(g)).toBe(200);

    expect(ship(g, ca)).toMatchObject({
      unitId: 'LYR-CA+PH',
      wrecked: false,
      crippled: false,
      d94Used: false,
      bpv: '137',
    });
    expect(ship(g, dd).unitId).toBe('LYR-CW+');
    expect(ffs.map((id) => ship(g, id).unitId)).toEqual(['LYR-FF+PH', 'LYR-FF+PH']);
    expect(ship(g, 'S900')).toMatchObject({ unitId: 'HYD-CU', uninspected: false, wrecked: false, captured: true });
    // The new FF is under construction until step 10 (UTD6.3734).
    expect(shipsOf(g, 'LYR-FF+ALL')).toHaveLength(0);
    expect(g.state.pendingBuilds).toHaveLength(1);

    // Any further capital action is refused: its capacity is used up (UTD6.3721).
    g.refused('p1', { type: 'yard-overhaul', ships: ffs[0]!, yard: 'capital' }, 'UTD6.3721');
    // "Refit the CU" (ISS-A05): a captured ship cannot be refitted (UTD6.3772).
    g.refused('p1', { type: 'yard-refit', ships: 'S900', to: 'HYD-CU' }, 'UTD6.3772');

    runNewConstruction(g, 'p1');
    const built = shipsOf(g, 'LYR-FF+ALL');
    expect(built).toHaveLength(1);
    expect(built[0]!.fleetId).toBe(g.fleetOf('p1', 1).id);
    expect(g.state.pendingBuilds).toEqual([]);
  });

  it('TC-063 default settings: one OP activates both yards of the sector and the same work costs 161', () => {
    const g = integratedExample();
    const ca = shipsOf(g, 'LYR-CA')[0]!.id;
    const dd = shipsOf(g, 'LYR-DD')[0]!.id;
    const ffs = shipsOf(g, 'LYR-FF').map((s) => s.id);
    g.do('p1', { type: 'yard-activate', sector: 'H1' });
    g.do('p1', { type: 'yard-overhaul', ships: ca, to: 'LYR-CA+PH', yard: 'capital' });
    expect(1000 - bank(g)).toBe(17); // 13.3 + 4 = 17.3 → 17
    g.do('p1', { type: 'yard-convert', ships: dd, to: 'LYR-CW+', yard: 'capital' });
    expect(1000 - bank(g)).toBe(73); // + 56
    g.do('p1', { type: 'yard-refit', ships: ffs.join(','), to: 'LYR-FF+PH', yard: 'capital' });
    expect(1000 - bank(g)).toBe(77); // + 2 + 2
    g.do('p1', { type: 'yard-inspect', ships: 'S900', yard: 'B900' });
    expect(1000 - bank(g)).toBe(92); // + 15.25 → 15
    g.do('p1', { type: 'yard-build', unitId: 'LYR-FF+ALL', yard: 'B900' });
    expect(g.state.turn!.opsSpent).toBe(1);
    expect(1000 - bank(g)).toBe(161);
    const capital = g.state.bases.find((b) => b.owner === 'p1' && b.role === 'capital')!.id;
    expect(g.state.turn!.yardUse).toEqual({ [capital]: 120, B900: 40 });
  });
});
