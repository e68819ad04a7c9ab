import { eq, sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { campaignInChannel } from '../../src/app/campaigns.ts';
import { queueDmReminders, remindableTurns } from '../../src/app/me-notify.ts';
import { changeUserSettings, meOverview, noteDmRefused, userSettingsOf } from '../../src/app/me-settings.ts';
import { runCommand } from '../../src/app/run-command.ts';
import { campaigns, outbox } from '../../src/db/schema.ts';
import { forEachDriver } from '../helpers/databases.ts';
import { actor, setupCampaign, testApp } from '../helpers/app.ts';

forEachDriver('/me settings and reminders (user_settings)', (db, skip, driver) => {
  it.skipIf(skip)(
    'settings are kept per server and user; a bad change is refused whole; a DM refusal is noted once',
    async () => {
      const app = testApp(db().database);
      const g = `g-${driver}`;
      expect(await userSettingsOf(app, g, 'u')).toMatchObject({ timeZone: null, dm: [], reminderHours: [] });
      const ok = await changeUserSettings(app, g, 'u', { timeZone: 'asia/tokyo', dm: { vote: true, turn: true } });
      expect(ok.ok && ok.value).toMatchObject({ timeZone: 'Asia/Tokyo', dm: ['turn', 'vote'] });
      const bad = await changeUserSettings(app, g, 'u', { timeZone: 'Nowhere/Else', dm: { battle: true } });
      expect(bad.ok).toBe(false);
      expect(await userSettingsOf(app, g, 'u')).toMatchObject({ timeZone: 'Asia/Tokyo', dm: ['turn', 'vote'] });
      expect((await userSettingsOf(app, `${g}-other`, 'u')).dm).toEqual([]);
      expect(await noteDmRefused(app, g, 'u')).toBe(true);
      expect(await noteDmRefused(app, g, 'u')).toBe(false);
      // Turning a direct message on again is asking to be tried again.
      await changeUserSettings(app, g, 'u', { dm: { battle: true } });
      expect((await userSettingsOf(app, g, 'u')).dmRefusedAt).toBeNull();
    },
  );

  it.skipIf(skip)(
    'UTD3.3 a reminder at the player’s own hours is written once per turn and offset, whatever the passes',
    async () => {
      const app = testApp(db().database, { start: '2026-03-04T15:00:00Z' });
      const target = { guildId: `r-${driver}`, channelId: `rem-${driver}` };
      await setupCampaign(app, target, [3, 2, 1]);
      for (const u of ['a', 'b', 'c']) {
        await runCommand(app, {
          target,
          actor: actor(u),
          command: { type: 'setup-buy', unitId: 'NEU-F-S', fleetSlot: null },
        });
        await runCommand(app, { target, actor: actor(u), command: { type: 'setup-ready', ready: true } });
      }
      const state = (await campaignInChannel(app, target.channelId))!;
      const player = state.turn!.playerId;
      await changeUserSettings(app, target.guildId, player, { dm: { reminder: true }, reminderHours: '24, 2' });
      const reminders = async () =>
        (await app.database.db.select().from(outbox).where(eq(outbox.campaignId, state.id))).filter(
          (r) => r.kind === 'dm' && (r.payload as { event?: string }).event === 'reminder',
        );
      expect(await queueDmReminders(app)).toBe(0); // a week ahead: nothing yet
      app.clock.set(new Date(Date.parse(state.turn!.deadline!) - 20 * 3_600_000));
      await queueDmReminders(app);
      await queueDmReminders(app);
      expect((await reminders()).map((r) => (r.payload as { hours: number }).hours)).toEqual([24]);
      app.clock.set(new Date(Date.parse(state.turn!.deadline!) - 3_600_000));
      await queueDmReminders(app);
      const hours = (await reminders()).map((r) => (r.payload as { hours: number }).hours);
      expect(hours.sort((x, y) => y - x)).toEqual([24, 2]);
      // And /me shows the turn as waiting on that player, due at the deadline.
      const { items } = await meOverview(app, target.guildId, player);
      expect(items.find((i) => i.kind === 'orders')?.deadline).toBe(state.turn!.deadline);
    },
  );
  it.skipIf(skip)(
    'UTD3.3 a pass reads only the turns near their deadline: the player and the proxy holder who asked are reminded, other campaigns are not read',
    async () => {
      const app = testApp(db().database, { start: '2026-03-04T15:00:00Z', idPrefix: '00000000-0000-4000-9abc-' });
      const guildId = `n-${driver}`;
      const near = { guildId, channelId: `near-${driver}` };
      const far = { guildId, channelId: `far-${driver}` };
      const ready = async (target: typeof near) => {
        for (const u of ['a', 'b', 'c']) {
          await runCommand(app, {
            target,
            actor: actor(u),
            command: { type: 'setup-buy', unitId: 'NEU-F-S', fleetSlot: null },
          });
          await runCommand(app, { target, actor: actor(u), command: { type: 'setup-ready', ready: true } });
        }
        return (await campaignInChannel(app, target.channelId))!;
      };
      await setupCampaign(app, near, [3, 2, 1]);
      const nearState = await ready(near);
      // The second campaign starts three days later: its deadline is three days further off.
      app.clock.advance(3 * 24 * 3_600_000);
      await setupCampaign(app, far, [3, 2, 1]);
      const farState = await ready(far);
      expect(Date.parse(farState.turn!.deadline!)).toBeGreaterThan(Date.parse(nearState.turn!.deadline!));
      const player = nearState.turn!.playerId;
      await runCommand(app, {
        target: near,
        actor: actor(player),
        command: { type: 'proxy-grant', userId: 'px', expiresAt: null },
      });
      for (const u of [player, 'px', farState.turn!.playerId])
        await changeUserSettings(app, guildId, u, { dm: { reminder: true }, reminderHours: '24' });

      app.clock.set(new Date(Date.parse(nearState.turn!.deadline!) - 20 * 3_600_000));
      // Only the campaign whose deadline is within the longest offset (24 h) is read, and only the
      // fields a reminder needs, not its state.
      const turns = await remindableTurns(app, app.clock.now());
      expect(turns.map((t) => t.campaignId)).not.toContain(farState.id);
      expect(turns.filter((t) => t.guildId === guildId)).toEqual([
        {
          campaignId: nearState.id,
          guildId,
          channelId: near.channelId,
          version: expect.any(Number),
          playerId: player,
          deadline: nearState.turn!.deadline,
          startedAt: nearState.turn!.startedAt,
          proxies: ['px'],
        },
      ]);
      // What the pass asks of the campaigns table: named fields only, never a state column.
      const sqlDb = app.database.db;
      const select = sqlDb.select.bind(sqlDb) as (fields?: Record<string, unknown>) => { from(t: unknown): unknown };
      const asked: (Record<string, unknown> | undefined)[] = [];
      const spy = vi.spyOn(sqlDb, 'select').mockImplementation(((fields?: Record<string, unknown>) => {
        const builder = select(fields);
        const from = builder.from.bind(builder);
        builder.from = (table: unknown) => {
          if (table === campaigns) asked.push(fields);
          return from(table);
        };
        return builder;
      }) as never);
      await queueDmReminders(app);
      spy.mockRestore();
      expect(asked).toHaveLength(1);
      const columns = Object.values(asked[0] ?? {});
      expect(columns).toContain(campaigns.id);
      for (const part of [campaigns.state, campaigns.map, campaigns.fleets, campaigns.ships, campaigns.bases])
        expect(columns).not.toContain(part);
      const rows = (await app.database.db.select().from(outbox)).filter(
        (r) => r.kind === 'dm' && (r.payload as { event?: string }).event === 'reminder',
      );
      expect(
        rows
          .filter((r) => r.campaignId === nearState.id)
          .map((r) => r.subject)
          .sort(),
      ).toEqual([player, 'px'].sort());
      expect(rows.filter((r) => r.campaignId === farState.id)).toEqual([]);
      // A paused campaign's deadline and its reminders stop (UTD1.7, docs/rules-notes.md "Pause"): not read either.
      await app.database.db
        .update(campaigns)
        .set({ state: sql`jsonb_set(${campaigns.state}, '{paused}', '{"since":"2026-03-10T00:00:00.000Z"}'::jsonb)` })
        .where(eq(campaigns.id, nearState.id));
      expect((await remindableTurns(app, app.clock.now())).map((t) => t.campaignId)).not.toContain(nearState.id);
    },
  );
});
