import { refuse } from '../errors.ts';
import type { SfwShip } from './ship.ts';
import { TYPE_SPEED_CAP } from './ship.ts';

/**
 * Power allocation (Starfleet Wars rulebook p. 5 as used by the supplement; digest C.2.1). Every
 * factor of speed, offence or defence costs its square in power units, checked against six
 * worked examples (VICTORY 3² + 18² + 12² = 477 ≤ 480, the fortress, the MAD, INVINCIBLE, Pirahna).
 */
const RULE = 'SFW power allocation';

export interface Factors {
  readonly speed: number;
  readonly of: number;
  readonly df: number;
}

/** Special-damage penalties on the *calculated* factors: the PU are spent, fewer factors arrive. */
export interface FactorPenalties {
  readonly of: number;
  readonly df: number;
  readonly speed: number;
  /** Laser dynamo hit (94) or dynamo explosion (DCT 99): no offensive factors at all. */
  readonly noOF: boolean;
  /** Field generators shorted (DCT 98–99). */
  readonly noDF: boolean;
}

export const NO_PENALTIES: FactorPenalties = { of: 0, df: 0, speed: 0, noOF: false, noDF: false };

export interface PowerAllocation {
  readonly legal: boolean;
  readonly problems: string[];
  readonly available: number;
  readonly used: number;
  readonly left: number;
  /** 0 PU left: "disabled and the crew dead" (starbomber example). */
  readonly disabled: boolean;
  readonly calculated: Factors;
  /** After penalties and SGD bonuses: what the ship fights with this turn. */
  readonly effective: Factors;
  readonly sgdBonus: boolean;
}

export function factorCost(factor: number): number {
  return factor * factor;
}

/** The most factors `pu` can buy in one system: ⌊√pu⌋ (300 PU → 17). Exact for any safe integer. */
export function maxFactors(pu: number): number {
  if (pu <= 0) return 0;
  let f = Math.floor(Math.sqrt(pu));
  while (f * f > pu) f--;
  while ((f + 1) * (f + 1) <= pu) f++;
  return f;
}

export function availablePU(maxPU: number, damage: number): number {
  return Math.max(0, maxPU - damage);
}

/** The SGD additional factors stop "when a ship suffers a loss of 75%" (Rec. ≥ 75%, W14): VICTORY keeps them at 359 damage, loses them at 360. */
export function sgdBonusActive(maxPU: number, damage: number): boolean {
  return 4 * damage < 3 * maxPU;
}

function wholeFactor(value: number, what: string): void {
  if (!Number.isInteger(value) || value < 0)
    refuse('sfw/bad-factor', RULE, `${what} must be a whole number of factors, 0 or more (got ${value}).`);
}

export function speedCap(ship: SfwShip): number | undefined {
  return ship.maxSpeed ?? TYPE_SPEED_CAP[ship.type];
}

/**
 * Checks a requested allocation against the ship's power and caps and works out the factors it
 * fights with. `extraPU` is anything else bought from the same pool (particle-weapon reloads:
 * their cost is in the core rulebook, not the supplement, W17).
 */
export function checkPowerAllocation(
  ship: SfwShip,
  damage: number,
  request: Factors,
  penalties: FactorPenalties = NO_PENALTIES,
  extraPU = 0,
): PowerAllocation {
  wholeFactor(request.speed, 'Speed');
  wholeFactor(request.of, 'Offensive Factors');
  wholeFactor(request.df, 'Defensive Factors');
  if (!Number.isInteger(damage) || damage < 0)
    refuse('sfw/bad-damage', RULE, `Damage must be a whole number of PU, 0 or more (got ${damage}).`);
  if (!Number.isInteger(extraPU) || extraPU < 0)
    refuse('sfw/bad-extra', RULE, `Extra PU must be a whole number, 0 or more (got ${extraPU}).`);

  const available = availablePU(ship.maxPU, damage);
  const used = factorCost(request.speed) + factorCost(request.of) + factorCost(request.df) + extraPU;
  const problems: string[] = [];
  if (used > available) {
    problems.push(
      `${ship.name} has ${available} PU but the allocation costs ${used} (${request.speed}² + ${request.of}² + ${request.df}²${extraPU ? ` + ${extraPU}` : ''}).`,
    );
  }
  const cap = speedCap(ship);
  if (cap !== undefined && request.speed > cap)
    problems.push(`${ship.name} may not exceed speed ${cap} (asked ${request.speed}).`);
  if (ship.maxOF !== undefined && request.of > ship.maxOF)
    problems.push(`${ship.name} has at most ${ship.maxOF} Offensive Factors (asked ${request.of}).`);
  if (ship.maxDF !== undefined && request.df > ship.maxDF)
    problems.push(`${ship.name} has at most ${ship.maxDF} Defensive Factors (asked ${request.df}).`);

  const sgdBonus = ship.type === 'SGD' && sgdBonusActive(ship.maxPU, damage);
  const of = penalties.noOF ? 0 : Math.max(0, request.of - penalties.of) + (sgdBonus ? (ship.addlOF ?? 0) : 0);
  const df = penalties.noDF ? 0 : Math.max(0, request.df - penalties.df) + (sgdBonus ? (ship.addlDF ?? 0) : 0);
  const speed = Math.max(0, request.speed - penalties.speed);
  return {
    legal: problems.length === 0,
    problems,
    available,
    used,
    left: available - used,
    disabled: available === 0,
    calculated: request,
    effective: { speed, of, df },
    sgdBonus,
  };
}

/** The largest defensive factor the PU left after speed and offence can buy, within the ship's cap. */
export function bestDefense(ship: SfwShip, damage: number, speed: number, of: number, extraPU = 0): number {
  const left = availablePU(ship.maxPU, damage) - factorCost(speed) - factorCost(of) - extraPU;
  const df = maxFactors(left);
  return ship.maxDF === undefined ? df : Math.min(df, ship.maxDF);
}
