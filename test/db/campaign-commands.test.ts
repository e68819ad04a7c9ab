import { expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { campaignEvents, campaigns } from '../../src/db/schema.ts';
import {
  campaignInChannel,
  campaignEvents as loadLog,
  createCampaign,
  exportCampaign,
  importCampaign,
  joinCampaign,
  startCampaign,
} from '../../src/app/campaigns.ts';
import { canonicalJson } from '../../src/app/export.ts';
import { runCommand } from '../../src/app/run-command.ts';
import { replay } from '../../src/rules/thunderdome/index.ts';
import { actor, testApp } from '../helpers/app.ts';
import { forEachDriver } from '../helpers/databases.ts';

forEachDriver('campaign commands', (db, skip, driver) => {
  it.skipIf(skip)('create, join three players, start: turn order and 950 BPV each (UTD8.132, UTD8.14)', async () => {
    const app = testApp(db().database);
    const target = { guildId: 'g', channelId: `chan-${driver}-1` };
    expect((await createCampaign(app, target, actor('u1'), 'Rim Wars')).ok).toBe(true);
    for (const [u, e] of [
      ['u1', 'federation'],
      ['u2', 'klingon'],
      ['u3', 'romulan'],
    ] as const) {
      expect((await joinCampaign(app, target, actor(u), e)).ok).toBe(true);
    }
    expect(
      (await runCommand(app, { target, actor: actor('u1'), command: { type: 'map-generate', sectorsPerPlayer: 4 } }))
        .ok,
    ).toBe(true);
    for (const u of ['u1', 'u2', 'u3'])
      expect((await runCommand(app, { target, actor: actor(u), command: { type: 'map-approve' } })).ok).toBe(true);
    app.testHooks!.forcedDice.push(100, 300, 200);
    const started = await startCampaign(app, target, actor('u1'));
    expect(started.ok).toBe(true);
    const state = (await campaignInChannel(app, target.channelId))!;
    expect(state.status).toBe('setup');
    expect(state.turnOrder).toEqual(['u2', 'u3', 'u1']);
    expect(state.players.map((p) => p.bank)).toEqual(['950', '950', '950']);
    const log = await loadLog(app, target.channelId);
    expect(log.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(canonicalJson(replay(log))).toBe(canonicalJson(state));
  });

  it.skipIf(skip)('a refused command changes nothing: no event, no version bump', async () => {
    const app = testApp(db().database);
    const target = { guildId: 'g', channelId: `chan-${driver}-2` };
    await createCampaign(app, target, actor('u1'), 'Quiet Sector');
    await joinCampaign(app, target, actor('u1'), 'gorn');
    const before = await db().database.db.select().from(campaigns).where(eq(campaigns.channelId, target.channelId));
    const refused = await joinCampaign(app, target, actor('u2'), 'gorn');
    expect(refused).toMatchObject({ ok: false, error: { rule: 'UTD8.113' } });
    const after = await db().database.db.select().from(campaigns).where(eq(campaigns.channelId, target.channelId));
    expect(after[0]!.version).toBe(before[0]!.version);
    const [{ n }] = (await db()
      .database.db.select({ n: count() })
      .from(campaignEvents)
      .where(eq(campaignEvents.campaignId, after[0]!.id))) as [{ n: number }];
    expect(Number(n)).toBe(2);
  });

  it.skipIf(skip)(
    'concurrent commands on one campaign are serialized: 20 players racing for one empire, exactly one wins',
    async () => {
      const app = testApp(db().database);
      const target = { guildId: 'g', channelId: `chan-${driver}-3` };
      await createCampaign(app, target, actor('u0'), 'Race');
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => joinCampaign(app, target, actor(`racer${i}`), 'tholian')),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      const state = (await campaignInChannel(app, target.channelId))!;
      expect(state.players).toHaveLength(1);
      const log = await loadLog(app, target.channelId);
      expect(log.map((e) => e.seq)).toEqual([1, 2]);
    },
  );

  it.skipIf(skip)('the same interaction delivered twice runs once', async () => {
    const app = testApp(db().database);
    const target = { guildId: 'g', channelId: `chan-${driver}-4` };
    await createCampaign(app, target, actor('u0'), 'Twice');
    const [a, b] = await Promise.all([
      joinCampaign(app, target, actor('u1'), 'isc', 'i-1'),
      joinCampaign(app, target, actor('u1'), 'isc', 'i-1'),
    ]);
    const duplicates = [a, b].filter((r) => r.ok && r.duplicate).length;
    expect(duplicates).toBe(1);
    expect((await campaignInChannel(app, target.channelId))!.players).toHaveLength(1);
  });

  it.skipIf(skip)('two campaigns cannot share a channel', async () => {
    const app = testApp(db().database);
    const target = { guildId: 'g', channelId: `chan-${driver}-5` };
    const both = await Promise.all([
      createCampaign(app, target, actor('a'), 'One'),
      createCampaign(app, target, actor('b'), 'Two'),
    ]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(both.find((r) => !r.ok)).toMatchObject({ ok: false, error: { code: 'campaign/exists' } });
  });

  it.skipIf(skip)('export then import into an empty channel loses nothing; an edited file is refused', async () => {
    const app = testApp(db().database);
    const target = { guildId: 'g', channelId: `chan-${driver}-6` };
    await createCampaign(app, target, actor('u1'), 'Round Trip');
    await joinCampaign(app, target, actor('u1'), 'hydran');
    await joinCampaign(app, target, actor('u2'), 'lyran');
    await runCommand(app, { target, actor: actor('u1'), command: { type: 'map-generate', sectorsPerPlayer: 4 } });
    for (const u of ['u1', 'u2']) await runCommand(app, { target, actor: actor(u), command: { type: 'map-approve' } });
    expect((await startCampaign(app, target, actor('u1'))).ok).toBe(true);
    const exported = await exportCampaign(app, target.channelId, { includeSecret: false });
    if (!exported.ok) throw new Error('export failed');
    const text = JSON.stringify(exported.value);
    const to = { guildId: 'g2', channelId: `chan-${driver}-6-copy` };
    const imported = await importCampaign(app, to, actor('u1'), text);
    expect(imported.ok).toBe(true);
    const again = await exportCampaign(app, to.channelId, { includeSecret: false });
    if (!again.ok) throw new Error('second export failed');
    // Everything but the move itself is identical: same events, same players, banks, order.
    expect(again.value.events.slice(0, -1)).toEqual(exported.value.events);
    expect(again.value.events.at(-1)!.event.type).toBe('CampaignImported');
    const { id: _a, guildId: _b, channelId: _c, seedCommitments: s1, ...restCopy } = again.value.campaign;
    const { id: _d, guildId: _e, channelId: _f, seedCommitments: s0, ...restOriginal } = exported.value.campaign;
    expect(restCopy).toEqual(restOriginal);
    expect(s1.slice(0, -1)).toEqual(s0);
    // A file whose state was edited no longer matches its log.
    const edited = JSON.parse(text);
    edited.campaign.players[0].bank = '99999';
    const refused = await importCampaign(
      app,
      { guildId: 'g2', channelId: `chan-${driver}-6-bad` },
      actor('u1'),
      JSON.stringify(edited),
    );
    expect(refused).toMatchObject({ ok: false, error: { code: 'import/invalid' } });
    expect(await campaignInChannel(app, `chan-${driver}-6-bad`)).toBeNull();
  });
});
