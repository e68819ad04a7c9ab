import { findCampaignByChannel } from '../db/campaign-repo.ts';
import { insertCatalog, type CatalogRow } from '../db/catalog-repo.ts';
import type { RuleError } from '../rules/errors.ts';
import {
  canonicalCatalog,
  formatCatalogIssue,
  parseCatalog,
  type CatalogFailure,
  type CatalogFiles,
} from '../rules/thunderdome/catalog/index.ts';
import type { Actor } from '../rules/thunderdome/index.ts';
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
}

export type CatalogImportResult = { ok: true; value: CatalogImported } | { ok: false; error: RuleError };

/** Room for the error list in one Discord message (2,000 characters with the rule line around it). */
const ERROR_TEXT_BUDGET = 1_500;

/** Placeholder label while parsing: the real version is the content hash, known only afterwards. */
const PARSING_LABEL = 'import';

/**
 * Parses catalog files into the row that stores them: the canonical CSV and its content hash as
 * the version. Shared by `/catalog import` and by a campaign import that brings its catalog along.
 */
export function catalogRowOf(
  files: CatalogFiles,
  by: { guildId: string; userId: string; at: Date },
): { ok: true; row: CatalogRow; parsed: Extract<ReturnType<typeof parseCatalog>, { ok: true }> } | CatalogFailure {
  const parsed = parseCatalog(files, PARSING_LABEL);
  if (!parsed.ok) return parsed;
  const canonical = canonicalCatalog(parsed.catalog);
  const row: CatalogRow = {
    version: canonical.version,
    guildId: by.guildId,
    importedBy: by.userId,
    importedAt: by.at,
    unitCount: parsed.catalog.units.length,
    unitsCsv: canonical.units,
    refitsCsv: canonical.refits,
    conversionsCsv: canonical.conversions,
  };
  return { ok: true, row, parsed };
}

export async function importCatalog(app: AppContext, req: CatalogImportRequest): Promise<CatalogImportResult> {
  const made = catalogRowOf(req.files, { guildId: req.target.guildId, userId: req.actor.userId, at: app.clock.now() });
  if (!made.ok) return { ok: false, error: invalidCatalogError(made) };
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
    return { ok: true, value: { ...summary, switched: null } };
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
  if (!switched.ok) return { ok: false, error: switched.error };
  return { ok: true, value: { ...summary, switched } };
}

/** One refusal naming every problem that fits in a message: file, line and column first. */
export function invalidCatalogError(failure: CatalogFailure): RuleError {
  const total = failure.errors.length + failure.omittedErrors;
  const lines: string[] = [];
  let used = 0;
  for (const issue of failure.errors) {
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
      `The catalog was not imported: ${total} error${total === 1 ? '' : 's'}, and nothing was stored (a partial file never half-imports).`,
      ...lines,
      ...(more > 0 ? [`… and ${more} more.`] : []),
    ].join('\n'),
    hint: 'Fix the rows named and upload all the files again (format: assets/catalog/README.md).',
  };
}
