import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { CATALOG_COLUMNS, parseCatalog } from '../../../src/rules/thunderdome/catalog/index.ts';
import type { Catalog, CatalogFailure, CatalogIssue } from '../../../src/rules/thunderdome/catalog/index.ts';

export function sampleText(file: 'units.csv' | 'refits.csv' | 'conversions.csv'): string {
  return readFileSync(new URL(`../../../assets/catalog/sample/${file}`, import.meta.url), 'utf8');
}

export function sampleCatalog(): Catalog {
  const result = parseCatalog(
    { units: sampleText('units.csv'), refits: sampleText('refits.csv'), conversions: sampleText('conversions.csv') },
    'sample',
  );
  if (!result.ok) throw new Error(`sample refused: ${JSON.stringify(result.errors.slice(0, 5))}`);
  return result.catalog;
}

type Row = Record<string, string>;

/** A complete, valid warship row; tests override the cells they are about. */
export function warship(id: string, overrides: Row = {}): Row {
  const row: Row = Object.fromEntries(CATALOG_COLUMNS.units.map((c) => [c, '']));
  for (const c of CATALOG_COLUMNS.units) if (c.startsWith('is_')) row[c] = 'false';
  Object.assign(row, {
    unit_id: id,
    empire: id.slice(0, 3),
    hull_code: 'CA',
    name: `Test ${id}`,
    hull_family: id.split('+')[0] ?? id,
    unit_kind: 'warship',
    bpv_economic: '100',
    move_cost: '1',
    size_class: '3',
    command_rating: '8',
    max_speed: '31',
    damage_control: '4',
    tractor_beams: '1',
    cargo_boxes: '2',
    repair_freighter: 'none',
    carrier_type: 'none',
    fighters: '0',
    fighter_spares: '0',
    drone_user: 'false',
    plasma_torps: 'false',
    has_phaser_iv: 'false',
    year_available: '160',
  });
  return { ...row, ...overrides };
}

/** Cells that are empty for the non-ship kinds below. */
const NO_SHIP = { move_cost: '', command_rating: '', max_speed: '' };

export function yard(id: string, overrides: Row = {}): Row {
  return warship(id, {
    ...NO_SHIP,
    empire: 'NEU',
    unit_kind: 'shipyard',
    size_class: '3',
    shipyard_capacity: '1',
    dry_dock_positions: '3',
    works_boxes: '4',
    ...overrides,
  });
}

export function groundBase(id: string, overrides: Row = {}): Row {
  return warship(id, {
    ...NO_SHIP,
    empire: 'NEU',
    unit_kind: 'ground_base',
    ground_base_size: 'small',
    ground_base_role: 'defense',
    size_class: '4',
    ...overrides,
  });
}

export function fighter(id: string, overrides: Row = {}): Row {
  return warship(id, {
    command_rating: '',
    max_speed: '',
    damage_control: '',
    unit_kind: 'fighter',
    move_cost: '1/12',
    size_class: '7',
    fighter_equivalents: '1',
    ...overrides,
  });
}

function cell(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** CSV text with the given columns (all unit columns by default); header is line 1, rows 2, 3, … */
export function csv(rows: Row[], columns: readonly string[] = CATALOG_COLUMNS.units): string {
  return `${[columns.join(','), ...rows.map((r) => columns.map((c) => cell(r[c] ?? '')).join(','))].join('\n')}\n`;
}

export function refitRow(from: string, to: string, overrides: Row = {}): Row {
  return {
    from_unit_id: from,
    to_unit_id: to,
    refit_code: 'PHASER',
    year_available: '165',
    captured_allowed: 'false',
    cost_override: '',
    ...overrides,
  };
}

export function conversionRow(from: string, to: string, overrides: Row = {}): Row {
  return { from_unit_id: from, to_unit_id: to, year_available: '165', source: 'SFB', ...overrides };
}

export function refused(result: { ok: boolean }): CatalogFailure {
  expect(result.ok).toBe(false);
  return result as CatalogFailure;
}

/** The issue with this code, asserting there is exactly one. */
export function only(issues: readonly CatalogIssue[], code: string): CatalogIssue {
  const found = issues.filter((i) => i.code === code);
  expect(found, `issues: ${JSON.stringify(issues)}`).toHaveLength(1);
  return found[0]!;
}
