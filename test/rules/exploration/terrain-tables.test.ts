import { describe, expect, it } from 'vitest';
import {
  NORMAL_TABLE,
  SPECIAL_TABLE,
  SUNSPOT_NOTE,
  TERRAIN,
  TERRAIN_IDS,
  normalCell,
  overlaysFor,
  specialCell,
  type OverlayId,
  type SectorType,
  type TerrainId,
} from '../../../src/rules/thunderdome/exploration/index.ts';
import { explore } from './helpers.ts';

/** The type die that gives each column (UTD5.21), and the NPE die that finds none (UTD5.4). */
const TYPE_DIE: Record<SectorType, number> = { life: 1, mineral: 3, dead: 5 };
const NO_NPE = 6;
function tail(type: SectorType): number[] {
  return type === 'dead' ? [] : [NO_NPE];
}

// TC-030, written out independently of the data module.
type Expect = [TerrainId, OverlayId[]];
const NORMAL: Record<SectorType, Record<3 | 4 | 5 | 6, Expect>> = {
  life: { 3: ['class-m-planet', []], 4: ['class-m-planet', []], 5: ['class-m-planet', []], 6: ['class-m-planet', []] },
  mineral: {
    3: ['gas-giant-moons', []],
    4: ['asteroid-field', ['asteroid-field']],
    5: ['small-moon', []],
    6: ['class-m-planet', []],
  },
  dead: { 3: ['none', []], 4: ['none', []], 5: ['none', []], 6: ['none', []] },
};
const SPECIAL: Record<SectorType, Record<1 | 2 | 3 | 4 | 5 | 6, Expect>> = {
  life: {
    1: ['gas-giant-moons', []],
    2: ['gas-giant-moons', []],
    3: ['class-m-planet', []],
    4: ['class-m-planet', []],
    5: ['dual-planets', ['dual-planets']],
    6: ['solar-system-slice', ['solar-system-slice']],
  },
  mineral: {
    1: ['solar-system-slice', ['solar-system-slice']],
    2: ['radiation-zone', ['asteroid-field']],
    3: ['nebula-class-m', []],
    4: ['heat-zone-gas-giant', []],
    5: ['sunspot-class-m', []],
    6: ['ion-storm', ['asteroid-field']],
  },
  dead: {
    1: ['solar-system-slice', ['solar-system-slice']],
    2: ['radiation-zone', []],
    3: ['comet', []],
    4: ['dust-cloud', []],
    5: ['pulsar', []],
    6: ['black-hole', []],
  },
};
const TYPES: SectorType[] = ['life', 'mineral', 'dead'];

describe('UTD5.3 normal terrain table, every cell by forced dice (TC-030)', () => {
  for (const type of TYPES) {
    for (const d of [3, 4, 5, 6] as const) {
      const [id, overlays] = NORMAL[type][d];
      it(`UTD5.3 TC-030 normal ${type} ${d} → ${id}`, () => {
        const r = explore({}, [TYPE_DIE[type], d, ...tail(type)]);
        expect(r.type).toBe(type);
        expect(r.terrain).toMatchObject({ id, source: 'normal-table', normalDie: d, specialDie: null, overlays });
        expect(r.steps.some((s) => s.kind === 'special-terrain-roll')).toBe(false);
      });
    }
    for (const d of [1, 2]) {
      it(`UTD5.3 TC-030 normal ${type} ${d} → Special, roll again on the special table`, () => {
        const r = explore({}, [TYPE_DIE[type], d, 3, ...tail(type)]);
        expect(r.terrain).toMatchObject({
          id: SPECIAL[type][3][0],
          source: 'special-table',
          normalDie: d,
          specialDie: 3,
        });
        expect(r.steps.find((s) => s.kind === 'terrain-roll')?.meaning).toBe(
          `${d} → Special: roll on the special table`,
        );
      });
    }
  }
});

