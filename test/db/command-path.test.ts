import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { campaignEvents as loadLog, campaignInChannel } from '../../src/app/campaigns.ts';
import { canonicalJson } from '../../src/app/export.ts';
import { runCommand, type CommandRequest } from '../../src/app/run-command.ts';
import { stateLayout } from '../../src/app/rulesets.ts';
import { StateCache } from '../../src/app/state-cache.ts';
import { columnsOf, stateOfColumns } from '../../src/db/campaign-repo.ts';
import { campaigns } from '../../src/db/schema.ts';
import { replay, type CampaignState } from '../../src/rules/thunderdome/index.ts';
import { actor, testApp } from '../helpers/app.ts';
import { campaignRowCount, forEachDriver } from '../helpers/databases.ts';

/**
 * Performance work (docs/performance.md) changed the command path without changing what it does: the rules hand
 * back the state they applied the events to, a command that changes nothing in the state (a dice
 * roll) writes only the version, and the state a process committed last is kept and used while the
 * row is still that version. These tests hold the path to what it did before.
 */
/** Thunderdome's parts, which these states have. */
const PARTS = stateLayout.parts('thunderdome-iii');

forEachDriver('command path', (db, skip, driver) => {
  let n = 0;
  const setup = async () => {
    const app = testApp(db().database);
    const target = { guildId: 'g', channelId: `path-${driver}-${++n}` };
    const run = async (userId: string, command: CommandRequest['command']) =>
      runCommand(app, { target, actor: actor(userId), command });
    expect((await run('u1', { type: 'create', name: 'Perf Sector' })).ok).toBe(true);
    expect((await run('u1', { type: 'join', empire: 'gorn' })).ok).toBe(true);
    const row = async () =>
      (await db().database.db.select().from(campaigns).where(eq(campaigns.channelId, target.channelId)))[0]!;
    return { app, target, run, row };
  };

  it.skipIf(skip)(
    'a dice roll appends its event and moves the version on, and leaves the stored state as it was',
    async () => {
      const { app, target, run, row } = await setup();
      const before = await row();
      const rolled = await run('u1', { type: 'roll', expression: '2d6' });
      expect(rolled.ok).toBe(true);
      const after = await row();
      expect(after.version).toBe(before.version + 1);
      expect(stateOfColumns(after, PARTS)).toEqual(stateOfColumns(before, PARTS));
      const log = await loadLog(app, target.channelId);
      expect(log.at(-1)!.event.type).toBe('DiceRolled');
      expect(canonicalJson(replay(log))).toBe(canonicalJson(stateOfColumns(after, PARTS)));
    },
  );

  it.skipIf(skip)(
    'a change made to the row behind the bot is seen by the next command (the kept state is used only for its own row version)',
    async () => {
      const { app, target, run } = await setup();
      // The version stays the same: only the row version (xmin) tells the change.
      await db().database.db.execute(
        sql`update campaigns set state = jsonb_set(state, '{name}', '"Renamed Sector"') where channel_id = ${target.channelId}`,
      );
      const rolled = await run('u1', { type: 'roll', expression: '1d6' });
      expect(rolled.ok && rolled.duplicate === false && rolled.before?.name).toBe('Renamed Sector');
      expect(rolled.ok && rolled.duplicate === false && rolled.state.name).toBe('Renamed Sector');
      expect((await campaignInChannel(app, target.channelId))!.name).toBe('Renamed Sector');
    },
  );

  it.skipIf(skip)(
    'what a command hands back may be changed by its caller without changing what the next command starts from',
    async () => {
      const { run, row } = await setup();
      const joined = await run('u2', { type: 'join', empire: 'lyran' });
      if (!joined.ok || joined.duplicate) throw new Error('join refused');
      const stored = stateOfColumns(await row(), PARTS);
      joined.state.players.reverse();
      joined.state.name = 'Scribbled on';
      const rolled = await run('u1', { type: 'roll', expression: '1d6' });
      if (!rolled.ok || rolled.duplicate) throw new Error('roll refused');
      expect(rolled.before).toEqual(stored);
      rolled.before!.players.pop();
      const again = await run('u2', { type: 'roll', expression: '1d6' });
      expect(again.ok && !again.duplicate && again.before).toEqual(stored);
    },
  );

  it.skipIf(skip)(
    'after rolls, changes and a refusal, in any order, the stored state is the replay of the log',
    async () => {
      const { app, target, run, row } = await setup();
      expect((await run('u1', { type: 'roll', expression: '3d6' })).ok).toBe(true);
      expect((await run('u2', { type: 'join', empire: 'kzinti' })).ok).toBe(true);
      expect((await run('u3', { type: 'join', empire: 'kzinti' })).ok).toBe(false);
      expect((await run('u2', { type: 'roll', expression: '1d20' })).ok).toBe(true);
      expect((await run('u3', { type: 'join', empire: 'hydran' })).ok).toBe(true);
      expect((await run('u3', { type: 'roll', expression: '2d6' })).ok).toBe(true);
      const stored = await row();
      const log = await loadLog(app, target.channelId);
      expect(stored.version).toBe(log.length);
      expect(canonicalJson(replay(log))).toBe(canonicalJson(stateOfColumns(stored, PARTS)));
      expect(stateOfColumns(stored, PARTS).players.map((p) => p.empire)).toEqual(['gorn', 'kzinti', 'hydran']);
    },
  );

  it.skipIf(skip)(
    'UTD1.6: a second delivery of an interaction is answered as a duplicate and changes nothing, even where the rules would now refuse its order',
    async () => {
      const { app, target, row } = await setup();
      const join = (interactionId: string) =>
        runCommand(app, { target, actor: actor('u2'), interactionId, command: { type: 'join', empire: 'kzinti' } });
      expect(await join(`join-${driver}`)).toMatchObject({ ok: true, duplicate: false });
      const before = await row();
      // Joining again would be refused (u2 has joined); the same interaction is a duplicate first.
      expect(await join(`join-${driver}`)).toEqual({ ok: true, duplicate: true });
      expect((await join(`join-again-${driver}`)).ok).toBe(false);
      expect((await row()).version).toBe(before.version);
    },
  );

  it.skipIf(skip)(
    'UTD1.6: a second delivery of an order the rules would take again is a duplicate too: what it wrote before its claim was answered is rolled back',
    async () => {
      const { app, target, row } = await setup();
      const roll = () =>
        runCommand(app, {
          target,
          actor: actor('u1'),
          interactionId: `roll-twice-${driver}`,
          command: { type: 'roll', expression: '2d6' },
        });
      expect(await roll()).toMatchObject({ ok: true, duplicate: false });
      const before = await row();
      const events = await campaignRowCount(db().database, 'campaign_events', before.id);
      const posts = await campaignRowCount(db().database, 'outbox', before.id);
      expect(await roll()).toEqual({ ok: true, duplicate: true });
      const after = await row();
      expect(after.version).toBe(before.version);
      expect(await campaignRowCount(db().database, 'campaign_events', before.id)).toBe(events);
      expect(await campaignRowCount(db().database, 'outbox', before.id)).toBe(posts);
      // The kept state is still the committed one: the next order goes through from it.
      expect(
        (await runCommand(app, { target, actor: actor('u1'), command: { type: 'roll', expression: '1d6' } })).ok,
      ).toBe(true);
      expect((await row()).version).toBe(before.version + 1);
    },
  );

  it.skipIf(skip)(
    'an order ruled on the kept row while its lock was on its way is ruled again when the lock finds another row version',
    async () => {
      const { app, target, run, row } = await setup();
      expect((await run('u2', { type: 'join', empire: 'kzinti' })).ok).toBe(true);
      // Behind the bot, u2 leaves the campaign's player list: the kept row (which still has u2) is
      // what the command rules on first; the lock's row version says it is no longer the row.
      await db().database.db.execute(
        sql`update campaigns set state = jsonb_set(state, '{players}', (state->'players') - 1) where channel_id = ${target.channelId}`,
      );
      const joined = await run('u2', { type: 'join', empire: 'hydran' });
      expect(joined.ok).toBe(true);
      expect((await campaignInChannel(app, target.channelId))!.players.map((p) => p.empire)).toEqual([
        'gorn',
        'hydran',
      ]);
      expect((await row()).version).toBe((await loadLog(app, target.channelId)).length);
    },
  );

  it.skipIf(skip)(
    'a write that fails among those a command sends together rolls the whole command back: no event, state, post or claimed interaction, and the next command rules on the state as committed',
    async () => {
      const { app, target, run, row } = await setup();
      const before = await row();
      const count = (table: 'outbox' | 'processed_interactions' | 'campaign_events') =>
        campaignRowCount(db().database, table, before.id);
      const counts = async () => [
        await count('outbox'),
        await count('processed_interactions'),
        await count('campaign_events'),
      ];
      const was = await counts();
      // An event already stored under the next seq: the command's INSERT of its events fails, with the
      // state's UPDATE and its outbox rows sent after it.
      await db().database.db.execute(
        sql`insert into campaign_events (campaign_id, seq, type, at, actor_user_id, event, rolls)
            values (${before.id}, ${before.version + 1}, 'DiceRolled', now(), 'x', '{}'::jsonb, '[]'::jsonb)`,
      );
      await expect(
        runCommand(app, {
          target,
          actor: actor('u2'),
          interactionId: `failing-${driver}`,
          command: { type: 'join', empire: 'kzinti' },
        }),
      ).rejects.toThrow();
      const after = await row();
      expect(after.version).toBe(before.version);
      expect(stateOfColumns(after, PARTS)).toEqual(stateOfColumns(before, PARTS));
      expect(await counts()).toEqual([was[0], was[1], was[2]! + 1]);
      await db().database.db.execute(
        sql`delete from campaign_events where campaign_id = ${before.id} and seq = ${before.version + 1}`,
      );
      // The same order goes through now, from the state as committed, and its log chains on.
      expect((await run('u2', { type: 'join', empire: 'kzinti' })).ok).toBe(true);
      const log = await loadLog(app, target.channelId);
      expect(canonicalJson(replay(log))).toBe(canonicalJson(stateOfColumns(await row(), PARTS)));
      expect((await campaignInChannel(app, target.channelId))!.players.map((p) => p.empire)).toEqual([
        'gorn',
        'kzinti',
      ]);
    },
  );

  it.skipIf(skip)(
    'timestamps still come back as Dates (PGlite gets drizzle’s parsers once, not with every query)',
    async () => {
      const { app, row } = await setup();
      const stored = await row();
      expect(stored.createdAt).toBeInstanceOf(Date);
      expect(stored.createdAt.toISOString()).toBe(app.clock.now().toISOString());
    },
  );
});

