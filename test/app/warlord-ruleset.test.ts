import { expect, it } from 'vitest';
import { campaignEvents as loadLog, campaignInChannel } from '../../src/app/campaigns.ts';
import { type CommandInput, runCommand } from '../../src/app/run-command.ts';
import { runDue } from '../../src/app/scheduler.ts';
import { type WarlordCampaign, type WarlordEvent, sheetReply, warlord } from '../../src/app/warlord-ruleset.ts';
import type { StoredEventOf } from '../../src/ruleset.ts';
import { actor, testApp } from '../helpers/app.ts';
import { forEachDriver } from '../helpers/databases.ts';

forEachDriver('Warlord ruleset', (db, skip, driver) => {
  it.skipIf(skip)(
    'Warlord on the seam: four corporations join, the galaxy is generated, sheets come in, the deadline processes the turn with the late sheet waived, and the log replays to the same state',
    async () => {
      const app = testApp(db().database, { start: '2026-06-01T12:00:00Z' });
      const target = { guildId: 'g', channelId: `warlord-${driver}` };
      const run = (user: string, command: unknown) =>
        runCommand(app, { target, actor: actor(user), command: command as CommandInput });
      const must = async (user: string, command: unknown) => {
        const r = await run(user, command);
        if (!r.ok) throw new Error(`${JSON.stringify(command)}: ${r.error.message}`);
        return r;
      };
      await must('a', { type: 'create', name: 'Magellanic', ruleset: 'star-fleet-warlord' });
      for (const [u, n] of [
        ['a', 'Alpha Mining'],
        ['b', 'Beta Freight'],
        ['c', 'Gamma Works'],
        ['d', 'Delta Holdings'],
      ] as const)
        await must(u, { type: 'warlord-join', corpName: n });
      expect(await run('e', { type: 'warlord-join', corpName: 'The Latecomers' })).toMatchObject({
        ok: false,
        error: { code: 'warlord/corp-name' },
      });
      expect(await run('a', { type: 'warlord-start', width: 3, height: 4, turnHours: 48 })).toMatchObject({
        ok: false,
        error: { code: 'warlord/size' },
      });
      await must('a', { type: 'warlord-start', width: 4, height: 4, turnHours: 48 });
      let state = (await campaignInChannel(app, target.channelId)) as unknown as WarlordCampaign;
      expect(state.status).toBe('running');
      expect(state.game?.corps.map((c) => c.name)).toEqual([
        'Alpha Mining',
        'Beta Freight',
        'Gamma Works',
        'Delta Holdings',
      ]);

      // Sheets from a, b and c (b revises its own); d is late.
      await must('a', { type: 'warlord-submit', text: 'PR F\nPS F DD\nPS F DD' });
      await must('b', { type: 'warlord-submit', text: 'PS K D7' });
      await must('b', { type: 'warlord-submit', text: 'PR K\nPS K D7\nBF 50' });
      await must('c', { type: 'warlord-submit', text: 'PS Z FF\nFA 75 50' });
      expect(sheetReply(state, 'c', 'PS Z FF\nFA 75 50')).toContain('line 2: "50" is not an FA option');
      expect(await run('a', { type: 'warlord-process' })).toMatchObject({
        ok: false,
        error: { code: 'warlord/not-due' },
      });

      app.clock.set('2026-06-03T12:00:00Z');
      const done = (await runDue(app)).filter((o) => o.channelId === target.channelId);
      expect(done).toHaveLength(1);
      expect(done[0]).toMatchObject({ result: { ok: true } });
      state = (await campaignInChannel(app, target.channelId)) as unknown as WarlordCampaign;
      expect([state.game?.turn, state.game?.year, state.sheets]).toEqual([1, 166, {}]);
      expect(state.deadline).toBe('2026-06-05T12:00:00.000Z');
      const owned = (corp: number, type: string) =>
        state.game?.ships.filter((s) => s.owner === corp && s.typeId === type).length;
      expect([owned(1, 'F-DD'), owned(2, 'K-D7'), owned(3, 'Z-FF'), owned(4, 'F-DD')]).toEqual([2, 1, 1, 0]);

      const log = await loadLog(app, target.channelId);
      const last = log.at(-1);
      expect(last).toMatchObject({
        actor: { userId: 'warlord-clock' },
        event: { type: 'WarlordTurnProcessed', turn: 0, waived: [4], winner: null },
      });
      expect((last?.rolls.length ?? 0) > 0).toBe(true);
      // Replaying the log with its recorded dice rebuilds the stored state exactly.
      let replay: WarlordCampaign | null = null;
      for (const e of log) replay = warlord.apply(replay, e as unknown as StoredEventOf<WarlordEvent>);
      expect(JSON.parse(JSON.stringify(replay))).toEqual(JSON.parse(JSON.stringify(state)));
    },
  );

  it.skipIf(skip)(
    'Warlord standby (§11.4): a vote that fails at the deadline and one that passes; the log replays to the same state',
    async () => {
      const app = testApp(db().database, { start: '2026-06-01T12:00:00Z' });
      const target = { guildId: 'g', channelId: `standby-${driver}` };
      const run = (user: string, command: unknown) =>
        runCommand(app, { target, actor: actor(user), command: command as CommandInput });
      const must = async (user: string, command: unknown) => {
        const r = await run(user, command);
        if (!r.ok) throw new Error(`${JSON.stringify(command)}: ${r.error.message}`);
        return r;
      };
      const read = async () => (await campaignInChannel(app, target.channelId)) as unknown as WarlordCampaign;
      let at = Date.parse('2026-06-01T12:00:00Z');
      const deadline = async () => {
        at += 24 * 3_600_000;
        app.clock.set(new Date(at).toISOString());
        expect((await runDue(app)).filter((o) => o.channelId === target.channelId)).toHaveLength(1);
      };
      await must('a', { type: 'create', name: 'Standby', ruleset: 'star-fleet-warlord' });
      for (const [u, n] of [
        ['a', 'Alpha'],
        ['b', 'Beta'],
        ['c', 'Gamma'],
      ] as const)
        await must(u, { type: 'warlord-join', corpName: n });
      await must('a', { type: 'warlord-start', width: 4, height: 4, turnHours: 24 });
      for (let t = 0; t < 3; t++) {
        await must('a', { type: 'warlord-submit', text: 'A% 90' });
        await must('c', { type: 'warlord-submit', text: 'A% 90' });
        await deadline();
      }
      await must('a', { type: 'warlord-standby', corp: 2, userId: 'e' });
      expect(Object.keys((await read()).standby ?? {})).toEqual(['2']);
      await deadline();
      const failed = (await loadLog(app, target.channelId)).slice(-2).map((e) => e.event.type);
      // The turn's event comes first: it carries the command's dice (the turn replays them).
      expect(failed).toEqual(['WarlordTurnProcessed', 'WarlordStandbyClosed']);
      expect((await read()).players.find((p) => p.corp === 2)?.userId).toBe('b');
      await must('a', { type: 'warlord-standby', corp: 2, userId: 'e' });
      await must('c', { type: 'warlord-standby-ballot', corp: 2, choice: 'yes' });
      const state = await read();
      expect(state.players.find((p) => p.corp === 2)?.userId).toBe('e');
      expect(state.standby).toEqual({});
      await must('e', { type: 'warlord-submit', text: 'PR K' });
      expect(await run('b', { type: 'warlord-submit', text: 'PR K' })).toMatchObject({
        ok: false,
        error: { code: 'warlord/not-player' },
      });
      await deadline();
      const after = await read();
      expect(after.game?.corps.find((c) => c.id === 2)?.primaries).toEqual(['K']);
      let replay: WarlordCampaign | null = null;
      for (const e of await loadLog(app, target.channelId))
        replay = warlord.apply(replay, e as unknown as StoredEventOf<WarlordEvent>);
      expect(JSON.parse(JSON.stringify(replay))).toEqual(JSON.parse(JSON.stringify(after)));
    },
  );
});

