/**
 * The stand-in's in-memory world: users, guilds, channels, messages, interactions and commands.
 * It knows nothing about HTTP or WebSockets; routes and the driver mutate it, and it tells listeners
 * (onRecord) about everything a test may want to wait for.
 */
import { ChannelType, MessageType } from 'discord-api-types/v10';
import { DEFAULT_BOT_PERMISSIONS, DEFAULT_EVERYONE_PERMISSIONS } from './permissions.ts';
import { SnowflakeGenerator, compareSnowflakes } from './snowflake.ts';
import type {
  ChannelRecord,
  GuildRecord,
  InteractionRecord,
  MemberRecord,
  MessageRecord,
  RoleRecord,
  StandInEvent,
  StoredAttachment,
  StoredMessage,
  UserRecord,
} from './types.ts';

/** An application command as registered by the bot, stored in the shape Discord returns. */
export interface CommandRecord {
  readonly id: string;
  readonly guildId: string | null;
  name: string;
  type: number;
  /** The full API object (with id, application_id, version, ...). */
  data: Record<string, unknown>;
}

export class StandInStore {
  readonly ids: SnowflakeGenerator;
  /**
   * Interaction ids always come from real time, also when `ids` runs on a virtual clock: on Discord
   * an interaction id is never seen twice, and a bot that remembers handled interactions (in a
   * database that outlives this stand-in, e.g. the playground's `--data` folder) must never see a
   * new interaction with an old id.
   */
  readonly interactionIds = new SnowflakeGenerator(2);
  readonly users = new Map<string, UserRecord>();
  readonly guilds = new Map<string, GuildRecord>();
  readonly channels = new Map<string, ChannelRecord>();
  readonly messages = new Map<string, MessageRecord>();
  /** Non-ephemeral message ids per channel, oldest first. */
  readonly #history = new Map<string, string[]>();
  readonly interactions = new Map<string, InteractionRecord>();
  /** Keyed by 'global' or a guild id. */
  readonly commands = new Map<string, Map<string, CommandRecord>>();
  /** Every stored file by attachment id, so the HTTP server can serve attachment urls. */
  readonly files = new Map<string, StoredAttachment>();
  readonly #listeners = new Set<(event: StandInEvent) => void>();
  /** Set once the HTTP server listens; attachment urls hang off it. */
  publicBase = 'http://127.0.0.1';
  #responseSeq = 0;

  constructor(
    readonly applicationId: string,
    readonly botUser: UserRecord,
    idClock?: () => number,
  ) {
    this.ids = new SnowflakeGenerator(1, idClock);
    this.users.set(botUser.id, botUser);
  }

  // ---------------------------------------------------------------- events

