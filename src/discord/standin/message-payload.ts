/**
 * Turning a bot's message body (+ uploaded files) into message state, shared by channel messages,
 * interaction replies and webhook follow-ups/edits so they all obey the same rules:
 * - new files are described by `attachments: [{ id: "0", description? }]` and arrive as `files[0]` parts;
 * - on edit, an `attachments` array lists what to keep (existing ids) plus new uploads; absent, existing
 *   attachments stay and new files are appended;
 * - a message may not end up empty (50006).
 */
import { MessageFlags } from 'discord-api-types/v10';
import { emptyMessage, invalidFormBody } from './errors.ts';
import type { StandInStore } from './store.ts';
import type { MessageRecord, StoredAttachment, UploadedFile } from './types.ts';
import { validateMessageBody } from './validate.ts';

type Json = Record<string, unknown>;

/** Flags a bot may set on a message it sends (others are Discord-controlled). */
const SETTABLE_FLAGS = MessageFlags.SuppressEmbeds | MessageFlags.SuppressNotifications | MessageFlags.IsComponentsV2;

export interface MessageFields {
  content: string;
  embeds: MessageRecord['embeds'];
  components: unknown[];
  attachments: StoredAttachment[];
  flags: number;
  /** Newly uploaded files (for the response log). */
  newFiles: StoredAttachment[];
}

export function asObject(value: unknown): Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
}

/** Fields of a brand-new message. `prefix` locates the body in error paths (e.g. ['data'] for callbacks). */
export function newMessageFields(
  store: StandInStore,
  channelId: string,
  body: Json,
  files: UploadedFile[],
  prefix: (string | number)[] = [],
): MessageFields {
  validateMessageBody(body, prefix);
  const newFiles = storeUploads(store, channelId, body, files, prefix);
  const fields: MessageFields = {
    content: typeof body['content'] === 'string' ? body['content'] : '',
    embeds: Array.isArray(body['embeds']) ? (body['embeds'] as MessageRecord['embeds']) : [],
    components: Array.isArray(body['components']) ? (body['components'] as unknown[]) : [],
    attachments: newFiles,
    flags: (typeof body['flags'] === 'number' ? body['flags'] : 0) & SETTABLE_FLAGS,
    newFiles,
  };
  const hasSticker = Array.isArray(body['sticker_ids']) && body['sticker_ids'].length > 0;
  if (!hasSticker && !body['poll'] && isEmpty(fields)) throw emptyMessage();
  return fields;
}

/** Applies an edit body to `message` in place; returns the newly uploaded files. */
export function applyMessageEdit(
  store: StandInStore,
  message: MessageRecord,
  body: Json,
  files: UploadedFile[],
  prefix: (string | number)[] = [],
): StoredAttachment[] {
  validateMessageBody(body, prefix);
  const newFiles = storeUploads(store, message.channelId, body, files, prefix);
  const next = {
    content: 'content' in body ? (typeof body['content'] === 'string' ? body['content'] : '') : message.content,
    embeds:
      'embeds' in body
        ? Array.isArray(body['embeds'])
          ? (body['embeds'] as MessageRecord['embeds'])
          : []
        : message.embeds,
    components:
      'components' in body
        ? Array.isArray(body['components'])
          ? (body['components'] as unknown[])
          : []
        : message.components,
    attachments: message.attachments,
  };
  if (Array.isArray(body['attachments'])) {
    const keep = new Set(body['attachments'].map((a) => String(asObject(a)['id'] ?? '')));
    next.attachments = [...message.attachments.filter((a) => keep.has(a.id)), ...newFiles];
  } else if (newFiles.length > 0) {
    next.attachments = [...message.attachments, ...newFiles];
  }
  if (isEmpty(next)) throw emptyMessage();
  message.content = next.content;
  message.embeds = next.embeds;
  message.components = next.components;
  message.attachments = next.attachments;
  if (typeof body['flags'] === 'number') {
    message.flags = (message.flags & ~SETTABLE_FLAGS) | (body['flags'] & SETTABLE_FLAGS);
  }
  return newFiles;
}

function isEmpty(fields: Pick<MessageFields, 'content' | 'embeds' | 'components' | 'attachments'>): boolean {
  return (
    fields.content.length === 0 &&
    fields.embeds.length === 0 &&
    fields.attachments.length === 0 &&
    fields.components.length === 0
  );
}

/**
 * Stores uploaded files. Metadata entry `{ id: N }` describes part `files[N]`; parts without metadata
 * are attached too (Discord does the same), named by their multipart filename.
 */
function storeUploads(
  store: StandInStore,
  channelId: string,
  body: Json,
  files: UploadedFile[],
  prefix: (string | number)[],
): StoredAttachment[] {
  if (files.length > 10)
    throw invalidFormBody([...prefix, 'attachments'], 'BASE_TYPE_MAX_LENGTH', 'Must be 10 or fewer in length.');
  const metadata = Array.isArray(body['attachments']) ? body['attachments'].map(asObject) : [];
  return files.map((file) => {
    const index = /^files\[(\d+)\]$/.exec(file.field)?.[1] ?? file.field.replace(/^file/, '');
    const meta = metadata.find((m) => String(m['id']) === index) ?? {};
    const filename = typeof meta['filename'] === 'string' && meta['filename'] ? meta['filename'] : file.filename;
    return store.storeFile(channelId, {
      filename: filename || 'file',
      contentType: file.contentType,
      data: file.data,
      description: typeof meta['description'] === 'string' ? meta['description'] : null,
    });
  });
}
