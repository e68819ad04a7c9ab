/**
 * A small seeded generator (mulberry32) for work that needs many random numbers at once, such as
 * generating a map: one public, recorded die seeds it, so the result is reproducible from the
 * log without recording hundreds of dice.
 */
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

/** A die function 1..n from a seed, in the shape the map generator takes. */
export function seededDie(seed: number): (n: number) => number {
  const next = mulberry32(seed);
  return (n) => 1 + Math.floor(next() * n);
}
