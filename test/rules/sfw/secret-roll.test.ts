import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SeededDice, verifyRoll } from '../../../src/rules/dice.ts';
import { commitmentOf, deriveSecretNonce, secretRoll, verifySecretRoll } from '../../../src/rules/sfw/secret-roll.ts';

const SEED = 'ef'.repeat(32);
const PURPOSE = 'SFW special damage: INVINCIBLE, turn 3';

function roll(forced: number[] = []): ReturnType<typeof secretRoll> {
  return secretRoll(new SeededDice(SEED, 42, forced), PURPOSE, deriveSecretNonce(SEED, 42, 0));
}

describe('SFW secret rolls (Special Damage: "do not let your opponent know")', () => {
  it('the owner sees the 00–99 result (forced die 87 reads 86)', () => {
    const r = roll([87]);
    expect(r.result).toBe(86);
    expect(r.reveal.result).toBe(86);
  });

  it('an unforced roll is a fair, verifiable die from the campaign seed', () => {
    const dice = new SeededDice(SEED, 42);
    const r = secretRoll(dice, PURPOSE, deriveSecretNonce(SEED, 42, 0));
    expect(r.result).toBe(dice.records[0]!.results[0]! - 1);
    expect(verifyRoll(SEED, dice.records[0]!)).toBe('fair');
  });

  it('the commitment alone does not reveal the result: trying all 100 results without the nonce matches none', () => {
    const r = roll([87]);
    const guesses = [deriveSecretNonce(SEED, 42, 1), deriveSecretNonce('00'.repeat(32), 42, 0), '0'.repeat(64)];
    for (const nonce of guesses) {
      const matches = Array.from({ length: 100 }, (_, result) =>
        commitmentOf({ purpose: PURPOSE, nonce, result }),
      ).filter((c) => c === r.commitment);
      expect(matches).toHaveLength(0);
    }
    // A plain hash of the result (what a naive design would publish) would be found at once.
    const naive = Array.from({ length: 100 }, (_, n) => createHash('sha256').update(String(n)).digest('hex'));
    expect(naive).not.toContain(r.commitment);
  });

  it('the same result under different nonces gives unrelated commitments, so equal results cannot be spotted', () => {
    const a = secretRoll(new SeededDice(SEED, 1, [50]), PURPOSE, deriveSecretNonce(SEED, 1, 0));
    const b = secretRoll(new SeededDice(SEED, 2, [50]), PURPOSE, deriveSecretNonce(SEED, 2, 0));
    expect(a.result).toBe(b.result);
    expect(a.commitment).not.toBe(b.commitment);
  });

  it('the opponent verifies the reveal after the battle', () => {
    const r = roll([87]);
    expect(verifySecretRoll(r.commitment, r.reveal)).toBe(true);
  });

  it('a tampered reveal fails: other result, other nonce, other purpose', () => {
    const r = roll([87]);
    expect(verifySecretRoll(r.commitment, { ...r.reveal, result: 12 })).toBe(false);
    expect(verifySecretRoll(r.commitment, { ...r.reveal, nonce: deriveSecretNonce(SEED, 42, 1) })).toBe(false);
    expect(verifySecretRoll(r.commitment, { ...r.reveal, purpose: 'SFW special damage: INVINCIBLE, turn 4' })).toBe(
      false,
    );
    expect(verifySecretRoll(r.commitment, { ...r.reveal, result: 186 })).toBe(false);
    expect(verifySecretRoll('0'.repeat(64), r.reveal)).toBe(false);
  });

  it('nonces from the sealed seed differ per event and counter and are refused when too short', () => {
    expect(deriveSecretNonce(SEED, 42, 0)).not.toBe(deriveSecretNonce(SEED, 42, 1));
    expect(deriveSecretNonce(SEED, 42, 0)).not.toBe(deriveSecretNonce(SEED, 43, 0));
    expect(deriveSecretNonce(SEED, 42, 0)).toMatch(/^[0-9a-f]{64}$/);
    expect(() => secretRoll(new SeededDice(SEED, 1), PURPOSE, 'abcd')).toThrow(/128 bits/);
  });
});
