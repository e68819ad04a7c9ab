import { chainPages, findCampaignByChannel } from '../db/campaign-repo.ts';
import { verifyRoll, type VerifyOutcome } from '../rules/dice.ts';
import type { CampaignState, StoredEvent } from '../rules/thunderdome/index.ts';
import type { AppContext } from './context.ts';
import { stateLayout } from './rulesets.ts';
import { slices } from './slices.ts';

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
  events: readonly Pick<StoredEvent, 'rolls'>[],
  sha256: (hex: string) => string,
): DiceAudit {
  const audit = diceAuditor(state, sha256);
  if (audit.result().revealed) for (const e of events) audit.add(e);
  return audit.result();
}

/**
 * `auditDice` an event at a time, for a log read in pages: `result()` before any `add` already
 * says whether anything can be checked (a seed revealed) and whether the revealed seeds match
 * their commitments.
 */
function diceAuditor(
  state: CampaignState,
  sha256: (hex: string) => string,
): { add(e: Pick<StoredEvent, 'rolls'>): void; result(): DiceAudit } {
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
  const commitments = [...state.seedCommitments].reverse();
  const revealed = [...seeds].reverse();
  return {
    add(e) {
      for (const r of e.rolls) {
        audit.rolls++;
        audit.dice += r.results.length;
        // The seed that made a roll is the last one committed before it; if that one is still secret, so is the roll.
        const from = commitments.find((c) => c.fromSeq <= r.eventSeq)?.fromSeq;
        if (from !== undefined && !seeds.some((s) => s.fromSeq === from)) {
          audit.secret++;
          continue;
        }
        const seed = revealed.find((s) => s.fromSeq <= r.eventSeq)?.seed;
        const outcome: VerifyOutcome = seed ? verifyRoll(seed, r) : 'mismatch';
        if (outcome === 'fair') audit.fair++;
        else if (outcome === 'forced') audit.forced++;
        else audit.mismatches.push({ seq: r.eventSeq, purpose: r.purpose });
      }
    },
    result: () => audit,
  };
}

/**
 * `/dice verify` on the campaign of a channel. While no seed is revealed (UTD1.5: the seed stays
 * secret until the campaign ends or the players vote it out, docs/rules-notes.md "Dice") no roll
 * can be checked, so the log is not read at all and the answer is immediate. Otherwise the log
 * is read a page at a time and the rolls recomputed in slices that yield the event loop
 * (docs/performance.md, "Nothing blocks the event loop"). Null when the channel has no campaign.
 */
export async function auditCampaignDice(
  app: AppContext,
  channelId: string,
  sha256: (hex: string) => string,
): Promise<{ state: CampaignState; audit: DiceAudit } | null> {
  return app.database.db.transaction(async (tx) => {
    const row = await findCampaignByChannel(tx, channelId, stateLayout);
    if (!row) return null;
    const audit = diceAuditor(row.state, sha256);
    if (!audit.result().revealed) return { state: row.state, audit: audit.result() };
    const slice = slices();
    for await (const page of chainPages(tx, row.id)) {
      for (const e of page) {
        audit.add(e);
        if (slice.due()) await slice.pause();
      }
    }
    return { state: row.state, audit: audit.result() };
  });
}
