import { asc, eq, sql } from 'drizzle-orm';
import { seedCommitment } from '../rules/dice.ts';
import { EMPIRES, type Actor, type CampaignState, type StoredEvent } from '../rules/thunderdome/index.ts';
import {
  appendEvents,
  findCampaignByChannel,
  insertCampaign,
  loadChain,
  loadEvents,
  type CampaignRow,
} from '../db/campaign-repo.ts';
import { chainLinks, GENESIS_HASH } from '../rules/event-chain.ts';
import { findCatalog, insertCatalog } from '../db/catalog-repo.ts';
import type { Executor } from '../db/client.ts';
import { insertOutboxRows } from '../db/outbox-repo.ts';
import { campaigns, deadlines } from '../db/schema.ts';
import { catalogRowOf } from './catalog-import.ts';
import { SAMPLE_CATALOG_VERSION } from './catalogs.ts';
import type { AppContext } from './context.ts';
import { userError, type Outcome } from './errors.ts';
import { EXPORT_FORMAT, parseExport, type CampaignExport, type ExportedEvent } from './export.ts';
import { runCommand, type CommandResult, type CommandTarget } from './run-command.ts';
import { rulesetOf, stateLayout } from './rulesets.ts';

/** The use cases behind `/campaign …` and `/roll`. Each write is one `runCommand` transaction. */
export function createCampaign(
  app: AppContext,
  target: CommandTarget,
  actor: Actor,
  name: string,
  interactionId?: string,
): Promise<CommandResult> {
  return runCommand(app, withInteraction({ target, actor, command: { type: 'create', name } }, interactionId));
}

export function joinCampaign(
  app: AppContext,
  target: CommandTarget,
  actor: Actor,
  empire: string,
  interactionId?: string,
): Promise<CommandResult> {
  return runCommand(app, withInteraction({ target, actor, command: { type: 'join', empire } }, interactionId));
}

export function leaveCampaign(
  app: AppContext,
  target: CommandTarget,
  actor: Actor,
  interactionId?: string,
): Promise<CommandResult> {
  return runCommand(app, withInteraction({ target, actor, command: { type: 'leave' } }, interactionId));
}

export function startCampaign(
  app: AppContext,
  target: CommandTarget,
  actor: Actor,
  interactionId?: string,
): Promise<CommandResult> {
  return runCommand(app, withInteraction({ target, actor, command: { type: 'start' } }, interactionId));
}

export function rollInCampaign(
  app: AppContext,
  target: CommandTarget,
  actor: Actor,
  expression: string,
  interactionId?: string,
): Promise<CommandResult> {
  return runCommand(app, withInteraction({ target, actor, command: { type: 'roll', expression } }, interactionId));
}

function withInteraction<T extends object>(req: T, interactionId: string | undefined): T & { interactionId?: string } {
  return interactionId === undefined ? req : { ...req, interactionId };
}

/** Anyone may read any campaign state (UTD3.1). */
export async function campaignInChannel(app: AppContext, channelId: string): Promise<CampaignState | null> {
  return (await findCampaignByChannel(app.database.db, channelId, stateLayout))?.state ?? null;
}

/** The state with its version (the last event's sequence number), for caches keyed by version. */
export async function versionedCampaign(
  app: AppContext,
  channelId: string,
): Promise<{ state: CampaignState; version: number } | null> {
  const row = await findCampaignByChannel(app.database.db, channelId, stateLayout);
  return row ? { state: row.state, version: row.version } : null;
}

