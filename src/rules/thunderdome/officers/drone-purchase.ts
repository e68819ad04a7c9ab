import { refuse } from '../../errors.ts';
import type { Bpv } from '../../exact/bpv.ts';
import type { Settings } from '../settings.ts';
import type { UnitInfo } from '../units.ts';
import { explainDroneLimit, extraDroneCost, extraDroneLimit } from './drones.ts';

/** A sanity bound on one order's count, far above any UTD7.A8321 limit (12 + 3 + 12 = 27). */
const MAX_IN_ONE_ORDER = 100;

/**
 * UTD7.A831–7.A8324: checks `adding` extra drones bought with a build or refit of `ship` (id for
 * the message) into configuration `unit`, on top of `already` bought before, and returns their
 * price (UTD7.A81: it is added to the ship's BPV). Whole drones beyond the limit come only from
 * the CO pool (UTD7.A831).
 */
export function extraDronePrice(
  settings: Settings,
  unit: UnitInfo,
  label: string,
  already: number,
  adding: number,
): Bpv {
  if (!Number.isInteger(adding) || adding < 0 || adding > MAX_IN_ONE_ORDER)
    refuse('drones/bad-count', 'UTD7.A832', `Give a whole number of extra drones from 0 to ${MAX_IN_ONE_ORDER}.`);
  if (adding > 0) {
    const limit = extraDroneLimit(unit);
    if (limit === 0)
      refuse('drones/not-a-drone-ship', 'UTD7.A8', `${label} uses no drones, so it cannot buy extra drones.`);
    if (already + adding > limit) {
      const had = already ? ` It already carries ${already}.` : '';
      refuse(
        'drones/limit',
        'UTD7.A8321',
        `${label} may buy at most ${limit} extra drones at build or refit (${explainDroneLimit(unit)}); ${already + adding} asked.${had}`,
        'More whole drones can only be bought from the CO pool before a battle (UTD7.A831).',
      );
    }
  }
  return extraDroneCost(adding, settings['drones.extraBpvEach']);
}
