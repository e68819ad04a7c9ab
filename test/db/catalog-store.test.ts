import { expect, it } from 'vitest';
import { importCatalog } from '../../src/app/catalog-import.ts';
import { catalogSource, sampleCatalogFiles } from '../../src/app/catalogs.ts';
import { campaignInChannel, exportCampaign, importCampaign } from '../../src/app/campaigns.ts';
import { runCommand } from '../../src/app/run-command.ts';
import { findCatalog } from '../../src/db/catalog-repo.ts';
import { catalogs } from '../../src/db/schema.ts';
import { canonicalCatalog, parseCatalog } from '../../src/rules/thunderdome/catalog/index.ts';
import { actor, setupCampaign, testApp } from '../helpers/app.ts';
import { createPgliteDatabase, forEachDriver } from '../helpers/databases.ts';

const ADMIN = actor('admin', { isServerAdmin: true });

function sampleVersion(): string {
  const parsed = parseCatalog(sampleCatalogFiles(), 'x');
  if (!parsed.ok) throw new Error('sample invalid');
  return canonicalCatalog(parsed.catalog).version;
}

/** units.csv of the sample with the move cost of its line `line` (header = 1) replaced. */
function withBadMoveCost(line: number, value: string): string {
  const lines = sampleCatalogFiles().units.split('\n');
  const header = lines[0]!.split(',');
  const column = header.indexOf('move_cost');
  const cells = lines[line - 1]!.split(',');
  cells[column] = value;
  lines[line - 1] = cells.join(',');
  return lines.join('\n');
}

