/**
 * A local stand-in for the Discord API (gateway + REST) that the real, unmodified discord.js Client
 * can log in to, so tests and the offline playground drive the bot exactly as Discord would.
 *
 *   const standIn = await DiscordStandIn.start();
 *   const guild = standIn.addGuild({ name: 'Thunderdome' });
 *   const channel = standIn.addChannel(guild.id, { name: 'campaign' });
 *   const alice = standIn.addUser({ username: 'alice' });
 *   const client = new Client({ intents, partials, ...standInClientOptions(standIn) });
 *   await client.login(standIn.token);
 *   const handle = await standIn.invokeCommand({ guildId: guild.id, channelId: channel.id, userId: alice.id, name: 'ping' });
 *   const reply = await handle.firstResponse();
 *   ...
 *   await client.destroy(); await standIn.stop();
 */
import { randomBytes } from 'node:crypto';
import { ChannelType, GatewayIntentBits, type InteractionType } from 'discord-api-types/v10';
import type { ClientOptions } from 'discord.js';
import type { StandInContext, StandInSettings } from './context.ts';
import {
  InteractionDriver,
  guessContentType,
  type ComponentInput,
  type InvokeAutocompleteInput,
  type InvokeCommandInput,
  type SelectInput,
  type SubmitModalInput,
} from './driver.ts';
import { dispatchChannel, dispatchMessage } from './events.ts';
import { computeChannelPermissions } from './permissions.ts';
import { GatewayServer, type GatewaySession } from './gateway.ts';
import { InteractionResponder } from './interactions.ts';
import { emojiKey, parseEmoji, Reactions } from './reactions.ts';
import { RestServer, type LatencyRule, type RefusalRule } from './rest.ts';
import { Router } from './router.ts';
import { registerApplicationRoutes } from './routes/applications.ts';
import { registerChannelRoutes } from './routes/channels.ts';
import { registerGatewayRoutes } from './routes/gateway.ts';
import { registerGuildRoutes } from './routes/guilds.ts';
import { registerScheduledEventRoutes, scheduledEventsOf, type ScheduledEventJson } from './routes/scheduled-events.ts';
import { registerInteractionRoutes } from './routes/interactions.ts';
import { registerMessageRoutes } from './routes/messages.ts';
import { registerReactionRoutes } from './routes/reactions.ts';
import { apiMember, apiRole, apiUser, guildCreatePayload } from './serialize.ts';
import { SnowflakeGenerator } from './snowflake.ts';
import { StandInStore } from './store.ts';
import type {
  ChannelRecord,
  DriverFile,
  GuildRecord,
  InteractionRecord,
  InteractionResponse,
  InteractionResponseKind,
  MemberRecord,
  RecordedRequest,
  RoleRecord,
  StandInEvent,
  StoredMessage,
  UserRecord,
} from './types.ts';
import { validateCommand } from './validate.ts';
import { DEFAULT_WAIT_MS, waitUntil } from './wait.ts';

export type * from './types.ts';
export type {
  ArgValue,
  ComponentInput,
  InvokeAutocompleteInput,
  InvokeCommandInput,
  SelectInput,
  SubmitModalInput,
} from './driver.ts';
export { ALL_PERMISSIONS, DEFAULT_BOT_PERMISSIONS, DEFAULT_EVERYONE_PERMISSIONS } from './permissions.ts';
export type { LatencyRule, RefusableRequest, RefusalRule } from './rest.ts';
export { ATTACHMENT_ROUTE } from './rest.ts';

