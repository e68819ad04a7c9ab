/**
 * Ships in play (§3, §4.9, §8.1–8.4): crews, training, repair, upgrades, refits, scrapping and
 * age, with their costs (T7). Every operation is all-or-nothing: a shortfall refuses it and
 * charges nothing (§4.9).
 */
import { type Result, fail, ok } from '../errors.ts';
import type { ShipType } from './catalog.ts';
import { type Resources, roundHalfUp, spendResource } from './economy.ts';
import type { Address } from './hex.ts';
import {
  type DamageLevel,
  type Items,
  LIMITS,
  type Mission,
  NO_ITEMS,
  type Officer,
  UPGRADE_CAPACITY,
  damageLevel,
  purchaseCrew,
} from './tables.ts';

export interface Ship {
  id: string;
  typeId: string;
  owner: number;
  name: string;
  /** Order of purchase: older ships act first in each pulse (§4.3). */
  seq: number;
  at: Address;
  /** Base factors: catalog values with mission points, upgrades and the age-15 bonus. */
  af: number;
  df: number;
  sf: number;
  hp: number;
  shields: number;
  internals: number;
  maxSpeed: number;
  /** Speed points lost to damage or terrain (REPR restores them at 10 OR each). */
  speedLost: number;
  crew: number;
  maxCrew: number;
  age: number;
  items: Items;
  capacity: Items & { repair: number };
  repairPoints: number;
  mission: Mission | null;
  officers: Officer[];
  primeTeam: boolean;
  upgraded: boolean;
  refitted: boolean;
  /** REFT adds +1 speed from the NEXT turn (§4.9). */
  refitPending: boolean;
  cloaked: boolean;
  /** Bought this turn: it cannot be given orders (§9.3). */
  boughtTurn: number;
}

export function newShip(
  t: ShipType,
  p: { id: string; owner: number; seq: number; at: Address; turn: number; name?: string },
): Ship {
  const crew = purchaseCrew(t.race);
  return {
    id: p.id,
    typeId: t.id,
    owner: p.owner,
    name: p.name ?? `${t.id} ${p.seq}`,
    seq: p.seq,
    at: p.at,
    af: t.af,
    df: t.df,
    sf: t.sf,
    hp: t.hp,
    shields: t.sf,
    internals: 0,
    maxSpeed: t.speed,
    speedLost: 0,
    crew,
    maxCrew: crew,
    age: 0,
    items: { ...NO_ITEMS },
    capacity: { ...t.capacity },
    repairPoints: t.capacity.repair,
    mission: t.mission,
    officers: [],
    primeTeam: false,
    upgraded: false,
    refitted: false,
    refitPending: false,
    cloaked: false,
    boughtTurn: p.turn,
  };
}

export function level(s: Ship): DamageLevel | 'destroyed' {
  return damageLevel(s.internals, s.hp);
}

/** Current speed: max less speed lost; crew 0 means speed 0 (§8.2). */
export function speed(s: Ship): number {
  if (s.crew === 0) return 0;
  return Math.max(0, Math.min(LIMITS.maxSpeed, s.maxSpeed - s.speedLost));
}

/**
 * Pulses a ship of speed s acts in (§4.3, §9.9): 1..s, or the last s (7−s..6) with RM ON (G26).
 */
export function activePulses(spd: number, reversedMoves: boolean): number[] {
  const s = Math.max(0, Math.min(LIMITS.maxSpeed, spd));
  return Array.from({ length: s }, (_, i) => (reversedMoves ? 7 - s + i : i + 1));
}

const REPAIR_PCT: Record<DamageLevel, number> = { none: 0, L: 10, M: 20, H: 30, C: 40 };

/** REPR cost in OR (§4.9, T7): 10% of base per damage level + 10 per lost speed point, minimum 1 (G13). */
export function repairCost(base: number, lvl: DamageLevel, speedLost: number): number {
  return Math.max(1, roundHalfUp((base * REPAIR_PCT[lvl]) / 100) + 10 * speedLost);
}

/**
 * REPR (§4.9): full repair of damage and speed, shields refilled and crew below 3 restored to 3
 * for free. All-or-nothing in OR.
 */
export function repair(s: Ship, t: ShipType, r: Resources): Result<{ ship: Ship; treasury: Resources; cost: number }> {
  const lvl = level(s);
  if (lvl === 'destroyed') return fail('warlord/destroyed', '§4.9', 'the ship is destroyed');
  const cost = repairCost(t.cost, lvl, s.speedLost);
  const paid = spendResource(r, 'OR', cost, '§4.9 REPR');
  if (!paid.ok) return paid;
  return ok({
    ship: {
      ...s,
      internals: 0,
      speedLost: 0,
      shields: s.sf,
      crew: Math.max(3, s.crew),
      maxCrew: Math.max(3, s.maxCrew),
    },
    treasury: paid.value,
    cost,
  });
}

/** SCRA refund (§4.9, T7): 25% of base ±10% per crew level away from 3 (crew 9 → 85%, crew 1 → 5%; G14). */
export function scrapRefund(base: number, crew: number): number {
  return Math.max(0, roundHalfUp((base * (25 + 10 * (crew - 3))) / 100));
}

const TRAINING_PCT: Record<number, number> = { 3: 15, 4: 30, 5: 45, 6: 60 };

