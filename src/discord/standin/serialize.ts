/**
 * Records → Discord API JSON. Shapes follow API v10 closely enough for discord.js to build its
 * structures (Guild, GuildMember, ThreadChannel, Message, Attachment, ...) without surprises.
 */
import { ChannelType, InteractionType, MessageFlags } from 'discord-api-types/v10';
import { computeMemberPermissions, computeChannelPermissions } from './permissions.ts';
import { isThread, type StandInStore } from './store.ts';
import type { ChannelRecord, GuildRecord, MessageRecord, RoleRecord, StoredAttachment, UserRecord } from './types.ts';

type Json = Record<string, unknown>;

export function apiUser(user: UserRecord): Json {
  return {
    id: user.id,
    username: user.username,
    discriminator: '0',
    global_name: user.globalName,
    avatar: null,
    bot: user.bot,
    system: false,
    banner: null,
    accent_color: null,
    public_flags: 0,
    flags: 0,
    avatar_decoration_data: null,
    collectibles: null,
    primary_guild: null,
  };
}

export function apiRole(role: RoleRecord): Json {
  return {
    id: role.id,
    name: role.name,
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position: role.position,
    permissions: role.permissions.toString(),
    managed: role.botId !== null,
    mentionable: false,
    flags: 0,
    ...(role.botId ? { tags: { bot_id: role.botId } } : {}),
  };
}

export function apiMember(
  store: StandInStore,
  guild: GuildRecord,
  userId: string,
  opts: { permissions?: boolean } = {},
): Json {
  const member = guild.members.get(userId);
  const user = store.requireUser(userId);
  return {
    user: apiUser(user),
    nick: member?.nick ?? null,
    avatar: null,
    banner: null,
    roles: [...(member?.roleIds ?? [])],
    joined_at: member?.joinedAt ?? guild.createdAt,
    premium_since: null,
    deaf: false,
    mute: false,
    flags: 0,
    pending: false,
    communication_disabled_until: null,
    ...(opts.permissions ? { permissions: computeMemberPermissions(guild, userId).toString() } : {}),
  };
}

export function apiThreadMember(threadId: string, userId: string, joinedAt: string): Json {
  return { id: threadId, user_id: userId, join_timestamp: joinedAt, flags: 0 };
}

export function apiChannel(store: StandInStore, channel: ChannelRecord, opts: { permissionsFor?: string } = {}): Json {
  if (channel.type === ChannelType.DM) {
    return {
      id: channel.id,
      type: channel.type,
      last_message_id: channel.lastMessageId,
      flags: 0,
      recipients: channel.recipientIds.map((id) => apiUser(store.requireUser(id))),
    };
  }
  const guild = channel.guildId ? store.guilds.get(channel.guildId) : undefined;
  const base: Json = {
    id: channel.id,
    type: channel.type,
    guild_id: channel.guildId,
    name: channel.name,
    parent_id: channel.parentId,
    last_message_id: channel.lastMessageId,
    rate_limit_per_user: 0,
    flags: 0,
    nsfw: false,
    ...(guild && opts.permissionsFor
      ? {
          permissions: computeChannelPermissions(
            guild,
            channel,
            opts.permissionsFor,
            channel.parentId ? store.channels.get(channel.parentId) : undefined,
          ).toString(),
        }
      : {}),
  };
  if (channel.thread && isThread(channel.type)) {
    const t = channel.thread;
    const messageCount = store.history(channel.id).length;
    return {
      ...base,
      owner_id: t.ownerId,
      message_count: messageCount,
      total_message_sent: messageCount,
      member_count: t.memberIds.size,
      thread_metadata: {
        archived: t.archived,
        auto_archive_duration: t.autoArchiveDuration,
        archive_timestamp: t.archiveTimestamp,
        locked: t.locked,
        create_timestamp: t.createdAt,
        ...(channel.type === ChannelType.PrivateThread ? { invitable: t.invitable } : {}),
      },
      // `member` tells discord.js whether the bot has joined the thread.
      ...(t.memberIds.has(store.botUser.id)
        ? { member: apiThreadMember(channel.id, store.botUser.id, t.createdAt) }
        : {}),
      applied_tags: [],
    };
  }
  return {
    ...base,
    position: channel.position,
    topic: channel.topic,
    permission_overwrites: (channel.overwrites ?? []).map((o) => ({
      id: o.id,
      type: o.type === 'role' ? 0 : 1,
      allow: o.allow.toString(),
      deny: o.deny.toString(),
    })),
  };
}

