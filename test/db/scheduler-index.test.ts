import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { runCommand } from '../../src/app/run-command.ts';
import { INTERACTION_KEEP_MS, pruneInteractions, runDue } from '../../src/app/scheduler.ts';
import { campaigns, processedInteractions } from '../../src/db/schema.ts';
import { actor, setupCampaign, testApp } from '../helpers/app.ts';
import { forEachDriver } from '../helpers/databases.ts';

forEachDriver('the scheduler reads an index', (db, skip, driver) => {
  it.skipIf(skip)(
    'UTD3.3 once a reminder is out the campaign is next due at the following reminder, not at once: a pass reads nothing in between',
    async () => {
      const app = testApp(db().database, { start: '2026-03-04T15:00:00Z' });
      const target = { guildId: 'g', channelId: `index-${driver}` };
      await setupCampaign(app, target, [3, 2, 1]);
      for (const u of ['a', 'b', 'c'])
        await runCommand(app, {
          target,
          actor: actor(u),
          command: { type: 'setup-buy', unitId: 'NEU-F-S', fleetSlot: null },
        });
      for (const u of ['a', 'b', 'c'])
        await runCommand(app, { target, actor: actor(u), command: { type: 'setup-ready', ready: true } });
      const dueAt = async () =>
        (
          await app.database.db
            .select({ d: campaigns.dueAt })
            .from(campaigns)
            .where(eq(campaigns.channelId, target.channelId))
        )[0]!.d;
      // Deadline 2026-03-11T23:59:59Z; reminders 96 h, 24 h and 1 h before it.
      expect(await dueAt()).toBe('2026-03-07T23:59:59.000Z');
      app.clock.set('2026-03-08T00:00:00Z');
      expect(await runDue(app)).toHaveLength(1);
      // The 96 h reminder is out: next is the 24 h one, so the campaign is not read again before it.
      expect(await dueAt()).toBe('2026-03-10T23:59:59.000Z');
      app.clock.set('2026-03-10T12:00:00Z');
      expect(await runDue(app)).toHaveLength(0);
      app.clock.set('2026-03-11T00:00:00Z');
      expect(await runDue(app)).toHaveLength(1);
      expect(await dueAt()).toBe('2026-03-11T22:59:59.000Z');
      app.clock.set('2026-03-11T23:00:00Z');
      expect(await runDue(app)).toHaveLength(1);
      expect(await dueAt()).toBe('2026-03-11T23:59:59.000Z');
    },
  );

  it.skipIf(skip)(
    'handled interaction ids are pruned once Discord can no longer redeliver them (a day, over the 15-minute token), hourly, and a recent one still counts as a duplicate',
    async () => {
      const app = testApp(db().database, { start: '2026-05-01T10:00:00Z' });
      const target = { guildId: 'g', channelId: `prune-${driver}` };
      const roll = (id: string) =>
        runCommand(app, { target, actor: actor('a'), interactionId: id, command: { type: 'roll', expression: '1d6' } });
      await runCommand(app, { target, actor: actor('a'), command: { type: 'create', name: 'Prune' } });
      expect(await roll(`old-${driver}`)).toMatchObject({ ok: true, duplicate: false });
      app.clock.advance(INTERACTION_KEEP_MS - 60_000);
      expect(await roll(`recent-${driver}`)).toMatchObject({ ok: true, duplicate: false });
      const prune = pruneInteractions(app);
      const ids = async () =>
        (await app.database.db.select({ id: processedInteractions.interactionId }).from(processedInteractions))
          .map((r) => r.id)
          .filter((id) => id.endsWith(driver))
          .sort();
      // Not a day old yet: kept.
      expect(await prune()).toBe(0);
      expect(await ids()).toEqual([`old-${driver}`, `recent-${driver}`]);
      app.clock.advance(2 * 60_000);
      // Within the hour after the last prune nothing is done; after it, the day-old id goes.
      expect(await prune()).toBeNull();
      app.clock.advance(3_600_000);
      expect(await prune()).toBe(1);
      expect(await ids()).toEqual([`recent-${driver}`]);
      expect(await roll(`recent-${driver}`)).toEqual({ ok: true, duplicate: true });
      const left = await app.database.db.execute(sql`select count(*)::int as n from processed_interactions`);
      expect(((left as unknown as { rows?: { n: number }[] }).rows ?? (left as unknown as { n: number }[]))[0]!.n).toBe(
        1,
      );
    },
  );
});
