import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { z } from 'zod';
import type { CampaignState, StoredEvent } from '../rules/thunderdome/index.ts';
import { rulesetOf } from './rulesets.ts';
import { slices } from './slices.ts';
import { settingsSchema } from '../rules/thunderdome/settings.ts';
import { upcastEvent, upcastState } from '../rules/thunderdome/upcast.ts';
import { seedCommitment } from '../rules/dice.ts';
import { canonicalJson } from '../rules/json-data.ts';
import { eventHash, GENESIS_HASH, type ChainBreak } from '../rules/event-chain.ts';

export { canonicalJson };

/**
 * The export file (docs/export-format.md): the whole public state, the full event log, and the
 * stored clocks. The secret dice seed is included only when an admin asks for it, so that a
 * campaign moved to another server keeps its rolls verifiable.
 */
export const EXPORT_FORMAT = 4;
/**
 * The formats an import reads: format 1 stored some reasons as English sentences; the upcaster
 * (rules/thunderdome/upcast.ts) reads its events and state as format 2's. Format 3 adds the hash
 * chain (`prevHash`, `hash` on every event), which the import checks; older files have none.
 * Format 4 is format 3's document written so it can be read a line at a time (`exportLines`).
 */
export const IMPORTABLE_FORMATS = [1, 2, 3, 4] as const;
/** The largest file `/campaign export` attaches and `/campaign import` takes: Discord's default upload limit, 8 MiB. */
export const EXPORT_MAX_BYTES = 8 * 1024 * 1024;
/**
 * An export is sent as it is up to this size, and gzip-compressed above it (docs/export-format.md):
 * a log compresses about 8 to 1, so 100,000 events (about 45 MB of JSON) fit the upload limit.
 */
export const EXPORT_PLAIN_MAX = 1024 * 1024;
/** The most a compressed upload may expand to (a file that expands further is refused, not read). */
export const EXPORT_MAX_UNPACKED = 256 * 1024 * 1024;

export interface CampaignExport {
  /** EXPORT_FORMAT when written; the file's own format when read (its content is upcast to this version's). */
  format: (typeof IMPORTABLE_FORMATS)[number];
  kind: 'campaign-master/campaign';
  exportedAt: string;
  campaign: CampaignState;
  events: ExportedEvent[];
  deadlines: ExportedDeadline[];
  secretSeeds?: { fromSeq: number; seed: string }[];
  /**
   * The ship catalog the campaign plays with, when it is not the bundled sample: its three files as
   * stored (an imported catalog exists only in the database it was imported into).
   */
  catalog?: { version: string; units: string; refits: string; conversions: string };
}

/** An event of the log; from format 3 with its links of the hash chain (src/rules/event-chain.ts). */
export type ExportedEvent = StoredEvent & { prevHash?: string; hash?: string };

export interface ExportedDeadline {
  id: string;
  kind: string;
  subject: string;
  responsibleUserId: string | null;
  dueAt: string;
  status: string;
  remindersSent: number[];
  payload: unknown;
}

const rollSchema = z.object({
  purpose: z.string(),
  sides: z.number().int().positive(),
  results: z.array(z.number().int()),
  counter: z.number().int().nonnegative(),
  eventSeq: z.number().int().positive(),
  forced: z.literal(true).optional(),
});

const HEX64 = z.string().regex(/^[0-9a-f]{64}$/);

const storedEventSchema = z.object({
  seq: z.number().int().positive(),
  at: z.string().datetime(),
  actor: z.object({ userId: z.string(), asPlayer: z.string().optional() }),
  event: z.object({ type: z.string() }).passthrough(),
  rolls: z.array(rollSchema),
  prevHash: HEX64.optional(),
  hash: HEX64.optional(),
});

const headerSchema = z.object({
  format: z.union(IMPORTABLE_FORMATS.map((n) => z.literal(n))),
  kind: z.literal('campaign-master/campaign'),
  exportedAt: z.string(),
  campaign: z
    .object({ format: z.literal(1), ruleset: z.literal('thunderdome-iii'), id: z.string(), name: z.string() })
    .passthrough(),
  deadlines: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      subject: z.string(),
      responsibleUserId: z.string().nullable(),
      dueAt: z.string(),
      status: z.string(),
      remindersSent: z.array(z.number()),
      payload: z.unknown(),
    }),
  ),
  secretSeeds: z
    .array(z.object({ fromSeq: z.number().int().positive(), seed: z.string().regex(/^[0-9a-f]{64}$/) }))
    .optional(),
  catalog: z.object({ version: z.string(), units: z.string(), refits: z.string(), conversions: z.string() }).optional(),
});

export type Refusal = { ok: false; message: string };
export type ParsedExport = { ok: true; value: CampaignExport } | Refusal;

