import {
  DiscordAPIError,
  RESTJSONErrorCodes,
  type Client,
  type Message,
  type MessageCreateOptions,
  type SendableChannels,
} from 'discord.js';
import type { AppContext } from '../app/context.ts';
import { versionedCampaign } from '../app/campaigns.ts';
import { commandHistory, outboxRepo, type OutboxProgress, type OutboxRow } from '../app/outbox.ts';
import { runCommand, type CommandInput, type CommandResult } from '../app/run-command.ts';
import { SYSTEM_USER, type CampaignState, type StoredEvent } from '../rules/thunderdome/index.ts';
import { missingPermissions, type NeededPermission } from './permission-words.ts';
import { sendableChannel } from './send.ts';

/**
 * One outbox row being delivered (docs/delivery.md): what a delivery function of deliveries.ts
 * gets. It reads the command's events and the state after them (in memory right after the
 * commit, rebuilt from the log after a restart) or the campaign as it is now; it saves each step
 * done (`progress`), so a retry after a crash starts after the last step saved; and it posts
 * through `send` and `react`, which turn Discord's 403 Missing Permissions into one notice in the
 * channel and let the rest go on.
 */
export type CommittedResult = Extract<CommandResult, { ok: true; duplicate: false }>;

/** The row is no longer this process's (its lease ran out and another took it): stop, change nothing. */
export class LostLease extends Error {
  constructor() {
    super('outbox row taken over by another process');
  }
}

const SYSTEM = { userId: SYSTEM_USER, displayName: 'Campaign Master', isServerAdmin: false };

export interface DeliveryHost {
  readonly app: AppContext;
  readonly client: Client;
  readonly holder: string;
  readonly leaseMs: number;
  /** Whether the map is posted after changes (UTD1.12); off in tests that do not look at it. */
  readonly mapPosts: boolean;
  /** A refusal the channel could not be told of (Send Messages missing), for the next reply there. */
  untold(campaignId: string, permission: NeededPermission): void;
}

export class RowDelivery {
  readonly progress: OutboxProgress;
  #history: Promise<{ events: StoredEvent[]; state: CampaignState } | null> | null = null;
  #reported = new Set<NeededPermission>();

  constructor(
    readonly host: DeliveryHost,
    readonly row: OutboxRow,
    private readonly memory: CommittedResult | null,
  ) {
    this.progress = { ...row.progress, ...(row.progress.done ? { done: [...row.progress.done] } : {}) };
  }

  get app(): AppContext {
    return this.host.app;
  }

  get client(): Client {
    return this.host.client;
  }

  /** Whether the row is delivered right after its command, by the process that ran it (not recovered). */
  get fromMemory(): boolean {
    const m = this.memory;
    return m !== null && m.events.at(-1)?.seq === this.row.version && m.state.id === this.row.campaignId;
  }

  /** The command's events and the state right after them. */
  history(): Promise<{ events: StoredEvent[]; state: CampaignState } | null> {
    const m = this.memory;
    if (m && this.fromMemory) return Promise.resolve({ events: m.events, state: m.state });
    this.#history ??= commandHistory(this.app, this.row.campaignId, this.row.fromSeq, this.row.version);
    return this.#history;
  }

  /** The campaign as it is now (edits show the newest tally; a message is recorded against the newest state). */
  async current(): Promise<{ state: CampaignState; version: number } | null> {
    const now = await versionedCampaign(this.app, this.row.channelId);
    return now && now.state.id === this.row.campaignId ? now : null;
  }

  /** A test's crash point (test/crash/delivery.test.ts), named `<kind>:<point>`. */
  point(name: string): void {
    this.app.testHooks?.deliveryPoint?.(`${this.row.kind}:${name}`);
  }

  done(step: string): boolean {
    return this.progress.done?.includes(step) ?? false;
  }

  /** Records a step as done and saves the progress; throws LostLease when the row is no longer ours. */
  async mark(step: string | null): Promise<void> {
    if (step && !this.done(step)) this.progress.done = [...(this.progress.done ?? []), step];
    const ok = await outboxRepo.save(this.app, this.row.id, this.host.holder, this.progress, this.host.leaseMs);
    if (!ok) throw new LostLease();
  }

