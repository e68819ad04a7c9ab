import { parse as parseCsv } from 'csv-parse/sync';
import { formatMoveClass } from '../../exact/move-class.ts';
import { columnsOf, CONVERSION_SCHEMA, REFIT_SCHEMA, UNIT_SCHEMA } from './columns.ts';
import type { Column, Schema } from './columns.ts';
import {
  defenseMoveCost,
  isAttritionKind,
  isFighterKind,
  isFleetKind,
  isShipKind,
  isYardKind,
  SHIPYARD_CHART,
} from './rules.ts';
import { CATALOG_LIMITS } from './types.ts';
import type { Catalog, CatalogUnit, ConversionEdge, RefitEdge } from './types.ts';

/**
 * Admin import of the catalog (requirements §4.2, validations §4.2.7). All or nothing: any
 * error refuses the whole import, and every error found is reported (up to
 * `CATALOG_LIMITS.maxIssues`), each naming the file, the line and the column. Warnings never
 * refuse an import. Pure: the caller reads the files and passes their text.
 *
 * File rules (README.md "File format"): UTF-8 text, an optional BOM, LF or CRLF line ends,
 * `,` or `;` between cells (as spreadsheets save CSV; told from the header), RFC 4180 quoting (`"a, b"`, `""` for a quote; a quoted cell may span lines),
 * a header row naming the columns (any order, any letter case), blank lines and rows of only
 * empty cells skipped, cells trimmed.
 */

export type CatalogFile = 'units.csv' | 'refits.csv' | 'conversions.csv' | 'catalog';

export interface CatalogIssue {
  /** `catalog` for problems with the import as a whole (the version label). */
  file: CatalogFile;
  /** 1-based line in the file, the header being line 1; 0 when the problem is the whole file. */
  line: number;
  /** The column at fault, as named in the header; null for the whole row or file. */
  field: string | null;
  message: string;
  /** Stable code for presentation and tests, e.g. `catalog/duplicate-id`. */
  code: string;
  /** The rule the problem breaks, when it breaks one (also cited at the end of `message`). */
  rule?: string;
  /** The cell as written, when the problem is one cell (for the row-level error report). */
  value?: string;
}

interface Warnings {
  warnings: CatalogIssue[];
  /** Warnings found beyond the cap and not listed. */
  omittedWarnings: number;
}

export type CatalogFailure = {
  ok: false;
  errors: CatalogIssue[];
  /** Errors beyond the cap, not listed. */
  omittedErrors: number;
} & Warnings;
export type UnitsCsvResult = ({ ok: true; units: CatalogUnit[] } & Warnings) | CatalogFailure;
export type RefitsCsvResult = ({ ok: true; refits: RefitEdge[] } & Warnings) | CatalogFailure;
export type ConversionsCsvResult = ({ ok: true; conversions: ConversionEdge[] } & Warnings) | CatalogFailure;
export type CatalogParseResult = ({ ok: true; catalog: Catalog } & Warnings) | CatalogFailure;

export interface CatalogFiles {
  units: string;
  refits?: string;
  conversions?: string;
}

/** One line for a person: `units.csv line 5, move_cost: …`. */
export function formatCatalogIssue(issue: CatalogIssue): string {
  const where = issue.line > 0 ? `${issue.file} line ${issue.line}` : issue.file;
  return issue.field === null ? `${where}: ${issue.message}` : `${where}, ${issue.field}: ${issue.message}`;
}

// ---------------------------------------------------------------------------------------------
// Issue collection

class IssueLog {
  readonly errors: CatalogIssue[] = [];
  readonly warnings: CatalogIssue[] = [];
  omittedErrors = 0;
  omittedWarnings = 0;

  get errorCount(): number {
    return this.errors.length + this.omittedErrors;
  }

  add(kind: 'error' | 'warning', issue: CatalogIssue): void {
    const list = kind === 'error' ? this.errors : this.warnings;
    if (list.length < CATALOG_LIMITS.maxIssues) list.push(issue);
    else if (kind === 'error') this.omittedErrors++;
    else this.omittedWarnings++;
  }

  for(file: CatalogFile): Reporter {
    const make =
      (kind: 'error' | 'warning') =>
      (line: number, field: string | null, code: string, message: string, rule?: string, value?: string): void => {
        const issue: CatalogIssue =
          rule === undefined
            ? { file, line, field, code, message }
            : { file, line, field, code, message: `${message} (${rule})`, rule };
        if (value !== undefined && value !== '') issue.value = value;
        this.add(kind, issue);
      };
    return { error: make('error'), warn: make('warning') };
  }

