import { describe, expect, it } from 'vitest';
import { navyText } from '../../src/discord/views/navy-text.ts';
import { navySheetHeight, navySummary, renderNavySheet } from '../../src/render/navy-sheet.ts';
import { startedGame } from '../rules/td3/harness.ts';

/**
 * p1 (Lyran, home H1) with: its FF in dry dock at the capital, position 2 (UTD7.6); a DD being
 * built at the capital for fleet 2 (UTD6.3734); a captured Kzinti FF not yet organized (UTD6.3I2);
 * a DefSat still arriving (UTD6.3A). Fleet 1 keeps only the CA.
 */
function navyWithEverything() {
  const g = startedGame();
  g.patch((s) => {
    const capital = s.bases.find((b) => b.owner === 'p1' && b.role === 'capital')!;
    const ff = s.ships.find((x) => x.owner === 'p1' && x.unitId === 'LYR-FF')!;
    ff.fleetId = null;
    ff.dock = { yardId: capital.id, position: 2 };
    s.pendingBuilds = [
      {
        shipId: 'S90',
        owner: 'p1',
        unitId: 'LYR-DD',
        yardId: capital.id,
        sector: 'H1',
        cost: '79',
        slot: 2,
        planned: { kind: 'fleet', slot: 2 },
        orderedHalfCycle: s.halfCycles,
      },
    ];
    const prize = s.ships.find((x) => x.owner === 'p2' && x.unitId === 'KZI-FF')!;
    Object.assign(prize, {
      owner: 'p1',
      fleetId: null,
      sector: 'A',
      captured: true,
      uninspected: true,
      unorganized: true,
      dock: null,
    });
    s.bases.push({
      id: 'B99',
      owner: 'p1',
      unitId: 'NEU-DEFSAT',
      sector: 'H1',
      role: 'defense',
      bpv: '20',
      pending: true,
    });
  });
  return g;
}

describe('navy views: docked, building and captured ships (UTD3.1)', () => {
  const g = navyWithEverything();
  const ff = g.state.ships.find((s) => s.owner === 'p1' && s.unitId === 'LYR-FF')!;
  const prize = g.state.ships.find((s) => s.unitId === 'KZI-FF' && s.owner === 'p1')!;
  const capital = g.state.bases.find((b) => b.owner === 'p1' && b.role === 'capital')!;
  const ca = g.state.ships.find((s) => s.owner === 'p1' && s.unitId === 'LYR-CA')!;

  it('UTD7.23 the fleet line gives MC used of 5, exact BPV and location; its ships with BPV and MC', () => {
    const lines = navyText(g.state, 'p1', g.catalog)!.split('\n');
    expect(lines).toContain('Fleet 1 in H1 — MC 1 of 5, 133 BPV');
    expect(lines).toContain(`  • ${ca.id} Lyran Heavy Cruiser — 133 BPV, MC 1`);
  });

  it('UTD7.6 a ship in dry dock is listed with its position and yard, outside every fleet', () => {
    const text = navyText(g.state, 'p1', g.catalog)!;
    expect(text).toContain('In dry dock (UTD7.6: in no fleet, unpowered):');
    expect(text).toContain(`  • ${ff.id} Lyran Frigate — 63 BPV, MC 1/3, position 2 at the capital in H1`);
    expect(navySummary(g.state, 'p1', g.catalog).docked.map((r) => [r.id, r.name])).toEqual([
      [ff.id, `Lyran Frigate · dock 2, capital (H1)`],
    ]);
  });

  it('UTD6.3734 a ship ordered this turn is shown as being built, with its price, yard and destination', () => {
    const text = navyText(g.state, 'p1', g.catalog)!;
    expect(text).toContain('Being built this turn (arrive at step 10, UTD6.3734):');
    expect(text).toContain('  • S90 Lyran Destroyer — 79 BPV paid, MC 1/2, at the capital in H1 → fleet 2');
    expect(navySummary(g.state, 'p1', g.catalog).building).toEqual([
      {
        id: 'S90',
        name: 'Lyran Destroyer · capital (H1) → fleet 2',
        bpv: '79',
        mc: '1/2',
        conditions: [{ text: 'building', colour: '#3ba55c' }],
      },
    ]);
  });

  it('UTD6.3I2 a captured ship not yet organized is listed apart, with its conditions', () => {
    const text = navyText(g.state, 'p1', g.catalog)!;
    expect(text).toContain('Captured, not yet organized (UTD6.3I2: into a fleet, dry dock or scrap):');
    expect(text).toMatch(
      new RegExp(`  • ${prize.id} Kzinti Frigate — [\\d.]+ BPV, MC 1/3 in A \\(uninspected, captured\\)`),
    );
    const s = navySummary(g.state, 'p1', g.catalog);
    expect(s.unorganized.map((r) => r.id)).toEqual([prize.id]);
    expect(s.loose).toEqual([]);
  });

  it('UTD6.3A a defense ordered this turn is marked as arriving', () => {
    expect(navyText(g.state, 'p1', g.catalog)!).toMatch(/At H1: .*, Defense Satellite \(arriving at step 10\)/);
    expect(capital.sector).toBe('H1');
  });

  it('the navy sheet makes room for the three extra cards and draws them', async () => {
    const s = navySummary(g.state, 'p1', g.catalog);
    const plain = navySummary(startedGame().state, 'p1', g.catalog);
    expect(navySheetHeight(s)).toBeGreaterThan(navySheetHeight(plain));
    const png = await renderNavySheet(g.state, 'p1', g.catalog);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  });
});
