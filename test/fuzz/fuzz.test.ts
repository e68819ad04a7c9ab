import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { FuzzSession } from './harness.ts';

/**
 * Robustness: random and hostile commands through the Discord path. FUZZ_COMMANDS sets how many
 * (300 here by default; `FUZZ_COMMANDS=10000` for the long run). FUZZ_SEED replays a run;
 * FUZZ_SEED=random draws a new one. The seed is printed with any failure.
 */
const COUNT = Number(process.env.FUZZ_COMMANDS ?? 300);
const SEED =
  process.env.FUZZ_SEED === 'random'
    ? randomBytes(6).toString('hex')
    : (process.env.FUZZ_SEED ?? 'campaign-master-fuzz-1');

it(
  `${COUNT} random and hostile commands, button presses and reactions: every one answered, none escapes, no refused one changes anything, no message parses mentions (seed ${SEED})`,
  async () => {
    const session = await FuzzSession.start(SEED);
    try {
      await session.runMany(COUNT);
      await session.checkReplay();
      const t = session.tally;
      console.log(
        `fuzz seed ${SEED}: ${t.cases} cases — ${t.accepted} accepted, ${t.refused} refused (${t.outsideContract} outside Discord's contract, ${t.malformed} malformed), ${t.autocompletes} autocompletes, ${t.presses} button presses, ${t.reactions} reactions, ${t.replays} redeliveries; ${t.messagesChecked} requests checked for parsed mentions`,
      );
      for (const [what, n] of t.tolerated)
        console.log(`  answered with an incident, on input Discord never delivers (${n}×): ${what}`);
      const first = session.failures[0];
      expect(
        first,
        first &&
          `replay with FUZZ_SEED=${SEED} FUZZ_COMMANDS=${first.index + 1}: case ${first.index}: ${first.label}: ${first.problem}`,
      ).toBeUndefined();
      // A fuzzer that only ever hits refusals would prove little.
      expect(t.accepted).toBeGreaterThan(COUNT / 20);
      expect(t.refused).toBeGreaterThan(COUNT / 4);
      // Buttons and reactions were exercised too, not only slash commands.
      expect(t.presses).toBeGreaterThan(0);
      expect(t.reactions).toBeGreaterThan(0);
    } finally {
      await session.close();
    }
  },
  Math.max(120_000, COUNT * 200),
);
