import { asc, eq, sql } from 'drizzle-orm';
import { seedCommitment } from '../rules/dice.ts';
import { EMPIRES, type Actor, type CampaignState, type StoredEvent } from '../rules/thunderdome/index.ts';
import {
  appendEvents,
  chainPages,
  campaignHeadOfChannel,
  findCampaignByChannel,
  findCampaignByChannelKnowing,
  insertCampaign,
  loadEvents,
  recordsStoredApart,
  saveSnapshots,
  snapshotAtOrBefore,
  type CampaignRow,
} from '../db/campaign-repo.ts';
import { chainLinks, GENESIS_HASH } from '../rules/event-chain.ts';
import { cloneJson } from '../rules/json-data.ts';
import { upcastCampaignEvent } from '../rules/thunderdome/upcast.ts';
import { findCatalog, insertCatalog } from '../db/catalog-repo.ts';
import type { Executor } from '../db/client.ts';
import { insertOutboxRows } from '../db/outbox-repo.ts';
import { campaigns, deadlines } from '../db/schema.ts';
import { catalogRowOf } from './catalog-import.ts';
import { SAMPLE_CATALOG_VERSION } from './catalogs.ts';
import type { AppContext } from './context.ts';
import { userError, type Outcome } from './errors.ts';
import {
  checkExport,
  EXPORT_FORMAT,
  EXPORT_MAX_BYTES,
  exportLines,
  packExport,
  type CampaignExport,
  type ExportedEvent,
} from './export.ts';
import { runCommand, type CommandResult, type CommandTarget } from './run-command.ts';
import { rulesetOf, stateLayout } from './rulesets.ts';
import { slices } from './slices.ts';
import { stateCacheOf } from './state-cache.ts';

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

/**
 * A channel's campaign as committed, for a reader (the caller's own copy, finished records shared
 * and frozen): from the states this process keeps (state-cache.ts) when the row is still the version
 * kept, else read and then kept, so the next command or reader need not read it again. The bot reads
 * a campaign after nearly every command (a delivery's newest state, autocomplete, buttons), and
 * reading a year-long campaign whole means its thousands of finished records (docs/performance.md,
 * "History out of the hot state").
 */
async function readCampaign(app: AppContext, channelId: string): Promise<CampaignRow | null> {
  const cache = stateCacheOf(app.database);
  let kept = false;
  const found = await findCampaignByChannelKnowing(
    app.database.db,
    channelId,
    (id, xmin) => {
      const state = cache.get(id, xmin, stateLayout.finished);
      kept = state !== null;
      return state;
    },
    stateLayout,
  );
  if (!found) return null;
  // A row in the shape stored before finished records were kept apart is not kept: the next command
  // reads it itself, so that its save stores them all (campaign-repo.ts `recordsStoredApart`).
  if (!kept && recordsStoredApart(found.row.state)) cache.put(found.row.id, found.xmin, found.row.state);
  return found.row;
}

/** Anyone may read any campaign state (UTD3.1). */
export async function campaignInChannel(app: AppContext, channelId: string): Promise<CampaignState | null> {
  return (await readCampaign(app, channelId))?.state ?? null;
}

/** The state with its version (the last event's sequence number), for caches keyed by version. */
export async function versionedCampaign(
  app: AppContext,
  channelId: string,
): Promise<{ state: CampaignState; version: number } | null> {
  const row = await readCampaign(app, channelId);
  return row ? { state: row.state, version: row.version } : null;
}

export async function exportCampaign(
  app: AppContext,
  channelId: string,
  opts: { includeSecret: boolean },
): Promise<Outcome<CampaignExport>> {
  return app.database.db.transaction(async (tx) => {
    const head = await exportHead(app, tx, channelId, opts);
    if (!head.ok) return head;
    const events: ExportedEvent[] = [];
    for await (const page of exportedPages(tx, head.value.row.id)) events.push(...page);
    return { ok: true, value: { ...head.value.file, events } };
  });
}

/** What `/campaign export` attaches: the file's bytes, gzip-compressed when large, and what it holds. */
export interface ExportFile {
  bytes: Buffer;
  gzip: boolean;
  /** Its size as JSON text, before any compression. */
  plainBytes: number;
  events: number;
  name: string;
  players: number;
}

/**
 * `/campaign export` (docs/export-format.md): the file written as it is read, a page of the log at
 * a time (format 4's line layout), and gzip-compressed past EXPORT_PLAIN_MAX so that a long
 * campaign (100,000 events) still fits Discord's upload limit. Refused, naming the sizes, when even
 * compressed it does not fit.
 */