/**
 * TRNG cost in PE (§4.9, §8.4, T7): 3→4 15%, 4→5 30%, 5→6 45%, 6→7 60% of base; crews below 3 pay
 * the 3→4 price; a Prime Team halves it (G15). The ceiling is 6, 7 with a Prime Team.
 */
export function trainingCost(base: number, crew: number, primeTeam: boolean): Result<number> {
  const cap = primeTeam ? 7 : 6;
  if (crew >= cap)
    return fail(
      'warlord/train-cap',
      '§4.9 TRNG',
      `training stops at crew ${cap}${primeTeam ? '' : ' (7 with a Prime Team)'}`,
    );
  const pct = TRAINING_PCT[Math.max(3, crew)] ?? 60;
  return ok(roundHalfUp((base * pct) / (primeTeam ? 200 : 100)));
}

export function train(s: Ship, t: ShipType, r: Resources): Result<{ ship: Ship; treasury: Resources; cost: number }> {
  const cost = trainingCost(t.cost, s.crew, s.primeTeam);
  if (!cost.ok) return cost;
  const paid = spendResource(r, 'PE', cost.value, '§4.9 TRNG');
  if (!paid.ok) return paid;
  const crew = Math.max(3, s.crew) + 1;
  return ok({ ship: { ...s, crew, maxCrew: Math.max(s.maxCrew, crew) }, treasury: paid.value, cost: cost.value });
}

/** The +10% of an upgrade (or the age-15 bonus), rounding .5 up (§3.7: 45 → 50, 36 → 40; G17). */
export const plusTenPct = (x: number) => roundHalfUp(x * 1.1);

/**
 * UPGR (§3.7, §3.10, §4.9): age ≥ 5, once per ship, 25% of base in OR; base AF, DF, SF and HP
 * +10% and the race's extra capacity (T8). Monsters cannot.
 */
export function upgrade(s: Ship, t: ShipType, r: Resources): Result<{ ship: Ship; treasury: Resources; cost: number }> {
  const extra = UPGRADE_CAPACITY[t.race];
  if (extra === 'forbidden') return fail('warlord/upgr-monster', '§4.9 UPGR', 'monsters cannot be upgraded');
  if (s.age < 5) return fail('warlord/upgr-age', '§3.10', `a ship can be upgraded from age 5; this one is ${s.age}`);
  if (s.upgraded) return fail('warlord/upgr-once', '§4.9 UPGR', 'a ship can be upgraded once');
  const cost = roundHalfUp((t.cost * 25) / 100);
  const paid = spendResource(r, 'OR', cost, '§4.9 UPGR');
  if (!paid.ok) return paid;
  const col = t.cls === 'BB' || t.cls === 'DN' ? 0 : t.cls === 'FF' || t.cls === 'PC' ? 1 : 2;
  const add = extra.by[col];
  const ship: Ship = {
    ...s,
    af: plusTenPct(s.af),
    df: plusTenPct(s.df),
    sf: plusTenPct(s.sf),
    hp: plusTenPct(s.hp),
    upgraded: true,
  };
  ship.capacity = { ...s.capacity };
  if (extra.item === 'crew') {
    ship.maxCrew = Math.min(9, s.maxCrew + add);
    ship.crew = Math.min(9, s.crew + add);
  } else if (extra.item) ship.capacity[extra.item] += add;
  return ok({ ship, treasury: paid.value, cost });
}

/** REFT (§4.9): Y175+, once, not speed-6 ships or monsters; 20% of base in DC; +1 speed from next turn (G16). */
export function refit(
  s: Ship,
  t: ShipType,
  r: Resources,
  year: number,
): Result<{ ship: Ship; treasury: Resources; cost: number }> {
  if (year < 175) return fail('warlord/reft-year', '§4.9 REFT', 'speed refits are available from Y175');
  if (s.refitted) return fail('warlord/reft-once', '§4.9 REFT', 'a ship can be refitted once');
  if (t.speed >= LIMITS.maxSpeed || t.race === 'M')
    return fail('warlord/reft-type', '§4.9 REFT', 'speed-6 ships and monsters cannot be refitted');
  const cost = roundHalfUp((t.cost * 20) / 100);
  const paid = spendResource(r, 'DC', cost, '§4.9 REFT');
  if (!paid.ok) return paid;
  return ok({ ship: { ...s, refitted: true, refitPending: true }, treasury: paid.value, cost });
}

/**
 * Start of turn (§3.10): every ship ages +1 (+2 with the Ship Ager special); on reaching 15 it gets
 * +10% AF, DF and SF and +1 crew (max 9). A pending refit's +1 speed takes effect (§4.9 REFT).
 */
export function ageShip(s: Ship, years = 1): Ship {
  const age = s.age + years;
  let next: Ship = { ...s, age };
  if (s.age < 15 && age >= 15) {
    next = {
      ...next,
      af: plusTenPct(s.af),
      df: plusTenPct(s.df),
      sf: plusTenPct(s.sf),
      crew: Math.min(9, s.crew + 1),
      maxCrew: Math.min(9, s.maxCrew + 1),
    };
  }
  if (s.refitPending) next = { ...next, maxSpeed: Math.min(LIMITS.maxSpeed, s.maxSpeed + 1), refitPending: false };
  return next;
}
