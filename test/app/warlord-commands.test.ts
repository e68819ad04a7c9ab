import { expect, it } from 'vitest';
import { type CommandInput, runCommand } from '../../src/app/run-command.ts';
import { runWarlord } from '../../src/app/warlord-commands.ts';
import { actor, testApp } from '../helpers/app.ts';
import { forEachDriver } from '../helpers/databases.ts';

forEachDriver('Warlord commands beside Thunderdome', (db, skip, driver) => {
  it.skipIf(skip)(
    "§11 each game's commands only in its own channel: refused by name, the campaign unchanged, never a crash",
    async () => {
      const app = testApp(db().database, { start: '2026-06-01T12:00:00Z' });
      const td = { guildId: 'g', channelId: `td-${driver}` };
      const wl = { guildId: 'g', channelId: `wl-${driver}` };
      const run = (target: typeof td, command: unknown) =>
        runCommand(app, { target, actor: actor('a'), command: command as CommandInput });
      expect(await run(td, { type: 'create', name: 'TD' })).toMatchObject({ ok: true });
      expect(await runWarlord(app, { target: td, actor: actor('a') }, { type: 'warlord-join', corpName: 'X' })).toEqual(
        {
          ok: false,
          error: {
            code: 'warlord/other-ruleset',
            rule: '§11',
            message: 'This channel plays thunderdome-iii: `/warlord` works only in a Star Fleet Warlord channel.',
          },
        },
      );
      // A second game in the same channel is refused as any second campaign is.
      expect(await runWarlord(app, { target: td, actor: actor('a') }, { type: 'create', name: 'W' })).toMatchObject({
        ok: false,
        error: { code: 'campaign/exists' },
      });

      expect(await runWarlord(app, { target: wl, actor: actor('a') }, { type: 'create', name: 'W' })).toMatchObject({
        ok: true,
      });
      expect(await run(wl, { type: 'join', empire: 'lyran' })).toMatchObject({
        ok: false,
        error: { code: 'warlord/other-ruleset', rule: '§11' },
      });
      expect(
        await runWarlord(app, { target: wl, actor: actor('a') }, { type: 'warlord-join', corpName: 'Alpha' }),
      ).toMatchObject({
        ok: true,
        state: { players: [{ userId: 'a', corp: 1, name: 'Alpha' }] },
      });
    },
  );
});
