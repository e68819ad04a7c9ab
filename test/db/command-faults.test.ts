import { eq } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { runCommand } from '../../src/app/run-command.ts';
import { campaigns } from '../../src/db/schema.ts';
import { actor, testApp } from '../helpers/app.ts';
import { campaignRowCount, forEachDriver } from '../helpers/databases.ts';

/**
 * A command sends its writes together (docs/performance.md, "Fewer round trips"): a fault in what
 * it works out while they are under way (here the posts) must still roll the whole command back,
 * leave no write unanswered, and leave the next command to run as if nothing had happened.
 */
const fault = vi.hoisted(() => ({ on: false }));
vi.mock('../../src/app/thunderdome-posts.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/app/thunderdome-posts.ts')>();
  return {
    ...real,
    thunderdomePosts: (...args: Parameters<typeof real.thunderdomePosts>) => {
      if (fault.on) throw new Error('a fault in working out the posts');
      return real.thunderdomePosts(...args);
    },
  };
});

forEachDriver('a fault among the writes sent together', (db, skip, driver) => {
  it.skipIf(skip)(
    'UTD1.6 a fault in working out the posts, after the events and the state were sent, changes nothing; the next command goes through',
    async () => {
      const app = testApp(db().database);
      const target = { guildId: 'g', channelId: `faults-${driver}` };
      const run = (userId: string, interactionId: string) =>
        runCommand(app, { target, actor: actor(userId), interactionId, command: { type: 'join', empire: 'kzinti' } });
      expect(
        (await runCommand(app, { target, actor: actor('u1'), command: { type: 'create', name: 'Faults' } })).ok,
      ).toBe(true);
      const row = async () =>
        (await db().database.db.select().from(campaigns).where(eq(campaigns.channelId, target.channelId)))[0]!;
      const count = async (table: string) => campaignRowCount(db().database, table, (await row()).id);
      const before = await row();
      const counts = async () => [
        await count('campaign_events'),
        await count('outbox'),
        await count('processed_interactions'),
      ];
      const was = await counts();
      fault.on = true;
      try {
        await expect(run('u2', `fault-${driver}`)).rejects.toThrow('a fault in working out the posts');
      } finally {
        fault.on = false;
      }
      expect((await row()).version).toBe(before.version);
      expect(await counts()).toEqual(was);
      // The same interaction again: not a duplicate (its claim was rolled back), and it goes through.
      expect(await run('u2', `fault-${driver}`)).toMatchObject({ ok: true, duplicate: false });
      expect((await row()).version).toBe(before.version + 1);
    },
  );
});
