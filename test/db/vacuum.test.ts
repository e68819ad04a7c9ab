import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { runCommand } from '../../src/app/run-command.ts';
import { PGLITE_FIRST_VACUUM_AFTER_MS, pgliteVacuum } from '../../src/app/vacuum.ts';
import { actor, setupCampaign, testApp } from '../helpers/app.ts';
import { forEachDriver } from '../helpers/databases.ts';

forEachDriver('PGlite reclaims old campaign states', (db, skip, driver) => {
  it.skipIf(skip)(`VACUUM campaigns hourly on PGlite only (${driver})`, async () => {
    const app = testApp(db().database, { start: '2026-03-04T15:00:00Z' });
    const target = { guildId: 'g', channelId: `vacuum-${driver}` };
    await setupCampaign(app, target, [3, 2, 1]);
    const vacuum = pgliteVacuum(app, 3_600_000);
    const size = async () => {
      const r = await app.database.db.execute(sql`select pg_total_relation_size('campaigns')::int as bytes`);
      const rows = (r as unknown as { rows?: { bytes: number }[] }).rows ?? (r as unknown as { bytes: number }[]);
      return Number(rows[0]!.bytes);
    };
    // Each write of the campaign row leaves the old state behind as a dead row.
    const writes = async (n: number) => {
      for (let i = 0; i < n; i++)
        await runCommand(app, { target, actor: actor('a'), command: { type: 'setup-ready', ready: i % 2 === 0 } });
    };
    if (driver === 'pglite') {
      const start = await size();
      await writes(30);
      const grown = await size();
      expect(grown).toBeGreaterThan(start);
      expect(await vacuum()).toBe(true);
      // The same number of writes after the vacuum reuses the reclaimed space.
      await writes(30);
      expect((await size()) - grown).toBeLessThan((grown - start) / 2);
      app.clock.advance(59 * 60_000);
      expect(await vacuum()).toBe(false);
      app.clock.advance(60_000);
      expect(await vacuum()).toBe(true);
    } else {
      expect(await vacuum()).toBe(false);
    }
  });

  it.skipIf(skip || driver !== 'pglite')(
    "the bot's first VACUUM waits ten minutes after its boot pass instead of holding up ready, then runs hourly",
    async () => {
      const app = testApp(db().database, { start: '2026-03-04T15:00:00Z' });
      const vacuum = pgliteVacuum(app, 3_600_000, PGLITE_FIRST_VACUUM_AFTER_MS);
      expect(await vacuum()).toBe(false);
      app.clock.advance(PGLITE_FIRST_VACUUM_AFTER_MS - 60_000);
      expect(await vacuum()).toBe(false);
      app.clock.advance(60_000);
      expect(await vacuum()).toBe(true);
      app.clock.advance(59 * 60_000);
      expect(await vacuum()).toBe(false);
      app.clock.advance(60_000);
      expect(await vacuum()).toBe(true);
    },
  );
});
