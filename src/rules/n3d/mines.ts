import { refuse } from '../errors.ts';
import { formatHexes, KM_PER_HEX } from './units.ts';
import { dist2, type Vec3 } from './vector.ts';

/**
 * Mines (M2.40, M2.50). A mine lies at a point with a strength (its explosion, D5.2) and a
 * detection radius its owner sets ("setting the radius that a mine detects at is a slightly more
 * important matter": the text's examples are 1 hex and half a hex). It goes off only on an impulse
 * when a unit inside that radius is scheduled to move on the traditional impulse chart (M2.40);
 * it then explodes like a ship: strength ÷ distance² to every unit (M2.50). The layer's choices
 * are secret, like a plot: only the detonation is public.
 */
export interface N3dMine {
  id: string;
  owner: string;
  pos: Vec3;
  strength: number;
  radiusKm: number;
}

/** The largest detection radius the bot accepts: a traditional mine detects in its own hex (range under 1). */
export const MINE_RADIUS_MAX_KM = KM_PER_HEX;

export function checkMine(m: N3dMine): void {
  if (!Number.isInteger(m.strength) || m.strength < 1 || m.strength > 1_000)
    refuse(
      'n3d/mine-strength',
      'M2.50',
      `A mine's explosion strength is a whole number from 1 to 1,000 (got ${m.strength}).`,
    );
  if (!Number.isSafeInteger(m.radiusKm) || m.radiusKm < 1 || m.radiusKm > MINE_RADIUS_MAX_KM)
    refuse(
      'n3d/mine-radius',
      'M2.40',
      `A mine's detection radius is from 0.0001 to 1 hex (got ${formatHexes(m.radiusKm)}).`,
    );
}

/** M2.40: the unit is within the mine's detonation zone (range up to the radius, inclusive). */
export function inDetonationZone(pos: Vec3, m: N3dMine): boolean {
  return dist2(pos, m.pos) <= BigInt(m.radiusKm) ** 2n;
}
