import { it } from 'vitest';
import { parseUnitsCsv, formatCatalogIssue } from '../../../src/rules/thunderdome/catalog/index.ts';
import { csv, warship } from './helpers.ts';
it('print', () => {
const r = parseUnitsCsv(csv([warship('LYR-CA', { move_cost: '0.31', bpv_economic: '-1', is_q_ship: 'yes', empire: 'Lyran', size_class: '9', name: '' })]));
if (!r.ok) console.log(r.errors.map(formatCatalogIssue).join('\n'));
const lines = csv([warship('LYR-CA'), warship('LYR-FF')]).split('\n');
const r2 = parseUnitsCsv([lines[0], lines[1], `"LYR-FF${lines[2]?.slice(6)}`].join('\n'));
if (!r2.ok) console.log(r2.errors.map(formatCatalogIssue).join('\n'));
const r3 = parseUnitsCsv(csv([warship('LYR-CA', { notes: 'x'.repeat(30000) })]));
if (!r3.ok) console.log(r3.errors.map(formatCatalogIssue).join('\n'));
});
