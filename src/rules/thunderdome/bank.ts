import { bpv } from '../exact/bpv.ts';
import type { Decider } from './decider.ts';

/**
 * The bank (UTD4.3236): it lives in the capital and "is destroyed (with any BPV in it) if the
 * capital is destroyed"; without it "a player must spend or lose BPV as it is received each
 * turn" (ISS-A86). Kept apart from the orders so that the battle, capture and step modules can
 * use it without an import cycle.
 */

/** The capitals among `baseIds`, by owner, read before they leave the state. */
export function capitalOwners(d: Decider, baseIds: readonly string[]): string[] {
  return d.state.bases.filter((b) => baseIds.includes(b.id) && b.role === 'capital').map((b) => b.owner);
}

/** UTD4.3236 (TC-015): the capital is gone, so its bank and every BPV in it are gone at once. */
export function loseBankWithCapital(d: Decider, owners: readonly string[]): void {
  for (const id of new Set(owners)) {
    const p = d.state.players.find((x) => x.id === id);
    if (p && bpv(p.bank).gt(0))
      d.emit({ type: 'BankLost', playerId: p.id, amount: p.bank, reason: { code: 'capital-destroyed' } });
  }
}

/**
 * ISS-A86 (TC-015): BPV a player without a bank receives outside its own turn cannot be spent,
 * so it is lost at once; on its own turn it may still be spent until the end of the turn.
 */
export function loseIfReceivedWithoutBank(d: Decider, playerId: string): void {
  const p = d.state.players.find((x) => x.id === playerId);
  if (!p || p.hasBank || d.state.turn?.playerId === playerId || !bpv(p.bank).gt(0)) return;
  d.emit({ type: 'BankLost', playerId: p.id, amount: p.bank, reason: { code: 'received-without-bank' } });
}