/** A file that passed every check, read: everything but its events, and its events to read again as stored here. */
export interface CheckedExport {
  file: Omit<CampaignExport, 'events'>;
  /** The number of events in the log, and the last one. */
  count: number;
  last: StoredEvent;
  /** The log, in this version's shapes, without the file's links (the log is chained again where it is stored). */
  events(): AsyncIterable<StoredEvent>;
}

/**
 * The export file as text, a line at a time (format 4, docs/export-format.md): the document with
 * its events last, one event a line, so a reader can take it a line at a time and a writer can
 * write the log as it reads it. The first line holds everything but the events and ends with
 * `"events":[`; the last line is `]}`. It is still one JSON document: any JSON tool reads it.
 */
export async function* exportLines(
  header: Omit<CampaignExport, 'events'>,
  events: AsyncIterable<readonly ExportedEvent[]>,
): AsyncGenerator<string> {
  const first = JSON.stringify({ ...header, format: EXPORT_FORMAT });
  yield `${first.slice(0, -1)},"events":[\n`;
  let n = 0;
  // Written in slices that yield the event loop (docs/performance.md, "Nothing blocks the event loop").
  const slice = slices();
  for await (const page of events) {
    let text = '';
    for (const e of page) {
      text += `${n++ === 0 ? '' : ',\n'}${JSON.stringify(e)}`;
      if (slice.due()) {
        yield text;
        text = '';
        await slice.pause();
      }
    }
    if (text !== '') yield text;
  }
  yield '\n]}\n';
}

/**
 * The file to attach: the lines as they are while they stay within EXPORT_PLAIN_MAX, else all of
 * them gzip-compressed (docs/export-format.md). Null when even compressed it passes `maxBytes`.
 */
export async function packExport(
  lines: AsyncIterable<string>,
  maxBytes = EXPORT_MAX_BYTES,
): Promise<{ bytes: Buffer; gzip: boolean; plainBytes: number } | null> {
  const plain: Buffer[] = [];
  let plainBytes = 0;
  let gzip: ReturnType<typeof createGzip> | null = null;
  const packed: Buffer[] = [];
  let packedBytes = 0;
  let over = false;
  const write = async (chunk: Buffer) => {
    if (!gzip!.write(chunk)) await new Promise((r) => gzip!.once('drain', r));
  };
  for await (const line of lines) {
    const chunk = Buffer.from(line, 'utf8');
    plainBytes += chunk.byteLength;
    if (!gzip && plainBytes <= EXPORT_PLAIN_MAX) {
      plain.push(chunk);
      continue;
    }
    if (!gzip) {
      gzip = createGzip();
      gzip.on('data', (c: Buffer) => {
        packedBytes += c.byteLength;
        if (packedBytes > maxBytes) over = true;
        else packed.push(c);
      });
      for (const c of plain.splice(0)) await write(c);
    }
    await write(chunk);
    if (over) {
      gzip.destroy();
      return null;
    }
  }
  if (!gzip) return { bytes: Buffer.concat(plain), gzip: false, plainBytes };
  const done = new Promise<void>((resolve, reject) => {
    gzip!.once('end', resolve);
    gzip!.once('error', reject);
  });
  gzip.end();
  await done;
  if (over) return null;
  return { bytes: Buffer.concat(packed), gzip: true, plainBytes };
}

/** gzip's magic bytes: a compressed upload is known by its content, whatever its name. */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

class TooLarge extends Error {}

/**
 * The uploaded file's text a line at a time, gunzipped first when it is compressed, never more
 * than EXPORT_MAX_UNPACKED of it. Throws TooLarge past that, or an Error when it is not UTF-8 or
 * not gzip it says it is.
 */
async function* textLines(bytes: Uint8Array, maxUnpacked: number): AsyncGenerator<string> {
  const source: AsyncIterable<Uint8Array> = isGzip(bytes)
    ? Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]).pipe(createGunzip())
    : Readable.from([bytes]);
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  let total = 0;
  let rest = '';
  for await (const chunk of source) {
    total += chunk.byteLength;
    if (total > maxUnpacked) throw new TooLarge();
    const text = rest + decoder.decode(chunk, { stream: true });
    const lines = text.split('\n');
    rest = lines.pop()!;
    yield* lines;
  }
  rest += decoder.decode();
  if (rest !== '') yield rest;
}

/** Where a file's header and events are, however it was written. */
interface ExportSource {
  header: unknown;
  /** Each event as the file holds it (not yet checked), in file order. */
  events(): AsyncIterable<unknown>;
}

const EVENTS_OPEN = ',"events":[';

/**
 * Reads an upload (plain or gzip-compressed JSON): a file in the line layout (format 4) is taken a
 * line at a time and never held whole, any other (an older format, or a file someone reformatted)
 * is parsed whole, within EXPORT_MAX_UNPACKED.
 */