export async function exportCampaignFile(
  app: AppContext,
  channelId: string,
  opts: { includeSecret: boolean },
): Promise<Outcome<ExportFile>> {
  return app.database.db.transaction(async (tx) => {
    const head = await exportHead(app, tx, channelId, opts);
    if (!head.ok) return head;
    const { row, file } = head.value;
    const packed = await packExport(exportLines(file, exportedPages(tx, row.id)));
    if (!packed)
      return userError(
        'export/too-large',
        'UTD8.1',
        `The export of ${row.version} events does not fit Discord's upload limit of ${EXPORT_MAX_BYTES} bytes, even compressed.`,
      );
    return {
      ok: true,
      value: { ...packed, events: row.version, name: row.state.name, players: row.state.players.length },
    };
  });
}

/** Everything an export holds but its events, in the campaign's read transaction. */
async function exportHead(
  app: AppContext,
  tx: Executor,
  channelId: string,
  opts: { includeSecret: boolean },
): Promise<Outcome<{ row: CampaignRow; file: Omit<CampaignExport, 'events'> }>> {
  const row = await findCampaignByChannel(tx, channelId, stateLayout);
  if (!row) return userError('campaign/none', 'UTD8.1', 'There is no campaign in this channel to export.');
  const clocks = await tx
    .select()
    .from(deadlines)
    .where(eq(deadlines.campaignId, row.id))
    .orderBy(asc(deadlines.dueAt), asc(deadlines.id));
  const file: Omit<CampaignExport, 'events'> = {
    format: EXPORT_FORMAT,
    kind: 'campaign-master/campaign',
    exportedAt: app.clock.now().toISOString(),
    campaign: row.state,
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
  if (opts.includeSecret) file.secretSeeds = [...row.secretSeeds];
  const catalog = await findCatalog(tx, row.state.catalogVersion);
  if (catalog)
    file.catalog = {
      version: catalog.version,
      units: catalog.unitsCsv,
      refits: catalog.refitsCsv,
      conversions: catalog.conversionsCsv,
    };
  return { ok: true, value: { row, file } };
}

/**
 * The log as stored, with its hash chain (format 3 on, src/rules/event-chain.ts), a page at a
 * time; a log stored before the chain is linked as it stands.
 */
async function* exportedPages(tx: Executor, campaignId: string): AsyncGenerator<ExportedEvent[]> {
  let prev = GENESIS_HASH;
  const slice = slices();
  for await (const page of chainPages(tx, campaignId)) {
    const legacy = page.some((e) => e.hash === null);
    const out: ExportedEvent[] = [];
    for (const { prevHash, hash, ...e } of page) {
      // A legacy log is hashed here, an event at a time, in slices (docs/performance.md, "Nothing blocks the event loop").
      const link = legacy ? chainLinks(prev, [e])[0]! : { prevHash: prevHash!, hash: hash! };
      out.push({ ...e, ...link });
      prev = link.hash;
      if (legacy && slice.due()) await slice.pause();
    }
    yield out;
  }
}

/**
 * Events the import hands the repository at a time: hashing them into the chain and building their
 * INSERT runs on the event loop in one go, so a batch is kept to a few milliseconds of it
 * (docs/performance.md, "Nothing blocks the event loop").
 */
const IMPORT_BATCH = 250;

/**
 * Restores an export into an empty channel: the event log is copied as it was and one
 * `CampaignImported` event moves the campaign here. Without the secret seeds in the file, a new
 * seed is committed from that event on (old rolls stay verifiable with the old seed).
 *
 * The file (text, or its bytes: plain or gzip-compressed JSON, docs/export-format.md) is read
 * twice as it streams, never whole: once to check it (checkExport), once to store its log in
 * batches and the states at the ends of its half-cycles as the campaign's snapshots.
 */
export async function importCampaign(
  app: AppContext,
  target: CommandTarget,
  actor: Actor,
  upload: string | Uint8Array,
): Promise<Outcome<{ state: CampaignState; events: number }>> {
  const checked = await checkExport(typeof upload === 'string' ? Buffer.from(upload, 'utf8') : upload);
  if (!checked.ok)
    return userError(
      'import/invalid',
      'UTD1.6',
      `Import refused: ${checked.message}.`,
      'Upload a file made by `/campaign export`, unchanged.',
    );
  const { file, last } = checked.value;
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
    // The log is chained again as stored here (an upcast event is stored, and hashed, in this
    // version's shape), a batch at a time as the file is read again. It is folded again on the
    // way, onto one working copy, to store the state at the end of each half-cycle (the
    // snapshots `/campaign history` reads), one at a time so a long campaign's are never all
    // held at once; each is what the log gives up to its event, so it still names where the
    // campaign lived then, as a replay would.
    const ruleset = rulesetOf(file.campaign.ruleset);
    const fold = ruleset.applyInPlace ?? ruleset.apply;
    let folded: CampaignState | null = null;
    let batch: StoredEvent[] = [];
    const slice = slices();
    for await (const e of checked.value.events()) {
      const ended = folded && ruleset.periodEnded ? ruleset.periodEnded(folded, e) : null;
      if (ended !== null)
        await saveSnapshots(tx, id, [{ halfCycles: ended, seq: e.seq - 1, state: folded! }], stateLayout, state);
      folded = fold(folded, e);
      batch.push(e);
      if (batch.length === IMPORT_BATCH) {
        await appendEvents(tx, id, batch);
        batch = [];
      }
      if (slice.due()) await slice.pause();
    }
    await appendEvents(tx, id, [...batch, imported]);
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
  file: Omit<CampaignExport, 'events'>,
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
  const made = await catalogRowOf(file.catalog, {
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
  const head = await campaignHeadOfChannel(app.database.db, channelId);
  return head ? loadEvents(app.database.db, head.id) : [];
}

/** One page of the public event log (UTD3.1: anyone may review any player's orders), newest page last. */
export async function campaignLog(
  app: AppContext,
  channelId: string,
  page: number,
  perPage: number,
): Promise<{ state: CampaignState; events: StoredEvent[]; pages: number } | null> {
  const row = await readCampaign(app, channelId);
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
 * `/campaign history`: the state as it stood at the end of a past half-cycle (UTD2.2), as the log
 * gives it up to the first turn start of a later one. It starts from the stored snapshot of the
 * latest half-cycle at or before that one (schema `campaign_snapshots`) and folds only the events
 * after it, onto one working copy (docs/performance.md, "Long histories"); snapshots missing on the way
 * (a campaign stored before they were kept) are stored as it passes them, so the next reader
 * starts from them.
 */
export async function campaignAtCycle(
  app: AppContext,
  channelId: string,
  halfCycles: number,
): Promise<CampaignState | null> {
  const db = app.database.db;
  const row = await campaignHeadOfChannel(db, channelId);
  if (!row) return null;
  const ruleset = rulesetOf(row.ruleset);
  const fold = ruleset.applyInPlace ?? ruleset.apply;
  const from = await snapshotAtOrBefore(db, row.id, halfCycles, stateLayout);
  // The snapshot of that very half-cycle is its end: nothing to fold.
  if (from && from.halfCycles === halfCycles) return from.state;
  let state: CampaignState | null = from ? from.state : null;
  const passed: { halfCycles: number; seq: number; state: CampaignState }[] = [];
  // Folded in slices that yield the event loop (docs/performance.md, "Nothing blocks the event loop").
  const slice = slices();
  done: for await (const page of chainPages(db, row.id, (from?.seq ?? 0) + 1)) {
    for (const { prevHash: _p, hash: _h, ...stored } of page) {
      const e: StoredEvent = { ...stored, event: upcastCampaignEvent(stored.event) };
      const ended = state && ruleset.periodEnded ? ruleset.periodEnded(state, e) : null;
      if (ended !== null && ended !== from?.halfCycles)
        passed.push({ halfCycles: ended, seq: e.seq - 1, state: cloneJson(state!) });
      if (e.event.type === 'TurnStarted' && e.event.halfCycles > halfCycles) break done;
      state = fold(state, e);
      if (slice.due()) await slice.pause();
    }
  }
  // A cache of the log: failing to store it (the campaign deleted meanwhile) leaves the answer right.
  if (passed.length > 0)
    await saveSnapshots(db, row.id, passed, stateLayout).catch((err: unknown) =>
      app.log.warn({ err, campaignId: row.id }, 'history snapshots not stored'),
    );
  return state;
}

/** The empires a player may join or contest (UTD8.111, UTD8.113), as choices for the command definitions. */
export const EMPIRE_CHOICES = EMPIRES.map((e) => ({ name: e.name, value: e.key }));
