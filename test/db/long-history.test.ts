import { gunzipSync } from 'node:zlib';
import { and, asc, count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { campaignAtCycle, campaignInChannel, exportCampaignFile, importCampaign } from '../../src/app/campaigns.ts';
import { canonicalJson, EXPORT_MAX_BYTES, EXPORT_PLAIN_MAX } from '../../src/app/export.ts';
import { stateLayout } from '../../src/app/rulesets.ts';
import { verifyCampaign } from '../../src/app/verify.ts';
import { findCampaignByChannel, loadChain, loadEvents } from '../../src/db/campaign-repo.ts';
import { campaignEvents, campaignSnapshots } from '../../src/db/schema.ts';
import { verifyRoll } from '../../src/rules/dice.ts';
import { replay, type StoredEvent } from '../../src/rules/thunderdome/index.ts';
import { appendRolls, playHalfCycles } from '../../bench/long-log.ts';
import { actor, setupCampaign, testApp } from '../helpers/app.ts';
import { forEachDriver } from '../helpers/databases.ts';
import { runCommand } from '../../src/app/run-command.ts';
import type { AppContext } from '../../src/app/context.ts';

/** What `/campaign history` must give for half-cycle `h`: the log folded up to the first turn start of a later one. */
function historyByReplay(events: readonly StoredEvent[], h: number) {
  const upTo: StoredEvent[] = [];
  for (const e of events) {
    if (e.event.type === 'TurnStarted' && e.event.halfCycles > h) break;
    upTo.push(e);
  }
  return replay(upTo);
}

async function activeCampaign(app: AppContext, target: { guildId: string; channelId: string }) {
  await setupCampaign(app, target);
  for (const u of ['a', 'b', 'c'])
    expect((await runCommand(app, { target, actor: actor(u), command: { type: 'setup-ready', ready: true } })).ok).toBe(
      true,
    );
  const row = (await findCampaignByChannel(app.database.db, target.channelId, stateLayout))!;
  expect(row.state.status).toBe('active');
  return row;
}

forEachDriver('long histories', (db, skip, driver) => {
  it.skipIf(skip)(
    'UTD8.1 export and import at any size: a 20,000-event campaign goes out gzip-compressed within the upload limit and comes back whole, its chain, its rolls and its state intact',
    async () => {
      const app = testApp(db().database);
      const target = { guildId: 'g', channelId: `long-${driver}` };
      const row = await activeCampaign(app, target);
      // 20,000 events and more: one INSERT of such a log passed PostgreSQL's bind-parameter limit.
      const version = await appendRolls(app, row.id, 20_000 - row.version, actor('b'));
      expect(version).toBe(20_000);
      const exported = await exportCampaignFile(app, target.channelId, { includeSecret: true });
      if (!exported.ok) throw new Error(exported.error.message);
      const file = exported.value;
      expect(file.events).toBe(20_000);
      expect(file.gzip).toBe(true);
      expect(file.plainBytes).toBeGreaterThan(EXPORT_PLAIN_MAX);
      expect(file.bytes.byteLength).toBeLessThanOrEqual(EXPORT_MAX_BYTES);
      // Still one JSON document once unpacked: the whole state and every event.
      const doc = JSON.parse(gunzipSync(file.bytes).toString('utf8')) as { format: number; events: StoredEvent[] };
      expect(doc.format).toBe(4);
      expect(doc.events.length).toBe(20_000);

      const to = { guildId: 'g', channelId: `long-${driver}-copy` };
      const imported = await importCampaign(app, to, actor('a', { isServerAdmin: true }), file.bytes);
      if (!imported.ok) throw new Error(imported.error.message);
      expect(imported.value.events).toBe(20_001);
      const copy = (await findCampaignByChannel(app.database.db, to.channelId, stateLayout))!;
      const [{ n }] = (await app.database.db
        .select({ n: count() })
        .from(campaignEvents)
        .where(eq(campaignEvents.campaignId, copy.id))) as [{ n: number }];
      expect(Number(n)).toBe(20_001);
      // The chain is the same hashes, the log replays to the stored state, and the rolls verify with the seed.
      const original = await loadChain(app.database.db, row.id);
      const copied = await loadChain(app.database.db, copy.id);
      expect(copied.slice(0, -1).map((e) => e.hash)).toEqual(original.map((e) => e.hash));
      const verified = await verifyCampaign(app, to.channelId);
      expect(verified.ok && verified.value).toMatchObject({
        events: 20_001,
        breaks: [],
        state: [],
        replayFailed: null,
      });
      const seed = copy.secretSeeds[0]!.seed;
      const sample = copied.filter((e) => e.seq % 997 === 0).flatMap((e) => e.rolls);
      expect(sample.length).toBeGreaterThan(10);
      expect(sample.every((r) => verifyRoll(seed, r) === 'fair')).toBe(true);
      // A damaged compressed file is refused and stores nothing.
      const cut = file.bytes.subarray(0, file.bytes.byteLength >> 1);
      const refused = await importCampaign(app, { guildId: 'g', channelId: `long-${driver}-cut` }, actor('a'), cut);
      expect(refused).toMatchObject({ ok: false, error: { code: 'import/invalid', rule: 'UTD1.6' } });
      expect(await campaignInChannel(app, `long-${driver}-cut`)).toBeNull();
    },
    120_000,
  );

  it.skipIf(skip)(
    'UTD2.2 /campaign history reads the snapshot of the half-cycle it asks for: the command that ends a half-cycle stores it, a replay that finds one missing stores it again, and both equal the log folded from the start',
    async () => {
      const app = testApp(db().database);
      const target = { guildId: 'g', channelId: `snap-${driver}` };
      const row = await activeCampaign(app, target);
      const stateOf = async () => {
        const r = (await findCampaignByChannel(app.database.db, target.channelId, stateLayout))!;
        return { halfCycles: r.state.halfCycles, turn: r.state.turn, version: r.version };
      };
      const first = (await stateOf()).halfCycles;
      await playHalfCycles(app, target, row.id, 4, 5, stateOf);
      const snapshots = async () =>
        app.database.db
          .select()
          .from(campaignSnapshots)
          .where(eq(campaignSnapshots.campaignId, row.id))
          .orderBy(asc(campaignSnapshots.halfCycles));
      const stored = await snapshots();
      expect(stored.map((x) => x.halfCycles)).toEqual([first, first + 1, first + 2, first + 3]);
      const events = await loadEvents(app.database.db, row.id);
      for (const x of stored) {
        // The snapshot is the state just before the first turn start of the next half-cycle.
        const next = events[x.seq]!;
        expect(next.event).toMatchObject({ type: 'TurnStarted', halfCycles: x.halfCycles + 1 });
        expect(canonicalJson(x.state)).toBe(canonicalJson(historyByReplay(events, x.halfCycles)));
      }
      for (const h of [first - 1, first, first + 2, first + 4, first + 9])
        expect(canonicalJson(await campaignAtCycle(app, target.channelId, h)), `half-cycle ${h}`).toBe(
          canonicalJson(historyByReplay(events, h)),
        );
      // A campaign stored before snapshots were kept: the first history replay stores those it passes.
      await app.database.db.delete(campaignSnapshots).where(and(eq(campaignSnapshots.campaignId, row.id)));
      expect(canonicalJson(await campaignAtCycle(app, target.channelId, first + 2))).toBe(
        canonicalJson(historyByReplay(events, first + 2)),
      );
      expect((await snapshots()).map((x) => x.halfCycles)).toEqual([first, first + 1, first + 2]);
      expect((await snapshots()).map((x) => canonicalJson(x.state))).toEqual(
        stored.slice(0, 3).map((x) => canonicalJson(x.state)),
      );
      // An imported campaign brings its snapshots: those its check folded, equal to the original's.
      const exported = await exportCampaignFile(app, target.channelId, { includeSecret: false });
      if (!exported.ok) throw new Error(exported.error.message);
      expect(exported.value.gzip).toBe(false);
      const to = { guildId: 'g', channelId: `snap-${driver}-copy` };
      const imported = await importCampaign(app, to, actor('a', { isServerAdmin: true }), exported.value.bytes);
      if (!imported.ok) throw new Error(imported.error.message);
      const copy = (await findCampaignByChannel(app.database.db, to.channelId, stateLayout))!;
      const copied = await app.database.db
        .select()
        .from(campaignSnapshots)
        .where(eq(campaignSnapshots.campaignId, copy.id))
        .orderBy(asc(campaignSnapshots.halfCycles));
      expect(copied.map((x) => [x.halfCycles, x.seq, canonicalJson(x.state)])).toEqual(
        stored.map((x) => [x.halfCycles, x.seq, canonicalJson(x.state)]),
      );
    },
    120_000,
  );
});
