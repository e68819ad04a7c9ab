import { findCatalog, findCatalogsByPrefix, listCatalogs, type CatalogSummary } from '../db/catalog-repo.ts';
import {
  canonicalCatalog,
  catalogCoverage,
  CATALOG_EMPIRE_CODES,
  EMPIRE_CODE_BY_KEY,
  parseCatalog,
  shortVersion,
  type CatalogEmpireCode,
  type EmpireCoverage,
} from '../rules/thunderdome/catalog/index.ts';
import type { AmendmentShips } from '../rules/thunderdome/catalog/amend-events.ts';
import { defaultSettings, type Actor } from '../rules/thunderdome/index.ts';
import { campaignInChannel } from './campaigns.ts';
import { SAMPLE_CATALOG_VERSION, sampleCatalogFiles } from './catalogs.ts';
import type { AppContext } from './context.ts';
import { userError, type Outcome } from './errors.ts';
import { runCommand, type CommandResult, type CommandTarget } from './run-command.ts';

/**
 * The catalog library (requirements §4.2): every imported version is kept by its content hash
 * with the name its importer gave it. `/catalog list` reads it, `/catalog use` switches a campaign
 * to a stored version before its start (catalog-switch.ts), `/catalog amend` puts one to the
 * players' vote during play (catalog-amend.ts, UTD1.7), `/catalog export` hands a campaign's
 * catalog back in the import format, and `/catalog coverage` says what the catalog lacks.
 */

export const LIBRARY_PAGE_SIZE = 15;

export async function catalogLibrary(
  app: AppContext,
  page: number,
  pageSize = LIBRARY_PAGE_SIZE,
): Promise<{ total: number; page: number; versions: CatalogSummary[] }> {
  const p = Math.max(1, Math.floor(page));
  const listed = await listCatalogs(app.database.db, { limit: pageSize, offset: (p - 1) * pageSize });
  return { ...listed, page: p };
}

/** A version as typed: `sample`, the full hash, or a prefix of at least 6 hex digits that names one stored version. */
export async function resolveCatalogVersion(app: AppContext, ref: string): Promise<Outcome<string>> {
  const typed = ref.trim().toLowerCase();
  if (typed === SAMPLE_CATALOG_VERSION) return { ok: true, value: SAMPLE_CATALOG_VERSION };
  const found = typed.length >= 6 ? await findCatalogsByPrefix(app.database.db, typed) : [];
  if (found.length === 1) return { ok: true, value: found[0]! };
  return userError(
    found.length > 1 ? 'catalog/ambiguous-version' : 'catalog/unknown-version',
    'UTD8.1',
    found.length > 1
      ? `\`${typed.slice(0, 64)}\` names more than one stored catalog; type more of its hash.`
      : `No stored catalog version \`${typed.slice(0, 64)}\`.`,
    'See `/catalog list` (the versions stored in this bot), or import the files with `/catalog import`.',
  );
}

/** `/catalog use version:`: the campaign of the channel switches to a stored version; only before its start (UTD8.1). */
export async function useCatalog(
  app: AppContext,
  req: { target: CommandTarget; actor: Actor; version: string; interactionId?: string },
): Promise<CommandResult> {
  const version = await resolveCatalogVersion(app, req.version);
  if (!version.ok) return version;
  return runCommand(app, {
    target: req.target,
    actor: req.actor,
    command: { type: 'catalog-set', version: version.value },
    ...(req.interactionId ? { interactionId: req.interactionId } : {}),
  });
}

/** `/catalog amend version: ships:`: opens the players' vote on replacing the catalog during play (UTD1.7). */
export async function proposeCatalogAmendment(
  app: AppContext,
  req: { target: CommandTarget; actor: Actor; version: string; ships: AmendmentShips; interactionId?: string },
): Promise<CommandResult> {
  const version = await resolveCatalogVersion(app, req.version);
  if (!version.ok) return version;
  return runCommand(app, {
    target: req.target,
    actor: req.actor,
    command: { type: 'catalog-amend', version: version.value, ships: req.ships },
    ...(req.interactionId ? { interactionId: req.interactionId } : {}),
  });
}

export interface CatalogExport {
  version: string;
  name: string;
  units: string;
  refits: string;
  conversions: string;
}

/**
 * `/catalog export`: the channel's campaign catalog (the default one where there is none) in the
 * import format, as the bot stores it: the canonical files whose SHA-256 is the version, so
 * importing them again yields the same version. The sample is written canonically too.
 */
export async function exportCatalog(app: AppContext, channelId: string): Promise<Outcome<CatalogExport>> {
  const state = await campaignInChannel(app, channelId);
  const version = state?.catalogVersion ?? app.catalogs.defaultVersion;
  if (version === SAMPLE_CATALOG_VERSION || version === 'none') {
    const parsed = parseCatalog(sampleCatalogFiles(), SAMPLE_CATALOG_VERSION);
    if (!parsed.ok) throw new Error('the bundled sample catalog is invalid');
    const canonical = canonicalCatalog(parsed.catalog);
    return { ok: true, value: { ...canonical, name: SAMPLE_CATALOG_VERSION } };
  }
  const row = await findCatalog(app.database.db, version);
  if (!row)
    return userError(
      'catalog/unknown-version',
      'UTD8.1',
      `This bot does not have catalog \`${shortVersion(version)}\`.`,
    );
  return {
    ok: true,
    value: { version, name: row.name, units: row.unitsCsv, refits: row.refitsCsv, conversions: row.conversionsCsv },
  };
}

export interface CoverageReport {
  version: string;
  startYear: number;
  empires: EmpireCoverage[];
}

/**
 * `/catalog coverage [empire:]`: for the empires of the channel's campaign (every empire where
 * there is none, or the one asked for), what its settings and start year need that the catalog lacks.
 */
export async function catalogCoverageHere(
  app: AppContext,
  channelId: string,
  empire?: string | null,
): Promise<CoverageReport> {
  const state = await campaignInChannel(app, channelId);
  const version = state?.catalogVersion ?? app.catalogs.defaultVersion;
  const index = await app.catalogs.index(version);
  const codes = CATALOG_EMPIRE_CODES.filter((c): c is Exclude<CatalogEmpireCode, 'NEU'> => c !== 'NEU');
  const playing = state
    ? [...new Set(state.players.filter((p) => p.status === 'active').map((p) => EMPIRE_CODE_BY_KEY[p.empire]))]
    : [];
  const asked = codes.find((c) => c === empire);
  const empires = asked ? [asked] : playing.length > 0 ? codes.filter((c) => playing.includes(c)) : codes;
  const settings = state?.settings ?? defaultSettings();
  const startYear = settings.startYear;
  return {
    version,
    startYear,
    empires: catalogCoverage(index.catalog, {
      empires,
      startYear,
      allowedRestricted: settings['units.allowedRestricted'] ?? [],
      feSitConversions: settings['allow.feSitConversions'],
    }),
  };
}
