import { eq } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { catalogs } from './schema.ts';

/** One stored catalog version (requirements §4.2): the three files in the import format, as the bot wrote them. */
export interface CatalogRow {
  version: string;
  guildId: string;
  importedBy: string;
  importedAt: Date;
  unitCount: number;
  unitsCsv: string;
  refitsCsv: string;
  conversionsCsv: string;
}

/**
 * Stores a catalog version. Versions are content hashes, so a second import of the same data
 * finds the row already there and leaves it as it is (the first importer stays on record).
 * Returns whether this call wrote the row.
 */
export async function insertCatalog(tx: Executor, row: CatalogRow): Promise<boolean> {
  const written = await tx.insert(catalogs).values(row).onConflictDoNothing().returning({ version: catalogs.version });
  return written.length > 0;
}

export async function findCatalog(tx: Executor, version: string): Promise<CatalogRow | null> {
  const rows = await tx.select().from(catalogs).where(eq(catalogs.version, version));
  return rows[0] ?? null;
}
