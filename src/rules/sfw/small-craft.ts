import { refuse } from '../errors.ts';
import type { SfwShipState } from './ship-state.ts';
import { takeDamage } from './ship-state.ts';

/**
 * Starbombers, SAPS and CapTacs (digest C.2.4–C.2.5). Tables: assets/tables/sfw/sfw_starbombers.csv
 * and sfw_saps.csv; reloads marked "?" there are OCR guesses and SNARL's is missing (W10).
 */
export const SMALL_CRAFT_RULE = 'SFW Starbombers and SAPS';
export const CAPTAC_RULE = 'SFW CapTacs';

export interface Starbomber {
  readonly number: string;
  readonly name: string;
  readonly lightLasers: number;
  /** Particle weapons launched per turn. */
  readonly particleFactors: number;
  /** Particle weapons carried in all; null where the source is missing. */
  readonly reloads: number | null;
  readonly speed: number;
}

export const STARBOMBERS: readonly Starbomber[] = [
  { number: 'SB01', name: 'MARS', lightLasers: 6, particleFactors: 4, reloads: 8, speed: 5 },
  { number: 'SB20', name: 'STING', lightLasers: 4, particleFactors: 4, reloads: 10, speed: 5 },
  { number: 'SB40', name: 'BUZZARD', lightLasers: 5, particleFactors: 5, reloads: 9, speed: 5 },
  { number: 'SB60', name: 'WAHOO', lightLasers: 5, particleFactors: 4, reloads: 9, speed: 5 },
  { number: 'SB80', name: 'SNARL', lightLasers: 4, particleFactors: 6, reloads: null, speed: 5 },
];

export const SAPS: readonly Starbomber[] = [
  { number: 'SAPS01', name: 'Dauntless', lightLasers: 10, particleFactors: 0, reloads: 0, speed: 5 },
  { number: 'SAPS20', name: 'Louse', lightLasers: 11, particleFactors: 0, reloads: 0, speed: 5 },
  { number: 'SAPS40', name: 'Sparrow', lightLasers: 10, particleFactors: 0, reloads: 0, speed: 5 },
  { number: 'SAPS60', name: 'Dolphin', lightLasers: 9, particleFactors: 0, reloads: 0, speed: 5 },
  { number: 'SAPS80', name: 'Kitten', lightLasers: 8, particleFactors: 0, reloads: 0, speed: 5 },
];

/** A particle-weapon hit on a ship does 10 PU (Pirahna: 2 hits = 20, a third = 30). */
export const PARTICLE_WEAPON_DAMAGE = 10;
export const CAPTAC_HIT_DAMAGE = 40;
/** A CapTac shot down while in tow blows out the tractor: 25 PU to the towing ship. */
export const CAPTAC_TOW_LOSS_DAMAGE = 25;
export const CAPTACS_PER_TRACTOR = 2;
export const CAPTAC_TOW_SPEED = 2;
export const CAPTAC_RANGE_INCHES = 18;
export const CAPTAC_ACTIVATION_RANGE_INCHES = 30;

/**
 * Hits on a starbomber or SAPS: one from Offensive Factors or a particle weapon destroys it;
 * otherwise CIDS and light-laser hits add up, over turns and sources, to 4.
 */
export interface CraftHits {
  readonly heavy: number;
  readonly light: number;
}

export const LIGHT_HITS_TO_KILL = 4;

export function addHits(hits: CraftHits, more: Partial<CraftHits>): CraftHits {
  return { heavy: hits.heavy + (more.heavy ?? 0), light: hits.light + (more.light ?? 0) };
}

export function craftDestroyed(hits: CraftHits): boolean {
  return hits.heavy >= 1 || hits.light >= LIGHT_HITS_TO_KILL;
}

/** Launches particle weapons: no more than the factors per turn, nor than the reloads left. Returns reloads left. */
export function launchParticleWeapons(craft: Starbomber, reloadsLeft: number, count: number): number {
  if (!Number.isInteger(count) || count < 0)
    refuse('sfw/bad-launch', SMALL_CRAFT_RULE, `Launch a whole number of particle weapons (got ${count}).`);
  if (count > craft.particleFactors)
    refuse(
      'sfw/too-many-pw',
      SMALL_CRAFT_RULE,
      `${craft.name} launches at most ${craft.particleFactors} particle weapons a turn (asked ${count}).`,
    );
  if (count > reloadsLeft)
    refuse(
      'sfw/no-reloads',
      SMALL_CRAFT_RULE,
      `${craft.name} has ${reloadsLeft} particle weapons left (asked ${count}).`,
    );
  return reloadsLeft - count;
}

/** Particle-weapon hits on a ship. */
export function particleWeaponHits(state: SfwShipState, hits: number): SfwShipState {
  return takeDamage(state, hits * PARTICLE_WEAPON_DAMAGE);
}

/** A CapTac hit: 40 PU and a Special Damage roll whatever the damage so far. */
export function capTacHit(state: SfwShipState): { state: SfwShipState; specialDamageRoll: true } {
  return { state: takeDamage(state, CAPTAC_HIT_DAMAGE), specialDamageRoll: true };
}

export function capTacLostInTow(tower: SfwShipState): SfwShipState {
  return takeDamage(tower, CAPTAC_TOW_LOSS_DAMAGE);
}

/** A ship tows CapTacs with one tractor beam only: at most 2, at speed 2 or less. */
export function checkCapTacTow(captacs: number, speed: number): string[] {
  const problems: string[] = [];
  if (captacs > CAPTACS_PER_TRACTOR)
    problems.push(`One tractor beam tows at most ${CAPTACS_PER_TRACTOR} CapTacs (asked ${captacs}).`);
  if (captacs > 0 && speed > CAPTAC_TOW_SPEED)
    problems.push(`A ship towing CapTacs may not exceed speed ${CAPTAC_TOW_SPEED} (asked ${speed}).`);
  return problems;
}