describe('state parts (columnsOf)', () => {
  const state = () =>
    ({
      name: 'Parts',
      players: [{ id: 'u1', bank: '100' }],
      map: { sectors: [{ key: 'A1', owner: null }] },
      fleets: [{ id: 'F1', sector: 'A1' }],
      ships: [{ id: 'S1', crippled: false }],
      bases: [],
    }) as unknown as CampaignState;

  it('a new campaign writes every part, and the state column holds the state without its parts', () => {
    const columns = columnsOf(state(), PARTS);
    expect(Object.keys(columns).sort()).toEqual(['bases', 'fleets', 'map', 'ships', 'state']);
    expect(columns.state).toEqual({ name: 'Parts', players: [{ id: 'u1', bank: '100' }] });
    expect(stateOfColumns(columns as never, PARTS)).toEqual(state());
  });

  it('an order that changes only a bank writes only the state column; a ship change only the ships', () => {
    const bank = state();
    bank.players[0]!.bank = '90';
    expect(Object.keys(columnsOf(bank, PARTS, state()))).toEqual(['state']);
    const ship = state();
    ship.ships[0]!.crippled = true;
    expect(Object.keys(columnsOf(ship, PARTS, state()))).toEqual(['ships']);
    const claim = state();
    claim.map!.sectors[0]!.owner = 'u1';
    expect(Object.keys(columnsOf(claim, PARTS, state()))).toEqual(['map']);
    expect(columnsOf(state(), PARTS, state())).toEqual({});
  });
});