describe('UTD5.3 special terrain table, every cell by forced dice (TC-030)', () => {
  for (const type of TYPES) {
    for (const d of [1, 2, 3, 4, 5, 6] as const) {
      const [id, overlays] = SPECIAL[type][d];
      it(`UTD5.3 TC-030 special ${type} ${d} → ${id}`, () => {
        const r = explore({}, [TYPE_DIE[type], 1, d, ...tail(type)]);
        expect(r.type).toBe(type);
        expect(r.terrain).toMatchObject({ id, source: 'special-table', normalDie: 1, specialDie: d, overlays });
        expect(r.tableTerrain).toEqual(r.terrain);
      });
    }
  }
});

describe('TC-030 worked cases', () => {
  it('UTD5.3 TC-030 (mineral, 1) then special 2 → radiation zone + asteroid overlay', () => {
    const r = explore({}, [4, 1, 2, NO_NPE]);
    expect(r.terrain.id).toBe('radiation-zone');
    expect(r.terrain.overlays).toEqual(['asteroid-field']);
  });
  it('UTD5.3 TC-030 (dead, 2) then special 6 → black hole', () => {
    const r = explore({}, [6, 2, 6]);
    expect(r.terrain.id).toBe('black-hole');
    expect(r.terrain.overlays).toEqual([]);
  });
  it('UTD5.3 TC-030 (life, 4) → Class-M planet', () => {
    expect(explore({}, [2, 4, NO_NPE]).terrain.id).toBe('class-m-planet');
  });
  it('UTD5.3 TC-030 (dead, 3) → no terrain', () => {
    expect(explore({}, [5, 3]).terrain).toMatchObject({ id: 'none', name: 'No terrain', overlays: [] });
  });
});