/** REST shape of a guild (GET /guilds/:id). */
export function apiGuild(guild: GuildRecord): Json {
  return {
    id: guild.id,
    name: guild.name,
    icon: null,
    icon_hash: null,
    splash: null,
    discovery_splash: null,
    owner_id: guild.ownerId,
    region: 'deprecated',
    afk_channel_id: null,
    afk_timeout: 300,
    widget_enabled: false,
    widget_channel_id: null,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    roles: [...guild.roles.values()].map(apiRole),
    emojis: [],
    stickers: [],
    features: [],
    mfa_level: 0,
    application_id: null,
    system_channel_id: null,
    system_channel_flags: 0,
    rules_channel_id: null,
    max_presences: null,
    max_members: 500_000,
    vanity_url_code: null,
    description: null,
    banner: null,
    premium_tier: 0,
    premium_subscription_count: 0,
    preferred_locale: 'en-US',
    public_updates_channel_id: null,
    max_video_channel_users: 25,
    max_stage_video_channel_users: 50,
    nsfw_level: 0,
    premium_progress_bar_enabled: false,
    safety_alerts_channel_id: null,
    incidents_data: null,
    hub_type: null,
  };
}

/**
 * GUILD_CREATE as the gateway sends it. Like Discord (without privileged intents), `members` holds only
 * the bot itself unless `allMembers` is set; other members reach discord.js through interaction payloads
 * or REST fetches.
 */
export function guildCreatePayload(store: StandInStore, guild: GuildRecord, opts: { allMembers: boolean }): Json {
  const memberIds = opts.allMembers ? [...guild.members.keys()] : [store.botUser.id];
  const threads = store.guildThreads(guild.id).filter((t) => t.thread && !t.thread.archived);
  return {
    ...apiGuild(guild),
    joined_at: guild.members.get(store.botUser.id)?.joinedAt ?? guild.createdAt,
    large: false,
    unavailable: false,
    member_count: guild.members.size,
    voice_states: [],
    members: memberIds.filter((id) => guild.members.has(id)).map((id) => apiMember(store, guild, id)),
    channels: store.guildChannels(guild.id).map((c) => apiChannel(store, c)),
    threads: threads.map((t) => apiChannel(store, t)),
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
    embedded_activities: [],
    application_command_counts: {},
    lazy: true,
  };
}

export function apiAttachment(attachment: StoredAttachment, opts: { ephemeral?: boolean } = {}): Json {
  return {
    id: attachment.id,
    filename: attachment.filename,
    size: attachment.size,
    url: attachment.url,
    proxy_url: attachment.url,
    content_type: attachment.contentType,
    ...(attachment.description ? { description: attachment.description } : {}),
    ...(opts.ephemeral ? { ephemeral: true } : {}),
  };
}

export function apiMessage(store: StandInStore, message: MessageRecord): Json {
  const author = store.users.get(message.authorId) ?? store.botUser;
  const interaction = message.interactionId ? store.interactions.get(message.interactionId) : undefined;
  const flags =
    message.flags | (message.ephemeral ? MessageFlags.Ephemeral : 0) | (message.loading ? MessageFlags.Loading : 0);
  const json: Json = {
    id: message.id,
    type: message.type,
    channel_id: message.channelId,
    author: apiUser(author),
    content: message.content,
    timestamp: message.createdAt,
    edited_timestamp: message.editedAt,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    mention_channels: [],
    attachments: message.attachments.map((a) => apiAttachment(a, { ephemeral: message.ephemeral })),
    embeds: message.embeds,
    components: message.components,
    pinned: message.pinned,
    flags,
  };
  if (message.guildId) json['guild_id'] = message.guildId;
  if (message.webhookId) {
    json['webhook_id'] = message.webhookId;
    json['application_id'] = store.applicationId;
  }
  if (message.reactions.size > 0) {
    json['reactions'] = [...message.reactions.values()].map((r) => {
      const me = r.userIds.includes(store.botUser.id);
      return {
        emoji: r.emoji,
        count: r.userIds.length,
        count_details: { burst: 0, normal: r.userIds.length },
        burst_colors: [],
        me,
        me_burst: false,
        burst_me: false,
        burst_count: 0,
      };
    });
  }
  if (message.reference) {
    json['message_reference'] = {
      type: 0,
      message_id: message.reference.messageId,
      channel_id: message.reference.channelId,
      ...(message.reference.guildId ? { guild_id: message.reference.guildId } : {}),
    };
  }
  const thread = message.threadId ? store.channels.get(message.threadId) : undefined;
  if (thread) json['thread'] = apiChannel(store, thread);
  if (interaction) {
    const user = apiUser(store.requireUser(interaction.userId));
    const owners = interaction.guildId ? { '0': interaction.guildId } : { '1': interaction.userId };
    const isFollowup = interaction.original?.messageId !== message.id;
    json['interaction_metadata'] = {
      id: interaction.id,
      type: interaction.type,
      user,
      authorizing_integration_owners: owners,
      ...(interaction.type === InteractionType.ApplicationCommand && interaction.commandName
        ? { name: interaction.commandName, command_type: 1 }
        : {}),
      ...(isFollowup && interaction.original ? { original_response_message_id: interaction.original.messageId } : {}),
      ...(interaction.sourceMessageId ? { interacted_message_id: interaction.sourceMessageId } : {}),
    };
    // Deprecated, but still sent by Discord and read by older code paths.
    json['interaction'] = { id: interaction.id, type: interaction.type, name: interaction.commandName ?? '', user };
  }
  return json;
}