  failure(): CatalogFailure {
    return {
      ok: false,
      errors: this.errors,
      omittedErrors: this.omittedErrors,
      warnings: this.warnings,
      omittedWarnings: this.omittedWarnings,
    };
  }

  warningsOnly(): Warnings {
    return { warnings: this.warnings, omittedWarnings: this.omittedWarnings };
  }
}

type Report = (
  line: number,
  field: string | null,
  code: string,
  message: string,
  rule?: string,
  value?: string,
) => void;
interface Reporter {
  error: Report;
  warn: Report;
}

/** A reporter for one row: an issue naming a column carries that column's cell as written. */
function rowReporter(report: Reporter, row: CsvRow): Reporter {
  const withCell =
    (to: Report): Report =>
    (line, field, code, message, rule, value) =>
      to(line, field, code, message, rule, value ?? (field === null ? undefined : row.cells.get(field)));
  return { error: withCell(report.error), warn: withCell(report.warn) };
}

// ---------------------------------------------------------------------------------------------
// CSV text → rows of named cells

interface CsvRow {
  /** Line of the row's first character (a quoted cell may make a row span lines). */
  line: number;
  /** Trimmed cells by lower-case column name. */
  cells: ReadonlyMap<string, string>;
}

interface ParsedRecord {
  record: string[];
  info: { lines: number };
}

/** Edit distance, for "did you mean" on unknown column names. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(
        (prev[j] ?? 0) + 1,
        (cur[j - 1] ?? 0) + 1,
        (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    prev = cur;
  }
  return prev[b.length] ?? 0;
}

function suggestion(name: string, known: readonly string[]): string {
  let best: string | null = null;
  let bestDistance = 3;
  for (const k of known) {
    const d = distance(name, k);
    if (d < bestDistance) {
      best = k;
      bestDistance = d;
    }
  }
  return best === null ? '' : ` Did you mean "${best}"?`;
}

/**
 * The cell separator: `,`, or `;` as spreadsheets write CSV where the comma is the decimal mark.
 * Told from the header line: whichever separator splits it into more known column names (a
 * header has no decimals, so there is nothing to confuse); `,` when neither finds any.
 */
function delimiterOf(body: string, columns: readonly Column<unknown>[]): ',' | ';' {
  const first = body.split('\n').find((l) => l.trim() !== '') ?? '';
  const known = new Set(columns.map((c) => c.name));
  const hits = (sep: string) =>
    first.split(sep).filter((name) => known.has(name.trim().replace(/^"|"$/g, '').trim().toLowerCase())).length;
  return hits(';') > hits(',') ? ';' : ',';
}

/**
 * Splits the text into rows keyed by the header's column names, checking the size limits, the
 * CSV syntax and the header against `columns`. Returns null when the file cannot be read row
 * by row (the errors say why); rows with the wrong number of cells are reported and dropped.
 */
