import { deserialize } from 'node:v8';
import { afterAll, expect, it, vi } from 'vitest';
import { catalogRowOf } from '../../src/app/catalog-import.ts';
import { catalogSource, sampleCatalogFiles } from '../../src/app/catalogs.ts';
import { closeRenderPool, renderPicture } from '../../src/render/pool.ts';
import type * as CatalogModule from '../../src/rules/thunderdome/catalog/index.ts';
import { unitCatalogOf } from '../../src/rules/thunderdome/units.ts';

/**
 * Requirements §4.2 catalogs, parsed off the bot's event loop (docs/performance.md, "Nothing blocks
 * the event loop"): parsing the sample's CSV took 90–200 ms of the bot's thread on its first use.
 * In this thread the parser refuses to run, so a catalog the bot gets was parsed in a worker.
 */
const here = vi.hoisted(() => ({ parses: 0 }));
vi.mock('../../src/rules/thunderdome/catalog/index.ts', async (importActual) => {
  const actual = await importActual<typeof CatalogModule>();
  return {
    ...actual,
    parseCatalog: () => {
      here.parses++;
      throw new Error('parsed on the event loop');
    },
  };
});
const actual = await vi.importActual<typeof CatalogModule>('../../src/rules/thunderdome/catalog/index.ts');

afterAll(() => closeRenderPool());

it('§4.2: a catalog parsed in a render worker is the catalog parsed here, with its errors as well', async () => {
  const files = sampleCatalogFiles();
  const there = deserialize(await renderPicture({ kind: 'catalog', files, version: 'sample' }));
  expect(there).toEqual(actual.parseCatalog(files, 'sample'));
  const bad = { ...files, units: files.units.split('\n').slice(0, 1).join('\n') };
  const refused = deserialize(await renderPicture({ kind: 'catalog', files: bad, version: 'bad version!' }));
  expect(refused.ok).toBe(false);
  expect(refused).toEqual(actual.parseCatalog(bad, 'bad version!'));
});

it("§4.2: the bot's catalog source parses the sample in a worker, never on its event loop, and gives its units", async () => {
  const source = catalogSource(null);
  const units = await source.get(source.defaultVersion);
  expect(here.parses).toBe(0);
  const parsed = actual.parseCatalog(sampleCatalogFiles(), 'sample');
  if (!parsed.ok) throw new Error('the sample does not parse');
  const expected = unitCatalogOf(parsed.catalog);
  expect(units.all()).toEqual(expected.all());
  const first = expected.all()[0]!;
  expect(units.get(first.unitId)).toEqual(first);
  // Loaded once: the next use answers from memory.
  expect(await source.get(source.defaultVersion)).toBe(units);
});

it('§4.2: `/catalog import` parses the uploaded files in a worker too, and stores the canonical catalog under its content hash', async () => {
  const files = sampleCatalogFiles();
  const made = await catalogRowOf(files, { guildId: 'g', userId: 'u', at: new Date('2026-11-21T12:00:00Z') });
  expect(here.parses).toBe(0);
  const parsed = actual.parseCatalog(files, 'import');
  if (!parsed.ok || !made.ok) throw new Error('the sample does not parse');
  const canonical = actual.canonicalCatalog(parsed.catalog);
  expect(made.row).toMatchObject({
    version: canonical.version,
    unitCount: parsed.catalog.units.length,
    unitsCsv: canonical.units,
  });
  // A file with an error is refused with the parser's own issues, as before.
  const bad = { ...files, units: `${files.units.trimEnd()}\nnot,a,unit\n` };
  const refused = await catalogRowOf(bad, { guildId: 'g', userId: 'u', at: new Date('2026-11-21T12:00:00Z') });
  expect(refused.ok).toBe(false);
  expect(refused).toEqual(actual.parseCatalog(bad, 'import'));
});
