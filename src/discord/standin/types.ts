/**
 * Records held by the stand-in, and the shapes handed to tests. Records are the stand-in's own model
 * (camelCase, bigint permissions); `serialize.ts` turns them into Discord API payloads.
 */
import type {
  APIApplicationCommandOptionChoice,
  APIEmbed,
  ChannelType,
  InteractionType,
  MessageType,
} from 'discord-api-types/v10';

export interface UserRecord {
  readonly id: string;
  username: string;
  globalName: string | null;
  bot: boolean;
  /** The user does not accept direct messages from the bot (Discord answers 403 50007). */
  dmsClosed?: boolean;
}

export interface RoleRecord {
  readonly id: string;
  name: string;
  permissions: bigint;
  position: number;
  /** Set for a bot's managed integration role. */
  botId: string | null;
}

export interface MemberRecord {
  readonly userId: string;
  roleIds: string[];
  joinedAt: string;
  nick: string | null;
  /** The per-member role that setMemberPermissions() manages, if any. */
  permissionRoleId: string | null;
}

export interface GuildRecord {
  readonly id: string;
  name: string;
  ownerId: string;
  readonly createdAt: string;
  /** The @everyone role has the guild's id, as on Discord. */
  readonly roles: Map<string, RoleRecord>;
  readonly members: Map<string, MemberRecord>;
}

export interface ThreadInfo {
  ownerId: string;
  archived: boolean;
  locked: boolean;
  invitable: boolean;
  autoArchiveDuration: number;
  createdAt: string;
  archiveTimestamp: string;
  memberIds: Set<string>;
  /** Message the thread was started from, if any (its id equals the thread's id on Discord). */
  starterMessageId: string | null;
}

export interface ChannelRecord {
  readonly id: string;
  type: ChannelType;
  name: string;
  guildId: string | null;
  parentId: string | null;
  position: number;
  topic: string | null;
  lastMessageId: string | null;
  /** DM channels only. */
  recipientIds: string[];
  /** Threads only. */
  thread: ThreadInfo | null;
  /** Permission overwrites (guild channels; a thread has none and follows its parent's). */
  overwrites?: PermissionOverwrite[];
}

/** A channel's permission overwrite for a role (the @everyone role has the guild's id) or a member. */
export interface PermissionOverwrite {
  id: string;
  type: 'role' | 'member';
  allow: bigint;
  deny: bigint;
}

/** A file as the stand-in keeps it: bytes included, so tests can inspect generated images etc. */
export interface StoredAttachment {
  readonly id: string;
  readonly filename: string;
  readonly contentType: string;
  readonly size: number;
  readonly url: string;
  readonly description: string | null;
  readonly data: Buffer;
}

/** A file the test driver sends (e.g. for an ATTACHMENT command option). */
export interface DriverFile {
  /** Optional handle for ATTACHMENT option values (the name works too); the stored file gets a real snowflake. */
  id?: string;
  name: string;
  contentType?: string;
  data: Buffer;
}

export interface ReactionRecord {
  emoji: EmojiRef;
  /** In the order the users reacted. */
  userIds: string[];
}

export interface EmojiRef {
  id: string | null;
  name: string;
  animated?: boolean;
}

export interface MessageRecord {
  readonly id: string;
  readonly channelId: string;
  readonly guildId: string | null;
  readonly authorId: string;
  type: MessageType;
  content: string;
  embeds: APIEmbed[];
  /** Raw component JSON as the bot sent it (action rows, or Components V2 top-level components). */
  components: unknown[];
  attachments: StoredAttachment[];
  flags: number;
  readonly createdAt: string;
  editedAt: string | null;
  /** Ephemeral messages are only visible to the invoking user: kept out of channel history. */
  ephemeral: boolean;
  /** A deferred reply that has not been filled in yet ("Bot is thinking..."). */
  loading: boolean;
  readonly reactions: Map<string, ReactionRecord>;
  /** Set on interaction responses (replies and follow-ups). */
  interactionId: string | null;
  webhookId: string | null;
  threadId: string | null;
  reference: { messageId: string; channelId: string; guildId: string | null } | null;
  pinned: boolean;
  deleted: boolean;
}

