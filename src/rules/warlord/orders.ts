/**
 * The Warlord order sheet (§4.3–4.9, §9, App K, App N), parsed strictly: each malformed line is
 * reported with its number, what was expected and the rule, and the rest of the sheet is kept.
 *
 * Sheet format (one corporation, one turn; `#` starts a comment):
 *
 *   F CA 12: 0502 0503 PRSP          ship line: race, designation, ship number, then its slots
 *   K D7 3: 1501 REPR 1601 -         a hex is a move; `-` holds position for a pulse
 *   PS F CA 150 WG 1 "Exeter"        any other line is a miscellaneous order, run in written order
 *
 * Every order code the book names is in one of the two tables below, with the phase of this
 * implementation that runs it: codes of later phases (Starbase Orders, espionage, listening posts,
 * decoys, Andromedan orders…) are recognised and refused with their rule, so adding a phase means
 * flipping its rows and writing the step, not changing the parser.
 */
import { parseHex } from './hex.ts';
import { LIMITS, MISSIONS, type Mission, RACES, type Race } from './tables.ts';

/** The implementation phase that runs an order (1 = this game; 2, 3 = the digest's later phases). */
export type Phase = 1 | 2 | 3;

// ------------------------------------------------------------------------------------ ship orders

export type ShipOrder =
  | { code: 'MOVE'; col: number; row: number }
  | { code: 'HOLD' }
  | { code: 'PRSP' }
  | { code: 'SCAN'; mode: 'TERR' | 'SHIP' | 'CLOA' }
  | { code: 'BOMB'; col: number; row: number }
  | { code: 'REPR' }
  | { code: 'TRNG' }
  | { code: 'UPGR' }
  | { code: 'REFT' }
  | { code: 'RAD'; dir: 1 | 2 | 3 | 4 | 5 | 6 }
  | { code: 'NUKE' }
  | { code: 'REST' }
  | { code: 'SRVY' }
  | { code: 'ASSA' }
  | { code: 'MSN'; mission: Mission }
  | { code: 'SWP'; dir: 0 | 1 | 2 | 3 | 4 | 5 | 6 }
  | { code: 'SCRA' }
  | { code: 'GARR' }
  | { code: 'GARX' }
  | { code: 'CURE' }
  | { code: 'FIX' }
  | { code: 'GIVE' }
  | { code: 'CLOA' }
  | { code: 'GLO' | 'FLO'; officer: string }
  | { code: 'DECY' | 'DECC' | 'COLL' | 'GETC' | 'LOGB' | 'GRAV' }
  | { code: 'DISP'; sector: string; col: number; row: number }
  | { code: 'LINK'; target: string };

export type ShipOrderCode = ShipOrder['code'];

export interface ShipOrderSpec {
  /** `pulse`: uses one movement slot; `turn`: the whole turn, resolved in pulse 1 (App K). */
  time: 'pulse' | 'turn' | 'none';
  rule: string;
  phase: Phase;
  /** The form, for error messages. */
  form: string;
}

