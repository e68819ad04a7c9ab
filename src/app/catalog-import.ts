import { findCampaignByChannel } from '../db/campaign-repo.ts';
import { insertCatalog, type CatalogRow } from '../db/catalog-repo.ts';
import type { RuleError } from '../rules/errors.ts';
import {
  canonicalCatalog,
  formatCatalogIssue,
  type CatalogParseResult,
  type CatalogFailure,
  type CatalogFiles,
} from '../rules/thunderdome/catalog/index.ts';
import type { Actor } from '../rules/thunderdome/index.ts';
import { parseCatalogOffThread } from './catalogs.ts';
import type { AppContext } from './context.ts';
import { runCommand, type CommandResult, type CommandTarget } from './run-command.ts';
import { stateLayout } from './rulesets.ts';

/**
 * `/catalog import` (requirements §4.2): the admin's CSV files become a stored,
 * immutable catalog version, and the campaign of the channel switches to it if play has not
 * begun. All or nothing: a file with one bad row is refused whole, naming file, line and
 * column, and nothing is stored; a switch the rules refuse (play under way, bought units
 * missing from the new catalog) rolls the stored catalog back with it.
 */
export interface CatalogImportRequest {
  target: CommandTarget;
  actor: Actor;
  files: CatalogFiles;
  /** The name the importer gives the version in the library (`/catalog list`); '' for none. */
  name?: string;
  interactionId?: string;
}

export interface CatalogImported {
  version: string;
  units: number;
  refits: number;
  conversions: number;
  /** Formatted warnings (never refuse an import), up to the parser's cap. */
  warnings: string[];
  omittedWarnings: number;
  /** The campaign switch, when the channel has a campaign; null when the catalog was only stored. */
  switched: CommandResult | null;
  /**
   * Stored in the library only, because the channel's campaign is under way: its catalog changes
   * only by an amendment vote (`/catalog amend`, UTD1.7).
   */
  pinned: boolean;
}

/** A refusal; `failure` holds every problem of a refused file, for the row-level report. */
export type CatalogImportResult =
  | { ok: true; value: CatalogImported }
  | { ok: false; error: RuleError; failure?: CatalogFailure };

/** Longest library name of a version. */
export const CATALOG_NAME_MAX = 80;

/** Room for the first errors in one Discord message (2,000 characters with the rule line around it). */
const ERROR_TEXT_BUDGET = 1_300;
/** The reply shows the first few errors; the attached report lists them all. */
const ERRORS_SHOWN = 8;

/** Placeholder label while parsing: the real version is the content hash, known only afterwards. */
const PARSING_LABEL = 'import';

/**
 * Parses catalog files into the row that stores them: the canonical CSV and its content hash as
 * the version. Shared by `/catalog import` and by a campaign import that brings its catalog along.
 */
export async function catalogRowOf(
  files: CatalogFiles,
  by: { guildId: string; userId: string; at: Date; name?: string },
): Promise<{ ok: true; row: CatalogRow; parsed: Extract<CatalogParseResult, { ok: true }> } | CatalogFailure> {
  const parsed = await parseCatalogOffThread(files, PARSING_LABEL);
  if (!parsed.ok) return parsed;
  const canonical = canonicalCatalog(parsed.catalog);
  const row: CatalogRow = {
    version: canonical.version,
    guildId: by.guildId,
    importedBy: by.userId,
    importedAt: by.at,
    name: (by.name ?? '').trim().slice(0, CATALOG_NAME_MAX),
    unitCount: parsed.catalog.units.length,
    unitsCsv: canonical.units,
    refitsCsv: canonical.refits,
    conversionsCsv: canonical.conversions,
  };
  return { ok: true, row, parsed };
}

export async function importCatalog(app: AppContext, req: CatalogImportRequest): Promise<CatalogImportResult> {
  const made = await catalogRowOf(req.files, {
    guildId: req.target.guildId,
    userId: req.actor.userId,
    at: app.clock.now(),
    ...(req.name === undefined ? {} : { name: req.name }),
  });
  if (!made.ok) return { ok: false, error: invalidCatalogError(made), failure: made };
  const { row, parsed } = made;
  const summary = {
    version: row.version,
    units: parsed.catalog.units.length,
    refits: parsed.catalog.refits.length,
    conversions: parsed.catalog.conversions.length,
    warnings: parsed.warnings.map(formatCatalogIssue),
    omittedWarnings: parsed.omittedWarnings,
  };

  const campaign = await findCampaignByChannel(app.database.db, req.target.channelId, stateLayout);
  if (!campaign) {
    // Nothing to switch: only a server manager may store catalogs for the server.
    if (!req.actor.isServerAdmin) {
      return {
        ok: false,
        error: {
          code: 'permission/admin',
          rule: 'UTD8.1',
          message: 'Only a server manager can import a ship catalog outside a campaign channel.',
          hint: 'Run it in the campaign’s channel as its creator.',
        },
      };
    }
    await app.database.db.transaction(async (tx) => {
      await insertCatalog(tx, row);
    });
    return { ok: true, value: { ...summary, switched: null, pinned: false } };
  }
  // The rules check who may switch and when (catalog-switch.ts); the catalog is stored in the same transaction.
  const switched = await runCommand(app, {
    target: req.target,
    actor: req.actor,
    command: { type: 'catalog-set', version: row.version },
    ...(req.interactionId ? { interactionId: req.interactionId } : {}),
    prepare: async (tx) => {
      await insertCatalog(tx, row);
    },
  });
  if (!switched.ok) {
    // Play is under way (and the actor may change the catalog: that is checked first): the version
    // goes into the library, from where the players may vote it in (`/catalog amend`, UTD1.7).
    if (switched.error.code === 'catalog/pinned') {
      await app.database.db.transaction(async (tx) => {
        await insertCatalog(tx, row);
      });
      return { ok: true, value: { ...summary, switched: null, pinned: true } };
    }
    return { ok: false, error: switched.error };
  }
  return { ok: true, value: { ...summary, switched, pinned: false } };
}

/** One refusal naming every problem that fits in a message: file, line and column first. */
export function invalidCatalogError(failure: CatalogFailure): RuleError {
  const total = failure.errors.length + failure.omittedErrors;
  const lines: string[] = [];
  let used = 0;
  for (const issue of failure.errors.slice(0, ERRORS_SHOWN)) {
    const line = `• ${formatCatalogIssue(issue)}`;
    if (used + line.length + 1 > ERROR_TEXT_BUDGET) break;
    lines.push(line);
    used += line.length + 1;
  }
  const more = total - lines.length;
  return {
    code: 'catalog/invalid',
    // UTD1.2: the catalog is where every BPV the campaign uses comes from; each line cites its own rule when it breaks one.
    rule: 'UTD1.2',
    message: [
      `The catalog was not imported: ${total} error${total === 1 ? '' : 's'}, and nothing was stored (a partial file never half-imports). Every error is in the attached catalog-errors.csv.`,
      ...lines,
      ...(more > 0 ? [`… and ${more} more.`] : []),
    ].join('\n'),
    hint: 'Fix the rows named and upload all the files again (format: assets/catalog/README.md).',
  };
}
