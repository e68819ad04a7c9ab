import { expect, it } from 'vitest';
import { campaignEvents, campaignInChannel, exportCampaign, importCampaign } from '../../src/app/campaigns.ts';
import { runCommand, type CommandInput, type CommandResult } from '../../src/app/run-command.ts';
import { runDue } from '../../src/app/scheduler.ts';
import { verifyCampaign } from '../../src/app/verify.ts';
import { actor, setupCampaign, testApp } from '../helpers/app.ts';
import { forEachDriver } from '../helpers/databases.ts';

/** Corrections by consent (UTD1.7; docs/rules-notes.md "Corrections by consent") through the app, on both drivers. */
forEachDriver('corrections', (db, skip) => {
  const refusal = (r: CommandResult) => (r.ok ? null : r.error);

  async function started(channelId: string) {
    const app = testApp(db().database);
    const target = { guildId: 'g', channelId };
    await setupCampaign(app, target);
    // One starting ship in a fleet, so that units can be corrected.
    const bought = await runCommand(app, {
      target,
      actor: actor('a'),
      command: { type: 'setup-buy', unitId: 'LYR-FF', fleetSlot: null },
    });
    if (!bought.ok) throw new Error(bought.error.message);
    for (const u of ['a', 'b', 'c'])
      await runCommand(app, { target, actor: actor(u), command: { type: 'setup-ready', ready: true } });
    const run = (user: string, command: CommandInput) => runCommand(app, { target, actor: actor(user), command });
    const state = async () => (await campaignInChannel(app, target.channelId))!;
    const events = async () => campaignEvents(app, target.channelId);
    /** The log replays to the stored state, and its chain holds. */
    const verifies = async () => {
      const v = await verifyCampaign(app, target.channelId);
      if (!v.ok) throw new Error('verify refused');
      expect(v.value).toMatchObject({ breaks: [], state: [], replayFailed: null });
    };
    const ballots = async (message: string, votes: Record<string, 'yes' | 'no'>) => {
      const v = (await state()).votes.at(-1)!;
      await run(v.proposer, { type: 'vote-attach', voteId: v.id, messageId: message });
      for (const [u, choice] of Object.entries(votes))
        await run(u, { type: 'ballot', messageId: message, choice, present: true });
      return v.id;
    };
    return { app, target, run, state, events, verifies, ballots };
  }

  it.skipIf(skip)(
    'UTD1.7 an amendment shows its before/after difference with the vote, applies on a supermajority, and the log replays to the amended state',
    async () => {
      const { run, state, events, verifies, ballots } = await started('amend-pass');
      const bankBefore = (await state()).players.find((p) => p.id === 'b')!.bank;
      const proposed = await run('a', {
        type: 'vote-amend',
        what: 'bank',
        target: 'b',
        value: '123.5',
        reason: 'the repair was charged twice',
      });
      if (!proposed.ok || proposed.duplicate) throw new Error(proposed.ok ? 'duplicate' : proposed.error.message);
      expect(proposed.events.map((e) => e.event.type)).toEqual(['VoteOpened', 'AmendmentProposed']);
      expect(proposed.events[1]!.event).toMatchObject({
        correction: { kind: 'bank', player: 'b', bank: '123.5' },
        reason: 'the repair was charged twice',
        changes: [{ path: 'players[b].bank', before: bankBefore, after: '123.5' }],
      });
      // Nothing changes before the vote.
      expect((await state()).players.find((p) => p.id === 'b')!.bank).toBe(bankBefore);
      const voteId = await ballots('amend-1', { a: 'yes', c: 'yes' });
      const s = await state();
      expect(s.votes.find((v) => v.id === voteId)!.status).toBe('passed');
      expect(s.players.find((p) => p.id === 'b')!.bank).toBe('123.5');
      expect((await events()).at(-1)!.event).toMatchObject({ type: 'StateAmended', voteId });
      await verifies();
    },
  );

  it.skipIf(skip)(
    'UTD1.7 a fleet corrected to another sector moves with its ships; a rejected amendment changes nothing',
    async () => {
      const { run, state, verifies, ballots } = await started('amend-fleet');
      const fleet = (await state()).fleets.find((f) => f.owner === 'a')!;
      const elsewhere = (await state()).map!.sectors.find((x) => x.key !== fleet.sector)!.key;
      expect(
        (
          await run('b', {
            type: 'vote-amend',
            what: 'sector',
            target: fleet.id,
            value: elsewhere,
            reason: 'mis-moved',
          })
        ).ok,
      ).toBe(true);
      const rejected = await ballots('fleet-1', { a: 'no', b: 'yes', c: 'no' });
      let s = await state();
      expect(s.votes.find((v) => v.id === rejected)!.status).toBe('rejected');
      expect(s.fleets.find((f) => f.id === fleet.id)!.sector).toBe(fleet.sector);
      await verifies();
      expect(
        (
          await run('b', {
            type: 'vote-amend',
            what: 'sector',
            target: fleet.id,
            value: elsewhere,
            reason: 'mis-moved',
          })
        ).ok,
      ).toBe(true);
      await ballots('fleet-2', { a: 'yes', b: 'yes' });
      s = await state();
      expect(s.fleets.find((f) => f.id === fleet.id)!.sector).toBe(elsewhere);
      const ships = s.ships.filter((x) => x.fleetId === fleet.id);
      expect(ships.length).toBeGreaterThan(0);
      expect(ships.every((x) => x.sector === elsewhere)).toBe(true);
      await verifies();
    },
  );

  it.skipIf(skip)(
    'UTD1.7 a malformed, stale, ineligible or duplicate amendment is refused citing the rule and stores nothing',
    async () => {
      const { run, events } = await started('amend-refusals');
      expect(
        (await run('a', { type: 'vote-amend', what: 'condition', target: 'S999', value: 'crippled', reason: 'x' })).ok,
      ).toBe(false);
      const before = (await events()).length;
      const cases: [string, CommandInput, object][] = [
        [
          'a',
          { type: 'vote-amend', what: 'bank', target: 'b', value: 'lots', reason: 'r' },
          { code: 'amend/malformed', rule: 'UTD1.7' },
        ],
        ['a', { type: 'vote-amend', what: 'bank', target: 'b', value: '-5', reason: 'r' }, { code: 'amend/malformed' }],
        [
          'a',
          { type: 'vote-amend', what: 'weather', target: 'b', value: '1', reason: 'r' },
          { code: 'amend/malformed' },
        ],
        [
          'a',
          { type: 'vote-amend', what: 'bank', target: 'b', value: '10', reason: '  ' },
          { code: 'amend/no-reason' },
        ],
        [
          'a',
          { type: 'vote-amend', what: 'condition', target: 'S999', value: 'crippled', reason: 'r' },
          { code: 'amend/stale', rule: 'UTD1.7' },
        ],
        [
          'a',
          { type: 'vote-amend', what: 'battle', target: 'B999', value: 'S1 crippled', reason: 'r' },
          { code: 'amend/stale' },
        ],
        ['outsider', { type: 'vote-amend', what: 'bank', target: 'b', value: '10', reason: 'r' }, { rule: 'UTD8.11' }],
      ];
      for (const [user, command, error] of cases) expect(refusal(await run(user, command))).toMatchObject(error);
      // A proxy defines orders; it does not put questions to the vote (UTD3.2).
      expect((await run('a', { type: 'proxy-grant', userId: 'sitter', expiresAt: null })).ok).toBe(true);
      expect(
        refusal(await run('sitter', { type: 'vote-amend', what: 'bank', target: 'b', value: '10', reason: 'r' })),
      ).toMatchObject({ code: 'proxy/out-of-scope' });
      const withProxy = (await events()).length;
      expect(withProxy).toBe(before + 1);
      // One vote at a time on one subject.
      expect((await run('a', { type: 'vote-amend', what: 'bank', target: 'b', value: '10', reason: 'r' })).ok).toBe(
        true,
      );
      const opened = (await events()).length;
      expect(
        refusal(await run('c', { type: 'vote-amend', what: 'bank', target: 'kzinti', value: '11', reason: 'r' })),
      ).toMatchObject({ code: 'vote/duplicate', rule: 'UTD1.7' });
      expect(await events()).toHaveLength(opened);
    },
  );

  it.skipIf(skip)(
    'UTD1.7 an amendment whose target left the campaign while its vote was open is not applied',
    async () => {
      const { run, state, events, verifies, ballots } = await started('amend-stale');
      expect((await run('a', { type: 'vote-amend', what: 'bank', target: 'c', value: '5', reason: 'typo' })).ok).toBe(
        true,
      );
      expect((await run('c', { type: 'concede' })).ok).toBe(true);
      await ballots('stale-1', { a: 'yes', b: 'yes' });
      expect((await events()).at(-1)!.event).toMatchObject({ type: 'AmendmentFailed', failure: { code: 'stale' } });
      expect((await state()).players.find((p) => p.id === 'c')!.bank).not.toBe('5');
      await verifies();
    },
  );

  it.skipIf(skip)(
    'UTD1.7 a revert within the cycle takes effect when every player whose actions it undoes agrees: the events stay, marked reverted, replay gives the state, and the dice stay drawn',
    async () => {
      const { app, target, run, state, events, verifies, ballots } = await started('revert-pass');
      const before = await state();
      const bought = await run('a', { type: 'buy-ops', kind: 'temporary', count: 1 });
      if (!bought.ok || bought.duplicate) throw new Error('refused');
      const from = bought.events[0]!.seq;
      const rolled = await run('a', { type: 'roll', expression: '1d1000' });
      if (!rolled.ok || rolled.duplicate) throw new Error('refused');
      const die = (rolled.events[0]!.event as { total: number }).total;
      expect((await state()).players.find((p) => p.id === 'a')!.bank).not.toBe(before.players[0]!.bank);
      const proposed = await run('b', { type: 'revert-propose', event: from });
      if (!proposed.ok || proposed.duplicate) throw new Error(proposed.ok ? 'duplicate' : proposed.error.message);
      const vote = (await state()).votes.at(-1)!;
      // Only the player whose actions it undoes is asked, and must agree.
      expect(vote).toMatchObject({ payload: { kind: 'revert', toSeq: from }, electorate: ['a'], threshold: 1 });
      expect(proposed.events[1]!.event).toMatchObject({
        type: 'RevertProposed',
        undone: [
          { seq: from, type: 'OrderPointsBought', by: 'a' },
          { seq: from + 1, type: 'DiceRolled', by: 'a' },
        ],
        rolls: [{ seq: from + 1, results: [die] }],
      });
      const changes = (proposed.events[1]!.event as { changes: { path: string }[] }).changes.map((c) => c.path);
      expect(changes).toContain('players[a].bank');
      const stored = (await events()).length;
      await ballots('revert-1', { a: 'yes' });
      const s = await state();
      expect((await events()).at(-1)!.event).toMatchObject({ type: 'CycleReverted', toSeq: from, lastSeq: from + 1 });
      expect(s.players.find((p) => p.id === 'a')!.bank).toBe(before.players.find((p) => p.id === 'a')!.bank);
      expect(s.turn).toMatchObject({ opsTempBought: before.turn!.opsTempBought, orders: before.turn!.orders });
      expect(s.reverted).toEqual([{ from, to: from + 1, voteId: vote.id }]);
      expect(s.votes.find((v) => v.id === vote.id)!.status).toBe('passed');
      // Never rewritten: every stored event is still there.
      expect((await events()).slice(0, stored).map((e) => e.seq)).toEqual([...Array(stored).keys()].map((i) => i + 1));
      await verifies();
      // The same roll asked again gets the die already drawn: a revert buys no re-roll.
      const again = await run('a', { type: 'roll', expression: '1d1000' });
      if (!again.ok || again.duplicate) throw new Error('refused');
      expect((again.events[0]!.event as { total: number }).total).toBe(die);
      expect(again.events[1]!.event).toMatchObject({
        type: 'DiceRedrawn',
        rolls: [{ eventSeq: from + 1, results: [die] }],
      });
      expect((await state()).drawnDice).toEqual([]);
      await verifies();
      // An export carries the revert; the import replays its log to the same state.
      const exported = await exportCampaign(app, target.channelId, { includeSecret: false });
      if (!exported.ok) throw new Error('export failed');
      const imported = await importCampaign(
        app,
        { guildId: 'g', channelId: 'revert-copy' },
        actor('a'),
        JSON.stringify(exported.value),
      );
      expect(imported.ok).toBe(true);
      expect((await campaignInChannel(app, 'revert-copy'))!.reverted).toEqual([
        { from, to: from + 1, voteId: vote.id },
      ]);
    },
  );

  it.skipIf(skip)(
    'UTD1.7 a revert without every consent changes nothing: one concerned player says no, or the deadline passes in silence',
    async () => {
      const { app, run, state, verifies, ballots } = await started('revert-fail');
      const bought = await run('a', { type: 'buy-ops', kind: 'temporary', count: 1 });
      if (!bought.ok || bought.duplicate) throw new Error('refused');
      const from = bought.events[0]!.seq;
      expect((await run('b', { type: 'proxy-grant', userId: 'sitter', expiresAt: null })).ok).toBe(true);
      const after = await state();
      expect((await run('c', { type: 'revert-propose', event: from })).ok).toBe(true);
      expect((await state()).votes.at(-1)!.electorate).toEqual(['a', 'b']);
      const refused = await ballots('revert-no', { a: 'yes', b: 'no' });
      let s = await state();
      expect(s.votes.find((v) => v.id === refused)!.status).toBe('rejected');
      expect(s.players).toEqual(after.players);
      expect(s.reverted).toBeUndefined();
      await verifies();
      expect((await run('c', { type: 'revert-propose', event: from })).ok).toBe(true);
      const silent = await ballots('revert-silent', { a: 'yes' });
      app.clock.advance((s.settings['vote.windowHours'] + 1) * 3_600_000);
      await run('system', { type: 'vote-close-due' });
      s = await state();
      expect(s.votes.find((v) => v.id === silent)!.status).toBe('rejected');
      expect(s.players.map((p) => p.bank)).toEqual(after.players.map((p) => p.bank));
      await verifies();
    },
  );

  it.skipIf(skip)(
    'UTD1.7 a revert is refused for a stale or earlier event, from a proxy, while an amendment is open, and fails if someone acts unasked meanwhile',
    async () => {
      const { run, state, events, verifies, ballots } = await started('revert-refusals');
      const bought = await run('a', { type: 'buy-ops', kind: 'temporary', count: 1 });
      if (!bought.ok || bought.duplicate) throw new Error('refused');
      const from = bought.events[0]!.seq;
      expect((await run('a', { type: 'proxy-grant', userId: 'sitter', expiresAt: null })).ok).toBe(true);
      const stored = (await events()).length;
      for (const [user, event, error] of [
        ['b', 9999, { code: 'revert/stale', rule: 'UTD1.7' }],
        ['b', 3, { code: 'revert/not-this-cycle', rule: 'UTD1.7' }],
        ['sitter', from, { code: 'proxy/out-of-scope', rule: 'UTD3.2' }],
        ['outsider', from, { rule: 'UTD8.11' }],
      ] as const)
        expect(refusal(await run(user, { type: 'revert-propose', event }))).toMatchObject(error);
      expect(await events()).toHaveLength(stored);
      // One correction vote at a time: an open amendment holds a revert back, and the reverse.
      expect((await run('c', { type: 'vote-amend', what: 'bank', target: 'b', value: '7', reason: 'typo' })).ok).toBe(
        true,
      );
      expect(refusal(await run('b', { type: 'revert-propose', event: from }))).toMatchObject({
        code: 'vote/duplicate',
      });
      await ballots('amend-r', { a: 'no', b: 'no' });
      expect((await run('b', { type: 'revert-propose', event: from })).ok).toBe(true);
      expect(
        refusal(await run('c', { type: 'vote-amend', what: 'bank', target: 'b', value: '7', reason: 'typo' })),
      ).toMatchObject({ code: 'vote/duplicate' });
      // c acts while the consent is asked: c was never asked, so the revert cannot apply.
      expect((await run('c', { type: 'proxy-grant', userId: 'friend', expiresAt: null })).ok).toBe(true);
      const bank = (await state()).players.find((p) => p.id === 'a')!.bank;
      await ballots('revert-r', { a: 'yes' });
      expect((await events()).at(-1)!.event).toMatchObject({ type: 'RevertFailed', unasked: ['c'] });
      expect((await state()).players.find((p) => p.id === 'a')!.bank).toBe(bank);
      await verifies();
    },
  );

  it.skipIf(skip)(
    'UTD3.91 removal.seat takeover-by-vote: a replacement seat continues a campaign whose player was removed after three forfeits, with its empire, bank and forces',
    async () => {
      const app = testApp(db().database);
      const target = { guildId: 'g', channelId: 'replace' };
      const run = (user: string, command: CommandInput) => runCommand(app, { target, actor: actor(user), command });
      const state = async () => (await campaignInChannel(app, target.channelId))!;
      const must = async (user: string, command: CommandInput) => {
        const r = await run(user, command);
        if (!r.ok) throw new Error(`${command.type}: ${r.error.message}`);
      };
      await must('a', { type: 'create', name: 'Seats' });
      for (const [u, e] of [
        ['a', 'lyran'],
        ['b', 'kzinti'],
        ['c', 'gorn'],
      ] as const)
        await must(u, { type: 'join', empire: e });
      // Before play a passed setting vote takes effect at once (UTD1.11).
      await must('a', { type: 'vote-setting', key: 'removal.seat', value: 'takeover-by-vote' });
      const setting = (await state()).votes.at(-1)!;
      await must('a', { type: 'vote-attach', voteId: setting.id, messageId: 'seat-setting' });
      for (const u of ['a', 'b'])
        await must(u, { type: 'ballot', messageId: 'seat-setting', choice: 'yes', present: true });
      expect((await state()).settings['removal.seat']).toBe('takeover-by-vote');
      await must('a', { type: 'map-generate', sectorsPerPlayer: 3 });
      for (const u of ['a', 'b', 'c']) await must(u, { type: 'map-approve' });
      app.testHooks!.forcedDice.push(3, 2, 1);
      await must('a', { type: 'start' });
      for (const u of ['a', 'b', 'c']) await must(u, { type: 'setup-ready', ready: true });
      // Without a vacant seat there is nothing to take over.
      expect(refusal(await run('a', { type: 'vote-replace', player: 'c', userId: 'd', name: 'Dora' }))).toMatchObject({
        code: 'seat/not-vacant',
        rule: 'UTD3.91',
      });
      const c = (await state()).players.find((p) => p.id === 'c')!;
      const cForces = async () => {
        const s = await state();
        return [...s.bases, ...s.ships].filter((x) => x.owner === 'c').map((x) => x.id);
      };
      const forces = await cForces();
      expect(forces.length).toBeGreaterThan(0);
      // a's proxy is personal (UTD3.2): it stays c's, not the seat's.
      await must('a', { type: 'proxy-grant', userId: 'c', expiresAt: null });
      // c lets three turns in a row pass (UTD3.31, 3.92): removed, but the seat stays.
      for (let i = 0; i < 3; i++) {
        for (const u of ['a', 'b']) await must(u, { type: 'end-turn' });
        expect((await state()).turn!.playerId).toBe('c');
        app.clock.set(new Date(Date.parse((await state()).turn!.deadline!) + 60_000));
        await must('system', { type: 'expire-turn' });
      }
      let s = await state();
      const left = s.players.find((p) => p.id === 'c')!;
      expect(left).toMatchObject({ status: 'removed', vacantSeat: true, consecutiveForfeits: 3 });
      expect(await cForces()).toEqual(forces);
      expect(s.turn!.playerId).toBe('a');
      // A stranger to the campaign, and a player already seated, cannot be voted in.
      expect(refusal(await run('a', { type: 'vote-replace', player: 'c', userId: 'b', name: 'Bob' }))).toMatchObject({
        code: 'seat/already-player',
      });
      expect(
        refusal(await run('outsider', { type: 'vote-replace', player: 'c', userId: 'd', name: 'Dora' })),
      ).toMatchObject({
        rule: 'UTD8.11',
      });
      await must('b', { type: 'vote-replace', player: 'c', userId: 'd', name: 'Dora' });
      const vote = (await state()).votes.at(-1)!;
      expect(vote.electorate).toEqual(['a', 'b']);
      await must('b', { type: 'vote-attach', voteId: vote.id, messageId: 'seat-vote' });
      for (const u of ['a', 'b'])
        await must(u, { type: 'ballot', messageId: 'seat-vote', choice: 'yes', present: true });
      s = await state();
      const d = s.players.find((p) => p.id === 'd')!;
      expect(d).toMatchObject({ name: 'Dora', empire: c.empire, status: 'active', bank: left.bank, seat: c.seat });
      expect(d.vacantSeat).toBeUndefined();
      expect(s.players.some((p) => p.id === 'c')).toBe(false);
      expect(s.players.find((p) => p.id === 'a')!.proxies.map((x) => x.userId)).toEqual(['c']);
      expect(s.turnOrder).toEqual(['a', 'b', 'd']);
      expect([...s.bases, ...s.ships].filter((x) => forces.includes(x.id)).every((x) => x.owner === 'd')).toBe(true);
      // The campaign goes on with the newcomer in the seat.
      for (const u of ['a', 'b']) await must(u, { type: 'end-turn' });
      expect((await state()).turn!.playerId).toBe('d');
      await must('d', { type: 'buy-ops', kind: 'temporary', count: 1 });
      await must('d', { type: 'end-turn' });
      expect((await state()).turn!.playerId).toBe('a');
      const v = await verifyCampaign(app, target.channelId);
      expect(v.ok && v.value).toMatchObject({ breaks: [], state: [], replayFailed: null });
    },
  );

  it.skipIf(skip)(
    'UTD3.91 under the default rule a departing player’s forces leave and no seat can be taken over',
    async () => {
      const { run, state } = await started('replace-default');
      expect((await run('c', { type: 'resign' })).ok).toBe(true);
      expect((await state()).bases.some((b) => b.owner === 'c')).toBe(false);
      expect(refusal(await run('a', { type: 'vote-replace', player: 'c', userId: 'd', name: 'Dora' }))).toMatchObject({
        code: 'seat/no-takeover',
        rule: 'UTD3.91',
      });
    },
  );

  it.skipIf(skip)(
    'UTD3.2, UTD3.31 absence: an automatic proxy plays for the player; without one the turns pass as no forfeits within the yearly budget, then forfeit at the deadline',
    async () => {
      const { app, run, state, events, verifies } = await started('absence');
      const must = async (user: string, command: CommandInput) => {
        const r = await run(user, command);
        if (!r.ok) throw new Error(`${command.type}: ${r.error.message}`);
      };
      expect(refusal(await run('a', { type: 'absence', days: 15, proxy: null }))).toMatchObject({
        code: 'absence/length',
        rule: 'UTD3.31',
      });
      expect(refusal(await run('sitter', { type: 'absence', days: 3, proxy: null }))).toMatchObject({
        rule: 'UTD8.11',
      });
      // a names an automatic proxy, who gives a's orders until the absence ends.
      await must('a', { type: 'absence', days: 7, proxy: 'sitter' });
      expect((await events()).slice(-2).map((e) => e.event.type)).toEqual(['AbsenceDeclared', 'ProxyGranted']);
      const bought = await run('sitter', { type: 'buy-ops', kind: 'temporary', count: 1 });
      if (!bought.ok || bought.duplicate) throw new Error('the automatic proxy was refused');
      expect(bought.events[0]!.actor).toEqual({ userId: 'sitter', asPlayer: 'a' });
      // b is away without a proxy: b's turns pass at once, no forfeit, two this year (the default).
      await must('b', { type: 'absence', days: 14, proxy: null });
      const cycle = async () => {
        await must('a', { type: 'end-turn' });
        expect((await state()).turn!.playerId).toBe('b');
        await runDue(app);
      };
      for (let i = 0; i < 2; i++) {
        await cycle();
        expect((await state()).turn!.playerId).toBe('c');
        expect((await events()).some((e) => e.event.type === 'TurnExcused')).toBe(true);
        await must('c', { type: 'end-turn' });
        expect((await state()).players.find((p) => p.id === 'b')).toMatchObject({ consecutiveForfeits: 0 });
      }
      expect((await state()).players.find((p) => p.id === 'b')!.excusedTurns!.turns).toBe(2);
      // The budget is spent: the third turn waits for its deadline and is forfeited as usual.
      await cycle();
      expect((await state()).turn!.playerId).toBe('b');
      app.clock.set(new Date(Date.parse((await state()).turn!.deadline!) + 60_000));
      await runDue(app);
      expect((await state()).players.find((p) => p.id === 'b')).toMatchObject({ consecutiveForfeits: 1 });
      await verifies();
    },
  );
});