function readRows(text: string, columns: readonly Column<unknown>[], report: Reporter): CsvRow[] | null {
  if (text.length > CATALOG_LIMITS.maxTextLength) {
    report.error(
      0,
      null,
      'catalog/too-large',
      `The file has ${text.length} characters; the limit is ${CATALOG_LIMITS.maxTextLength}.`,
    );
    return null;
  }
  let body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // One line-end convention, so that csv-parse's line count matches what an editor shows.
  body = body.replace(/\r\n?/g, '\n');
  const delimiter = delimiterOf(body, columns);
  let records: ParsedRecord[];
  try {
    records = parseCsv(body, {
      delimiter,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: CATALOG_LIMITS.maxRecordLength,
    }) as unknown as ParsedRecord[];
  } catch (e) {
    const line = typeof (e as { lines?: unknown }).lines === 'number' ? (e as { lines: number }).lines : 0;
    const message =
      (e as { code?: unknown }).code === 'CSV_MAX_RECORD_SIZE'
        ? `A row is longer than ${CATALOG_LIMITS.maxRecordLength} bytes (a missing closing quote?).`
        : `The file is not valid CSV: ${e instanceof Error ? e.message : String(e)}. Cells containing commas, quotes or line breaks must be quoted, with quotes doubled.`;
    report.error(line, null, 'catalog/csv-syntax', message);
    return null;
  }

  const rows: { line: number; cells: string[] }[] = [];
  for (const { record, info } of records) {
    const cells = record.map((c) => c.trim());
    if (cells.every((c) => c === '')) continue;
    // csv-parse reports the line a record ends on; line breaks inside quoted cells come before it.
    const inner = record.reduce((n, c) => n + (c.match(/\n/g)?.length ?? 0), 0);
    rows.push({ line: info.lines - inner, cells });
  }

  const header = rows[0];
  if (!header) {
    report.error(1, null, 'catalog/no-header', 'The file is empty: the first line must name the columns.');
    return null;
  }
  if (rows.length - 1 > CATALOG_LIMITS.maxRows) {
    report.error(
      0,
      null,
      'catalog/too-many-rows',
      `The file has ${rows.length - 1} rows; the limit is ${CATALOG_LIMITS.maxRows}.`,
    );
    return null;
  }
  if (header.cells.length > CATALOG_LIMITS.maxColumns) {
    report.error(
      header.line,
      null,
      'catalog/too-many-columns',
      `The header has ${header.cells.length} columns; the limit is ${CATALOG_LIMITS.maxColumns}.`,
    );
    return null;
  }

  const known = columns.map((c) => c.name);
  const names = header.cells.map((c) => c.toLowerCase());
  let headerOk = true;
  const seen = new Set<string>();
  names.forEach((name, i) => {
    if (name === '') {
      report.error(
        header.line,
        null,
        'catalog/unnamed-column',
        `Column ${i + 1} of the header has no name; remove the empty column or name it.`,
      );
      headerOk = false;
    } else if (seen.has(name)) {
      report.error(header.line, name, 'catalog/duplicate-column', `The column "${name}" appears twice in the header.`);
      headerOk = false;
    } else if (!known.includes(name)) {
      report.error(header.line, name, 'catalog/unknown-column', `Unknown column "${name}".${suggestion(name, known)}`);
      headerOk = false;
    }
    seen.add(name);
  });
  for (const column of columns) {
    if (column.presence !== 'optional' && !seen.has(column.name)) {
      report.error(
        header.line,
        column.name,
        'catalog/missing-column',
        `The required column "${column.name}" is missing from the header.`,
      );
      headerOk = false;
    }
  }
  // Rows are only read against a trusted header: a typo in a column name would otherwise
  // surface as a misleading error on every row.
  if (!headerOk) return null;

  const out: CsvRow[] = [];
  for (const row of rows.slice(1)) {
    if (row.cells.length !== names.length) {
      report.error(
        row.line,
        null,
        'catalog/cell-count',
        `This row has ${row.cells.length} cells but the header has ${names.length} columns (a missing quote or an extra comma?).`,
      );
      continue;
    }
    const cells = new Map<string, string>();
    names.forEach((name, i) => cells.set(name, row.cells[i] ?? ''));
    out.push({ line: row.line, cells });
  }
  return out;
}

/**
 * Reads one row against a schema. Returns the record, or null if a cell is wrong (each wrong
 * cell is reported). `valid` lists the columns that parsed, for cross-row checks on bad rows.
 */
function readRecord<R>(
  schema: Schema<R>,
  row: CsvRow,
  report: Reporter,
): { record: R | null; valid: Map<string, unknown> } {
  const out: Partial<Record<keyof R, unknown>> = {};
  const valid = new Map<string, unknown>();
  let ok = true;
  for (const { key, column } of columnsOf(schema)) {
    const cell = row.cells.get(column.name) ?? '';
    if (cell === '') {
      if (column.empty) {
        out[key] = column.empty();
        valid.set(column.name, out[key]);
      } else {
        report.error(row.line, column.name, 'catalog/required', 'A value is required.');
        ok = false;
      }
      continue;
    }
    const parsed = column.parse(cell);
    if (parsed.ok) {
      out[key] = parsed.value;
      valid.set(column.name, parsed.value);
    } else {
      report.error(row.line, column.name, parsed.code, `${parsed.message}.`, undefined, cell);
      ok = false;
    }
  }
  return { record: ok ? (out as R) : null, valid };
}

// ---------------------------------------------------------------------------------------------
// units.csv

interface UnitsPass {
  units: CatalogUnit[];
  byId: Map<string, CatalogUnit>;
  /** Every unit_id that appears on a row, valid or not, so edges to a bad row are not also reported. */
  knownIds: Set<string>;
  /** False when the file could not be read row by row. */
  readable: boolean;
}