/** What tests get back from channelMessages() etc.: a snapshot, safe to keep. */
export interface StoredMessage {
  id: string;
  channelId: string;
  guildId: string | null;
  author: { id: string; username: string; bot: boolean };
  type: MessageType;
  content: string;
  embeds: APIEmbed[];
  components: unknown[];
  attachments: StoredAttachment[];
  flags: number;
  ephemeral: boolean;
  loading: boolean;
  createdAt: string;
  editedAt: string | null;
  reactions: { emoji: string; count: number; userIds: string[]; me: boolean }[];
  interactionId: string | null;
  thread: { id: string; name: string } | null;
  referencedMessageId: string | null;
  pinned: boolean;
}

export type InteractionResponseKind =
  | 'reply'
  | 'defer'
  | 'deferUpdate'
  | 'update'
  | 'editOriginal'
  | 'deleteOriginal'
  | 'followup'
  | 'editFollowup'
  | 'deleteFollowup'
  | 'autocomplete'
  | 'modal'
  | 'other';

export interface InteractionResponse {
  kind: InteractionResponseKind;
  interactionId: string;
  /** Monotonic order across all responses of the stand-in. */
  seq: number;
  at: number;
  ephemeral: boolean;
  /** The message that was created/edited/deleted, if any. */
  messageId: string | null;
  /** Message state after this response (empty for non-message kinds). */
  content: string;
  embeds: APIEmbed[];
  components: unknown[];
  /** All attachments on the message after this response. */
  attachments: StoredAttachment[];
  /** Files uploaded with this particular request. */
  files: StoredAttachment[];
  /** Autocomplete choices (kind 'autocomplete'). */
  choices: APIApplicationCommandOptionChoice[];
  /** Modal definition (kind 'modal'). */
  modal: unknown;
  /** The raw JSON body the bot sent. */
  body: unknown;
}

export interface InteractionRecord {
  readonly id: string;
  readonly token: string;
  readonly type: InteractionType;
  readonly guildId: string | null;
  readonly channelId: string;
  readonly userId: string;
  readonly createdAt: number;
  /** Name of the command (for application command / autocomplete interactions). */
  readonly commandName: string | null;
  /** For component interactions: the message the component is on. */
  readonly sourceMessageId: string | null;
  /** The raw payload dispatched in INTERACTION_CREATE. */
  readonly payload: unknown;
  acknowledged: boolean;
  /** Discord gives 3s to acknowledge; after that the callback answers 10062. */
  expired: boolean;
  /** 'message' = reply/defer created a new message, 'source' = update/deferUpdate targets the component's message. */
  original: { kind: 'message' | 'source'; messageId: string; deferred: boolean; ephemeral: boolean } | null;
  followupIds: string[];
  responses: InteractionResponse[];
}

export interface UploadedFile {
  /** Multipart field name, e.g. `files[0]`. */
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface RecordedRequest {
  seq: number;
  at: number;
  method: string;
  /** Path below `/api/v10`, e.g. `/channels/123/messages`. */
  path: string;
  /** Matched route pattern, e.g. `/channels/:channelId/messages`; null when no route matched. */
  route: string | null;
  query: Record<string, string>;
  body: unknown;
  files: UploadedFile[];
  status: number;
  /** Discord error body when status >= 400. */
  error: { code: number; message: string } | null;
}

export type StandInEvent =
  | { type: 'messageCreate'; message: StoredMessage }
  | { type: 'messageUpdate'; message: StoredMessage }
  | { type: 'messageDelete'; channelId: string; messageId: string }
  | { type: 'interactionResponse'; response: InteractionResponse }
  | { type: 'reactionAdd' | 'reactionRemove'; channelId: string; messageId: string; userId: string; emoji: string }
  | { type: 'channelCreate'; channel: ChannelRecord }
  | { type: 'commandsUpdate'; guildId: string | null }
  | { type: 'request'; request: RecordedRequest }
  | { type: 'gateway'; event: 'identify' | 'resume' | 'ready' | 'close'; sessionId: string | null; code?: number };
