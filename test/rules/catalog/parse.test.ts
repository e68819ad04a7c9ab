import { describe, expect, it } from 'vitest';
import {
  CATALOG_COLUMNS,
  CATALOG_LIMITS,
  formatCatalogIssue,
  parseCatalog,
  parseUnitsCsv,
} from '../../../src/rules/thunderdome/catalog/index.ts';
import type { CatalogUnit } from '../../../src/rules/thunderdome/catalog/index.ts';
import { csv, only, refused, warship } from './helpers.ts';

function units(text: string): CatalogUnit[] {
  const result = parseUnitsCsv(text);
  if (!result.ok) throw new Error(`refused: ${result.errors.map(formatCatalogIssue).join('; ')}`);
  return result.units;
}

describe('catalog cells (requirements §0.2, §4.2)', () => {
  it.each([
    ['1/3', 20],
    ['0.33', 20],
    ['.333', 20],
    ['0.3', 18],
    ['2/3', 40],
    ['0.67', 40],
    ['1.5', 90],
    ['3/2', 90],
    ['1/5', 12],
  ])('§0.2 move_cost %s is %i sixtieths', (text, sixtieths) => {
    expect(units(csv([warship('LYR-FF', { move_cost: text })]))[0]?.moveCost).toBe(sixtieths);
  });

  it('§0.2 move_cost 0.31 is refused, naming the line and the field', () => {
    const result = refused(parseUnitsCsv(csv([warship('LYR-CA'), warship('LYR-FF', { move_cost: '0.31' })])));
    const issue = only(result.errors, 'catalog/move-class');
    expect(issue).toMatchObject({ file: 'units.csv', line: 3, field: 'move_cost' });
    expect(issue.message).toContain('0.31');
    expect(formatCatalogIssue(issue)).toMatch(/^units\.csv line 3, move_cost: /);
  });

  it.each(['0', '-1/3', 'abc', '1/0', '6'])('move_cost %s is refused', (text) => {
    const result = refused(parseUnitsCsv(csv([warship('LYR-CA', { move_cost: text })])));
    expect(result.errors[0]).toMatchObject({ line: 2, field: 'move_cost' });
  });

  it('booleans are true/false in any case; yes/no and 1/0 are refused with a reason', () => {
    expect(units(csv([warship('LYR-DN', { is_dreadnought: 'TRUE', is_mauler: 'False' })]))[0]).toMatchObject({
      isDreadnought: true,
      isMauler: false,
    });
    for (const value of ['yes', '1', 'no', '0', 'ja']) {
      const result = refused(parseUnitsCsv(csv([warship('LYR-DN', { is_dreadnought: value })])));
      expect(result.errors).toEqual([
        expect.objectContaining({ line: 2, field: 'is_dreadnought', code: 'catalog/bad-value' }),
      ]);
    }
  });

  it('BPV is stored as a canonical decimal string; bad amounts are refused', () => {
    expect(units(csv([warship('LYR-CA', { bpv_economic: '133.50', bpv_combat: '0' })]))[0]).toMatchObject({
      bpvEconomic: '133.5',
      bpvCombat: '0',
    });
    for (const value of ['0', '-5', '1e3', '12.345', '1,000', '12345678901']) {
      const result = refused(parseUnitsCsv(csv([warship('LYR-CA', { bpv_economic: value })])));
      expect(result.errors[0]).toMatchObject({ line: 2, field: 'bpv_economic' });
    }
  });

  it('enums ignore letter case and are stored canonically; unknown values are refused', () => {
    expect(units(csv([warship('LYR-CA', { empire: 'lyr', unit_kind: 'Warship' })]))[0]).toMatchObject({
      empire: 'LYR',
      unitKind: 'warship',
    });
    const result = refused(parseUnitsCsv(csv([warship('XXX-CA', { empire: 'XXX' })])));
    expect(result.errors[0]).toMatchObject({ line: 2, field: 'empire' });
    expect(result.errors[0]?.message).toContain('NEU');
  });

  it('integers, years and ids are checked', () => {
    const result = refused(
      parseUnitsCsv(
        csv([
          warship('LYR-A', { size_class: '8' }),
          warship('LYR-B', { tractor_beams: '1.5' }),
          warship('LYR-C', { year_available: 'Y165' }),
          warship('LYR C', { hull_family: 'LYR-C' }),
        ]),
      ),
    );
    expect(result.errors.map((e) => [e.line, e.field])).toEqual([
      [2, 'size_class'],
      [3, 'tractor_beams'],
      [4, 'year_available'],
      [5, 'unit_id'],
    ]);
  });

  it('a required cell left empty is refused; optional cells may be empty', () => {
    const result = refused(parseUnitsCsv(csv([warship('LYR-CA', { name: '' })])));
    expect(only(result.errors, 'catalog/required')).toMatchObject({ line: 2, field: 'name' });
    expect(units(csv([warship('LYR-CA', { bpv_combat: '', notes: '', cargo_containers: '' })]))[0]).toMatchObject({
      bpvCombat: null,
      notes: null,
      cargoContainers: null,
    });
  });

  it('optional columns may be left out of the file; header names ignore case, spaces and order', () => {
    const required = CATALOG_COLUMNS.units.filter(
      (c) => !['bpv_combat', 'notes', 'cargo_containers', 'co_eligible', 'buildable', 'web_caster'].includes(c),
    );
    const reordered = [...required].reverse();
    const header = reordered.map((c) => ` ${c.toUpperCase()} `).join(',');
    const row = warship('LYR-CA');
    const text = `${header}\n${reordered.map((c) => row[c] ?? '').join(',')}\n`;
    expect(units(text)[0]).toMatchObject({
      unitId: 'LYR-CA',
      bpvCombat: null,
      notes: null,
      coEligible: null,
      buildable: true,
      webCaster: false,
    });
  });

  it('quoted cells keep commas, doubled quotes and line breaks; line numbers stay right after them', () => {
    const text = csv([
      warship('LYR-CA', { name: 'Lyran "Lion", heavy', notes: 'first line\nsecond line\nthird line' }),
      warship('LYR-FF', { move_cost: '0.31' }),
    ]);
    const result = refused(parseUnitsCsv(text));
    // The CA row spans lines 2–4, so the FF row is line 5.
    expect(result.errors).toEqual([expect.objectContaining({ line: 5, field: 'move_cost' })]);
    const ok = units(csv([warship('LYR-CA', { name: 'Lyran "Lion", heavy', notes: 'a\nb' })]))[0];
    expect(ok).toMatchObject({ name: 'Lyran "Lion", heavy', notes: 'a\nb' });
  });

  it('a BOM and CRLF line ends are accepted', () => {
    const text = `\uFEFF${csv([warship('LYR-CA', { notes: 'x\ny' }), warship('LYR-FF', { move_cost: '1/3' })]).replace(/\n/g, '\r\n')}`;
    const parsed = units(text);
    expect(parsed.map((u) => u.unitId)).toEqual(['LYR-CA', 'LYR-FF']);
    expect(parsed[0]?.notes).toBe('x\ny');
    const bad = refused(parseUnitsCsv(text.replace('1/3', '0.31')));
    expect(bad.errors[0]).toMatchObject({ line: 4, field: 'move_cost' });
  });

  it('blank lines and rows of empty cells are skipped without shifting line numbers', () => {
    const empty = CATALOG_COLUMNS.units.map(() => '').join(',');
    const lines = csv([warship('LYR-CA'), warship('LYR-FF', { move_cost: 'x' })]).split('\n');
    const text = [lines[0], '', lines[1], empty, '', lines[2], empty, ''].join('\n');
    const result = refused(parseUnitsCsv(text));
    expect(result.errors).toEqual([expect.objectContaining({ line: 6, field: 'move_cost' })]);
  });

  it('names with line breaks or control characters are refused; notes may have line breaks', () => {
    const result = refused(
      parseUnitsCsv(csv([warship('LYR-CA', { name: 'a\nb' }), warship('LYR-FF', { notes: 'bell\u0007' })])),
    );
    expect(result.errors.map((e) => [e.line, e.field])).toEqual([
      [2, 'name'],
      [4, 'notes'],
    ]);
  });
});

