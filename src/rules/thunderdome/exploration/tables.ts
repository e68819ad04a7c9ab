/**
 * UTD5.3 terrain tables as data (requirements TC-030), with the placement shape of UTD7.4551x.
 *
 * The source prints both tables flattened, with cell borders lost (seed file L161–L178). How each
 * damaged cell is read (ISS-A68, reconstruction of TC-030):
 *
 * - NORMAL row 4 prints `Class M Planet*Asteroid Field`. The `*` belongs to the mineral cell:
 *   life 4 is a plain Class-M planet (placed by roll, UTD7.45513), mineral 4 is the Asteroid Field
 *   overlay. UTD7.45512#2 names the asteroid field as an SFBOL overlay; it never names a planet.
 * - SPECIAL row 1 prints `1 Giant & Moons` for the life cell: the word "Gas" is lost, the cell is
 *   "Gas Giant & Moons", the same as life 2 (the typo listed in ISS-A68).
 * - SPECIAL row 1 prints `Solar System Slice*Solar System Slice`: mineral 1 and dead 1 are both a
 *   Solar System Slice, and both use the overlay, because UTD7.45512#2 makes the solar system slice
 *   an overlay wherever it appears (the stray `*` cannot mark only one of them).
 * - SPECIAL rows 5 and 6 print `*Dual Planets` and `*Solar System Slice` (life): overlays.
 * - SPECIAL mineral 5 has a line break inside the cell; "(no flare, with shadows, star is in
 *   direction B)" is part of the Sunspot Activity + Class-M planet cell and is kept as its note.
 * - `‡` ("also uses the Asteroid Field overlay") is printed only on mineral 2 (Radiation Zone) and
 *   mineral 6 (Ion Storm). The dead-column Radiation Zone (special 2) has no `‡`, so it does not
 *   get the asteroid overlay: the flag lives on the table cell, not on the terrain type.
 *
 * In short, `*` (SFBOL overlay) is a property of the terrain type, fixed by UTD7.45512#2 to the
 * asteroid field, the solar system slice and the dual planets; `‡` is a property of a cell.
 */

export type SectorType = 'life' | 'mineral' | 'dead';
export const SECTOR_TYPES: readonly SectorType[] = ['life', 'mineral', 'dead'];

export type TerrainId =
  | 'none'
  | 'class-m-planet'
  | 'gas-giant-moons'
  | 'asteroid-field'
  | 'small-moon'
  | 'solar-system-slice'
  | 'radiation-zone'
  | 'nebula-class-m'
  | 'heat-zone-gas-giant'
  | 'sunspot-class-m'
  | 'ion-storm'
  | 'comet'
  | 'dust-cloud'
  | 'pulsar'
  | 'black-hole'
  | 'dual-planets';

/** The SFBOL map overlays provided with the campaign (UTD5.3 "*", UTD7.45512#2). */
export type OverlayId = 'asteroid-field' | 'solar-system-slice' | 'dual-planets';

/**
 * How a terrain component is put on the 60×60 battle map (UTD7.4551x). Only the shape is given
 * here; the placement dice are rolled per battle by the combat layer. Directions are 1D6 → A..F
 * (ISS-A71); hexes are SFB hex numbers.
 */
export type Placement =
  | { kind: 'overlay'; overlay: OverlayId; rule: 'UTD7.45512#2' }
  | { kind: 'point'; direction: '1D6'; distance: '1D6'; from: '3030'; rule: 'UTD7.45513' }
  | {
      kind: 'gas-giant';
      from: '3030';
      direction: '1D6';
      distance: '3D6';
      diameter: '2D6';
      moons: '1D4';
      moonDistance: '4D6';
      moonDirection: '1D6';
      rule: 'UTD7.45514';
    }
  | { kind: 'fills-map'; rule: 'UTD7.45515' }
  | { kind: 'comet'; nucleusHex: '1050'; tailDirection: 'B'; rule: 'UTD7.45516' };

export type TerrainComponentKind =
  | 'class-m-planet'
  | 'gas-giant'
  | 'small-moon'
  | 'asteroid-field'
  | 'solar-system-slice'
  | 'dual-planets'
  | 'radiation-zone'
  | 'nebula'
  | 'heat-zone'
  | 'sunspot-activity'
  | 'ion-storm'
  | 'comet'
  | 'dust-cloud'
  | 'pulsar'
  | 'black-hole';

/** One piece of a terrain; composite terrains have two, each placed by its own rule (ISS-A70). */
export interface TerrainComponent {
  kind: TerrainComponentKind;
  name: string;
  placement: Placement;
}

export interface TerrainInfo {
  id: TerrainId;
  name: string;
  /** `*` in UTD5.3: the terrain is an SFBOL overlay (UTD7.45512#2); null when it is not. */
  overlay: OverlayId | null;
  /** Empty for `none`. */
  components: readonly TerrainComponent[];
  /** Special instructions printed with the terrain (sunspot activity), else null. */
  note: string | null;
}

