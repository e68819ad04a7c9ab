import { userError, type Outcome } from './errors.ts';

/**
 * Reading an uploaded file (a map, a campaign export, later a catalog) before anything is parsed
 * or stored (security). The declared size is checked first, so an oversized file is refused
 * without downloading it; the download itself stops as soon as it passes the limit, whatever size
 * was declared; the bytes must be UTF-8 text (a byte-order mark, as some editors write, is
 * dropped). The limit is in bytes, not characters.
 */
export interface UploadSpec {
  /** Largest accepted file, in bytes. */
  maxBytes: number;
  /** The rule the refusal cites, e.g. UTD4.1 for maps. */
  rule: string;
  /** Prefix of the refusal codes: `map` gives `map/too-large`, `map/unreadable`, `map/not-text`. */
  codePrefix: string;
  /** What the file should be, for messages: "map", "campaign export". */
  what: string;
}

export interface UploadedFile {
  /** Size Discord declares for the attachment, in bytes. */
  size: number;
  url: string;
}

export type Fetcher = (url: string, init?: { signal?: AbortSignal }) => Promise<Response>;

export async function readTextUpload(
  file: UploadedFile,
  spec: UploadSpec,
  fetcher: Fetcher = fetch,
): Promise<Outcome<string>> {
  const tooLarge = (bytes: number | null) =>
    userError(
      `${spec.codePrefix}/too-large`,
      spec.rule,
      `The ${spec.what} file is ${bytes === null ? 'larger than' : `${bytes} bytes; the limit is`} ${spec.maxBytes} bytes.`,
    );
  const unreadable = () =>
    userError(
      `${spec.codePrefix}/unreadable`,
      spec.rule,
      'The attachment could not be downloaded.',
      'Upload it again.',
    );
  if (!Number.isFinite(file.size) || file.size > spec.maxBytes)
    return tooLarge(Number.isFinite(file.size) ? file.size : null);
  const abort = new AbortController();
  let response: Response;
  try {
    response = await fetcher(file.url, { signal: abort.signal });
  } catch {
    return unreadable();
  }
  if (!response.ok || !response.body) return unreadable();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      total += chunk.byteLength;
      if (total > spec.maxBytes) {
        abort.abort();
        return tooLarge(null);
      }
      chunks.push(chunk);
    }
  } catch {
    return unreadable();
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(Buffer.concat(chunks));
  } catch {
    return userError(
      `${spec.codePrefix}/not-text`,
      spec.rule,
      `The ${spec.what} file is not UTF-8 text.`,
      'Save it as UTF-8 (plain text) and upload it again.',
    );
  }
  return { ok: true, value: text };
}
