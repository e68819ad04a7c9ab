import { refuse } from '../errors.ts';
import { yearValueTimesTwo } from './calendar.ts';
import type { CampaignState } from './state.ts';
import type { UnitInfo } from './units.ts';

/**
 * UTD8.12 (a player's purchases) and UTD5.4672 (an NPE's force): a unit may enter play from the
 * year it becomes available and no longer once it is retired (requirements §4.2.1
 * `year_retired`). Refuses with `<prefix>/not-yet-available` or `<prefix>/retired`.
 */
export function requireInYear(
  state: CampaignState,
  unit: Pick<UnitInfo, 'name' | 'yearAvailable' | 'yearRetired'>,
  rule: string,
  prefix = 'unit',
): void {
  const year2 = yearValueTimesTwo(state.settings.startYear, state.halfCycles);
  if (unit.yearAvailable != null && unit.yearAvailable * 2 > year2)
    refuse(
      `${prefix}/not-yet-available`,
      rule,
      `${unit.name} is available from Y${unit.yearAvailable}; the campaign is in Y${year2 / 2}.`,
    );
  if (unit.yearRetired != null && unit.yearRetired * 2 <= year2)
    refuse(
      `${prefix}/retired`,
      rule,
      `${unit.name} was retired in Y${unit.yearRetired}; the campaign is in Y${year2 / 2}.`,
      'Look for its successor with `/catalog search`.',
    );
}

/** The same test without refusing, for lists of what may be chosen. */
export function inYear(state: CampaignState, unit: Pick<UnitInfo, 'yearAvailable' | 'yearRetired'>): boolean {
  const year2 = yearValueTimesTwo(state.settings.startYear, state.halfCycles);
  return (
    (unit.yearAvailable == null || unit.yearAvailable * 2 <= year2) &&
    (unit.yearRetired == null || unit.yearRetired * 2 > year2)
  );
}
