import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { campaignEvents as loadLog, campaignInChannel } from '../../src/app/campaigns.ts';
import { runCommand, type CommandInput } from '../../src/app/run-command.ts';
import { registerRuleset, rulesetOf } from '../../src/app/rulesets.ts';
import { runDue } from '../../src/app/scheduler.ts';
import { campaigns } from '../../src/db/schema.ts';
import { fail, ok } from '../../src/rules/errors.ts';
import type { Ruleset } from '../../src/ruleset.ts';
import { actor, testApp } from '../helpers/app.ts';
import { forEachDriver } from '../helpers/databases.ts';

/** A counter campaign: the smallest ruleset, written against src/ruleset.ts alone. */
interface Tally {
  ruleset: 'counter-test';
  id: string;
  guildId: string;
  channelId: string;
  name: string;
  status: 'open';
  count: number;
}
type TallyCommand =
  | { type: 'create'; name: string; campaignId: string; guildId: string; channelId: string }
  | { type: 'add'; n: number };
type TallyEvent =
  | { type: 'Created'; id: string; guildId: string; channelId: string; name: string }
  | { type: 'Added'; n: number };

const counter: Ruleset<Tally, TallyCommand, TallyEvent> = {
  id: 'counter-test',
  decide(state, command) {
    if (command.type === 'create') {
      if (state) return fail('campaign/exists', 'T1', 'This channel already counts.');
      const { campaignId: id, guildId, channelId, name } = command;
      return ok({ events: [{ type: 'Created', id, guildId, channelId, name }], state: null });
    }
    if (command.type !== 'add')
      return fail('command/unknown', 'T0', `A counter does not know '${(command as { type: string }).type}'.`);
    if (!state) return fail('campaign/none', 'T1', 'Nothing to count on.');
    if (!(command.n > 0)) return fail('add/not-positive', 'T2', `Only a positive number is added (not ${command.n}).`);
    return ok({ events: [{ type: 'Added', n: command.n }], state: null });
  },
  apply(state, { event }) {
    if (event.type === 'Created') return { ruleset: 'counter-test', ...event, status: 'open', count: 0 };
    if (!state) throw new Error('Added before Created');
    return { ...state, count: state.count + event.n };
  },
};

/** An alarm clock: the counter with one clock, which the scheduler rings as the ruleset's system user. */
interface Alarm extends Omit<Tally, 'ruleset'> {
  ruleset: 'alarm-test';
  ringAt: string | null;
}
type AlarmCommand =
  | { type: 'create'; name: string; campaignId: string; guildId: string; channelId: string }
  | { type: 'set'; at: string }
  | { type: 'ring' };
type AlarmEvent =
  | { type: 'Created'; id: string; guildId: string; channelId: string; name: string }
  | { type: 'Set'; at: string }
  | { type: 'Rang' };

const alarm: Ruleset<Alarm, AlarmCommand, AlarmEvent> = {
  id: 'alarm-test',
  decide(state, command, ctx) {
    if (command.type === 'create') {
      const { campaignId: id, guildId, channelId, name } = command;
      return ok({ events: [{ type: 'Created', id, guildId, channelId, name }], state: null });
    }
    if (!state) return fail('campaign/none', 'A1', 'No alarm here.');
    if (command.type === 'set') return ok({ events: [{ type: 'Set', at: command.at }], state: null });
    if (ctx.actor.userId !== 'the-clock') return fail('ring/not-clock', 'A2', 'Only the clock rings.');
    if (!state.ringAt || Date.parse(state.ringAt) > ctx.now.getTime()) return fail('ring/not-due', 'A3', 'Not yet.');
    return ok({ events: [{ type: 'Rang' }], state: null });
  },
  apply(state, { event }) {
    if (event.type === 'Created') return { ruleset: 'alarm-test', ...event, status: 'open', count: 0, ringAt: null };
    if (!state) throw new Error(`${event.type} before Created`);
    return event.type === 'Set' ? { ...state, ringAt: event.at } : { ...state, count: state.count + 1, ringAt: null };
  },
  scheduler: {
    systemUserId: 'the-clock',
    nextDue: (state) => state.ringAt,
    due: (state, now) =>
      state.ringAt && Date.parse(state.ringAt) <= now.getTime() ? [{ command: { type: 'ring' }, reason: 'alarm' }] : [],
  },
};

const unregister: (() => void)[] = [];
beforeAll(() => {
  unregister.push(registerRuleset(counter), registerRuleset(alarm));
});
afterAll(() => {
  for (const u of unregister) u();
});