const OVERLAY = (overlay: OverlayId): Placement => ({ kind: 'overlay', overlay, rule: 'UTD7.45512#2' });
const POINT: Placement = { kind: 'point', direction: '1D6', distance: '1D6', from: '3030', rule: 'UTD7.45513' };
const GAS_GIANT: Placement = {
  kind: 'gas-giant',
  from: '3030',
  direction: '1D6',
  distance: '3D6',
  diameter: '2D6',
  moons: '1D4',
  moonDistance: '4D6',
  moonDirection: '1D6',
  rule: 'UTD7.45514',
};
const FILLS_MAP: Placement = { kind: 'fills-map', rule: 'UTD7.45515' };
const COMET: Placement = { kind: 'comet', nucleusHex: '1050', tailDirection: 'B', rule: 'UTD7.45516' };

const C = {
  classM: { kind: 'class-m-planet', name: 'Class-M planet', placement: POINT },
  gasGiant: { kind: 'gas-giant', name: 'Gas giant & moons', placement: GAS_GIANT },
  smallMoon: { kind: 'small-moon', name: 'Small moon', placement: POINT },
  asteroids: { kind: 'asteroid-field', name: 'Asteroid field', placement: OVERLAY('asteroid-field') },
  slice: { kind: 'solar-system-slice', name: 'Solar system slice', placement: OVERLAY('solar-system-slice') },
  dual: { kind: 'dual-planets', name: 'Dual planets', placement: OVERLAY('dual-planets') },
  radiation: { kind: 'radiation-zone', name: 'Radiation zone', placement: FILLS_MAP },
  nebula: { kind: 'nebula', name: 'Nebula', placement: FILLS_MAP },
  heat: { kind: 'heat-zone', name: 'Heat zone', placement: FILLS_MAP },
  sunspot: { kind: 'sunspot-activity', name: 'Sunspot activity', placement: FILLS_MAP },
  ion: { kind: 'ion-storm', name: 'Ion storm', placement: FILLS_MAP },
  comet: { kind: 'comet', name: 'Comet', placement: COMET },
  dust: { kind: 'dust-cloud', name: 'Dust cloud', placement: FILLS_MAP },
  pulsar: { kind: 'pulsar', name: 'Pulsar', placement: POINT },
  blackHole: { kind: 'black-hole', name: 'Black hole', placement: POINT },
} as const satisfies Record<string, TerrainComponent>;

/** The printed sunspot instructions (UTD5.3 special table, mineral 5). */
export const SUNSPOT_NOTE = 'no flare, with shadows, star is in direction B';

function info(
  id: TerrainId,
  name: string,
  components: readonly TerrainComponent[],
  overlay: OverlayId | null = null,
  note: string | null = null,
): TerrainInfo {
  return { id, name, overlay, components, note };
}

/** Every terrain the tables can produce. */
export const TERRAIN: { readonly [K in TerrainId]: TerrainInfo } = {
  none: info('none', 'No terrain', []),
  'class-m-planet': info('class-m-planet', 'Class-M planet', [C.classM]),
  'gas-giant-moons': info('gas-giant-moons', 'Gas giant & moons', [C.gasGiant]),
  'asteroid-field': info('asteroid-field', 'Asteroid field', [C.asteroids], 'asteroid-field'),
  'small-moon': info('small-moon', 'Small moon', [C.smallMoon]),
  'solar-system-slice': info('solar-system-slice', 'Solar system slice', [C.slice], 'solar-system-slice'),
  'radiation-zone': info('radiation-zone', 'Radiation zone', [C.radiation]),
  'nebula-class-m': info('nebula-class-m', 'Nebula and Class-M planet', [C.nebula, C.classM]),
  'heat-zone-gas-giant': info('heat-zone-gas-giant', 'Heat zone and gas giant & moons', [C.heat, C.gasGiant]),
  'sunspot-class-m': info(
    'sunspot-class-m',
    'Sunspot activity and Class-M planet',
    [C.sunspot, C.classM],
    null,
    SUNSPOT_NOTE,
  ),
  'ion-storm': info('ion-storm', 'Ion storm', [C.ion]),
  comet: info('comet', 'Comet', [C.comet]),
  'dust-cloud': info('dust-cloud', 'Dust cloud', [C.dust]),
  pulsar: info('pulsar', 'Pulsar', [C.pulsar]),
  'black-hole': info('black-hole', 'Black hole', [C.blackHole]),
  'dual-planets': info('dual-planets', 'Dual planets', [C.dual], 'dual-planets'),
};

export const TERRAIN_IDS = Object.keys(TERRAIN) as TerrainId[];

/** A table cell that names a terrain. */
export interface TerrainCell {
  kind: 'terrain';
  terrain: TerrainId;
  /** `‡`: this cell also uses the Asteroid Field overlay. */
  alsoAsteroidOverlay: boolean;
  /** The cell as the flattened source prints it, for audit. */
  printed: string;
  /** How a damaged cell was read, with the issue id; null when the print is clear. */
  reading: string | null;
}

