/**
 * Fortifications, bases and garrisons (§6, §9.4, §10.4, T13). Fort points are also the site's hit
 * points; fortification DF = forts/4; fighters (≤ forts/20) and PFs (≤ forts/50) may be garrisoned.
 */
import { roundHalfUp } from './economy.ts';
import { type BaseTier, TIER_TABLE, baseTier } from './tables.ts';

export interface Fortification {
  forts: number;
  fighters: number;
  pfs: number;
  /**
   * Whether the site had formed a base. A base knocked below 200 but holding ≥1 fort is a
   * "damaged" base, still a base (T13), unless a Lyran in the attacking fleet stripped it (§2.12).
   */
  wasBase: boolean;
}

export function fortification(forts: number, fighters = 0, pfs = 0): Fortification {
  return { forts, fighters, pfs, wasBase: forts >= TIER_TABLE.BS.min };
}

/** Garrison capacity (§4.9 GARR, §9.4): fighters ≤ forts/20, PFs ≤ forts/50 (G31: 600 → 30 and 12). */
export function garrisonCapacity(forts: number): { fighters: number; pfs: number } {
  return { fighters: Math.floor(forts / 20), pfs: Math.floor(forts / 50) };
}

export type TierStatus = BaseTier | 'damaged base';

/** The site's status: a tier by forts (T13), or a damaged base (a base below 200 with ≥1 fort). */
export function tierStatus(f: Fortification): TierStatus {
  const t = baseTier(f.forts);
  if ((t === 'none' || t === 'defsats') && f.wasBase && f.forts >= 1) return 'damaged base';
  return t;
}

export function isBase(f: Fortification): boolean {
  const s = tierStatus(f);
  return s !== 'none' && s !== 'defsats';
}

/**
 * Fortification DF (§10.2, §10.4): forts/4 rounded, then the percentage bonuses (site Weapons
 * Officer +20%, Marine Major +20%, Starbase passive +20%, asteroids +10%). The worked example
 * (§10.5) rounds forts/4 before the bonus (115 → 28.75 → 29 → ×1.3 → 38); `roundFirst: false`
 * rounds once at the end (→ 37). Garrison fighters and PFs are not scaled.
 */
export function fortDF(forts: number, pct: number, roundFirst = true): number {
  if (forts <= 0) return 0;
  const base = roundFirst ? roundHalfUp(forts / 4) : forts / 4;
  return roundHalfUp(base * (1 + pct / 100));
}

/** Garrison DF: fighters 4 (+1 with a site Ace), PFs 15 (+3 with a site Ace). */
export function garrisonDF(f: Fortification, ace: boolean): number {
  return f.fighters * (4 + (ace ? 1 : 0)) + f.pfs * (15 + (ace ? 3 : 0));
}

export interface FortDamage {
  after: Fortification;
  /** Damage beyond the last fort point (devastation needs ≥50 of it, §7.5). */
  overkill: number;
  fightersLost: number;
  pfsLost: number;
}

/**
 * Damage to a site's forts (§9.4, §10.4): forts fall, then fighters and PFs the remaining forts
 * cannot hold are destroyed (G32, G33). A Lyran attacker strips base status below 200 forts.
 */
export function damageForts(f: Fortification, damage: number, lyranAttacker = false): FortDamage {
  const forts = Math.max(0, f.forts - damage);
  const overkill = Math.max(0, damage - f.forts);
  const cap = garrisonCapacity(forts);
  const fighters = Math.min(f.fighters, cap.fighters);
  const pfs = Math.min(f.pfs, cap.pfs);
  const wasBase = forts >= TIER_TABLE.BS.min || (f.wasBase && forts >= 1 && !lyranAttacker);
  return {
    after: { forts, fighters, pfs, wasBase },
    overkill,
    fightersLost: f.fighters - fighters,
    pfsLost: f.pfs - pfs,
  };
}

/** Fortifying (FS/FA, §9.4): 1 EP = 1 point; the tier re-forms at the thresholds (G35). */
export function fortify(f: Fortification, points: number): Fortification {
  const forts = f.forts + points;
  return { ...f, forts, wasBase: f.wasBase || forts >= TIER_TABLE.BS.min };
}
