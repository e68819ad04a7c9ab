/**
 * Raids (§4.9 RADx, §7.8) and bombardment (§4.9 BOMB, T5).
 */
import { roundHalfUp } from './economy.ts';
import type { Fortification } from './forts.ts';
import type { Race } from './tables.ts';

export interface RaidInput {
  /** The raider's base AF (mission, upgrades, age included). */
  baseAF: number;
  crew: number;
  race: Race;
  troop: boolean;
  penal: boolean;
  weaponsOfficer: boolean;
  /** Flat item value; commandos count double in a raid. */
  itemsAF: number;
  commandos: number;
}

/**
 * Raid AF (§4.9): base AF × (1 + crew ± 10%/level + Orion 25% + penal 50% + troop 25% + Weapons
 * Officer 25%) + items, with commandos counting double. The success roll multiplies it by a random
 * factor in [0.75, 1.25] (`randomPct` in −25..+25); the raid succeeds if the result is above the
 * target's fortification DF.
 */
export function raidAF(r: RaidInput): number {
  let pct = (r.crew - 3) * 10;
  if (r.race === 'O') pct += 25;
  if (r.penal) pct += 50;
  if (r.troop) pct += 25;
  if (r.weaponsOfficer) pct += 25;
  return roundHalfUp(r.baseAF * (1 + pct / 100)) + r.itemsAF + 2 * r.commandos;
}

export function raidSucceeds(af: number, randomPct: number, fortDF: number): boolean {
  return roundHalfUp(af * (1 + randomPct / 100)) > fortDF;
}

/** Why a raid cannot be tried at all (§4.9): crippled, crew < 2, speed ≤ 3, or a site already raided. */
export function raidBarred(p: {
  crippled: boolean;
  crew: number;
  speed: number;
  alreadyRaided: boolean;
}): string | null {
  if (p.crippled) return 'a crippled ship cannot raid';
  if (p.crew < 2) return 'a ship with crew below 2 cannot raid';
  if (p.speed < 4) return 'a raider needs speed 4 or more';
  if (p.alreadyRaided) return 'the site has already been raided';
  return null;
}

export interface BombardInput {
  drones: number;
  /** The game's base hit chance (the text gives none, digest T5; a setting). */
  basePct: number;
  range: number;
  crew: number;
  race: Race;
  launcher: boolean;
  weaponsOfficer: boolean;
  targetTierPct: number;
  siteFighters: number;
  sitePfs: number;
  siteAce: boolean;
  siteWeapons: boolean;
  siteMarine: boolean;
  targetArea: string;
  targetPoint: string;
}

/** BOMB hit chance per drone (T5), clamped to 0–100, before the ±10% random swing. */
export function bombardPct(b: BombardInput): number {
  let pct = b.basePct;
  if (b.range < 5) pct += 5 * (5 - b.range);
  if (b.range > 5) pct -= 5 * (b.range - 5);
  if (b.crew === 2) pct -= 10;
  if (b.crew > 3) pct += 10 * (b.crew - 3);
  if (b.race === 'Z') pct += 10;
  if (b.launcher) pct += 10;
  if (b.weaponsOfficer) pct += 25;
  pct += b.targetTierPct;
  pct -= b.siteFighters * (b.siteAce ? 1.5 : 1) + b.sitePfs * (b.siteAce ? 3 : 2);
  if (b.siteWeapons) pct -= 10;
  if (b.siteMarine) pct -= 10;
  if (b.targetArea === 'NE') pct -= 50;
  if (b.targetArea === 'CC' || b.targetPoint === 'GP') pct += 10;
  return Math.max(0, Math.min(100, pct));
}

/**
 * Fort damage accumulated over one turn's bombardments of a site (§4.9 BOMB, §7.5): each ship's
 * hits reduce forts; when the forts are gone and the accumulated overkill reaches 50, the site is
 * devastated (G22: three ships of 20 against an unfortified site devastate it on the third).
 */
export interface BombardmentTally {
  fort: Fortification;
  overkill: number;
  devastated: boolean;
}

export function addBombardment(t: BombardmentTally, hits: number): BombardmentTally {
  const fromForts = Math.min(t.fort.forts, hits);
  const overkill = t.overkill + (hits - fromForts);
  const forts = t.fort.forts - fromForts;
  return {
    fort: {
      ...t.fort,
      forts,
      fighters: Math.min(t.fort.fighters, Math.floor(forts / 20)),
      pfs: Math.min(t.fort.pfs, Math.floor(forts / 50)),
      wasBase: t.fort.wasBase && forts >= 1,
    },
    overkill,
    devastated: t.devastated || (forts === 0 && overkill >= 50),
  };
}
