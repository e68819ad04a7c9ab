import { describe, expect, it } from 'vitest';
import {
  canonicalCatalog,
  parseCatalog,
  searchUnits,
  shortVersion,
  type Catalog,
} from '../../../src/rules/thunderdome/catalog/index.ts';
import { coPool } from '../../../src/rules/thunderdome/officers/index.ts';
import { csv, sampleCatalog, sampleText, warship } from './helpers.ts';

function parsed(units: string): Catalog {
  const r = parseCatalog({ units }, 'x');
  if (!r.ok) throw new Error(JSON.stringify(r.errors.slice(0, 3)));
  return r.catalog;
}

describe('catalog versions are content hashes (requirements §4.2)', () => {
  it('the version is 64 hex digits and the canonical text parses back to the same catalog', () => {
    const sample = sampleCatalog();
    const c = canonicalCatalog(sample);
    expect(c.version).toMatch(/^[0-9a-f]{64}$/);
    expect(shortVersion(c.version)).toBe(c.version.slice(0, 12));
    const again = parseCatalog({ units: c.units, refits: c.refits, conversions: c.conversions }, c.version);
    expect(again.ok && again.catalog).toEqual({ ...sample, version: c.version });
    // Canonical text is a fixed point: importing it again gives the same version.
    expect(again.ok && canonicalCatalog(again.catalog).version).toBe(c.version);
  });

  it('column order, header case, CRLF and 0.333 for 1/3 do not make a new version; a changed value does', () => {
    const rows = [warship('LYR-CA', { move_cost: '1/3' }), warship('LYR-FF', { move_cost: '1/2' })];
    const base = canonicalCatalog(parsed(csv(rows))).version;
    const reordered = csv(
      rows.map((r) => ({ ...r, move_cost: r['move_cost'] === '1/3' ? '.333' : '0.5' })),
      [...Object.keys(rows[0]!)].reverse(),
    )
      .replace(/^[^\n]*/, (h) => h.toUpperCase())
      .replace(/\n/g, '\r\n');
    expect(canonicalCatalog(parsed(reordered)).version).toBe(base);
    expect(canonicalCatalog(parsed(csv([rows[0]!, { ...rows[1]!, bpv_economic: '101' }]))).version).not.toBe(base);
  });

  it('the sample as shipped and as written back have one version', () => {
    const text = sampleText('units.csv');
    const a = canonicalCatalog(parsed(text));
    const b = canonicalCatalog(parsed(a.units));
    expect(b.version).toBe(a.version);
  });
});

describe('/catalog search', () => {
  const units = sampleCatalog().units;

  it('every word must match id, name, hull code or empire, in any letter case', () => {
    const hits = searchUnits(units, { text: 'lyr cruiser' });
    expect(hits.length).toBeGreaterThan(0);
    for (const u of hits) expect(`${u.unitId} ${u.name}`.toLowerCase()).toMatch(/lyr/);
    for (const u of hits) expect(u.name.toLowerCase()).toContain('cruiser');
  });

  it('an exact id comes first, then ids and names that start with the query', () => {
    const hits = searchUnits(units, { text: 'LYR-CA' });
    expect(hits[0]!.unitId).toBe('LYR-CA');
    expect(hits[1]!.unitId.startsWith('LYR-CA')).toBe(true);
  });

  it('UTD8.12 the year filter keeps units available that year; the empire filter one empire', () => {
    const y165 = searchUnits(units, { empire: 'LYR', year: 165 });
    expect(y165.length).toBeGreaterThan(0);
    for (const u of y165)
      expect([u.empire, u.yearAvailable <= 165, u.yearRetired === null || 165 < u.yearRetired]).toEqual([
        'LYR',
        true,
        true,
      ]);
    // The phaser refit (Y160 in the sample) is there in Y165; a later one would not be.
    const later = units.filter((u) => u.empire === 'LYR' && u.yearAvailable > 165);
    for (const u of later) expect(y165).not.toContain(u);
    expect(searchUnits(units, { text: 'no such ship at all' })).toEqual([]);
  });
});

describe('the commander\u2019s option pool shown by /catalog show', () => {
  it('UTD7.A2 TC-110: ceil(20% of BPV), exactly', () => {
    expect([101, 100, 133, 61, 69, 1, 0].map((b) => coPool(String(b)))).toEqual([21, 20, 27, 13, 14, 1, 0]);
  });
});
