import { expect, it } from 'vitest';
import { readAid, updateAid, type AidKey } from '../../src/app/aids.ts';
import { campaignInChannel } from '../../src/app/campaigns.ts';
import { runCommand } from '../../src/app/run-command.ts';
import { refuse } from '../../src/rules/errors.ts';
import { actor, testApp } from '../helpers/app.ts';
import { forEachDriver } from '../helpers/databases.ts';

/** A counter aid: enough to see versions, locks and rollbacks. */
interface Counter {
  n: number;
  log: string[];
}

function parseCounter(json: unknown): Counter {
  const c = json as Partial<Counter>;
  if (typeof c.n !== 'number' || !Array.isArray(c.log))
    refuse('aid/bad-state', 'A3.15', 'The stored counter is not valid.');
  return { n: c.n, log: c.log };
}

const bump = (who: string) => (input: { payload: Counter | null }) => {
  const cur = input.payload ?? { n: 0, log: [] };
  return { payload: { n: cur.n + 1, log: [...cur.log, who] }, value: cur.n + 1 };
};

forEachDriver(
  'battle aids: private state kept beside the public campaign state, changed under a row lock',
  (db, skip, driver) => {
    const target = { guildId: 'g', channelId: `aids-${driver}` };
    const key: AidKey = { channelId: target.channelId, subject: 'K1', kind: 'n3d' };

    it.skipIf(skip)(
      'an aid is created by its first change, read back, and versioned; the public campaign state never holds it',
      async () => {
        const app = testApp(db().database);
        await runCommand(app, { target, actor: actor('a'), command: { type: 'create', name: 'Aids' } });
        expect((await readAid(app, key, parseCounter)).ok && (await readAid(app, key, parseCounter))).toMatchObject({
          value: { payload: null, version: 0 },
        });
        expect(await updateAid(app, key, parseCounter, bump('a'))).toMatchObject({ ok: true, value: 1, version: 1 });
        expect(await updateAid(app, key, parseCounter, bump('b'))).toMatchObject({ ok: true, value: 2, version: 2 });
        const read = await readAid(app, key, parseCounter);
        expect(read.ok && read.value).toMatchObject({ payload: { n: 2, log: ['a', 'b'] }, version: 2 });
        expect(JSON.stringify(await campaignInChannel(app, target.channelId))).not.toContain('"log"');
        // Another kind or subject is another row.
        const other = await readAid(app, { ...key, kind: 'sfw-rolls' }, parseCounter);
        expect(other.ok && other.value.payload).toBeNull();
      },
    );

    it.skipIf(skip)('a refusal rolls back: nothing is written, not even the first-change placeholder', async () => {
      const app = testApp(db().database);
      const fresh: AidKey = { ...key, subject: 'K2' };
      const refused = await updateAid(app, fresh, parseCounter, () =>
        refuse('n3d/no-unit', 'A3.15', 'There is no unit "X" in this engagement.'),
      );
      expect(refused).toEqual({
        ok: false,
        error: { code: 'n3d/no-unit', rule: 'A3.15', message: 'There is no unit "X" in this engagement.' },
      });
      const read = await readAid(app, fresh, parseCounter);
      expect(read.ok && read.value).toMatchObject({ payload: null, version: 0 });
      await updateAid(app, fresh, parseCounter, bump('a'));
      await updateAid(app, fresh, parseCounter, (input) => {
        bump('b')(input);
        refuse('n3d/plots-missing', 'C1.43', 'Not everyone has plotted.');
      });
      const after = await readAid(app, fresh, parseCounter);
      expect(after.ok && after.value).toMatchObject({ payload: { n: 1, log: ['a'] }, version: 1 });
    });

    it.skipIf(skip)(
      '40 concurrent changes of one aid (its first ones included) all apply, one after another',
      async () => {
        const app = testApp(db().database);
        const racy: AidKey = { ...key, subject: 'K3' };
        const results = await Promise.all(
          Array.from({ length: 40 }, (_, i) => updateAid(app, racy, parseCounter, bump(`u${i}`))),
        );
        expect(results.every((r) => r.ok)).toBe(true);
        expect(new Set(results.map((r) => (r.ok && !r.duplicate ? r.value : 0)))).toEqual(
          new Set(Array.from({ length: 40 }, (_, i) => i + 1)),
        );
        const read = await readAid(app, racy, parseCounter);
        expect(read.ok && read.value).toMatchObject({ payload: { n: 40 }, version: 40 });
        expect(read.ok && new Set(read.value.payload!.log).size).toBe(40);
      },
    );

    it.skipIf(skip)('a second delivery of the same interaction changes nothing', async () => {
      const app = testApp(db().database);
      const once: AidKey = { ...key, subject: 'K4' };
      expect(await updateAid(app, once, parseCounter, bump('a'), { interactionId: `aid-${driver}-1` })).toMatchObject({
        ok: true,
        duplicate: false,
      });
      expect(await updateAid(app, once, parseCounter, bump('a'), { interactionId: `aid-${driver}-1` })).toEqual({
        ok: true,
        duplicate: true,
      });
      const read = await readAid(app, once, parseCounter);
      expect(read.ok && read.value.payload).toEqual({ n: 1, log: ['a'] });
    });

    it.skipIf(skip)(
      'without a campaign in the channel the aid is refused (UTD8.1); a corrupt payload is refused, not used',
      async () => {
        const app = testApp(db().database);
        const none = await updateAid(app, { ...key, channelId: 'nowhere' }, parseCounter, bump('a'));
        expect(!none.ok && none.error.code).toBe('campaign/none');
        const bad: AidKey = { ...key, subject: 'K5' };
        await updateAid(
          app,
          bad,
          (j) => j as Counter,
          () => ({ payload: { n: 'x' } as unknown as Counter, value: 0 }),
        );
        const read = await readAid(app, bad, parseCounter);
        expect(!read.ok && read.error.code).toBe('aid/bad-state');
      },
    );
  },
);
