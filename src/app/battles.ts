import { battleByRef } from '../rules/thunderdome/battles/common.ts';
import { coCommitment, coReceipt } from '../rules/thunderdome/battles/co-secret.ts';
import type { Battle, CampaignState } from '../rules/thunderdome/index.ts';
import { guarded, type Outcome } from './errors.ts';

/**
 * Looking a battle up by what a player typed (UTD7.4): "12", "K12" or "#K12"; an unknown battle
 * is a refusal value naming the battles there are.
 */
export function findBattle(state: CampaignState, ref: string): Outcome<Battle> {
  return guarded(() => battleByRef(state, ref));
}

/** UTD7.A5: the longest secret CO assignment a player may record. */
export { CO_TEXT_MAX } from '../rules/thunderdome/battles/co-secret.ts';

/**
 * UTD7.A5: the receipt of a secret CO assignment just recorded with `salt`, if the battle's stored
 * commitment of one of its sides is the one it opens (a re-delivered interaction keeps the first
 * salt, so a receipt with another salt would open nothing); null otherwise.
 */
export function coReceiptFor(
  state: CampaignState,
  battleRef: string,
  salt: string,
  text: string,
): { battleId: string; receipt: string } | null {
  const found = findBattle(state, battleRef);
  if (!found.ok) return null;
  const b = found.value;
  const t = text.trim();
  const opens = b.sides.some((side) => b.coCommitments?.[side]?.hash === coCommitment(b.id, side, salt, t));
  return opens ? { battleId: b.id, receipt: coReceipt(salt, t) } : null;
}
