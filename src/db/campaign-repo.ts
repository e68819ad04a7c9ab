import { and, asc, eq, sql } from 'drizzle-orm';
import { sameJson } from '../rules/json-data.ts';
import type { CampaignState, StoredEvent } from '../rules/thunderdome/index.ts';
import { upcastCampaignEvent, upcastState } from '../rules/thunderdome/upcast.ts';
import type { Executor } from './client.ts';
import { campaignEvents, campaigns, processedInteractions } from './schema.ts';

export interface CampaignRow {
  id: string;
  guildId: string;
  channelId: string;
  version: number;
  state: CampaignState;
  secretSeeds: SecretSeed[];
}

export interface SecretSeed {
  fromSeq: number;
  seed: string;
}

/**
 * The state's large parts, stored in columns of their own (performance: docs/performance.md): an order that changes only a
 * player's bank rewrites the rest of the state (a few KiB), not the map, the ships and the bases
 * too; PostgreSQL keeps the unchanged columns' stored values. Which parts: the map (about 35 KiB
 * for 100 sectors), the ships (about 190 bytes each, so 75 KiB for 400), the fleets and the bases.
 */
export const PARTS = ['map', 'fleets', 'ships', 'bases'] as const;
export type Part = (typeof PARTS)[number];

/** The `state` column's document: the state without its parts. */
function coreOf(state: CampaignState): Record<string, unknown> {
  const { map: _map, fleets: _fleets, ships: _ships, bases: _bases, ...core } = state;
  return core;
}

/** The state stored in a row's columns, in this version's shape (a state stored by an older version is upcast: upcast.ts). */
export function stateOfColumns(r: { state: unknown } & Record<Part, unknown>): CampaignState {
  return upcastState({
    ...(r.state as object),
    map: r.map ?? null,
    fleets: r.fleets,
    ships: r.ships,
    bases: r.bases,
  } as CampaignState);
}

/** The columns to write for `state`: all of them, or with `before` (the state stored now) only those that differ. */
export function columnsOf(state: CampaignState, before?: CampaignState): Partial<Record<'state' | Part, unknown>> {
  if (state === before) return {};
  const core = coreOf(state);
  const out: Partial<Record<'state' | Part, unknown>> = {};
  if (!before || !sameJson(core, coreOf(before))) out.state = core;
  for (const part of PARTS) if (!before || !sameJson(state[part], before[part])) out[part] = state[part];
  return out;
}

const stateColumns = {
  state: campaigns.state,
  map: campaigns.map,
  fleets: campaigns.fleets,
  ships: campaigns.ships,
  bases: campaigns.bases,
};

/**
 * Loads the campaign of a channel and locks its row until the transaction ends, so two
 * commands on one campaign never interleave (PostgreSQL row lock; PGlite runs one transaction
 * at a time anyway).
 */
export async function lockCampaignByChannel(tx: Executor, channelId: string): Promise<CampaignRow | null> {
  const rows = await tx.select().from(campaigns).where(eq(campaigns.channelId, channelId)).for('update');
  return rows[0] ? toRow(rows[0]) : null;
}

/**
 * `lockCampaignByChannel` for a caller that may already hold the state (performance: reading a grown
 * campaign's 65 KiB state back was the largest cost left in a command). It locks the row and reads
 * everything but the state, with the row version's `xmin` (the id of the transaction that wrote
 * it, never the same for two writes); `known` returns the state committed as that row version if
 * the caller holds it, and only otherwise is the state read.
 */
export async function lockCampaignByChannelKnowing(
  tx: Executor,
  channelId: string,
  known: (id: string, xmin: string) => CampaignState | null,
): Promise<{ row: CampaignRow; xmin: string } | null> {
  const heads = await tx
    .select({
      id: campaigns.id,
      guildId: campaigns.guildId,
      channelId: campaigns.channelId,
      version: campaigns.version,
      secretSeeds: campaigns.secretSeeds,
      xmin: sql<string>`xmin::text`,
    })
    .from(campaigns)
    .where(eq(campaigns.channelId, channelId))
    .for('update');
  const head = heads[0];
  if (!head) return null;
  let state = known(head.id, head.xmin);
  if (!state) {
    const rows = await tx.select(stateColumns).from(campaigns).where(eq(campaigns.id, head.id));
    if (!rows[0]) throw new Error(`campaign ${head.id} vanished under its row lock`);
    state = stateOfColumns(rows[0]);
  }
  return {
    row: {
      id: head.id,
      guildId: head.guildId,
      channelId: head.channelId,
      version: head.version,
      state,
      secretSeeds: head.secretSeeds as SecretSeed[],
    },
    xmin: head.xmin,
  };
}

