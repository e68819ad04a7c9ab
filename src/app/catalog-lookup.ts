import {
  CATALOG_EMPIRE_CODES,
  CATALOG_LIMITS,
  searchUnits,
  shortVersion,
  type CatalogEmpireCode,
  type CatalogIndex,
  type CatalogUnit,
  type UnitQuery,
} from '../rules/thunderdome/catalog/index.ts';
import { defaultSettings, type Settings } from '../rules/thunderdome/index.ts';
import { campaignInChannel } from './campaigns.ts';
import type { AppContext } from './context.ts';
import type { Outcome } from './errors.ts';

/**
 * `/catalog search` and `show` (UTD1.6): they read the campaign's catalog, or the default one
 * where there is no campaign; nothing is locked or written.
 */

/** The empires a search may be narrowed to. */
export const CATALOG_EMPIRE_CHOICES = CATALOG_EMPIRE_CODES.map((c) => ({ name: c, value: c }));

/** Characters of text an uploaded catalog file may have (UTD1.2). */
export const CATALOG_MAX_TEXT_LENGTH = CATALOG_LIMITS.maxTextLength;

/** The catalog of the channel's campaign, or the default one; with the campaign's settings when there is one. */
async function catalogHere(
  app: AppContext,
  channelId: string,
): Promise<{ settings: Settings | null; version: string; index: CatalogIndex }> {
  const state = await campaignInChannel(app, channelId);
  const version = state?.catalogVersion ?? app.catalogs.defaultVersion;
  return { settings: state?.settings ?? null, version, index: await app.catalogs.index(version) };
}

/** A search as typed: an empire that is not a catalog code is ignored. */
export function unitQuery(text: string, empire: string | null | undefined, year: number | null | undefined): UnitQuery {
  const q: UnitQuery = { text };
  if (empire && (CATALOG_EMPIRE_CODES as readonly string[]).includes(empire)) q.empire = empire as CatalogEmpireCode;
  if (year !== null && year !== undefined) q.year = year;
  return q;
}

export interface CatalogSearch {
  query: UnitQuery;
  hits: CatalogUnit[];
  version: string;
}

export async function searchCatalog(app: AppContext, channelId: string, query: UnitQuery): Promise<CatalogSearch> {
  const { version, index } = await catalogHere(app, channelId);
  return { query, hits: searchUnits(index.catalog.units, query), version };
}

export interface CatalogShow {
  index: CatalogIndex;
  unit: CatalogUnit;
  /** The campaign's settings (costs depend on them), or the defaults. */
  settings: Settings;
}

/** One unit by id, or else the best match of a search for it. */
export async function findCatalogUnit(app: AppContext, channelId: string, ref: string): Promise<Outcome<CatalogShow>> {
  const { settings, version, index } = await catalogHere(app, channelId);
  const id = ref.trim();
  const unit = index.unit(id) ?? searchUnits(index.catalog.units, { text: id })[0];
  if (!unit)
    return {
      ok: false,
      error: {
        code: 'catalog/unknown-unit',
        rule: 'UTD1.6',
        message: `\`${id.slice(0, 40)}\` is not in catalog \`${shortVersion(version)}\`.`,
        hint: 'Find it with `/catalog search`.',
      },
    };
  return { ok: true, value: { index, unit, settings: settings ?? defaultSettings() } };
}
