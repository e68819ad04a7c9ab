import { describe, expect, it } from 'vitest';
import { bpv } from '../../src/rules/exact/bpv.ts';
import { catalogShipBpv, fleetBadges, fleetBadgeText } from '../../src/render/map-fleets.ts';
import { terrainGlyphs } from '../../src/render/terrain-glyphs.ts';
import { TERRAIN_IDS } from '../../src/rules/thunderdome/exploration/tables.ts';
import { startedGame } from '../rules/td3/harness.ts';

/**
 * Fleet badges of the warp-lane map: per owner, the number of fleets and their total
 * BPV. Sample catalog BPVs used below: LYR-CA 133, LYR-DN 180, LYR-FF 63.
 */
describe('fleet badges: number of fleets and their BPV', () => {
  it('two fleets, 5 CA and DN + FF, make "2 · 908" (5×133 + 180 + 63)', () => {
    const g = startedGame({ p1: ['LYR-CA', 'LYR-CA', 'LYR-CA', 'LYR-CA', 'LYR-CA'] });
    g.patch((s) => {
      const f1 = s.fleets.find((f) => f.owner === 'p1' && f.slot === 1)!;
      const base = s.ships.find((x) => x.owner === 'p1')!;
      s.fleets.push({ ...f1, id: 'F990', slot: 2 });
      for (const [id, unitId] of [
        ['S990', 'LYR-DN'],
        ['S991', 'LYR-FF'],
      ] as const)
        s.ships.push({ ...base, id, unitId, fleetId: 'F990', bpv: '1' });
    });
    const home = g.state.players.find((p) => p.id === 'p1')!.homeSector!;
    const badges = fleetBadges(g.state, home, catalogShipBpv(g.catalog));
    expect(badges).toEqual([{ owner: 'p1', count: 2, bpv: '908', text: '2 · 908' }]);
  });

  it('ships count at their catalog BPV, not the price recorded; without a catalog, at the price', () => {
    const g = startedGame();
    g.patch((s) => {
      for (const x of s.ships) if (x.owner === 'p1') x.bpv = '100';
    });
    const home = g.state.players.find((p) => p.id === 'p1')!.homeSector!;
    expect(fleetBadges(g.state, home, catalogShipBpv(g.catalog))[0]!.text).toBe('1 · 196'); // LYR-CA 133 + LYR-FF 63
    expect(fleetBadges(g.state, home, catalogShipBpv(null))[0]!.text).toBe('1 · 200'); // 2 × 100 paid
  });

  it('one badge per owner in seat order; fleets elsewhere and ships in dry dock do not count', () => {
    const g = startedGame();
    g.patch((s) => {
      // Every fleet meets in p2's home; a docked ship (no fleet) sits there too.
      const there = s.players.find((p) => p.id === 'p2')!.homeSector!;
      for (const f of s.fleets) f.sector = there;
      const base = s.ships.find((x) => x.owner === 'p2')!;
      s.ships.push({ ...base, id: 'S995', unitId: 'KZI-CA', fleetId: null, dock: { yardId: 'B1', position: 1 } });
    });
    const there = g.state.players.find((p) => p.id === 'p2')!.homeSector!;
    const seats = [...g.state.players].sort((a, b) => a.seat! - b.seat!).map((p) => p.id);
    const badges = fleetBadges(g.state, there, catalogShipBpv(g.catalog));
    expect(badges.map((b) => b.owner)).toEqual(seats);
    expect(badges.map((b) => b.text)).toEqual(['1 · 196', '1 · 196', '1 · 196']);
    const elsewhere = g.state.players.find((p) => p.id === 'p1')!.homeSector!;
    expect(fleetBadges(g.state, elsewhere, catalogShipBpv(g.catalog))).toEqual([]);
  });

  it('the text rounds BPV half up to whole points and caps the count at 9+', () => {
    expect(fleetBadgeText(1, bpv('62.5'))).toBe('1 · 63');
    expect(fleetBadgeText(3, bpv('16.49'))).toBe('3 · 16');
    expect(fleetBadgeText(12, bpv('1200'))).toBe('9+ · 1200');
    expect(fleetBadgeText(2, bpv('0'))).toBe('2 · 0');
  });
});

describe('terrain glyphs of a sector (UTD5.3 components and SFBOL overlays)', () => {
  it('a composite terrain shows both pieces; a ‡ cell adds the asteroid field; none and unknown ids show nothing', () => {
    expect(terrainGlyphs({ terrain: ['nebula-class-m'], overlays: [] })).toEqual(['nebula', 'class-m-planet']);
    expect(terrainGlyphs({ terrain: ['heat-zone-gas-giant'], overlays: [] })).toEqual(['heat-zone', 'gas-giant']);
    expect(terrainGlyphs({ terrain: ['ion-storm'], overlays: ['asteroid-field'] })).toEqual([
      'ion-storm',
      'asteroid-field',
    ]);
    // The asteroid field's own overlay is not shown twice.
    expect(terrainGlyphs({ terrain: ['asteroid-field'], overlays: ['asteroid-field'] })).toEqual(['asteroid-field']);
    expect(terrainGlyphs({ terrain: ['none'], overlays: [] })).toEqual([]);
    expect(terrainGlyphs({ terrain: [], overlays: [] })).toEqual([]);
    expect(terrainGlyphs({ terrain: ['toString', 'made-up'], overlays: ['nonsense'] })).toEqual([]);
  });

  it('every terrain the tables can produce has a glyph (all but "none")', () => {
    for (const id of TERRAIN_IDS)
      expect(terrainGlyphs({ terrain: [id], overlays: [] }).length, id).toBe(
        id === 'none' ? 0 : id.includes('-class-m') || id === 'heat-zone-gas-giant' ? 2 : 1,
      );
  });
});