  onRecord(listener: (event: StandInEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  emit(event: StandInEvent): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(event);
      } catch (error) {
        // A throwing test listener must not break the request the bot is making.
        console.error('[discord stand-in] onRecord listener threw', error);
      }
    }
  }

  nextResponseSeq(): number {
    return ++this.#responseSeq;
  }

  // ---------------------------------------------------------------- users, guilds, members

  addUser(user: UserRecord): UserRecord {
    this.users.set(user.id, user);
    return user;
  }

  requireUser(id: string): UserRecord {
    const user = this.users.get(id);
    if (!user) throw new Error(`Discord stand-in: unknown user ${id} (add it with addUser first)`);
    return user;
  }

  addGuild(opts: { id: string; name: string; ownerId: string }): GuildRecord {
    const guild: GuildRecord = {
      id: opts.id,
      name: opts.name,
      ownerId: opts.ownerId,
      createdAt: new Date().toISOString(),
      roles: new Map(),
      members: new Map(),
    };
    guild.roles.set(guild.id, {
      id: guild.id,
      name: '@everyone',
      permissions: DEFAULT_EVERYONE_PERMISSIONS,
      position: 0,
      botId: null,
    });
    this.guilds.set(guild.id, guild);
    // Joining a guild gives the bot its managed integration role, as adding a bot to a server does.
    const botRole = this.addRole(guild, { name: this.botUser.username, permissions: DEFAULT_BOT_PERMISSIONS });
    botRole.botId = this.botUser.id;
    this.addMember(guild, this.botUser.id).roleIds.push(botRole.id);
    return guild;
  }

  requireGuild(id: string): GuildRecord {
    const guild = this.guilds.get(id);
    if (!guild) throw new Error(`Discord stand-in: unknown guild ${id}`);
    return guild;
  }

  addRole(guild: GuildRecord, opts: { name: string; permissions: bigint }): RoleRecord {
    const position = Math.max(0, ...[...guild.roles.values()].map((role) => role.position)) + 1;
    const role: RoleRecord = {
      id: this.ids.next(),
      name: opts.name,
      permissions: opts.permissions,
      position,
      botId: null,
    };
    guild.roles.set(role.id, role);
    return role;
  }

  addMember(guild: GuildRecord, userId: string): MemberRecord {
    const existing = guild.members.get(userId);
    if (existing) return existing;
    const member: MemberRecord = {
      userId,
      roleIds: [],
      joinedAt: new Date().toISOString(),
      nick: null,
      permissionRoleId: null,
    };
    guild.members.set(userId, member);
    return member;
  }

  botRole(guild: GuildRecord): RoleRecord | undefined {
    return [...guild.roles.values()].find((role) => role.botId === this.botUser.id);
  }

  // ---------------------------------------------------------------- channels

  addChannel(channel: ChannelRecord): ChannelRecord {
    this.channels.set(channel.id, channel);
    this.#history.set(channel.id, this.#history.get(channel.id) ?? []);
    return channel;
  }

  requireChannel(id: string): ChannelRecord {
    const channel = this.channels.get(id);
    if (!channel) throw new Error(`Discord stand-in: unknown channel ${id}`);
    return channel;
  }

  guildChannels(guildId: string): ChannelRecord[] {
    return [...this.channels.values()].filter((c) => c.guildId === guildId && !isThread(c.type));
  }

  guildThreads(guildId: string): ChannelRecord[] {
    return [...this.channels.values()].filter((c) => c.guildId === guildId && isThread(c.type));
  }

  dmChannelWith(userId: string): ChannelRecord | undefined {
    return [...this.channels.values()].find((c) => c.type === ChannelType.DM && c.recipientIds.includes(userId));
  }

  /** The DM channel between the bot and a user, created on first use (POST /users/@me/channels does the same). */
  ensureDmChannel(userId: string): ChannelRecord {
    return (
      this.dmChannelWith(userId) ??
      this.addChannel({
        id: this.ids.next(),
        type: ChannelType.DM,
        name: '',
        guildId: null,
        parentId: null,
        position: 0,
        topic: null,
        lastMessageId: null,
        recipientIds: [userId],
        thread: null,
      })
    );
  }

  // ---------------------------------------------------------------- messages

  /** Stores a message; ephemeral ones are kept out of channel history (only the invoker sees them). */
  addMessage(message: MessageRecord): MessageRecord {
    this.messages.set(message.id, message);
    if (!message.ephemeral) {
      const history = this.#history.get(message.channelId) ?? [];
      history.push(message.id);
      this.#history.set(message.channelId, history);
      const channel = this.channels.get(message.channelId);
      if (channel) channel.lastMessageId = message.id;
    }
    this.emit({ type: 'messageCreate', message: this.snapshot(message) });
    return message;
  }

  deleteMessage(message: MessageRecord): void {
    message.deleted = true;
    this.messages.delete(message.id);
    const history = this.#history.get(message.channelId);
    if (history)
      this.#history.set(
        message.channelId,
        history.filter((id) => id !== message.id),
      );
    this.emit({ type: 'messageDelete', channelId: message.channelId, messageId: message.id });
  }

  touchMessage(message: MessageRecord): void {
    message.editedAt = new Date().toISOString();
    this.emit({ type: 'messageUpdate', message: this.snapshot(message) });
  }

  /** Visible (non-ephemeral, not deleted) messages of a channel, oldest first. */
  history(channelId: string): MessageRecord[] {
    const ids = this.#history.get(channelId) ?? [];
    return ids.map((id) => this.messages.get(id)).filter((m): m is MessageRecord => m !== undefined);
  }

  /** A message as the bot may fetch it by channel: ephemeral messages are not fetchable that way. */
  channelMessage(channelId: string, messageId: string): MessageRecord | undefined {
    const message = this.messages.get(messageId);
    return message && message.channelId === channelId && !message.ephemeral ? message : undefined;
  }

  newMessage(fields: Partial<MessageRecord> & Pick<MessageRecord, 'channelId' | 'authorId'>): MessageRecord {
    const channel = this.channels.get(fields.channelId);
    return {
      id: this.ids.next(),
      guildId: channel?.guildId ?? null,
      type: MessageType.Default,
      content: '',
      embeds: [],
      components: [],
      attachments: [],
      flags: 0,
      createdAt: new Date().toISOString(),
      editedAt: null,
      ephemeral: false,
      loading: false,
      reactions: new Map(),
      interactionId: null,
      webhookId: null,
      threadId: null,
      reference: null,
      pinned: false,
      deleted: false,
      ...fields,
    };
  }

  storeFile(
    channelId: string,
    file: { filename: string; contentType: string; data: Buffer; description?: string | null },
  ): StoredAttachment {
    const id = this.ids.next();
    const attachment: StoredAttachment = {
      id,
      filename: file.filename,
      contentType: file.contentType,
      size: file.data.length,
      url: `${this.publicBase}/attachments/${channelId}/${id}/${encodeURIComponent(file.filename)}`,
      description: file.description ?? null,
      data: file.data,
    };
    this.files.set(id, attachment);
    return attachment;
  }

  snapshot(message: MessageRecord): StoredMessage {
    const author = this.users.get(message.authorId);
    const thread = message.threadId ? this.channels.get(message.threadId) : undefined;
    return {
      id: message.id,
      channelId: message.channelId,
      guildId: message.guildId,
      author: { id: message.authorId, username: author?.username ?? 'unknown', bot: author?.bot ?? false },
      type: message.type,
      content: message.content,
      embeds: structuredClone(message.embeds),
      components: structuredClone(message.components),
      attachments: [...message.attachments],
      flags: message.flags,
      ephemeral: message.ephemeral,
      loading: message.loading,
      createdAt: message.createdAt,
      editedAt: message.editedAt,
      reactions: [...message.reactions.entries()].map(([key, reaction]) => ({
        emoji: key,
        count: reaction.userIds.length,
        userIds: [...reaction.userIds],
        me: reaction.userIds.includes(this.botUser.id),
      })),
      interactionId: message.interactionId,
      thread: thread ? { id: thread.id, name: thread.name } : null,
      referencedMessageId: message.reference?.messageId ?? null,
      pinned: message.pinned,
    };
  }

  // ---------------------------------------------------------------- commands

  commandScope(guildId: string | null): Map<string, CommandRecord> {
    const key = guildId ?? 'global';
    let scope = this.commands.get(key);
    if (!scope) {
      scope = new Map();
      this.commands.set(key, scope);
    }
    return scope;
  }

  /** Guild command first (it shadows a global one of the same name, as on Discord), then global. */
  findCommand(name: string, guildId: string | null, type = 1): CommandRecord | undefined {
    const match = (scope: Map<string, CommandRecord> | undefined) =>
      [...(scope?.values() ?? [])].find((c) => c.name === name && c.type === type);
    return (guildId ? match(this.commands.get(guildId)) : undefined) ?? match(this.commands.get('global'));
  }

  sortedUsers(ids: Iterable<string>): UserRecord[] {
    return [...ids]
      .sort(compareSnowflakes)
      .map((id) => this.users.get(id))
      .filter((u): u is UserRecord => u !== undefined);
  }
}

export function isThread(type: ChannelType): boolean {
  return (
    type === ChannelType.PublicThread || type === ChannelType.PrivateThread || type === ChannelType.AnnouncementThread
  );
}

export function isTextBased(type: ChannelType): boolean {
  return (
    isThread(type) ||
    type === ChannelType.GuildText ||
    type === ChannelType.GuildAnnouncement ||
    type === ChannelType.DM ||
    type === ChannelType.GuildVoice
  );
}
