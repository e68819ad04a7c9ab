import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { campaignEvents as loadLog, campaignInChannel } from '../../src/app/campaigns.ts';
import { runCommand, type CommandInput } from '../../src/app/run-command.ts';
import { registerRuleset, rulesetOf } from '../../src/app/rulesets.ts';
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

let unregister: () => void;
beforeAll(() => {
  unregister = registerRuleset(counter);
});
afterAll(() => unregister());

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

    // Thunderdome campaigns still default to Thunderdome, in another channel of the same database.
    const other = { ...target, channelId: `td-${driver}` };
    const td = await runCommand(app, { target: other, actor: actor('u1'), command: { type: 'create', name: 'Rim' } });
    expect(td.ok && !td.duplicate && td.state.ruleset).toBe('thunderdome-iii');
  });

  it.skipIf(skip)('an unknown ruleset id is refused clearly, and nothing is stored', async () => {
    const app = testApp(db().database);
    const target = { guildId: 'g', channelId: `nope-${driver}` };
    const req = { target, actor: actor('u1'), command: { type: 'create', name: 'X', ruleset: 'nope' } } as const;
    await expect(runCommand(app, req)).rejects.toThrow(/unknown ruleset 'nope'.*'thunderdome-iii'/);
    expect(await campaignInChannel(app, target.channelId)).toBeNull();
    expect(() => rulesetOf('star-fleet-warlord')).toThrow(/unknown ruleset 'star-fleet-warlord'/);
  });
});
