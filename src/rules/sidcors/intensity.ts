import { refuse } from '../errors.ts';
import { buildForces } from './force.ts';
import { RULE } from './rules.ts';
import { cannotRetreat } from './shifts.ts';
import type { PerSide, Side, SidcorsUnit } from './types.ts';

/** Battle Intensity Factors are whole numbers 1..4; their sum is the BIR (2..8). */
export function battleIntensityRating(bif: PerSide<number>): number {
  for (const side of ['A', 'B'] as const) {
    const f = bif[side];
    if (!Number.isInteger(f) || f < 1 || f > 4) {
      refuse(
        'sidcors/bad-bif',
        RULE.intensity,
        `Side ${side}'s Battle Intensity Factor must be 1, 2, 3 or 4; got ${f}.`,
      );
    }
  }
  return bif.A + bif.B;
}

/**
 * Who chooses the intensity factors: normally each side its own, secretly. If one side has only
 * units that cannot retreat (base, planet, FRD, convoy), the OTHER side selects both numbers.
 * The caller runs the secret choice; this only says who makes it.
 */
export function intensityChooser(units: readonly SidcorsUnit[]): 'each' | Side {
  const states = buildForces(units);
  const aStuck = cannotRetreat(states, 'A');
  const bStuck = cannotRetreat(states, 'B');
  if (aStuck && !bStuck) return 'B';
  if (bStuck && !aStuck) return 'A';
  return 'each';
}