/** A "Special" result on the normal table: roll again on the special table (UTD5.3). */
export interface SpecialCell {
  kind: 'special';
  printed: 'Special';
}

export type NormalCell = TerrainCell | SpecialCell;

/** Six cells, index 0 = die 1. */
export type Column<T> = readonly [T, T, T, T, T, T];

function cell(
  terrain: TerrainId,
  printed: string,
  reading: string | null = null,
  alsoAsteroidOverlay = false,
): TerrainCell {
  return { kind: 'terrain', terrain, alsoAsteroidOverlay, printed, reading };
}
const SPECIAL: SpecialCell = { kind: 'special', printed: 'Special' };

const STAR_READING =
  'ISS-A68: the "*" printed between "Class M Planet" and "Asteroid Field" marks the asteroid-field overlay of the mineral cell (UTD7.45512#2)';
const SLICE_READING =
  'ISS-A68: "Solar System Slice*Solar System Slice" is two cells; the solar system slice is always an overlay (UTD7.45512#2)';

/** UTD5.3 NORMAL TYPE TABLE (TC-030). */
export const NORMAL_TABLE: { readonly [T in SectorType]: Column<NormalCell> } = {
  life: [
    SPECIAL,
    SPECIAL,
    cell('class-m-planet', 'Class-M Planet'),
    cell('class-m-planet', 'Class M Planet*', STAR_READING),
    cell('class-m-planet', 'Class M Planet'),
    cell('class-m-planet', 'Class M Planet'),
  ],
  mineral: [
    SPECIAL,
    SPECIAL,
    cell('gas-giant-moons', 'Gas Giant & Moons'),
    cell('asteroid-field', '*Asteroid Field', STAR_READING),
    cell('small-moon', 'Small Moon'),
    cell('class-m-planet', 'Class M Planet'),
  ],
  dead: [
    SPECIAL,
    SPECIAL,
    cell('none', 'No Terrain'),
    cell('none', 'No Terrain'),
    cell('none', 'No Terrain'),
    cell('none', 'No Terrain'),
  ],
};

/** UTD5.3 SPECIAL TERRAIN TABLE (TC-030). */
export const SPECIAL_TABLE: { readonly [T in SectorType]: Column<TerrainCell> } = {
  life: [
    cell(
      'gas-giant-moons',
      '1 Giant & Moons',
      'ISS-A68: printed "1 Giant & Moons"; read as "Gas Giant & Moons" (the word "Gas" is lost, as in life 2)',
    ),
    cell('gas-giant-moons', 'Gas Giant & Moons'),
    cell('class-m-planet', 'Class-M Planet'),
    cell('class-m-planet', 'Class-M Planet'),
    cell('dual-planets', '*Dual Planets'),
    cell('solar-system-slice', '*Solar System Slice'),
  ],
  mineral: [
    cell('solar-system-slice', 'Solar System Slice*', SLICE_READING),
    cell('radiation-zone', 'Radiation Zone‡', null, true),
    cell('nebula-class-m', 'Nebula and Class M Planet'),
    cell('heat-zone-gas-giant', 'Heat Zone and Gas Giant & Moons'),
    cell(
      'sunspot-class-m',
      'Sunspot Activity and Class M planet / (no flare, with shadows, star is in direction B)',
      'ISS-A68: the line break inside the cell is ignored; the parenthesis is the note of this cell',
    ),
    cell('ion-storm', 'Ion Storm‡', null, true),
  ],
  dead: [
    cell('solar-system-slice', 'Solar System Slice', SLICE_READING),
    cell('radiation-zone', 'Radiation Zone', 'ISS-A68: no "‡" is printed in the dead column, so no asteroid overlay'),
    cell('comet', 'Comet'),
    cell('dust-cloud', 'Dust Cloud'),
    cell('pulsar', 'Pulsar'),
    cell('black-hole', 'Black Hole'),
  ],
};

function checkD6(die: number): number {
  if (!Number.isInteger(die) || die < 1 || die > 6) throw new Error(`a terrain-table die must be 1..6, got ${die}`);
  return die - 1;
}

/** The normal-table cell for a sector type and a 1D6 result. */
export function normalCell(type: SectorType, die: number): NormalCell {
  return NORMAL_TABLE[type][checkD6(die)]!;
}

/** The special-table cell for a sector type and a 1D6 result. */
export function specialCell(type: SectorType, die: number): TerrainCell {
  return SPECIAL_TABLE[type][checkD6(die)]!;
}

/** The SFBOL overlay files a cell's terrain needs: its own `*` overlay, plus the asteroid field for `‡`. */
export function overlaysFor(terrain: TerrainId, alsoAsteroidOverlay: boolean): OverlayId[] {
  const out: OverlayId[] = [];
  const own = TERRAIN[terrain].overlay;
  if (own) out.push(own);
  if (alsoAsteroidOverlay && !out.includes('asteroid-field')) out.push('asteroid-field');
  return out;
}