export interface StandInOptions {
  /** Port for REST + gateway on 127.0.0.1; 0 (default) picks a free one. */
  port?: number | undefined;
  applicationId?: string | undefined;
  botUser?: { id?: string | undefined; username?: string | undefined } | undefined;
  /** Bot token to accept; generated if omitted. */
  token?: string | undefined;
  /**
   * The time snowflake ids are minted from (default: real time). A virtual clock makes the ids of a
   * scripted run the same on every run, e.g. the message ids the bot records in a campaign's log.
   */
  idClock?: (() => number) | undefined;
  /** Gateway heartbeat interval sent in HELLO (Discord: 41250 ms). */
  heartbeatIntervalMs?: number | undefined;
  /** Time the bot has to acknowledge an interaction (Discord: 3000 ms); null disables the limit. */
  ackTimeoutMs?: number | null | undefined;
  /** Refuse to invoke commands the bot has not registered (default false: unregistered ones get a made-up id). */
  requireRegisteredCommands?: boolean | undefined;
  /** Put every member in GUILD_CREATE (Discord sends only the bot's own member without privileged intents). */
  sendAllMembersInGuildCreate?: boolean | undefined;
  /** Per-file upload limit (Discord's default: 10 MiB). */
  maxUploadBytes?: number | undefined;
  /** Check the bot's REST calls against its channel permissions (default true, as Discord does). */
  enforcePermissions?: boolean | undefined;
  /** Life of an interaction token for follow-ups and edits (Discord: 15 minutes); null: no limit. */
  interactionTokenLifeMs?: number | null | undefined;
  /** The clock interaction tokens age by (default: real time), e.g. a test's virtual clock. */
  now?: (() => number) | undefined;
}

/**
 * ClientOptions to spread into `new Client({...})` for the stand-in.
 *
 * - `rest.api` is the only thing login needs: discord.js finds the gateway through GET /gateway/bot.
 * - `ws.buildIdentifyThrottler` is optional but recommended for tests: discord.js spaces IDENTIFYs of one
 *   Client at least 5 s apart (+ up to 1.5 s jitter) to respect Discord's identify rate limit, so logging
 *   in again (after destroy(), or after a non-resumable disconnect) within 5 s of the previous login
 *   would otherwise stall for up to 6.5 s. The stand-in has no such limit.
 */
export function standInClientOptions(standIn: DiscordStandIn): Pick<ClientOptions, 'rest' | 'ws'> {
  return {
    rest: { api: standIn.restBase },
    ws: { buildIdentifyThrottler: () => ({ waitForIdentify: async () => {} }) },
  };
}

/** One dispatched interaction, for awaiting and inspecting the bot's responses to it. */
export class InteractionHandle {
  constructor(
    private readonly standIn: DiscordStandIn,
    readonly id: string,
    readonly token: string,
    readonly type: InteractionType,
  ) {}

  /** Responses so far, in order. */
  responses(): InteractionResponse[] {
    return this.standIn.interactionResponses(this.id);
  }

  /** Resolves at the bot's first callback (reply, defer, update, autocomplete, modal...). */
  firstResponse(timeoutMs?: number): Promise<InteractionResponse> {
    return this.standIn.waitForResponse(this.id, { timeoutMs });
  }

  /** Resolves at the first response of `kind` (or matching the predicate), including ones already made. */
  waitFor(
    kind: InteractionResponseKind | ((response: InteractionResponse) => boolean),
    timeoutMs?: number,
  ): Promise<InteractionResponse> {
    return this.standIn.waitForResponse(this.id, { kind, timeoutMs });
  }

  /** The current state of the original response message (reply/defer, or the clicked message after update). */
  original(): StoredMessage | undefined {
    const id = this.standIn.interaction(this.id)?.original?.messageId;
    return id ? this.standIn.message(id) : undefined;
  }

  get acknowledged(): boolean {
    return this.standIn.interaction(this.id)?.acknowledged ?? false;
  }
}

export class DiscordStandIn {
  /** e.g. http://127.0.0.1:PORT — attachments are served below it. */
  readonly httpBase: string;
  /** Pass as `rest.api` in the discord.js ClientOptions. */
  readonly restBase: string;
  readonly gatewayUrl: string;
  readonly token: string;
  readonly applicationId: string;
  readonly botUserId: string;

  readonly #ctx: StandInContext;
  readonly #rest: RestServer;
  readonly #driver: InteractionDriver;
  readonly #reactions: Reactions;
  /** Users that join every guild, including guilds added later. */
  readonly #everywhereUsers = new Set<string>();

