import { sampleCatalogFiles } from '../../app/catalogs.ts';
import {
  CATALOG_SCHEMA_COLUMNS,
  csvLine,
  parseCatalog,
  serialiseConversionsCsv,
  serialiseRefitsCsv,
  serialiseUnitsCsv,
  type CatalogFailure,
  type CatalogIssue,
} from '../../rules/thunderdome/catalog/index.ts';
import { parse as parseCsv } from 'csv-parse/sync';
import {
  CONVERSION_COLUMN_GUIDE,
  PRESENCE_WORDS,
  REFIT_COLUMN_GUIDE,
  TEMPLATE_WORDS,
  UNIT_COLUMN_GUIDE,
  type ColumnGuide,
} from '../catalog-guide-words.ts';

/**
 * The files `/catalog template` and a refused `/catalog import` attach (requirements §4.2;
 * assets/catalog/README.md). Every file starts with a byte-order mark so that a spreadsheet opens
 * it as UTF-8 (the import ignores the mark), and ends lines with CRLF, as spreadsheets write.
 */
export interface TextFile {
  name: string;
  text: string;
}

const BOM = '\uFEFF';

type Presence = keyof typeof PRESENCE_WORDS;

/** The cells of a one-row CSV by column name. */
function cellsOf(csv: string): Map<string, string> {
  const [header = [], row = []] = parseCsv(csv) as string[][];
  return new Map(header.map((name, i) => [name, row[i] ?? '']));
}

function spreadsheetText(lines: string): string {
  return BOM + lines.replace(/\n/g, '\r\n');
}

/** The example rows: a cruiser and its refit, a destroyer and its conversion, a large freighter, from the sample. */
const EXAMPLE_UNITS = ['LYR-CA', 'LYR-CA+PH', 'LYR-DD', 'LYR-CW+', 'NEU-F-L'] as const;

export function catalogTemplateFiles(): TextFile[] {
  const sample = parseCatalog(sampleCatalogFiles(), 'sample');
  if (!sample.ok) throw new Error('the bundled sample catalog is invalid');
  const keep = new Set<string>(EXAMPLE_UNITS);
  const units = sample.catalog.units.filter((u) => keep.has(u.unitId));
  const refits = sample.catalog.refits.filter((e) => keep.has(e.fromUnitId) && keep.has(e.toUnitId));
  const conversions = sample.catalog.conversions.filter((e) => keep.has(e.fromUnitId) && keep.has(e.toUnitId));
  const example = units[0];
  const refit = refits[0];
  const conversion = conversions[0];
  if (!example || !refit || !conversion || units.length !== EXAMPLE_UNITS.length)
    throw new Error(`the sample catalog lacks an example of the template (${EXAMPLE_UNITS.join(', ')})`);

  // The example cell of each column is the cell the serialiser writes for the example row.
  const unitCells = cellsOf(serialiseUnitsCsv([example]));
  const refitCells = cellsOf(serialiseRefitsCsv([refit]));
  const conversionCells = cellsOf(serialiseConversionsCsv([conversion]));
  const guide: string[] = [csvLine(TEMPLATE_WORDS.guideHeader)];
  const line = (file: string, name: string, presence: Presence, w: ColumnGuide, example: string) =>
    guide.push(csvLine([file, name, PRESENCE_WORDS[presence], w.neededFor ?? '', w.meaning, w.unit, example]));
  for (const c of CATALOG_SCHEMA_COLUMNS.units)
    line('units.csv', c.name, c.presence, UNIT_COLUMN_GUIDE[c.key], unitCells.get(c.name) ?? '');
  for (const c of CATALOG_SCHEMA_COLUMNS.refits)
    line('refits.csv', c.name, c.presence, REFIT_COLUMN_GUIDE[c.key], refitCells.get(c.name) ?? '');
  for (const c of CATALOG_SCHEMA_COLUMNS.conversions)
    line('conversions.csv', c.name, c.presence, CONVERSION_COLUMN_GUIDE[c.key], conversionCells.get(c.name) ?? '');

  return [
    { name: 'units.csv', text: spreadsheetText(serialiseUnitsCsv(units)) },
    { name: 'refits.csv', text: spreadsheetText(serialiseRefitsCsv(refits)) },
    { name: 'conversions.csv', text: spreadsheetText(serialiseConversionsCsv(conversions)) },
    { name: 'catalog-guide.csv', text: spreadsheetText(`${guide.join('\n')}\n`) },
  ];
}

/** The row-level error report of a refused import: every problem found, one line each. */
export function catalogErrorReport(failure: Pick<CatalogFailure, 'errors' | 'omittedErrors'>): TextFile {
  const lines = [csvLine(ERROR_REPORT_HEADER)];
  for (const issue of failure.errors) lines.push(csvLine(errorReportCells(issue)));
  if (failure.omittedErrors > 0)
    lines.push(csvLine(['', '', '', '', ERROR_REPORT_WORDS.omitted(failure.omittedErrors), '']));
  return { name: 'catalog-errors.csv', text: spreadsheetText(`${lines.join('\n')}\n`) };
}

const ERROR_REPORT_HEADER = ['file', 'row', 'column', 'value', 'problem', 'rule or format'];

const ERROR_REPORT_WORDS = {
  omitted: (n: number) => `… and ${n} more errors not listed`,
  format: 'format: assets/catalog/README.md',
} as const;

function errorReportCells(issue: CatalogIssue): string[] {
  // The rule is cited in its own column, so the sentence is given without the "(UTD…)" suffix.
  const suffix = issue.rule === undefined ? '' : ` (${issue.rule})`;
  const problem = suffix && issue.message.endsWith(suffix) ? issue.message.slice(0, -suffix.length) : issue.message;
  return [
    issue.file,
    issue.line > 0 ? String(issue.line) : '',
    issue.field ?? '',
    issue.value ?? '',
    problem,
    issue.rule ?? ERROR_REPORT_WORDS.format,
  ];
}
