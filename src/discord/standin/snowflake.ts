/**
 * Snowflake ids shaped like Discord's: (ms since Discord epoch) << 22 | worker << 17 | process << 12 | increment.
 * Ids from one generator are strictly increasing, so "newest first" / `after=` paging in the stand-in
 * behaves like Discord's, and discord.js can derive plausible `createdAt` timestamps from them.
 */
export const DISCORD_EPOCH = 1_420_070_400_000n;

export class SnowflakeGenerator {
  #last = 0n;
  readonly #worker: bigint;
  readonly #clock: () => number;

  /** `clock` gives the time ids are minted at; a clock that stands still makes them a plain sequence. */
  constructor(worker = 1, clock: () => number = Date.now) {
    this.#worker = BigInt(worker & 0x1f);
    this.#clock = clock;
  }

  next(at: number = this.#clock()): string {
    let id = ((BigInt(at) - DISCORD_EPOCH) << 22n) | (this.#worker << 17n) | (1n << 12n);
    // Several ids in the same millisecond (or a clock step backwards): keep them strictly increasing.
    if (id <= this.#last) id = this.#last + 1n;
    this.#last = id;
    return id.toString();
  }
}

export function snowflakeTimestamp(id: string): number {
  return Number((BigInt(id) >> 22n) + DISCORD_EPOCH);
}

export function compareSnowflakes(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
