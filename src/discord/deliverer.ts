import { randomUUID } from 'node:crypto';
import { DiscordAPIError, type Client } from 'discord.js';
import type { AppContext } from '../app/context.ts';
import { outboxRepo, type OutboxRow } from '../app/outbox.ts';
import { DELIVERIES, isPostKind } from './deliveries.ts';
import { isPermanent, LostLease, RowDelivery, type CommittedResult, type DeliveryHost } from './delivery.ts';
import { refusedNotice, type NeededPermission } from './permission-words.ts';

/**
 * The one deliverer of a bot process (docs/delivery.md). Commands write what they make the bot
 * post as outbox rows in their own transaction; after the commit the deliverer claims the
 * campaign's pending rows and delivers them in order, each as its kind says (deliveries.ts),
 * saving each step done so nothing is sent twice. A failed row waits and is tried again with
 * backoff (Discord's 429 retry-after is honoured by discord.js's REST client, which waits and
 * retries); a refusal no retry would change (a permission missing, the channel gone) ends it. At
 * boot it finishes whatever was pending; with several processes on one PostgreSQL each row is
 * claimed by one, and a crashed process's rows are taken over when its lease runs out.
 */
export interface DelivererOptions {
  /** How long a claim lasts (default 60 s): another process takes over a row no sooner. */
  leaseMs?: number;
  /** Failed attempts before a row is given up (default 8: about 4 minutes of backoff). */
  maxAttempts?: number;
  /** Finished rows kept this long (default 7 days) for the tally order guard, then deleted. */
  keepMs?: number;
  /** Whether the map is posted after changes (UTD1.12; default yes): else its rows end unposted. */
  mapPosts?: boolean;
}

const BACKOFF_BASE_MS = 1000;
const BACKOFF_MAX_MS = 5 * 60_000;

export class Deliverer implements DeliveryHost {
  readonly holder = `${process.pid}:${randomUUID()}`;
  readonly leaseMs: number;
  readonly mapPosts: boolean;
  readonly #maxAttempts: number;
  readonly #keepMs: number;
  /** One delivery at a time per campaign in this process, so its posts keep their order. */
  readonly #queues = new Map<string, Promise<void>>();
  readonly #untold = new Map<string, Set<NeededPermission>>();
  /** Campaigns waiting for another process's lease or a row's retry, each with its timer. */
  readonly #waiting = new Map<string, NodeJS.Timeout>();
  #stopped = false;
  #prunedAt = 0;

  constructor(
    readonly app: AppContext,
    readonly client: Client,
    opts: DelivererOptions = {},
  ) {
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.mapPosts = opts.mapPosts ?? true;
    this.#maxAttempts = opts.maxAttempts ?? 8;
    this.#keepMs = opts.keepMs ?? 7 * 24 * 3_600_000;
  }

  /** What the app needs so the rows its commands write are born held by this process. */
  get owner(): { holder: string; leaseMs: number } {
    return { holder: this.holder, leaseMs: this.leaseMs };
  }

