import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignAtCycle, campaignInChannel, exportCampaignFile } from '../../src/app/campaigns.ts';
import { auditCampaignDice } from '../../src/app/dice-audit.ts';
import { checkExport } from '../../src/app/export.ts';
import { runCommand } from '../../src/app/run-command.ts';
import { stateLayout } from '../../src/app/rulesets.ts';
import { slices } from '../../src/app/slices.ts';
import { verifyCampaign } from '../../src/app/verify.ts';
import { findCampaignByChannel, saveCampaign } from '../../src/db/campaign-repo.ts';
import { sameJson } from '../../src/rules/json-data.ts';
import type { Vote } from '../../src/rules/thunderdome/index.ts';
import { appendRolls } from '../../bench/long-log.ts';
import { actor, setupCampaign, testApp } from '../helpers/app.ts';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases.ts';

const sha256 = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

/**
 * Runs `op` with a 5 ms interval timer beside it: how often the timer got to fire, and the longest
 * stretch (ms) the event loop went without it (from the start, between ticks, to the end).
 */
async function timerDuring<T>(op: () => Promise<T>): Promise<{ value: T; ms: number; ticks: number; longest: number }> {
  const ticks: number[] = [];
  const start = performance.now();
  const timer = setInterval(() => ticks.push(performance.now()), 5);
  let value: T;
  try {
    value = await op();
  } finally {
    clearInterval(timer);
  }
  const end = performance.now();
  const marks = [start, ...ticks, end];
  let longest = 0;
  for (let k = 1; k < marks.length; k++) longest = Math.max(longest, marks[k]! - marks[k - 1]!);
  return { value, ms: end - start, ticks: ticks.length, longest };
}

/**
 * What "the timer fires during it" means here, whatever the machine's speed: many times, and never
 * kept waiting for a large part of the whole run. PGlite answers its queries on this thread, so an
 * operation that did not yield between its pages would hold the timer for nearly all of it.
 */
function expectTimerFired(run: { ms: number; ticks: number; longest: number }, what: string): void {
  // The log must be long enough for the operation to matter at all (else this proves nothing).
  expect(run.ms, `${what} ran too briefly to tell`).toBeGreaterThan(200);
  expect(run.ticks, `${what}: timer ticks`).toBeGreaterThanOrEqual(10);
  expect(run.longest, `${what}: longest wait of the timer`).toBeLessThan(run.ms / 3);
}

