import { expect, it } from 'vitest';
import { campaignEvents, campaignInChannel } from '../../src/app/campaigns.ts';
import { canonicalJson } from '../../src/app/export.ts';
import { runCommand } from '../../src/app/run-command.ts';
import { replay } from '../../src/rules/thunderdome/index.ts';
import { actor, setupCampaign, testApp } from '../helpers/app.ts';
import { forEachDriver } from '../helpers/databases.ts';

forEachDriver('concurrency', (db, skip, driver) => {
  it.skipIf(skip)(
    '100 concurrent attempts to spend the same BPV succeed exactly as often as the bank allows',
    async () => {
      const app = testApp(db().database);
      const target = { guildId: 'g', channelId: `race-${driver}` };
      await setupCampaign(app, target);
      // 950 BPV buys floor(950 / 63) = 15 frigates; every other attempt is refused by the bank.
      const attempts = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          runCommand(app, {
            target,
            actor: actor('a'),
            interactionId: `buy-${driver}-${i}`,
            command: { type: 'setup-buy', unitId: 'LYR-FF', fleetSlot: null },
          }),
        ),
      );
      expect(attempts.filter((r) => r.ok)).toHaveLength(15);
      expect(new Set(attempts.filter((r) => !r.ok).map((r) => (!r.ok ? r.error.rule : '')))).toEqual(
        new Set(['UTD8.132']),
      );
      const state = (await campaignInChannel(app, target.channelId))!;
      expect(state.players.find((p) => p.id === 'a')!.bank).toBe('5');
      expect(state.ships.filter((s) => s.owner === 'a')).toHaveLength(15);
      expect(canonicalJson(replay(await campaignEvents(app, target.channelId)))).toBe(canonicalJson(state));
    },
  );
});
