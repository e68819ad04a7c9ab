import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignEvents, campaignInChannel, createCampaign, joinCampaign, startCampaign } from '../../src/app/campaigns.ts';
import { canonicalJson } from '../../src/app/export.ts';
import { runCommand } from '../../src/app/run-command.ts';
import { replay } from '../../src/rules/thunderdome/index.ts';
import { actor, testApp } from '../helpers/app.ts';
import { DRIVERS, createDatabase, postgresAvailable, type TestDatabase } from '../helpers/databases.ts';

for (const driver of DRIVERS) {
  describe(`concurrency on ${driver} (issue 8 §2)`, async () => {
    const skip = driver === 'postgres' && !(await postgresAvailable());
    let tdb: TestDatabase;
    beforeAll(async () => {
      if (!skip) tdb = await createDatabase(driver);
    });
    afterAll(async () => {
      await tdb?.drop();
    });

    it.skipIf(skip)('100 concurrent attempts to spend the same BPV succeed exactly as often as the bank allows', async () => {
      const app = testApp(tdb.database);
      const target = { guildId: 'g', channelId: `race-${driver}` };
      await createCampaign(app, target, actor('a'), 'Race');
      for (const [u, e] of [['a', 'lyran'], ['b', 'kzinti'], ['c', 'gorn']] as const) await joinCampaign(app, target, actor(u), e);
      await runCommand(app, { target, actor: actor('a'), command: { type: 'map-generate', sectorsPerPlayer: 3 } });
      for (const u of ['a', 'b', 'c']) await runCommand(app, { target, actor: actor(u), command: { type: 'map-approve' } });
      await startCampaign(app, target, actor('a'));
      // 950 BPV buys floor(950 / 63) = 15 frigates; every other attempt is refused by the bank.
      const attempts = await Promise.all(Array.from({ length: 100 }, (_, i) => runCommand(app, { target, actor: actor('a'), interactionId: `buy-${driver}-${i}`, command: { type: 'setup-buy', unitId: 'LYR-FF', fleetSlot: null } })));
      expect(attempts.filter((r) => r.ok)).toHaveLength(15);
      expect(new Set(attempts.filter((r) => !r.ok).map((r) => (!r.ok ? r.error.rule : '')))).toEqual(new Set(['UTD8.132']));
      const state = (await campaignInChannel(app, target.channelId))!;
      expect(state.players.find((p) => p.id === 'a')!.bank).toBe('5');
      expect(state.ships.filter((s) => s.owner === 'a')).toHaveLength(15);
      expect(canonicalJson(replay(await campaignEvents(app, target.channelId)))).toBe(canonicalJson(state));
    });
  });
}
