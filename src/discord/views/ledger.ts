import { bpv, bpvToString } from '../../rules/exact/bpv.ts';
import { empireName, type CampaignState, type UnitCatalog } from '../../rules/thunderdome/index.ts';

/** One row of the campaign ledger, the "master spreadsheet" of UTD1.12. */
export interface LedgerRow {
  seat: number | null;
  player: string;
  empire: string;
  status: string;
  bank: string;
  incomePerCycle: string;
  sectorsOwned: number;
  life: number;
  mineral: number;
  dead: number;
  home: number;
  colonies: number;
  mines: number;
  forts: number;
  fleets: number;
  ships: number;
  bpvAfloat: string;
  forfeits: number;
}

export function ledgerRows(state: CampaignState, catalog: UnitCatalog): LedgerRow[] {
  const sectors = state.map?.sectors ?? [];
  return [...state.players]
    .sort((a, b) => (a.seat ?? 99) - (b.seat ?? 99))
    .map((p) => {
      const owned = sectors.filter((s) => s.owner === p.id);
      const active = (kind: 'colony' | 'mine' | 'fort') => sectors.filter((s) => s[kind]?.owner === p.id && s[kind]?.status === 'active').length;
      const minesPaying = sectors.filter((s) => s.mine?.owner === p.id && s.mine.status === 'active' && s.owner === p.id).length;
      const ships = state.ships.filter((s) => s.owner === p.id);
      const afloat = ships.reduce((sum, s) => sum.add(catalog.get(s.unitId)?.bpv ?? s.bpv), bpv(0));
      return {
        seat: p.seat,
        player: p.name,
        empire: empireName(p.empire),
        status: p.status,
        bank: p.bank,
        incomePerCycle: bpvToString(bpv(state.settings['income.perMine']).mul(minesPaying)),
        sectorsOwned: owned.length,
        life: owned.filter((s) => s.type === 'life').length,
        mineral: owned.filter((s) => s.type === 'mineral').length,
        dead: owned.filter((s) => s.type === 'dead').length,
        home: owned.filter((s) => s.type === 'home').length,
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

const COLUMNS: (keyof LedgerRow)[] = ['seat', 'player', 'empire', 'status', 'bank', 'incomePerCycle', 'sectorsOwned', 'home', 'life', 'mineral', 'dead', 'colonies', 'mines', 'forts', 'fleets', 'ships', 'bpvAfloat', 'forfeits'];

/** The ledger as CSV (RFC 4180 quoting), for those who want the real spreadsheet. */
export function ledgerCsv(rows: LedgerRow[]): string {
  const cell = (v: unknown) => {
    const t = v === null ? '' : String(v);
    return /[",\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
  };
  return [COLUMNS.join(','), ...rows.map((r) => COLUMNS.map((c) => cell(r[c])).join(','))].join('\n') + '\n';
}

/** A compact text table for the reply (the picture comes with the rendering issue). */
export function ledgerText(state: CampaignState, rows: LedgerRow[]): string {
  const lines = rows.map((r) => `${r.seat ?? '•'}. **${r.player}** (${r.empire}) — bank ${r.bank}, +${r.incomePerCycle}/cycle, ${r.sectorsOwned} sectors (${r.colonies} col, ${r.mines} mines, ${r.forts} forts), ${r.fleets} fleets, ${r.ships} ships = ${r.bpvAfloat} BPV afloat${r.forfeits ? `, ${r.forfeits} forfeits` : ''}${r.status !== 'active' ? ` — ${r.status}` : ''}`);
  return [`📒 **${state.name}** ledger`, ...lines].join('\n');
}
