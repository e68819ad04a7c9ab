import { createHash, createHmac } from 'node:crypto';

/**
 * Verifiable dice (design §5). Every rule roll is derived from the campaign's secret seed, the
 * id (sequence number) of the event that records it, and a counter inside that event:
 *   die = uniform(HMAC-SHA256(seed, "<eventSeq>:<counter>"), sides)
 * The seed's SHA-256 is published when the campaign is created; once the seed is revealed
 * anyone can recompute every recorded roll. Tests and the playground may force the next values;
 * forced rolls are recorded as forced and never pass verification as fair rolls.
 */
export interface RollRecord {
  purpose: string;
  sides: number;
  results: number[];
  /** Counter of the first die; die i used counter + i. */
  counter: number;
  /** Sequence number of the event the roll belongs to. */
  eventSeq: number;
  forced?: true;
}

export interface DiceSource {
  /** Rolls `count` dice of `sides` faces for a stated purpose and records them. */
  roll(sides: number, count: number, purpose: string): number[];
  /** Everything rolled so far through this source. */
  readonly records: readonly RollRecord[];
}

export function seedCommitment(seedHex: string): string {
  return createHash('sha256').update(Buffer.from(seedHex, 'hex')).digest('hex');
}

/** One die from (seed, eventSeq, counter): rejection sampling over 32-bit words keeps it uniform. */
export function deriveDie(seedHex: string, eventSeq: number, counter: number, sides: number): number {
  if (!Number.isInteger(sides) || sides < 1 || sides > 0xffffffff) throw new Error(`bad die size ${sides}`);
  const limit = Math.floor(0x100000000 / sides) * sides;
  for (let round = 0; ; round++) {
    const mac = createHmac('sha256', Buffer.from(seedHex, 'hex')).update(`${eventSeq}:${counter}:${round}`).digest();
    for (let i = 0; i + 4 <= mac.length; i += 4) {
      const word = mac.readUInt32BE(i);
      if (word < limit) return (word % sides) + 1;
    }
  }
}

export class SeededDice implements DiceSource {
  private counter = 0;
  readonly records: RollRecord[] = [];

  constructor(
    private readonly seedHex: string,
    private readonly eventSeq: number,
    private readonly forced: number[] = [],
  ) {}

  roll(sides: number, count: number, purpose: string): number[] {
    const results: number[] = [];
    const first = this.counter;
    let forced = false;
    for (let i = 0; i < count; i++) {
      const next = this.forced.shift();
      if (next !== undefined) {
        if (!Number.isInteger(next) || next < 1 || next > sides) {
          throw new Error(`forced die ${next} does not fit a ${sides}-sided roll (${purpose})`);
        }
        forced = true;
        results.push(next);
      } else {
        results.push(deriveDie(this.seedHex, this.eventSeq, this.counter, sides));
      }
      this.counter++;
    }
    const record: RollRecord = { purpose, sides, results, counter: first, eventSeq: this.eventSeq };
    if (forced) record.forced = true;
    this.records.push(record);
    return results;
  }
}

export type VerifyOutcome = 'fair' | 'forced' | 'mismatch';

/** Recomputes a recorded roll from the revealed seed. */
export function verifyRoll(seedHex: string, record: RollRecord): VerifyOutcome {
  if (record.forced) return 'forced';
  for (let i = 0; i < record.results.length; i++) {
    if (deriveDie(seedHex, record.eventSeq, record.counter + i, record.sides) !== record.results[i]) return 'mismatch';
  }
  return 'fair';
}