async function openExport(bytes: Uint8Array, maxUnpacked: number): Promise<ExportSource | Refusal> {
  try {
    const lines = textLines(bytes, maxUnpacked);
    const first = await lines.next();
    const line = first.done ? '' : first.value.replace(/^\uFEFF/, '');
    if (line.endsWith(EVENTS_OPEN)) {
      let header: unknown = null;
      try {
        header = JSON.parse(`${line.slice(0, -EVENTS_OPEN.length)}}`);
      } catch {
        header = null;
      }
      if (header !== null) {
        await lines.return(undefined);
        return { header, events: () => lineEvents(bytes, maxUnpacked) };
      }
    }
    // The whole document: an older format, or this one reformatted.
    let text = line;
    for await (const more of lines) text += `\n${more}`;
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch {
      return { ok: false, message: 'the file is not JSON' };
    }
    const events = (doc as { events?: unknown } | null)?.events;
    if (!Array.isArray(events))
      return { ok: false, message: 'the file is not a Campaign Master export (events: Required)' };
    return {
      header: doc,
      events: async function* () {
        yield* events;
      },
    };
  } catch (err) {
    if (err instanceof TooLarge) return { ok: false, message: `the file expands to more than ${maxUnpacked} bytes` };
    return {
      ok: false,
      message: isGzip(bytes) ? 'the file is not a readable gzip file' : 'the file is not UTF-8 text',
    };
  }
}

/** The events of a file in the line layout: every line after the first up to `]}`, each one JSON event. */
async function* lineEvents(bytes: Uint8Array, maxUnpacked: number): AsyncGenerator<unknown> {
  let first = true;
  for await (const raw of textLines(bytes, maxUnpacked)) {
    if (first) {
      first = false;
      continue;
    }
    const line = raw.endsWith(',') ? raw.slice(0, -1) : raw;
    if (line === '' || line === ']}') continue;
    yield JSON.parse(line);
  }
}

/**
 * Checks an uploaded export (docs/export-format.md): its shape, an unbroken sequence and hash
 * chain, seeds that match their commitments, settings within their rules, and that the log
 * really rebuilds the state. The log is read as it streams and folded onto one working copy; it
 * is never held whole (a 100,000-event log is about 45 MB of JSON).
 */
export async function checkExport(
  bytes: Uint8Array,
  maxUnpacked = EXPORT_MAX_UNPACKED,
): Promise<{ ok: true; value: CheckedExport } | Refusal> {
  const source = await openExport(bytes, maxUnpacked);
  if ('ok' in source) return source;
  const parsed = headerSchema.safeParse(source.header);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      message: `the file is not a Campaign Master export (${issue?.path.join('.') || 'file'}: ${issue?.message ?? 'invalid'})`,
    };
  }
  const read = parsed.data as unknown as Omit<CampaignExport, 'events'>;
  const ruleset = (() => {
    try {
      return rulesetOf(read.campaign.ruleset);
    } catch {
      return null;
    }
  })();
  if (!ruleset) return { ok: false, message: `the campaign's ruleset ${read.campaign.ruleset} is not known here` };
  const fold = ruleset.applyInPlace ?? ruleset.apply;
  let rebuilt: CampaignState | null = null;
  let prev = GENESIS_HASH;
  let count = 0;
  let last: StoredEvent | null = null;
  // Checked, hashed and folded in slices that yield the event loop (docs/performance.md, "Nothing blocks the event loop").
  const slice = slices();
  try {
    for await (const raw of source.events()) {
      if (slice.due()) await slice.pause();
      const i = count++;
      const checked = storedEventSchema.safeParse(raw);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        return {
          ok: false,
          message: `the file is not a Campaign Master export (events.${[i, ...(issue?.path ?? [])].join('.')}: ${issue?.message ?? 'invalid'})`,
        };
      }
      const e = checked.data as unknown as ExportedEvent;
      // Format 3 on: the log's hash chain, over the events as the file holds them (before any upcast).
      if (read.format >= 3) {
        const broken = chainBreakAt(i, e, prev);
        if (broken)
          return {
            ok: false,
            message: `the event log's hash chain breaks: ${CHAIN_BREAK_MESSAGES[broken.code](broken.seq)}`,
          };
        prev = e.hash!;
      }
      if (e.seq !== i + 1) return { ok: false, message: `the event log is broken at entry ${i + 1} (seq ${e.seq})` };
      // Older formats' events in this version's shapes (upcast.ts).
      const { prevHash: _p, hash: _h, ...asStored } = e;
      const plain = upcastEvent(asStored);
      last = plain;
      try {
        rebuilt = fold(rebuilt, plain);
      } catch (err) {
        return { ok: false, message: `the event log cannot be replayed (${(err as Error).message})` };
      }
    }
  } catch {
    // A line of the log that is not JSON, or a stream cut short.
    return { ok: false, message: `the event log is broken after entry ${count}: it is not JSON` };
  }
  if (!last || !rebuilt)
    return {
      ok: false,
      message: 'the file is not a Campaign Master export (events: Array must contain at least 1 element(s))',
    };
  // Every setting within its allowed range or set, and consistent with the others (requirements §3.3).
  const settings = settingsSchema.safeParse(rebuilt.settings);
  if (!settings.success) {
    const issue = settings.error.issues[0];
    return {
      ok: false,
      message: `the campaign's settings are not valid (${issue?.path.join('.') || 'settings'}: ${issue?.message ?? 'invalid'})`,
    };
  }
  const broken = uncommittedSeed(rebuilt, read.secretSeeds);
  if (broken) return { ok: false, message: broken };
  // Format 1 and 2's state was folded by an older version (format 1 kept order records without
  // their events, for one): its log is the record, and the state is what this version folds of it.
  // From format 3 on the state must be the log's.
  if (read.format >= 3 && canonicalJson(rebuilt) !== canonicalJson(upcastState(read.campaign)))
    return {
      ok: false,
      message: 'the campaign state does not match its own event log (the file was edited or damaged)',
    };
  const events = async function* (): AsyncGenerator<StoredEvent> {
    const slice = slices();
    for await (const raw of source.events()) {
      const { prevHash: _p, hash: _h, ...asStored } = raw as ExportedEvent;
      yield upcastEvent(asStored);
      if (slice.due()) await slice.pause();
    }
  };
  return { ok: true, value: { file: { ...read, campaign: rebuilt }, count, last, events } };
}

