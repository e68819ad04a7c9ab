import type { CampaignState } from '../../rules/thunderdome/index.ts';
import type { LedgerRow } from '../../rules/thunderdome/ledger.ts';
import { plainName } from '../words-context.ts';

/** The ledger's figures live in the rules (src/rules/thunderdome/ledger.ts); this is only its text form. */
export { campaignLedger, ledgerCsv, ledgerRows, type LedgerRow } from '../../rules/thunderdome/ledger.ts';

/** A compact text table for the reply beside the picture or the CSV. */
export function ledgerText(state: CampaignState, rows: readonly LedgerRow[]): string {
  const lines = rows.map(
    (r) =>
      `${r.seat ?? '•'}. **${plainName(r.player)}** (${r.empire}) — bank ${r.bank}, +${r.incomePerCycle}/cycle, ${count(r.sectorsOwned, 'sector')} (${count(r.colonies, 'colony', 'colonies')}, ${count(r.mines, 'mine')}, ${count(r.forts, 'fortification')}), ${count(r.fleets, 'fleet')}, ${count(r.ships, 'ship')} = ${r.bpvAfloat} BPV afloat${r.forfeits ? `, ${count(r.forfeits, 'forfeit')}` : ''}${r.status !== 'active' ? ` — ${r.status}` : ''}`,
  );
  return [`📒 **${plainName(state.name)}** ledger`, ...lines].join('\n');
}

/** `1 mine`, `2 mines`. */
function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
