import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * One schema for PGlite and PostgreSQL (design §3.8): nothing newer than PostgreSQL 15.
 * A campaign's public state is one JSON document with a version; every change appends events
 * in the same transaction, so the log can always rebuild the state.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey(),
    guildId: text('guild_id').notNull(),
    /** One campaign per channel: a command finds its campaign by its channel. */
    channelId: text('channel_id').notNull().unique(),
    name: text('name').notNull(),
    status: text('status').notNull(),
    /** Sequence number of the last event applied to the state. */
    version: integer('version').notNull(),
    /**
     * The campaign state but for its large, seldom-changed parts, each in a column of its own (for
     * performance): an order rewrites only the parts it changed, and PostgreSQL keeps the others' stored values
     * as they are. `src/db/campaign-repo.ts` splits and joins the state; nothing else should read
     * these columns as a state.
     */
    state: jsonb('state').notNull(),
    /** `state.map` (SQL null before there is one): the warp-lane map, about 35 KiB for 100 sectors, changed by exploration and claims. */
    map: jsonb('map'),
    /** `state.fleets`. */
    fleets: jsonb('fleets').notNull().default(sql`'[]'::jsonb`),
    /** `state.ships` (about 190 bytes a ship). */
    ships: jsonb('ships').notNull().default(sql`'[]'::jsonb`),
    /** `state.bases`: capitals, shipyards, defenses. */
    bases: jsonb('bases').notNull().default(sql`'[]'::jsonb`),
    /** Secret dice seeds (hex), newest last; never exported unless revealed or asked for by an admin. */
    secretSeeds: jsonb('secret_seeds').notNull(),
    /**
     * When the scheduler next looks at the campaign (ISO 8601): its ruleset's `scheduler.nextDue` of
     * the state, written with the state; null, nothing is ever due. `''` (the default, and what the
     * rows stored before this column hold) sorts before every time: look at once, and write it then.
     */
    dueAt: text('due_at').default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('campaigns_due_at').on(t.dueAt)],
);

export const campaignEvents = pgTable(
  'campaign_events',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    type: text('type').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    actorUserId: text('actor_user_id').notNull(),
    /** Set when a proxy acted for a player (UTD3.2). */
    asPlayer: text('as_player'),
    event: jsonb('event').notNull(),
    rolls: jsonb('rolls').notNull(),
    /**
     * The tamper-evident history (src/rules/event-chain.ts): the hash of the event before (the
     * genesis hash for the first) and this event's own hash over that link and its content. Null
     * in events stored before the chain; the next append chains them (campaign-repo.ts).
     */
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.seq] })],
);

/**
 * A campaign state's finished records (docs/performance.md, "History out of the hot state"): the
 * entries of its lists (`list`: `battles`, `votes`, `retreats`) that its ruleset says never change
 * again (src/ruleset.ts `storage.finished`), each stored once, at its `position` in its list. The
 * `state` column keeps the rest of each list and where those entries go (`storedApart`), so a
 * command neither rewrites nor compares a year of resolved battles; it inserts the records it
 * finished. `src/db/campaign-repo.ts` splits and joins them; half-cycle snapshots refer to them too.
 */
export const campaignRecords = pgTable(
  'campaign_records',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    position: integer('position').notNull(),
    record: jsonb('record').notNull(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.list, t.position] })],
);

/**
 * The campaign state as it stood at the end of each half-cycle (docs/performance.md, "Long histories"):
 * `/campaign history` reads one row and folds at most one half-cycle of events onto it, instead of
 * replaying the whole log. Row `half_cycles` = h holds the state folded from events 1..`seq`,
 * where event `seq` + 1 is the first turn start of a later half-cycle. A cache of the log, never
 * the record: it is written by the command that ends the half-cycle, by the import and by any
 * replay that passes a missing one, and the log alone rebuilds it.
 */
export const campaignSnapshots = pgTable(
  'campaign_snapshots',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    halfCycles: integer('half_cycles').notNull(),
    seq: integer('seq').notNull(),
    state: jsonb('state').notNull(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.halfCycles] })],
);

/**
 * Every clock is a row (design §3.9): the database decides what is due, timers only wake the
 * process, and each row is claimed in a transaction so it is applied exactly once.
 */