export const SHIP_ORDERS: Record<ShipOrderCode, ShipOrderSpec> = {
  MOVE: { time: 'pulse', rule: '§4.3', phase: 1, form: 'a hex CCRR adjacent to the last one' },
  HOLD: { time: 'pulse', rule: '§4.3', phase: 1, form: '-' },
  PRSP: { time: 'turn', rule: '§4.9 PRSP', phase: 1, form: 'PRSP' },
  SCAN: { time: 'turn', rule: '§4.9 SCAN', phase: 1, form: 'SCAN TERR|SHIP|CLOA' },
  BOMB: { time: 'turn', rule: '§4.9 BOMB', phase: 1, form: 'BOMB CCRR' },
  REPR: { time: 'pulse', rule: '§4.9 REPR', phase: 1, form: 'REPR' },
  TRNG: { time: 'pulse', rule: '§4.9 TRNG', phase: 1, form: 'TRNG' },
  UPGR: { time: 'pulse', rule: '§4.9 UPGR', phase: 1, form: 'UPGR' },
  REFT: { time: 'pulse', rule: '§4.9 REFT', phase: 1, form: 'REFT' },
  RAD: { time: 'pulse', rule: '§4.9 RADx', phase: 1, form: 'RAD1 … RAD6' },
  NUKE: { time: 'pulse', rule: '§4.9 NUKE', phase: 1, form: 'NUKE' },
  REST: { time: 'pulse', rule: '§4.9 REST', phase: 1, form: 'REST' },
  SRVY: { time: 'pulse', rule: '§4.9 SRVY', phase: 1, form: 'SRVY' },
  ASSA: { time: 'pulse', rule: '§4.9 ASSA', phase: 1, form: 'ASSA' },
  MSN: { time: 'pulse', rule: '§4.9 MSNx', phase: 1, form: `MSNx, x one of ${MISSIONS.join('')}` },
  SWP: { time: 'pulse', rule: '§4.9 SWPx', phase: 1, form: 'SWP0 … SWP6' },
  SCRA: { time: 'pulse', rule: '§4.9 SCRA', phase: 1, form: 'SCRA (the ship’s last action)' },
  GARR: { time: 'pulse', rule: '§4.9 GARR', phase: 1, form: 'GARR' },
  GARX: { time: 'pulse', rule: '§4.9 GARX', phase: 1, form: 'GARX' },
  CURE: { time: 'pulse', rule: '§4.9 CURE', phase: 2, form: 'CURE' },
  FIX: { time: 'pulse', rule: '§4.9 FIX', phase: 2, form: 'FIX' },
  GIVE: { time: 'pulse', rule: '§4.9 GIVE', phase: 2, form: 'GIVE' },
  CLOA: { time: 'pulse', rule: '§4.9 CLOA', phase: 2, form: 'CLOA' },
  GLO: { time: 'pulse', rule: '§4.9 GLOx', phase: 2, form: 'GLOx, x one of AMSNEDWCP' },
  FLO: { time: 'pulse', rule: '§4.9 FLOx', phase: 2, form: 'FLOx, x one of AMSNEDWCP' },
  DECY: { time: 'pulse', rule: '§4.9 DECY', phase: 2, form: 'DECY' },
  DECC: { time: 'pulse', rule: '§4.9 DECC', phase: 2, form: 'DECC' },
  COLL: { time: 'pulse', rule: '§4.9 COLL', phase: 2, form: 'COLL' },
  GETC: { time: 'pulse', rule: '§4.9 GETC', phase: 2, form: 'GETC' },
  LOGB: { time: 'pulse', rule: '§4.9 LOGB', phase: 3, form: 'LOGB' },
  GRAV: { time: 'pulse', rule: '§8.5 GRAV', phase: 3, form: 'GRAV' },
  DISP: { time: 'turn', rule: '§4.9 DISP', phase: 3, form: 'DISP SS CCRR' },
  LINK: { time: 'turn', rule: '§4.9 LINK', phase: 3, form: 'LINK race class no.' },
};

// ------------------------------------------------------------------------------------ misc orders

export type MiscOrder =
  | {
      code: 'PS';
      race: Race;
      designation: string;
      maxEP: number | null;
      cloak: boolean;
      wg: number | null;
      name: string | null;
    }
  | { code: 'PR'; race: Race }
  | { code: 'FS'; sector: string | null; col: number; row: number; ep: number; fighters: number; pfs: number }
  | {
      code: 'FA';
      ep: number;
      filter: { kind: 'SECT'; sector: string } | { kind: 'TERR'; terrain: string } | { kind: 'BASE' } | null;
      max: number | null;
      size: 'MAJO' | 'MINO' | null;
    }
  | { code: 'AF'; sector: string; col: number; row: number; fighters: number; pfs: number }
  | { code: 'DS' | 'US'; sector: string; col: number; row: number }
  | { code: 'BF' | 'BP' | 'BD' | 'BT' | 'BC' | 'BM' | 'BY'; ep: number }
  | { code: 'A%'; pct: number }
  | { code: 'P%'; pct: number }
  | { code: 'CT'; attack: number; defense: number }
  | { code: 'AC' | 'DC'; corp: number }
  | { code: 'RL' | 'PL'; ep: number }
  | { code: 'RO' | 'RM'; on: boolean }
  | { code: 'BO'; count: number | 'PERM' | 'OFF' }
  | { code: 'AA'; race: Race; designation: string }
  | { code: 'NH'; header: string }
  | { code: 'EV' | 'NE' };

export type MiscCode = MiscOrder['code'];

export interface MiscSpec {
  rule: string;
  form: string;
  phase: Phase;
}