describe('Nothing blocks the event loop (docs/performance.md): long jobs on a long log run in slices that yield', () => {
  let tdb: TestDatabase;
  beforeAll(async () => {
    tdb = await createPgliteDatabase();
  });
  afterAll(async () => tdb.drop());

  it('a slice is used up after its budget, and a due timer fires within the next slice of a job that pauses', async () => {
    // A budget well above the time a loaded machine may take this thread away between two lines
    // (with 5 ms, a CI machine once did, right after a pause).
    const s = slices(40);
    expect(s.due()).toBe(false);
    expect(s.tick()).toBeNull();
    let firedAt: number | null = null;
    let slice = 0;
    setTimeout(() => {
      firedAt = slice;
    }, 0);
    // Six slices of 45 ms of synchronous work, each ended by the slicer.
    for (; slice < 6; slice++) {
      const until = performance.now() + 45;
      while (performance.now() < until);
      expect(s.due()).toBe(true);
      await s.tick();
      expect(s.due()).toBe(false);
    }
    // setImmediate runs before the next round's timers: a due timer waits at most one more slice.
    expect(firedAt).not.toBeNull();
    expect(firedAt!).toBeLessThanOrEqual(1);
  });

  it('UTD1.5 /dice verify, /campaign verify, /campaign export, the import check and /campaign history of a 12,000-event log let a 5 ms timer fire throughout, with the same answers', async () => {
    const app = testApp(tdb.database);
    const target = { guildId: 'g', channelId: 'sliced' };
    await setupCampaign(app, target, []);
    const row = (await findCampaignByChannel(app.database.db, target.channelId, stateLayout))!;
    const version = await appendRolls(app, row.id, 12_000, actor('b'));

    // While the seed is secret nothing can be checked: the answer comes at once, without the log.
    const secret = await auditCampaignDice(app, target.channelId, sha256);
    expect(secret?.audit).toMatchObject({ revealed: false, rolls: 0 });

    // The campaign ends (every other player resigns): its seed is revealed (UTD1.5).
    for (const u of ['b', 'c'])
      expect((await runCommand(app, { target, actor: actor(u), command: { type: 'resign' } })).ok).toBe(true);
    const state = (await campaignInChannel(app, target.channelId))!;
    expect(state.revealedSeeds.length).toBeGreaterThan(0);

    const dice = await timerDuring(() => auditCampaignDice(app, target.channelId, sha256));
    expect(dice.value?.audit).toMatchObject({ revealed: true, commitmentsOk: true, mismatches: [], secret: 0 });
    expect(dice.value!.audit.fair).toBeGreaterThanOrEqual(12_000);
    expectTimerFired(dice, '/dice verify');

    const verified = await timerDuring(() => verifyCampaign(app, target.channelId));
    expect(verified.value.ok && verified.value.value).toMatchObject({ breaks: [], state: [], replayFailed: null });
    expect(verified.value.ok && verified.value.value.events).toBeGreaterThan(version);
    expectTimerFired(verified, '/campaign verify');

    const exported = await timerDuring(() => exportCampaignFile(app, target.channelId, { includeSecret: true }));
    if (!exported.value.ok) throw new Error(exported.value.error.message);
    expect(exported.value.value.gzip).toBe(true);
    expectTimerFired(exported, '/campaign export');

    const checked = await timerDuring(() =>
      checkExport(exported.value.ok ? exported.value.value.bytes : Buffer.from('')),
    );
    expect(checked.value.ok && checked.value.value.count).toBe(exported.value.value.events);
    expectTimerFired(checked, 'the import check');

    // No snapshot stored (the campaign never left its first half-cycle): history folds the whole log.
    const history = await timerDuring(() => campaignAtCycle(app, target.channelId, state.halfCycles));
    expect(history.value?.status).toBe('finished');
    expectTimerFired(history, '/campaign history');
  }, 300_000);

  it('UTD1.7: a cold load of a campaign holding 3,000 finished records reads them a page at a time, letting a 5 ms timer fire throughout, and gives them back whole, in order and frozen', async () => {
    const app = testApp(tdb.database);
    const target = { guildId: 'g', channelId: 'many-records' };
    await setupCampaign(app, target);
    const row = (await findCampaignByChannel(app.database.db, target.channelId, stateLayout))!;
    // Decided votes (UTD1.7) are finished records, stored apart; each about as large as a resolved battle.
    const votes = Array.from(
      { length: 3000 },
      (_, k): Vote => ({
        id: `V${k + 1}`,
        payload: { kind: 'general' } as unknown as Vote['payload'],
        question: `question ${k + 1}`,
        options: Array.from({ length: 40 }, (_, i) => ({ key: `o${i}`, label: `option ${i}` })),
        proposer: 'a',
        electorate: ['a', 'b', 'c'],
        threshold: 2,
        ballots: { a: 'yes', b: 'yes' },
        openedAt: '2026-11-21T12:00:00.000Z',
        closesAt: '2026-11-22T12:00:00.000Z',
        status: k % 2 === 0 ? 'passed' : 'rejected',
        messageId: null,
      }),
    );
    // One open vote among them stays in the state column: the pages are put together around it.
    votes[1234] = { ...votes[1234]!, status: 'open' };
    await saveCampaign(
      app.database.db,
      { ...row, state: { ...row.state, votes } },
      row.version,
      app.clock.now(),
      stateLayout,
    );

    const loaded = await timerDuring(() => findCampaignByChannel(app.database.db, target.channelId, stateLayout));
    const back = loaded.value!.state.votes;
    expect(back.length).toBe(3000);
    expect(back.map((v) => v.id)).toEqual(votes.map((v) => v.id));
    expect(sameJson(back, votes)).toBe(true);
    expect(back.filter((v) => v.status !== 'open').every((v) => Object.isFrozen(v))).toBe(true);
    // Most of a load is PGlite's own work, in its worker; what is left on this thread is unpacking
    // and freezing the records. Read in one query that came as one stretch, about a third of the
    // whole; a page at a time it is twelve short ones. (On a quick, quiet machine the load takes
    // 150 ms: enough for the 5 ms timer to tell one stretch from twelve.)
    expect(loaded.ms, 'the load ran too briefly to tell').toBeGreaterThan(100);
    expect(loaded.ticks).toBeGreaterThanOrEqual(10);
    expect(loaded.longest, 'longest wait of the timer').toBeLessThan(loaded.ms / 6);
  }, 120_000);
});