forEachDriver('stored catalogs: import, versions, the campaign switch (UTD8.1)', (db, skip, driver) => {
  const storedCount = async () => (await db().database.db.select({ v: catalogs.version }).from(catalogs)).length;

  it.skipIf(skip)(
    'the sample catalog round-trips through import: stored once under its content hash, read back equal by a fresh process',
    async () => {
      const app = testApp(db().database);
      const target = { guildId: 'g', channelId: `no-campaign-${driver}` };
      const first = await importCatalog(app, { target, actor: ADMIN, files: sampleCatalogFiles() });
      expect(first.ok).toBe(true);
      if (!first.ok) return;
      expect(first.value).toMatchObject({ version: sampleVersion(), switched: null, refits: expect.any(Number) });
      const row = await findCatalog(db().database.db, first.value.version);
      expect(row).toMatchObject({ guildId: 'g', importedBy: 'admin', unitCount: first.value.units });
      // A second import of the same data is the same version: one row, the first importer on record.
      const again = await importCatalog(app, {
        target,
        actor: actor('other', { isServerAdmin: true }),
        files: sampleCatalogFiles(),
      });
      expect(again.ok && again.value.version).toBe(first.value.version);
      expect((await findCatalog(db().database.db, first.value.version))!.importedBy).toBe('admin');
      // A fresh source (another process) reads it from the table: the same units, refits and conversions as the sample.
      const fresh = catalogSource(db().database);
      const index = await fresh.index(first.value.version);
      const sample = await fresh.index('sample');
      expect(index.catalog).toEqual({ ...sample.catalog, version: first.value.version });
      expect((await fresh.get(first.value.version)).all()).toHaveLength(sample.catalog.units.length);
    },
  );

  it.skipIf(skip)(
    'a file with one bad row is refused whole, naming file, line and field; nothing is stored',
    async () => {
      const app = testApp(db().database);
      const before = await storedCount();
      const files = { ...sampleCatalogFiles(), units: withBadMoveCost(5, '0.31') };
      const result = await importCatalog(app, {
        target: { guildId: 'g', channelId: `bad-${driver}` },
        actor: ADMIN,
        files,
      });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.code).toBe('catalog/invalid');
      expect(result.error.message).toContain('1 error, and nothing was stored');
      expect(result.error.message).toContain('units.csv line 5, move_cost:');
      expect(await storedCount()).toBe(before);
    },
  );

  it.skipIf(skip)(
    'UTD8.1 during the setup the creator’s import switches the campaign; play goes on with the stored catalog after a restart',
    async () => {
      const app = testApp(db().database);
      const target = { guildId: 'g', channelId: `setup-${driver}` };
      await setupCampaign(app, target);
      const result = await importCatalog(app, { target, actor: actor('a'), files: sampleCatalogFiles() });
      expect(result.ok).toBe(true);
      if (!result.ok || !result.value.switched?.ok || result.value.switched.duplicate) throw new Error('not switched');
      expect(result.value.switched.events.map((e) => e.event.type)).toEqual(['CatalogSet']);
      expect((await campaignInChannel(app, target.channelId))!.catalogVersion).toBe(sampleVersion());
      // A new process has nothing cached: the command reads the catalog inside its own transaction.
      const restarted = { ...testApp(db().database), catalogs: catalogSource(db().database) };
      const bought = await runCommand(restarted, {
        target,
        actor: actor('a'),
        command: { type: 'setup-buy', unitId: 'LYR-FF', fleetSlot: null },
      });
      expect(bought.ok).toBe(true);
    },
  );

  it.skipIf(skip)(
    'UTD8.1 a campaign exported with an imported catalog carries it: another database stores it on import and play goes on; a file without it, or with another, is refused',
    async () => {
      const app = testApp(db().database);
      const target = { guildId: 'g', channelId: `export-${driver}` };
      await setupCampaign(app, target);
      // A catalog only this database has: one unit renamed makes another version.
      const files = {
        ...sampleCatalogFiles(),
        units: sampleCatalogFiles().units.replace('Lyran Heavy Cruiser,', 'Lyran Heavy Cruiser (export),'),
      };
      const switched = await importCatalog(app, { target, actor: actor('a'), files });
      if (!switched.ok) throw new Error(switched.error.message);
      const exported = await exportCampaign(app, target.channelId, { includeSecret: false });
      if (!exported.ok) throw new Error('export refused');
      expect(exported.value.catalog?.version).toBe(switched.value.version);

      const elsewhere = await createPgliteDatabase();
      try {
        const other = testApp(elsewhere.database);
        const to = (n: string) => ({ guildId: 'g2', channelId: `imported-${n}` });
        const { catalog: _catalog, ...withoutCatalog } = exported.value;
        const missing = await importCampaign(other, to('missing'), actor('a'), JSON.stringify(withoutCatalog));
        expect(!missing.ok && [missing.error.code, missing.error.rule]).toEqual(['import/catalog-missing', 'UTD8.1']);
        const tampered = {
          ...exported.value,
          catalog: { ...exported.value.catalog!, units: exported.value.catalog!.units.replace('(export)', '(edited)') },
        };
        const mismatch = await importCampaign(other, to('mismatch'), actor('a'), JSON.stringify(tampered));
        expect(!mismatch.ok && [mismatch.error.code, mismatch.error.rule]).toEqual([
          'import/catalog-mismatch',
          'UTD8.1',
        ]);
        expect(await campaignInChannel(other, to('missing').channelId)).toBeNull();
        expect(await campaignInChannel(other, to('mismatch').channelId)).toBeNull();

        const imported = await importCampaign(other, to('ok'), actor('a'), JSON.stringify(exported.value));
        expect(imported.ok).toBe(true);
        expect(await findCatalog(elsewhere.database.db, switched.value.version)).not.toBeNull();
        const bought = await runCommand(other, {
          target: to('ok'),
          actor: actor('a'),
          command: { type: 'setup-buy', unitId: 'LYR-FF', fleetSlot: null },
        });
        expect(bought.ok).toBe(true);
      } finally {
        await elsewhere.drop();
      }
    },
  );

  it.skipIf(skip)(
    'UTD8.1 once play has started the campaign does not switch; the catalog goes into the library for an amendment vote (UTD1.7)',
    async () => {
      const app = testApp(db().database);
      const target = { guildId: 'g', channelId: `active-${driver}` };
      await setupCampaign(app, target);
      for (const u of ['a', 'b', 'c'])
        expect(
          (await runCommand(app, { target, actor: actor(u), command: { type: 'setup-ready', ready: true } })).ok,
        ).toBe(true);
      expect((await campaignInChannel(app, target.channelId))!.status).toBe('active');
      // A catalog nobody stored yet: one unit renamed makes another version.
      const files = {
        ...sampleCatalogFiles(),
        units: sampleCatalogFiles().units.replace('Lyran Heavy Cruiser,', 'Lyran Heavy Cruiser (B),'),
      };
      const before = await storedCount();
      const versionBefore = (await campaignInChannel(app, target.channelId))!.catalogVersion;
      // A player who may not change the catalog stores nothing.
      const other = await importCatalog(app, { target, actor: actor('b'), files });
      expect(!other.ok && other.error.code).toBe('permission/admin');
      expect(await storedCount()).toBe(before);
      const result = await importCatalog(app, { target, actor: actor('a'), files, name: 'amended' });
      expect(result.ok && [result.value.pinned, result.value.switched]).toEqual([true, null]);
      expect(await storedCount()).toBe(before + 1);
      expect((await campaignInChannel(app, target.channelId))!.catalogVersion).toBe(versionBefore);
    },
  );

  it.skipIf(skip)(
    'UTD8.1 only the creator or a server manager imports in a campaign channel; only a server manager elsewhere',
    async () => {
      const app = testApp(db().database);
      const target = { guildId: 'g', channelId: `perm-${driver}` };
      await setupCampaign(app, target);
      const files = {
        ...sampleCatalogFiles(),
        units: sampleCatalogFiles().units.replace('Lyran Frigate,', 'Lyran Frigate (C),'),
      };
      const before = await storedCount();
      const byPlayer = await importCatalog(app, { target, actor: actor('b'), files });
      expect(!byPlayer.ok && byPlayer.error.code).toBe('permission/admin');
      const elsewhere = await importCatalog(app, {
        target: { guildId: 'g', channelId: `nowhere-${driver}` },
        actor: actor('b'),
        files,
      });
      expect(!elsewhere.ok && elsewhere.error.code).toBe('permission/admin');
      expect(await storedCount()).toBe(before);
    },
  );
});