  channel(): Promise<SendableChannels | null> {
    return sendableChannel(this.client, this.row.channelId);
  }

  /** Runs one of the bot's own bookkeeping commands (recording a message id), which posts nothing. */
  async system(command: CommandInput, state: CampaignState): Promise<CommandResult> {
    return runCommand(this.app, {
      target: { guildId: state.guildId, channelId: this.row.channelId },
      actor: SYSTEM,
      command,
      quiet: true,
    });
  }

  /**
   * The nonce of one post of this row: Discord returns the message already made with it instead of
   * a second one (`enforce_nonce`), so a post whose answer was lost in a crash is not doubled.
   * At most 25 characters, unique per campaign and row.
   */
  nonce(key: string): string {
    return `${this.row.campaignId.slice(0, 8)}.${this.row.id}.${key}`.slice(0, 25);
  }

  /**
   * Posts, or returns null when Discord refused it for a missing permission (reported once). A post
   * with files refused for Attach Files goes out again as its text alone (`textOnly`).
   */
  async send(
    target: SendableChannels,
    key: string,
    options: MessageCreateOptions,
    textOnly?: MessageCreateOptions,
  ): Promise<Message | null> {
    const post = (o: MessageCreateOptions, k: string) =>
      target.send({ ...o, nonce: this.nonce(k), enforceNonce: true });
    const sendPermission: NeededPermission = target.isThread() ? 'SendMessagesInThreads' : 'SendMessages';
    try {
      return await post(options, key);
    } catch (err) {
      if (!isMissingPermissions(err)) throw err;
      const missing = this.missingIn(target);
      const withFiles = (options.files?.length ?? 0) > 0;
      if (withFiles && textOnly && !missing?.includes(sendPermission) && !missing?.includes('ViewChannel')) {
        await this.report('AttachFiles');
        try {
          return await post(textOnly, `${key}t`);
        } catch (again) {
          if (!isMissingPermissions(again)) throw again;
        }
      }
      await this.report(
        missing?.find((p) => p === 'ViewChannel' || p === sendPermission) ??
          (withFiles ? 'AttachFiles' : sendPermission),
      );
      return null;
    }
  }

  /** Adds the bot's reaction (idempotent on Discord); false when refused for a missing permission (reported once). */
  async react(target: SendableChannels, messageId: string, emoji: string): Promise<boolean> {
    if (!('messages' in target)) return false;
    try {
      await target.messages.react(messageId, emoji);
      return true;
    } catch (err) {
      if (!isMissingPermissions(err)) throw err;
      const missing = this.missingIn(target);
      await this.report(missing?.includes('ReadMessageHistory') ? 'ReadMessageHistory' : 'AddReactions');
      return false;
    }
  }

  /** What the bot lacks in a channel, as discord.js's cache (roles, overwrites) says; null when it cannot tell. */
  missingIn(target: SendableChannels): NeededPermission[] | null {
    const me = this.client.user;
    if (!me || !('permissionsFor' in target)) return null;
    const perms = target.permissionsFor(me);
    return perms ? missingPermissions(perms) : null;
  }

  /**
   * A post refused for a missing permission is told once in the channel (a notice row, written
   * once per campaign and permission), and logged; the delivery goes on with what it can do.
   */
  async report(permission: NeededPermission): Promise<void> {
    if (this.#reported.has(permission)) return;
    this.#reported.add(permission);
    this.app.log.warn(
      { campaign: this.row.campaignId, channel: this.row.channelId, step: this.row.kind, permission },
      'Discord refused a post for a missing permission; the rest still goes out',
    );
    this.progress.skipped ??= `missing:${permission}`;
    await outboxRepo.notice(
      this.app,
      { campaignId: this.row.campaignId, channelId: this.row.channelId, version: this.row.version },
      `missing:${permission}`,
      { permission },
    );
  }
}

export function isMissingPermissions(err: unknown): boolean {
  return err instanceof DiscordAPIError && err.code === RESTJSONErrorCodes.MissingPermissions;
}

/** Discord's answers that no retry will change: the channel or message is gone, the request is wrong. */
export function isPermanent(err: unknown): boolean {
  if (!(err instanceof DiscordAPIError)) return false;
  return err.status >= 400 && err.status < 500 && err.status !== 429;
}
