import { createHash } from 'node:crypto';
import { serialiseConversionsCsv, serialiseRefitsCsv, serialiseUnitsCsv } from './serialise.ts';
import type { Catalog } from './types.ts';

/**
 * The identity of an imported catalog (requirements §4.2): the SHA-256 of its canonical text, i.e. the
 * three files as `serialise.ts` writes them back (every column in schema order, one quoting
 * style). Column order, letter case of the header, spacing, CRLF, `.333` versus `1/3` and blank
 * lines therefore do not make a new version; any change to a value does. 64 hex digits, which
 * the version label rules of `parseCatalog` accept.
 */
export interface CanonicalCatalog {
  version: string;
  units: string;
  refits: string;
  conversions: string;
}

export function canonicalCatalog(catalog: Pick<Catalog, 'units' | 'refits' | 'conversions'>): CanonicalCatalog {
  const units = serialiseUnitsCsv(catalog.units);
  const refits = serialiseRefitsCsv(catalog.refits);
  const conversions = serialiseConversionsCsv(catalog.conversions);
  // NUL never occurs in the text (the parser refuses control characters in cells), so the join is unambiguous.
  const version = createHash('sha256')
    .update(`units.csv\u0000${units}\u0000refits.csv\u0000${refits}\u0000conversions.csv\u0000${conversions}`)
    .digest('hex');
  return { version, units, refits, conversions };
}

/** The short form people read (`3f9a0c12d4e7`); commands accept the full version only. */
export function shortVersion(version: string): string {
  return /^[0-9a-f]{64}$/.test(version) ? version.slice(0, 12) : version;
}
