import { expect, it } from 'vitest';
import { commandHistory } from '../../src/app/outbox.ts';
import { type CommandInput, runCommand } from '../../src/app/run-command.ts';
import { forEachDriver } from '../helpers/databases.ts';
import { actor, testApp } from '../helpers/app.ts';

forEachDriver('outbox command history', (db, skip, driver) => {
  it.skipIf(skip)(
    "a delivered row's history is folded by the campaign's own ruleset from its first event (a Warlord game, not Thunderdome)",
    async () => {
      const app = testApp(db().database, { start: '2026-06-01T12:00:00Z' });
      const target = { guildId: 'g', channelId: `history-${driver}` };
      const run = async (user: string, command: unknown) => {
        const r = await runCommand(app, { target, actor: actor(user), command: command as CommandInput });
        if (!r.ok || r.duplicate) throw new Error(`${JSON.stringify(command)} refused`);
        return r;
      };
      const created = await run('a', { type: 'create', name: 'Magellanic', ruleset: 'star-fleet-warlord' });
      await run('a', { type: 'warlord-join', corpName: 'Alpha Mining' });
      const joined = await run('b', { type: 'warlord-join', corpName: 'Beta Freight' });
      const seq = joined.events[0]?.seq ?? 0;
      const history = await commandHistory(app, created.state.id, seq, seq);
      expect(history?.events.map((e) => e.event.type)).toEqual(['WarlordJoined']);
      expect(history?.state).toMatchObject({
        ruleset: 'star-fleet-warlord',
        status: 'joining',
        players: [
          { userId: 'a', corp: 1, name: 'Alpha Mining' },
          { userId: 'b', corp: 2, name: 'Beta Freight' },
        ],
      });
      // The creation command's own row: its history is the Warlord creation alone.
      const first = await commandHistory(app, created.state.id, 1, 1);
      expect(first?.state).toMatchObject({ ruleset: 'star-fleet-warlord', name: 'Magellanic', players: [] });
    },
  );
});
