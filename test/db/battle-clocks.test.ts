import { expect, it } from 'vitest';
import { campaignInChannel } from '../../src/app/campaigns.ts';
import { runCommand, type CommandResult } from '../../src/app/run-command.ts';
import { runDue } from '../../src/app/scheduler.ts';
import { TEST_MAP } from '../rules/td3/harness.ts';
import { actor, testApp } from '../helpers/app.ts';
import { forEachDriver } from '../helpers/databases.ts';

const must = (r: CommandResult) => {
  if (!r.ok) throw new Error(`refused: ${r.error.message}`);
  return r;
};

forEachDriver('battle clocks run themselves', (db, skip, driver) => {
  it.skipIf(skip)(
    'UTD3.42#1 the contact reminder goes out once a day before; the missed contact forces the attacker back the way it came',
    async () => {
      const app = testApp(db().database, { start: '2026-03-04T15:00:00Z' });
      const target = { guildId: 'g', channelId: `battle-${driver}` };
      const run = (u: string, command: Parameters<typeof runCommand>[1]['command']) =>
        runCommand(app, { target, actor: actor(u), command });
      must(await run('a', { type: 'create', name: 'Clocks' }));
      for (const [u, e] of [
        ['a', 'lyran'],
        ['b', 'kzinti'],
        ['c', 'gorn'],
      ] as const)
        must(await run(u, { type: 'join', empire: e }));
      must(await run('a', { type: 'map-import', json: JSON.stringify(TEST_MAP) }));
      for (const u of ['a', 'b', 'c']) must(await run(u, { type: 'map-approve' }));
      app.testHooks!.forcedDice.push(900, 500, 100);
      must(await run('a', { type: 'start' }));
      for (const u of ['a', 'b', 'c']) {
        must(
          await run(u, {
            type: 'setup-buy',
            unitId: `${u === 'a' ? 'LYR' : u === 'b' ? 'KZI' : 'GOR'}-CA`,
            fleetSlot: 1,
          }),
        );
        must(await run(u, { type: 'setup-ready', ready: true }));
      }
      must(await run('a', { type: 'move', fleet: '1', to: 'A' }));
      // A is dead with no terrain (UTD5.21, 5.3).
      app.testHooks!.forcedDice.push(5, 3);
      must(await run('a', { type: 'end-turn' }));
      must(await run('b', { type: 'move', fleet: '1', to: 'C' }));
      must(await run('b', { type: 'move', fleet: '1', to: 'A' }));
      must(await run('b', { type: 'end-turn' }));
      const opened = (await campaignInChannel(app, target.channelId))!.battles[0]!;
      expect(opened).toMatchObject({
        sector: 'A',
        sides: ['b', 'a'],
        contactBy: 'b',
        stage: 'awaiting-contact',
        deadlines: { contact: '2026-03-07T23:59:59.000Z' },
      });
      expect(await runDue(app)).toHaveLength(0);
      app.clock.set('2026-03-07T00:00:00Z');
      const reminded = (await runDue(app)).flatMap((o) =>
        o.result.ok && !o.result.duplicate ? o.result.events.map((e) => e.event) : [],
      );
      expect(reminded).toMatchObject([
        { type: 'BattleReminder', battleId: opened.id, key: 'awaiting-contact', players: ['b'] },
      ]);
      expect(await runDue(app)).toHaveLength(0);
      app.clock.set('2026-03-08T00:00:01Z');
      const [x, y] = await Promise.all([runDue(app), runDue(app)]);
      expect(x.length + y.length).toBe(1);
      const after = (await campaignInChannel(app, target.channelId))!;
      expect(after.battles[0]).toMatchObject({ status: 'resolved', resolution: 'forced-retreat' });
      expect(after.retreats[0]).toMatchObject({ playerId: 'b', from: 'A', to: 'C' });
      // The turn went on to c; b's fleet moves back after c's orders.
      expect(after.turn!.playerId).toBe('c');
      expect(await runDue(app)).toHaveLength(0);
    },
  );
});
