import { createHash } from 'node:crypto';
import { refuse } from '../../errors.ts';
import type { Decider } from '../decider.ts';
import { battleByRef, openBattle } from './common.ts';
import { mySide } from './negotiation.ts';

/**
 * Secret commander's-option assignments (UTD7.A5): each side assigns its COs secretly during the
 * battle setup and keeps a written record, revealed after the battle. The bot keeps the record as
 * a commitment, like the dice seed (src/rules/dice.ts): only the SHA-256 of the side's receipt
 * (a random salt chosen outside the rules, then the assignment text) is stored and announced when
 * the assignment is made; the player keeps the receipt, and after the battle reveals it. The bot
 * checks it against the commitment and publishes salt and text, so anyone can recompute the hash.
 * Readings: docs/rules-notes.md "Secret commander's options".
 */

/** The longest assignment text: a written record of options, not an essay. */
export const CO_TEXT_MAX = 1500;
const SALT = /^[0-9a-f]{16,64}$/;

/** The commitment to one side's assignment in one battle: SHA-256 of `battle \n side \n salt \n text`. */
export function coCommitment(battleId: string, side: string, salt: string, text: string): string {
  return createHash('sha256').update(`${battleId}\n${side}\n${salt}\n${text}`).digest('hex');
}

/** A receipt as the player keeps it: `salt:text`. */
export function coReceipt(salt: string, text: string): string {
  return `${salt}:${text}`;
}

function parseReceipt(receipt: string): { salt: string; text: string } | null {
  const at = receipt.indexOf(':');
  if (at < 0) return null;
  const salt = receipt.slice(0, at).trim().toLowerCase();
  return SALT.test(salt) ? { salt, text: receipt.slice(at + 1) } : null;
}

/** UTD7.A5: a side records its secret CO assignment for an open battle; a later one replaces it. */
export function commitOptions(d: Decider, ref: string, salt: string, text: string): void {
  const b = openBattle(d.state, ref);
  const side = mySide(d, b);
  if (!SALT.test(salt)) refuse('co/bad-salt', 'UTD7.A5', 'The commitment needs a random salt of 16 to 64 hex digits.');
  const t = text.trim();
  if (t.length === 0)
    refuse('co/empty', 'UTD7.A5', 'Write the options you assign, e.g. `S12: 2 T-bombs; S13: extra drones`.');
  if (t.length > CO_TEXT_MAX)
    refuse('co/too-long', 'UTD7.A5', `An assignment has at most ${CO_TEXT_MAX} characters (this one has ${t.length}).`);
  d.emit({
    type: 'BattleOptionsCommitted',
    battleId: b.id,
    side,
    hash: coCommitment(b.id, side, salt, t),
    replaces: b.coCommitments?.[side]?.hash ?? null,
  });
}

/** UTD7.A5: after the battle, a side reveals its assignment with the receipt; it must match the commitment. */
export function revealOptions(d: Decider, ref: string, receipt: string): void {
  const b = battleByRef(d.state, ref);
  if (b.status !== 'resolved')
    refuse('co/battle-open', 'UTD7.A5', `Battle ${b.id} is not over: the assignments are revealed at its conclusion.`);
  const side = mySide(d, b);
  const committed = b.coCommitments?.[side];
  if (!committed) refuse('co/none', 'UTD7.A5', `Your side recorded no secret assignment for battle ${b.id}.`);
  if (committed.revealed) refuse('co/revealed', 'UTD7.A5', `Your assignment for battle ${b.id} is already revealed.`);
  const parsed = parseReceipt(receipt.trim());
  if (!parsed)
    refuse(
      'co/bad-receipt',
      'UTD7.A5',
      'That is not a receipt: paste the whole `salt:text` the bot gave you when you recorded it.',
    );
  const text = parsed.text.trim();
  if (coCommitment(b.id, side, parsed.salt, text) !== committed.hash)
    refuse(
      'co/mismatch',
      'UTD7.A5',
      `That receipt does not match the commitment recorded for your side (${committed.hash.slice(0, 12)}…).`,
      'Paste the latest receipt exactly as given: a later assignment replaced any earlier one.',
    );
  d.emit({ type: 'BattleOptionsRevealed', battleId: b.id, side, salt: parsed.salt, text, hash: committed.hash });
}
