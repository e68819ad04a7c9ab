import { isAvailableInYear } from './rules.ts';
import type { Catalog, CatalogEmpireCode, CatalogUnit } from './types.ts';

/**
 * `/catalog coverage` (requirements §4.2): what a campaign with these settings and this start year
 * will ask of the catalog that the catalog cannot give one empire. Read as the empire's own units
 * plus the generic `NEU` ones, as the rules read them (setup.ts `findUnit`, `unitsFor`). Each
 * finding is a code with its parameters; the words layer writes the sentence.
 *
 * `blocking` findings stop the game where it needs the unit: setup cannot place the starting
 * forces (UTD8.131, 8.133, 8.134), or the empire can buy nothing. The others leave a rule unusable
 * (no troop ship: no invasion, UTD4.332) or ask the players for a decision (UTD8.21).
 */
export type CoverageFinding =
  /** No warship buyable in the start year (UTD8.12, 8.132: the starting BPV buys nothing). */
  | { code: 'no-warship'; blocking: true; firstYear: number | null }
  /** The capital (UTD8.131) and its large repair freighter (UTD8.133): setup places them. */
  | { code: 'no-capital'; blocking: true }
  | { code: 'no-capital-rf'; blocking: true }
  /** UTD8.134: three small ground bases (GBDP) and three DefSats at home. */
  | { code: 'no-ground-base'; blocking: true }
  | { code: 'no-defsat'; blocking: true }
  /** UTD8.134, ISS-A102: without a monitor the empire chooses 165 BPV of defending warships instead. */
  | { code: 'no-monitor'; blocking: false }
  /** UTD4.332: colonies and captures by invasion need a troop ship. */
  | { code: 'no-troop-ship'; blocking: false; firstYear: number | null }
  /** UTD8.253: mines are cleared by minesweepers. */
  | { code: 'no-minesweeper'; blocking: false; firstYear: number | null }
  /** UTD4.331: free colony establishment needs a large freighter that is not a Q-ship (UTD8.26). */
  | { code: 'no-colony-freighter'; blocking: false; firstYear: number | null }
  /** A refit or conversion that leads to a unit never usable when it is offered (retired, or not buildable). */
  | {
      code: 'dead-end-edge';
      blocking: false;
      edge: 'refit' | 'conversion';
      from: string;
      to: string;
      why: 'retired' | 'not-buildable';
    }
  /** UTD8.21: restricted units are playable only after a supermajority vote. */
  | { code: 'restricted'; blocking: false; unitIds: string[] };

export interface CoverageQuery {
  empires: readonly Exclude<CatalogEmpireCode, 'NEU'>[];
  startYear: number;
  /** `units.allowedRestricted`: restricted units already voted in. */
  allowedRestricted: readonly string[];
  /** `allow.feSitConversions` (UTD6.3762): F&E-SIT conversions count only when voted in. */
  feSitConversions: boolean;
}

export interface EmpireCoverage {
  empire: Exclude<CatalogEmpireCode, 'NEU'>;
  /** Units of the empire (its own, not the generic ones). */
  ownUnits: number;
  findings: CoverageFinding[];
}

export function catalogCoverage(
  catalog: Pick<Catalog, 'units' | 'refits' | 'conversions'>,
  q: CoverageQuery,
): EmpireCoverage[] {
  const byId = new Map(catalog.units.map((u) => [u.unitId, u] as const));
  return q.empires.map((empire) => {
    const mine = catalog.units.filter((u) => u.empire === empire || u.empire === 'NEU');
    const findings: CoverageFinding[] = [];
    const buyable = (u: CatalogUnit) => u.buildable && isAvailableInYear(u, q.startYear);
    /** The first year one appears after the start, or null when none ever does. */
    const later = (test: (u: CatalogUnit) => boolean): number | null => {
      const years = mine
        .filter((u) => test(u) && u.buildable && u.yearAvailable > q.startYear)
        .map((u) => u.yearAvailable);
      return years.length ? Math.min(...years) : null;
    };
    const need = (test: (u: CatalogUnit) => boolean) => mine.some((u) => test(u) && buyable(u));
    // The starting forces of UTD8.13 are placed whatever the year (setup.ts), so only their presence counts.
    const has = (test: (u: CatalogUnit) => boolean) => mine.some(test);

    const warship = (u: CatalogUnit) => u.unitKind === 'warship';
    if (!need(warship)) findings.push({ code: 'no-warship', blocking: true, firstYear: later(warship) });
    if (!has((u) => u.unitKind === 'capital_lcd')) findings.push({ code: 'no-capital', blocking: true });
    if (!has((u) => u.repairFreighter === 'large')) findings.push({ code: 'no-capital-rf', blocking: true });
    if (!has((u) => u.unitKind === 'ground_base' && u.groundBaseSize === 'small'))
      findings.push({ code: 'no-ground-base', blocking: true });
    if (!has((u) => u.unitKind === 'defsat')) findings.push({ code: 'no-defsat', blocking: true });
    if (!has((u) => u.unitKind === 'monitor')) findings.push({ code: 'no-monitor', blocking: false });
    const troop = (u: CatalogUnit) => u.isTroopShip;
    if (!need(troop)) findings.push({ code: 'no-troop-ship', blocking: false, firstYear: later(troop) });
    const sweeper = (u: CatalogUnit) => u.isMinesweeper;
    if (!need(sweeper)) findings.push({ code: 'no-minesweeper', blocking: false, firstYear: later(sweeper) });
    const colony = (u: CatalogUnit) => u.isLargeFreighter && !u.isQShip;
    if (!need(colony)) findings.push({ code: 'no-colony-freighter', blocking: false, firstYear: later(colony) });

    const edges = [
      ...catalog.refits.map((e) => ({ ...e, edge: 'refit' as const })),
      ...catalog.conversions
        .filter((e) => e.source === 'SFB' || q.feSitConversions)
        .map((e) => ({ ...e, edge: 'conversion' as const })),
    ];
    for (const e of edges) {
      const from = byId.get(e.fromUnitId);
      const to = byId.get(e.toUnitId);
      if (!from || !to || from.empire !== empire) continue;
      if (!to.buildable)
        findings.push({
          code: 'dead-end-edge',
          blocking: false,
          edge: e.edge,
          from: from.unitId,
          to: to.unitId,
          why: 'not-buildable',
        });
      else if (to.yearRetired !== null && to.yearRetired <= e.yearAvailable)
        findings.push({
          code: 'dead-end-edge',
          blocking: false,
          edge: e.edge,
          from: from.unitId,
          to: to.unitId,
          why: 'retired',
        });
    }

    const restricted = mine
      .filter((u) => u.empire === empire && (u.isBattleship || u.isXShip || u.isConjectural))
      .filter((u) => !q.allowedRestricted.includes(u.unitId))
      .map((u) => u.unitId);
    if (restricted.length) findings.push({ code: 'restricted', blocking: false, unitIds: restricted });

    return { empire, ownUnits: mine.filter((u) => u.empire === empire).length, findings };
  });
}
