import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignEvents, campaignInChannel, rollInCampaign } from '../../src/app/campaigns.ts';
import { auditDice } from '../../src/app/dice-audit.ts';
import { runCommand } from '../../src/app/run-command.ts';
import { stateLayout } from '../../src/app/rulesets.ts';
import { findCampaignByChannel } from '../../src/db/campaign-repo.ts';
import { actor, setupCampaign, testApp } from '../helpers/app.ts';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases.ts';

const sha256 = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

describe('UTD1.7 /dice reveal by vote: the seed is published and a fresh committed seed takes over', () => {
  let tdb: TestDatabase;
  beforeAll(async () => {
    tdb = await createPgliteDatabase();
  });
  afterAll(async () => tdb.drop());

  it('UTD1.7 2 of 3 players reveal the seed; every roll so far verifies, later rolls stay secret until the end', async () => {
    const app = testApp(tdb.database);
    const target = { guildId: 'g', channelId: 'reveal' };
    await setupCampaign(app, target, []);
    for (let i = 0; i < 3; i++) await rollInCampaign(app, target, actor('b'), '2d6');
    const firstSeed = (await findCampaignByChannel(app.database.db, target.channelId, stateLayout))!.secretSeeds[0]!;

    const opened = await runCommand(app, { target, actor: actor('a'), command: { type: 'vote-dice-reveal' } });
    expect(opened.ok).toBe(true);
    const vote = (await campaignInChannel(app, target.channelId))!.votes.at(-1)!;
    await runCommand(app, {
      target,
      actor: actor('a'),
      command: { type: 'vote-attach', voteId: vote.id, messageId: 'm1' },
    });
    await runCommand(app, {
      target,
      actor: actor('a'),
      command: { type: 'ballot', messageId: 'm1', choice: 'yes', present: true },
    });
    expect((await campaignInChannel(app, target.channelId))!.revealedSeeds).toEqual([]);
    const closing = await runCommand(app, {
      target,
      actor: actor('c'),
      command: { type: 'ballot', messageId: 'm1', choice: 'yes', present: true },
    });
    if (!closing.ok || closing.duplicate) throw new Error('the ballot was refused');
    expect(closing.events.map((e) => e.event.type)).toEqual([
      'BallotCast',
      'VoteClosed',
      'SeedsRevealed',
      'SeedCommitted',
    ]);

    // The published seed is the one committed at creation; a new one is committed from the next event on.
    const state = (await campaignInChannel(app, target.channelId))!;
    expect(state.revealedSeeds).toEqual([firstSeed]);
    const commit = closing.events.at(-1)!;
    expect(state.seedCommitments.at(-1)).toEqual({
      fromSeq: commit.seq,
      hash: (commit.event as { seedCommitment: string }).seedCommitment,
    });
    const row = (await findCampaignByChannel(app.database.db, target.channelId, stateLayout))!;
    expect(row.secretSeeds).toHaveLength(2);
    expect(row.secretSeeds[1]!.fromSeq).toBe(commit.seq);
    expect(sha256(row.secretSeeds[1]!.seed)).toBe(state.seedCommitments.at(-1)!.hash);
    expect(row.secretSeeds[1]!.seed).not.toBe(firstSeed.seed);

    // map seed 1 + turn order 3 + three /roll: all recomputed from the revealed seed.
    expect(auditDice(state, await campaignEvents(app, target.channelId), sha256)).toMatchObject({
      revealed: true,
      commitmentsOk: true,
      rolls: 7,
      fair: 7,
      secret: 0,
      mismatches: [],
    });

    // A later roll comes from the fresh seed: not checkable yet, and not a mismatch.
    await rollInCampaign(app, target, actor('b'), '1d20');
    const later = (await campaignInChannel(app, target.channelId))!;
    expect(auditDice(later, await campaignEvents(app, target.channelId), sha256)).toMatchObject({
      rolls: 8,
      fair: 7,
      secret: 1,
      mismatches: [],
    });
    // A second reveal vote can be held later for the fresh seed.
    expect((await runCommand(app, { target, actor: actor('b'), command: { type: 'vote-dice-reveal' } })).ok).toBe(true);

    // When the campaign ends every seed is published and every roll verifies.
    await runCommand(app, { target, actor: actor('b'), command: { type: 'resign' } });
    await runCommand(app, { target, actor: actor('c'), command: { type: 'resign' } });
    const ended = (await campaignInChannel(app, target.channelId))!;
    expect(ended.status).toBe('finished');
    expect(ended.revealedSeeds).toHaveLength(2);
    expect(auditDice(ended, await campaignEvents(app, target.channelId), sha256)).toMatchObject({
      commitmentsOk: true,
      rolls: 8,
      fair: 8,
      secret: 0,
      mismatches: [],
    });
  });
});
