import { csvQuote, spreadsheetCell } from '../../csv.ts';
import { columnsOf, CONVERSION_SCHEMA, REFIT_SCHEMA, UNIT_SCHEMA } from './columns.ts';
import type { Schema } from './columns.ts';
import type { CatalogUnit, ConversionEdge, RefitEdge } from './types.ts';

/**
 * Writes catalog data back as CSV in the import format (requirements §4.2): every column of
 * the schema in schema order, LF line ends, cells quoted only when they must be (a comma, a
 * quote, a line break, or spaces at either end that trimming would lose). Parsing the output
 * gives the same records back. These files are the catalog's canonical form (its version is their
 * hash, version.ts) and the bot never hands them out as a spreadsheet, so cells are not
 * formula-escaped: a `-` there is a negative number the importer must read back.
 */

function serialise<R>(schema: Schema<R>, records: readonly R[]): string {
  const columns = columnsOf(schema);
  const lines = [columns.map((c) => c.column.name).join(',')];
  for (const record of records)
    lines.push(columns.map(({ key, column }) => csvQuote(column.format(record[key]))).join(','));
  return `${lines.join('\n')}\n`;
}

export function serialiseUnitsCsv(units: readonly CatalogUnit[]): string {
  return serialise(UNIT_SCHEMA, units);
}

export function serialiseRefitsCsv(refits: readonly RefitEdge[]): string {
  return serialise(REFIT_SCHEMA, refits);
}

export function serialiseConversionsCsv(conversions: readonly ConversionEdge[]): string {
  return serialise(CONVERSION_SCHEMA, conversions);
}

/**
 * One CSV line of a report or guide beside the catalog files: these are read in a spreadsheet and
 * carry values a player typed, so a cell that would start a formula is written as text.
 */
export function csvLine(cells: readonly string[]): string {
  return cells.map(spreadsheetCell).join(',');
}

/** Every column of each file in order with its field and presence, e.g. for the template's guide. */
export const CATALOG_SCHEMA_COLUMNS = {
  units: columnsOf(UNIT_SCHEMA).map((c) => ({ key: c.key, name: c.column.name, presence: c.column.presence })),
  refits: columnsOf(REFIT_SCHEMA).map((c) => ({ key: c.key, name: c.column.name, presence: c.column.presence })),
  conversions: columnsOf(CONVERSION_SCHEMA).map((c) => ({
    key: c.key,
    name: c.column.name,
    presence: c.column.presence,
  })),
} as const;

/** The column names of each file in order, e.g. for a blank template. */
export const CATALOG_COLUMNS = {
  units: columnsOf(UNIT_SCHEMA).map((c) => c.column.name),
  refits: columnsOf(REFIT_SCHEMA).map((c) => c.column.name),
  conversions: columnsOf(CONVERSION_SCHEMA).map((c) => c.column.name),
} as const;