export const MISC_ORDERS: Record<MiscCode, MiscSpec> = {
  PS: { rule: '§9.3', form: 'PS race class [maxEP] [CLOA] [WG n] ["name"]', phase: 1 },
  PR: { rule: '§9.6', form: 'PR race', phase: 1 },
  FS: { rule: '§9.4', form: 'FS [sector] hex EP [fighters] [PFs]', phase: 1 },
  FA: { rule: '§9.4', form: 'FA EP [SECT n | TERR code | BASE] [MAX m] [MAJO | MINO]', phase: 1 },
  AF: { rule: '§9.4', form: 'AF sector hex fighters [PFs]', phase: 1 },
  DS: { rule: '§9.4', form: 'DS sector hex', phase: 1 },
  US: { rule: '§9.4', form: 'US sector hex', phase: 1 },
  BF: { rule: '§9.5', form: 'BF EP', phase: 1 },
  BP: { rule: '§9.5', form: 'BP EP', phase: 1 },
  BD: { rule: '§9.5', form: 'BD EP', phase: 1 },
  BT: { rule: '§9.5', form: 'BT EP', phase: 1 },
  BC: { rule: '§9.5', form: 'BC EP', phase: 1 },
  BM: { rule: '§9.5', form: 'BM EP', phase: 1 },
  BY: { rule: '§9.5', form: 'BY EP', phase: 2 },
  'A%': { rule: '§9.9', form: 'A% n (75–150)', phase: 1 },
  'P%': { rule: '§9.9', form: 'P% n (90–250, 0 = off)', phase: 1 },
  CT: { rule: '§9.6', form: 'CT attack defense (0–9 each)', phase: 1 },
  AC: { rule: '§9.6', form: 'AC corp (0 clears)', phase: 1 },
  DC: { rule: '§9.6', form: 'DC corp (0 clears)', phase: 1 },
  RL: { rule: '§9.6', form: 'RL EP', phase: 1 },
  PL: { rule: '§9.6', form: 'PL EP', phase: 1 },
  RO: { rule: '§9.9', form: 'RO ON|OFF', phase: 1 },
  RM: { rule: '§9.9', form: 'RM ON|OFF', phase: 1 },
  BO: { rule: '§9.9', form: 'BO n | BO PERM | BO OFF', phase: 1 },
  AA: { rule: '§9.6', form: 'AA race class', phase: 1 },
  NH: { rule: '§9.7', form: 'NH "hdr" (≤5 characters)', phase: 1 },
  EV: { rule: '§9.6', form: 'EV', phase: 3 },
  NE: { rule: '§9.6', form: 'NE', phase: 3 },
};

/** Codes the book names that belong to later phases (refused with their rule). */
export const LATER_MISC: Record<string, { rule: string; phase: Phase; what: string }> = {
  SH: { rule: '§9.8', phase: 2, what: 'Starbase Orders' },
  SV: { rule: '§9.8', phase: 2, what: 'Starbase Orders' },
  SF: { rule: '§9.8', phase: 2, what: 'Starbase Orders' },
  SJ: { rule: '§9.8', phase: 2, what: 'Starbase Orders' },
  SC: { rule: '§9.8', phase: 2, what: 'Starbase Orders' },
  SX: { rule: '§9.8', phase: 2, what: 'Starbase Orders' },
  SP: { rule: '§9.8', phase: 2, what: 'Starbase Orders' },
  SL: { rule: '§9.8', phase: 2, what: 'Starbase Orders' },
  SM: { rule: '§9.8', phase: 2, what: 'Starbase Orders' },
  SE: { rule: '§9.8', phase: 2, what: 'Starbase Orders' },
  AL: { rule: '§9.4', phase: 2, what: 'officers at sites' },
  EC: { rule: '§9.10', phase: 3, what: 'espionage' },
  ES: { rule: '§9.10', phase: 3, what: 'espionage' },
  LP: { rule: '§8.8', phase: 3, what: 'listening posts' },
  IR: { rule: '§8.8', phase: 3, what: 'listening posts' },
  IB: { rule: '§8.8', phase: 3, what: 'listening posts' },
  IS: { rule: '§8.8', phase: 3, what: 'listening posts' },
  IH: { rule: '§8.8', phase: 3, what: 'listening posts' },
  CP: { rule: '§9.6', phase: 2, what: 'changing primaries' },
  ME: { rule: '§9.7', phase: 2, what: 'messages (use Discord)' },
  NA: { rule: '§9.7', phase: 2, what: 'renaming' },
  CM: { rule: '§9.7', phase: 2, what: 'mottoes' },
  PH: { rule: '§9.7', phase: 2, what: 'contact settings' },
  PI: { rule: '§9.7', phase: 2, what: 'contact settings' },
  VT: { rule: '§9.7', phase: 2, what: 'report verbosity' },
  RA: { rule: '§9.9', phase: 2, what: 'ads' },
  LB: { rule: '§9.9', phase: 2, what: 'battle listening' },
};