export async function exportCampaign(
  app: AppContext,
  channelId: string,
  opts: { includeSecret: boolean },
): Promise<Outcome<CampaignExport>> {
  const db = app.database.db;
  return db.transaction(async (tx) => {
    const row = await findCampaignByChannel(tx, channelId, stateLayout);
    if (!row) return userError('campaign/none', 'UTD8.1', 'There is no campaign in this channel to export.');
    // Format 3: the log as stored, with its hash chain (src/rules/event-chain.ts); a log stored
    // before the chain is linked as it stands.
    const stored = await loadChain(tx, row.id);
    const computed = stored.some((e) => e.hash === null) ? chainLinks(GENESIS_HASH, stored) : null;
    const events: ExportedEvent[] = stored.map(({ prevHash, hash, ...e }, i) => ({
      ...e,
      prevHash: computed ? computed[i]!.prevHash : prevHash!,
      hash: computed ? computed[i]!.hash : hash!,
    }));
    const clocks = await tx
      .select()
      .from(deadlines)
      .where(eq(deadlines.campaignId, row.id))
      .orderBy(asc(deadlines.dueAt), asc(deadlines.id));
    const file: CampaignExport = {
      format: EXPORT_FORMAT,
      kind: 'campaign-master/campaign',
      exportedAt: app.clock.now().toISOString(),
      campaign: row.state,
      events,
      deadlines: clocks.map((d) => ({
        id: d.id,
        kind: d.kind,
        subject: d.subject,
        responsibleUserId: d.responsibleUserId,
        dueAt: d.dueAt.toISOString(),
        status: d.status,
        remindersSent: d.remindersSent as number[],
        payload: d.payload,
      })),
    };
    if (opts.includeSecret) file.secretSeeds = row.secretSeeds;
    const catalog = await findCatalog(tx, row.state.catalogVersion);
    if (catalog)
      file.catalog = {
        version: catalog.version,
        units: catalog.unitsCsv,
        refits: catalog.refitsCsv,
        conversions: catalog.conversionsCsv,
      };
    return { ok: true, value: file };
  });
}

/**
 * Restores an export into an empty channel: the event log is copied as it was and one
 * `CampaignImported` event moves the campaign here. Without the secret seeds in the file, a new
 * seed is committed from that event on (old rolls stay verifiable with the old seed).
 */
export async function importCampaign(
  app: AppContext,
  target: CommandTarget,
  actor: Actor,
  text: string,
): Promise<Outcome<{ state: CampaignState; events: number }>> {
  const parsed = parseExport(text);
  if (!parsed.ok)
    return userError(
      'import/invalid',
      'UTD1.6',
      `Import refused: ${parsed.message}.`,
      'Upload a file made by `/campaign export`, unchanged.',
    );
  const file = parsed.value;
  return app.database.db.transaction(async (tx) => {
    if (await findCampaignByChannel(tx, target.channelId, stateLayout)) {
      return userError(
        'import/channel-busy',
        'UTD8.1',
        'This channel already runs a campaign; import into an empty channel.',
      );
    }
    const now = app.clock.now();
    const catalogRefusal = await storeImportedCatalog(app, tx, file, target, actor, now);
    if (catalogRefusal) return catalogRefusal;
    const id = app.ids.uuid();
    const keepSeeds = file.secretSeeds && file.secretSeeds.length > 0;
    const seed = keepSeeds ? null : app.seeds.newSeed();
    const last = file.events.at(-1)!;
    const imported: StoredEvent = {
      seq: last.seq + 1,
      at: now.toISOString(),
      actor: { userId: actor.userId },
      event: {
        type: 'CampaignImported',
        fromFormat: file.format,
        sourceCampaignId: file.campaign.id,
        campaignId: id,
        guildId: target.guildId,
        channelId: target.channelId,
        seedCommitment: seed ? seedCommitment(seed) : null,
      },
      rolls: [],
    };
    const state = rulesetOf(file.campaign.ruleset).apply(file.campaign, imported);
    const row: CampaignRow = {
      id,
      guildId: target.guildId,
      channelId: target.channelId,
      version: imported.seq,
      state,
      secretSeeds: keepSeeds ? file.secretSeeds! : [{ fromSeq: imported.seq, seed: seed! }],
    };
    await insertCampaign(tx, row, now, stateLayout);
    // The log is chained again as stored here (an upcast event is stored, and hashed, in this version's shape).
    await appendEvents(tx, id, [...file.events.map(({ prevHash: _p, hash: _h, ...e }) => e), imported]);
    if (file.deadlines.length > 0) {
      await tx.insert(deadlines).values(
        file.deadlines.map((d) => ({
          id: app.ids.uuid(),
          campaignId: id,
          kind: d.kind,
          subject: d.subject,
          responsibleUserId: d.responsibleUserId,
          dueAt: new Date(d.dueAt),
          status: d.status,
          remindersSent: d.remindersSent,
          payload: d.payload ?? {},
          createdAt: now,
        })),
      );
    }
    // Docs/delivery.md: the import is announced in the channel from the outbox, written with it, so
    // a crash right after the commit does not leave the channel silent about the campaign it holds.
    const owner = app.outbox;
    await insertOutboxRows(
      tx,
      [
        {
          campaignId: id,
          channelId: target.channelId,
          version: imported.seq,
          fromSeq: imported.seq,
          kind: 'announce',
          subject: '',
        },
      ],
      { holder: owner?.holder ?? null, leaseUntil: owner ? new Date(now.getTime() + owner.leaseMs) : null, at: now },
    );
    return { ok: true, value: { state, events: imported.seq } };
  });
}

