import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignEvents, campaignInChannel, rollInCampaign } from '../../src/app/campaigns.ts';
import { auditDice } from '../../src/app/dice-audit.ts';
import { runCommand } from '../../src/app/run-command.ts';
import { actor, setupCampaign, testApp } from '../helpers/app.ts';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases.ts';

const sha256 = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

describe('verifiable dice: reveal at the end, /dice verify recomputes every roll (design §5)', () => {
  let tdb: TestDatabase;
  beforeAll(async () => {
    tdb = await createPgliteDatabase();
  });
  afterAll(async () => tdb.drop());

  it('every roll of a whole campaign is recomputed from the revealed seed; forced ones are counted apart', async () => {
    const app = testApp(tdb.database);
    const target = { guildId: 'g', channelId: 'dice' };
    // Turn order rolled fairly (no forced dice) so every roll but one is checkable.
    await setupCampaign(app, target, []);
    for (let i = 0; i < 5; i++) await rollInCampaign(app, target, actor('b'), '3d6+1');
    app.testHooks!.forcedDice.push(6, 6);
    await rollInCampaign(app, target, actor('c'), '2d6');
    const secret = (await campaignInChannel(app, target.channelId))!;
    expect(auditDice(secret, await campaignEvents(app, target.channelId), sha256).revealed).toBe(false);
    await runCommand(app, { target, actor: actor('b'), command: { type: 'resign' } });
    await runCommand(app, { target, actor: actor('c'), command: { type: 'resign' } });
    const state = (await campaignInChannel(app, target.channelId))!;
    expect(state.status).toBe('finished');
    const events = await campaignEvents(app, target.channelId);
    expect(events.at(-1)!.event.type).toBe('SeedsRevealed');
    const audit = auditDice(state, events, sha256);
    // map seed 1 + turn order 3 + five /roll + one forced /roll
    expect(audit).toMatchObject({ revealed: true, commitmentsOk: true, rolls: 10, fair: 9, forced: 1, mismatches: [] });
    // A tampered roll is caught.
    const tampered = structuredClone(events);
    const roll = tampered.find((e) => e.event.type === 'DiceRolled')!.rolls[0]!;
    roll.results[0] = (roll.results[0]! % 6) + 1;
    expect(auditDice(state, tampered, sha256).mismatches).toHaveLength(1);
  });
});