  /**
   * Delivers a campaign's due rows, in order; `memory` is the result of the command just committed
   * (its rows are written from it without reading the log back).
   */
  deliver(campaignId: string, memory: CommittedResult | null = null): Promise<void> {
    const previous = this.#queues.get(campaignId) ?? Promise.resolve();
    const run = previous
      .then(() => this.#deliverCampaign(campaignId, memory))
      .catch((err: unknown) => this.app.log.error({ err, campaign: campaignId }, 'outbox delivery failed'));
    this.#queues.set(campaignId, run);
    void run.finally(() => {
      if (this.#queues.get(campaignId) === run) this.#queues.delete(campaignId);
    });
    return run;
  }

  /** Every campaign with rows due: at boot, on each scheduler tick, and by the timer. */
  async sweep(): Promise<void> {
    for (const campaignId of await outboxRepo.dueCampaigns(this.app)) await this.deliver(campaignId);
    // Finished rows are deleted once an hour, not on every sweep (a scan of the table).
    const now = Date.now();
    if (now - this.#prunedAt >= 3_600_000) {
      this.#prunedAt = now;
      await outboxRepo.prune(this.app, this.#keepMs);
    }
  }

  /**
   * At boot: on PGlite this process alone opens the data (src/db/lock.ts), so rows a crashed
   * process held are free at once; on PostgreSQL they are taken over when their lease runs out.
   */
  async recover(): Promise<void> {
    if (this.app.database.kind === 'pglite') await outboxRepo.releaseEveryHolder(this.app);
    await this.sweep();
  }

  /** Resolves when no delivery is under way in this process. */
  async whenIdle(): Promise<void> {
    while (this.#queues.size > 0) await Promise.allSettled([...this.#queues.values()]);
  }

  /** Finishes the announcement row a command's interaction reply carried. */
  async replied(rowId: number): Promise<void> {
    await outboxRepo.finish(this.app, rowId, this.holder, { replied: true });
  }

  /** Refusals the channel could not be told of, for the next public reply in the campaign (then forgotten). */
  takeUntold(campaignId: string): string[] {
    const untold = this.#untold.get(campaignId);
    this.#untold.delete(campaignId);
    return [...(untold ?? [])].map(refusedNotice);
  }

  untold(campaignId: string, permission: NeededPermission): void {
    let set = this.#untold.get(campaignId);
    if (!set) this.#untold.set(campaignId, (set = new Set()));
    set.add(permission);
  }

  /** Stops claiming and gives back what this process still holds, for another process to take at once. */
  async stop(): Promise<void> {
    this.#stopped = true;
    for (const timer of this.#waiting.values()) clearTimeout(timer);
    this.#waiting.clear();
    await this.whenIdle();
    await outboxRepo.release(this.app, this.holder);
  }

  async #deliverCampaign(campaignId: string, memory: CommittedResult | null): Promise<void> {
    // A delivery may write more rows (a notice): claim again until none is due.
    for (let round = 0; round < 20 && !this.#stopped; round++) {
      const claim = await outboxRepo.claim(this.app, campaignId, this.holder, this.leaseMs);
      if (claim.rows.length === 0) {
        if (claim.retryAt) this.#tryAgainAt(campaignId, claim.retryAt);
        return;
      }
      for (const row of claim.rows)
        if (!(await this.#deliverRow(row, memory))) {
          this.#tryAgainAt(campaignId, new Date(this.app.clock.now().getTime() + BACKOFF_BASE_MS));
          return;
        }
    }
  }

  /**
   * The campaign's next rows wait (another process holds an earlier one, or a row waits for its
   * retry): look again then, at least every 5 s, rather than only at the next sweep.
   */
  #tryAgainAt(campaignId: string, at: Date): void {
    if (this.#stopped || this.#waiting.has(campaignId)) return;
    const ms = Math.min(5000, Math.max(100, at.getTime() - this.app.clock.now().getTime()));
    const timer = setTimeout(() => {
      this.#waiting.delete(campaignId);
      void this.deliver(campaignId);
    }, ms);
    timer.unref();
    this.#waiting.set(campaignId, timer);
  }

  /** Delivers one row; false when the campaign's later rows must wait (a retry, a lost lease). */
  async #deliverRow(row: OutboxRow, memory: CommittedResult | null): Promise<boolean> {
    const d = new RowDelivery(this, row, memory);
    const fields = { campaign: row.campaignId, channel: row.channelId, step: row.kind, row: row.id };
    // The lease runs from this row's start, not the batch's claim: a slow row before it (a map to
    // draw) must not let another process take this one over while this process is still at work.
    if (!(await outboxRepo.save(this.app, row.id, this.holder, row.progress, this.leaseMs))) return false;
    try {
      if (isPostKind(row.kind)) await DELIVERIES[row.kind](d);
      else this.app.log.error(fields, 'outbox row of an unknown kind: skipped');
      d.point('before-finish');
      await outboxRepo.finish(this.app, row.id, this.holder, d.progress);
      return true;
    } catch (err) {
      if (err instanceof LostLease) return false;
      const discord = err instanceof DiscordAPIError ? { code: err.code, status: err.status } : {};
      const attempts = row.attempts + 1;
      if (isPermanent(err) || attempts >= this.#maxAttempts) {
        this.app.log.warn({ ...fields, ...discord, err, attempts }, 'outbox row given up; the next rows still go out');
        await outboxRepo.finish(this.app, row.id, this.holder, { ...d.progress, skipped: errorText(err) });
        return true;
      }
      const waitMs = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (attempts - 1));
      this.app.log.warn({ ...fields, ...discord, err, attempts, waitMs }, 'outbox row failed; tried again later');
      await outboxRepo.retryLater(this.app, row.id, this.holder, d.progress, waitMs, errorText(err));
      return false;
    }
  }
}

function errorText(err: unknown): string {
  if (err instanceof DiscordAPIError) return `discord ${err.status} ${err.code}`;
  return err instanceof Error ? err.name : 'error';
}

/** The deliverer of each logged-in bot client (set by `startBot`), for the after-command steps. */
const byClient = new WeakMap<Client, Deliverer>();

export function attachDeliverer(client: Client, deliverer: Deliverer): void {
  byClient.set(client, deliverer);
}

export function delivererOf(client: Client): Deliverer | null {
  return byClient.get(client) ?? null;
}