// ------------------------------------------------------------------------------------ the sheet

export interface SheetError {
  line: number;
  text: string;
  message: string;
  expected: string;
  rule: string;
}

export interface ShipPlan {
  line: number;
  race: Race;
  designation: string;
  number: number;
  /** Entries in written order; `pulse` entries take a slot each. */
  entries: ShipOrder[];
}

export interface MiscLine {
  line: number;
  order: MiscOrder;
}

export interface Sheet {
  ships: ShipPlan[];
  misc: MiscLine[];
  errors: SheetError[];
}

const isRace = (s: string): s is Race => (RACES as readonly string[]).includes(s);

/** Splits a line into words, keeping "quoted text" as one word (quotes dropped, marked). */
function words(text: string): { words: string[]; quoted: string | null } | null {
  const q = /"([^"]*)"\s*$/.exec(text);
  const quoted = q ? (q[1] ?? '') : null;
  const rest = q ? text.slice(0, q.index) : text;
  if (rest.includes('"')) return null;
  return { words: rest.trim().split(/\s+/).filter(Boolean), quoted };
}

class LineError extends Error {
  constructor(
    readonly expected: string,
    readonly rule: string,
    message: string,
  ) {
    super(message);
  }
}

const int = (
  w: string | undefined,
  what: string,
  spec: { form: string; rule: string },
  lo = 0,
  hi = Number.MAX_SAFE_INTEGER,
): number => {
  if (w === undefined || !/^-?\d+$/.test(w))
    throw new LineError(spec.form, spec.rule, `${what} must be a whole number${w ? `, not "${w}"` : ''}`);
  const n = Number(w);
  if (n < lo || n > hi) throw new LineError(spec.form, spec.rule, `${what} must be ${lo}–${hi}, not ${n}`);
  return n;
};

const hexArg = (w: string | undefined, spec: { form: string; rule: string }) => {
  const h = w === undefined ? null : parseHex(w);
  if (!h) throw new LineError(spec.form, spec.rule, `expected a hex CCRR (0101–1616)${w ? `, not "${w}"` : ''}`);
  return h;
};

const sectorArg = (w: string | undefined, spec: { form: string; rule: string }) => {
  if (w === undefined || !/^\d\d$/.test(w))
    throw new LineError(spec.form, spec.rule, `expected a two-digit sector${w ? `, not "${w}"` : ''}`);
  return w;
};

