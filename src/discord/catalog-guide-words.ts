import type { CatalogUnit, ConversionEdge, RefitEdge } from '../rules/thunderdome/catalog/index.ts';

/**
 * The guide that `/catalog template` attaches next to the blank files (requirements §4.2.1–4.2.3,
 * assets/catalog/README.md): for every column of the three files, what it means and the unit or
 * format of its cells. Keyed by the stored field, so a column added to the schema without a line
 * here is a compile error.
 */
export interface ColumnGuide {
  meaning: string;
  /** Unit or format of a cell, as a spreadsheet user writes it. */
  unit: string;
  /** When the column is needed only for some kinds of unit (README "units.csv"). */
  neededFor?: string;
}

const BOOL = 'true or false';
const FLAG = (meaning: string): ColumnGuide => ({ meaning, unit: BOOL });
const AID = (meaning: string, unit: string): ColumnGuide => ({ meaning: `Battle aids only: ${meaning}`, unit });

export const UNIT_COLUMN_GUIDE = {
  unitId: {
    meaning: 'Unique id of this configuration; a refitted variant is its own row. Keep it the same in later versions.',
    unit: 'letters, digits, + - _ . / (≤ 40), e.g. LYR-CA+PH',
  },
  empire: {
    meaning: 'Empire code (UTD8.111); NEU for generic freighters, bases and yards.',
    unit: 'FED, KLI, … or NEU',
  },
  hullCode: { meaning: 'SFB designation.', unit: 'text, e.g. CA, F-L, GBDP' },
  name: { meaning: 'Name players read.', unit: 'text (≤ 100)' },
  hullFamily: {
    meaning: 'Refits stay within a family; a conversion changes it (UTD6.3753, 6.3762).',
    unit: 'id, e.g. LYR-CA',
  },
  unitKind: {
    meaning: 'What the unit is.',
    unit: 'warship, auxiliary, freighter, monitor, ground_base, defsat, shipyard, capital_lcd, fighter, heavy_fighter, megafighter, pf, base_large',
  },
  groundBaseSize: {
    meaning: 'Size of a ground base (UTD7.4235).',
    unit: 'small, medium or large',
    neededFor: 'ground bases',
  },
  groundBaseRole: { meaning: 'Role of a ground base.', unit: 'defense, fighter, bomber or pf' },
  bpvEconomic: { meaning: 'Economic BPV: the price the campaign charges (UTD1.2).', unit: 'BPV, > 0, ≤ 2 decimals' },
  bpvCombat: { meaning: 'Combat BPV, for information and fleet-size checks.', unit: 'BPV' },
  moveCost: {
    meaning: 'Move cost in a fleet (UTD7.23: a fleet holds 5).',
    unit: 'fraction or decimal: 1/3, 0.33, 1/2, 1, 3/2',
    neededFor: 'warships, auxiliaries, freighters, fighters, PFs',
  },
  sizeClass: { meaning: 'SFB size class; yards build classes 2–4.', unit: '1–7' },
  commandRating: { meaning: 'SFB command rating (S8.0).', unit: 'whole number', neededFor: 'ships' },
  maxSpeed: {
    meaning: 'Maximum speed; wrecked at or below a quarter of it (UTD7.47).',
    unit: 'hexes/turn',
    neededFor: 'ships',
  },
  damageControl: {
    meaning: 'Damage-control rating: the self-repair cap (UTD7.53).',
    unit: 'whole number',
    neededFor: 'ships, yards, ground bases',
  },
  tractorBeams: { meaning: 'Tractor beams: towing (UTD6.3E).', unit: 'count' },
  cargoBoxes: { meaning: 'Cargo boxes.', unit: 'count' },
  cargoContainers: { meaning: 'Cargo containers (dead drops, UTD6.3D).', unit: 'count' },
  isLargeFreighter: FLAG('A large freighter: may establish colonies for free (UTD4.331).'),
  isQShip: FLAG('A Q-ship (UTD8.26): publicly flagged; never free establishment. Needs sfb_ref.'),
  isTroopShip: FLAG('A troop ship (UTD4.332). Needs sfb_ref.'),
  isMinesweeper: FLAG('A minesweeper (UTD8.253): size class 3 or 4.'),
  repairFreighter: { meaning: 'Repair freighter type (UTD6.39#2, 4.3237).', unit: 'none, small or large' },
  carrierType: { meaning: 'Carrier type (UTD8.22).', unit: 'none, true_carrier, escort_carrier, casual_carrier, pft' },
  isEscort: FLAG('An escort (ISS-A100).'),
  escortRequirement: { meaning: 'Escorts this carrier needs in its fleet (ISS-A100).', unit: 'count' },
  fighters: { meaning: 'Standard fighter complement.', unit: 'fighter equivalents' },
  fighterTypeId: { meaning: 'unit_id of its default fighter.', unit: 'unit id of a fighter row' },
  fighterSpares: { meaning: 'Spare fighters.', unit: 'fighter equivalents' },
  pfs: { meaning: 'PFs carried.', unit: 'count' },
  pfTypeId: { meaning: 'unit_id of its default PF.', unit: 'unit id of a PF row' },
  pfSpares: { meaning: 'Spare PFs.', unit: 'count' },
  megafighterCapable: FLAG('May carry megafighters (UTD8.22); empty means false.'),
  fighterEquivalents: {
    meaning: 'What one craft counts (UTD7.24): normal 1, heavy 2.',
    unit: '1–100',
    neededFor: 'fighters',
  },
  droneUser: FLAG('Uses drones (UTD7.A8).'),
  isDroneBombardment: FLAG('A drone-bombardment unit (UTD7.A8).'),
  plasmaTorps: FLAG('Carries plasma torpedoes.'),
  hasPhaserIv: FLAG('Carries a phaser-IV (UTD5.4674).'),
  isDreadnought: FLAG('A dreadnought.'),
  isBattleship: FLAG('A battleship: restricted, needs a vote (UTD8.21).'),
  isBattleTug: FLAG('A battle tug.'),
  isXShip: FLAG('An X-ship: restricted, needs a vote (UTD8.21).'),
  isConjectural: FLAG('Conjectural: restricted, needs a vote (UTD8.21).'),
  isMauler: FLAG('A mauler: a change to or from it is a conversion (UTD6.3753).'),
  isStasisShip: FLAG('A stasis-field ship.'),
  isCommandShip: FLAG('A command ship (UTD7.34).'),
  isPriorityTransport: FLAG('A priority transport.'),
  needsPlanetSite: FLAG('Needs a planet, moon or asteroid (UTD7.34); empty: true for ground bases.'),
  coEligible: FLAG('Receives a CO (UTD7.A); empty: the rule default for the kind.'),
  yearAvailable: { meaning: 'First campaign year it may be bought (UTD8.12).', unit: 'year, e.g. 165 or 165.5' },
  yearRetired: { meaning: 'Not bought from this year on (UTD8.12).', unit: 'year, later than year_available' },
  shipyardCapacity: {
    meaning: 'Yard capacity (UTD6.372): capital 2, SC2 3/2 (2 if designated), SC3 1, SC4 2/3.',
    unit: 'fraction',
    neededFor: 'shipyards and the capital',
  },
  dryDockPositions: {
    meaning: 'Dry-dock positions (UTD7.62): capital 5, SC2 4, SC3 3, SC4 2.',
    unit: 'count',
    neededFor: 'shipyards and the capital',
  },
  worksBoxes: {
    meaning: 'Works boxes, for damaged capacity (UTD6.3724).',
    unit: 'count',
    neededFor: 'shipyards and the capital',
  },
  nsmCapable: FLAG('May lay NSMs (UTD8.252); empty means false.'),
  webCaster: FLAG('A Tholian web caster (UTD8.112); empty means false.'),
  buildable: FLAG('May be bought; empty means true. Large ground bases never (UTD7.25#2).'),
  sfbRef: {
    meaning: 'SSD, R-section or master-fleet-chart reference.',
    unit: 'text (≤ 200)',
    neededFor: 'troop ships, Q-ships',
  },
  notes: { meaning: 'Free notes; may span lines.', unit: 'text (≤ 2000)' },
  sidcorsFactors: AID('F&E factors for /battle quick (SIDCORS).', 'A-D(F)/CA-CD(CF), e.g. 8-8/4-4'),
  turnModeClass: AID('SFB turn-mode class for /n3d.', 'AA, A, B, C, D, E or F'),
  weaponArcs: AID('weapon arcs for /n3d arcs.', 'text'),
  feCommandRating: AID('F&E command rating for /fleet check.', '0–100'),
  feHullType: AID('F&E hull type for /fleet check.', 'text'),
  fleetRole: AID('fleet role for /fleet check.', 'e.g. warship, scout, escort'),
  flagBridgeBoxes: AID('flag bridge boxes for /fleet check system:fcp.', '0–100'),
  fcpRow: AID('row on the FCP chart.', '0–100'),
  fcpCost: AID('cost on the FCP chart.', '0–100'),
  leaderKind: AID('leader kind for /fleet check system:fcp.', 'leader, consort, …'),
  battlePods: AID('battle pods for /fleet check system:fcp.', '0–100'),
  carriesSmallCraft: AID('carries small craft, for /fleet check system:bigships.', BOOL),
  sidcorsEw: AID('SIDCORS scout rating (A.2.14 special units: scouts), for /battle quick; empty or 0 for none.', '0–6'),
  sidcorsCloak: AID('SIDCORS: the ship can cloak (A.2.14 special units: cloaked ships), for /battle quick.', BOOL),
} as const satisfies Record<keyof CatalogUnit, ColumnGuide>;

