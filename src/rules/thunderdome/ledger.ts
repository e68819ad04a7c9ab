import { bpv, bpvToString, ZERO, type Bpv } from '../exact/bpv.ts';
import { spreadsheetCell } from '../csv.ts';
import { empireName } from './empires.ts';
import type { CampaignState, Player, Sector } from './state.ts';
import type { UnitCatalog } from './units.ts';

/**
 * The campaign ledger: the "campaign master spreadsheet" of UTD1.12 as plain
 * figures, one row per player in seat order, computed from the state alone. The ledger image,
 * the CSV export and the text reply all read these rows, so the three always agree.
 */
export interface LedgerRow {
  playerId: string;
  seat: number | null;
  player: string;
  empire: string;
  status: Player['status'];
  /** The bank in the capital (UTD4.3236), exact BPV. */
  bank: string;
  /** UTD4.344: 100 BPV (setting income.perMine) per active mine of the player in a sector the player owns. */
  incomePerCycle: string;
  sectorsOwned: number;
  home: number;
  life: number;
  mineral: number;
  dead: number;
  /** Active developments only; ordered ones are not there yet (UTD4.331). */
  colonies: number;
  mines: number;
  forts: number;
  fleets: number;
  ships: number;
  /** Catalog BPV of every ship the player owns, in fleets or in dry dock, crippled or not. */
  bpvAfloat: string;
  /** Turns forfeited in the whole campaign (UTD3.31). */
  forfeits: number;
}

/** Column sums of the ledger (the image's last line): every figure of a row. */
export type LedgerTotals = Omit<LedgerRow, 'playerId' | 'seat' | 'player' | 'empire' | 'status'>;

export interface Ledger {
  rows: LedgerRow[];
  totals: LedgerTotals;
  /** Sectors of the map no player owns, and the map's size (context for the sector columns). */
  unowned: number;
  sectors: number;
}

/** The mines that pay a player at step 2 of their turn: the same count as the income step (UTD4.344). */
export function payingMines(sectors: readonly Sector[], playerId: string): Sector[] {
  return sectors.filter((s) => s.mine?.status === 'active' && s.mine.owner === playerId && s.owner === playerId);
}

export function ledgerRows(state: CampaignState, catalog: Pick<UnitCatalog, 'get'>): LedgerRow[] {
  const sectors = state.map?.sectors ?? [];
  return [...state.players]
    .sort((a, b) => (a.seat ?? 99) - (b.seat ?? 99) || (a.joinedAt < b.joinedAt ? -1 : a.joinedAt > b.joinedAt ? 1 : 0))
    .map((p) => {
      const owned = sectors.filter((s) => s.owner === p.id);
      const active = (kind: 'colony' | 'mine' | 'fort') =>
        sectors.filter((s) => s[kind]?.owner === p.id && s[kind]?.status === 'active').length;
      const ships = state.ships.filter((s) => s.owner === p.id);
      const afloat = ships.reduce<Bpv>((sum, s) => sum.add(catalog.get(s.unitId)?.bpv ?? s.bpv), ZERO);
      return {
        playerId: p.id,
        seat: p.seat,
        player: p.name,
        empire: empireName(p.empire),
        status: p.status,
        bank: p.bank,
        incomePerCycle: bpvToString(bpv(state.settings['income.perMine']).mul(payingMines(sectors, p.id).length)),
        sectorsOwned: owned.length,
        home: owned.filter((s) => s.type === 'home').length,
        life: owned.filter((s) => s.type === 'life').length,
        mineral: owned.filter((s) => s.type === 'mineral').length,
        dead: owned.filter((s) => s.type === 'dead').length,
        colonies: active('colony'),
        mines: active('mine'),
        forts: active('fort'),
        fleets: state.fleets.filter((f) => f.owner === p.id).length,
        ships: ships.length,
        bpvAfloat: bpvToString(afloat),
        forfeits: p.totalForfeits,
      };
    });
}

export function ledgerTotals(rows: readonly LedgerRow[]): LedgerTotals {
  const sum = (
    k:
      | 'sectorsOwned'
      | 'home'
      | 'life'
      | 'mineral'
      | 'dead'
      | 'colonies'
      | 'mines'
      | 'forts'
      | 'fleets'
      | 'ships'
      | 'forfeits',
  ) => rows.reduce((n, r) => n + r[k], 0);
  const money = (k: 'bank' | 'incomePerCycle' | 'bpvAfloat') =>
    bpvToString(rows.reduce<Bpv>((n, r) => n.add(r[k]), ZERO));
  return {
    bank: money('bank'),
    incomePerCycle: money('incomePerCycle'),
    sectorsOwned: sum('sectorsOwned'),
    home: sum('home'),
    life: sum('life'),
    mineral: sum('mineral'),
    dead: sum('dead'),
    colonies: sum('colonies'),
    mines: sum('mines'),
    forts: sum('forts'),
    fleets: sum('fleets'),
    ships: sum('ships'),
    bpvAfloat: money('bpvAfloat'),
    forfeits: sum('forfeits'),
  };
}

export function campaignLedger(state: CampaignState, catalog: Pick<UnitCatalog, 'get'>): Ledger {
  const rows = ledgerRows(state, catalog);
  const sectors = state.map?.sectors ?? [];
  return {
    rows,
    totals: ledgerTotals(rows),
    unowned: sectors.filter((s) => s.owner === null).length,
    sectors: sectors.length,
  };
}

/** The CSV columns, in order (the header line uses these names). */
export const LEDGER_COLUMNS = [
  'seat',
  'player',
  'empire',
  'status',
  'bank',
  'incomePerCycle',
  'sectorsOwned',
  'home',
  'life',
  'mineral',
  'dead',
  'colonies',
  'mines',
  'forts',
  'fleets',
  'ships',
  'bpvAfloat',
  'forfeits',
] as const satisfies readonly (keyof LedgerRow)[];

/**
 * The ledger as CSV (RFC 4180, LF line ends), for those who want the real spreadsheet; cells that
 * a spreadsheet would take for a formula (a player's name) are written as text.
 */
export function ledgerCsv(rows: readonly LedgerRow[]): string {
  return `${[LEDGER_COLUMNS.join(','), ...rows.map((r) => LEDGER_COLUMNS.map((c) => spreadsheetCell(r[c])).join(','))].join('\n')}\n`;
}
