import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  campaignAtCycle,
  campaignInChannel,
  exportCampaignFile,
  importCampaign,
  versionedCampaign,
} from '../../src/app/campaigns.ts';
import { stateCacheOf } from '../../src/app/state-cache.ts';
import { runCommand } from '../../src/app/run-command.ts';
import { stateLayout } from '../../src/app/rulesets.ts';
import { findCampaignByChannel, loadEvents, saveCampaign, saveSnapshots } from '../../src/db/campaign-repo.ts';
import type { Database } from '../../src/db/client.ts';
import { campaignRecords, campaigns, campaignSnapshots } from '../../src/db/schema.ts';
import { sameJson } from '../../src/rules/json-data.ts';
import { applyEvent, foldInto, type CampaignState, type StoredEvent } from '../../src/rules/thunderdome/index.ts';
import { copySharingFinished, FINISHED_KEYS, isFinished } from '../../src/rules/thunderdome/finished.ts';
import { CampaignSimulator } from '../../src/sim/simulator.ts';
import { forEachDriver } from '../helpers/databases.ts';

/**
 * Finished records out of the hot state (docs/performance.md, "History out of the hot state"):
 * resolved battles (UTD7.4), decided votes (UTD1.7) and settled retreats (UTD7.466x) are stored once
 * each in `campaign_records`, shared frozen between the states a command folds, never copied,
 * compared or rewritten by a command that does not change them; the log still replays to the
 * stored state, and exports, imports, snapshots and older stored states keep working.
 */
const TARGET = { guildId: 'sim-guild', channelId: 'sim-channel' };
const actorOf = (userId: string) => ({ userId, displayName: userId, isServerAdmin: false });

async function replayed(database: Database, campaignId: string): Promise<CampaignState> {
  let state: CampaignState | null = null;
  for (const e of await loadEvents(database.db, campaignId)) state = foldInto(state, e);
  return state!;
}

/** The id the next transaction gets, as a row's `xmin` stores it. */
async function nextXid(database: Database): Promise<number> {
  const r = await database.db.execute(sql`select (txid_current() % 4294967296)::bigint as x`);
  const rows = ((r as unknown as { rows?: unknown[] }).rows ?? (r as unknown as unknown[])) as { x: unknown }[];
  return Number(rows[0]!.x);
}

async function recordsWrittenSince(database: Database, campaignId: string, xid: number) {
  return database.db
    .select({ list: campaignRecords.list, position: campaignRecords.position })
    .from(campaignRecords)
    .where(and(eq(campaignRecords.campaignId, campaignId), sql`xmin::text::bigint > ${xid}`));
}

const finishedCount = (s: CampaignState) =>
  FINISHED_KEYS.reduce((n, key) => n + (s[key] as unknown[]).filter((r) => isFinished(key, r)).length, 0);

