import { refuse } from '../errors.ts';
import type { SfwShipType } from './ship.ts';
import type { SfwShipState } from './ship-state.ts';
import { newShipState, takeDamage } from './ship-state.ts';

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

// ---- What a player can work out for one turn (the `/sfw starbomber|saps|captac` answers) ----

/** Light lasers reach 12 inches and may fire only at starfighters, transports, starbombers and SAPS. */
export const LIGHT_LASER_RANGE_INCHES = 12;
export const LIGHT_LASER_TARGETS: readonly SfwShipType[] = ['SF', 'GTP', 'SB', 'SAPS'];
/** "All Starbombers may travel up to a speed of 5 factors per turn" (SAPS: "similar in ... speed"). */
export const SMALL_CRAFT_MAX_SPEED = 5;

export type CraftKind = 'starbomber' | 'saps';

/** A starbomber or SAPS by its number (SB20, SAPS 40) or name (Sting), any case. */
export function findCraft(kind: CraftKind, text: string): Starbomber {
  const key = text.trim().toUpperCase().replace(/\s+/g, '');
  const table = kind === 'starbomber' ? STARBOMBERS : SAPS;
  const found = table.find((c) => c.number === key || c.name.toUpperCase() === key);
  if (!found)
    refuse(
      'sfw/no-craft',
      SMALL_CRAFT_RULE,
      `"${text.slice(0, 20)}" is not a ${kind === 'starbomber' ? 'starbomber' : 'SAPS'} of the table.`,
      `They are ${table.map((c) => `${c.number} ${c.name}`).join(', ')}.`,
    );
  return found;
}

export interface CraftTurnInput {
  craft: Starbomber;
  speed?: number;
  /** Light-laser shots this turn (one per laser factor), their range in inches and target type. */
  laserShots?: number;
  laserRange?: number;
  laserTarget?: SfwShipType;
  /** Particle weapons launched this turn, and how many the craft carried before. */
  pwLaunched?: number;
  reloadsBefore?: number;
  /** Hits those particle weapons scored on a ship of `targetPU` PU that had taken `targetDamage`. */
  pwHits?: number;
  targetPU?: number;
  targetDamage?: number;
  /** Every hit the craft has taken so far (all turns, all sources). */
  hitsTaken?: CraftHits;
}

export interface CraftTurnResult {
  craft: Starbomber;
  laserShots: number;
  pwLaunched: number;
  /** Null when the table does not give the craft's reloads (SNARL) and none were given. */
  reloadsAfter: number | null;
  /** The target ship after the particle-weapon hits, or null without one. */
  target: { pu: number; damage: number; disabled: boolean } | null;
  hits: CraftHits;
  destroyed: boolean;
  /** Light hits it can still take; 0 when destroyed. */
  lightHitsLeft: number;
}

function whole(n: number | undefined, what: string, rule: string): number {
  const v = n ?? 0;
  if (!Number.isInteger(v) || v < 0)
    refuse('sfw/bad-number', rule, `${what} must be a whole number, 0 or more (got ${v}).`);
  return v;
}

/**
 * One turn of a starbomber or SAPS (SFW "Starbombers", "Star Armored Pursuit Ships"): the speed
 * cap of 5, one light-laser shot per laser factor at range 12" against starfighters, transports,
 * starbombers and SAPS only, particle weapons up to the factors a turn and the reloads carried,
 * 10 PU per particle-weapon hit (a ship at 0 PU is disabled), and its own death: one hit from
 * offensive factors or a particle weapon, or four from CIDS and light lasers together.
 */
export function craftTurn(input: CraftTurnInput): CraftTurnResult {
  const { craft } = input;
  const speed = whole(input.speed, 'Speed', SMALL_CRAFT_RULE);
  if (speed > SMALL_CRAFT_MAX_SPEED)
    refuse(
      'sfw/craft-speed',
      SMALL_CRAFT_RULE,
      `${craft.name} travels at most ${SMALL_CRAFT_MAX_SPEED} speed factors (asked ${speed}).`,
    );
  const laserShots = whole(input.laserShots, 'Laser shots', SMALL_CRAFT_RULE);
  if (laserShots > craft.lightLasers)
    refuse(
      'sfw/too-many-lasers',
      SMALL_CRAFT_RULE,
      `${craft.name} fires one shot per light-laser factor a turn: at most ${craft.lightLasers} (asked ${laserShots}).`,
    );
  if (laserShots > 0) {
    if (input.laserTarget && !LIGHT_LASER_TARGETS.includes(input.laserTarget))
      refuse(
        'sfw/laser-target',
        SMALL_CRAFT_RULE,
        `Light lasers may not fire at a ${input.laserTarget}: only at starfighters, transports, starbombers and SAPS, never at destroyer size or larger.`,
      );
    if (input.laserRange !== undefined && input.laserRange > LIGHT_LASER_RANGE_INCHES)
      refuse(
        'sfw/laser-range',
        SMALL_CRAFT_RULE,
        `Light lasers reach ${LIGHT_LASER_RANGE_INCHES}" (the target is ${input.laserRange}").`,
      );
  }
  const pwLaunched = whole(input.pwLaunched, 'Particle weapons launched', SMALL_CRAFT_RULE);
  const before = input.reloadsBefore ?? craft.reloads;
  let reloadsAfter: number | null = null;
  if (before === null) {
    if (pwLaunched > 0)
      refuse(
        'sfw/reloads-unknown',
        SMALL_CRAFT_RULE,
        `The table does not give ${craft.name}'s reloads: say how many it carries (reloads:).`,
      );
  } else {
    reloadsAfter = launchParticleWeapons(craft, whole(before, 'Reloads', SMALL_CRAFT_RULE), pwLaunched);
  }
  const pwHits = whole(input.pwHits, 'Particle-weapon hits', SMALL_CRAFT_RULE);
  if (pwHits > pwLaunched)
    refuse('sfw/bad-hits', SMALL_CRAFT_RULE, `${pwHits} hits from ${pwLaunched} particle weapons launched.`);
  let target: CraftTurnResult['target'] = null;
  if (input.targetPU !== undefined) {
    const pu = input.targetPU;
    if (!Number.isInteger(pu) || pu < 1)
      refuse('sfw/bad-number', SMALL_CRAFT_RULE, 'The target ship has at least 1 PU.');
    const damage = Math.min(
      pu,
      whole(input.targetDamage, 'Target damage', SMALL_CRAFT_RULE) + pwHits * PARTICLE_WEAPON_DAMAGE,
    );
    target = { pu, damage, disabled: damage >= pu };
  }
  const hits = input.hitsTaken ?? { heavy: 0, light: 0 };
  whole(hits.heavy, 'Heavy hits', SMALL_CRAFT_RULE);
  whole(hits.light, 'Light hits', SMALL_CRAFT_RULE);
  const destroyed = craftDestroyed(hits);
  return {
    craft,
    laserShots,
    pwLaunched,
    reloadsAfter,
    target,
    hits,
    destroyed,
    lightHitsLeft: destroyed ? 0 : LIGHT_HITS_TO_KILL - hits.light,
  };
}