export const deadlines = pgTable(
  'deadlines',
  {
    id: uuid('id').primaryKey(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** What the deadline is about, e.g. the turn or battle it guards. */
    subject: text('subject').notNull(),
    responsibleUserId: text('responsible_user_id'),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    status: text('status').notNull(),
    /** Reminder offsets (hours before) already posted, so none is posted twice. */
    remindersSent: jsonb('reminders_sent').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('deadlines_pending_due').on(t.status, t.dueAt)],
);

/** Interactions already handled, so a repeated delivery never runs a command twice. */
export const processedInteractions = pgTable('processed_interactions', {
  interactionId: text('interaction_id').primaryKey(),
  campaignId: uuid('campaign_id'),
  processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * Battle aids that must stay out of the public campaign state (UTD1.13): an 'n3D engagement with
 * its secret plots, the secret rolls of a battle. One row per (campaign, subject, kind); the
 * subject is the battle id (K12), or a channel id for an aid not tied to a battle. Each change
 * locks the row and bumps `version` (src/app/aids.ts).
 */
export const battleAids = pgTable(
  'battle_aids',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    version: integer('version').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.subject, t.kind] })],
);

/**
 * Imported ship catalogs (requirements §4.2). A version is the SHA-256 of its
 * canonical CSV text, so the same data imported twice is one row, and a row never changes once
 * written: campaigns pin a version and every server process may cache it for good. The three
 * files are kept in the import format as the bot writes it back (src/app/catalog-store.ts).
 */
export const catalogs = pgTable('catalogs', {
  version: text('version').primaryKey(),
  /** The server it was imported on. */
  guildId: text('guild_id').notNull(),
  importedBy: text('imported_by').notNull(),
  importedAt: timestamp('imported_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** The name its first importer gave it (the catalog library, `/catalog list`); '' for versions stored before names. */
  name: text('name').notNull().default(''),
  unitCount: integer('unit_count').notNull(),
  unitsCsv: text('units_csv').notNull(),
  refitsCsv: text('refits_csv').notNull(),
  conversionsCsv: text('conversions_csv').notNull(),
});

/**
 * The outbox (docs/delivery.md): every message, edit, reaction and thread a command causes in
 * Discord, written as a row in the command's own transaction and delivered after the commit by
 * the deliverer (src/discord/deliverer.ts). A row stores codes (what to post, about which vote or
 * battle, for which events), never the words: they are written when it is delivered.
 *
 * `holder`/`lease_until` claim a row for one bot process: a row is born held by the process that
 * committed it (it answers the interaction), and any process takes over a row whose lease ran out
 * (its holder crashed). `progress` records what was already done (message and thread ids), so a
 * retry never sends a thing twice; `sent_at` marks a row finished.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    channelId: text('channel_id').notNull(),
    /** The campaign version (last event seq) of the command that caused it. */
    version: integer('version').notNull(),
    /** The first event seq of that command. */
    fromSeq: integer('from_seq').notNull(),
    kind: text('kind').notNull(),
    /** What it is about: a vote id, a battle id, an event seq; '' when the kind needs none. */
    subject: text('subject').notNull(),
    payload: jsonb('payload').notNull(),
    progress: jsonb('progress').notNull(),
    /** The interaction to answer (id and its 15-minute token), cleared once the row is finished. */
    interactionId: text('interaction_id'),
    interactionToken: text('interaction_token'),
    /** A key that exists once per campaign (a permission notice), null for ordinary rows. */
    dedupeKey: text('dedupe_key'),
    holder: text('holder'),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('outbox_pending').on(t.campaignId, t.id).where(sql`${t.sentAt} is null`),
    uniqueIndex('outbox_dedupe').on(t.campaignId, t.dedupeKey),
  ],
);

/**
 * A user's own settings, per server (a player may live in different time zones for different
 * communities, and opt in to direct messages in one server only): `/me` (docs/me.md).
 */
export const userSettings = pgTable(
  'user_settings',
  {
    guildId: text('guild_id').notNull(),
    userId: text('user_id').notNull(),
    /** IANA time zone name (e.g. `Europe/Berlin`), checked with Intl; null: UTC. */
    timeZone: text('time_zone'),
    /** The events the user wants as direct messages (`DmEvent`), `[]`: none. */
    dm: jsonb('dm').notNull().default(sql`'[]'::jsonb`),
    /** Hours before an orders deadline at which the user wants a reminder by direct message. */
    reminderHours: jsonb('reminder_hours').notNull().default(sql`'[]'::jsonb`),
    /** Discord refused a direct message (closed DMs, 50007): the user was told once, and is mentioned instead. */
    dmRefusedAt: timestamp('dm_refused_at', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.guildId, t.userId] })],
);