function parseShipEntries(tokens: string[]): ShipOrder[] {
  const out: ShipOrder[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = (tokens[i] ?? '').toUpperCase();
    const next = () => tokens[++i]?.toUpperCase();
    const spec = (c: ShipOrderCode) => SHIP_ORDERS[c];
    if (/^\d{4}$/.test(t)) {
      const h = hexArg(t, spec('MOVE'));
      out.push({ code: 'MOVE', col: h.col, row: h.row });
    } else if (t === '-' || t === 'NONE') out.push({ code: 'HOLD' });
    else if (t === 'SCAN') {
      const m = next();
      if (m !== 'TERR' && m !== 'SHIP' && m !== 'CLOA')
        throw new LineError(
          spec('SCAN').form,
          spec('SCAN').rule,
          `SCAN needs TERR, SHIP or CLOA${m ? `, not "${m}"` : ''}`,
        );
      out.push({ code: 'SCAN', mode: m });
    } else if (t === 'BOMB') {
      const h = hexArg(next(), spec('BOMB'));
      out.push({ code: 'BOMB', col: h.col, row: h.row });
    } else if (/^RAD\d$/.test(t)) {
      const d = Number(t[3]);
      if (d < 1 || d > 6)
        throw new LineError(spec('RAD').form, spec('RAD').rule, `RADx takes a direction 1–6, not ${d}`);
      out.push({ code: 'RAD', dir: d as 1 | 2 | 3 | 4 | 5 | 6 });
    } else if (/^SWP\d$/.test(t)) {
      const d = Number(t[3]);
      if (d > 6) throw new LineError(spec('SWP').form, spec('SWP').rule, `SWPx takes 0–6, not ${d}`);
      out.push({ code: 'SWP', dir: d as 0 | 1 | 2 | 3 | 4 | 5 | 6 });
    } else if (/^MSN.$/.test(t)) {
      const m = t[3] as Mission;
      if (!(MISSIONS as readonly string[]).includes(m))
        throw new LineError(spec('MSN').form, spec('MSN').rule, `no mission "${m}"`);
      out.push({ code: 'MSN', mission: m });
    } else if (/^(GLO|FLO).$/.test(t)) {
      const o = t[3] ?? '';
      const code = t.slice(0, 3) as 'GLO' | 'FLO';
      if (!'AMSNEDWCP'.includes(o)) throw new LineError(spec(code).form, spec(code).rule, `no officer type "${o}"`);
      out.push({ code, officer: o });
    } else if (t === 'DISP') {
      const sector = sectorArg(next(), spec('DISP'));
      const h = hexArg(next(), spec('DISP'));
      out.push({ code: 'DISP', sector, col: h.col, row: h.row });
    } else if (t === 'LINK') {
      const target = [next(), next(), next()].join(' ');
      out.push({ code: 'LINK', target });
    } else if (t === 'SCRAP') out.push({ code: 'SCRA' });
    else if (
      t === 'PRSP' ||
      t === 'REPR' ||
      t === 'TRNG' ||
      t === 'UPGR' ||
      t === 'REFT' ||
      t === 'NUKE' ||
      t === 'REST' ||
      t === 'SRVY' ||
      t === 'ASSA' ||
      t === 'SCRA' ||
      t === 'GARR' ||
      t === 'GARX' ||
      t === 'CURE' ||
      t === 'FIX' ||
      t === 'GIVE' ||
      t === 'CLOA'
    )
      out.push({ code: t });
    else if (t === 'DECY' || t === 'DECC' || t === 'COLL' || t === 'GETC' || t === 'LOGB' || t === 'GRAV')
      out.push({ code: t });
    else throw new LineError('a hex CCRR, "-", or a ship order (App K)', '§4.9', `unknown ship order "${tokens[i]}"`);
  }
  return out;
}

/** Checks a ship line's shape: phases, slots, whole-turn orders alone, SCRA last (§4.3, §4.9). */
function checkShipShape(entries: ShipOrder[]): void {
  for (const e of entries) {
    const spec = SHIP_ORDERS[e.code];
    if (spec.phase > 1)
      throw new LineError(
        spec.form,
        spec.rule,
        `${e.code} belongs to a later phase of this implementation and is not available in this game`,
      );
  }
  const whole = entries.filter((e) => SHIP_ORDERS[e.code].time === 'turn');
  if (whole.length > 0 && entries.length > 1) {
    const c = whole[0]?.code ?? 'PRSP';
    throw new LineError(
      SHIP_ORDERS[c].form,
      SHIP_ORDERS[c].rule,
      `${c} takes the whole turn: the ship can do nothing else (App K)`,
    );
  }
  const slots = entries.filter((e) => SHIP_ORDERS[e.code].time === 'pulse').length;
  if (slots > LIMITS.slots) throw new LineError('at most six slot entries', '§4.3', `${slots} entries for six pulses`);
  const scra = entries.findIndex((e) => e.code === 'SCRA');
  if (scra >= 0 && scra !== entries.length - 1)
    throw new LineError(SHIP_ORDERS.SCRA.form, SHIP_ORDERS.SCRA.rule, 'SCRA must be the ship’s last action');
}