forEachDriver('Warlord processing when every sheet is in', (db, skip, driver) => {
  it.skipIf(skip)(
    'when every corporation has sent its sheet the next scheduler pass runs the turn before the deadline (§11.3, processWhenAllIn); one sheet missing, it waits',
    async () => {
      const app = testApp(db().database, { start: '2026-06-01T12:00:00Z' });
      const target = { guildId: 'g', channelId: `warlord-all-in-${driver}` };
      const must = async (user: string, command: unknown) => {
        const r = await runCommand(app, { target, actor: actor(user), command: command as CommandInput });
        if (!r.ok) throw new Error(`${JSON.stringify(command)}: ${r.error.message}`);
      };
      await must('a', { type: 'create', name: 'All In', ruleset: 'star-fleet-warlord' });
      await must('a', { type: 'warlord-join', corpName: 'Alpha' });
      await must('b', { type: 'warlord-join', corpName: 'Beta' });
      await must('a', { type: 'warlord-start', width: 4, height: 4, turnHours: 168 });
      await must('a', { type: 'warlord-submit', text: 'PR F' });
      app.clock.advance(60_000);
      expect((await runDue(app)).filter((o) => o.channelId === target.channelId)).toHaveLength(0);
      await must('b', { type: 'warlord-submit', text: 'PR K' });
      app.clock.advance(60_000);
      const done = (await runDue(app)).filter((o) => o.channelId === target.channelId);
      expect(done).toMatchObject([{ result: { ok: true } }]);
      const state = (await campaignInChannel(app, target.channelId)) as unknown as WarlordCampaign;
      expect([state.game?.turn, state.sheets]).toEqual([1, {}]);
      // Six days before the old deadline, the new turn waits for its own deadline again.
      app.clock.advance(60_000);
      expect((await runDue(app)).filter((o) => o.channelId === target.channelId)).toHaveLength(0);
    },
  );
});