export async function findCampaignByChannel(tx: Executor, channelId: string): Promise<CampaignRow | null> {
  const rows = await tx.select().from(campaigns).where(eq(campaigns.channelId, channelId));
  return rows[0] ? toRow(rows[0]) : null;
}

export async function findCampaignById(tx: Executor, id: string): Promise<CampaignRow | null> {
  const rows = await tx.select().from(campaigns).where(eq(campaigns.id, id));
  return rows[0] ? toRow(rows[0]) : null;
}

function toRow(r: typeof campaigns.$inferSelect): CampaignRow {
  return {
    id: r.id,
    guildId: r.guildId,
    channelId: r.channelId,
    version: r.version,
    state: stateOfColumns(r),
    secretSeeds: r.secretSeeds as SecretSeed[],
  };
}

export async function insertCampaign(tx: Executor, row: CampaignRow, at: Date): Promise<void> {
  await tx.insert(campaigns).values({
    id: row.id,
    guildId: row.guildId,
    channelId: row.channelId,
    name: row.state.name,
    status: row.state.status,
    version: row.version,
    ...columnsOf(row.state),
    state: coreOf(row.state),
    secretSeeds: row.secretSeeds,
    createdAt: at,
    updatedAt: at,
  });
}

/**
 * Writes the new state only if nobody else moved the version on (optimistic check on top of the lock).
 * Returns the `xmin` of the row version written (see lockCampaignByChannelKnowing) and the parts
 * it left as they were.
 * With `before` (the state stored now, as the command loaded it) only the parts of the state that
 * changed are written, so a dice roll writes only the version and the time, and an order that
 * changes a bank only the state's small remainder: rewriting unchanged documents was most of what
 * a command cost the database (docs/performance.md). Without it, every part is written.
 */
export async function saveCampaign(
  tx: Executor,
  row: CampaignRow,
  expectedVersion: number,
  at: Date,
  opts: { before?: CampaignState; secretSeedsUnchanged?: boolean } = {},
): Promise<{ xmin: string; unchanged: Part[] }> {
  const columns = columnsOf(row.state, opts.before);
  const updated = await tx
    .update(campaigns)
    .set({
      ...columns,
      ...(columns.state ? { name: row.state.name, status: row.state.status } : {}),
      ...(opts.secretSeedsUnchanged ? {} : { secretSeeds: row.secretSeeds }),
      version: row.version,
      updatedAt: at,
    })
    .where(and(eq(campaigns.id, row.id), eq(campaigns.version, expectedVersion)))
    .returning({ id: campaigns.id, xmin: sql<string>`xmin::text` });
  if (updated.length !== 1)
    throw new Error(`campaign ${row.id} changed under us (expected version ${expectedVersion})`);
  return { xmin: updated[0]!.xmin, unchanged: PARTS.filter((part) => !(part in columns)) };
}

export async function appendEvents(tx: Executor, campaignId: string, events: readonly StoredEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(campaignEvents).values(
    events.map((e) => ({
      campaignId,
      seq: e.seq,
      type: e.event.type,
      at: new Date(e.at),
      actorUserId: e.actor.userId,
      asPlayer: e.actor.asPlayer ?? null,
      event: e.event,
      rolls: e.rolls,
    })),
  );
}

export async function loadEvents(
  tx: Executor,
  campaignId: string,
  fromSeq = 1,
  limit?: number,
): Promise<StoredEvent[]> {
  const q = tx
    .select()
    .from(campaignEvents)
    .where(and(eq(campaignEvents.campaignId, campaignId), sql`${campaignEvents.seq} >= ${fromSeq}`))
    .orderBy(asc(campaignEvents.seq));
  const rows = limit === undefined ? await q : await q.limit(limit);
  return rows.map((r) => {
    const actor: StoredEvent['actor'] = { userId: r.actorUserId };
    if (r.asPlayer) actor.asPlayer = r.asPlayer;
    return {
      seq: r.seq,
      at: r.at.toISOString(),
      actor,
      // Events stored by an older version, in this version's shape (upcast.ts).
      event: upcastCampaignEvent(r.event as StoredEvent['event']),
      rolls: r.rolls as StoredEvent['rolls'],
    };
  });
}

/** True when this interaction was already handled; otherwise records it (inside the command's transaction). */
export async function claimInteraction(
  tx: Executor,
  interactionId: string,
  campaignId: string | null,
  at: Date,
): Promise<boolean> {
  const inserted = await tx
    .insert(processedInteractions)
    .values({ interactionId, campaignId, processedAt: at })
    .onConflictDoNothing()
    .returning({ id: processedInteractions.interactionId });
  return inserted.length === 0;
}
