/**
 * Request bodies: discord.js sends JSON, or multipart/form-data when files are attached
 * (`payload_json` plus `files[n]` parts). Node's fetch `Request#formData()` already implements a
 * multipart parser, so a buffered body is handed to it rather than writing one here.
 */
import type { UploadedFile } from './types.ts';
import { DiscordHttpError } from './errors.ts';

export interface ParsedBody {
  json: unknown;
  files: UploadedFile[];
}

export async function parseBody(contentType: string | undefined, raw: Buffer): Promise<ParsedBody> {
  if (raw.length === 0) return { json: null, files: [] };
  const type = (contentType ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) return parseMultipart(contentType ?? '', raw);
  const text = raw.toString('utf8');
  try {
    return { json: JSON.parse(text) as unknown, files: [] };
  } catch {
    throw new DiscordHttpError(400, 50109, 'The request body contains invalid JSON.');
  }
}

async function parseMultipart(contentType: string, raw: Buffer): Promise<ParsedBody> {
  const form = await new Request('http://stand-in.invalid/', {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: raw,
  }).formData();
  const files: UploadedFile[] = [];
  let json: unknown = null;
  const plainFields: Record<string, string> = {};
  for (const [field, value] of form.entries()) {
    if (typeof value === 'string') {
      if (field === 'payload_json') json = JSON.parse(value) as unknown;
      else plainFields[field] = value;
      continue;
    }
    files.push({
      field,
      filename: value.name,
      contentType: value.type || 'application/octet-stream',
      data: Buffer.from(await value.arrayBuffer()),
    });
  }
  // Some endpoints (stickers, `appendToFormData` in @discordjs/rest) send fields instead of payload_json.
  if (json === null && Object.keys(plainFields).length > 0) json = plainFields;
  return { json, files };
}
