import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deserialize } from 'node:v8';
import { findCatalog } from '../db/catalog-repo.ts';
import type { Database, Executor } from '../db/client.ts';
import {
  formatCatalogIssue,
  indexCatalog,
  parseCatalog,
  type CatalogFiles,
  type CatalogParseResult,
  type CatalogIndex,
} from '../rules/thunderdome/catalog/index.ts';
import { unitCatalogOf, type UnitCatalog } from '../rules/thunderdome/units.ts';
import { renderPicture } from '../render/pool.ts';
import type { CatalogSource } from './context.ts';

/** The illustrative sample shipped in assets/catalog/sample (requirements §4.2; the admin imports the real data). */
export const SAMPLE_CATALOG_VERSION = 'sample';

const SAMPLE_DIR = fileURLToPath(new URL('../../assets/catalog/sample/', import.meta.url));

/** A loaded version: both views, built once. */
interface Loaded {
  index: CatalogIndex;
  units: UnitCatalog;
}

function load(files: CatalogFiles, version: string, what: string): Loaded {
  return loaded(parseCatalog(files, version), what);
}

/**
 * `load` with the parsing done in a render worker (render/jobs.ts `catalog`): parsing the CSV of
 * even the bundled sample takes 90–200 ms of CPU, which held the bot's event loop the first time
 * each version was used (docs/performance.md, "Nothing blocks the event loop").
 */
async function loadOffThread(files: CatalogFiles, version: string, what: string): Promise<Loaded> {
  return loaded(await parseCatalogOffThread(files, version), what);
}

/** `parseCatalog` in a render worker, the bot's thread for such work (`/catalog import` parses an upload so). */
export async function parseCatalogOffThread(files: CatalogFiles, version: string): Promise<CatalogParseResult> {
  return deserialize(await renderPicture({ kind: 'catalog', files, version })) as CatalogParseResult;
}

function loaded(parsed: CatalogParseResult, what: string): Loaded {
  if (!parsed.ok)
    throw new Error(`${what} is invalid: ${parsed.errors.slice(0, 5).map(formatCatalogIssue).join('; ')}`);
  return { index: indexCatalog(parsed.catalog), units: unitCatalogOf(parsed.catalog) };
}

let sample: Loaded | null = null;
let sampleLoading: Promise<Loaded> | null = null;

function loadSample(): Loaded {
  sample ??= load(sampleCatalogFiles(), SAMPLE_CATALOG_VERSION, 'the bundled sample catalog');
  return sample;
}

/** The sample as the bot's commands load it: parsed off the event loop, once. */
function loadSampleOffThread(): Promise<Loaded> {
  if (sample) return Promise.resolve(sample);
  sampleLoading ??= loadOffThread(sampleCatalogFiles(), SAMPLE_CATALOG_VERSION, 'the bundled sample catalog').then(
    (l) => (sample ??= l),
  );
  return sampleLoading;
}

export function sampleCatalog(): UnitCatalog {
  return loadSample().units;
}

/** The sample's three files as shipped, e.g. to import them like any other catalog. */
export function sampleCatalogFiles(): Required<CatalogFiles> {
  const read = (name: string) => readFileSync(`${SAMPLE_DIR}${name}`, 'utf8');
  return { units: read('units.csv'), refits: read('refits.csv'), conversions: read('conversions.csv') };
}

/**
 * Catalogs by version (requirements §4.2): the bundled sample, and the versions admins imported, read
 * from the `catalogs` table. Versions never change once stored, so each is parsed once and kept
 * in memory for the life of the process; an unknown version is a bug (a campaign only ever pins
 * a stored one), so it throws. Without a database only the sample exists (worker processes).
 */
export function catalogSource(database: Database | null): CatalogSource {
  const cache = new Map<string, Loaded>();
  const pending = new Map<string, Promise<Loaded>>();
  const fetch = async (version: string, via?: Executor): Promise<Loaded> => {
    if (version === SAMPLE_CATALOG_VERSION || version === 'none') return loadSampleOffThread();
    const hit = cache.get(version);
    if (hit) return hit;
    // Reads through a caller's transaction are not shared: another caller may not see its rows yet.
    if (via) return store(version, await read(version, via));
    let loading = pending.get(version);
    if (!loading) {
      if (!database) throw new Error(`unknown catalog version ${version}`);
      loading = read(version, database.db).then((l) => store(version, l));
      pending.set(version, loading);
      loading.finally(() => pending.delete(version)).catch(() => {});
    }
    return loading;
  };
  const read = async (version: string, via: Executor): Promise<Loaded> => {
    const row = await findCatalog(via, version);
    if (!row) throw new Error(`unknown catalog version ${version}`);
    return loadOffThread(
      { units: row.unitsCsv, refits: row.refitsCsv, conversions: row.conversionsCsv },
      version,
      `stored catalog ${version}`,
    );
  };
  const store = (version: string, l: Loaded): Loaded => {
    cache.set(version, l);
    return l;
  };
  return {
    defaultVersion: SAMPLE_CATALOG_VERSION,
    get: async (version, via) => (await fetch(version, via)).units,
    index: async (version, via) => (await fetch(version, via)).index,
  };
}

/** Only the bundled sample: for processes without the campaign database. */
export function builtInCatalogs(): CatalogSource {
  return catalogSource(null);
}