const KIND_LABEL: Record<CatalogUnit['unitKind'], string> = {
  warship: 'a warship',
  auxiliary: 'an auxiliary',
  freighter: 'a freighter',
  monitor: 'a monitor',
  ground_base: 'a ground base',
  defsat: 'a DefSat',
  shipyard: 'a shipyard',
  capital_lcd: 'the capital',
  fighter: 'a fighter',
  heavy_fighter: 'a heavy fighter',
  megafighter: 'a megafighter',
  pf: 'a PF',
  base_large: 'a large base',
};

/** F&E unit factors as SIDCORS reads them (research digest §A.2.14). */
const FACTOR_PATTERN = /^(\d+)(?:-(\d+))?(?:\((\d+(?:\.\d+)?)\))?(?:\/(\d+)(?:-(\d+))?(?:\((\d+(?:\.\d+)?)\))?)?$/;

/** Row rules of §4.2.1 and §4.2.7 that need more than one cell. May set defaults on `u`. */
function checkUnit(u: CatalogUnit, row: CsvRow, report: Reporter): void {
  const at = row.line;
  const kind = u.unitKind;
  const label = KIND_LABEL[kind];
  const need = (present: boolean, field: string, why: string, rule?: string): void => {
    if (!present) report.error(at, field, 'catalog/required', `${field} is required for ${label}${why}.`, rule);
  };

  if (u.sidcorsFactors !== null && !FACTOR_PATTERN.test(u.sidcorsFactors)) {
    report.error(
      at,
      'sidcors_factors',
      'catalog/bad-factors',
      `sidcors_factors "${u.sidcorsFactors}" is not of the form A-D(F)/CA-CD(CF), e.g. 8-8/4-4 or 10-10(6)/5-5(3).`,
      'SIDCORS',
    );
  }

  // SIDCORS cloak roll (digest §A.2.14, A.2.19): only ships carry a cloaking device.
  if (u.sidcorsCloak && !isShipKind(kind))
    report.error(
      at,
      'sidcors_cloak',
      'catalog/cloak-not-ship',
      `sidcors_cloak is for cloaking ships; ${label} cannot cloak.`,
      'SIDCORS',
    );

  // Conditionally required columns (§4.2.1 "✔ for …").
  if (isFleetKind(kind) || isAttritionKind(kind))
    need(u.moveCost !== null, 'move_cost', ' (fleet limit, shipyard capacity)', 'UTD7.23');
  if (isShipKind(kind)) {
    need(u.commandRating !== null, 'command_rating', ' (S8.0 fleet validation)', 'UTD7.261');
    need(u.maxSpeed !== null, 'max_speed', ' (the wreck threshold is a quarter of it)', 'UTD7.47');
  }
  if (isShipKind(kind) || isYardKind(kind) || kind === 'ground_base' || kind === 'base_large') {
    need(u.damageControl !== null, 'damage_control', ' (self-repair and D9.4)', 'UTD7.53');
  }

  // Defenses count a move cost fixed by rule; a different catalog value is ignored.
  const ruleMc = defenseMoveCost(kind, u.groundBaseSize);
  if (ruleMc !== null && u.moveCost !== null && u.moveCost !== ruleMc) {
    report.warn(
      at,
      'move_cost',
      'catalog/defense-move-cost',
      `move_cost ${formatMoveClass(u.moveCost)} is ignored: ${label} always counts MC ${formatMoveClass(ruleMc)}.`,
      'UTD7.4235',
    );
  }

  // 6. Yards: capacity, dry docks and works, matching the charts.
  if (isYardKind(kind)) {
    need(u.shipyardCapacity !== null, 'shipyard_capacity', '', 'UTD6.372');
    need(u.dryDockPositions !== null, 'dry_dock_positions', '', 'UTD7.62');
    need(u.worksBoxes !== null, 'works_boxes', ' (damaged capacity)', 'UTD6.3724');
    const chart =
      kind === 'capital_lcd'
        ? SHIPYARD_CHART.capital
        : u.sizeClass === 2
          ? SHIPYARD_CHART.sc2
          : u.sizeClass === 3
            ? SHIPYARD_CHART.sc3
            : u.sizeClass === 4
              ? SHIPYARD_CHART.sc4
              : null;
    if (chart === null || chart.sizeClass !== u.sizeClass) {
      report.error(
        at,
        'size_class',
        'catalog/yard-chart',
        kind === 'capital_lcd'
          ? `The capital is a size class 2 yard, not ${u.sizeClass}.`
          : `A shipyard is size class 2, 3 or 4, not ${u.sizeClass}.`,
        kind === 'capital_lcd' ? 'UTD8.131' : 'UTD6.372',
      );
    } else {
      const capacities: readonly number[] = chart.capacities;
      if (u.shipyardCapacity !== null && !capacities.includes(u.shipyardCapacity)) {
        report.error(
          at,
          'shipyard_capacity',
          'catalog/yard-chart',
          `${kind === 'capital_lcd' ? 'The capital' : `A size class ${u.sizeClass} shipyard`} has capacity ${chart.capacities.map((c) => formatMoveClass(c)).join(' or ')}, not ${formatMoveClass(u.shipyardCapacity)}.`,
          'UTD6.372',
        );
      }
      if (u.dryDockPositions !== null && u.dryDockPositions !== chart.dryDocks) {
        report.error(
          at,
          'dry_dock_positions',
          'catalog/yard-chart',
          `${kind === 'capital_lcd' ? 'The capital' : `A size class ${u.sizeClass} shipyard`} has ${chart.dryDocks} dry dock positions, not ${u.dryDockPositions}.`,
          'UTD7.62',
        );
      }
    }
  } else {
    for (const [field, value] of [
      ['shipyard_capacity', u.shipyardCapacity],
      ['dry_dock_positions', u.dryDockPositions],
      ['works_boxes', u.worksBoxes],
    ] as const) {
      if (value !== null)
        report.error(
          at,
          field,
          'catalog/not-for-kind',
          `${field} is only for shipyards and the capital, not ${label}; leave it empty.`,
        );
    }
  }

  // 7. Ground bases need a size; 8. large ones are never buildable.
  if (kind === 'ground_base') {
    need(u.groundBaseSize !== null, 'ground_base_size', ' (small, medium or large)', 'UTD7.4235');
    const site = row.cells.get('needs_planet_site');
    if (site === undefined || site === '') u.needsPlanetSite = true;
    else if (!u.needsPlanetSite) {
      report.warn(
        at,
        'needs_planet_site',
        'catalog/ground-base-site',
        'Ground bases are only allowed where a planet, moon or asteroid exists; needs_planet_site false is unusual.',
        'UTD7.34',
      );
    }
  } else {
    if (u.groundBaseSize !== null)
      report.error(
        at,
        'ground_base_size',
        'catalog/not-for-kind',
        `ground_base_size is only for ground bases, not ${label}; leave it empty.`,
      );
    if (u.groundBaseRole !== null)
      report.error(
        at,
        'ground_base_role',
        'catalog/not-for-kind',
        `ground_base_role is only for ground bases, not ${label}; leave it empty.`,
      );
  }
  if ((kind === 'ground_base' && u.groundBaseSize === 'large') || kind === 'base_large') {
    if (u.buildable && row.cells.get('buildable') !== undefined && row.cells.get('buildable') !== '') {
      report.error(
        at,
        'buildable',
        'catalog/large-ground-base-buildable',
        'Large ground bases (MB, BS or larger) are never allowed; leave buildable empty or false.',
        'UTD7.25#2',
      );
    }
    u.buildable = false;
  }

  // 9. Minesweeper allowance is defined for size classes 3 and 4 only (warning).
  if (u.isMinesweeper && u.sizeClass !== 3 && u.sizeClass !== 4) {
    report.warn(
      at,
      'size_class',
      'catalog/minesweeper-size',
      `A minesweeper of size class ${u.sizeClass} has no mine allowance; only SC3 (50 BPV) and SC4 (25 BPV) do.`,
      'UTD8.253',
    );
  }

  // 10. Troop ships and Q-ships must be traceable to SFB.
  if (u.isTroopShip && u.sfbRef === null) {
    report.error(
      at,
      'sfb_ref',
      'catalog/missing-sfb-ref',
      'A troop ship must cite its master-fleet-chart or R-section designation in sfb_ref.',
      'UTD4.332',
    );
  }
  if (u.isQShip && u.sfbRef === null) {
    report.error(
      at,
      'sfb_ref',
      'catalog/missing-sfb-ref',
      'A Q-ship must cite its SFB reference in sfb_ref; it is publicly flagged.',
      'UTD8.26',
    );
  }

  // 11. Fighters count fighter equivalents: normal 1, heavy 2, megafighters per admin.
  if (isFighterKind(kind)) {
    if (u.fighterEquivalents === null) {
      report.error(
        at,
        'fighter_equivalents',
        'catalog/fighter-equivalents',
        `fighter_equivalents is required for ${label} (normal 1, heavy 2).`,
        'UTD7.24',
      );
    } else if (
      (kind === 'fighter' && u.fighterEquivalents !== 1) ||
      (kind === 'heavy_fighter' && u.fighterEquivalents !== 2)
    ) {
      report.error(
        at,
        'fighter_equivalents',
        'catalog/fighter-equivalents',
        `${label} counts ${kind === 'fighter' ? 1 : 2} fighter equivalent${kind === 'fighter' ? '' : 's'}, not ${u.fighterEquivalents}.`,
        'UTD7.24',
      );
    }
  } else if (u.fighterEquivalents !== null) {
    report.warn(
      at,
      'fighter_equivalents',
      'catalog/not-for-kind',
      `fighter_equivalents is only used for fighters; it is ignored for ${label}.`,
    );
  }

  if (u.yearRetired !== null && u.yearRetired <= u.yearAvailable) {
    report.error(
      at,
      'year_retired',
      'catalog/year-order',
      `year_retired ${u.yearRetired} must be later than year_available ${u.yearAvailable}.`,
    );
  }

  // Consistency that SFB data might legitimately bend: warnings only.
  if ((kind === 'warship' || kind === 'auxiliary' || kind === 'freighter') && (u.sizeClass < 2 || u.sizeClass > 4)) {
    report.warn(
      at,
      'size_class',
      'catalog/not-yard-buildable',
      `No shipyard can build or repair a size class ${u.sizeClass} ship; yards handle size classes 2–4.`,
      'UTD6.3732',
    );
  }
  if (u.carrierType === 'pft' && !(u.pfs !== null && u.pfs > 0)) {
    report.warn(
      at,
      'pfs',
      'catalog/carrier-complement',
      'A PF tender normally carries PFs; pfs is empty or 0.',
      'UTD8.22',
    );
  }
  if (u.carrierType !== 'none' && u.carrierType !== 'pft' && u.fighters === 0) {
    report.warn(
      at,
      'fighters',
      'catalog/carrier-complement',
      `A ${u.carrierType.replace('_', ' ')} normally carries fighters; fighters is 0.`,
      'UTD8.22',
    );
  }
  if (u.fighterTypeId !== null && u.fighters === 0 && u.fighterSpares === 0) {
    report.warn(
      at,
      'fighter_type_id',
      'catalog/carrier-complement',
      'fighter_type_id is set but the unit carries no fighters.',
    );
  }
  if (u.isDroneBombardment && !u.droneUser) {
    report.warn(
      at,
      'is_drone_bombardment',
      'catalog/drone-flags',
      'A drone-bombardment unit is normally also a drone user.',
      'UTD7.A8',
    );
  }
}

