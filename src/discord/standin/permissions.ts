/**
 * Permission arithmetic, simplified to what a bot sees: guild-level permissions from roles
 * (no channel overwrites). discord.js computes `member.permissions` from the roles it has cached,
 * while `interaction.memberPermissions` comes from the `permissions` string in the interaction; both
 * are derived here from the same roles so they agree.
 */
import { PermissionFlagsBits } from 'discord-api-types/v10';
import type { GuildRecord } from './types.ts';

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

/** What the bot's managed role gets unless a test says otherwise: enough to run a game server. */
export const DEFAULT_BOT_PERMISSIONS: bigint =
  DEFAULT_EVERYONE_PERMISSIONS |
  P.ManageMessages |
  P.ManageThreads |
  P.ManageRoles |
  P.ManageChannels |
  P.MentionEveryone;

export function computeMemberPermissions(guild: GuildRecord, userId: string): bigint {
  if (guild.ownerId === userId) return ALL_PERMISSIONS;
  let perms = guild.roles.get(guild.id)?.permissions ?? 0n;
  const member = guild.members.get(userId);
  for (const roleId of member?.roleIds ?? []) perms |= guild.roles.get(roleId)?.permissions ?? 0n;
  return perms & P.Administrator ? ALL_PERMISSIONS : perms;
}