  static async start(opts: StandInOptions = {}): Promise<DiscordStandIn> {
    const ids = new SnowflakeGenerator(7, opts.idClock);
    const botId = opts.botUser?.id ?? ids.next();
    const botUser: UserRecord = {
      id: botId,
      username: opts.botUser?.username ?? 'Campaign Master',
      globalName: null,
      bot: true,
    };
    const store = new StandInStore(opts.applicationId ?? botId, botUser, opts.idClock);
    const settings: StandInSettings = {
      token: opts.token ?? makeToken(botId),
      ackTimeoutMs: opts.ackTimeoutMs === undefined ? 3_000 : opts.ackTimeoutMs,
      maxUploadBytes: opts.maxUploadBytes ?? 10 * 1024 * 1024,
      requireRegisteredCommands: opts.requireRegisteredCommands ?? false,
      sendAllMembersInGuildCreate: opts.sendAllMembersInGuildCreate ?? false,
      enforcePermissions: opts.enforcePermissions ?? true,
      interactionTokenLifeMs: opts.interactionTokenLifeMs === undefined ? 15 * 60_000 : opts.interactionTokenLifeMs,
      now: opts.now ?? Date.now,
    };
    const gateway = new GatewayServer(
      {
        checkToken: (token) => token.replace(/^Bot\s+/i, '') === settings.token,
        newSessionId: () => randomBytes(16).toString('hex'),
        readyPayload: (session, resumeUrl) => readyPayload(store, session, resumeUrl),
        guildCreatePayloads: () =>
          [...store.guilds.values()].map((g) =>
            guildCreatePayload(store, g, { allMembers: settings.sendAllMembersInGuildCreate }),
          ),
        memberChunks: (request) => memberChunks(store, request),
        onLifecycle: (event, sessionId, code) =>
          store.emit({ type: 'gateway', event, sessionId, ...(code === undefined ? {} : { code }) }),
      },
      opts.heartbeatIntervalMs ?? 41_250,
    );
    const ctx: StandInContext = { store, gateway, settings };
    const router = new Router();
    const rest = new RestServer(ctx, router);
    const httpBase = await rest.listen(opts.port ?? 0, '127.0.0.1');
    // Urls handed to the bot (attachments, gateway) can only be made once the port is known.
    store.publicBase = httpBase;
    gateway.setUrl(`${httpBase.replace(/^http/, 'ws')}/gateway`);
    return new DiscordStandIn(ctx, rest, router, httpBase);
  }

