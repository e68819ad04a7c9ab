import { refuse } from '../errors.ts';
import { inAsteroidHex, type AsteroidHex } from './asteroids.ts';
import { formatHexes, KM_PER_HEX } from './units.ts';
import { asV3, dist2, pointSegmentDist2, segmentSegmentDist2, type Vec3 } from './vector.ts';

/**
 * Planets, moons and rings (P2.1, P2.223, P2.231) and asteroid hexes (P3.12) in an engagement.
 * Every planet and small moon is a sphere with a radius: a unit collides with it or lands on it
 * when its range from the centre is less than the radius, and is in the atmosphere when its range
 * is less than the atmosphere radius (under 0.2 hex for a class M planet). "Through a hex
 * containing a planet" becomes "the line of sight passes through the sphere". Sizes the text
 * leaves to the players are settings of each body (docs/rules-notes.md, 'n3D terrain).
 */
export type BodyKind = 'class-m-planet' | 'gas-giant' | 'small-moon' | 'planet';

export const BODY_KINDS: readonly BodyKind[] = ['class-m-planet', 'gas-giant', 'small-moon', 'planet'];

/** A planet's ring (P2.223): the band round it in its equatorial (x–z) plane, as a ring of hexes is on the map. */
export interface Ring {
  innerKm: number;
  outerKm: number;
}

/** A ring is as thick as the hex it replaces: half a hex above and below the plane. */
export const RING_HALF_THICKNESS_KM = KM_PER_HEX / 2;

export interface N3dBody {
  id: string;
  name: string;
  kind: BodyKind;
  centre: Vec3;
  radiusKm: number;
  /** Absent: no atmosphere. */
  atmosphereKm?: number;
  ring?: Ring;
}

/** P2.1: "The atmosphere radius for class M planets must be less than two tenths of a hex." */
export const CLASS_M_ATMOSPHERE_LIMIT_KM = 2_000;

/**
 * Sizes the bot gives a body placed from a battle card, where the card gives none: a class M
 * planet 0.15 hex (3,000 km across, "a few thousand kilometers") inside an atmosphere of 0.1999
 * hex, the largest the text allows; a small moon 0.1 hex; a gas giant the card's diameter.
 */
export const CARD_SIZES = {
  classM: { radiusKm: 1_500, atmosphereKm: 1_999 },
  smallMoon: { radiusKm: 1_000 },
} as const;

export function checkBody(b: N3dBody): void {
  if (!Number.isSafeInteger(b.radiusKm) || b.radiusKm < 1)
    refuse('n3d/body-radius', 'P2.1', `Every planet has a radius: give ${b.name} one of at least 0.0001 hex.`);
  if (b.atmosphereKm !== undefined) {
    if (!Number.isSafeInteger(b.atmosphereKm) || b.atmosphereKm <= b.radiusKm)
      refuse(
        'n3d/body-atmosphere',
        'P2.1',
        `${b.name}'s atmosphere radius (${formatHexes(b.atmosphereKm)}) must be larger than its radius (${formatHexes(b.radiusKm)}).`,
      );
    if (b.kind === 'class-m-planet' && b.atmosphereKm >= CLASS_M_ATMOSPHERE_LIMIT_KM)
      refuse(
        'n3d/body-atmosphere',
        'P2.1',
        `The atmosphere radius of a class M planet must be less than 0.2 hex (got ${formatHexes(b.atmosphereKm)}).`,
      );
  }
  if (b.ring) {
    const { innerKm, outerKm } = b.ring;
    if (!Number.isSafeInteger(innerKm) || !Number.isSafeInteger(outerKm) || innerKm < b.radiusKm || outerKm <= innerKm)
      refuse(
        'n3d/ring-size',
        'P2.223',
        `A ring lies outside its planet: inner radius at least ${formatHexes(b.radiusKm)} and the outer radius larger than the inner.`,
      );
  }
}

function lessThan(d2: bigint | number, radiusKm: number): boolean {
  return typeof d2 === 'bigint' ? d2 < BigInt(radiusKm) ** 2n : d2 < radiusKm * radiusKm;
}

/** P2.1 / P2.231: range from the centre less than the radius. */
export function insideBody(pos: Vec3, b: N3dBody): boolean {
  return lessThan(dist2(pos, b.centre), b.radiusKm);
}

export function inAtmosphere(pos: Vec3, b: N3dBody): boolean {
  return b.atmosphereKm !== undefined && lessThan(dist2(pos, b.centre), b.atmosphereKm);
}

/**
 * Whether a unit moving in a straight line from `from` to `to` during one impulse came within
 * `radiusKm` of the centre (movement is continuous; a fast unit must not skip through a moon).
 */
export function pathWithin(from: Vec3, to: Vec3, centre: Vec3, radiusKm: number): boolean {
  return lessThan(pointSegmentDist2(asV3(centre), asV3(from), asV3(to)), radiusKm);
}

/** P2.223 ring region: in the band of the planet's x–z plane between the inner and outer radius. */
export function inRing(pos: Vec3, b: N3dBody): boolean {
  if (!b.ring) return false;
  const dx = BigInt(pos.x - b.centre.x);
  const dz = BigInt(pos.z - b.centre.z);
  const h2 = dx * dx + dz * dz;
  return (
    Math.abs(pos.y - b.centre.y) <= RING_HALF_THICKNESS_KM &&
    h2 >= BigInt(b.ring.innerKm) ** 2n &&
    h2 <= BigInt(b.ring.outerKm) ** 2n
  );
}

/** P2.1: the line of sight from shooter to target passes through the planet or moon. */
export function lineBlockedByBody(shooter: Vec3, target: Vec3, b: N3dBody): boolean {
  return pathWithin(shooter, target, b.centre, b.radiusKm);
}

/** The asteroid hexes (P3.12 spheres) a line of fire passes through, shooter's and target's included. */
export function asteroidHexesCrossed(shooter: Vec3, target: Vec3, field: readonly AsteroidHex[]): number {
  return field.filter((a) =>
    lessThan(
      segmentSegmentDist2(asV3(shooter), asV3(target), asV3(a.centre), asV3(a.centre)),
      (a.radiusThirds * KM_PER_HEX) / 3,
    ),
  ).length;
}

/** P3.12: the asteroid hexes a unit is in (usually 0 or 1: the spheres never overlap, P3.11). */
export function asteroidHexesAt(pos: Vec3, field: readonly AsteroidHex[]): number[] {
  return field.flatMap((a, i) => (inAsteroidHex(pos, a) ? [i + 1] : []));
}
