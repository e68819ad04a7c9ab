import { mulberry32, seededDie } from '../../../src/rules/prng.ts';
import type { MapSpec } from '../../../src/rules/thunderdome/map/types.ts';

/** The generator's die: a uniform integer 1..n, from the same seeded generator the app uses. */
export const dieFrom = seededDie;
export { mulberry32 };

/**
 * Two players on a hexagon: H0 – a – b – H1 – c – d – H0. Small enough to compute every
 * fairness figure by hand.
 */
export function hexRing(): MapSpec {
  const keys = ['H0', 'a', 'b', 'H1', 'c', 'd'];
  return {
    sectors: keys.map((key, i) => {
      const angle = (Math.PI / 3) * i;
      const s: MapSpec['sectors'][number] = {
        key,
        x: Math.round(500 + 300 * Math.cos(angle)),
        y: Math.round(500 + 300 * Math.sin(angle)),
      };
      if (key === 'H0') s.home = 0;
      if (key === 'H1') s.home = 1;
      return s;
    }),
    lanes: keys.map((k, i) => [k, keys[(i + 1) % keys.length]!] as [string, string]),
  };
}
