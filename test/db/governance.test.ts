import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { campaignEvents, campaignInChannel, exportCampaign, importCampaign } from '../../src/app/campaigns.ts';
import { runCommand, type CommandInput, type CommandResult } from '../../src/app/run-command.ts';
import { verifyCampaign } from '../../src/app/verify.ts';
import { runDue } from '../../src/app/scheduler.ts';
import { actor, setupCampaign, testApp } from '../helpers/app.ts';
import { forEachDriver } from '../helpers/databases.ts';

/** Governance without a moderator (UTD3.2, UTD8.113) through the app, on both database drivers. */
forEachDriver('governance', (db, skip) => {
  const refusal = (r: CommandResult) => (r.ok ? null : r.error);

  async function started(channelId: string) {
    const app = testApp(db().database);
    const target = { guildId: 'g', channelId };
    await setupCampaign(app, target);
    for (const u of ['a', 'b', 'c'])
      await runCommand(app, { target, actor: actor(u), command: { type: 'setup-ready', ready: true } });
    const run = (user: string, command: CommandInput) => runCommand(app, { target, actor: actor(user), command });
    return { app, target, run };
  }

  it.skipIf(skip)(
    'UTD3.2 the proxy abuse chain is refused at each step and changes nothing, while the proxy’s orders work, marked as proxied',
    async () => {
      const { app, target, run } = await started('proxy-chain');
      expect((await campaignInChannel(app, target.channelId))!.turn!.playerId).toBe('a');
      expect((await run('a', { type: 'proxy-grant', userId: 'sitter', expiresAt: null })).ok).toBe(true);
      expect((await run('a', { type: 'proxy-grant', userId: 'other', expiresAt: null })).ok).toBe(true);
      const before = (await campaignEvents(app, target.channelId)).length;
      for (const command of [
        { type: 'proxy-grant', userId: 'sitter', expiresAt: new Date('2027-01-01T00:00:00Z') },
        { type: 'proxy-grant', userId: 'friend', expiresAt: null },
        { type: 'proxy-revoke', userId: 'other' },
        { type: 'resign' },
        { type: 'vote-setting', key: 'startYear', value: '170' },
      ] as const) {
        expect(refusal(await run('sitter', command))).toMatchObject({ code: 'proxy/out-of-scope', rule: 'UTD3.2' });
      }
      expect(await campaignEvents(app, target.channelId)).toHaveLength(before);
      const bought = await run('sitter', { type: 'buy-ops', kind: 'temporary', count: 1 });
      if (!bought.ok || bought.duplicate) throw new Error('the proxy’s order was refused');
      const stored = (await campaignEvents(app, target.channelId)).slice(before);
      expect(stored.map((e) => [e.event.type, e.actor])).toEqual([
        ['OrderPointsBought', { userId: 'sitter', asPlayer: 'a' }],
      ]);
      const a = (await campaignInChannel(app, target.channelId))!.players.find((p) => p.id === 'a')!;
      expect(a.status).toBe('active');
      expect(a.proxies.map((x) => x.userId)).toEqual(['sitter', 'other']);
    },
  );

  it.skipIf(skip)('UTD3.2 a fellow player named proxy gives the player’s orders, stored as proxied', async () => {
    const { app, target, run } = await started('proxy-fellow');
    expect(refusal(await run('b', { type: 'buy-ops', kind: 'temporary', count: 1 }))).toMatchObject({
      rule: 'UTD2.1',
    });
    expect((await run('a', { type: 'proxy-grant', userId: 'b', expiresAt: null })).ok).toBe(true);
    const bought = await run('b', { type: 'buy-ops', kind: 'temporary', count: 1 });
    if (!bought.ok || bought.duplicate) throw new Error('the fellow player’s order was refused');
    expect(bought.events[0]!.actor).toEqual({ userId: 'b', asPlayer: 'a' });
    expect((await campaignEvents(app, target.channelId)).at(-1)!.actor).toEqual({ userId: 'b', asPlayer: 'a' });
    expect(refusal(await run('b', { type: 'proxy-revoke', userId: 'b' }))).toMatchObject({ rule: 'UTD3.2' });
  });

  it.skipIf(skip)('UTD8.113 repeated contests by an outsider evict nobody, the creator included', async () => {
    const app = testApp(db().database);
    const target = { guildId: 'g', channelId: 'contest' };
    const run = (user: string, command: CommandInput) => runCommand(app, { target, actor: actor(user), command });
    await run('a', { type: 'create', name: 'Contest' });
    await run('a', { type: 'join', empire: 'lyran' });
    await run('b', { type: 'join', empire: 'kzinti' });
    for (let i = 0; i < 6; i++) {
      app.testHooks!.forcedDice.push(1, 6);
      expect(refusal(await run('outsider', { type: 'contest', empire: i % 2 ? 'kzinti' : 'lyran' }))).toMatchObject({
        code: 'empire/not-joining',
        rule: 'UTD8.113',
      });
      app.testHooks!.forcedDice.length = 0;
    }
    const state = (await campaignInChannel(app, target.channelId))!;
    expect(state.players.map((p) => [p.id, p.empire])).toEqual([
      ['a', 'lyran'],
      ['b', 'kzinti'],
    ]);
    // A joining player rolls once; the pair's claim is then settled.
    await run('outsider', { type: 'join', empire: 'gorn' });
    app.testHooks!.forcedDice.push(6, 1);
    expect((await run('outsider', { type: 'contest', empire: 'lyran' })).ok).toBe(true);
    app.testHooks!.forcedDice.push(1, 6);
    expect(refusal(await run('outsider', { type: 'contest', empire: 'lyran' }))).toMatchObject({
      code: 'empire/contest-settled',
    });
    app.testHooks!.forcedDice.length = 0;
    expect((await campaignInChannel(app, target.channelId))!.players.map((p) => [p.id, p.empire])).toEqual([
      ['a', 'lyran'],
      ['b', 'kzinti'],
      ['outsider', 'gorn'],
    ]);
  });

  it.skipIf(skip)(
    'UTD1.5 an import whose secret dice seed does not hash to the stored commitment is refused and stores nothing',
    async () => {
      const { app, target } = await started('seed-export');
      const exported = await exportCampaign(app, target.channelId, { includeSecret: true });
      if (!exported.ok) throw new Error('export failed');
      const file = exported.value;
      expect(file.secretSeeds).toHaveLength(1);
      const swapped = { ...file, secretSeeds: [{ fromSeq: 1, seed: 'ab'.repeat(32) }] };
      const refused = await importCampaign(
        app,
        { guildId: 'g', channelId: 'seed-bad' },
        actor('a'),
        JSON.stringify(swapped),
      );
      expect(refused).toMatchObject({ ok: false, error: { code: 'import/invalid', rule: 'UTD1.6' } });
      expect(refused.ok ? '' : refused.error.message).toContain('does not hash to its commitment');
      const uncommitted = { ...file, secretSeeds: [...file.secretSeeds!, { fromSeq: 5, seed: 'cd'.repeat(32) }] };
      const refusedToo = await importCampaign(
        app,
        { guildId: 'g', channelId: 'seed-bad' },
        actor('a'),
        JSON.stringify(uncommitted),
      );
      expect(refusedToo.ok ? '' : refusedToo.error.message).toContain('was never committed');
      expect(await campaignInChannel(app, 'seed-bad')).toBeNull();
      const imported = await importCampaign(
        app,
        { guildId: 'g', channelId: 'seed-good' },
        actor('a'),
        JSON.stringify(file),
      );
      expect(imported.ok).toBe(true);
    },
  );

  it.skipIf(skip)(
    'tamper-evident history: each event links to the one before; editing one stored event by SQL makes verify name that event and the state it no longer gives',
    async () => {
      const { app, target, run } = await started('chain');
      const bought = await run('a', { type: 'buy-ops', kind: 'temporary', count: 1 });
      if (!bought.ok || bought.duplicate) throw new Error('refused');
      const clean = await verifyCampaign(app, target.channelId);
      if (!clean.ok) throw new Error('verify refused');
      expect(clean.value).toMatchObject({ breaks: [], state: [], replayFailed: null });
      expect(clean.value.head).toBe(bought.chainHead);
      expect(clean.value.events).toBe(bought.events.at(-1)!.seq);

      const seq = bought.events[0]!.seq;
      const id = (await campaignInChannel(app, target.channelId))!.id;
      await app.database.db.execute(
        sql`update campaign_events set event = jsonb_set(event, '{cost}', '"1"') where campaign_id = ${id} and seq = ${seq}`,
      );
      const tampered = await verifyCampaign(app, target.channelId);
      if (!tampered.ok) throw new Error('verify refused');
      expect(tampered.value.breaks).toEqual([{ code: 'event-altered', seq }]);
      expect(tampered.value.state.map((d) => d.path)).toEqual([
        'players[a].bank',
        'turn.opsTempPaid',
        'turn.orders[0].bpvCost',
        'turn.orders[0].event.cost',
      ]);

      // An export of the tampered log carries the stored chain, and the import refuses it.
      const exported = await exportCampaign(app, target.channelId, { includeSecret: false });
      if (!exported.ok) throw new Error('export failed');
      expect(exported.value.format).toBe(4);
      const refused = await importCampaign(
        app,
        { guildId: 'g', channelId: 'chain-copy' },
        actor('a'),
        JSON.stringify(exported.value),
      );
      expect(refused.ok ? '' : refused.error.message).toContain(`hash chain breaks: event ${seq} was changed`);
    },
  );

  it.skipIf(skip)(
    'tamper-evident history: an export carries the chain and the import checks it and chains its copy alike',
    async () => {
      const { app, target } = await started('chain-export');
      const exported = await exportCampaign(app, target.channelId, { includeSecret: false });
      if (!exported.ok) throw new Error('export failed');
      const events = exported.value.events;
      expect(events.every((e, i) => e.prevHash === (i === 0 ? '0'.repeat(64) : events[i - 1]!.hash))).toBe(true);
      const imported = await importCampaign(
        app,
        { guildId: 'g', channelId: 'chain-export-copy' },
        actor('a'),
        JSON.stringify(exported.value),
      );
      expect(imported.ok).toBe(true);
      const again = await exportCampaign(app, 'chain-export-copy', { includeSecret: false });
      if (!again.ok) throw new Error('export failed');
      expect(again.value.events.slice(0, -1).map((e) => e.hash)).toEqual(events.map((e) => e.hash));
      const copy = await verifyCampaign(app, 'chain-export-copy');
      expect(copy.ok && copy.value.breaks).toEqual([]);
      // A file whose chain was re-linked by hand is refused, naming the event.
      const edited = structuredClone(exported.value);
      edited.events[2]!.prevHash = 'f'.repeat(64);
      const refused = await importCampaign(
        app,
        { guildId: 'g', channelId: 'chain-export-bad' },
        actor('a'),
        JSON.stringify(edited),
      );
      expect(refused.ok ? '' : refused.error.message).toContain('event 3 does not link');
    },
  );

  it.skipIf(skip)(
    'UTD1.7 a supermajority vote pauses the campaign: the orders deadline stops, orders are refused, and a resume restores the time that was left',
    async () => {
      const { app, target, run } = await started('pause');
      const state = async () => (await campaignInChannel(app, target.channelId))!;
      const vote = async (proposer: string, voters: string[], message: string) => {
        const opened = await run(proposer, { type: 'vote-pause' });
        if (!opened.ok) throw new Error(opened.error.message);
        const v = (await state()).votes.at(-1)!;
        await run(proposer, { type: 'vote-attach', voteId: v.id, messageId: message });
        for (const u of voters) await run(u, { type: 'ballot', messageId: message, choice: 'yes', present: true });
      };
      const deadline = Date.parse((await state()).turn!.deadline!);
      app.clock.advance(86_400_000);
      const pausedAt = app.clock.now().getTime();
      expect(refusal(await run('sitter', { type: 'vote-pause' }))).toMatchObject({ rule: 'UTD8.11' });
      await vote('b', ['a', 'b'], 'pause-1');
      expect((await state()).paused).toEqual({ since: new Date(pausedAt).toISOString() });
      expect(refusal(await run('a', { type: 'buy-ops', kind: 'temporary', count: 1 }))).toMatchObject({
        code: 'campaign/paused',
        rule: 'UTD1.7',
      });
      // Long past the deadline, the scheduler gives this campaign nothing: every clock stopped.
      app.clock.set(new Date(deadline + 10 * 86_400_000));
      const outcomes = await runDue(app);
      expect(outcomes.filter((o) => o.channelId === target.channelId)).toEqual([]);
      expect((await state()).turn).toMatchObject({ playerId: 'a', forfeited: false });
      const resumedAt = app.clock.now().getTime();
      await vote('c', ['b', 'c'], 'pause-2');
      const resumed = await state();
      expect(resumed.paused).toBeNull();
      expect(Date.parse(resumed.turn!.deadline!) - resumedAt).toBe(deadline - pausedAt);
      // The clock runs again from there: at the restored deadline the turn is forfeited (UTD3.31).
      app.clock.set(new Date(Date.parse(resumed.turn!.deadline!) + 60_000));
      await runDue(app);
      expect((await state()).turn!.playerId).toBe('b');
    },
  );

  it.skipIf(skip)('UTD3.91 a player may concede: their forces leave the map, and the turn passes on', async () => {
    const { app, target, run } = await started('concede');
    expect(refusal(await run('sitter', { type: 'concede' }))).toMatchObject({ rule: 'UTD8.11' });
    const conceded = await run('a', { type: 'concede' });
    if (!conceded.ok || conceded.duplicate) throw new Error('refused');
    expect(conceded.events[0]!.event).toEqual({ type: 'PlayerRemoved', playerId: 'a', reason: 'conceded' });
    const s = (await campaignInChannel(app, target.channelId))!;
    expect(s.players.find((p) => p.id === 'a')!.status).toBe('resigned');
    expect(s.bases.some((b) => b.owner === 'a')).toBe(false);
    expect(s.bases.some((b) => b.owner === 'b')).toBe(true);
    expect(s.turn!.playerId).toBe('b');
  });

  it.skipIf(skip)(
    'tamper-evident history: a log stored before the chain (migration 0005) verifies as unchained, and the next command chains it as it stands',
    async () => {
      const { app, target, run } = await started('chain-legacy');
      const id = (await campaignInChannel(app, target.channelId))!.id;
      await app.database.db.execute(
        sql`update campaign_events set prev_hash = null, hash = null where campaign_id = ${id}`,
      );
      const legacy = await verifyCampaign(app, target.channelId);
      if (!legacy.ok) throw new Error('verify refused');
      expect(legacy.value.breaks.every((b) => b.code === 'unchained')).toBe(true);
      expect(legacy.value.breaks).toHaveLength(legacy.value.events);
      expect(legacy.value.state).toEqual([]);
      const bought = await run('a', { type: 'buy-ops', kind: 'temporary', count: 1 });
      if (!bought.ok || bought.duplicate) throw new Error('refused');
      const chained = await verifyCampaign(app, target.channelId);
      if (!chained.ok) throw new Error('verify refused');
      expect(chained.value.breaks).toEqual([]);
      expect(chained.value.head).toBe(bought.chainHead);
    },
  );
});
