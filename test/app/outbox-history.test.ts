import { and, eq, lte } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { canonicalJson } from '../../src/app/export.ts';
import { commandHistory } from '../../src/app/outbox.ts';
import { type CommandInput, runCommand } from '../../src/app/run-command.ts';
import { stateLayout } from '../../src/app/rulesets.ts';
import { findCampaignByChannel, loadEvents } from '../../src/db/campaign-repo.ts';
import { campaignEvents, campaignSnapshots } from '../../src/db/schema.ts';
import { replay } from '../../src/rules/thunderdome/index.ts';
import { playHalfCycles } from '../../bench/long-log.ts';
import { forEachDriver } from '../helpers/databases.ts';
import { actor, setupCampaign, testApp } from '../helpers/app.ts';

forEachDriver('outbox command history', (db, skip, driver) => {
  it.skipIf(skip)(
    "a delivered row's history is folded by the campaign's own ruleset from its first event (a Warlord game, not Thunderdome)",
    async () => {
      const app = testApp(db().database, { start: '2026-06-01T12:00:00Z' });
      const target = { guildId: 'g', channelId: `history-${driver}` };
      const run = async (user: string, command: unknown) => {
        const r = await runCommand(app, { target, actor: actor(user), command: command as CommandInput });
        if (!r.ok || r.duplicate) throw new Error(`${JSON.stringify(command)} refused`);
        return r;
      };
      const created = await run('a', { type: 'create', name: 'Magellanic', ruleset: 'star-fleet-warlord' });
      await run('a', { type: 'warlord-join', corpName: 'Alpha Mining' });
      const joined = await run('b', { type: 'warlord-join', corpName: 'Beta Freight' });
      const seq = joined.events[0]?.seq ?? 0;
      const history = await commandHistory(app, created.state.id, seq, seq);
      expect(history?.events.map((e) => e.event.type)).toEqual(['WarlordJoined']);
      expect(history?.state).toMatchObject({
        ruleset: 'star-fleet-warlord',
        status: 'joining',
        players: [
          { userId: 'a', corp: 1, name: 'Alpha Mining' },
          { userId: 'b', corp: 2, name: 'Beta Freight' },
        ],
      });
      // The creation command's own row: its history is the Warlord creation alone.
      const first = await commandHistory(app, created.state.id, 1, 1);
      expect(first?.state).toMatchObject({ ruleset: 'star-fleet-warlord', name: 'Magellanic', players: [] });
    },
  );

  it.skipIf(skip)(
    "UTD2.2 a recovered row's history starts at the half-cycle snapshot before its command: the same events and state as the whole log folded, without reading the log before that snapshot",
    async () => {
      const app = testApp(db().database);
      const target = { guildId: 'g', channelId: `snapshot-history-${driver}` };
      await setupCampaign(app, target);
      for (const u of ['a', 'b', 'c'])
        expect(
          (await runCommand(app, { target, actor: actor(u), command: { type: 'setup-ready', ready: true } })).ok,
        ).toBe(true);
      const stateOf = async () => {
        const r = (await findCampaignByChannel(app.database.db, target.channelId, stateLayout))!;
        return { halfCycles: r.state.halfCycles, turn: r.state.turn, version: r.version, id: r.id };
      };
      const id = (await stateOf()).id;
      await playHalfCycles(app, target, id, 3, 2, stateOf);
      const log = await loadEvents(app.database.db, id);
      const snapshots = await app.database.db
        .select({ seq: campaignSnapshots.seq })
        .from(campaignSnapshots)
        .where(eq(campaignSnapshots.campaignId, id));
      const lastSnapshot = Math.max(...snapshots.map((x) => x.seq));
      expect(snapshots.length).toBeGreaterThanOrEqual(2);
      // Commands right after a snapshot, in the middle of a half-cycle, and the newest one.
      const ranges = [
        [lastSnapshot + 1, lastSnapshot + 1],
        [lastSnapshot + 2, lastSnapshot + 3],
        [log.length, log.length],
      ] as const;
      const expected = ranges.map(([from, to]) => ({
        events: log.filter((e) => e.seq >= from && e.seq <= to),
        state: canonicalJson(replay(log.filter((e) => e.seq <= to))),
      }));
      // The log before the last snapshot is gone: a history that still read it could not be this state.
      await app.database.db
        .delete(campaignEvents)
        .where(and(eq(campaignEvents.campaignId, id), lte(campaignEvents.seq, lastSnapshot)));
      for (const [i, [from, to]] of ranges.entries()) {
        const history = await commandHistory(app, id, from, to);
        expect(history?.events, `events ${from}…${to}`).toEqual(expected[i]!.events);
        expect(canonicalJson(history?.state), `state after ${to}`).toBe(expected[i]!.state);
      }
    },
    120_000,
  );
});
