import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../../src/rules/dice.ts';
import { RuleViolation } from '../../../src/rules/errors.ts';
import { generateBattleSetup, terrainDeletionRefusal } from '../../../src/rules/thunderdome/battle-setup/generate.ts';
import type { BattleSetupInput } from '../../../src/rules/thunderdome/battle-setup/generate.ts';

const SEED = 'd4'.repeat(32);
const forced = (...values: number[]) => new SeededDice(SEED, 11, values);
const SIDES = [
  { id: 'p1', label: 'Alice' },
  { id: 'p2', label: 'Bob' },
  { id: 'p3', label: 'Chen' },
];

function input(
  over: Partial<BattleSetupInput> & { terrain?: string[]; overlays?: string[]; home?: boolean } = {},
): BattleSetupInput {
  const { terrain = [], overlays = [], home, ...rest } = over;
  return {
    sector: { key: 'X', label: 'Xanthe', terrain, overlays, ...(home !== undefined ? { home } : {}) },
    lanes: [
      { to: 'A', label: 'Aldebaran' },
      { to: 'B', label: 'Bellatrix' },
    ],
    sides: SIDES.slice(0, 2),
    randomPositions: false,
    cannotDisengage: [],
    ...rest,
  };
}

function refusal(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof RuleViolation) return `${e.error.code} ${e.error.rule}`;
    throw e;
  }
  return 'no refusal';
}

