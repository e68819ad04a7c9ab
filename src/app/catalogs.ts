import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatCatalogIssue, parseCatalog } from '../rules/thunderdome/catalog/index.ts';
import { unitCatalogOf, type UnitCatalog } from '../rules/thunderdome/units.ts';
import type { CatalogSource } from './context.ts';

/** The illustrative sample shipped in assets/catalog/sample (requirements §4.2; the admin imports the real data). */
export const SAMPLE_CATALOG_VERSION = 'sample';

const SAMPLE_DIR = fileURLToPath(new URL('../../assets/catalog/sample/', import.meta.url));

let sample: UnitCatalog | null = null;

export function sampleCatalog(): UnitCatalog {
  if (!sample) {
    const read = (name: string) => readFileSync(`${SAMPLE_DIR}${name}`, 'utf8');
    const parsed = parseCatalog({ units: read('units.csv'), refits: read('refits.csv'), conversions: read('conversions.csv') }, SAMPLE_CATALOG_VERSION);
    if (!parsed.ok) throw new Error(`the bundled sample catalog is invalid: ${parsed.errors.map(formatCatalogIssue).join('; ')}`);
    sample = unitCatalogOf(parsed.catalog);
  }
  return sample;
}

/** Catalogs by version: the bundled sample now; imported catalogs join with the navy issue. */
export function builtInCatalogs(): CatalogSource {
  return {
    defaultVersion: SAMPLE_CATALOG_VERSION,
    async get(version) {
      if (version === SAMPLE_CATALOG_VERSION || version === 'none') return sampleCatalog();
      throw new Error(`unknown catalog version ${version}`);
    },
  };
}
