import { verifyRoll, type VerifyOutcome } from '../rules/dice.ts';
import type { CampaignState, StoredEvent } from '../rules/thunderdome/index.ts';

export interface DiceAudit {
  revealed: boolean;
  commitmentsOk: boolean;
  rolls: number;
  dice: number;
  fair: number;
  forced: number;
  /** Rolls made with a seed still secret (after a reveal by vote a fresh seed takes over). */
  secret: number;
  mismatches: { seq: number; purpose: string }[];
}

/**
 * `/dice verify` (design §5): checks each published seed against its commitment, then
 * recomputes every recorded roll from (seed, event, counter). Forced dice (playground and
 * tests only) are counted apart and never pass as fair.
 */
export function auditDice(
  state: CampaignState,
  events: readonly StoredEvent[],
  sha256: (hex: string) => string,
): DiceAudit {
  const seeds = state.revealedSeeds;
  const commitmentsOk = seeds.every((s) =>
    state.seedCommitments.some((c) => c.fromSeq === s.fromSeq && c.hash === sha256(s.seed)),
  );
  const audit: DiceAudit = {
    revealed: seeds.length > 0,
    commitmentsOk,
    rolls: 0,
    dice: 0,
    fair: 0,
    forced: 0,
    secret: 0,
    mismatches: [],
  };
  if (!audit.revealed) return audit;
  for (const e of events) {
    for (const r of e.rolls) {
      audit.rolls++;
      audit.dice += r.results.length;
      // The seed that made a roll is the last one committed before it; if that one is still secret, so is the roll.
      const from = [...state.seedCommitments].reverse().find((c) => c.fromSeq <= r.eventSeq)?.fromSeq;
      if (from !== undefined && !seeds.some((s) => s.fromSeq === from)) {
        audit.secret++;
        continue;
      }
      const seed = [...seeds].reverse().find((s) => s.fromSeq <= r.eventSeq)?.seed;
      const outcome: VerifyOutcome = seed ? verifyRoll(seed, r) : 'mismatch';
      if (outcome === 'fair') audit.fair++;
      else if (outcome === 'forced') audit.forced++;
      else audit.mismatches.push({ seq: r.eventSeq, purpose: r.purpose });
    }
  }
  return audit;
}