function parseMisc(text: string): MiscOrder {
  const split = words(text);
  if (!split) throw new LineError('quoted text only at the end of the line', '§9.7', 'a stray quotation mark');
  const [head = '', ...w] = split.words.map((x) => x.toUpperCase());
  const later = LATER_MISC[head];
  if (later)
    throw new LineError(
      `an order of this game (${later.what} come in a later phase)`,
      later.rule,
      `${head} (${later.what}) is not available in this game`,
    );
  if (!(head in MISC_ORDERS))
    throw new LineError(
      `a ship line "R DESIG n: …" or a misc order (${Object.keys(MISC_ORDERS).join(', ')})`,
      '§9.1',
      `unknown order "${head}"`,
    );
  const code = head as MiscCode;
  const spec = MISC_ORDERS[code];
  if (spec.phase > 1)
    throw new LineError(spec.form, spec.rule, `${code} (random events) is not available in this game`);
  const done = (o: MiscOrder, used: number) => {
    if (w.length > used) throw new LineError(spec.form, spec.rule, `unexpected "${w.slice(used).join(' ')}"`);
    return o;
  };
  switch (code) {
    case 'PS': {
      const race = w[0] ?? '';
      if (!isRace(race)) throw new LineError(spec.form, spec.rule, `"${race}" is not a race letter`);
      const designation = w[1];
      if (!designation) throw new LineError(spec.form, spec.rule, 'the class is missing');
      let i = 2;
      let maxEP: number | null = null;
      let cloak = false;
      let wg: number | null = null;
      if (w[i] !== undefined && /^\d+$/.test(w[i] ?? '')) maxEP = int(w[i++], 'maxEP', spec, 1);
      if (w[i] === 'CLOA') {
        cloak = true;
        i++;
      }
      if (w[i] === 'WG') {
        wg = int(w[i + 1], 'the warp gate number', spec, 1);
        i += 2;
      }
      const name = split.quoted;
      if (name !== null && name.length > LIMITS.nameChars)
        throw new LineError(spec.form, '§9.7', `a name has at most ${LIMITS.nameChars} characters`);
      return done({ code, race, designation, maxEP, cloak, wg, name }, i);
    }
    case 'PR':
    case 'AA': {
      const race = w[0] ?? '';
      if (!isRace(race) || race === 'M' || (code === 'PR' && (race === 'J' || race === 'C'))) {
        throw new LineError(spec.form, spec.rule, `"${race}" cannot be named here`);
      }
      if (code === 'PR') return done({ code, race }, 1);
      if (!w[1]) throw new LineError(spec.form, spec.rule, 'the class is missing');
      return done({ code, race, designation: w[1] }, 2);
    }
    case 'FS': {
      // FS [sector] hex EP [fighters] [PFs] — a leading two-digit word is the sector.
      let i = 0;
      let sector: string | null = null;
      if (/^\d\d$/.test(w[0] ?? '')) sector = w[i++] ?? null;
      const h = hexArg(w[i++], spec);
      const ep = int(w[i++], 'the EP', spec, 10);
      const fighters = w[i] !== undefined ? int(w[i++], 'fighters', spec, 0) : 0;
      const pfs = w[i] !== undefined ? int(w[i++], 'PFs', spec, 0) : 0;
      return done({ code, sector, col: h.col, row: h.row, ep, fighters, pfs }, i);
    }
    case 'FA': {
      const ep = int(w[0], 'the EP', spec, 1);
      let i = 1;
      let filter: Extract<MiscOrder, { code: 'FA' }>['filter'] = null;
      let max: number | null = null;
      let size: 'MAJO' | 'MINO' | null = null;
      while (i < w.length) {
        const k = w[i];
        if (k === 'SECT' || k === 'TERR') {
          const v = w[i + 1];
          if (!v) throw new LineError(spec.form, spec.rule, `${k} needs a value`);
          // Only one option keyword counts; extras are ignored (§9.4: "FA 100 SECT 25 BASE" ignores BASE).
          if (!filter)
            filter = k === 'SECT' ? { kind: 'SECT', sector: sectorArg(v, spec) } : { kind: 'TERR', terrain: v };
          i += 2;
        } else if (k === 'BASE' || k === 'BASES') {
          if (!filter) filter = { kind: 'BASE' };
          i++;
        } else if (k === 'MAX') {
          max = int(w[i + 1], 'MAX', spec, 1);
          i += 2;
        } else if (k === 'MAJO' || k === 'MINO') {
          size = k;
          i++;
        } else throw new LineError(spec.form, spec.rule, `"${k}" is not an FA option (§9.4: "FA 75 50" is illegal)`);
      }
      return { code, ep, filter, max, size };
    }
    case 'AF': {
      const sector = sectorArg(w[0], spec);
      const h = hexArg(w[1], spec);
      const fighters = int(w[2], 'fighters', spec, -9999);
      const pfs = w[3] !== undefined ? int(w[3], 'PFs', spec, -9999) : 0;
      return done({ code, sector, col: h.col, row: h.row, fighters, pfs }, w[3] !== undefined ? 4 : 3);
    }
    case 'DS':
    case 'US': {
      const sector = sectorArg(w[0], spec);
      const h = hexArg(w[1], spec);
      return done({ code, sector, col: h.col, row: h.row }, 2);
    }
    case 'BF':
    case 'BP':
    case 'BD':
    case 'BT':
    case 'BC':
    case 'BM':
    case 'BY':
    case 'RL':
    case 'PL':
      return done({ code, ep: int(w[0], 'the EP', spec, 1) }, 1);
    case 'A%':
      return done({ code, pct: int(w[0], 'A%', spec, LIMITS.aPctRange[0], LIMITS.aPctRange[1]) }, 1);
    case 'P%': {
      const pct = int(w[0], 'P%', spec, 0, LIMITS.pPctRange[1]);
      if (pct !== 0 && pct < LIMITS.pPctRange[0])
        throw new LineError(spec.form, spec.rule, `P% is 0 or ${LIMITS.pPctRange[0]}–${LIMITS.pPctRange[1]}`);
      return done({ code, pct }, 1);
    }
    case 'CT':
      return done(
        {
          code,
          attack: int(w[0], 'the attack tactic', spec, 0, 9),
          defense: int(w[1], 'the defense tactic', spec, 0, 9),
        },
        2,
      );
    case 'AC':
    case 'DC':
      return done({ code, corp: int(w[0], 'the corporation number', spec, 0) }, 1);
    case 'RO':
    case 'RM': {
      if (w[0] !== 'ON' && w[0] !== 'OFF') throw new LineError(spec.form, spec.rule, `${code} takes ON or OFF`);
      return done({ code, on: w[0] === 'ON' }, 1);
    }
    case 'BO': {
      if (w[0] === 'PERM' || w[0] === 'OFF') return done({ code, count: w[0] }, 1);
      return done({ code, count: int(w[0], 'the number of orders', spec, 1, LIMITS.boTenMax) }, 1);
    }
    case 'NH': {
      const header = split.quoted ?? '';
      if (header.length > 5) throw new LineError(spec.form, spec.rule, 'a name header has at most 5 characters');
      return done({ code, header }, 0);
    }
    case 'EV':
    case 'NE':
      return done({ code }, 0);
  }
}

