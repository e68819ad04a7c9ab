import { z } from 'zod';
import type { CampaignState, StoredEvent } from '../rules/thunderdome/index.ts';
import { rulesetOf } from './rulesets.ts';
import { settingsSchema } from '../rules/thunderdome/settings.ts';
import { upcastEvent, upcastState } from '../rules/thunderdome/upcast.ts';
import { seedCommitment } from '../rules/dice.ts';
import { canonicalJson } from '../rules/json-data.ts';
import { verifyChain, type ChainBreak } from '../rules/event-chain.ts';

export { canonicalJson };

/**
 * The export file (docs/export-format.md): the whole public state, the full event log, and the
 * stored clocks. The secret dice seed is included only when an admin asks for it, so that a
 * campaign moved to another server keeps its rolls verifiable.
 */
export const EXPORT_FORMAT = 3;
/**
 * The formats an import reads: format 1 stored some reasons as English sentences; the upcaster
 * (rules/thunderdome/upcast.ts) reads its events and state as format 2's. Format 3 adds the hash
 * chain (`prevHash`, `hash` on every event), which the import checks; older files have none.
 */
export const IMPORTABLE_FORMATS = [1, 2, 3] as const;
export const EXPORT_MAX_BYTES = 8 * 1024 * 1024;

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

const exportSchema = z.object({
  format: z.union(IMPORTABLE_FORMATS.map((n) => z.literal(n))),
  kind: z.literal('campaign-master/campaign'),
  exportedAt: z.string(),
  campaign: z
    .object({ format: z.literal(1), ruleset: z.literal('thunderdome-iii'), id: z.string(), name: z.string() })
    .passthrough(),
  events: z.array(storedEventSchema).min(1),
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

export type ParsedExport = { ok: true; value: CampaignExport } | { ok: false; message: string };

/** Validates an uploaded export: shape, unbroken sequence, and that the log really rebuilds the state. */
export function parseExport(text: string): ParsedExport {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: 'the file is not JSON' };
  }
  const parsed = exportSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      message: `the file is not a Campaign Master export (${issue?.path.join('.') || 'file'}: ${issue?.message ?? 'invalid'})`,
    };
  }
  const read = parsed.data as unknown as CampaignExport;
  // Format 3: the log's hash chain, over the events as the file holds them (before any upcast).
  if (read.format >= 3) {
    const chained = read.events.map((e) => ({ ...e, prevHash: e.prevHash ?? null, hash: e.hash ?? null }));
    const [first] = verifyChain(chained).breaks;
    if (first)
      return {
        ok: false,
        message: `the event log's hash chain breaks: ${CHAIN_BREAK_MESSAGES[first.code](first.seq)}`,
      };
  }
  // Older formats' events and state, in this version's shapes (upcast.ts).
  const file: CampaignExport = { ...read, events: read.events.map(upcastEvent), campaign: upcastState(read.campaign) };
  for (let i = 0; i < file.events.length; i++) {
    if (file.events[i]!.seq !== i + 1)
      return { ok: false, message: `the event log is broken at entry ${i + 1} (seq ${file.events[i]!.seq})` };
  }
  let rebuilt: CampaignState | null;
  try {
    const ruleset = rulesetOf(file.campaign.ruleset);
    rebuilt = null;
    for (const e of file.events) rebuilt = ruleset.apply(rebuilt, e);
  } catch (err) {
    return { ok: false, message: `the event log cannot be replayed (${(err as Error).message})` };
  }
  // Every setting within its allowed range or set, and consistent with the others (requirements §3.3).
  const settings = settingsSchema.safeParse(rebuilt?.settings);
  if (!settings.success) {
    const issue = settings.error.issues[0];
    return {
      ok: false,
      message: `the campaign's settings are not valid (${issue?.path.join('.') || 'settings'}: ${issue?.message ?? 'invalid'})`,
    };
  }
  const broken = uncommittedSeed(rebuilt!, file.secretSeeds);
  if (broken) return { ok: false, message: broken };
  // An older format's state was folded by an older version (format 1 kept order records without
  // their events, for one): its log is the record, and the state is what this version folds of it.
  if (file.format < EXPORT_FORMAT) return { ok: true, value: { ...file, campaign: rebuilt! } };
  if (canonicalJson(rebuilt) !== canonicalJson(file.campaign)) {
    return {
      ok: false,
      message: 'the campaign state does not match its own event log (the file was edited or damaged)',
    };
  }
  return { ok: true, value: file };
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
