import { describe, expect, it } from 'vitest';
import { chainLinks, GENESIS_HASH, verifyChain, type ChainedRecord } from '../../src/rules/event-chain.ts';

type Logged = ChainedRecord & { event: Record<string, unknown> };

const event = (seq: number, amount: number): Logged => ({
  seq,
  at: '2026-03-04T15:00:00.000Z',
  actor: { userId: 'p1' },
  event: { type: 'BankCredited', amount: String(amount), nested: { b: 1, a: 2 } },
  rolls: [],
});

function stored(events: Logged[]) {
  const links = chainLinks(GENESIS_HASH, events);
  return events.map((e, i) => ({ ...e, ...links[i]! }));
}

describe('tamper-evident history: the hash chain', () => {
  it('each event links to the one before; the first to the genesis hash; key order does not matter', () => {
    const log = stored([event(1, 10), event(2, 20), event(3, 30)]);
    expect(log[0]!.prevHash).toBe(GENESIS_HASH);
    expect(log[1]!.prevHash).toBe(log[0]!.hash);
    const reordered = log.map((e) => ({ ...e, event: { nested: { a: 2, b: 1 }, ...e.event } }));
    expect(verifyChain(reordered)).toEqual({ breaks: [], head: log[2]!.hash });
  });

  it('an edited event is named, and only it; a re-hashed one breaks the link after it; a removed one leaves a gap', () => {
    const log = stored([event(1, 10), event(2, 20), event(3, 30)]);
    const edited = log.map((e) => (e.seq === 2 ? { ...e, event: { ...e.event, amount: '999' } } : e));
    expect(verifyChain(edited).breaks).toEqual([{ code: 'event-altered', seq: 2 }]);
    const rehashed = stored([event(1, 10), event(2, 999)]);
    expect(verifyChain([...rehashed, log[2]!]).breaks).toEqual([{ code: 'link-broken', seq: 3 }]);
    expect(verifyChain([log[0]!, log[2]!]).breaks).toEqual([
      { code: 'seq-gap', seq: 3, expected: 2 },
      { code: 'link-broken', seq: 3 },
    ]);
  });
});
