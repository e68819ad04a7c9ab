import { refuse } from '../errors.ts';
import type { FactorPenalties } from './power.ts';
import type { SpecialDamageCode, SpecialDamageOptions, SpecialDamageResult } from './special-damage.ts';
import { SPECIAL_DAMAGE_RULE, specialDamageFor, specialDamageRequired } from './special-damage.ts';

/**
 * One ship's damage through a battle: PU lost, the high-water mark that kills damage-control
 * teams, PU repaired so far (capped per battle), and the special-damage effects in force.
 * Values are immutable; every function returns a new state.
 */
export interface ActiveEffect {
  readonly id: number;
  readonly code: SpecialDamageCode;
  /** Factors or CIDS rolls still taken away (2, less after factor repairs). */
  readonly size: number;
  readonly rolledOnTurn: number;
  /** Last turn the effect applies; null = until repaired or permanent. */
  readonly lastTurn: number | null;
}

export interface SfwShipState {
  readonly maxPU: number;
  readonly damage: number;
  /** Highest damage ever reached: damage-control teams once lost never return. */
  readonly maxDamageTaken: number;
  readonly puRepaired: number;
  readonly effects: readonly ActiveEffect[];
  readonly nextEffectId: number;
  readonly destroyed: boolean;
  /** Damage control 99 on Offensive Factors: "all offensive factors lost permanently". */
  readonly ofLost: boolean;
  /** Damage control 98–99 on Defensive Factors. */
  readonly dfLost: boolean;
}

export function newShipState(maxPU: number, damage = 0): SfwShipState {
  if (!Number.isInteger(maxPU) || maxPU <= 0)
    refuse('sfw/bad-pu', 'SFW power units', `A ship needs a whole number of PU above 0 (got ${maxPU}).`);
  const state: SfwShipState = {
    maxPU,
    damage: 0,
    maxDamageTaken: 0,
    puRepaired: 0,
    effects: [],
    nextEffectId: 1,
    destroyed: false,
    ofLost: false,
    dfLost: false,
  };
  return damage === 0 ? state : takeDamage(state, damage);
}

/** PU damage; a ship cannot lose more than it has (at 0 PU it is disabled). */
export function takeDamage(state: SfwShipState, pu: number): SfwShipState {
  if (!Number.isInteger(pu) || pu < 0)
    refuse('sfw/bad-damage', 'SFW power units', `Damage must be a whole number of PU, 0 or more (got ${pu}).`);
  const damage = Math.min(state.maxPU, state.damage + pu);
  return { ...state, damage, maxDamageTaken: Math.max(state.maxDamageTaken, damage) };
}

export function needsSpecialDamageRoll(state: SfwShipState): boolean {
  return !state.destroyed && specialDamageRequired(state.maxPU, state.damage);
}

/** Applies a Special Damage roll made on `turn`. Timed effects start the following turn. */
export function applySpecialDamage(
  state: SfwShipState,
  roll: number,
  turn: number,
  options: SpecialDamageOptions = {},
): { state: SfwShipState; result: SpecialDamageResult } {
  if (state.destroyed) refuse('sfw/destroyed', SPECIAL_DAMAGE_RULE, 'The ship is already destroyed.');
  const result = specialDamageFor(roll, options);
  if (result.code === 'none') return { state, result };
  if (result.code === 'reactors-critical') return { state: { ...state, destroyed: true }, result };
  const effect: ActiveEffect = {
    id: state.nextEffectId,
    code: result.code,
    size: result.size,
    rolledOnTurn: turn,
    lastTurn: result.turns === null ? null : turn + result.turns,
  };
  return { state: { ...state, effects: [...state.effects, effect], nextEffectId: state.nextEffectId + 1 }, result };
}

export function isActive(effect: ActiveEffect, turn: number): boolean {
  return turn > effect.rolledOnTurn && (effect.lastTurn === null || turn <= effect.lastTurn);
}

/** Drops timed effects that have run out by `turn`. */
export function expireEffects(state: SfwShipState, turn: number): SfwShipState {
  const effects = state.effects.filter((e) => e.lastTurn === null || turn <= e.lastTurn);
  return effects.length === state.effects.length ? state : { ...state, effects };
}

function total(state: SfwShipState, turn: number, code: SpecialDamageCode): number {
  return state.effects.filter((e) => e.code === code && isActive(e, turn)).reduce((sum, e) => sum + e.size, 0);
}

function has(state: SfwShipState, turn: number, code: SpecialDamageCode): boolean {
  return state.effects.some((e) => e.code === code && isActive(e, turn));
}

/** The penalties on the factors calculated for `turn` (several hits of the same kind add up). */
export function penaltiesOn(state: SfwShipState, turn: number): FactorPenalties {
  return {
    of: total(state, turn, 'of-minus-2'),
    df: total(state, turn, 'df-minus-2'),
    speed: total(state, turn, 'speed-minus-2'),
    noOF: state.ofLost || has(state, turn, 'laser-dynamo'),
    noDF: state.dfLost,
  };
}

/** Other consequences a referee needs on `turn`. */
export function restrictionsOn(
  state: SfwShipState,
  turn: number,
): {
  sensorRangeInches: number | null;
  particleWeapons: boolean;
  attackCraftLaunch: boolean;
  cidsRollsLost: number;
  ftl: boolean;
} {
  return {
    sensorRangeInches: has(state, turn, 'sensors') ? 36 : null,
    particleWeapons: !has(state, turn, 'pw-launchers-destroyed'),
    attackCraftLaunch: !has(state, turn, 'no-attack-craft-launch'),
    cidsRollsLost: total(state, turn, 'cids-minus-2-rolls'),
    ftl: !has(state, turn, 'stardrive-crippled'),
  };
}