/** Where the chain breaks at the event `i` (0-based) of a file, linked after `prev`; null where it holds. */
function chainBreakAt(i: number, e: ExportedEvent, prev: string): ChainBreak | null {
  if (e.seq !== i + 1) return { code: 'seq-gap', seq: e.seq, expected: i + 1 };
  if (!e.hash || !e.prevHash) return { code: 'unchained', seq: e.seq };
  if (e.prevHash !== prev) return { code: 'link-broken', seq: e.seq };
  if (e.hash !== eventHash(prev, e)) return { code: 'event-altered', seq: e.seq };
  return null;
}

/** An export file of any importable format as text, checked and read whole (tests; the import itself streams). */
export async function parseExport(text: string): Promise<ParsedExport> {
  const checked = await checkExport(Buffer.from(text, 'utf8'));
  if (!checked.ok) return checked;
  const events: ExportedEvent[] = [];
  for await (const e of checked.value.events()) events.push(e);
  return { ok: true, value: { ...checked.value.file, events } };
}

/** Why an import is refused, for each way a file's chain can break (the message is the refusal's words). */
const CHAIN_BREAK_MESSAGES: { [K in ChainBreak['code']]: (seq: number) => string } = {
  'event-altered': (seq) => `event ${seq} was changed after it was stored`,
  'link-broken': (seq) => `event ${seq} does not link to the event before it`,
  'seq-gap': (seq) => `event ${seq} is out of sequence`,
  unchained: (seq) => `event ${seq} carries no hash`,
};

/**
 * Design §5 (UTD1.5): a campaign's dice are committed in its log before they are rolled. The secret
 * seeds a file carries, and the seeds its log published, must each hash to the commitment made for
 * them, and the secret seeds must cover every commitment: otherwise an import could swap in seeds
 * whose rolls were chosen, the old rolls would no longer verify, and the rolls to come would be
 * known to whoever wrote the file. Null when they match.
 */
function uncommittedSeed(state: CampaignState, secretSeeds: CampaignExport['secretSeeds']): string | null {
  const commitments = new Map(state.seedCommitments.map((c) => [c.fromSeq, c.hash]));
  for (const s of state.revealedSeeds) {
    if (commitments.get(s.fromSeq) !== seedCommitment(s.seed))
      return `the dice seed revealed from event ${s.fromSeq} does not hash to the commitment made for it`;
  }
  if (!secretSeeds?.length) return null;
  for (const s of secretSeeds) {
    const hash = commitments.get(s.fromSeq);
    if (hash === undefined) return `the secret dice seed from event ${s.fromSeq} was never committed in the log`;
    if (hash !== seedCommitment(s.seed))
      return `the secret dice seed from event ${s.fromSeq} does not hash to its commitment in the log`;
  }
  const covered = new Set(secretSeeds.map((s) => s.fromSeq));
  const missing = state.seedCommitments.find((c) => !covered.has(c.fromSeq));
  if (missing) return `the secret dice seed committed from event ${missing.fromSeq} is missing from the file`;
  return null;
}