function parseUnits(text: string, report: Reporter): UnitsPass {
  const units: CatalogUnit[] = [];
  const byId = new Map<string, CatalogUnit>();
  const firstLine = new Map<string, number>();
  const rows = readRows(
    text,
    columnsOf(UNIT_SCHEMA).map((c) => c.column as Column<unknown>),
    report,
  );
  if (rows === null) return { units, byId, knownIds: new Set(), readable: false };

  const lines = new Map<CatalogUnit, number>();
  const cells = new Map<CatalogUnit, CsvRow>();
  for (const row of rows) {
    const rowReport = rowReporter(report, row);
    const { record, valid } = readRecord(UNIT_SCHEMA, row, rowReport);
    const id = valid.get('unit_id');
    let duplicate = false;
    if (typeof id === 'string') {
      const first = firstLine.get(id);
      if (first !== undefined) {
        rowReport.error(
          row.line,
          'unit_id',
          'catalog/duplicate-id',
          `unit_id "${id}" is already used on line ${first}; every configuration needs its own id.`,
        );
        duplicate = true;
      } else {
        firstLine.set(id, row.line);
      }
    }
    if (record === null) continue;
    checkUnit(record, row, rowReport);
    if (duplicate) continue;
    units.push(record);
    byId.set(record.unitId, record);
    lines.set(record, row.line);
    cells.set(record, row);
  }

  // 2. Foreign keys: the default fighter and PF types.
  for (const u of units) {
    const at = lines.get(u) ?? 0;
    const row = cells.get(u);
    const uReport = row ? rowReporter(report, row) : report;
    const refs = [
      ['fighter_type_id', u.fighterTypeId, isFighterKind, 'a fighter, heavy fighter or megafighter'],
      ['pf_type_id', u.pfTypeId, (k: CatalogUnit['unitKind']) => k === 'pf', 'a PF'],
    ] as const;
    for (const [field, ref, fits, what] of refs) {
      if (ref === null) continue;
      const target = byId.get(ref);
      if (!firstLine.has(ref))
        uReport.error(at, field, 'catalog/unknown-unit', `${field} "${ref}" is not a unit_id in units.csv.`);
      else if (target && !fits(target.unitKind))
        uReport.error(
          at,
          field,
          'catalog/reference-kind',
          `${field} "${ref}" is ${KIND_LABEL[target.unitKind]}, not ${what}.`,
        );
    }
  }
  return { units, byId, knownIds: new Set(firstLine.keys()), readable: true };
}

