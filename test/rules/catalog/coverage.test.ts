import { describe, expect, it } from 'vitest';
import {
  CATALOG_COLUMNS,
  catalogCoverage,
  parseCatalog,
  type Catalog,
  type CoverageFinding,
  type CoverageQuery,
} from '../../../src/rules/thunderdome/catalog/index.ts';
import { coverageText, coverageWarning } from '../../../src/discord/catalog-words.ts';
import { conversionRow, csv, groundBase, refitRow, sampleCatalog, warship, yard } from './helpers.ts';

type Row = Record<string, string>;

/** A complete catalog for the Lyrans (and the generic units) that coverage finds nothing missing in. */
function complete(): Row[] {
  return [
    warship('LYR-CA', { year_available: '150' }),
    warship('LYR-CA+PH', { hull_family: 'LYR-CA', year_available: '160' }),
    warship('LYR-DD', { move_cost: '1/2', size_class: '4', year_available: '150' }),
    warship('LYR-CW', { hull_family: 'LYR-CW', move_cost: '2/3', year_available: '150' }),
    warship('LYR-MS', { is_minesweeper: 'true', size_class: '4', move_cost: '1/3', year_available: '150' }),
    warship('LYR-TS', { is_troop_ship: 'true', sfb_ref: 'R1.test', size_class: '4', year_available: '150' }),
    warship('NEU-F-L', {
      empire: 'NEU',
      unit_kind: 'freighter',
      is_large_freighter: 'true',
      size_class: '4',
      move_cost: '1/2',
      year_available: '100',
    }),
    warship('NEU-F-RL', {
      empire: 'NEU',
      unit_kind: 'freighter',
      repair_freighter: 'large',
      size_class: '4',
      move_cost: '1/2',
      year_available: '100',
    }),
    yard('NEU-LCD', {
      unit_kind: 'capital_lcd',
      size_class: '2',
      shipyard_capacity: '2',
      dry_dock_positions: '5',
      works_boxes: '10',
      year_available: '100',
    }),
    warship('NEU-MON', {
      empire: 'NEU',
      unit_kind: 'monitor',
      move_cost: '1/2',
      year_available: '100',
    }),
    groundBase('NEU-GBDP', { year_available: '100' }),
    groundBase('NEU-DEFSAT', {
      unit_kind: 'defsat',
      ground_base_size: '',
      ground_base_role: '',
      move_cost: '1/5',
      size_class: '5',
      damage_control: '',
      year_available: '100',
    }),
  ];
}

function catalogOf(rows: Row[], refits: Row[] = [], conversions: Row[] = []): Catalog {
  const parsed = parseCatalog(
    {
      units: csv(rows),
      refits: csv(refits, CATALOG_COLUMNS.refits),
      conversions: csv(conversions, CATALOG_COLUMNS.conversions),
    },
    'test',
  );
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors.slice(0, 3)));
  return parsed.catalog;
}

const QUERY: CoverageQuery = { empires: ['LYR'], startYear: 165, allowedRestricted: [], feSitConversions: false };

function findings(catalog: Catalog, query: Partial<CoverageQuery> = {}): CoverageFinding[] {
  return catalogCoverage(catalog, { ...QUERY, ...query })[0]!.findings;
}

const without = (ids: string[]) => complete().filter((r) => !ids.includes(r['unit_id']!));

describe('requirements §4.2 /catalog coverage finds each kind of gap', () => {
  it('a complete catalog has nothing missing', () => {
    expect(findings(catalogOf(complete()))).toEqual([]);
  });

  it('UTD8.12 no warship buyable in the start year: a blocking gap, naming the year the first comes', () => {
    const rows = complete().map((r) => (r['unit_kind'] === 'warship' ? { ...r, year_available: '170' } : r));
    expect(findings(catalogOf(rows))).toContainEqual({ code: 'no-warship', blocking: true, firstYear: 170 });
  });

  it('UTD8.131, 8.133, 8.134 no capital, large repair freighter, small ground base or DefSat: setup cannot place them', () => {
    const found = findings(catalogOf(without(['NEU-LCD', 'NEU-F-RL', 'NEU-GBDP', 'NEU-DEFSAT'])));
    expect(found.filter((f) => f.blocking).map((f) => f.code)).toEqual([
      'no-capital',
      'no-capital-rf',
      'no-ground-base',
      'no-defsat',
    ]);
  });

  it('UTD8.134 no monitor: the empire takes defending warships instead (not blocking)', () => {
    expect(findings(catalogOf(without(['NEU-MON'])))).toEqual([{ code: 'no-monitor', blocking: false }]);
  });

  it('UTD4.332, 8.253, 4.331 no troop ship, no minesweeper, no colony freighter in the start year', () => {
    const rows = without(['LYR-MS']).map((r) =>
      r['unit_id'] === 'LYR-TS'
        ? { ...r, year_available: '168' }
        : r['unit_id'] === 'NEU-F-L'
          ? { ...r, is_q_ship: 'true', sfb_ref: 'Q' }
          : r,
    );
    expect(findings(catalogOf(rows))).toEqual([
      { code: 'no-troop-ship', blocking: false, firstYear: 168 },
      { code: 'no-minesweeper', blocking: false, firstYear: null },
      // UTD8.26: a Q-ship never makes establishment free.
      { code: 'no-colony-freighter', blocking: false, firstYear: null },
    ]);
  });

  it('refit and conversion chains that end in nothing: a retired or unbuildable target', () => {
    const rows = complete().map((r) =>
      r['unit_id'] === 'LYR-CA+PH'
        ? { ...r, year_retired: '160.5' }
        : r['unit_id'] === 'LYR-CW'
          ? { ...r, buildable: 'false' }
          : r,
    );
    const catalog = catalogOf(
      rows,
      [refitRow('LYR-CA', 'LYR-CA+PH', { year_available: '161' })],
      [conversionRow('LYR-DD', 'LYR-CW')],
    );
    expect(findings(catalog)).toEqual([
      { code: 'dead-end-edge', blocking: false, edge: 'refit', from: 'LYR-CA', to: 'LYR-CA+PH', why: 'retired' },
      {
        code: 'dead-end-edge',
        blocking: false,
        edge: 'conversion',
        from: 'LYR-DD',
        to: 'LYR-CW',
        why: 'not-buildable',
      },
    ]);
  });

  it('UTD8.21 restricted units are listed until voted in', () => {
    const rows = [...complete(), warship('LYR-BB', { is_battleship: 'true', year_available: '150' })];
    expect(findings(catalogOf(rows))).toEqual([{ code: 'restricted', blocking: false, unitIds: ['LYR-BB'] }]);
    expect(findings(catalogOf(rows), { allowedRestricted: ['LYR-BB'] })).toEqual([]);
  });

  it('the report names each empire and its findings; the start warning leaves out a catalog with only restricted units', () => {
    const report = {
      version: 'test',
      startYear: 165,
      // The sample covers every empire (so the examples start without a warning).
      empires: catalogCoverage(sampleCatalog(), {
        ...QUERY,
        empires: ['FED', 'CAR', 'FRA', 'GOR', 'HYD', 'ISC', 'KLI', 'KZI', 'LYR', 'PAR', 'PEL', 'ROM', 'THO'],
      }),
    };
    expect(coverageText(report)).toContain('✅ **LYR**');
    expect(coverageWarning(report)).toBeNull();
    const gaps = { ...report, empires: catalogCoverage(catalogOf(without(['NEU-LCD'])), QUERY) };
    expect(coverageWarning(gaps)).toContain('no capital (`capital_lcd`) to place at home (UTD8.131)');
  });
});
