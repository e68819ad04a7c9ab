import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../../src/rules/dice.ts';
import { battleCardText, CARD_TEXT_LIMIT, md } from '../../../src/rules/thunderdome/battle-setup/card-text.ts';
import { generateBattleSetup } from '../../../src/rules/thunderdome/battle-setup/generate.ts';
import type { BattleSetupInput } from '../../../src/rules/thunderdome/battle-setup/generate.ts';

const SEED = 'e5'.repeat(32);
const forced = (...values: number[]) => new SeededDice(SEED, 13, values);

const INPUT: BattleSetupInput = {
  sector: { key: 'X', label: 'Xanthe', terrain: ['class-m-planet'], overlays: [] },
  lanes: [
    { to: 'A', label: 'Aldebaran' },
    { to: 'B', label: 'Bellatrix' },
  ],
  sides: [
    { id: 'p1', label: 'Alice' },
    { id: 'p2', label: 'Bob' },
  ],
  randomPositions: true,
  cannotDisengage: ['p1'],
};

describe('battleCardText: the published setup (SETUP_ROLLED)', () => {
  it('shows weapon status, map, start areas, every placed hex with its dice, the disengagement rule', () => {
    const setup = generateBattleSetup(INPUT, forced(1, 3, 1, 1, 2, 4, 4, 4, 2));
    const text = battleCardText(setup, INPUT);
    const expected = [
      '**Battle setup: Xanthe** (UTD7.45)',
      'Weapon status **WS-III** (UTD7.452) · 60×60 map, death barrier at the edge (UTD7.454)',
      '',
      '**Start areas** (set up within 3 hexes)',
      '• **A** Alice: around **1523**',
      '• **B** Bob: around **4538**',
      "Not the current player's battle: 1D6 = 2 → Alice is A (UTD7.4561)",
      '',
      '**Terrain** (UTD7.4551)',
      '• Class-M planet **3027**: dir A [1], 3 from 3030 [3]',
      '',
      '**Warp points** (UTD7.4552: dir 1D6, 2D6 hexes from 3030)',
      '• → **Aldebaran**: **3025** · dir A [1], 3 [1+2], moved 2 past Class-M planet',
      '• → **Bellatrix**: **3038** · dir D [4], 8 [4+4]',
      '',
      '**Disengagement** only through a warp point, from Turn 4 Impulse 1 (UTD7.46, 7.461). Cannot disengage (enemy fortification, UTD7.4622): Alice',
    ];
    expect(text).toBe(expected.join('\n'));
  });

  it('gas giant with moons, comet, map-filling terrain and overlay lines; notes not repeating the terrain lines', () => {
    const input: BattleSetupInput = {
      ...INPUT,
      randomPositions: false,
      cannotDisengage: [],
      sector: { key: 'X', label: 'Xanthe', terrain: ['heat-zone-gas-giant', 'comet'], overlays: ['asteroid-field'] },
    };
    const setup = generateBattleSetup(
      input,
      forced(2, 6, 6, 6, 3, 4, 2, 4, 1, 1, 1, 1, 1, 6, 6, 6, 6, 2, 1, 1, 2, 1, 1),
    );
    const text = battleCardText(setup, input);
    expect(text).toContain('• Heat zone fills the map');
    expect(text).toContain(
      '• Gas giant & moons: centre **4821** dir B [2], 18 from 3030 [6+6+6]; diameter **7** [3+4]; 2 small moons [2]: 4828 (D [4], 4 [1+1+1+1] from 4824), off map (A [1], 24 [6+6+6+6] from 4818)',
    );
    expect(text).toContain('• Comet nucleus **1050**, tail in direction B to 6025');
    expect(text).toContain('• Asteroid field: SFBOL overlay');
    expect(text).toContain('**Notes**\n• Load the SFBOL Asteroid field overlay');
    expect(text).toContain('share hex 3229');
    expect(text).not.toContain('fills the whole map');
  });

  it('stays under the Discord budget for a big setup: dice go first, warp point hexes always stay', () => {
    const lanes = Array.from({ length: 12 }, (_, i) => ({ to: `S${i}`, label: `A very long sector name number ${i}` }));
    const input: BattleSetupInput = {
      ...INPUT,
      lanes,
      sector: {
        key: 'X',
        label: 'Xanthe',
        terrain: ['heat-zone-gas-giant', 'comet', 'black-hole'],
        overlays: ['asteroid-field'],
      },
    };
    const setup = generateBattleSetup(input, new SeededDice(SEED, 99));
    const text = battleCardText(setup, input);
    expect(text.length).toBeLessThan(CARD_TEXT_LIMIT);
    for (const w of setup.warpPoints) expect(text).toContain(`**${w.hex}**`);
    expect(text).not.toMatch(/dir [A-F] \[\d\]/);
  });

  it('names are escaped so a player cannot break the markdown', () => {
    expect(md('*bold*_x_|y|`z`')).toBe('\\*bold\\*\\_x\\_\\|y\\|\\`z\\`');
    const input: BattleSetupInput = {
      ...INPUT,
      randomPositions: false,
      sector: { ...INPUT.sector, label: '**Evil**' },
    };
    expect(battleCardText(generateBattleSetup(input, forced(1, 1, 1, 1, 1, 1, 1, 1)), input)).toContain(
      '**Battle setup: \\*\\*Evil\\*\\*** (UTD7.45)',
    );
  });
});