// ---------------------------------------------------------------------------------------------
// refits.csv and conversions.csv

/** What edges are checked against; `readable` false (units.csv unreadable) skips the unknown-id check. */
type EdgeContext = Pick<UnitsPass, 'byId' | 'knownIds' | 'readable'>;

interface Edge {
  fromUnitId: string;
  toUnitId: string;
}

function parseEdges<R extends Edge>(
  text: string,
  schema: Schema<R>,
  units: EdgeContext,
  outerReport: Reporter,
  check: (edge: R, from: CatalogUnit, to: CatalogUnit, line: number, report: Reporter) => void,
): R[] {
  const rows = readRows(
    text,
    columnsOf(schema).map((c) => c.column as Column<unknown>),
    outerReport,
  );
  if (rows === null) return [];
  const edges: R[] = [];
  const seen = new Map<string, number>();
  for (const row of rows) {
    const report = rowReporter(outerReport, row);
    const { record, valid } = readRecord(schema, row, report);
    for (const field of ['from_unit_id', 'to_unit_id']) {
      const id = valid.get(field);
      if (typeof id === 'string' && units.readable && !units.knownIds.has(id))
        report.error(row.line, field, 'catalog/unknown-unit', `${field} "${id}" is not a unit_id in units.csv.`);
    }
    if (record === null) continue;
    if (record.fromUnitId === record.toUnitId) {
      report.error(
        row.line,
        'to_unit_id',
        'catalog/edge-self',
        `to_unit_id is the same unit as from_unit_id ("${record.fromUnitId}").`,
      );
      continue;
    }
    const pair = `${record.fromUnitId}\u0000${record.toUnitId}`;
    const first = seen.get(pair);
    if (first !== undefined) {
      report.error(
        row.line,
        null,
        'catalog/duplicate-edge',
        `${record.fromUnitId} → ${record.toUnitId} is already listed on line ${first}.`,
      );
      continue;
    }
    seen.set(pair, row.line);
    const from = units.byId.get(record.fromUnitId);
    const to = units.byId.get(record.toUnitId);
    if (!from || !to) continue;
    if (from.empire !== to.empire) {
      report.error(
        row.line,
        'to_unit_id',
        'catalog/edge-crosses-empires',
        `${from.unitId} (${from.empire}) and ${to.unitId} (${to.empire}) belong to different empires.`,
      );
      continue;
    }
    check(record, from, to, row.line, report);
    edges.push(record);
  }
  return edges;
}

