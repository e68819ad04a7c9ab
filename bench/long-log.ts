/**
 * Long campaign logs, built fast but validly, for the figures of docs/performance.md ("Long
 * histories") and the tests that prove them (test/db/long-history.test.ts).
 *
 * A year-long campaign's log is mostly small events. `appendRolls` writes `/roll 3d6` events
 * straight to the log, each exactly as `/roll` would store it: its dice derived from the
 * campaign's secret seed (so `/dice verify` finds them fair), linked into the hash chain by the
 * repository, the campaign's version moved on. A roll changes nothing in the state (apply.ts), so
 * the stored state stays the log's. `playHalfCycles` ends real turns through the app path in
 * between, so the log spans many half-cycles, as a long campaign's does.
 *
 * The builder yields the event loop as the app's long jobs do (src/app/slices.ts): the bench's
 * event-loop figures cover its own setup too (docs/performance.md, "Nothing blocks the event loop").
 */
import { eq } from 'drizzle-orm';
import { runCommand } from '../src/app/run-command.ts';
import type { AppContext } from '../src/app/context.ts';
import { slices } from '../src/app/slices.ts';
import { appendEvents } from '../src/db/campaign-repo.ts';
import { campaigns } from '../src/db/schema.ts';
import { SeededDice } from '../src/rules/dice.ts';
import { formatExpression, parseDiceExpression, rollExpression } from '../src/rules/dice-expression.ts';
import type { Actor, StoredEvent } from '../src/rules/thunderdome/index.ts';

const THREE_D_SIX = (() => {
  const parsed = parseDiceExpression('3d6');
  if (!parsed.ok) throw new Error('3d6 does not parse');
  return parsed.value;
})();

/** Rolls written per transaction, and per call of the repository (whose hashing and INSERT building do not yield). */
const ROLLS_PER_TRANSACTION = 2000;
const ROLLS_PER_APPEND = 250;

/** Appends `count` `/roll 3d6` events by `roller` to the campaign's log, at `at`; returns the new version. */
export async function appendRolls(app: AppContext, campaignId: string, count: number, roller: Actor): Promise<number> {
  const db = app.database.db;
  const [row] = await db
    .select({ version: campaigns.version, secretSeeds: campaigns.secretSeeds })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  if (!row) throw new Error(`no campaign ${campaignId}`);
  const seeds = row.secretSeeds as { fromSeq: number; seed: string }[];
  const seed = seeds.at(-1)!.seed;
  const at = app.clock.now().toISOString();
  const purpose = `/roll by ${roller.displayName}`;
  let version = row.version;
  const slice = slices();
  for (let done = 0; done < count; ) {
    const n = Math.min(ROLLS_PER_TRANSACTION, count - done);
    const events: StoredEvent[] = [];
    for (let k = 0; k < n; k++) {
      if (slice.due()) await slice.pause();
      const seq = version + 1 + k;
      const dice = new SeededDice(seed, seq);
      const rolled = rollExpression(THREE_D_SIX, dice, purpose);
      events.push({
        seq,
        at,
        actor: { userId: roller.userId },
        event: {
          type: 'DiceRolled',
          expression: formatExpression(THREE_D_SIX),
          purpose,
          terms: rolled.terms,
          total: rolled.total,
        },
        rolls: dice.records,
      });
    }
    await db.transaction(async (tx) => {
      // A few hundred at a time: hashing them into the chain and building the INSERT run in one go.
      for (let from = 0; from < events.length; from += ROLLS_PER_APPEND) {
        await appendEvents(tx, campaignId, events.slice(from, from + ROLLS_PER_APPEND));
        await slice.tick();
      }
      await tx
        .update(campaigns)
        .set({ version: version + n })
        .where(eq(campaigns.id, campaignId));
    });
    version += n;
    done += n;
  }
  return version;
}

/**
 * Plays `halfCycles` half-cycles of an active campaign: every player on turn ends it (`/turn
 * end`, through runCommand), after `rollsPerTurn` rolls appended to the log. Returns the version.
 */
export async function playHalfCycles(
  app: AppContext,
  target: { guildId: string; channelId: string },
  campaignId: string,
  halfCycles: number,
  rollsPerTurn: number,
  stateOf: () => Promise<{ halfCycles: number; turn: { playerId: string } | null; version: number }>,
): Promise<number> {
  const start = (await stateOf()).halfCycles;
  for (let guard = 0; guard < halfCycles * 100; guard++) {
    const s = await stateOf();
    if (s.halfCycles >= start + halfCycles) return s.version;
    if (!s.turn) throw new Error('the campaign has no player on turn');
    const player: Actor = { userId: s.turn.playerId, displayName: s.turn.playerId, isServerAdmin: false };
    if (rollsPerTurn > 0) await appendRolls(app, campaignId, rollsPerTurn, player);
    const ended = await runCommand(app, { target, actor: player, command: { type: 'end-turn' } });
    if (!ended.ok) throw new Error(`end-turn refused: ${ended.error.message}`);
  }
  throw new Error('the half-cycles did not pass');
}
