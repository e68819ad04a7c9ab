import { describe, expect, it } from 'vitest';
import {
  CATALOG_COLUMNS,
  parseCatalog,
  parseConversionsCsv,
  parseRefitsCsv,
  parseUnitsCsv,
} from '../../../src/rules/thunderdome/catalog/index.ts';
import type { CatalogIssue, CatalogUnit } from '../../../src/rules/thunderdome/catalog/index.ts';
import { conversionRow, csv, fighter, groundBase, only, refitRow, refused, warship, yard } from './helpers.ts';

const refitsCsv = (rows: Record<string, string>[]) => csv(rows, CATALOG_COLUMNS.refits);
const conversionsCsv = (rows: Record<string, string>[]) => csv(rows, CATALOG_COLUMNS.conversions);

function accepted(text: string): { units: CatalogUnit[]; warnings: CatalogIssue[] } {
  const result = parseUnitsCsv(text);
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.errors)}`);
  return result;
}

const family = [
  warship('LYR-CA'),
  warship('LYR-CA+PH', { bpv_economic: '104' }),
  warship('LYR-DD', { move_cost: '1/2', size_class: '4' }),
  warship('LYR-CW+', { hull_family: 'LYR-CW', move_cost: '2/3' }),
  warship('LYR-CAM', { hull_family: 'LYR-CA', is_mauler: 'true' }),
  warship('KLI-D7', { hull_family: 'KLI-D7' }),
  warship('KLI-D7C', { hull_family: 'LYR-CA' }),
];
const familyUnits = accepted(csv(family)).units;

describe('import validations (requirements §4.2.7)', () => {
  it('1. a duplicate unit_id is refused, naming both lines', () => {
    const result = refused(
      parseUnitsCsv(csv([warship('LYR-CA'), warship('LYR-DD'), warship('LYR-CA', { bpv_economic: '140' })])),
    );
    const issue = only(result.errors, 'catalog/duplicate-id');
    expect(issue).toMatchObject({ line: 4, field: 'unit_id' });
    expect(issue.message).toContain('line 2');
  });

  it('1. a duplicate unit_id is found even when the row has other errors', () => {
    const result = refused(parseUnitsCsv(csv([warship('LYR-CA'), warship('LYR-CA', { move_cost: '0.31' })])));
    expect(result.errors.map((e) => e.code).sort()).toEqual(['catalog/duplicate-id', 'catalog/move-class']);
  });

  it('2. an unknown fighter_type_id is refused, and so is one naming a non-fighter', () => {
    const carrier = (ref: string) =>
      warship('HYD-CV', { carrier_type: 'true_carrier', fighters: '6', fighter_type_id: ref });
    const unknown = refused(parseUnitsCsv(csv([carrier('HYD-ST')])));
    expect(only(unknown.errors, 'catalog/unknown-unit')).toMatchObject({ line: 2, field: 'fighter_type_id' });
    const wrong = refused(parseUnitsCsv(csv([carrier('HYD-CA'), warship('HYD-CA')])));
    expect(only(wrong.errors, 'catalog/reference-kind')).toMatchObject({ line: 2, field: 'fighter_type_id' });
    expect(accepted(csv([carrier('HYD-FTR'), fighter('HYD-FTR')])).units[0]?.fighterTypeId).toBe('HYD-FTR');
    const pft = refused(
      parseUnitsCsv(
        csv([warship('KLI-PFT', { carrier_type: 'pft', pfs: '6', pf_type_id: 'KLI-CA' }), warship('KLI-CA')]),
      ),
    );
    expect(only(pft.errors, 'catalog/reference-kind').field).toBe('pf_type_id');
  });

  it('2. edges naming unknown units are refused, naming the end', () => {
    const result = refused(parseRefitsCsv(refitsCsv([refitRow('LYR-CA', 'LYR-CA+XX')]), familyUnits));
    expect(only(result.errors, 'catalog/unknown-unit')).toMatchObject({
      file: 'refits.csv',
      line: 2,
      field: 'to_unit_id',
    });
    const conv = refused(parseConversionsCsv(conversionsCsv([conversionRow('LYR-XX', 'LYR-CW+')]), familyUnits));
    expect(only(conv.errors, 'catalog/unknown-unit')).toMatchObject({
      file: 'conversions.csv',
      line: 2,
      field: 'from_unit_id',
    });
  });

  it('3. a refit crossing empires is refused', () => {
    const result = refused(
      parseRefitsCsv(refitsCsv([refitRow('LYR-CA', 'LYR-CA+PH'), refitRow('KLI-D7C', 'LYR-CA')]), familyUnits),
    );
    expect(only(result.errors, 'catalog/edge-crosses-empires')).toMatchObject({ line: 3, field: 'to_unit_id' });
  });

  it('3. a conversion crossing empires is refused', () => {
    const result = refused(parseConversionsCsv(conversionsCsv([conversionRow('LYR-DD', 'KLI-D7')]), familyUnits));
    expect(only(result.errors, 'catalog/edge-crosses-empires').line).toBe(2);
  });

  it('4. UTD6.3753 a refit that changes the hull family is refused', () => {
    const result = refused(parseRefitsCsv(refitsCsv([refitRow('LYR-DD', 'LYR-CW+')]), familyUnits));
    expect(only(result.errors, 'catalog/refit-changes-family')).toMatchObject({
      line: 2,
      field: 'to_unit_id',
      rule: 'UTD6.3753',
    });
  });

  it('4. UTD6.3753 a change to a mauler variant is a conversion, not a refit', () => {
    const refit = refused(parseRefitsCsv(refitsCsv([refitRow('LYR-CA', 'LYR-CAM')]), familyUnits));
    expect(only(refit.errors, 'catalog/refit-mauler-change').rule).toBe('UTD6.3753');
    const conversion = parseConversionsCsv(conversionsCsv([conversionRow('LYR-CA', 'LYR-CAM')]), familyUnits);
    expect(conversion.ok).toBe(true);
  });

  it('4. UTD6.3762 a conversion that keeps the family (no mauler change) is refused', () => {
    const result = refused(
      parseConversionsCsv(
        conversionsCsv([conversionRow('LYR-DD', 'LYR-CW+'), conversionRow('LYR-CA', 'LYR-CA+PH')]),
        familyUnits,
      ),
    );
    expect(only(result.errors, 'catalog/conversion-keeps-family')).toMatchObject({
      line: 3,
      field: 'to_unit_id',
      rule: 'UTD6.3762',
    });
  });

  it('edges to the same unit, repeated edges and bad edge cells are refused', () => {
    const result = refused(
      parseRefitsCsv(
        refitsCsv([
          refitRow('LYR-CA', 'LYR-CA'),
          refitRow('LYR-CA', 'LYR-CA+PH'),
          refitRow('LYR-CA', 'LYR-CA+PH', { refit_code: 'OTHER' }),
          refitRow('LYR-CA', 'LYR-CA+PH', { captured_allowed: '', refit_code: 'has space' }),
        ]),
        familyUnits,
      ),
    );
    expect(result.errors.map((e) => [e.code, e.line, e.field])).toEqual([
      ['catalog/edge-self', 2, 'to_unit_id'],
      ['catalog/duplicate-edge', 4, null],
      ['catalog/bad-value', 5, 'refit_code'],
      ['catalog/required', 5, 'captured_allowed'],
    ]);
    const source = refused(
      parseConversionsCsv(conversionsCsv([conversionRow('LYR-DD', 'LYR-CW+', { source: 'F&E' })]), familyUnits),
    );
    expect(source.errors[0]).toMatchObject({ line: 2, field: 'source' });
  });

  it('refits and conversions parse into edges with their columns', () => {
    const refits = parseRefitsCsv(
      refitsCsv([refitRow('LYR-CA', 'LYR-CA+PH', { cost_override: '4.50', captured_allowed: 'TRUE' })]),
      familyUnits,
    );
    expect(refits.ok && refits.refits).toEqual([
      {
        fromUnitId: 'LYR-CA',
        toUnitId: 'LYR-CA+PH',
        refitCode: 'PHASER',
        yearAvailable: 165,
        capturedAllowed: true,
        costOverride: '4.5',
      },
    ]);
    const conversions = parseConversionsCsv(
      conversionsCsv([conversionRow('LYR-DD', 'LYR-CW+', { source: 'fe_sit', year_available: '168.5' })]),
      familyUnits,
    );
    expect(conversions.ok && conversions.conversions).toEqual([
      { fromUnitId: 'LYR-DD', toUnitId: 'LYR-CW+', yearAvailable: 168.5, source: 'FE_SIT' },
    ]);
  });

  it('5. a move cost that is not a multiple of 1/60 is refused (also shipyard capacity)', () => {
    const result = refused(
      parseUnitsCsv(csv([warship('LYR-FF', { move_cost: '0.31' }), yard('NEU-SY3', { shipyard_capacity: '0.91' })])),
    );
    expect(result.errors.map((e) => [e.code, e.line, e.field])).toEqual([
      ['catalog/move-class', 2, 'move_cost'],
      ['catalog/move-class', 3, 'shipyard_capacity'],
    ]);
  });

  it('move_cost, command_rating, max_speed and damage_control are required for ships', () => {
    const result = refused(
      parseUnitsCsv(csv([warship('LYR-CA', { move_cost: '', command_rating: '', max_speed: '', damage_control: '' })])),
    );
    expect(result.errors.map((e) => e.field)).toEqual(['move_cost', 'command_rating', 'max_speed', 'damage_control']);
    expect(result.errors[0]?.message).toContain('warship');
  });

  it('6. UTD6.372 a yard without capacity, dry docks or works is refused', () => {
    const result = refused(
      parseUnitsCsv(csv([yard('NEU-SY3', { shipyard_capacity: '', dry_dock_positions: '', works_boxes: '' })])),
    );
    expect(result.errors.map((e) => [e.code, e.line, e.field])).toEqual([
      ['catalog/required', 2, 'shipyard_capacity'],
      ['catalog/required', 2, 'dry_dock_positions'],
      ['catalog/required', 2, 'works_boxes'],
    ]);
    expect(result.errors[0]?.rule).toBe('UTD6.372');
  });

  it('UTD6.372 and UTD7.62 yard capacity and dry docks must match the chart', () => {
    const result = refused(
      parseUnitsCsv(
        csv([
          yard('NEU-SY3', { shipyard_capacity: '2/3' }),
          yard('NEU-SY4', { size_class: '4', shipyard_capacity: '2/3', dry_dock_positions: '3' }),
          yard('NEU-LCD', {
            unit_kind: 'capital_lcd',
            size_class: '2',
            shipyard_capacity: '3/2',
            dry_dock_positions: '5',
          }),
          yard('NEU-SY5', { size_class: '5' }),
        ]),
      ),
    );
    expect(result.errors.map((e) => [e.line, e.field, e.rule])).toEqual([
      [2, 'shipyard_capacity', 'UTD6.372'],
      [3, 'dry_dock_positions', 'UTD7.62'],
      [4, 'shipyard_capacity', 'UTD6.372'],
      [5, 'size_class', 'UTD6.372'],
    ]);
    const ok = accepted(
      csv([
        yard('NEU-LCD', {
          unit_kind: 'capital_lcd',
          size_class: '2',
          shipyard_capacity: '2',
          dry_dock_positions: '5',
          works_boxes: '10',
        }),
        yard('NEU-SY2', { size_class: '2', shipyard_capacity: '1.5', dry_dock_positions: '4' }),
        yard('NEU-SY2C2', { size_class: '2', shipyard_capacity: '2', dry_dock_positions: '4' }),
        yard('NEU-SY4', { size_class: '4', shipyard_capacity: '0.67', dry_dock_positions: '2' }),
      ]),
    );
    expect(ok.units.map((u) => u.shipyardCapacity)).toEqual([120, 90, 120, 40]);
  });

  it('yard columns on a non-yard are refused', () => {
    const result = refused(parseUnitsCsv(csv([warship('LYR-CA', { dry_dock_positions: '3' })])));
    expect(only(result.errors, 'catalog/not-for-kind')).toMatchObject({ line: 2, field: 'dry_dock_positions' });
  });

  it('7. a ground base without a size is refused', () => {
    const result = refused(parseUnitsCsv(csv([groundBase('NEU-GBDP', { ground_base_size: '' })])));
    expect(only(result.errors, 'catalog/required')).toMatchObject({ line: 2, field: 'ground_base_size' });
    const other = refused(parseUnitsCsv(csv([warship('LYR-CA', { ground_base_size: 'small' })])));
    expect(only(other.errors, 'catalog/not-for-kind').field).toBe('ground_base_size');
  });

  it('UTD7.34 a ground base needs a planet site unless the admin says otherwise (warning)', () => {
    expect(accepted(csv([groundBase('NEU-GBDP')])).units[0]?.needsPlanetSite).toBe(true);
    const explicit = accepted(csv([groundBase('NEU-GBDP', { needs_planet_site: 'false' })]));
    expect(explicit.units[0]?.needsPlanetSite).toBe(false);
    expect(only(explicit.warnings, 'catalog/ground-base-site')).toMatchObject({ line: 2 });
    expect(accepted(csv([warship('LYR-CA')])).units[0]?.needsPlanetSite).toBe(false);
  });

  it('8. UTD7.25#2 a large ground base marked buildable is refused; otherwise it imports as forbidden', () => {
    const result = refused(
      parseUnitsCsv(csv([groundBase('NEU-GBL', { ground_base_size: 'large', buildable: 'true' })])),
    );
    expect(only(result.errors, 'catalog/large-ground-base-buildable')).toMatchObject({
      line: 2,
      field: 'buildable',
      rule: 'UTD7.25#2',
    });
    const forbidden = accepted(
      csv([
        groundBase('NEU-GBL', { ground_base_size: 'large' }),
        warship('NEU-BS', { unit_kind: 'base_large', move_cost: '', command_rating: '', max_speed: '' }),
        groundBase('NEU-GBDP'),
      ]),
    );
    expect(forbidden.units.map((u) => u.buildable)).toEqual([false, false, true]);
    const baseLarge = refused(parseUnitsCsv(csv([warship('NEU-BS', { unit_kind: 'base_large', buildable: 'TRUE' })])));
    expect(only(baseLarge.errors, 'catalog/large-ground-base-buildable').line).toBe(2);
  });

  it('9. UTD8.253 a minesweeper of size class 2 is only a warning', () => {
    const result = accepted(
      csv([
        warship('LYR-MSL', { is_minesweeper: 'true', size_class: '2' }),
        warship('LYR-MS', { is_minesweeper: 'true', size_class: '4' }),
      ]),
    );
    expect(result.units).toHaveLength(2);
    expect(result.warnings).toEqual([
      expect.objectContaining({ code: 'catalog/minesweeper-size', line: 2, field: 'size_class', rule: 'UTD8.253' }),
    ]);
    const whole = parseCatalog({ units: csv([warship('LYR-MSL', { is_minesweeper: 'true', size_class: '2' })]) }, 'v1');
    expect(whole.ok).toBe(true);
    expect(whole.warnings).toHaveLength(1);
  });

  it('10. UTD4.332 a troop ship without sfb_ref is refused; so is a Q-ship (UTD8.26)', () => {
    const result = refused(
      parseUnitsCsv(
        csv([
          warship('LYR-TS', { is_troop_ship: 'true' }),
          warship('NEU-FQ', { empire: 'NEU', unit_kind: 'freighter', is_q_ship: 'true', is_large_freighter: 'true' }),
        ]),
      ),
    );
    expect(result.errors.map((e) => [e.code, e.line, e.field, e.rule])).toEqual([
      ['catalog/missing-sfb-ref', 2, 'sfb_ref', 'UTD4.332'],
      ['catalog/missing-sfb-ref', 3, 'sfb_ref', 'UTD8.26'],
    ]);
    expect(accepted(csv([warship('LYR-TS', { is_troop_ship: 'true', sfb_ref: 'R11.x' })])).units[0]?.sfbRef).toBe(
      'R11.x',
    );
  });

  it('11. UTD7.24 a fighter without fighter_equivalents is refused; heavy fighters count 2', () => {
    const result = refused(
      parseUnitsCsv(
        csv([
          fighter('HYD-FTR', { fighter_equivalents: '' }),
          fighter('HYD-HF', { unit_kind: 'heavy_fighter', fighter_equivalents: '1' }),
        ]),
      ),
    );
    expect(result.errors.map((e) => [e.code, e.line, e.field])).toEqual([
      ['catalog/fighter-equivalents', 2, 'fighter_equivalents'],
      ['catalog/fighter-equivalents', 3, 'fighter_equivalents'],
    ]);
    const mega = accepted(csv([fighter('HYD-MF', { unit_kind: 'megafighter', fighter_equivalents: '3' })]));
    expect(mega.units[0]?.fighterEquivalents).toBe(3);
  });

  it('UTD7.4235 a defense MC different from the rule MC is a warning', () => {
    const result = accepted(
      csv([
        groundBase('NEU-GBDP', { move_cost: '1/3' }),
        warship('NEU-MON', { unit_kind: 'monitor', move_cost: '1/2' }),
      ]),
    );
    expect(result.warnings).toEqual([
      expect.objectContaining({ code: 'catalog/defense-move-cost', line: 2, field: 'move_cost', rule: 'UTD7.4235' }),
    ]);
  });

  it('year_retired must come after year_available', () => {
    const result = refused(parseUnitsCsv(csv([warship('LYR-CA', { year_available: '170', year_retired: '165' })])));
    expect(only(result.errors, 'catalog/year-order')).toMatchObject({ line: 2, field: 'year_retired' });
  });
});

describe('parseCatalog checks all files together', () => {
  it('reports the errors of every file at once, each with its file', () => {
    const result = refused(
      parseCatalog(
        {
          units: csv([...family, warship('LYR-FF', { move_cost: '0.31' })]),
          refits: refitsCsv([refitRow('LYR-DD', 'LYR-CW+')]),
          conversions: conversionsCsv([conversionRow('LYR-CA', 'LYR-CA+PH')]),
        },
        'v1',
      ),
    );
    expect(result.errors.map((e) => [e.file, e.line, e.code])).toEqual([
      ['units.csv', 9, 'catalog/move-class'],
      ['refits.csv', 2, 'catalog/refit-changes-family'],
      ['conversions.csv', 2, 'catalog/conversion-keeps-family'],
    ]);
  });

  it('does not report an edge to a unit whose own row is wrong as unknown', () => {
    const result = refused(
      parseCatalog(
        {
          units: csv([warship('LYR-FF', { move_cost: '0.31' }), warship('LYR-FF+PH')]),
          refits: refitsCsv([refitRow('LYR-FF', 'LYR-FF+PH')]),
        },
        'v1',
      ),
    );
    expect(result.errors.map((e) => e.code)).toEqual(['catalog/move-class']);
  });

  it('does not cascade into the edge files when units.csv cannot be read', () => {
    const result = refused(
      parseCatalog({ units: 'unit_idd\nLYR-CA\n', refits: refitsCsv([refitRow('LYR-CA', 'LYR-CA+PH')]) }, 'v1'),
    );
    expect(result.errors.every((e) => e.file === 'units.csv')).toBe(true);
  });

  it('accepts a catalog without refit and conversion files', () => {
    const result = parseCatalog({ units: csv(family) }, '2026-01');
    expect(
      result.ok && [
        result.catalog.version,
        result.catalog.units.length,
        result.catalog.refits,
        result.catalog.conversions,
      ],
    ).toEqual(['2026-01', 7, [], []]);
  });
});