function parseRefits(text: string, units: EdgeContext, report: Reporter): RefitEdge[] {
  const lines = new Map<RefitEdge, number>();
  const refits = parseEdges(text, REFIT_SCHEMA, units, report, (edge, from, to, line, row) => {
    lines.set(edge, line);
    if (from.hullFamily !== to.hullFamily) {
      row.error(
        line,
        'to_unit_id',
        'catalog/refit-changes-family',
        `A refit stays within its hull family: ${from.unitId} is ${from.hullFamily}, ${to.unitId} is ${to.hullFamily}. List it in conversions.csv if SFB calls it a conversion.`,
        'UTD6.3753',
      );
    } else if (from.isMauler !== to.isMauler) {
      row.error(
        line,
        'to_unit_id',
        'catalog/refit-mauler-change',
        'A change to or from a mauler variant is a conversion, not a refit; list it in conversions.csv.',
        'UTD6.3753',
      );
    }
  });
  reportRefitCycles(refits, lines, report);
  return refits;
}

/**
 * Refits lead from a configuration to a later one (UTD6.375); a chain that comes back to where
 * it started would let a ship refit for ever, so every cycle is refused, at the edge closing it.
 */
function reportRefitCycles(
  refits: readonly RefitEdge[],
  lines: ReadonlyMap<RefitEdge, number>,
  report: Reporter,
): void {
  const out = new Map<string, RefitEdge[]>();
  for (const e of refits) out.set(e.fromUnitId, [...(out.get(e.fromUnitId) ?? []), e]);
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (id: string): void => {
    state.set(id, 'open');
    path.push(id);
    for (const e of out.get(id) ?? []) {
      const seen = state.get(e.toUnitId);
      if (seen === 'open') {
        const loop = [...path.slice(path.indexOf(e.toUnitId)), e.toUnitId].join(' → ');
        report.error(
          lines.get(e) ?? 0,
          'to_unit_id',
          'catalog/refit-cycle',
          `The refits ${loop} go round in a circle; a refit leads to a later configuration, never back.`,
          'UTD6.375',
          e.toUnitId,
        );
      } else if (seen === undefined) visit(e.toUnitId);
    }
    path.pop();
    state.set(id, 'done');
  };
  for (const e of refits) if (!state.has(e.fromUnitId)) visit(e.fromUnitId);
}

