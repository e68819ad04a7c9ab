/**
 * Permission arithmetic as Discord does it: guild-level permissions from roles, then a channel's
 * overwrites (@everyone's, the member's roles', the member's own; a thread follows its parent's).
 * discord.js computes `member.permissions` and `channel.permissionsFor()` from the roles and
 * overwrites it has cached, while `interaction.memberPermissions`/`appPermissions` come from the
 * interaction payload; all are derived here from the same records so they agree.
 */
import { PermissionFlagsBits } from 'discord-api-types/v10';
import { INVITE_PERMISSIONS } from '../permission-words.ts';
import type { ChannelRecord, GuildRecord } from './types.ts';

export const ALL_PERMISSIONS: bigint = Object.values(PermissionFlagsBits).reduce((all, bit) => all | bit, 0n);

const P = PermissionFlagsBits;

/** Roughly what @everyone gets in a freshly created Discord server (no moderation rights). */
export const DEFAULT_EVERYONE_PERMISSIONS: bigint =
  P.ViewChannel |
  P.CreateInstantInvite |
  P.ChangeNickname |
  P.SendMessages |
  P.SendMessagesInThreads |
  P.CreatePublicThreads |
  P.CreatePrivateThreads |
  P.EmbedLinks |
  P.AttachFiles |
  P.AddReactions |
  P.UseExternalEmojis |
  P.UseExternalStickers |
  P.ReadMessageHistory |
  P.UseApplicationCommands |
  P.Connect |
  P.Speak |
  P.Stream |
  P.UseVAD;

/**
 * What the bot's managed role gets unless a test says otherwise: exactly what README.md's invite
 * link grants (src/discord/permission-words.ts), nothing more.
 */
export const DEFAULT_BOT_PERMISSIONS: bigint = INVITE_PERMISSIONS;

export function computeMemberPermissions(guild: GuildRecord, userId: string): bigint {
  if (guild.ownerId === userId) return ALL_PERMISSIONS;
  let perms = guild.roles.get(guild.id)?.permissions ?? 0n;
  const member = guild.members.get(userId);
  for (const roleId of member?.roleIds ?? []) perms |= guild.roles.get(roleId)?.permissions ?? 0n;
  return perms & P.Administrator ? ALL_PERMISSIONS : perms;
}

/** A member's permissions in a channel (Discord's algorithm: base, then @everyone, role and member overwrites). */
export function computeChannelPermissions(
  guild: GuildRecord,
  channel: ChannelRecord,
  userId: string,
  /** A thread's parent channel, whose overwrites it follows. */
  parent?: ChannelRecord,
): bigint {
  const base = computeMemberPermissions(guild, userId);
  if (base & P.Administrator) return ALL_PERMISSIONS;
  const overwrites = (channel.thread && parent ? parent : channel).overwrites ?? [];
  let perms = base;
  const everyone = overwrites.find((o) => o.type === 'role' && o.id === guild.id);
  if (everyone) perms = (perms & ~everyone.deny) | everyone.allow;
  const roleIds = new Set(guild.members.get(userId)?.roleIds ?? []);
  let allow = 0n;
  let deny = 0n;
  for (const o of overwrites)
    if (o.type === 'role' && o.id !== guild.id && roleIds.has(o.id)) {
      allow |= o.allow;
      deny |= o.deny;
    }
  perms = (perms & ~deny) | allow;
  const own = overwrites.find((o) => o.type === 'member' && o.id === userId);
  if (own) perms = (perms & ~own.deny) | own.allow;
  // Without View Channel nothing else in the channel is allowed.
  return perms & P.ViewChannel ? perms : 0n;
}

/**
 * The permissions Discord wants of the bot for one of its REST calls in a channel, or null when the
 * call needs none the stand-in checks. Replies to interactions (authenticated by their token) need none.
 */
export function requiredPermissions(
  method: string,
  route: string,
  channel: ChannelRecord,
  request: { hasFiles: boolean; threadType?: 'public' | 'private' },
): bigint | null {
  const send = channel.thread ? P.SendMessagesInThreads : P.SendMessages;
  const key = `${method} ${route}`;
  switch (key) {
    case 'POST /channels/:channelId/messages':
      return P.ViewChannel | send | (request.hasFiles ? P.AttachFiles : 0n);
    case 'GET /channels/:channelId/messages':
    case 'GET /channels/:channelId/messages/:messageId':
    case 'GET /channels/:channelId/messages/:messageId/reactions/:emoji':
      return P.ViewChannel | P.ReadMessageHistory;
    case 'PUT /channels/:channelId/messages/:messageId/reactions/:emoji/@me':
      return P.ViewChannel | P.ReadMessageHistory | P.AddReactions;
    // A standalone thread is private unless its body says otherwise (Discord's default, type 12).
    case 'POST /channels/:channelId/threads':
      return P.ViewChannel | (request.threadType === 'public' ? P.CreatePublicThreads : P.CreatePrivateThreads);
    case 'POST /channels/:channelId/messages/:messageId/threads':
      return P.ViewChannel | P.CreatePublicThreads;
    case 'PATCH /channels/:channelId/messages/:messageId':
    case 'DELETE /channels/:channelId/messages/:messageId':
    case 'GET /channels/:channelId':
      return P.ViewChannel;
    default:
      return null;
  }
}