describe('UTD5.3 table data and the readings of ISS-A68', () => {
  it('UTD5.3 normal rolls 1–2 are "Special" in every column, 3–6 are terrain', () => {
    for (const type of TYPES) {
      for (const d of [1, 2]) expect(normalCell(type, d).kind).toBe('special');
      for (const d of [3, 4, 5, 6]) expect(normalCell(type, d).kind).toBe('terrain');
    }
  });
  it('ISS-A68 special life 1, printed "1 Giant & Moons", is a gas giant & moons', () => {
    const c = specialCell('life', 1);
    expect(c.printed).toBe('1 Giant & Moons');
    expect(c.terrain).toBe('gas-giant-moons');
    expect(c.reading).toMatch(/ISS-A68/);
  });
  it('ISS-A68 "Class M Planet*Asteroid Field": the * is the asteroid-field overlay; life 4 is a plain planet', () => {
    expect(normalCell('life', 4)).toMatchObject({ terrain: 'class-m-planet', alsoAsteroidOverlay: false });
    expect(TERRAIN['class-m-planet'].overlay).toBeNull();
    expect(normalCell('mineral', 4)).toMatchObject({ terrain: 'asteroid-field' });
    expect(TERRAIN['asteroid-field'].overlay).toBe('asteroid-field');
  });
  it('ISS-A68 "Solar System Slice*Solar System Slice": mineral 1 and dead 1 are both the overlay', () => {
    expect(overlaysFor(specialCell('mineral', 1).terrain, specialCell('mineral', 1).alsoAsteroidOverlay)).toEqual([
      'solar-system-slice',
    ]);
    expect(overlaysFor(specialCell('dead', 1).terrain, specialCell('dead', 1).alsoAsteroidOverlay)).toEqual([
      'solar-system-slice',
    ]);
  });
  it('UTD5.3 "*" overlays are exactly asteroid field, solar system slice and dual planets (UTD7.45512#2)', () => {
    const withOverlay = TERRAIN_IDS.filter((id) => TERRAIN[id].overlay !== null).sort();
    expect(withOverlay).toEqual(['asteroid-field', 'dual-planets', 'solar-system-slice']);
  });
  it('UTD5.3 "‡" (also the asteroid overlay) is on mineral special 2 and 6 only; the dead radiation zone has none', () => {
    const flagged: string[] = [];
    for (const type of TYPES) {
      SPECIAL_TABLE[type].forEach((c, i) => c.alsoAsteroidOverlay && flagged.push(`${type} ${i + 1}`));
      NORMAL_TABLE[type].forEach(
        (c, i) => c.kind === 'terrain' && c.alsoAsteroidOverlay && flagged.push(`normal ${type} ${i + 1}`),
      );
    }
    expect(flagged).toEqual(['mineral 2', 'mineral 6']);
    expect(specialCell('dead', 2)).toMatchObject({ terrain: 'radiation-zone', alsoAsteroidOverlay: false });
  });
  it('UTD5.3 sunspot activity carries its note: no flare, with shadows, star in direction B', () => {
    expect(TERRAIN['sunspot-class-m'].note).toBe(SUNSPOT_NOTE);
    expect(SUNSPOT_NOTE).toMatch(/no flare/);
    expect(SUNSPOT_NOTE).toMatch(/with shadows/);
    expect(SUNSPOT_NOTE).toMatch(/direction B/);
    const r = explore({}, [3, 2, 5, NO_NPE]);
    expect(r.terrain.note).toBe(SUNSPOT_NOTE);
    expect(r.steps.find((s) => s.kind === 'special-terrain-roll')?.meaning).toContain('star is in direction B');
  });
  it('ISS-A70 composite terrains are two components, each placed by its own rule (UTD7.4551x)', () => {
    expect(TERRAIN['nebula-class-m'].components.map((c) => [c.kind, c.placement.kind])).toEqual([
      ['nebula', 'fills-map'],
      ['class-m-planet', 'point'],
    ]);
    expect(TERRAIN['heat-zone-gas-giant'].components.map((c) => [c.kind, c.placement.kind])).toEqual([
      ['heat-zone', 'fills-map'],
      ['gas-giant', 'gas-giant'],
    ]);
    expect(TERRAIN['sunspot-class-m'].components.map((c) => [c.kind, c.placement.kind])).toEqual([
      ['sunspot-activity', 'fills-map'],
      ['class-m-planet', 'point'],
    ]);
  });
  it('UTD7.45513–7.45516 placement shapes: point 1D6/1D6, gas giant 1D6/3D6/2D6/1D4 moons, comet at 1050 tail B', () => {
    for (const id of ['class-m-planet', 'pulsar', 'black-hole', 'small-moon'] as const) {
      expect(TERRAIN[id].components[0]?.placement).toMatchObject({
        kind: 'point',
        direction: '1D6',
        distance: '1D6',
        rule: 'UTD7.45513',
      });
    }
    expect(TERRAIN['gas-giant-moons'].components[0]?.placement).toMatchObject({
      direction: '1D6',
      distance: '3D6',
      diameter: '2D6',
      moons: '1D4',
      moonDistance: '4D6',
      moonDirection: '1D6',
    });
    for (const id of ['dust-cloud', 'ion-storm', 'radiation-zone'] as const)
      expect(TERRAIN[id].components[0]?.placement.kind).toBe('fills-map');
    expect(TERRAIN.comet.components[0]?.placement).toMatchObject({
      kind: 'comet',
      nucleusHex: '1050',
      tailDirection: 'B',
    });
    expect(TERRAIN.none.components).toEqual([]);
  });
  it('UTD5.3 the tables are plain JSON', () => {
    expect(JSON.parse(JSON.stringify({ NORMAL_TABLE, SPECIAL_TABLE, TERRAIN }))).toEqual({
      NORMAL_TABLE,
      SPECIAL_TABLE,
      TERRAIN,
    });
  });
  it('UTD5.3 a table die outside 1..6 is a bug', () => {
    expect(() => normalCell('life', 0)).toThrow();
    expect(() => specialCell('dead', 7)).toThrow();
  });
});
