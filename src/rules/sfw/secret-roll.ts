import { createHash, createHmac } from 'node:crypto';
import type { DiceSource } from '../dice.ts';
import { rollPercentile } from './percentile.ts';

/**
 * Secret rolls (SFW Special Damage: "do not let your opponent know what your die roll is"). The
 * owner is told the result privately; everyone else sees only a commitment
 *   SHA-256("sfw-secret-roll/v1" \n purpose \n nonce \n result)
 * and after the battle the owner's reveal {purpose, nonce, result} lets the opponent check that
 * the roll was not changed afterwards. The nonce is what keeps the result hidden: without it the
 * 100 possible results cannot be tried against the commitment. The purpose is bound in so that a
 * reveal cannot be moved from one roll to another.
 *
 * The nonce must be unpredictable to players. Rules code has no randomness of its own, so the
 * caller supplies it: `deriveSecretNonce` from the campaign's sealed seed (recomputable once the
 * seed is revealed), or 16+ random bytes from the app layer.
 *
 * Caution for callers: the die still goes through the DiceSource and lands in its records, so
 * the event that stores those records must stay private (or store only the commitment) until the
 * reveal.
 */
export interface SecretRollReveal {
  readonly purpose: string;
  /** Hex, at least 128 bits. */
  readonly nonce: string;
  /** 00–99. */
  readonly result: number;
}

export interface SecretRoll {
  /** For the owner only (ephemeral reply or DM). */
  readonly result: number;
  /** Public: post it in the channel when the roll is made. */
  readonly commitment: string;
  /** Kept by the bot for the owner; published after the battle. */
  readonly reveal: SecretRollReveal;
}

const NONCE = /^[0-9a-f]{32,}$/;

/** HMAC-SHA256(seed, "sfw-secret-nonce:<eventSeq>:<counter>"): secret until the seed is revealed, and revealing it does not reveal the seed. */
export function deriveSecretNonce(seedHex: string, eventSeq: number, counter: number): string {
  return createHmac('sha256', Buffer.from(seedHex, 'hex'))
    .update(`sfw-secret-nonce:${eventSeq}:${counter}`)
    .digest('hex');
}

export function commitmentOf(reveal: SecretRollReveal): string {
  return createHash('sha256')
    .update(`sfw-secret-roll/v1\n${reveal.purpose}\n${reveal.nonce}\n${reveal.result}`)
    .digest('hex');
}

/** Rolls 00–99 for `purpose` and seals it under `nonce`. */
export function secretRoll(dice: DiceSource, purpose: string, nonce: string): SecretRoll {
  if (!NONCE.test(nonce)) throw new Error('a secret roll needs a lower-case hex nonce of at least 128 bits');
  const result = rollPercentile(dice, purpose);
  const reveal: SecretRollReveal = { purpose, nonce, result };
  return { result, commitment: commitmentOf(reveal), reveal };
}

/** What the opponent runs after the battle: true only if the reveal is exactly what was committed. */
export function verifySecretRoll(commitment: string, reveal: SecretRollReveal): boolean {
  if (!NONCE.test(reveal.nonce) || !Number.isInteger(reveal.result) || reveal.result < 0 || reveal.result > 99)
    return false;
  return commitmentOf(reveal) === commitment.toLowerCase();
}
