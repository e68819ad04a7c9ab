import type { CampaignState } from '../../rules/thunderdome/index.ts';
import type { LedgerRow } from '../../rules/thunderdome/ledger.ts';

/** The ledger's figures live in the rules (src/rules/thunderdome/ledger.ts); this is only its text form. */
export { campaignLedger, ledgerCsv, ledgerRows, type LedgerRow } from '../../rules/thunderdome/ledger.ts';

/** A compact text table for the reply beside the picture or the CSV. */
export function ledgerText(state: CampaignState, rows: readonly LedgerRow[]): string {
  const lines = rows.map(
    (r) =>
      `${r.seat ?? '•'}. **${r.player}** (${r.empire}) — bank ${r.bank}, +${r.incomePerCycle}/cycle, ${r.sectorsOwned} sectors (${r.colonies} col, ${r.mines} mines, ${r.forts} forts), ${r.fleets} fleets, ${r.ships} ships = ${r.bpvAfloat} BPV afloat${r.forfeits ? `, ${r.forfeits} forfeits` : ''}${r.status !== 'active' ? ` — ${r.status}` : ''}`,
  );
  return [`📒 **${state.name}** ledger`, ...lines].join('\n');
}
