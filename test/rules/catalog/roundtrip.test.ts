import { describe, expect, it } from 'vitest';
import { EMPIRES } from '../../../src/rules/thunderdome/empires.ts';
import {
  CATALOG_COLUMNS,
  CATALOG_EMPIRE_CODES,
  effectiveMoveCost,
  EMPIRE_CODE_BY_KEY,
  empireKeyOfCode,
  indexCatalog,
  isAvailableInYear,
  isCoEligible,
  parseCatalog,
  parseConversionsCsv,
  parseRefitsCsv,
  parseUnitsCsv,
  serialiseConversionsCsv,
  serialiseRefitsCsv,
  serialiseUnitsCsv,
  wreckThreshold,
} from '../../../src/rules/thunderdome/catalog/index.ts';
import type { CatalogUnit } from '../../../src/rules/thunderdome/catalog/index.ts';
import { csv, groundBase, sampleCatalog, warship } from './helpers.ts';

const catalog = sampleCatalog();

function unitsOf(text: string): CatalogUnit[] {
  const result = parseUnitsCsv(text);
  if (!result.ok) throw new Error(JSON.stringify(result.errors.slice(0, 3)));
  return result.units;
}

describe('serialising the catalog (round trip)', () => {
  it('serialiseUnitsCsv of the sample parses back to the same units', () => {
    const text = serialiseUnitsCsv(catalog.units);
    expect(text.split('\n')[0]).toBe(CATALOG_COLUMNS.units.join(','));
    expect(unitsOf(text)).toEqual(catalog.units);
  });

  it('refits and conversions round-trip too, and so does the whole catalog', () => {
    const refits = parseRefitsCsv(serialiseRefitsCsv(catalog.refits), catalog.units);
    expect(refits.ok && refits.refits).toEqual(catalog.refits);
    const conversions = parseConversionsCsv(serialiseConversionsCsv(catalog.conversions), catalog.units);
    expect(conversions.ok && conversions.conversions).toEqual(catalog.conversions);
    const again = parseCatalog(
      {
        units: serialiseUnitsCsv(catalog.units),
        refits: serialiseRefitsCsv(catalog.refits),
        conversions: serialiseConversionsCsv(catalog.conversions),
      },
      catalog.version,
    );
    expect(again.ok && again.catalog).toEqual(catalog);
  });

  it('round-trips awkward text, rationals, decimals, defaults and nulls', () => {
    const units = unitsOf(
      csv([
        warship('LYR-CA', {
          name: 'Lyran "Lion", heavy; refit',
          notes: 'two\nlines, "quoted"',
          bpv_economic: '133.25',
          move_cost: '0.67',
          co_eligible: 'FALSE',
          year_available: '165.5',
        }),
        groundBase('NEU-GBL', { ground_base_size: 'large' }),
        groundBase('NEU-GBM', { ground_base_size: 'medium', move_cost: '' }),
      ]),
    );
    expect(units[0]).toMatchObject({ moveCost: 40, bpvEconomic: '133.25', coEligible: false, yearAvailable: 165.5 });
    const text = serialiseUnitsCsv(units);
    expect(text).toContain('2/3');
    expect(unitsOf(text)).toEqual(units);
  });

  it('the stored catalog is plain JSON', () => {
    expect(JSON.parse(JSON.stringify(catalog))).toEqual(catalog);
  });
});

describe('catalog index and rule helpers', () => {
  const index = indexCatalog(catalog);

  it('looks units up by id, empire and family', () => {
    expect(index.unit('LYR-CA')?.name).toBe('Lyran Heavy Cruiser');
    expect(index.unit('nope')).toBeUndefined();
    expect(index.byEmpire.get('NEU')?.every((u) => u.empire === 'NEU')).toBe(true);
    expect(index.byFamily.get('LYR-FF')?.map((u) => u.unitId)).toEqual(['LYR-FF', 'LYR-FF+PH', 'LYR-FF+ALL']);
    const lyran = index.unitsFor('lyran');
    expect(lyran.some((u) => u.empire === 'FED')).toBe(false);
    expect(new Set(lyran.map((u) => u.empire))).toEqual(new Set(['LYR', 'NEU']));
  });

  it('looks refits and conversions up from either end', () => {
    expect(index.refitsFrom('LYR-FF').map((e) => e.toUnitId)).toEqual(['LYR-FF+PH', 'LYR-FF+ALL']);
    expect(index.refitsTo('LYR-FF+ALL').map((e) => e.fromUnitId)).toEqual(['LYR-FF', 'LYR-FF+PH']);
    expect(index.refit('LYR-FF+ALL', 'LYR-FF')).toBeUndefined();
    expect(index.conversionsFrom('LYR-DD')).toHaveLength(1);
    expect(index.conversionsTo('LYR-CW+')[0]?.fromUnitId).toBe('LYR-DD');
    expect(index.conversion('LYR-CW+', 'LYR-DD')).toBeUndefined();
    expect(index.refitsFrom('NEU-F-L')).toEqual([]);
  });

  it('UTD8.111 every empire key has a distinct catalog code, and NEU has no empire', () => {
    expect(EMPIRES.map((e) => EMPIRE_CODE_BY_KEY[e.key])).toEqual(CATALOG_EMPIRE_CODES.filter((c) => c !== 'NEU'));
    for (const e of EMPIRES) expect(empireKeyOfCode(EMPIRE_CODE_BY_KEY[e.key])).toBe(e.key);
    expect(empireKeyOfCode('NEU')).toBeNull();
  });

  it('UTD7.4235 defenses count their rule MC whatever the catalog says; yards count none', () => {
    const [gbm, mon] = unitsOf(
      csv([
        groundBase('NEU-GBM', { ground_base_size: 'medium', move_cost: '' }),
        warship('NEU-MON', { unit_kind: 'monitor', move_cost: '1' }),
      ]),
    );
    expect(effectiveMoveCost(gbm!)).toBe(20);
    expect(effectiveMoveCost(mon!)).toBe(30);
    expect(effectiveMoveCost(index.unit('NEU-SY3')!)).toBeNull();
    expect(effectiveMoveCost(index.unit('LYR-CA')!)).toBe(60);
  });

  it('UTD7.A CO eligibility: medium ground bases follow the setting, co_eligible overrides', () => {
    const [gbm, dn] = unitsOf(
      csv([groundBase('NEU-GBM', { ground_base_size: 'medium' }), warship('LYR-DN', { co_eligible: 'false' })]),
    );
    expect(isCoEligible(gbm!)).toBe(false);
    expect(isCoEligible(gbm!, true)).toBe(true);
    expect(isCoEligible(dn!)).toBe(false);
  });

  it('availability by year, with retirement', () => {
    const [u] = unitsOf(csv([warship('LYR-OLD', { year_available: '160', year_retired: '170' })]));
    expect([159, 160, 169.5, 170].map((y) => isAvailableInYear(u!, y))).toEqual([false, true, true, false]);
  });

  it('UTD7.47 the wreck threshold is a quarter of the maximum speed, rounded down', () => {
    expect(wreckThreshold(index.unit('LYR-CA')!)).toBe(7);
    expect(wreckThreshold(index.unit('NEU-SY3')!)).toBeNull();
  });
});