forEachDriver('finished records stored apart', (db, skip) => {
  let sim: CampaignSimulator;
  let campaignId = '';

  it.skipIf(skip)(
    'UTD7.4, UTD1.7: a played campaign keeps each resolved battle and decided vote once, apart from its state, and its log replays to the stored state',
    async () => {
      sim = new CampaignSimulator({
        database: db().database,
        seed: 'finished-records',
        players: 4,
        commands: 2500,
        replayEvery: 25,
        untilResolvedBattles: 2,
      });
      const report = await sim.run();
      expect(report.battlesResolved).toBeGreaterThanOrEqual(2);
      const row = (await findCampaignByChannel(db().database.db, TARGET.channelId, stateLayout))!;
      campaignId = row.id;
      const finished = finishedCount(row.state);
      expect(finished).toBeGreaterThanOrEqual(2);
      const [stored] = await db()
        .database.db.select({ state: campaigns.state })
        .from(campaigns)
        .where(eq(campaigns.id, row.id));
      const core = stored!.state as Record<string, unknown[]>;
      // The `state` column holds no finished record; each is one row of campaign_records.
      for (const key of FINISHED_KEYS) expect(core[key]!.filter((r) => isFinished(key, r))).toEqual([]);
      const rows = await db()
        .database.db.select({ n: sql<number>`count(*)::int` })
        .from(campaignRecords)
        .where(eq(campaignRecords.campaignId, row.id));
      expect(rows[0]!.n).toBe(finished);
      // Finished records come back frozen, in place.
      expect(Object.isFrozen(row.state.battles.find((b) => b.status === 'resolved'))).toBe(true);
      expect(sameJson(row.state, await replayed(db().database, row.id))).toBe(true);
    },
    600_000,
  );

  it.skipIf(skip)(
    'UTD1.7: with 300 resolved battles stored, a vote proposed writes no finished record and copies none; withdrawing it stores that one vote',
    async () => {
      const database = db().database;
      const row = (await findCampaignByChannel(database.db, TARGET.channelId, stateLayout))!;
      const resolved = row.state.battles.filter((b) => b.status === 'resolved');
      const aged = Array.from({ length: 300 }, (_, k) => ({
        ...structuredClone(resolved[k % resolved.length]!),
        id: `AGED${k}`,
      }));
      await saveCampaign(
        database.db,
        { ...row, state: { ...row.state, battles: [...aged, ...row.state.battles] } },
        row.version,
        sim.app.clock.now(),
        stateLayout,
        { secretSeedsUnchanged: true },
      );
      const voter = row.state.players.find((p) => p.status === 'active')!.id;
      const xid = await nextXid(database);
      const proposed = await runCommand(sim.app, {
        target: TARGET,
        actor: actorOf(voter),
        command: { type: 'vote-dice-reveal' },
      });
      if (!proposed.ok || proposed.duplicate) throw new Error('vote refused');
      expect(await recordsWrittenSince(database, campaignId, xid)).toEqual([]);
      // Not copied: the state after the command holds the very records of the state before it.
      const before = proposed.sharedBefore!;
      const after = proposed.state;
      const shared = after.battles.filter((b, i) => b.status === 'resolved' && b === before.battles[i]);
      expect(shared.length).toBe(before.battles.filter((b) => b.status === 'resolved').length);
      expect(shared.length).toBeGreaterThanOrEqual(302);
      const vote = after.votes.find((v) => v.status === 'open' && v.payload.kind === 'dice-reveal')!;

      const xid2 = await nextXid(database);
      const withdrawn = await runCommand(sim.app, {
        target: TARGET,
        actor: actorOf(voter),
        command: { type: 'vote-withdraw', vote: vote.id },
      });
      if (!withdrawn.ok || withdrawn.duplicate) throw new Error('withdraw refused');
      const at = withdrawn.state.votes.findIndex((v) => v.id === vote.id);
      expect(await recordsWrittenSince(database, campaignId, xid2)).toEqual([{ list: 'votes', position: at }]);
      // The next command, read from the database rather than the kept state, sees the same campaign.
      const again = (await findCampaignByChannel(database.db, TARGET.channelId, stateLayout))!;
      expect(sameJson(again.state, withdrawn.state)).toBe(true);
    },
    300_000,
  );

  it.skipIf(skip)(
    "UTD3.1: the bot's reader of a campaign (a delivery's newest state, autocomplete) takes the state a command kept, sharing its finished records, and reads the row again once anyone else wrote it",
    async () => {
      const database = db().database;
      const stored = (await findCampaignByChannel(database.db, TARGET.channelId, stateLayout))!;
      const voter = stored.state.players.find((p) => p.status === 'active')!.id;
      const rolled = await runCommand(sim.app, {
        target: TARGET,
        actor: actorOf(voter),
        command: { type: 'roll', expression: '2d6' },
      });
      if (!rolled.ok || rolled.duplicate) throw new Error('roll refused');
      const [head] = await database.db
        .select({ xmin: sql<string>`xmin::text` })
        .from(campaigns)
        .where(eq(campaigns.id, campaignId));
      const kept = stateCacheOf(database).peek(campaignId, head!.xmin)!;
      expect(kept).not.toBeNull();
      const first = (await versionedCampaign(sim.app, TARGET.channelId))!;
      expect(first.version).toBe(stored.version + rolled.events.length);
      expect(sameJson(first.state, rolled.state)).toBe(true);
      // Finished records are the kept ones themselves (not read back from campaign_records, nor copied) ...
      const resolved = first.state.battles.filter((b) => b.status === 'resolved');
      expect(resolved.length).toBeGreaterThanOrEqual(302);
      for (const b of resolved) expect(b).toBe(kept.battles[first.state.battles.indexOf(b)]);
      // ... while everything else is the reader's own copy: changing it changes no later reader's state.
      expect(first.state.players).not.toBe(kept.players);
      first.state.players[0]!.name = 'changed by a reader';
      first.state.battles.push({ ...resolved[0]!, id: 'PUSHED' });
      const second = (await campaignInChannel(sim.app, TARGET.channelId))!;
      expect(sameJson(second, rolled.state)).toBe(true);
      // A write by anyone else (another process, an import, SQL) makes a new row version: read again.
      await database.db.execute(sql`update campaigns set updated_at = updated_at where id = ${campaignId}`);
      const third = (await campaignInChannel(sim.app, TARGET.channelId))!;
      expect(sameJson(third, rolled.state)).toBe(true);
      const reread = third.battles.find((b) => b.status === 'resolved')!;
      expect(reread).not.toBe(kept.battles[third.battles.indexOf(reread)]);
      expect(Object.isFrozen(reread)).toBe(true);
    },
    120_000,
  );

  it.skipIf(skip)(
    'a fold that changed a finished record in place throws; a correction of a resolved battle (UTD1.7) changes a copy',
    async () => {
      const row = (await findCampaignByChannel(db().database.db, TARGET.channelId, stateLayout))!;
      const s = copySharingFinished(row.state);
      const k = s.battles.findIndex((b) => b.status === 'resolved' && b.result);
      expect(() => {
        (s.battles[k] as { status: string }).status = 'open';
      }).toThrow(TypeError);
      expect(() => {
        s.battles[k]!.result!.units.X = { fate: 'destroyed' };
      }).toThrow(TypeError);
      const battle = s.battles[k]!;
      const unit = battle.participants.flatMap((p) => p.units)[0] ?? 'S1';
      const stored: StoredEvent = {
        seq: 99_999,
        at: sim.app.clock.now().toISOString(),
        actor: { userId: 'x' },
        event: {
          type: 'StateAmended',
          voteId: 'V0',
          correction: { kind: 'battle', battle: battle.id, unit, fate: 'wrecked' },
        } as unknown as StoredEvent['event'],
        rolls: [],
      };
      const amended = applyEvent(s, stored);
      expect(amended.battles[k]!.result!.units[unit]).toEqual({ fate: 'wrecked' });
      // The record the state before holds is as it was, and still shared by the states that have it.
      expect(s.battles[k]).toBe(battle);
      expect(battle.result!.units[unit]?.fate).not.toBe('wrecked');
      expect(foldInto(structuredClone(s), stored).battles[k]!.result!.units[unit]).toEqual({ fate: 'wrecked' });
    },
  );

  it.skipIf(skip)(
    'an export and its import keep every finished record, stored apart again, and the import replays to its state',
    async () => {
      const database = db().database;
      // Back to the played campaign (the copies above are not in its log).
      const row = (await findCampaignByChannel(database.db, TARGET.channelId, stateLayout))!;
      const played = await replayed(database, row.id);
      await saveCampaign(database.db, { ...row, state: played }, row.version, sim.app.clock.now(), stateLayout, {
        secretSeedsUnchanged: true,
      });
      const file = await exportCampaignFile(sim.app, TARGET.channelId, { includeSecret: false });
      if (!file.ok) throw new Error('export refused');
      const into = { guildId: 'sim-guild', channelId: 'imported-channel' };
      const imported = await importCampaign(sim.app, into, actorOf('sim-p1'), file.value.bytes);
      if (!imported.ok) throw new Error('import refused');
      const copy = (await findCampaignByChannel(database.db, into.channelId, stateLayout))!;
      for (const key of FINISHED_KEYS) expect(sameJson(copy.state[key], played[key])).toBe(true);
      const rows = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(campaignRecords)
        .where(eq(campaignRecords.campaignId, copy.id));
      expect(rows[0]!.n).toBe(finishedCount(copy.state));
      expect(sameJson(copy.state, await replayed(database, copy.id))).toBe(true);
      // Its half-cycle snapshots refer to the stored records instead of holding them, and read back whole.
      const snaps = await database.db
        .select({ halfCycles: campaignSnapshots.halfCycles, state: campaignSnapshots.state })
        .from(campaignSnapshots)
        .where(eq(campaignSnapshots.campaignId, copy.id));
      expect(snaps.length).toBeGreaterThan(0);
      const last = snaps.reduce((a, b) => (a.halfCycles > b.halfCycles ? a : b));
      const history = (await campaignAtCycle(sim.app, into.channelId, last.halfCycles))!;
      const events = await loadEvents(database.db, copy.id);
      let upTo: CampaignState | null = null;
      for (const e of events) {
        if (e.event.type === 'TurnStarted' && e.event.halfCycles > last.halfCycles) break;
        upTo = foldInto(upTo, e);
      }
      expect(sameJson(history, upTo)).toBe(true);
      const inSnapshot = (last.state as Record<string, unknown[]>).battles!;
      const referred = history.battles.length - inSnapshot.length;
      expect(referred).toBe(history.battles.filter((b) => b.status === 'resolved').length);
    },
    300_000,
  );

  it.skipIf(skip)(
    'a state stored before finished records were kept apart loads whole, and the next command stores its records apart',
    async () => {
      const database = db().database;
      const row = (await findCampaignByChannel(database.db, TARGET.channelId, stateLayout))!;
      const { map: _m, fleets: _f, ships: _s, bases: _b, ...core } = row.state;
      // As an older version stored it: the lists whole in the `state` column, no campaign_records.
      await database.db.delete(campaignRecords).where(eq(campaignRecords.campaignId, row.id));
      await database.db
        .update(campaigns)
        .set({ state: JSON.parse(JSON.stringify(core)) })
        .where(eq(campaigns.id, row.id));
      const old = (await findCampaignByChannel(database.db, TARGET.channelId, stateLayout))!;
      expect(sameJson(old.state, row.state)).toBe(true);
      // The bot's reader (a delivery, autocomplete) reads it first: the command after must still store it all.
      expect(sameJson((await campaignInChannel(sim.app, TARGET.channelId))!, row.state)).toBe(true);
      const voter = row.state.players.find((p) => p.status === 'active')!.id;
      const r = await runCommand(sim.app, {
        target: TARGET,
        actor: actorOf(voter),
        command: { type: 'vote-dice-reveal' },
      });
      if (!r.ok || r.duplicate) throw new Error('vote refused');
      const rows = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(campaignRecords)
        .where(eq(campaignRecords.campaignId, row.id));
      expect(rows[0]!.n).toBe(finishedCount(r.state));
      const [stored] = await database.db
        .select({ state: campaigns.state })
        .from(campaigns)
        .where(eq(campaigns.id, row.id));
      expect((stored!.state as Record<string, unknown>).storedApart).toBeDefined();
      expect(sameJson((await findCampaignByChannel(database.db, TARGET.channelId, stateLayout))!.state, r.state)).toBe(
        true,
      );
    },
    120_000,
  );
  it.skipIf(skip)(
    'UTD1.7: a record no longer finished (a revert) leaves campaign_records with the snapshots that referred to it, and the state reads back as saved',
    async () => {
      const database = db().database;
      const row = (await findCampaignByChannel(database.db, TARGET.channelId, stateLayout))!;
      const k = row.state.battles.findIndex((b) => b.status === 'resolved');
      await saveSnapshots(
        database.db,
        row.id,
        [{ halfCycles: 999, seq: row.version, state: row.state }],
        stateLayout,
        row.state,
      );
      const [snap] = await database.db
        .select({ state: campaignSnapshots.state })
        .from(campaignSnapshots)
        .where(and(eq(campaignSnapshots.campaignId, row.id), eq(campaignSnapshots.halfCycles, 999)));
      // The snapshot refers to the stored battle rather than holding it.
      expect(
        (snap!.state as { battles: { id: string }[] }).battles.some((b) => b.id === row.state.battles[k]!.id),
      ).toBe(false);
      const reopened: CampaignState = {
        ...row.state,
        battles: row.state.battles.map((b, i) => (i === k ? { ...structuredClone(b), status: 'open' as const } : b)),
      };
      await saveCampaign(database.db, { ...row, state: reopened }, row.version, sim.app.clock.now(), stateLayout, {
        before: row.state,
        secretSeedsUnchanged: true,
      });
      const at = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(campaignRecords)
        .where(
          and(
            eq(campaignRecords.campaignId, row.id),
            eq(campaignRecords.list, 'battles'),
            eq(campaignRecords.position, k),
          ),
        );
      expect(at[0]!.n).toBe(0);
      const left = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(campaignSnapshots)
        .where(and(eq(campaignSnapshots.campaignId, row.id), eq(campaignSnapshots.halfCycles, 999)));
      expect(left[0]!.n).toBe(0);
      expect(sameJson((await findCampaignByChannel(database.db, TARGET.channelId, stateLayout))!.state, reopened)).toBe(
        true,
      );
    },
    120_000,
  );
});
