import { parse as parseCsv } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  CATALOG_COLUMNS,
  canonicalCatalog,
  parseCatalog,
  parseRefitsCsv,
  parseUnitsCsv,
} from '../../../src/rules/thunderdome/catalog/index.ts';
import { catalogErrorReport, catalogTemplateFiles } from '../../../src/discord/views/catalog-files.ts';
import { csv, only, refitRow, refused, warship } from './helpers.ts';

type Row = Record<string, string>;

/** What a spreadsheet set to a comma decimal mark saves: BOM, CRLF, `;` between cells, quotes where a cell has `;`. */
function spreadsheetCsv(rows: Row[], columns: readonly string[] = CATALOG_COLUMNS.units): string {
  const cell = (v: string) => (/[";\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const lines = [columns.join(';'), ...rows.map((r) => columns.map((c) => cell(r[c] ?? '')).join(';'))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

describe('requirements §4.2 a catalog typed in a spreadsheet imports', () => {
  it('BOM, CRLF, semicolons, decimal commas and empty optional cells import as the same catalog as the plain file', () => {
    const plain = [
      warship('LYR-CA', { bpv_economic: '133.5', move_cost: '1', notes: 'a; b, c' }),
      warship('LYR-FF', { bpv_economic: '63', move_cost: '0.33', year_available: '165.5', bpv_combat: '' }),
    ];
    const typed = [
      warship('LYR-CA', { bpv_economic: '133,5', move_cost: '1', notes: 'a; b, c' }),
      warship('LYR-FF', { bpv_economic: '63', move_cost: '0,33', year_available: '165,5', bpv_combat: '' }),
    ];
    const fromSheet = parseCatalog({ units: spreadsheetCsv(typed) }, 'sheet');
    const fromPlain = parseCatalog({ units: csv(plain) }, 'plain');
    if (!fromSheet.ok || !fromPlain.ok) throw new Error(JSON.stringify(fromSheet));
    expect(fromSheet.catalog.units[0]).toMatchObject({ bpvEconomic: '133.5', notes: 'a; b, c' });
    expect(fromSheet.catalog.units[1]).toMatchObject({ moveCost: 20, yearAvailable: 165.5, bpvCombat: null });
    expect(canonicalCatalog(fromSheet.catalog).version).toBe(canonicalCatalog(fromPlain.catalog).version);
  });

  it('a refits file saved with semicolons imports too', () => {
    const units = parseUnitsCsv(csv([warship('LYR-CA'), warship('LYR-CA+PH', { hull_family: 'LYR-CA' })]));
    if (!units.ok) throw new Error('units refused');
    const refits = parseRefitsCsv(
      spreadsheetCsv([refitRow('LYR-CA', 'LYR-CA+PH', { cost_override: '4,5' })], CATALOG_COLUMNS.refits),
      units.units,
    );
    expect(refits).toMatchObject({ ok: true, refits: [{ fromUnitId: 'LYR-CA', costOverride: '4.5' }] });
  });

  it('a decimal comma that could be a thousands separator is refused, naming the cell', () => {
    const result = refused(parseUnitsCsv(spreadsheetCsv([warship('LYR-CA', { bpv_economic: '1,250' })])));
    const issue = only(result.errors, 'catalog/ambiguous-comma');
    expect(issue).toMatchObject({ line: 2, field: 'bpv_economic', value: '1,250' });
    expect(issue.message).toContain('could be 1250 or 1.250');
  });

  it('a comma-separated file keeps reading a quoted decimal comma, and a header of neither separator is refused', () => {
    const ok = parseUnitsCsv(csv([warship('LYR-CA', { bpv_economic: '16,25' })]));
    expect(ok).toMatchObject({ ok: true, units: [{ bpvEconomic: '16.25' }] });
    const tabbed = csv([warship('LYR-CA')]).replace(/,/g, '\t');
    expect(refused(parseUnitsCsv(tabbed)).errors[0]).toMatchObject({ code: 'catalog/unknown-column', line: 1 });
  });
});

describe('UTD6.375 refits lead forward: a cycle is refused', () => {
  it('a refit chain that comes back to its start is refused at the edge that closes it', () => {
    const units = parseUnitsCsv(
      csv([
        warship('LYR-CA'),
        warship('LYR-CA+A', { hull_family: 'LYR-CA' }),
        warship('LYR-CA+B', { hull_family: 'LYR-CA' }),
      ]),
    );
    if (!units.ok) throw new Error('units refused');
    const text = csv(
      [refitRow('LYR-CA', 'LYR-CA+A'), refitRow('LYR-CA+A', 'LYR-CA+B'), refitRow('LYR-CA+B', 'LYR-CA')],
      CATALOG_COLUMNS.refits,
    );
    const issue = only(refused(parseRefitsCsv(text, units.units)).errors, 'catalog/refit-cycle');
    expect(issue).toMatchObject({ line: 4, field: 'to_unit_id', rule: 'UTD6.375' });
    expect(issue.message).toContain('LYR-CA → LYR-CA+A → LYR-CA+B → LYR-CA');
  });
});

describe('requirements §4.2 the row-level error report', () => {
  it('names every bad row of a prepared broken file: row, column, value, problem, rule or format line', () => {
    const text = csv([
      warship('LYR-CA'),
      warship('LYR-FF', { move_cost: '0.31' }),
      warship('LYR-DD', { empire: 'XXX' }),
      warship('LYR-CA'),
      warship('LYR-TS', { is_troop_ship: 'true' }),
      warship('LYR-BB', { size_class: 'big', bpv_economic: '-3' }),
    ]);
    const result = refused(parseCatalog({ units: text }, 'x'));
    const report = catalogErrorReport(result);
    expect(report.name).toBe('catalog-errors.csv');
    const rows = parseCsv(report.text.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r['row'], r['column'], r['value']])).toEqual([
      ['3', 'move_cost', '0.31'],
      ['4', 'empire', 'XXX'],
      ['5', 'unit_id', 'LYR-CA'],
      ['6', 'sfb_ref', ''],
      ['7', 'bpv_economic', '-3'],
      ['7', 'size_class', 'big'],
    ]);
    expect(rows[3]).toMatchObject({ 'rule or format': 'UTD4.332' });
    expect(rows[3]!['problem']).not.toContain('(UTD4.332)');
    expect(rows[0]).toMatchObject({ 'rule or format': 'format: assets/catalog/README.md' });
  });
});

describe('/catalog template (requirements §4.2)', () => {
  it('the template files import as they are, and the guide has one line per column with its meaning, unit and example', () => {
    const files = Object.fromEntries(catalogTemplateFiles().map((f) => [f.name, f.text]));
    const parsed = parseCatalog(
      { units: files['units.csv']!, refits: files['refits.csv']!, conversions: files['conversions.csv']! },
      'template',
    );
    expect(parsed.ok).toBe(true);
    const guide = parseCsv(files['catalog-guide.csv']!.replace(/^\uFEFF/, ''), { columns: true }) as Record<
      string,
      string
    >[];
    expect(guide).toHaveLength(
      CATALOG_COLUMNS.units.length + CATALOG_COLUMNS.refits.length + CATALOG_COLUMNS.conversions.length,
    );
    expect(guide.find((g) => g['column'] === 'move_cost' && g['file'] === 'units.csv')).toMatchObject({
      required: 'optional',
      example: '1',
    });
    expect(guide.find((g) => g['column'] === 'bpv_economic')).toMatchObject({ required: 'required', example: '133' });
    expect(guide.every((g) => g['meaning'] !== '' && g['unit or format'] !== '')).toBe(true);
  });
});