describe('StateCache', () => {
  const state = (name: string) => ({ name }) as unknown as CampaignState;

  it('gives a state back only for the row version it was committed as', () => {
    const cache = new StateCache();
    cache.put('c1', '100', state('one'));
    expect(cache.get('c1', '100')).toEqual(state('one'));
    expect(cache.get('c1', '101')).toBeNull();
    expect(cache.get('c2', '100')).toBeNull();
  });

  it('gives and keeps copies', () => {
    const cache = new StateCache();
    const s = state('one');
    cache.put('c1', '7', s);
    s.name = 'changed after put';
    const got = cache.get('c1', '7')!;
    got.name = 'changed after get';
    expect(cache.get('c1', '7')!.name).toBe('one');
  });

  it('a new row version takes the parts saveCampaign left unchanged from the entry it came from, and copies the rest', () => {
    const cache = new StateCache();
    const v1 = { name: 'one', ships: [{ id: 'S1' }], fleets: [{ id: 'F1' }] } as unknown as CampaignState;
    cache.put('c1', '1', v1);
    const v2 = { name: 'two', ships: [{ id: 'S1' }], fleets: [{ id: 'F2' }] } as unknown as CampaignState;
    cache.put('c1', '2', v2, { xmin: '1', unchanged: ['ships'] });
    v2.fleets.pop();
    v2.ships.pop();
    expect(cache.get('c1', '2')).toEqual({ name: 'two', ships: [{ id: 'S1' }], fleets: [{ id: 'F2' }] });
    // From a row version the cache does not hold, nothing can be taken over: all is copied.
    const v3 = { name: 'three', ships: [{ id: 'S3' }], fleets: [] } as unknown as CampaignState;
    cache.put('c1', '3', v3, { xmin: '9', unchanged: ['ships'] });
    expect(cache.get('c1', '3')!.ships).toEqual([{ id: 'S3' }]);
  });

  it('peek hands out the entry itself, frozen throughout, so a reader cannot change what was committed', () => {
    const cache = new StateCache();
    cache.put('c1', '7', { name: 'one', players: [{ id: 'u1', bank: '10' }] } as unknown as CampaignState);
    const shared = cache.peek('c1', '7')!;
    expect(cache.peek('c1', '7')).toBe(shared);
    expect(() => {
      shared.players[0]!.bank = '0';
    }).toThrow(TypeError);
    expect(() => shared.players.push({} as never)).toThrow(TypeError);
    expect(cache.get('c1', '7')!.players[0]!.bank).toBe('10');
    expect(cache.peek('c1', '8')).toBeNull();
  });

  it('a command that changed nothing commits the kept state itself, which is kept as it is under the new row version', () => {
    const cache = new StateCache();
    cache.put('c1', '1', { name: 'one', ships: [{ id: 'S1' }] } as unknown as CampaignState);
    const kept = cache.peek('c1', '1')!;
    // A dice roll: the rules hand back the state they were given (run-command.ts).
    cache.put('c1', '2', kept, { xmin: '1', unchanged: ['ships'] });
    expect(cache.peek('c1', '2')).toBe(kept);
    expect(cache.peek('c1', '1')).toBeNull();
    // The same state put from a row version the cache no longer holds is copied as any other.
    cache.put('c1', '3', kept, { xmin: '1', unchanged: [] });
    expect(cache.peek('c1', '3')).not.toBe(kept);
    expect(cache.peek('c1', '3')).toEqual(kept);
  });

  it('guesses the row of a channel from the last state kept with its head, whatever the row version now', () => {
    const cache = new StateCache(2);
    const campaign = (name: string, channelId: string) =>
      ({ name, guildId: 'g', channelId }) as unknown as CampaignState;
    cache.put('c1', '1', campaign('one', 'ch1'));
    expect(cache.guess('ch1')).toBeNull();
    cache.put('c1', '2', campaign('two', 'ch1'), undefined, { version: 5, secretSeeds: [{ fromSeq: 1, seed: 'ab' }] });
    expect(cache.guess('ch1')).toEqual({
      xmin: '2',
      row: {
        id: 'c1',
        guildId: 'g',
        channelId: 'ch1',
        version: 5,
        state: cache.peek('c1', '2'),
        secretSeeds: [{ fromSeq: 1, seed: 'ab' }],
      },
    });
    expect(cache.guess('ch2')).toBeNull();
    // A state kept without its head takes the guess away; so does the entry's leaving the cache.
    cache.put('c1', '3', campaign('three', 'ch1'));
    expect(cache.guess('ch1')).toBeNull();
    cache.put('c1', '4', campaign('four', 'ch1'), undefined, { version: 7, secretSeeds: [] });
    cache.put('c2', '1', campaign('other', 'ch2'), undefined, { version: 1, secretSeeds: [] });
    cache.put('c3', '1', campaign('third', 'ch3'), undefined, { version: 1, secretSeeds: [] });
    expect(cache.guess('ch1')).toBeNull();
    expect(cache.guess('ch3')?.row.version).toBe(1);
  });

  it('a state kept before its UPDATE answered matches no row version until it is named, and a guess taken meanwhile learns it', () => {
    const cache = new StateCache(4);
    const campaign = (name: string) => ({ name, guildId: 'g', channelId: 'ch1' }) as unknown as CampaignState;
    cache.put('c1', '7', campaign('committed'), undefined, { version: 3, secretSeeds: [] });
    const named = cache.putPending('c1', campaign('sent'), undefined, { version: 4, secretSeeds: [] });
    // The next command's guess is taken now, before the UPDATE's answer: it is the new state.
    const guessed = cache.guess('ch1')!;
    expect(guessed.row.version).toBe(4);
    expect(guessed.row.state.name).toBe('sent');
    expect(cache.peek('c1', '7')).toBeNull();
    expect(guessed.xmin).not.toBe('8');
    named('8');
    expect(guessed.xmin).toBe('8');
    expect(cache.peek('c1', '8')?.name).toBe('sent');
    // Named once: a late second answer changes nothing.
    named('9');
    expect(cache.peek('c1', '9')).toBeNull();
    // A guess belongs to its entry: one kept later (another command's) does not make it hold.
    const stale = cache.guess('ch1')!;
    const other = cache.putPending('c1', campaign('later'), undefined, { version: 5, secretSeeds: [] });
    other('10');
    expect(stale.xmin).toBe('8');
    expect(cache.guess('ch1')!.xmin).toBe('10');
    // An UPDATE that never answers (its transaction failed) leaves an entry no row version matches.
    cache.putPending('c1', campaign('failed'), undefined, { version: 6, secretSeeds: [] });
    expect(cache.guess('ch1')!.xmin).toMatch(/^pending:/);
    expect(cache.peek('c1', '10')).toBeNull();
  });

  it('holds at most its capacity, dropping the least recently used', () => {
    const cache = new StateCache(2);
    cache.put('a', '1', state('a'));
    cache.put('b', '1', state('b'));
    expect(cache.get('a', '1')).not.toBeNull();
    cache.put('c', '1', state('c'));
    expect(cache.size).toBe(2);
    expect(cache.get('b', '1')).toBeNull();
    expect(cache.get('a', '1')).not.toBeNull();
    expect(cache.get('c', '1')).not.toBeNull();
  });
});