  private constructor(ctx: StandInContext, rest: RestServer, router: Router, httpBase: string) {
    this.#ctx = ctx;
    this.#rest = rest;
    this.#driver = new InteractionDriver(ctx);
    this.#reactions = new Reactions(ctx);
    const responder = new InteractionResponder(ctx);
    registerGatewayRoutes(router, ctx);
    registerApplicationRoutes(router, ctx);
    registerInteractionRoutes(router, responder);
    registerMessageRoutes(router, ctx);
    registerReactionRoutes(router, ctx, this.#reactions);
    registerChannelRoutes(router, ctx);
    registerGuildRoutes(router, ctx);
    registerScheduledEventRoutes(router, ctx);
    this.httpBase = httpBase;
    this.restBase = `${httpBase}/api`;
    this.gatewayUrl = ctx.gateway.url;
    this.token = ctx.settings.token;
    this.applicationId = ctx.store.applicationId;
    this.botUserId = ctx.store.botUser.id;
  }

  // ================================================================ the world

  get botUser(): UserRecord {
    return this.#ctx.store.botUser;
  }

  /**
   * Adds a guild the bot is in. Users added with addUser() (without `guilds`) become members.
   * Without `ownerId`, a separate "server-owner" user owns it (so test users are not accidentally all-powerful).
   */
  addGuild(opts: { id?: string; name: string; ownerId?: string }): GuildRecord {
    const { store } = this.#ctx;
    const ownerId = opts.ownerId ?? this.addUser({ username: `${opts.name} owner`, guilds: [] }).id;
    const guild = store.addGuild({ id: opts.id ?? store.ids.next(), name: opts.name, ownerId });
    store.addMember(guild, ownerId);
    for (const userId of this.#everywhereUsers) store.addMember(guild, userId);
    this.#ctx.gateway.dispatchWith('GUILD_CREATE', (session) =>
      session.intents & GatewayIntentBits.Guilds
        ? guildCreatePayload(store, guild, { allMembers: this.#ctx.settings.sendAllMembersInGuildCreate })
        : undefined,
    );
    return guild;
  }

  addChannel(
    guildId: string,
    opts: {
      id?: string;
      name: string;
      type?:
        | ChannelType.GuildText
        | ChannelType.GuildAnnouncement
        | ChannelType.GuildVoice
        | ChannelType.GuildCategory
        | ChannelType.GuildForum;
      topic?: string;
      parentId?: string;
    },
  ): ChannelRecord {
    const { store } = this.#ctx;
    store.requireGuild(guildId);
    const channel = store.addChannel({
      id: opts.id ?? store.ids.next(),
      type: opts.type ?? ChannelType.GuildText,
      name: opts.name,
      guildId,
      parentId: opts.parentId ?? null,
      position: store.guildChannels(guildId).length,
      topic: opts.topic ?? null,
      lastMessageId: null,
      recipientIds: [],
      thread: null,
    });
    store.emit({ type: 'channelCreate', channel });
    dispatchChannel(this.#ctx, 'CHANNEL_CREATE', channel);
    return channel;
  }

  /**
   * Adds a user. By default they join every guild, now and later; pass `guilds` to pick
   * (an empty list joins none).
   */
  addUser(opts: {
    id?: string;
    username: string;
    globalName?: string;
    bot?: boolean;
    guilds?: string[];
    /** Closed direct messages: a DM to the user is refused with 403 50007, as Discord does. */
    dmsClosed?: boolean;
  }): UserRecord {
    const { store } = this.#ctx;
    const user = store.addUser({
      id: opts.id ?? store.ids.next(),
      username: opts.username,
      globalName: opts.globalName ?? null,
      bot: opts.bot ?? false,
      ...(opts.dmsClosed ? { dmsClosed: true } : {}),
    });
    if (opts.guilds === undefined) this.#everywhereUsers.add(user.id);
    for (const guildId of opts.guilds ?? [...store.guilds.keys()]) this.addMember(guildId, user.id);
    return user;
  }

  addMember(guildId: string, userId: string): MemberRecord {
    const { store } = this.#ctx;
    const guild = store.requireGuild(guildId);
    store.requireUser(userId);
    const existed = guild.members.has(userId);
    const member = store.addMember(guild, userId);
    if (!existed) {
      this.#ctx.gateway.dispatch(
        'GUILD_MEMBER_ADD',
        { guild_id: guild.id, ...apiMember(store, guild, userId) },
        GatewayIntentBits.GuildMembers,
      );
    }
    return member;
  }

  /**
   * Gives a member these permissions on top of @everyone's (via a personal role, the way a server admin
   * would; for the bot, its managed role is changed). Both `member.permissions` and
   * `interaction.memberPermissions` in discord.js reflect it. Use setEveryonePermissions() to take
   * permissions away from everyone.
   */
  setMemberPermissions(guildId: string, userId: string, permissions: bigint): void {
    const { store, gateway } = this.#ctx;
    const guild = store.requireGuild(guildId);
    const member = guild.members.get(userId) ?? this.addMember(guildId, userId);
    let role: RoleRecord | undefined = userId === store.botUser.id ? store.botRole(guild) : undefined;
    role ??= member.permissionRoleId ? guild.roles.get(member.permissionRoleId) : undefined;
    if (role) {
      role.permissions = permissions;
      gateway.dispatch('GUILD_ROLE_UPDATE', { guild_id: guild.id, role: apiRole(role) }, GatewayIntentBits.Guilds);
      return;
    }
    const user = store.requireUser(userId);
    role = store.addRole(guild, { name: `perms:${user.username}`, permissions });
    member.permissionRoleId = role.id;
    member.roleIds.push(role.id);
    gateway.dispatch('GUILD_ROLE_CREATE', { guild_id: guild.id, role: apiRole(role) }, GatewayIntentBits.Guilds);
    gateway.dispatch(
      'GUILD_MEMBER_UPDATE',
      { guild_id: guild.id, ...apiMember(store, guild, userId) },
      GatewayIntentBits.GuildMembers,
    );
  }

  /**
   * Sets (or, with allow and deny both 0, removes) a channel's permission overwrite for a role or a
   * member, as a server admin does in the channel's settings; CHANNEL_UPDATE tells the bot. The bot's
   * own role is `botRoleId(guildId)`.
   */
  setChannelOverwrite(
    channelId: string,
    overwrite: { id: string; type: 'role' | 'member'; allow?: bigint; deny?: bigint },
  ): void {
    const channel = this.#ctx.store.requireChannel(channelId);
    const rest = (channel.overwrites ?? []).filter((o) => o.id !== overwrite.id);
    const allow = overwrite.allow ?? 0n;
    const deny = overwrite.deny ?? 0n;
    channel.overwrites = allow || deny ? [...rest, { id: overwrite.id, type: overwrite.type, allow, deny }] : rest;
    dispatchChannel(this.#ctx, 'CHANNEL_UPDATE', channel);
  }

  /** Denies the bot's own role these permissions in a channel (and its threads). */
  denyBot(channelId: string, deny: bigint): void {
    const channel = this.#ctx.store.requireChannel(channelId);
    this.setChannelOverwrite(channelId, { id: this.botRoleId(channel.guildId ?? ''), type: 'role', deny });
  }

  /** The bot's managed role in a guild. */
  botRoleId(guildId: string): string {
    const role = this.#ctx.store.botRole(this.#ctx.store.requireGuild(guildId));
    if (!role) throw new Error(`Discord stand-in: the bot has no role in guild ${guildId}`);
    return role.id;
  }

  /** The bot's permissions in a channel, as Discord computes them (roles, then overwrites). */
  botPermissionsIn(channelId: string): bigint {
    const { store } = this.#ctx;
    const channel = store.requireChannel(channelId);
    const guild = store.requireGuild(channel.guildId ?? '');
    return computeChannelPermissions(
      guild,
      channel,
      store.botUser.id,
      channel.parentId ? store.channels.get(channel.parentId) : undefined,
    );
  }

  setEveryonePermissions(guildId: string, permissions: bigint): void {
    const guild = this.#ctx.store.requireGuild(guildId);
    const everyone = guild.roles.get(guild.id);
    if (!everyone) return;
    everyone.permissions = permissions;
    this.#ctx.gateway.dispatch(
      'GUILD_ROLE_UPDATE',
      { guild_id: guild.id, role: apiRole(everyone) },
      GatewayIntentBits.Guilds,
    );
  }

  /** Adds a role (optionally given to some members). */
  addRole(guildId: string, opts: { name: string; permissions?: bigint; memberIds?: string[] }): RoleRecord {
    const { store, gateway } = this.#ctx;
    const guild = store.requireGuild(guildId);
    const role = store.addRole(guild, { name: opts.name, permissions: opts.permissions ?? 0n });
    gateway.dispatch('GUILD_ROLE_CREATE', { guild_id: guild.id, role: apiRole(role) }, GatewayIntentBits.Guilds);
    for (const userId of opts.memberIds ?? []) {
      const member = guild.members.get(userId) ?? this.addMember(guildId, userId);
      member.roleIds.push(role.id);
      gateway.dispatch(
        'GUILD_MEMBER_UPDATE',
        { guild_id: guild.id, ...apiMember(store, guild, userId) },
        GatewayIntentBits.GuildMembers,
      );
    }
    return role;
  }

  /**
   * Registers commands as if the bot had (e.g. for a playground whose bot registers them with a separate
   * deploy script). Same-named commands are replaced, keeping their ids.
   */
  registerCommands(commands: unknown[], guildId?: string): void {
    const { store } = this.#ctx;
    commands.forEach((command, i) => validateCommand(command, [i]));
    const scope = store.commandScope(guildId ?? null);
    for (const body of commands as Record<string, unknown>[]) {
      const type = typeof body['type'] === 'number' ? body['type'] : 1;
      const name = String(body['name']);
      const id = [...scope.values()].find((c) => c.name === name && c.type === type)?.id ?? store.ids.next();
      const data = {
        ...body,
        id,
        type,
        application_id: store.applicationId,
        version: store.ids.next(),
        ...(guildId ? { guild_id: guildId } : {}),
      };
      scope.set(id, { id, guildId: guildId ?? null, name, type, data });
    }
    store.emit({ type: 'commandsUpdate', guildId: guildId ?? null });
  }

  /** Registered commands (API shape) of a guild, or the global ones when guildId is omitted/null. */
  commands(guildId?: string | null): Record<string, unknown>[] {
    return [...(this.#ctx.store.commands.get(guildId ?? 'global')?.values() ?? [])].map((c) => structuredClone(c.data));
  }

  // ================================================================ driving the bot

  /** Dispatches a slash command; returns at once with a handle to await the bot's responses. */
  async invokeCommand(input: InvokeCommandInput): Promise<InteractionHandle> {
    return this.#handle(this.#driver.invokeCommand(input));
  }

  /** Dispatches an autocomplete interaction for `focused` (its partial text is its value in `args`). */
  async invokeAutocomplete(input: InvokeAutocompleteInput): Promise<InteractionHandle> {
    return this.#handle(this.#driver.invokeAutocomplete(input));
  }

  async clickButton(input: ComponentInput): Promise<InteractionHandle> {
    return this.#handle(this.#driver.clickButton(input));
  }

  async selectMenu(input: SelectInput): Promise<InteractionHandle> {
    return this.#handle(this.#driver.selectMenu(input));
  }

  /** Submits the modal the bot showed in answer to `interactionId`. */
  async submitModal(input: SubmitModalInput): Promise<InteractionHandle> {
    return this.#handle(this.#driver.submitModal(input));
  }

  /** A user reacts: recorded, and MESSAGE_REACTION_ADD is dispatched (if the bot has the intent). */
  async addReaction(input: { channelId: string; messageId: string; userId: string; emoji: string }): Promise<void> {
    const { message, emoji } = this.#reactionTarget(input);
    this.#ctx.store.requireUser(input.userId);
    this.#reactions.add(message, input.userId, emoji);
  }

  async removeReaction(input: { channelId: string; messageId: string; userId: string; emoji: string }): Promise<void> {
    const { message, emoji } = this.#reactionTarget(input);
    this.#reactions.remove(message, input.userId, message.reactions.get(emojiKey(emoji))?.emoji ?? emoji);
  }

  /**
   * A user posts a message (e.g. something for the bot to find, or to react to as an uncached message).
   * MESSAGE_CREATE goes out only if the bot has the GuildMessages/DirectMessages intent.
   */
  async postMessage(input: {
    channelId: string;
    userId: string;
    content?: string;
    files?: DriverFile[];
  }): Promise<StoredMessage> {
    const { store } = this.#ctx;
    const channel = store.requireChannel(input.channelId);
    store.requireUser(input.userId);
    const message = store.newMessage({
      channelId: channel.id,
      authorId: input.userId,
      content: input.content ?? '',
      attachments: (input.files ?? []).map((f) =>
        store.storeFile(channel.id, {
          filename: f.name,
          contentType: f.contentType ?? guessContentType(f.name),
          data: f.data,
        }),
      ),
    });
    store.addMessage(message);
    dispatchMessage(this.#ctx, 'MESSAGE_CREATE', message);
    return store.snapshot(message);
  }

  // ================================================================ inspection

  /** Every REST call the bot made, in order. */
  get log(): readonly RecordedRequest[] {
    return this.#rest.log;
  }

  /** Calls to routes the stand-in does not implement (answered 404/405). Tests can assert this is empty. */
  unknownRoutes(): RecordedRequest[] {
    return this.#rest.log.filter((r) => r.route === null || r.status === 405);
  }

  /**
   * Refuses the bot's REST calls that `rule` matches with Discord's 403 Missing Permissions
   * (50013), as Discord answers a post in a channel where the bot lost a permission. Lets a test
   * make one of the bot's calls fail; returns a function that lifts the refusal.
   */
  refuse(rule: RefusalRule): () => void {
    this.#rest.refusals.add(rule);
    return () => this.#rest.refusals.delete(rule);
  }

  /**
   * Makes the requests `rule` matches wait that many milliseconds before they are answered, per
   * route (`ATTACHMENT_ROUTE` for file downloads), as Discord and its CDN take time: e.g.
   * `delay((r) => (r.route === ATTACHMENT_ROUTE ? 1500 : 0))`. The longest matching rule wins;
   * returns a function that lifts it.
   */
  delay(rule: LatencyRule): () => void {
    this.#rest.latencies.add(rule);
    return () => this.#rest.latencies.delete(rule);
  }

  /**
   * Answers the bot's REST calls that `rule` matches with Discord's 429 Too Many Requests and a
   * retry-after of `retryAfterMs`, `times` times (default once), as Discord does when a route's
   * bucket is empty; discord.js waits and tries again. Returns a function that lifts the limit.
   */
  rateLimit(rule: RefusalRule, opts: { retryAfterMs: number; times?: number; global?: boolean }): () => void {
    const limit = { rule, retryAfterMs: opts.retryAfterMs, left: opts.times ?? 1, global: opts.global ?? false };
    this.#rest.rateLimits.add(limit);
    return () => this.#rest.rateLimits.delete(limit);
  }

  /** REST calls that got an error response. */
  failedRequests(): RecordedRequest[] {
    return this.#rest.log.filter((r) => r.status >= 400);
  }

  /** Visible messages of a channel (no ephemeral ones), oldest first. */
  channelMessages(channelId: string): StoredMessage[] {
    return this.#ctx.store.history(channelId).map((m) => this.#ctx.store.snapshot(m));
  }

  /**
   * The ids of a channel's visible messages, oldest first: what is new since, without a copy of every
   * message (the playground asks before and after each line, and a long session holds thousands).
   */
  channelMessageIds(channelId: string): string[] {
    return this.#ctx.store.history(channelId).map((m) => m.id);
  }

  /** Any message by id, ephemeral ones included. */
  message(messageId: string): StoredMessage | undefined {
    const message = this.#ctx.store.messages.get(messageId);
    return message ? this.#ctx.store.snapshot(message) : undefined;
  }

  interactionResponses(interactionId: string): InteractionResponse[] {
    return [...(this.#ctx.store.interactions.get(interactionId)?.responses ?? [])];
  }

  /** The interaction record (payload sent, acknowledgement state, original message id...). */
  interaction(interactionId: string): Readonly<InteractionRecord> | undefined {
    return this.#ctx.store.interactions.get(interactionId);
  }

  channel(channelId: string): ChannelRecord | undefined {
    return this.#ctx.store.channels.get(channelId);
  }

  guild(guildId: string): GuildRecord | undefined {
    return this.#ctx.store.guilds.get(guildId);
  }

  /** Threads, optionally only those under one parent channel. */
  threads(parentId?: string): ChannelRecord[] {
    return [...this.#ctx.store.channels.values()].filter(
      (c) => c.thread !== null && (parentId === undefined || c.parentId === parentId),
    );
  }

  /** The guild scheduled events the bot created, oldest first. */
  scheduledEvents(guildId: string): ScheduledEventJson[] {
    return [...scheduledEventsOf(this.#ctx, guildId)];
  }

  /** Opens or closes a user's direct messages (closed: a DM is refused with 403 50007). */
  setDmsClosed(userId: string, closed: boolean): void {
    this.#ctx.store.requireUser(userId).dmsClosed = closed;
  }

  dmChannelOf(userId: string): ChannelRecord | undefined {
    return this.#ctx.store.dmChannelWith(userId);
  }

  /** Subscribe to everything recorded (messages, responses, reactions, requests...). Returns unsubscribe. */
  onRecord(listener: (event: StandInEvent) => void): () => void {
    return this.#ctx.store.onRecord(listener);
  }

  /**
   * Resolves at the bot's first response to the interaction (or the first of `kind`/matching a predicate),
   * including responses already made. The second argument may be just a timeout in ms.
   */
  waitForResponse(
    interactionId: string,
    opts:
      | number
      | {
          kind?: InteractionResponseKind | ((response: InteractionResponse) => boolean) | undefined;
          timeoutMs?: number | undefined;
        } = {},
  ): Promise<InteractionResponse> {
    if (typeof opts === 'number') opts = { timeoutMs: opts };
    const { kind } = opts;
    const matches = (r: InteractionResponse) =>
      kind === undefined ? true : typeof kind === 'function' ? kind(r) : r.kind === kind;
    return waitUntil(this.#ctx.store, () => this.interactionResponses(interactionId).find(matches), {
      timeoutMs: opts.timeoutMs,
      what: `a ${typeof kind === 'string' ? `'${kind}' ` : ''}response to interaction ${interactionId}`,
    });
  }

  /** Resolves with the first visible message in the channel matching `predicate` (existing ones count). */
  waitForMessage(
    channelId: string,
    predicate: (message: StoredMessage) => boolean = () => true,
    timeoutMs?: number,
  ): Promise<StoredMessage> {
    return waitUntil(this.#ctx.store, () => this.channelMessages(channelId).find(predicate), {
      timeoutMs,
      what: `a matching message in channel ${channelId}`,
    });
  }

  /** Generic wait: resolves with the first truthy `check()`, re-evaluated after every recorded event. */
  waitFor<T>(
    check: () => T | undefined | null | false,
    timeoutMs: number = DEFAULT_WAIT_MS,
    what = 'a condition',
  ): Promise<T> {
    return waitUntil(this.#ctx.store, check, { timeoutMs, what });
  }

  // ================================================================ gateway control

  /** True while a bot session is connected to the gateway. */
  get botConnected(): boolean {
    return this.#ctx.gateway.connectedSessions.length > 0;
  }

  /** Resolves once a bot has identified (READY and GUILD_CREATEs sent). */
  waitForBot(timeoutMs?: number): Promise<true> {
    return waitUntil(this.#ctx.store, () => this.botConnected || undefined, { timeoutMs, what: 'the bot to connect' });
  }

  /**
   * Drops the bot's gateway connection. With the default code 4000 discord.js reconnects and RESUMEs
   * (events dispatched meanwhile are replayed); `resumable: false` forces a fresh IDENTIFY.
   */
  disconnectBot(opts: { code?: number; resumable?: boolean } = {}): void {
    this.#ctx.gateway.disconnect(opts.code ?? 4000, opts.resumable === undefined ? {} : { resumable: opts.resumable });
  }

  /** Sends op 7 Reconnect, as Discord does before moving a session. */
  requestReconnect(): void {
    this.#ctx.gateway.requestReconnect();
  }

  /** Closes the gateway and HTTP server. Destroy the discord.js client first, or it will keep reconnecting. */
  async stop(): Promise<void> {
    await this.#ctx.gateway.close();
    await this.#rest.close();
  }

  // ================================================================ internals

  #handle(record: InteractionRecord): InteractionHandle {
    return new InteractionHandle(this, record.id, record.token, record.type);
  }

  #reactionTarget(input: { channelId: string; messageId: string; emoji: string }) {
    const message = this.#ctx.store.channelMessage(input.channelId, input.messageId);
    if (!message)
      throw new Error(`Discord stand-in: no visible message ${input.messageId} in channel ${input.channelId}`);
    const emoji = parseEmoji(input.emoji);
    if (!emoji) throw new Error(`Discord stand-in: "${input.emoji}" is not an emoji`);
    return { message, emoji };
  }
}

function makeToken(botId: string): string {
  return `${Buffer.from(botId).toString('base64url')}.${randomBytes(4).toString('base64url')}.${randomBytes(27).toString('base64url')}`;
}

function readyPayload(store: StandInStore, session: GatewaySession, resumeUrl: string): Record<string, unknown> {
  return {
    v: 10,
    user: { ...apiUser(store.botUser), verified: true, mfa_enabled: false, email: null },
    guilds: [...store.guilds.keys()].map((id) => ({ id, unavailable: true })),
    session_id: session.id,
    session_type: 'normal',
    resume_gateway_url: resumeUrl,
    shard: session.shard,
    application: { id: store.applicationId, flags: 0 },
    user_settings: {},
    relationships: [],
    private_channels: [],
    presences: [],
    guild_join_requests: [],
    geo_ordered_rtc_regions: [],
    auth: {},
    _trace: ['stand-in'],
  };
}

function memberChunks(store: StandInStore, request: Record<string, unknown>): Record<string, unknown>[] {
  const guildIds = Array.isArray(request['guild_id'])
    ? request['guild_id'].map(String)
    : [String(request['guild_id'] ?? '')];
  const query = typeof request['query'] === 'string' ? request['query'].toLowerCase() : '';
  const userIds = Array.isArray(request['user_ids'])
    ? request['user_ids'].map(String)
    : typeof request['user_ids'] === 'string'
      ? [request['user_ids']]
      : null;
  const limit = typeof request['limit'] === 'number' && request['limit'] > 0 ? request['limit'] : Infinity;
  return guildIds.flatMap((guildId) => {
    const guild = store.guilds.get(guildId);
    if (!guild) return [];
    const ids = (userIds ?? [...guild.members.keys()]).filter((id) => {
      if (!guild.members.has(id)) return false;
      return userIds !== null || store.users.get(id)?.username.toLowerCase().startsWith(query);
    });
    return [
      {
        guild_id: guild.id,
        members: ids.slice(0, limit).map((id) => apiMember(store, guild, id)),
        chunk_index: 0,
        chunk_count: 1,
        not_found: (userIds ?? []).filter((id) => !guild.members.has(id)),
        ...(typeof request['nonce'] === 'string' ? { nonce: request['nonce'] } : {}),
      },
    ];
  });
}