describe('generateBattleSetup (UTD7.45)', () => {
  it('TC-113: terrain first, then one warp point per lane; WS-III; A at 1523, B at 4538; disengage from Turn 4 Impulse 1', () => {
    // Planet: A 3 → 3027. Aldebaran: A 1+2 → lands on the planet, moved to 3025. Bellatrix: D 4+4 → 3038.
    const d = forced(1, 3, 1, 1, 2, 4, 4, 4);
    const s = generateBattleSetup(input({ terrain: ['class-m-planet'] }), d);
    expect(s.weaponStatus).toBe('WS-III');
    expect(s.terrain.map((t) => [t.kind, 'hex' in t ? t.hex : null])).toEqual([['class-m-planet', '3027']]);
    expect(s.warpPoints.map((w) => [w.to, w.hex, w.direction, w.distance, w.shiftedBy, w.rerolls, w.dice])).toEqual([
      ['A', '3025', 'A', 3, 2, 0, [1, 1, 2]],
      ['B', '3038', 'D', 8, 0, 0, [4, 4, 4]],
    ]);
    expect(s.starts).toEqual([
      { sideId: 'p1', position: 'A', hex: '1523', radius: 3 },
      { sideId: 'p2', position: 'B', hex: '4538', radius: 3 },
    ]);
    expect(s.disengagement).toEqual({ fromTurn: 4, fromImpulse: 1, blocked: [] });
    expect([s.positionRoll, s.ring, s.terrainDeleted, s.overlays, s.notes]).toEqual([null, null, false, [], []]);
    // The roll log: terrain before warp points, every die with its purpose.
    expect(d.records.map((r) => r.purpose)).toEqual([
      'Class-M planet: direction (1D6, 1=A … 6=F)',
      'Class-M planet: distance from 3030 (1D6)',
      'warp point to Aldebaran: direction (1D6, 1=A … 6=F)',
      'warp point to Aldebaran: distance from 3030 (2D6)',
      'warp point to Bellatrix: direction (1D6, 1=A … 6=F)',
      'warp point to Bellatrix: distance from 3030 (2D6)',
    ]);
  });

  it('is plain JSON (it is stored in the campaign state) and the same seed gives the same setup', () => {
    const a = generateBattleSetup(input({ terrain: ['heat-zone-gas-giant'], sides: SIDES }), new SeededDice(SEED, 5));
    expect(JSON.parse(JSON.stringify(a))).toEqual(a);
    expect(
      generateBattleSetup(input({ terrain: ['heat-zone-gas-giant'], sides: SIDES }), new SeededDice(SEED, 5)),
    ).toEqual(a);
    expect(
      generateBattleSetup(input({ terrain: ['heat-zone-gas-giant'], sides: SIDES }), new SeededDice(SEED, 6)),
    ).not.toEqual(a);
  });

  it("TC-100: a battle on another player's turn rolls the A/B positions after the warp points", () => {
    const d = forced(1, 1, 1, 1, 1, 2, 6);
    const s = generateBattleSetup(input({ randomPositions: true }), d);
    expect(s.starts.map((x) => [x.sideId, x.position])).toEqual([
      ['p2', 'A'],
      ['p1', 'B'],
    ]);
    expect(s.positionRoll).toEqual({ die: 6, sideA: 'p2', rule: 'UTD7.4561' });
    expect(d.records.at(-1)!.purpose).toContain('who sets up as player A');
  });

  it('TC-100: a 3-way battle starts on the ring at 120°, hexes assigned by roll', () => {
    const d = forced(1, 1, 1, 1, 1, 2, 2, 2);
    const s = generateBattleSetup(input({ sides: SIDES }), d);
    expect(s.starts).toEqual([
      { sideId: 'p1', position: 2, hex: '4538', radius: 3 },
      { sideId: 'p2', position: 3, hex: '1538', radius: 3 },
      { sideId: 'p3', position: 1, hex: '3015', radius: 3 },
    ]);
    expect(s.ring).toEqual({ excluded: [], fair: true, adjusted: false, minGap: 30 });
    expect(s.positionRoll).toBeNull();
  });

  it('UTD7.4622: sides facing an enemy fortification are listed as unable to disengage', () => {
    const s = generateBattleSetup(input({ cannotDisengage: ['p2'] }), forced());
    expect(s.disengagement).toEqual({ fromTurn: 4, fromImpulse: 1, blocked: ['p2'] });
    expect(() => generateBattleSetup(input({ cannotDisengage: ['p9'] }), forced())).toThrow(RangeError);
  });

  it("UTD4.321: a home sector's planet is at 3030 without a roll", () => {
    const d = forced(2, 1, 1, 5, 1, 1);
    const s = generateBattleSetup(input({ terrain: ['class-m-planet'], home: true }), d);
    expect(s.terrain).toEqual([
      { placement: 'fixed', kind: 'class-m-planet', name: 'Home Class-M planet', hex: '3030', rule: 'UTD4.321' },
    ]);
    expect(d.records).toHaveLength(4);
  });

  it('notes: map-filling terrain, SFBOL overlays (with ‡), moons off the map, shared warp points', () => {
    // Radiation zone with the ‡ asteroid overlay; both warp points B 2 → 3229.
    const s = generateBattleSetup(
      input({ terrain: ['radiation-zone'], overlays: ['asteroid-field'] }),
      forced(2, 1, 1, 2, 1, 1),
    );
    expect(s.overlays).toEqual(['asteroid-field']);
    expect(s.notes).toEqual([
      'Radiation zone fills the whole map (UTD7.45515).',
      'Load the SFBOL Asteroid field overlay (UTD7.45512#2); move a warp point or start hex off its solid terrain by hand (UTD7.45532).',
      'Warp points to Aldebaran and Bellatrix share hex 3229; announce which one you leave by (UTD7.45522, 7.463).',
    ]);
  });

  it('UTD7.45713: in a 3+ side battle a demand deletes the terrain for this battle only; warp points are rolled on the empty map', () => {
    const d = forced(1, 1, 1, 1, 1, 1, 1, 1);
    const s = generateBattleSetup(
      input({ terrain: ['black-hole'], overlays: [], sides: SIDES, deleteTerrain: true }),
      d,
    );
    expect([s.terrain, s.overlays, s.terrainDeleted]).toEqual([[], [], true]);
    expect(s.notes).toContain('Terrain deleted for this battle only (UTD7.45713); Xanthe keeps it for later battles.');
    expect(d.records.map((r) => r.purpose.replace(/[:(].*/, '').trim())).toEqual([
      'warp point to Aldebaran',
      'warp point to Aldebaran',
      'warp point to Bellatrix',
      'warp point to Bellatrix',
      'start hex for Alice',
      'start hex for Bob',
    ]);
  });

  it('UTD7.45713: deletion is refused with two sides, without terrain, or when the only terrain is a central planet, gas giant or moon', () => {
    expect(refusal(() => generateBattleSetup(input({ terrain: ['black-hole'], deleteTerrain: true }), forced()))).toBe(
      'BATTLE_TERRAIN_DELETE_TWO_SIDES UTD7.45713',
    );
    expect(
      refusal(() => generateBattleSetup(input({ terrain: ['none'], sides: SIDES, deleteTerrain: true }), forced())),
    ).toBe('BATTLE_TERRAIN_DELETE_NONE UTD7.45713');
    for (const t of ['class-m-planet', 'gas-giant-moons', 'small-moon']) {
      expect(
        refusal(() => generateBattleSetup(input({ terrain: [t], sides: SIDES, deleteTerrain: true }), forced())),
      ).toBe('BATTLE_TERRAIN_DELETE_CENTRAL UTD7.45713');
    }
    // A heat zone with its gas giant, or a planet with an overlay, may be deleted.
    expect(terrainDeletionRefusal(input({ terrain: ['heat-zone-gas-giant'], sides: SIDES }))).toBeNull();
    expect(
      terrainDeletionRefusal(input({ terrain: ['class-m-planet'], overlays: ['asteroid-field'], sides: SIDES })),
    ).toBeNull();
  });

  it('UTD7.45712–3: a 3-way battle whose ring is crowded by a large gas giant says so in the notes', () => {
    // Gas giant A 3+3+4 → 3020, diameter 12: covers the ring round 3015; one moon.
    const d = forced(1, 3, 3, 4, 6, 6, 1, 4, 1, 1, 1, 1, 3, 1, 1, 3, 1, 1, 1, 1);
    const s = generateBattleSetup(input({ terrain: ['gas-giant-moons'], sides: SIDES }), d);
    expect(s.ring!.excluded.length).toBeGreaterThan(0);
    expect(s.ring!.excluded).toContain('3015');
    expect(s.starts.map((x) => x.hex)).not.toContain('3015');
    expect(s.notes.some((n) => n.startsWith('Start hexes moved off the even spread'))).toBe(true);
  });

  it('a battle needs two different sides', () => {
    expect(() => generateBattleSetup(input({ sides: SIDES.slice(0, 1) }), forced())).toThrow(RangeError);
    expect(() => generateBattleSetup(input({ sides: [SIDES[0]!, SIDES[0]!] }), forced())).toThrow(RangeError);
  });
});
