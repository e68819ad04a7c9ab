import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { EVENT_COLUMNS } from '../../src/db/campaign-repo.ts';
import { driverValues, insertText, runWritten } from '../../src/db/prebuilt.ts';
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
});
