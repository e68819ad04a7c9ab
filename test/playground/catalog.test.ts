import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LineResult } from '../../src/playground/playground.ts';
import { canonicalCatalog, parseCatalog } from '../../src/rules/thunderdome/catalog/index.ts';
import type { CampaignState } from '../../src/rules/thunderdome/index.ts';
import { playLines, ROOT } from '../helpers/playground.ts';

async function run(): Promise<LineResult[]> {
  const { results, cleanup } = await playLines(readFileSync(join(ROOT, 'examples/07-catalog.txt'), 'utf8').split('\n'));
  afterAll(cleanup);
  return results;
}

describe('examples/07-catalog.txt: a group imports its filled-in template for two empires and plays on it', async () => {
  const results = await run();
  const line = (start: string) => {
    const r = results.find((x) => x.input.startsWith(start));
    if (!r) throw new Error(`no line ${start}`);
    return r;
  };
  const version = /full version `([0-9a-f]{64})`/.exec(line('@bob /catalog export').content)![1]!;

  it('the template is four files; the spreadsheet-saved files (";", decimal commas, CRLF, BOM) import and switch the campaign', () => {
    expect(line('@bob /catalog template').files.map((f) => f.replace(/^.*line\d+-/, ''))).toEqual([
      'units.csv',
      'refits.csv',
      'conversions.csv',
      'catalog-guide.csv',
    ]);
    const imported = line('@alice /catalog import');
    expect(imported.ok).toBe(true);
    expect(imported.content).toContain(`switched **Two Empires** to ship catalog \`${version.slice(0, 12)}\``);
    expect(line('@bob /catalog list').content).toContain('**Two Empires, our sheets**: 23 units');
  });

  it('coverage finds the Kzinti without a minesweeper (UTD8.253), and the start warns of it before it begins', () => {
    const coverage = line('@alice /catalog coverage').content;
    expect(coverage).toContain('**KZI** (6 own units): 0 gaps that stop the game, 1 to know');
    expect(coverage).toContain('no minesweeper in the start year (UTD8.253)');
    expect(coverage).toContain('**LYR** (9 own units): nothing missing');
    const start = line('@alice /campaign start');
    expect(start.ok).toBe(true);
    const seen = [start.content, ...start.posts.map((p) => p.content)].join('\n');
    expect(seen.indexOf('Before you start')).toBeGreaterThanOrEqual(0);
    expect(seen.indexOf('Before you start')).toBeLessThan(seen.indexOf('Turn order'));
  });

  it('play begins on the group’s catalog, which is then pinned; its export imports to the same version', () => {
    const exported = JSON.parse(readFileSync(line('@alice /campaign export').files[0]!, 'utf8')) as {
      campaign: CampaignState;
    };
    expect(exported.campaign.status).toBe('active');
    expect(exported.campaign.catalogVersion).toBe(version);
    expect(exported.campaign.ships.map((s) => s.unitId).sort()).toEqual(['KZI-BC', 'KZI-DF', 'LYR-CA', 'LYR-FF']);
    expect(line('@alice /catalog use version:sample').content).toContain('pinned when play began');
    const files = line('@bob /catalog export').files.map((f) => readFileSync(f, 'utf8'));
    const parsed = parseCatalog({ units: files[0]!, refits: files[1]!, conversions: files[2]! }, 'again');
    expect(parsed.ok && canonicalCatalog(parsed.catalog).version).toBe(version);
  });
});