const SHIP_LINE = /^([A-Za-z])\s+([A-Za-z0-9+]+)\s+(\d+)\s*:(.*)$/;

/** Parses a whole sheet: every line either parses or yields one error; nothing stops the rest. */
export function parseSheet(text: string): Sheet {
  const sheet: Sheet = { ships: [], misc: [], errors: [] };
  const seen = new Map<string, number>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    const body = raw.replace(/#.*$/, '').trim();
    if (body === '') return;
    try {
      const m = SHIP_LINE.exec(body);
      if (m) {
        const race = (m[1] ?? '').toUpperCase();
        if (!isRace(race)) throw new LineError('R DESIG n: slots', '§4.3', `"${race}" is not a race letter`);
        const key = `${race} ${(m[2] ?? '').toUpperCase()} ${m[3]}`;
        const before = seen.get(key);
        if (before !== undefined)
          throw new LineError('one line per ship', '§4.3', `${key} already has orders on line ${before}`);
        const entries = parseShipEntries((m[4] ?? '').trim().split(/\s+/).filter(Boolean));
        checkShipShape(entries);
        seen.set(key, line);
        sheet.ships.push({ line, race, designation: (m[2] ?? '').toUpperCase(), number: Number(m[3]), entries });
        return;
      }
      sheet.misc.push({ line, order: parseMisc(body) });
    } catch (e) {
      if (!(e instanceof LineError)) throw e;
      sheet.errors.push({ line, text: raw.trim(), message: e.message, expected: e.expected, rule: e.rule });
    }
  });
  return sheet;
}

/** One error as a sentence for the player. */
export function describeError(e: SheetError): string {
  return `line ${e.line}: ${e.message} (expected ${e.expected}; ${e.rule})`;
}