describe('catalog import refuses bad files whole (requirements §4.2)', () => {
  it('one bad row refuses the whole file, naming the line and the field', () => {
    const rows = [warship('LYR-CA'), warship('LYR-DD'), warship('LYR-FF', { size_class: 'four' }), warship('LYR-CW')];
    const result = refused(parseUnitsCsv(csv(rows)));
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({
      file: 'units.csv',
      line: 4,
      field: 'size_class',
      code: 'catalog/bad-value',
    });
    expect('units' in result).toBe(false);
    const whole = refused(parseCatalog({ units: csv(rows) }, 'v1'));
    expect('catalog' in whole).toBe(false);
  });

  it('reports every error, in several rows and several fields of one row', () => {
    const result = refused(
      parseUnitsCsv(
        csv([
          warship('LYR-CA', { move_cost: '0.31', bpv_economic: '-1' }),
          warship('LYR-DD'),
          warship('LYR-FF', { is_q_ship: 'maybe' }),
          warship('LYR-CW', { unit_kind: 'cruiser' }),
        ]),
      ),
    );
    expect(result.errors.map((e) => [e.line, e.field])).toEqual([
      [2, 'bpv_economic'],
      [2, 'move_cost'],
      [4, 'is_q_ship'],
      [5, 'unit_kind'],
    ]);
    expect(result.omittedErrors).toBe(0);
  });

  it('caps the list at 5,000 errors and counts the rest', () => {
    const rows = Array.from({ length: CATALOG_LIMITS.maxIssues + 50 }, (_, i) =>
      warship(`LYR-S${i}`, { move_cost: '0.31' }),
    );
    const result = refused(parseUnitsCsv(csv(rows)));
    expect(result.errors).toHaveLength(CATALOG_LIMITS.maxIssues);
    expect(result.omittedErrors).toBe(50);
  });

  it('refuses an unknown column, suggesting the likely one', () => {
    const text = csv([warship('LYR-CA')]).replace('move_cost', 'move_cots');
    const issue = only(refused(parseUnitsCsv(text)).errors, 'catalog/unknown-column');
    expect(issue).toMatchObject({ line: 1, field: 'move_cots' });
    expect(issue.message).toContain('Did you mean "move_cost"?');
  });

  it('refuses a missing required column, and stops before the rows', () => {
    const columns = CATALOG_COLUMNS.units.filter((c) => c !== 'bpv_economic' && c !== 'sfb_ref');
    const result = refused(parseUnitsCsv(csv([warship('LYR-CA', { move_cost: 'bad' })], columns)));
    expect(result.errors.map((e) => [e.code, e.line, e.field])).toEqual([
      ['catalog/missing-column', 1, 'bpv_economic'],
      ['catalog/missing-column', 1, 'sfb_ref'],
    ]);
  });

  it('refuses a duplicated or unnamed header column', () => {
    const dup = refused(parseUnitsCsv(csv([warship('LYR-CA')], [...CATALOG_COLUMNS.units, 'notes'])));
    expect(only(dup.errors, 'catalog/duplicate-column')).toMatchObject({ line: 1, field: 'notes' });
    const unnamed = refused(parseUnitsCsv(csv([warship('LYR-CA')], [...CATALOG_COLUMNS.units, ''])));
    expect(only(unnamed.errors, 'catalog/unnamed-column').message).toContain(
      `Column ${CATALOG_COLUMNS.units.length + 1}`,
    );
  });

  it('refuses a row with too few or too many cells', () => {
    const lines = csv([warship('LYR-CA'), warship('LYR-FF')]).split('\n');
    const text = [lines[0], `${lines[1]},extra`, lines[2]?.split(',').slice(0, 10).join(',')].join('\n');
    const result = refused(parseUnitsCsv(text));
    expect(result.errors.map((e) => [e.code, e.line, e.field])).toEqual([
      ['catalog/cell-count', 2, null],
      ['catalog/cell-count', 3, null],
    ]);
  });

  it('refuses malformed CSV with the line of the problem', () => {
    const lines = csv([warship('LYR-CA'), warship('LYR-FF')]).split('\n');
    const text = [lines[0], lines[1], `"LYR-FF${lines[2]?.slice(6)}`].join('\n');
    const issue = only(refused(parseUnitsCsv(text)).errors, 'catalog/csv-syntax');
    expect(issue.line).toBe(3);
  });

  it('refuses an empty file and a file with a header only', () => {
    expect(only(refused(parseUnitsCsv('')).errors, 'catalog/no-header').line).toBe(1);
    expect(only(refused(parseUnitsCsv('\uFEFF\r\n\r\n')).errors, 'catalog/no-header').line).toBe(1);
    const headerOnly = csv([]);
    expect(parseUnitsCsv(headerOnly).ok).toBe(true);
    expect(only(refused(parseCatalog({ units: headerOnly }, 'v1')).errors, 'catalog/no-units').file).toBe('units.csv');
  });

  it('refuses an oversized file before parsing it', () => {
    const text = csv([warship('LYR-CA')]) + ' '.repeat(CATALOG_LIMITS.maxTextLength);
    const result = refused(parseUnitsCsv(text));
    expect(result.errors).toEqual([expect.objectContaining({ code: 'catalog/too-large', line: 0, field: null })]);
  });

  it('refuses more than 20,000 rows', () => {
    const header = 'unit_id\n';
    const text = header + 'x\n'.repeat(CATALOG_LIMITS.maxRows + 1);
    expect(only(refused(parseUnitsCsv(text)).errors, 'catalog/too-many-rows').line).toBe(0);
  });

  it('refuses an overlong row while parsing', () => {
    const text = csv([warship('LYR-CA', { notes: 'x'.repeat(CATALOG_LIMITS.maxRecordLength + 10) })]);
    expect(only(refused(parseUnitsCsv(text)).errors, 'catalog/csv-syntax').line).toBe(2);
  });

  it('refuses a bad version label', () => {
    for (const version of ['', 'has space', 'x'.repeat(65)]) {
      const result = refused(parseCatalog({ units: csv([warship('LYR-CA')]) }, version));
      expect(only(result.errors, 'catalog/bad-version')).toMatchObject({ file: 'catalog', line: 0, field: null });
    }
  });
});
