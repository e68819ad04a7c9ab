/**
 * A SAMPLE Warlord ship catalog. The real SFW Ship List (and the combat factors it hides, §3.6) is
 * not in the rulebook and is not ours to ship (digest h.3 #1). These classes are generated from
 * documented class templates: a hull row per class (T1 price band and speed) scaled by cost, a
 * race tilt and variant adjustments, then tuned to every data point the text gives (T32: C-MON,
 * O-CVL, F-CVS, F-CMC, T-PC, K-C7, F-POL, C-WG). A real list can be imported in the same shape
 * (`importCatalog`). Names follow the text's designations; numbers are ours.
 */
import { type Result, fail, ok } from '../errors.ts';
import { roundHalfUp } from './economy.ts';
import { CLASS_TABLE, type Items, type Mission, NO_ITEMS, type Race, type ShipClass, classColumn } from './tables.ts';

export interface ShipType {
  /** `R-DESIG`, e.g. `F-CA`. */
  id: string;
  race: Race;
  designation: string;
  cls: ShipClass;
  /** Variant letters (App F): V carrier, K strike carrier, S scout, Z heavy scout, Y survey, N notification,
   * R repair, I integration, M minesweeper, T troop, L launcher, P PF tender, E exploration, H hospital,
   * D defence/aegis-capable, G generic (missions). */
  variants: string;
  year: number;
  cost: number;
  speed: number;
  af: number;
  df: number;
  sf: number;
  hp: number;
  capacity: Items & { repair: number };
  /** Default mission for generic ships (B, or D for the C-MON). */
  mission: Mission | null;
  cloak: boolean;
  /** True for the sample classes, so no one mistakes their numbers for the published list; false when imported. */
  sample: boolean;
}

/** Hull template per class at the class's typical cost (T1): AF, DF, SF, HP. */
const HULL: Record<ShipClass, [number, number, number, number, number]> = {
  // class: [typical cost, AF, DF, SF, HP]
  PC: [50, 18, 18, 18, 16],
  FF: [75, 26, 24, 22, 22],
  DD: [100, 34, 30, 26, 28],
  DW: [110, 37, 33, 28, 30],
  CL: [110, 38, 34, 30, 34],
  CW: [120, 41, 37, 32, 38],
  CA: [145, 48, 42, 36, 46],
  BCH: [185, 60, 52, 44, 56],
  DN: [240, 76, 66, 55, 72],
  BB: [330, 100, 88, 70, 100],
  AUX: [100, 12, 30, 30, 36],
};

/** Race tilt on AF and DF (ch. 2): Klingons AF > DF, Orions huge AF and low DF, Civilians weak. */
const TILT: Partial<Record<Race, [number, number]>> = {
  K: [1.1, 0.9],
  O: [1.25, 0.75],
  R: [0.95, 1.05],
  Z: [1.05, 0.95],
  C: [0.5, 1],
};

/** T-bomb capacity (§8.1): 2 for PC/FF/DD, 4 cruisers, 6 DN/BB; none on most Civilians. */
function tbombCap(cls: ShipClass): number {
  if (cls === 'PC' || cls === 'FF' || cls === 'DD' || cls === 'DW') return 2;
  if (cls === 'DN' || cls === 'BB') return 6;
  if (cls === 'AUX') return 0;
  return 4;
}

type Row = [
  id: string,
  cls: ShipClass,
  cost: number,
  year: number,
  variants: string,
  over?: Partial<ShipType> & { cap?: Partial<Items & { repair: number }> },
];

/** Drone-armed races (T28): F, K, Z, O, W, X carry heavy drones. */
const DRONE_RACES = 'FKZOWX';

function build([id, cls, cost, year, variants, over]: Row): ShipType {
  const race = id[0] as Race;
  const [typical, af0, df0, sf0, hp0] = HULL[cls];
  const scale = cost / typical;
  const [ta, td] = TILT[race] ?? [1, 1];
  let af = af0 * scale * ta;
  const df = df0 * scale * td;
  const col = classColumn(cls);
  const cap: Items & { repair: number } = { ...NO_ITEMS, repair: 0, tbombs: race === 'C' ? 0 : tbombCap(cls) };
  if (DRONE_RACES.includes(race) && cls !== 'AUX') cap.drones = { PC: 2, FF: 4, DD: 6, CL: 8, CA: 12 }[col];
  // Carriers trade hull AF for fighters (the F-CVS has AF 40 on a CA hull).
  if (variants.includes('V') || variants.includes('K')) {
    af *= 0.8;
    cap.fighters = { PC: 2, FF: 4, DD: 6, CL: 12, CA: 12 }[col];
  }
  if (variants.includes('T')) {
    af *= 0.75;
    cap.commandos = { PC: 2, FF: 3, DD: 4, CL: 6, CA: 8 }[col];
  }
  if (variants.includes('P')) cap.pfs = { PC: 1, FF: 2, DD: 4, CL: 6, CA: 6 }[col];
  if (variants.includes('R')) cap.repair = { PC: 3, FF: 4, DD: 6, CL: 8, CA: 10 }[col];
  if (variants.includes('L')) cap.drones += { PC: 4, FF: 8, DD: 12, CL: 16, CA: 24 }[col];
  if (variants.includes('M')) cap.tbombs = cls === 'DN' || cls === 'BB' ? 10 : col === 'CL' || col === 'CA' ? 6 : 4;
  // Scouts, survey and notification ships give up fighting power for their sensors.
  if (/[SZYNE]/.test(variants)) af *= 0.7;
  if (cls !== 'AUX' && cls !== 'PC' && cls !== 'FF' && race !== 'C') cap.mrs = 1;
  const generic = variants.includes('G');
  const t: ShipType = {
    id,
    race,
    designation: id.slice(2),
    cls,
    variants,
    year,
    cost,
    speed: CLASS_TABLE[cls].speed,
    af: roundHalfUp(af) + (generic ? 10 : 0),
    df: roundHalfUp(df),
    sf: roundHalfUp(sf0 * scale),
    hp: roundHalfUp(hp0 * scale),
    capacity: { ...cap, ...(over?.cap ?? {}) },
    mission: generic ? 'B' : null,
    cloak: race === 'R' && id !== 'R-SNP',
    sample: true,
  };
  const { cap: _c, ...rest } = over ?? {};
  return { ...t, ...rest };
}

