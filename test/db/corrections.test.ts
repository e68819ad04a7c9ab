import { expect, it } from 'vitest';
import { campaignEvents, campaignInChannel } from '../../src/app/campaigns.ts';
import { runCommand, type CommandInput, type CommandResult } from '../../src/app/run-command.ts';
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
});
