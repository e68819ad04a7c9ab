import type { MapSpec } from '../../../src/rules/thunderdome/map/types.ts';

/** mulberry32: a tiny seeded PRNG, enough to drive the generator reproducibly in tests. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The generator's die: a uniform integer 1..n. */
export function dieFrom(seed: number): (n: number) => number {
  const next = mulberry32(seed);
  return (n) => 1 + Math.floor(next() * n);
}

/**
 * Two players on a hexagon: H0 – a – b – H1 – c – d – H0. Small enough to compute every
 * fairness figure by hand.
 */
export function hexRing(): MapSpec {
  const keys = ['H0', 'a', 'b', 'H1', 'c', 'd'];
  return {
    sectors: keys.map((key, i) => {
      const angle = (Math.PI / 3) * i;
      const s: MapSpec['sectors'][number] = { key, x: Math.round(500 + 300 * Math.cos(angle)), y: Math.round(500 + 300 * Math.sin(angle)) };
      if (key === 'H0') s.home = 0;
      if (key === 'H1') s.home = 1;
      return s;
    }),
    lanes: keys.map((k, i) => [k, keys[(i + 1) % keys.length]!] as [string, string]),
  };
}
