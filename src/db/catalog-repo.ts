import { count, desc, eq, like } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { catalogs } from './schema.ts';

/** One stored catalog version (requirements §4.2): the three files in the import format, as the bot wrote them. */
export interface CatalogRow {
  version: string;
  guildId: string;
  importedBy: string;
  importedAt: Date;
  /** The name its first importer gave it (the catalog library); '' when none was given. */
  name: string;
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

/** One version of the library without its files (`/catalog list`). */
export type CatalogSummary = Omit<CatalogRow, 'unitsCsv' | 'refitsCsv' | 'conversionsCsv'>;

/** The stored versions, newest first, at most `limit` after skipping `offset`; and how many there are. */
export async function listCatalogs(
  tx: Executor,
  page: { limit: number; offset: number },
): Promise<{ total: number; versions: CatalogSummary[] }> {
  const versions = await tx
    .select({
      version: catalogs.version,
      guildId: catalogs.guildId,
      importedBy: catalogs.importedBy,
      importedAt: catalogs.importedAt,
      name: catalogs.name,
      unitCount: catalogs.unitCount,
    })
    .from(catalogs)
    .orderBy(desc(catalogs.importedAt), catalogs.version)
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ n: count() }).from(catalogs);
  return { total: total?.n ?? 0, versions };
}

/** The stored versions whose hash starts with `prefix` (hex only), at most two: enough to tell one from many. */
export async function findCatalogsByPrefix(tx: Executor, prefix: string): Promise<string[]> {
  if (!/^[0-9a-f]{1,64}$/.test(prefix)) return [];
  const rows = await tx
    .select({ version: catalogs.version })
    .from(catalogs)
    .where(like(catalogs.version, `${prefix}%`))
    .limit(2);
  return rows.map((r) => r.version);
}
