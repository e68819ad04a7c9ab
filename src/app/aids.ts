import { and, eq } from 'drizzle-orm';
import { claimInteraction, findCampaignByChannel } from '../db/campaign-repo.ts';
import type { Executor } from '../db/client.ts';
import { battleAids } from '../db/schema.ts';
import { RuleViolation, type RuleError } from '../rules/errors.ts';
import type { CampaignState } from '../rules/thunderdome/index.ts';
import type { AppContext } from './context.ts';
import type { Outcome } from './errors.ts';
import { stateLayout } from './rulesets.ts';

/**
 * Battle aids (docs/rules-notes.md) keep what must not enter the public campaign state: an 'n3D engagement
 * with its secret plots, the secret rolls of a battle. They live in `battle_aids`, one row per
 * (campaign, subject, kind). A change runs like a campaign command (run-command.ts): one
 * transaction, the row locked with SELECT … FOR UPDATE, the pure change decides, a refusal
 * (a RuleViolation) or any exception rolls everything back, and the version goes up by one.
 */
export const AID_KINDS = ['n3d', 'sfw-rolls'] as const;
export type AidKind = (typeof AID_KINDS)[number];

export interface AidKey {
  /** The campaign's channel. */
  channelId: string;
  /** A battle id (K12), or a channel id for an aid not tied to a battle. */
  subject: string;
  kind: AidKind;
}

/** Turns stored JSON into the aid's type; throws a RuleViolation when it is not valid. */
export type AidParser<T> = (json: unknown) => T;

export interface AidSnapshot<T> {
  state: CampaignState;
  campaignId: string;
  /** null: no aid of this kind for this subject yet. */
  payload: T | null;
  version: number;
}

export interface AidChangeInput<T> extends AidSnapshot<T> {
  now: Date;
}

/** What a change returns: the new payload to store (absent: nothing is written) and its answer. */
export interface AidChange<T, R> {
  payload?: T;
  value: R;
}

export type AidResult<R> =
  | { ok: true; duplicate: false; value: R; version: number }
  | { ok: true; duplicate: true }
  | { ok: false; error: RuleError };

const NO_CAMPAIGN: RuleError = {
  code: 'campaign/none',
  rule: 'UTD8.1',
  message: 'There is no campaign in this channel.',
};

interface AidRow {
  payload: unknown;
  version: number;
}

/**
 * Locks the aid row until the transaction ends. A missing row is first inserted as an empty
 * placeholder (version 0), so two first changes of the same aid also queue on one row lock
 * instead of racing to insert; a refusal rolls the placeholder back with everything else.
 */
export async function lockAidRow(
  tx: Executor,
  campaignId: string,
  subject: string,
  kind: AidKind,
  now: Date,
): Promise<AidRow> {
  await tx
    .insert(battleAids)
    .values({ campaignId, subject, kind, payload: {}, version: 0, updatedAt: now })
    .onConflictDoNothing();
  const rows = await tx
    .select({ payload: battleAids.payload, version: battleAids.version })
    .from(battleAids)
    .where(and(eq(battleAids.campaignId, campaignId), eq(battleAids.subject, subject), eq(battleAids.kind, kind)))
    .for('update');
  const row = rows[0];
  if (!row) throw new Error(`battle aid ${kind}/${subject} vanished under its lock`);
  return row;
}

export async function findAidRow(
  tx: Executor,
  campaignId: string,
  subject: string,
  kind: AidKind,
): Promise<AidRow | null> {
  const rows = await tx
    .select({ payload: battleAids.payload, version: battleAids.version })
    .from(battleAids)
    .where(and(eq(battleAids.campaignId, campaignId), eq(battleAids.subject, subject), eq(battleAids.kind, kind)));
  const row = rows[0];
  return row && row.version > 0 ? row : null;
}

/** Writes the new payload only if the version is still the one read under the lock. */
async function saveAidRow(
  tx: Executor,
  campaignId: string,
  key: AidKey,
  payload: unknown,
  expectedVersion: number,
  now: Date,
): Promise<void> {
  const updated = await tx
    .update(battleAids)
    .set({ payload, version: expectedVersion + 1, updatedAt: now })
    .where(
      and(
        eq(battleAids.campaignId, campaignId),
        eq(battleAids.subject, key.subject),
        eq(battleAids.kind, key.kind),
        eq(battleAids.version, expectedVersion),
      ),
    )
    .returning({ version: battleAids.version });
  if (updated.length !== 1)
    throw new Error(`battle aid ${key.kind}/${key.subject} changed under us (expected version ${expectedVersion})`);
}

/** Reads an aid without locking, for answers that change nothing. */
export async function readAid<T>(app: AppContext, key: AidKey, parse: AidParser<T>): Promise<Outcome<AidSnapshot<T>>> {
  const db = app.database.db;
  const campaign = await findCampaignByChannel(db, key.channelId, stateLayout);
  if (!campaign) return { ok: false, error: NO_CAMPAIGN };
  const row = await findAidRow(db, campaign.id, key.subject, key.kind);
  try {
    return {
      ok: true,
      value: {
        state: campaign.state,
        campaignId: campaign.id,
        payload: row ? parse(row.payload) : null,
        version: row?.version ?? 0,
      },
    };
  } catch (err) {
    if (err instanceof RuleViolation) return { ok: false, error: err.error };
    throw err;
  }
}

/**
 * Changes an aid in one transaction under its row lock. `change` is pure apart from what it is
 * given; it refuses by throwing a RuleViolation (`refuse`), which rolls the transaction back.
 * With an interaction id, a second delivery of the same interaction changes nothing.
 */
export async function updateAid<T, R>(
  app: AppContext,
  key: AidKey,
  parse: AidParser<T>,
  change: (input: AidChangeInput<T>) => AidChange<T, R>,
  opts: { interactionId?: string } = {},
): Promise<AidResult<R>> {
  try {
    return await app.database.db.transaction(async (tx) => {
      const now = app.clock.now();
      const campaign = await findCampaignByChannel(tx, key.channelId, stateLayout);
      if (!campaign) return { ok: false, error: NO_CAMPAIGN } as const;
      if (opts.interactionId && (await claimInteraction(tx, opts.interactionId, campaign.id, now)))
        return { ok: true, duplicate: true } as const;
      const row = await lockAidRow(tx, campaign.id, key.subject, key.kind, now);
      const payload = row.version > 0 ? parse(row.payload) : null;
      const out = change({ state: campaign.state, campaignId: campaign.id, payload, version: row.version, now });
      if (out.payload === undefined)
        return { ok: true, duplicate: false, value: out.value, version: row.version } as const;
      await saveAidRow(tx, campaign.id, key, out.payload, row.version, now);
      return { ok: true, duplicate: false, value: out.value, version: row.version + 1 } as const;
    });
  } catch (err) {
    if (err instanceof RuleViolation) return { ok: false, error: err.error };
    throw err;
  }
}