/**
 * An imported campaign keeps its ship catalog (UTD8.1): the file's catalog is stored here, as
 * `/catalog import` would store it, unless this database has it already. A campaign on a catalog
 * that is neither here nor in the file is refused, since no order could be checked without it.
 */
async function storeImportedCatalog(
  _app: AppContext,
  tx: Executor,
  file: CampaignExport,
  target: CommandTarget,
  actor: Actor,
  now: Date,
): Promise<Outcome<never> | null> {
  const version = file.campaign.catalogVersion;
  if (version === SAMPLE_CATALOG_VERSION || version === 'none' || (await findCatalog(tx, version))) return null;
  if (!file.catalog) {
    return userError(
      'import/catalog-missing',
      'UTD8.1',
      `Import refused: the campaign plays with ship catalog ${version.slice(0, 12)}…, which this bot does not have and the file does not carry.`,
      'Export the campaign again with this version of the bot, which includes the catalog.',
    );
  }
  // In the library it goes by the name of the campaign it came with.
  const made = catalogRowOf(file.catalog, {
    guildId: target.guildId,
    userId: actor.userId,
    at: now,
    name: file.campaign.name,
  });
  if (!made.ok || made.row.version !== version) {
    return userError(
      'import/catalog-mismatch',
      'UTD8.1',
      `Import refused: the ship catalog in the file is not the campaign's catalog ${version.slice(0, 12)}… (the file was edited or damaged).`,
    );
  }
  await insertCatalog(tx, made.row);
  return null;
}

export async function campaignEvents(app: AppContext, channelId: string): Promise<StoredEvent[]> {
  const row = await findCampaignByChannel(app.database.db, channelId, stateLayout);
  return row ? loadEvents(app.database.db, row.id) : [];
}

/** One page of the public event log (UTD3.1: anyone may review any player's orders), newest page last. */
export async function campaignLog(
  app: AppContext,
  channelId: string,
  page: number,
  perPage: number,
): Promise<{ state: CampaignState; events: StoredEvent[]; pages: number } | null> {
  const row = await findCampaignByChannel(app.database.db, channelId, stateLayout);
  if (!row) return null;
  const pages = Math.max(1, Math.ceil(row.version / perPage));
  const p = Math.min(Math.max(1, page), pages);
  const events = await loadEvents(app.database.db, row.id, (p - 1) * perPage + 1, perPage);
  return { state: row.state, events, pages };
}

/** Channels of campaigns with an open vote, for the bot to re-read their reactions at boot. */
export async function channelsWithOpenVotes(app: AppContext): Promise<string[]> {
  const rows = await app.database.db
    .select({ channelId: campaigns.channelId })
    .from(campaigns)
    .where(
      sql`exists (select 1 from jsonb_array_elements(${campaigns.state} -> 'votes') v where v ->> 'status' = 'open')`,
    );
  return rows.map((r) => r.channelId);
}

/** The campaigns of a server that a user plays in, for "your campaign lives in #…" hints. */
export async function campaignsOfUser(
  app: AppContext,
  guildId: string,
  userId: string,
): Promise<{ channelId: string; name: string }[]> {
  const rows = await app.database.db
    .select({ channelId: campaigns.channelId, name: campaigns.name })
    .from(campaigns)
    .where(
      sql`${campaigns.guildId} = ${guildId} and exists (select 1 from jsonb_array_elements(${campaigns.state} -> 'players') p where p ->> 'id' = ${userId})`,
    );
  return rows;
}

/**
 * `/campaign history`: the state as it stood at the end of a past cycle, rebuilt by
 * replaying the log up to the first event of the next cycle.
 */
export async function campaignAtCycle(
  app: AppContext,
  channelId: string,
  halfCycles: number,
): Promise<CampaignState | null> {
  const row = await findCampaignByChannel(app.database.db, channelId, stateLayout);
  if (!row) return null;
  const ruleset = rulesetOf(row.state.ruleset);
  let state: CampaignState | null = null;
  for (const e of await loadEvents(app.database.db, row.id)) {
    if (e.event.type === 'TurnStarted' && e.event.halfCycles > halfCycles) break;
    state = ruleset.apply(state, e);
  }
  return state;
}

/** The empires a player may join or contest (UTD8.111, UTD8.113), as choices for the command definitions. */
export const EMPIRE_CHOICES = EMPIRES.map((e) => ({ name: e.name, value: e.key }));