function parseConversions(text: string, units: EdgeContext, report: Reporter): ConversionEdge[] {
  return parseEdges(text, CONVERSION_SCHEMA, units, report, (_edge, from, to, line, report) => {
    if (from.hullFamily === to.hullFamily && from.isMauler === to.isMauler) {
      report.error(
        line,
        'to_unit_id',
        'catalog/conversion-keeps-family',
        `A conversion changes the hull family (or is a mauler change): ${from.unitId} and ${to.unitId} are both ${from.hullFamily}. List it in refits.csv if it is a refit.`,
        'UTD6.3762',
      );
    }
  });
}

function passOf(units: readonly CatalogUnit[]): EdgeContext {
  const byId = new Map(units.map((u) => [u.unitId, u] as const));
  return { byId, knownIds: new Set(byId.keys()), readable: true };
}

// ---------------------------------------------------------------------------------------------
// Public API

/** Parses and validates `units.csv` on its own (§4.2.1, §4.2.7 items 1, 2, 5–11). */
export function parseUnitsCsv(text: string): UnitsCsvResult {
  const log = new IssueLog();
  const pass = parseUnits(text, log.for('units.csv'));
  return log.errorCount > 0 ? log.failure() : { ok: true, units: pass.units, ...log.warningsOnly() };
}

/** Parses and validates `refits.csv` against already-validated units (§4.2.2, §4.2.7 items 2–4). */
export function parseRefitsCsv(text: string, units: readonly CatalogUnit[]): RefitsCsvResult {
  const log = new IssueLog();
  const refits = parseRefits(text, passOf(units), log.for('refits.csv'));
  return log.errorCount > 0 ? log.failure() : { ok: true, refits, ...log.warningsOnly() };
}

/** Parses and validates `conversions.csv` against already-validated units (§4.2.3, §4.2.7 items 2–4). */
export function parseConversionsCsv(text: string, units: readonly CatalogUnit[]): ConversionsCsvResult {
  const log = new IssueLog();
  const conversions = parseConversions(text, passOf(units), log.for('conversions.csv'));
  return log.errorCount > 0 ? log.failure() : { ok: true, conversions, ...log.warningsOnly() };
}

const VERSION_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * The whole import (§4.2): all three files checked together, every error in every file
 * reported, nothing accepted unless there are none. Edges to a unit whose row has errors are
 * not reported again as unknown. A missing `refits` or `conversions` file means no edges.
 */
export function parseCatalog(files: CatalogFiles, version: string): CatalogParseResult {
  const log = new IssueLog();
  if (version.length === 0 || version.length > CATALOG_LIMITS.maxVersionLength || !VERSION_PATTERN.test(version)) {
    log
      .for('catalog')
      .error(
        0,
        null,
        'catalog/bad-version',
        `The version label "${version.slice(0, 80)}" must be 1–${CATALOG_LIMITS.maxVersionLength} letters, digits, ".", "_" or "-".`,
      );
  }
  const pass = parseUnits(files.units, log.for('units.csv'));
  if (pass.readable && pass.knownIds.size === 0 && log.errorCount === 0) {
    log.for('units.csv').error(0, null, 'catalog/no-units', 'units.csv has a header but no units.');
  }
  const refits = files.refits === undefined ? [] : parseRefits(files.refits, pass, log.for('refits.csv'));
  const conversions =
    files.conversions === undefined ? [] : parseConversions(files.conversions, pass, log.for('conversions.csv'));
  if (log.errorCount > 0) return log.failure();
  return { ok: true, catalog: { version, units: pass.units, refits, conversions }, ...log.warningsOnly() };
}