export interface CapTacInput {
  /** CapTacs in tow by one ship's tractor, and that ship's speed. */
  towed?: number;
  towSpeed?: number;
  /** Inches from the towing (or activating) ship to the target. */
  range?: number;
  /** CapTac hits on the target, and the target's PU and damage before them. */
  hits?: number;
  targetPU?: number;
  targetDamage?: number;
  /** CapTacs shot down by CIDS or starfighter lasers while in tow (before launch). */
  shotDownInTow?: number;
  towerPU?: number;
  towerDamage?: number;
  /** Inches from a friendly ship to a drifting CapTac it would activate. */
  activateFrom?: number;
}

export interface CapTacResult {
  problems: string[];
  /** Still in tow after those shot down. */
  survivingInTow: number;
  target: { pu: number; damage: number; disabled: boolean; specialDamageRolls: number } | null;
  tower: { pu: number; damage: number; disabled: boolean } | null;
}

/**
 * CapTacs (SFW "CapTacs"): one tractor tows at most 2, at speed 2 or less; range 18"; a hit does
 * 40 PU and always calls for a Special Damage roll, whatever the damage so far; one CIDS or
 * starfighter-laser hit destroys one, and one destroyed in tow does 25 PU to the towing ship;
 * a drifting CapTac is activated by a friendly ship within 30". Any number may attack one target.
 */
export function capTacTurn(input: CapTacInput): CapTacResult {
  const towed = whole(input.towed, 'CapTacs towed', CAPTAC_RULE);
  const towSpeed = whole(input.towSpeed, 'Tow speed', CAPTAC_RULE);
  const problems = checkCapTacTow(towed, towSpeed);
  if (input.range !== undefined && input.range > CAPTAC_RANGE_INCHES)
    problems.push(`A CapTac reaches ${CAPTAC_RANGE_INCHES}" (the target is ${input.range}").`);
  if (input.activateFrom !== undefined && input.activateFrom > CAPTAC_ACTIVATION_RANGE_INCHES)
    problems.push(
      `A drifting CapTac is activated by a friendly ship within ${CAPTAC_ACTIVATION_RANGE_INCHES}" (that ship is ${input.activateFrom}" away).`,
    );
  const shotDown = whole(input.shotDownInTow, 'CapTacs shot down', CAPTAC_RULE);
  if (shotDown > towed)
    refuse('sfw/bad-number', CAPTAC_RULE, `${shotDown} CapTacs shot down of ${towed} in tow (give towed:).`);
  const hits = whole(input.hits, 'CapTac hits', CAPTAC_RULE);
  let target: CapTacResult['target'] = null;
  if (input.targetPU !== undefined) {
    let state = { ...newState(input.targetPU, whole(input.targetDamage, 'Target damage', CAPTAC_RULE)) };
    for (let k = 0; k < hits; k++) state = capTacHit(state).state;
    target = { pu: state.maxPU, damage: state.damage, disabled: state.damage >= state.maxPU, specialDamageRolls: hits };
  }
  let tower: CapTacResult['tower'] = null;
  if (input.towerPU !== undefined) {
    let state = newState(input.towerPU, whole(input.towerDamage, 'Tower damage', CAPTAC_RULE));
    for (let k = 0; k < shotDown; k++) state = capTacLostInTow(state);
    tower = { pu: state.maxPU, damage: state.damage, disabled: state.damage >= state.maxPU };
  }
  return { problems, survivingInTow: Math.max(0, towed - shotDown), target, tower };
}

function newState(pu: number, damage: number): SfwShipState {
  if (!Number.isInteger(pu) || pu < 1) refuse('sfw/bad-number', CAPTAC_RULE, 'A ship has at least 1 PU.');
  return takeDamage(newShipState(pu), Math.min(pu, damage));
}