/** The rows: Civilian plus Federation, Klingon, Romulan, Kzinti, and the Orion and Tholian ships the text's examples use. */
const ROWS: Row[] = [
  // Civilian (§2.4): warp gates, monitor, repair dock, freighters, auxiliaries.
  ['C-WG', 'AUX', 200, 165, '', { speed: 2, af: 0, df: 30, sf: 40, hp: 60 }],
  ['C-WGO', 'AUX', 120, 165, '', { speed: 0, af: 0, df: 20, sf: 30, hp: 40 }],
  // C-MON: DF 40 in D mission, SF 42, HP 36 (§3.7, §10.5).
  ['C-MON', 'AUX', 110, 165, 'GPD', { speed: 2, af: 10, df: 40, sf: 42, hp: 36, mission: 'D', cap: { pfs: 2 } }],
  ['C-FRD', 'AUX', 150, 165, 'Rh', { speed: 2, af: 4, df: 24, sf: 30, hp: 40, cap: { repair: 50 } }],
  ['C-FAS', 'AUX', 30, 165, '', { speed: 4, af: 2, df: 10, sf: 8, hp: 12 }],
  ['C-FAL', 'AUX', 45, 165, '', { speed: 3, af: 3, df: 14, sf: 12, hp: 18 }],
  ['C-FDX', 'AUX', 60, 165, '', { speed: 6, af: 4, df: 12, sf: 12, hp: 14 }],
  ['C-APT', 'AUX', 80, 166, 'I', { speed: 4, af: 6, df: 18, sf: 16, hp: 22 }],
  ['C-FEL', 'AUX', 70, 166, 'EY', { speed: 5, af: 6, df: 16, sf: 14, hp: 20 }],
  ['C-ASCS', 'AUX', 90, 167, 'S', { speed: 4, af: 8, df: 20, sf: 18, hp: 24 }],
  // Federation (§2.6): crew 4 at purchase; drones; no PFs.
  ['F-POL', 'PC', 40, 165, ''],
  ['F-PC', 'PC', 50, 165, ''],
  ['F-FF', 'FF', 70, 165, ''],
  ['F-FFS', 'FF', 75, 165, 'S'],
  ['F-DD', 'DD', 100, 165, ''],
  ['F-CL', 'CL', 110, 165, ''],
  ['F-CA', 'CA', 150, 165, ''],
  ['F-CC', 'CA', 160, 166, 'B'],
  ['F-GSC', 'CL', 115, 166, 'GY'],
  // F-CVS: AF 40, SF 27 [derived], HP 52, 12 fighters, 4 T-bombs (§10.5).
  ['F-CVS', 'CA', 165, 168, 'K', { af: 40, df: 38, sf: 27, hp: 52 }],
  // F-CMC: AF 28, 4 T-bombs, 8 commandos (§10.5).
  ['F-CMC', 'CL', 120, 168, 'T', { af: 28, sf: 24, hp: 30, cap: { commandos: 8 } }],
  ['F-BCF', 'BCH', 190, 170, ''],
  ['F-DN', 'DN', 240, 168, ''],
  ['F-BB', 'BB', 330, 175, ''],
  // Klingon (§2.11): AF > DF; drones; K-C7 180 EP, speed 4.
  ['K-E3', 'PC', 45, 165, ''],
  ['K-F5', 'FF', 75, 165, ''],
  ['K-F5S', 'FF', 80, 165, 'S'],
  ['K-D5', 'DW', 110, 165, ''],
  ['K-D7', 'CA', 145, 165, ''],
  ['K-D7W', 'CA', 155, 168, 'G'],
  ['K-D7E', 'CA', 150, 167, 'Y'],
  ['K-C7', 'BCH', 180, 170, ''],
  ['K-D6V', 'CA', 160, 168, 'V'],
  ['K-C8', 'DN', 250, 170, ''],
  ['K-B10', 'BB', 350, 176, ''],
  // Romulan (§2.14): cloaks on all but the SNP; the SNP is obsolete sublight (speed 1).
  ['R-SNP', 'PC', 40, 165, '', { speed: 1 }],
  ['R-SKF', 'FF', 75, 165, ''],
  ['R-SPA', 'FF', 80, 166, 'Y'],
  ['R-K5R', 'DD', 105, 165, ''],
  ['R-K7R', 'CA', 150, 166, ''],
  ['R-KRV', 'CA', 160, 168, 'V'],
  ['R-FHK', 'BCH', 190, 170, ''],
  ['R-KCN', 'DN', 250, 171, ''],
  // Kzinti ("2.9"): drone specialists, BOMB +10%.
  ['Z-FF', 'FF', 70, 165, ''],
  ['Z-DD', 'DD', 100, 165, 'L'],
  ['Z-CL', 'CL', 110, 165, ''],
  ['Z-CS', 'CA', 150, 165, ''],
  ['Z-CVL', 'CA', 155, 167, 'V'],
  ['Z-SR', 'CL', 115, 166, 'S'],
  ['Z-DN', 'DN', 245, 169, ''],
  // Orion (§2.13): all generic; the text's O-CVL (AF 46 in B mission, SF 24, HP 36, 8 fighters, 6 PFs in P).
  ['O-FT', 'AUX', 40, 165, 'G', { speed: 6, af: 14, df: 12, sf: 10, hp: 14 }],
  ['O-SLV', 'FF', 80, 165, 'GI'],
  [
    'O-CVL',
    'CL',
    120,
    166,
    'GV',
    { af: 46, df: 20, sf: 24, hp: 36, cap: { fighters: 8, pfs: 6, tbombs: 4, drones: 16 } },
  ],
  ['O-CA', 'CA', 150, 165, 'G'],
  // Tholian (§2.16): the T-PC (DF 18; SF 18 and HP 16 fit §10.5).
  ['T-PC', 'PC', 45, 165, '', { af: 14, df: 18, sf: 18, hp: 16 }],
  ['T-PR', 'FF', 60, 165, 'Y'],
];

