import { createHash } from 'node:crypto';
import { mulberry32 } from '../rules/prng.ts';

/** The simulator's seeded randomness: the same seed plays the same campaign, so a failure replays. */
export class SimRng {
  private readonly next: () => number;

  constructor(readonly seed: string) {
    this.next = mulberry32(createHash('sha256').update(seed).digest().readUInt32LE(0));
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

  /** Some of `items` (each kept with chance `p`), in order. */
  some<T>(items: readonly T[], p: number): T[] {
    return items.filter(() => this.next() < p);
  }

  /** Picks by weight: [[weight, value], …]; entries of weight 0 are never picked. */
  weighted<T>(items: readonly (readonly [number, T])[]): T {
    const total = items.reduce((s, [w]) => s + w, 0);
    let x = this.next() * total;
    for (const [w, v] of items) {
      if (w > 0 && (x -= w) < 0) return v;
    }
    return items.filter(([w]) => w > 0).at(-1)![1];
  }
}
