import { describe, expect, it } from 'vitest';
import { setupEngagement } from '../../src/app/n3d.ts';
import { hexToCoordinates } from '../../src/rules/n3d/index.ts';
import type { Battle, CampaignState } from '../../src/rules/thunderdome/index.ts';
import type { UnitCatalog, UnitInfo } from '../../src/rules/thunderdome/units.ts';

/** A battle against the NPE whose card holds a class M planet, a gas giant with moons, a black hole and an asteroid field. */
function battleWithTerrain(): { state: CampaignState; battle: Battle } {
  const battle = {
    id: 'K9',
    sides: ['alice', 'npe'],
    participants: [
      { side: 'alice', units: ['S1'] },
      { side: 'npe', units: ['N2'] },
    ],
    npe: { runner: 'carol', force: [{ id: 'N2', unitId: 'FED-FF', bpv: '63' }] },
    setup: {
      starts: [
        { sideId: 'alice', hex: '1523' },
        { sideId: 'npe', hex: '4538' },
      ],
      terrain: [
        { placement: 'fixed', kind: 'class-m-planet', name: 'Class-M planet', hex: '3030', rule: 'UTD4.321' },
        {
          placement: 'gas-giant',
          kind: 'gas-giant',
          name: 'Gas giant',
          hex: '3036',
          direction: 'D',
          distance: 6,
          diameter: 5,
          moons: [
            {
              hex: '3042',
              direction: 'D',
              distance: 3,
              edgeHex: '3038',
              dice: { direction: 4, distance: [1, 1, 1, 0] },
            },
            {
              hex: null,
              direction: 'A',
              distance: 20,
              edgeHex: '3034',
              dice: { direction: 1, distance: [6, 6, 6, 2] },
            },
          ],
          dice: { direction: 4, distance: [2, 2, 2], diameter: [2, 3], moons: 2 },
          rule: 'UTD7.45514',
        },
        {
          placement: 'point',
          kind: 'black-hole',
          name: 'Black hole',
          hex: '2525',
          direction: 'F',
          distance: 5,
          dice: { direction: 6, distance: [5] },
          rule: 'UTD7.45513',
        },
        {
          placement: 'overlay',
          kind: 'asteroid-field',
          name: 'Asteroid field',
          overlay: 'asteroid-field',
          rule: 'UTD7.45512#2',
        },
      ],
    },
  } as unknown as Battle;
  const state = {
    ships: [{ id: 'S1', unitId: 'LYR-CA', owner: 'alice' }],
    bases: [],
    battles: [battle],
  } as unknown as CampaignState;
  return { state, battle };
}

const catalog: UnitCatalog = {
  version: 'test',
  get: (id) => ({ unitId: id }) as UnitInfo,
  all: () => [],
};

const SEED = 'ab'.repeat(32);

describe("'n3D terrain placed from the battle card (P2.1, P3.11)", () => {
  const { state, battle } = battleWithTerrain();
  const made = setupEngagement(state, battle, catalog, { pickup: false, turnMode: 'D', seed: SEED });
  const e = made.engagement;

  it('P2.1 the class M planet, the gas giant (half its diameter) and its on-map moon stand at their hexes', () => {
    expect(e.bodies.map((b) => [b.id, b.kind, b.centre, b.radiusKm, b.atmosphereKm])).toEqual([
      ['T-planet', 'class-m-planet', hexToCoordinates('3030'), 1_500, 1_999],
      ['T-giant', 'gas-giant', hexToCoordinates('3036'), 25_000, undefined],
      ['T-moon1', 'small-moon', hexToCoordinates('3042'), 1_000, undefined],
    ]);
  });

  it('P3.11 the asteroid overlay becomes 54 non-overlapping spheres rolled with the recorded seed, mirrored about the map centre', () => {
    expect(e.asteroids).toHaveLength(54);
    expect(e.terrainSeed).toBe(SEED);
    const centre = hexToCoordinates('3030');
    for (const a of e.asteroids)
      for (const axis of ['x', 'y', 'z'] as const) {
        const off = (a.centre[axis] - centre[axis]) / 10_000;
        expect(off).toBeGreaterThanOrEqual(-14);
        expect(off).toBeLessThanOrEqual(21);
      }
    const again = setupEngagement(state, battle, catalog, { pickup: false, turnMode: 'D', seed: SEED }).engagement;
    expect(again.asteroids).toEqual(e.asteroids);
    const other = setupEngagement(state, battle, catalog, { pickup: false, turnMode: 'D', seed: 'cd'.repeat(32) });
    expect(other.engagement.asteroids).not.toEqual(e.asteroids);
  });

  it('P4.1 a black hole is listed, not placed: the card gives no size', () => {
    expect(e.blackHoles).toEqual([]);
    expect(made.how).toContain('Black hole at 2525: not placed');
  });

  it('S3D2.1 with a pickup placement the map centre moves to the origin, between the fleets', () => {
    const pickup = setupEngagement(state, battle, catalog, { pickup: true, turnMode: 'D', seed: SEED }).engagement;
    expect(pickup.bodies[0]!.centre).toEqual({ x: 0, y: 0, z: 0 });
  });
});