export const SAMPLE_CATALOG: readonly ShipType[] = ROWS.map(build);

export function catalogIndex(types: readonly ShipType[]): Map<string, ShipType> {
  return new Map(types.map((t) => [t.id, t]));
}

/**
 * Imports a real ship list in the sample's shape (CSV: id,class,cost,year,variants,speed,af,df,sf,hp
 * and optional capacities fighters,pfs,drones,commandos,tbombs,mrs,repair). Refused line by line.
 */
export function importCatalog(csv: string): Result<ShipType[]> {
  const lines = csv.split(/\r?\n/).filter((l) => l.trim() !== '' && !l.startsWith('#'));
  const header = lines
    .shift()
    ?.split(',')
    .map((h) => h.trim());
  const need = ['id', 'class', 'cost', 'year', 'variants', 'speed', 'af', 'df', 'sf', 'hp'];
  if (!header || need.some((h) => !header.includes(h))) {
    return fail('warlord/catalog-header', '§3.6', `the header must name ${need.join(', ')}`);
  }
  const out: ShipType[] = [];
  for (const [i, line] of lines.entries()) {
    const cells = line.split(',').map((c) => c.trim());
    const get = (h: string) => cells[header.indexOf(h)] ?? '';
    const num = (h: string) => (header.includes(h) ? Number(get(h) || 0) : 0);
    const id = get('id');
    const cls = get('class') as ShipClass;
    if (!/^[A-Z]-[A-Z0-9+]+$/.test(id) || !(cls in CLASS_TABLE)) {
      return fail(
        'warlord/catalog-row',
        '§3.6',
        `line ${i + 2}: expected R-DESIG and a class (${Object.keys(CLASS_TABLE).join('/')})`,
      );
    }
    const n = ['cost', 'year', 'speed', 'af', 'df', 'sf', 'hp'].map(num);
    if (n.some((x) => !Number.isFinite(x) || x < 0))
      return fail('warlord/catalog-row', '§3.6', `line ${i + 2}: numbers must be ≥ 0`);
    const [cost = 0, year = 0, speed = 0, af = 0, df = 0, sf = 0, hp = 0] = n;
    const variants = get('variants');
    out.push({
      id,
      race: id[0] as Race,
      designation: id.slice(2),
      cls,
      variants,
      year,
      cost,
      speed,
      af,
      df,
      sf,
      hp,
      capacity: {
        fighters: num('fighters'),
        pfs: num('pfs'),
        drones: num('drones'),
        commandos: num('commandos'),
        tbombs: num('tbombs'),
        mrs: num('mrs'),
        repair: num('repair'),
      },
      mission: variants.includes('G') ? 'B' : null,
      cloak: id.startsWith('R-') && id !== 'R-SNP',
      sample: false,
    });
  }
  return ok(out);
}
