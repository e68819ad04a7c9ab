import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { EVENT_COLUMNS } from '../../src/db/campaign-repo.ts';
import { driverValues, insertText, runWritten, updateTexts } from '../../src/db/prebuilt.ts';
import { campaignEvents, campaigns } from '../../src/db/schema.ts';
import { forEachDriver } from '../helpers/databases.ts';

const AT = new Date('2026-11-21T12:00:00.000Z');
const rowsOf = (campaignId: string) => [
  [campaignId, 1, 'DiceRolled', AT, 'u1', null, { type: 'DiceRolled', note: 'ä "q"' }, [{ sides: 6 }], 'p1', 'h1'],
  [campaignId, 2, 'DiceRolled', AT, 'u2', 'u3', { type: 'DiceRolled' }, [], 'h1', 'h2'],
];

forEachDriver('statements written once', (db, skip, driver) => {
  it.skipIf(skip)(
    "the log's INSERT written once is drizzle's own: the same text and the same driver values, and it stores the same rows",
    async () => {
      const { db: handle } = db().database;
      const id = driver === 'pglite' ? '00000000-0000-4000-8000-00000000a001' : '00000000-0000-4000-8000-00000000a002';
      const rows = rowsOf(id);
      const drizzle = handle
        .insert(campaignEvents)
        .values(
          rows.map((r) => ({
            campaignId: r[0] as string,
            seq: r[1] as number,
            type: r[2] as string,
            at: r[3] as Date,
            actorUserId: r[4] as string,
            asPlayer: r[5] as string | null,
            event: r[6],
            rolls: r[7],
            prevHash: r[8] as string,
            hash: r[9] as string,
          })),
        )
        .toSQL();
      expect(insertText(campaignEvents, EVENT_COLUMNS, 2)).toBe(drizzle.sql);
      expect(driverValues(EVENT_COLUMNS, rows)).toEqual(drizzle.params);

      await handle.insert(campaigns).values({
        id,
        guildId: 'g',
        channelId: `prebuilt-${driver}`,
        name: 'n',
        status: 'registration',
        version: 2,
        state: {},
        secretSeeds: [],
        createdAt: AT,
        updatedAt: AT,
      });
      await runWritten(handle, insertText(campaignEvents, EVENT_COLUMNS, 2), driverValues(EVENT_COLUMNS, rows));
      const stored = await handle
        .select()
        .from(campaignEvents)
        .where(eq(campaignEvents.campaignId, id))
        .orderBy(campaignEvents.seq);
      expect(stored.map((r) => [r.seq, r.at.toISOString(), r.actorUserId, r.asPlayer, r.event, r.rolls])).toEqual([
        [1, AT.toISOString(), 'u1', null, { type: 'DiceRolled', note: 'ä "q"' }, [{ sides: 6 }]],
        [2, AT.toISOString(), 'u2', 'u3', { type: 'DiceRolled' }, []],
      ]);
    },
  );

  it.skipIf(skip)(
    'an UPDATE written once sets its columns from driver values, numbers its tail on from them, and is kept per set of columns',
    async () => {
      const { db: handle } = db().database;
      const id = driver === 'pglite' ? '00000000-0000-4000-8000-00000000a003' : '00000000-0000-4000-8000-00000000a004';
      await handle.insert(campaigns).values({
        id,
        guildId: 'g',
        channelId: `prebuilt-update-${driver}`,
        name: 'before',
        status: 'registration',
        version: 2,
        state: { kept: true },
        secretSeeds: [],
        createdAt: AT,
        updatedAt: AT,
      });
      const update = updateTexts(
        campaigns,
        (n) =>
          `where "${campaigns.id.name}" = $${n} and "${campaigns.version.name}" = $${n + 1} returning "${campaigns.version.name}"`,
      );
      const columns = [campaigns.name, campaigns.state, campaigns.version, campaigns.updatedAt];
      const text = update(columns);
      expect(text).toBe(
        'update "campaigns" set "name" = $1, "state" = $2, "version" = $3, "updated_at" = $4 where "id" = $5 and "version" = $6 returning "version"',
      );
      expect(update([...columns])).toBe(text);
      expect(update([campaigns.name])).not.toBe(text);
      const later = new Date('2026-11-22T08:00:00.000Z');
      const values = (version: number) => driverValues(columns, [['after', { n: 1, s: 'ä' }, version, later]]);
      // Read at version 1 while the row is at 2: nothing changes.
      expect(await runWritten(handle, text, values(3).concat([id, 1]))).toEqual([]);
      expect(await runWritten(handle, text, values(3).concat([id, 2]))).toEqual([{ version: 3 }]);
      const [row] = await handle.select().from(campaigns).where(eq(campaigns.id, id));
      expect([row!.name, row!.state, row!.version, row!.updatedAt.toISOString()]).toEqual([
        'after',
        { n: 1, s: 'ä' },
        3,
        later.toISOString(),
      ]);
    },
  );
});
