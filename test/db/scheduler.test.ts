import { expect, it } from 'vitest';
import { campaignInChannel } from '../../src/app/campaigns.ts';
import { runCommand } from '../../src/app/run-command.ts';
import { runDue } from '../../src/app/scheduler.ts';
import { actor, setupCampaign, testApp } from '../helpers/app.ts';
import { forEachDriver } from '../helpers/databases.ts';

forEachDriver('deadlines enforce themselves', (db, skip, driver) => {
  it.skipIf(skip)(
    'UTD3.31 a passed orders deadline forfeits the turn exactly once, even with two schedulers racing',
    async () => {
      const app = testApp(db().database, { start: '2026-03-04T15:00:00Z' });
      const target = { guildId: 'g', channelId: `sched-${driver}` };
      await setupCampaign(app, target, [3, 2, 1]);
      for (const u of ['a', 'b', 'c'])
        await runCommand(app, {
          target,
          actor: actor(u),
          command: { type: 'setup-buy', unitId: 'NEU-F-S', fleetSlot: null },
        });
      for (const u of ['a', 'b', 'c'])
        await runCommand(app, { target, actor: actor(u), command: { type: 'setup-ready', ready: true } });
      const before = (await campaignInChannel(app, target.channelId))!;
      expect(before.turn).toMatchObject({ playerId: 'a', deadline: '2026-03-11T23:59:59.000Z' });
      expect(await runDue(app)).toHaveLength(0);
      // Reminders at the end of the target day 3 (96 h before), 24 h and 1 h before the deadline, each once (UTD3.3, ISS-A09).
      app.clock.set('2026-03-07T23:59:59Z');
      const reminders = await runDue(app);
      expect(
        reminders.flatMap((o) => (o.result.ok && !o.result.duplicate ? o.result.events.map((e) => e.event) : [])),
      ).toEqual([
        { type: 'ReminderSent', playerId: 'a', hoursBefore: 96, deadline: '2026-03-11T23:59:59.000Z', skipped: false },
      ]);
      expect(await runDue(app)).toHaveLength(0);
      // The bot was down from then until 30 minutes before the deadline: the 24 h reminder is recorded, the 1 h one posted.
      app.clock.set('2026-03-11T23:29:59Z');
      const late = (await runDue(app)).flatMap((o) =>
        o.result.ok && !o.result.duplicate ? o.result.events.map((e) => e.event) : [],
      );
      expect(late).toMatchObject([
        { type: 'ReminderSent', hoursBefore: 24, skipped: true },
        { type: 'ReminderSent', hoursBefore: 1, skipped: false },
      ]);
      expect(await runDue(app)).toHaveLength(0);
      app.clock.set('2026-03-12T00:00:01Z');
      const [first, second] = await Promise.all([runDue(app), runDue(app)]);
      expect(first.length + second.length).toBe(1);
      expect(await runDue(app)).toHaveLength(0);
      const after = (await campaignInChannel(app, target.channelId))!;
      expect(after.players.find((p) => p.id === 'a')!.consecutiveForfeits).toBe(1);
      expect(after.turn).toMatchObject({ playerId: 'b', deadline: '2026-03-19T23:59:59.000Z' });
    },
  );
});
