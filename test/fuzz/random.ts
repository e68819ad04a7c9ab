import { createHash } from 'node:crypto';
import { mulberry32 } from '../../src/rules/prng.ts';

/** The fuzzer's seeded randomness: the same seed gives the same commands, so a failure replays. */
export class Rng {
  private readonly next: () => number;

  constructor(readonly seed: string) {
    this.next = mulberry32(createHash('sha256').update(seed).digest().readUInt32LE(0));
  }

  float(): number {
    return this.next();
  }

  /** 0 … n-1 */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  between(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from nothing');
    return items[this.int(items.length)]!;
  }

  /** Picks by weight: [[weight, value], …] */
  weighted<T>(items: readonly (readonly [number, T])[]): T {
    const total = items.reduce((s, [w]) => s + w, 0);
    let x = this.next() * total;
    for (const [w, v] of items) {
      if ((x -= w) < 0) return v;
    }
    return items.at(-1)![1];
  }

  bytes(n: number): Buffer {
    const out = Buffer.alloc(n);
    for (let i = 0; i < n; i++) out[i] = this.int(256);
    return out;
  }
}
