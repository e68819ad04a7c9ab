import { PermissionFlagsBits, PermissionsBitField, type PermissionsString } from 'discord.js';

/**
 * The channel permissions the bot needs, each with what it breaks when missing (docs/delivery.md).
 * This list is the invite: README.md's link grants exactly these (test/discord/permissions.test.ts
 * checks the integer), and the stand-in gives its bot role exactly these. Replies to commands are
 * interaction responses, which need none of them; everything the bot posts on its own does.
 */
export const NEEDED_PERMISSIONS = {
  ViewChannel: { label: 'View Channel', breaks: 'the bot cannot see the channel: nothing of the campaign is posted' },
  SendMessages: {
    label: 'Send Messages',
    breaks: 'turn pings, scheduler announcements, vote and map approval messages are not posted',
  },
  SendMessagesInThreads: { label: 'Send Messages in Threads', breaks: 'battle threads get no setup card' },
  CreatePublicThreads: {
    label: 'Create Public Threads',
    breaks: 'battles get no thread: their cards go to the channel',
  },
  CreatePrivateThreads: {
    label: 'Create Private Threads',
    breaks: 'Star Fleet Warlord turn reports are not posted (each goes to its corporation’s private thread)',
  },
  AttachFiles: {
    label: 'Attach Files',
    breaks: 'maps and battle cards are posted as text only, without their pictures',
  },
  ReadMessageHistory: {
    label: 'Read Message History',
    breaks: 'vote tallies are not updated and reactions made while the bot was down are not counted',
  },
  AddReactions: {
    label: 'Add Reactions',
    breaks:
      'vote and map approval messages get no ✅/❌ to click: players add the reaction themselves, or approve the map with `/map approve`',
  },
  CreateEvents: {
    label: 'Create Events',
    breaks:
      'a battle session both sides agreed (`/battle schedule`) is told in the channel but gets no Discord server event',
  },
} as const satisfies Partial<Record<PermissionsString, { label: string; breaks: string }>>;

export type NeededPermission = keyof typeof NEEDED_PERMISSIONS;

export const NEEDED_PERMISSION_NAMES = Object.keys(NEEDED_PERMISSIONS) as NeededPermission[];

/** The invite's permission integer (README.md, the stand-in's bot role). */
export const INVITE_PERMISSIONS: bigint = NEEDED_PERMISSION_NAMES.reduce((all, p) => all | PermissionFlagsBits[p], 0n);

/** The needed permissions that `has` lacks, in the table's order. */
export function missingPermissions(has: PermissionsBitField | bigint | null): NeededPermission[] {
  const field = has instanceof PermissionsBitField ? has : new PermissionsBitField(has ?? 0n);
  // Administrator implies every permission (PermissionsBitField.has checks it).
  return NEEDED_PERMISSION_NAMES.filter((p) => !field.has(PermissionFlagsBits[p]));
}

/** One line per missing permission, naming it and what it breaks. */
export function missingPermissionLines(missing: readonly NeededPermission[]): string[] {
  return missing.map((p) => `• **${NEEDED_PERMISSIONS[p].label}**: ${NEEDED_PERMISSIONS[p].breaks}.`);
}

/** The warning `/campaign create` and `/campaign status` show, or null when nothing is missing. */
export function permissionWarning(missing: readonly NeededPermission[]): string | null {
  if (missing.length === 0) return null;
  return [
    `⚠️ The bot lacks ${missing.length === 1 ? 'a permission' : 'permissions'} in this channel (a server admin can grant ${missing.length === 1 ? 'it' : 'them'} in the channel's settings):`,
    ...missingPermissionLines(missing),
  ].join('\n');
}

/** The notice posted once in the channel when Discord refused a post for a missing permission. */
export function refusedNotice(permission: NeededPermission): string {
  return `⚠️ Discord refused a post for want of the bot's **${NEEDED_PERMISSIONS[permission].label}** permission in this channel: ${NEEDED_PERMISSIONS[permission].breaks}. Everything else still goes out. A server admin can grant it in the channel's settings; \`/campaign status\` shows what is missing.`;
}