forEachDriver('ruleset seam', (db, skip, driver) => {
  it.skipIf(skip)('a second ruleset plugs in through the Ruleset interface without Thunderdome code', async () => {
    const app = testApp(db().database);
    const target = { guildId: 'g', channelId: `tally-${driver}` };
    const run = (command: unknown) => runCommand(app, { target, actor: actor('u1'), command: command as CommandInput });

    const created = await run({ type: 'create', name: 'Tally', ruleset: 'counter-test' });
    expect(created.ok).toBe(true);
    expect((await run({ type: 'add', n: 2 })).ok).toBe(true);
    const added = await run({ type: 'add', n: 5 });
    if (!added.ok || added.duplicate) throw new Error('add refused');
    expect(added.state).toMatchObject({ ruleset: 'counter-test', name: 'Tally', count: 7 });

    // The events are stored as the test ruleset decided them, in order.
    const log = await loadLog(app, target.channelId);
    expect(log.map((e) => [e.seq, e.event])).toEqual([
      [1, { type: 'Created', id: expect.any(String), guildId: 'g', channelId: target.channelId, name: 'Tally' }],
      [2, { type: 'Added', n: 2 }],
      [3, { type: 'Added', n: 5 }],
    ]);

    // A refusal is the ruleset's rule error and changes nothing.
    const refused = await run({ type: 'add', n: 0 });
    expect(refused).toEqual({ ok: false, error: expect.objectContaining({ code: 'add/not-positive' }) });
    // A Thunderdome command goes to the campaign's own ruleset, which does not know it.
    expect(await run({ type: 'join', empire: 'lyran' })).toMatchObject({
      ok: false,
      error: { code: 'command/unknown' },
    });
    expect((await loadLog(app, target.channelId)).length).toBe(3);

    // The stored campaign is the test ruleset's, folded by it (read back from the database).
    const rows = await app.database.db
      .select({ state: campaigns.state, version: campaigns.version, name: campaigns.name })
      .from(campaigns)
      .where(eq(campaigns.channelId, target.channelId));
    expect(rows).toEqual([
      { state: expect.objectContaining({ ruleset: 'counter-test', count: 7 }), version: 3, name: 'Tally' },
    ]);
    expect(await campaignInChannel(app, target.channelId)).toMatchObject({ ruleset: 'counter-test', count: 7 });
    // The counter names no stored parts: its whole state is the `state` column, read back exactly as it
    // was stored, with no key added (Thunderdome's map, fleets, ships and bases columns stay unread).
    const stored = await campaignInChannel(app, target.channelId);
    expect(stored).toStrictEqual(added.state);
    // (The counter's fold keeps the Created event's `type`: its own state, kept as it is.)
    expect(Object.keys(stored!).sort()).toEqual([
      'channelId',
      'count',
      'guildId',
      'id',
      'name',
      'ruleset',
      'status',
      'type',
    ]);
    // Without a scheduler hook nothing is ever due for it.
    const [clock] = await app.database.db
      .select({ dueAt: campaigns.dueAt })
      .from(campaigns)
      .where(eq(campaigns.channelId, target.channelId));
    expect(clock).toEqual({ dueAt: null });

    // Thunderdome campaigns still default to Thunderdome, in another channel of the same database.
    const other = { ...target, channelId: `td-${driver}` };
    const td = await runCommand(app, { target: other, actor: actor('u1'), command: { type: 'create', name: 'Rim' } });
    expect(td.ok && !td.duplicate && td.state.ruleset).toBe('thunderdome-iii');
  });

  it.skipIf(skip)("the scheduler gives a ruleset's due commands as its system user, when they fall due", async () => {
    const app = testApp(db().database, { start: '2026-05-01T12:00:00Z' });
    const target = { guildId: 'g', channelId: `alarm-${driver}` };
    const run = (command: unknown) => runCommand(app, { target, actor: actor('u1'), command: command as CommandInput });
    expect((await run({ type: 'create', name: 'Wake', ruleset: 'alarm-test' })).ok).toBe(true);
    expect((await run({ type: 'ring' })).ok).toBe(false);
    expect((await run({ type: 'set', at: '2026-05-01T13:00:00.000Z' })).ok).toBe(true);
    const dueAt = async () =>
      (
        await app.database.db
          .select({ dueAt: campaigns.dueAt })
          .from(campaigns)
          .where(eq(campaigns.channelId, target.channelId))
      )[0]!.dueAt;
    expect(await dueAt()).toBe('2026-05-01T13:00:00.000Z');
    expect((await runDue(app)).filter((o) => o.channelId === target.channelId)).toEqual([]);

    app.clock.set('2026-05-01T13:00:00Z');
    const rang = (await runDue(app)).filter((o) => o.channelId === target.channelId);
    expect(rang).toHaveLength(1);
    expect(rang[0]).toMatchObject({ reason: 'alarm', result: { ok: true } });
    const log = await loadLog(app, target.channelId);
    expect(log.at(-1)).toMatchObject({ seq: 3, actor: { userId: 'the-clock' }, event: { type: 'Rang' } });
    expect(await campaignInChannel(app, target.channelId)).toMatchObject({ count: 1, ringAt: null });
    expect(await dueAt()).toBeNull();
    expect((await runDue(app)).filter((o) => o.channelId === target.channelId)).toEqual([]);
  });

  it.skipIf(skip)('an unknown ruleset id is refused clearly, and nothing is stored', async () => {
    const app = testApp(db().database);
    const target = { guildId: 'g', channelId: `nope-${driver}` };
    const req = { target, actor: actor('u1'), command: { type: 'create', name: 'X', ruleset: 'nope' } } as const;
    await expect(runCommand(app, req)).rejects.toThrow(/unknown ruleset 'nope'.*'thunderdome-iii'/);
    expect(await campaignInChannel(app, target.channelId)).toBeNull();
    expect(() => rulesetOf('warlord-2')).toThrow(/unknown ruleset 'warlord-2'/);
    // Star Fleet Warlord is the second registered ruleset (src/app/warlord-ruleset.ts).
    expect(rulesetOf('star-fleet-warlord').id).toBe('star-fleet-warlord');
  });
});
