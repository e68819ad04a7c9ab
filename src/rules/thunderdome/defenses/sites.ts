import type { SiteProblem } from '../reasons.ts';
import type { CampaignState, Player, Sector } from '../state.ts';

/**
 * Terrain (exploration/tables.ts ids) with a planet, a moon or asteroids for ground bases
 * (UTD7.34 "if a suitable planet, moon, or asteroid is available"). A solar system slice and dual
 * planets hold planets; the gas giant comes with its moons. Fields and clouds that fill the map, a
 * comet, a pulsar and a black hole offer nothing to stand on, unless the sector also has the
 * asteroid-field overlay (UTD5.3 `‡` cells).
 */
export const GROUND_BASE_TERRAIN: ReadonlySet<string> = new Set([
  'class-m-planet',
  'gas-giant-moons',
  'asteroid-field',
  'small-moon',
  'solar-system-slice',
  'nebula-class-m',
  'heat-zone-gas-giant',
  'sunspot-class-m',
  'dual-planets',
]);

/** UTD7.34: a home sector always has its planet; elsewhere the explored terrain decides. */
export function hasGroundBaseSite(sector: Sector): boolean {
  return (
    sector.type === 'home' ||
    sector.terrain.some((t) => GROUND_BASE_TERRAIN.has(t)) ||
    sector.overlays.includes('asteroid-field')
  );
}

const active = (d: Sector['colony'], playerId: string) => Boolean(d && d.owner === playerId && d.status !== 'pending');

function setting<T>(state: CampaignState, key: string, fallback: T): T {
  const value = (state.settings as Record<string, unknown>)[key];
  return value === undefined ? fallback : (value as T);
}

export function requiresFortification(state: CampaignState): boolean {
  return setting<boolean>(state, 'defense.requireFortification', true) !== false;
}

export function maxSupportingRf(state: CampaignState): number {
  return setting<number>(state, 'defense.maxSupportingRf', 1);
}

/**
 * UTD7.33 with ISS-A35: defenses stand only in the player's home sector, or in a sector with the
 * player's fortification that is also the player's colony or mine sector, or a dead sector. With
 * `defense.requireFortification` off (UTD4.3371 and 4.345 read alone), the player's developed
 * colony or mine is enough; a dead sector still needs the fortification (UTD4.315). Returns why
 * not, or null when defenses are allowed.
 */
export function defenseSite(state: CampaignState, p: Player, sector: Sector): SiteProblem | null {
  if (sector.type === 'home' && sector.owner === p.id) return null;
  if (sector.type === 'unknown') return { code: 'unexplored' };
  const fort = sector.fort && sector.fort.owner === p.id && sector.fort.status !== 'pending';
  const colony = active(sector.colony, p.id);
  const mine = active(sector.mine, p.id);
  if (fort && (colony || mine || sector.type === 'dead')) return null;
  if (!requiresFortification(state) && (colony || mine)) return null;
  if (!colony && !mine && sector.type !== 'dead') return { code: 'no-development', fort: Boolean(fort) };
  return { code: 'no-fort', establishing: sector.fort?.owner === p.id };
}

/**
 * UTD4.3373 and 7.34: a supporting repair freighter is assigned to the player's colony in a life
 * sector, or to the player's home sector; it is a support unit, so no fortification is needed
 * (ISS-A35) and none stands at a mine (UTD4.345).
 */
export function supportingRfSite(p: Player, sector: Sector): SiteProblem | null {
  if (sector.type === 'home' && sector.owner === p.id) return null;
  if (sector.type === 'life' && active(sector.colony, p.id)) return null;
  return sector.type === 'life' ? { code: 'no-colony' } : { code: 'not-life-or-home' };
}

/**
 * A site problem in words, for the refusals and the status here and for the step-10 announcement
 * (the words layer reads it: DefensesArrived keeps the code, reasons.ts).
 */
export function siteProblemText(problem: SiteProblem): string {
  switch (problem.code) {
    case 'unexplored':
      return 'it is unexplored';
    case 'no-development':
      return `it holds no colony or mine of yours${problem.fort ? '' : ' and no fortification of yours'}`;
    case 'no-fort':
      return `it has no fortification of yours${problem.establishing ? ' yet (it is being established)' : ''}`;
    case 'no-colony':
      return 'it holds no developed colony of yours';
    case 'not-life-or-home':
      return 'it is neither a life sector with your colony nor your home sector';
  }
}

/** `defenseSite` in words, or null when defenses are allowed. */
export function defenseSiteProblem(state: CampaignState, p: Player, sector: Sector): string | null {
  const problem = defenseSite(state, p, sector);
  return problem && siteProblemText(problem);
}

/** `supportingRfSite` in words, or null when the freighter may be assigned there. */
export function supportingRfSiteProblem(p: Player, sector: Sector): string | null {
  const problem = supportingRfSite(p, sector);
  return problem && siteProblemText(problem);
}