export const REFIT_COLUMN_GUIDE = {
  fromUnitId: { meaning: 'The configuration refitted (UTD6.375).', unit: 'unit id in units.csv' },
  toUnitId: { meaning: 'The configuration it becomes: same empire and hull family.', unit: 'unit id in units.csv' },
  refitCode: { meaning: 'The refit’s code.', unit: 'e.g. PHASER, DRONE_SPEED_B' },
  yearAvailable: { meaning: 'First year the refit may be made.', unit: 'year' },
  capturedAllowed: FLAG('May be made on a captured ship (UTD6.3772): drone-speed and plasma refits only.'),
  costOverride: { meaning: 'Cost instead of the BPV difference; normally empty.', unit: 'BPV' },
} as const satisfies Record<keyof RefitEdge, ColumnGuide>;

export const CONVERSION_COLUMN_GUIDE = {
  fromUnitId: { meaning: 'The configuration converted (UTD6.376).', unit: 'unit id in units.csv' },
  toUnitId: {
    meaning: 'What it becomes: same empire, another hull family or a mauler change.',
    unit: 'unit id in units.csv',
  },
  yearAvailable: { meaning: 'First year the conversion may be made.', unit: 'year' },
  source: { meaning: 'Where the conversion comes from; FE_SIT only if voted in (UTD6.3762).', unit: 'SFB or FE_SIT' },
} as const satisfies Record<keyof ConversionEdge, ColumnGuide>;

/** What each presence of a column means to the person filling it in. */
export const PRESENCE_WORDS = {
  required: 'required',
  column: 'column required, cell may be empty',
  optional: 'optional',
} as const;

/** The message that comes with the template files. */
export const TEMPLATE_WORDS = {
  reply: [
    '📄 **Ship catalog template** (format: assets/catalog/README.md).',
    '• `units.csv`, `refits.csv`, `conversions.csv`: every column, with example rows (sample values, not SFB data); replace them with your ship sheets.',
    '• `catalog-guide.csv`: every column, whether it is required, what it means, its unit and an example.',
    'Your spreadsheet may save with `,` or `;`, with a decimal comma (`16,5`), CRLF or a BOM. Import with `/catalog import`; check with `/catalog coverage`.',
  ].join('\n'),
  guideHeader: ['file', 'column', 'required', 'needed for', 'meaning', 'unit or format', 'example'],
} as const;
