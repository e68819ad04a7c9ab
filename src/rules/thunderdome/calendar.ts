/**
 * UTD2.2: play begins on cycle 1.0; the cycle (and the year) advance by 0.5 before the first
 * seat moves again. ".0" cycles are spring, ".5" fall. We count half-cycles as integers
 * (2 = cycle 1.0) so no float ever enters the calendar.
 */
export const FIRST_HALF_CYCLE = 2;

export function cycleLabel(halfCycles: number): string {
  return `${Math.floor(halfCycles / 2)}.${halfCycles % 2 === 0 ? '0' : '5'}`;
}

export function season(halfCycles: number): 'spring' | 'fall' {
  return halfCycles % 2 === 0 ? 'spring' : 'fall';
}

/** Year in half-years: year = startYear + (cycle − 1). Returned as a label like `Y165` or `Y165.5`. */
export function yearLabel(startYear: number, halfCycles: number): string {
  const halfYears = startYear * 2 + (halfCycles - FIRST_HALF_CYCLE);
  return `Y${Math.floor(halfYears / 2)}${halfYears % 2 === 0 ? '' : '.5'}`;
}

/** The whole campaign year used for availability checks (a unit of year N is available from N.0). */
export function yearValueTimesTwo(startYear: number, halfCycles: number): number {
  return startYear * 2 + (halfCycles - FIRST_HALF_CYCLE);
}
