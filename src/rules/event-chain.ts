import { createHash } from 'node:crypto';
import { canonicalJson } from './json-data.ts';

/**
 * The tamper-evident history (docs/export-format.md "The hash chain"): every stored event carries
 * the hash of the one before it, and its own hash covers that link and everything stored of the
 * event (sequence number, time, actor, the event and its dice). Changing, removing or inserting an
 * event anywhere changes every hash after it, so the last hash, the chain head, which the bot
 * posts at every turn start, vouches for the whole log up to it.
 */

/** What the first event links to. */
export const GENESIS_HASH = '0'.repeat(64);

/** An event as stored, in whatever shape it was stored (the chain covers what was written, not an upcast). */
export interface ChainedRecord {
  seq: number;
  at: string;
  actor: { userId: string; asPlayer?: string };
  event: unknown;
  rolls: unknown;
}

/** The hash of one stored event linked to the hash of the one before it: SHA-256, hex. */
export function eventHash(prevHash: string, e: ChainedRecord): string {
  // Times are hashed as the database gives them back (milliseconds, UTC), whatever string came in.
  const actor = e.actor.asPlayer ? { userId: e.actor.userId, asPlayer: e.actor.asPlayer } : { userId: e.actor.userId };
  const body = canonicalJson({ seq: e.seq, at: new Date(e.at).toISOString(), actor, event: e.event, rolls: e.rolls });
  return createHash('sha256').update(`${prevHash}\n${body}`).digest('hex');
}

/** The links of events appended after `prevHash`, in order. */
export function chainLinks(prevHash: string, events: readonly ChainedRecord[]): { prevHash: string; hash: string }[] {
  const links: { prevHash: string; hash: string }[] = [];
  let prev = prevHash;
  for (const e of events) {
    const hash = eventHash(prev, e);
    links.push({ prevHash: prev, hash });
    prev = hash;
  }
  return links;
}

/** Where a stored chain disagrees with its events. */
export type ChainBreak =
  /** The event's content no longer hashes to the hash stored with it: it was changed after it was stored. */
  | { code: 'event-altered'; seq: number }
  /** The event links to something other than the event before it: an event before it was removed, inserted or re-hashed. */
  | { code: 'link-broken'; seq: number }
  /** Sequence numbers are not 1, 2, 3, … */
  | { code: 'seq-gap'; seq: number; expected: number }
  /** Stored before events were chained: not covered (it is chained with the next command). */
  | { code: 'unchained'; seq: number };

/** A stored event with its stored links (null where it was stored before the chain). */
export type StoredLinks = ChainedRecord & { prevHash: string | null; hash: string | null };

/**
 * Recomputes a stored chain: every break, earliest first, and the head the events themselves give
 * (the stored head when nothing is broken).
 */
export function verifyChain(stored: readonly StoredLinks[]): { breaks: ChainBreak[]; head: string } {
  const check = chainChecker();
  for (const e of stored) check.add(e);
  return check.result();
}

/**
 * `verifyChain` an event at a time, for a log read in pages (and hashed in slices by the app):
 * `add` each stored event in order, then `result`.
 */
export function chainChecker(): { add(e: StoredLinks): void; result(): { breaks: ChainBreak[]; head: string } } {
  const breaks: ChainBreak[] = [];
  let prev = GENESIS_HASH;
  let i = 0;
  return {
    add(e) {
      if (e.seq !== i + 1) breaks.push({ code: 'seq-gap', seq: e.seq, expected: i + 1 });
      i++;
      const hash = eventHash(prev, e);
      if (e.hash === null || e.prevHash === null) breaks.push({ code: 'unchained', seq: e.seq });
      else if (e.prevHash !== prev) breaks.push({ code: 'link-broken', seq: e.seq });
      else if (e.hash !== hash) breaks.push({ code: 'event-altered', seq: e.seq });
      // Following the stored hashes where they exist names only the events that were touched: an
      // altered event breaks its own hash, not the links after it.
      prev = e.hash ?? hash;
    },
    result: () => ({ breaks, head: prev }),
  };
}
