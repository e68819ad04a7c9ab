import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildRulesIndex, compareRuleIds, extractRuleIds, INDEX_PATH } from '../../scripts/rules-index.ts';

const repoRoot = resolve(fileURLToPath(import.meta.url), '..', '..', '..');

describe('rules index', () => {
  it('extracts rule ids, expanding lists and ranges and dropping trailing full stops', () => {
    expect(
      extractRuleIds(
        "refuse('x', 'UTD6.21, 6.23', 'see UTD7.A832, UTD6.3I2.'); // UTD5.221–5.224, UTD2.3(3), UTD6.39#2, UTD7.4551x. ISS-A74 SFB C1.4 Y165.5",
      ),
    ).toEqual([
      'UTD6.21',
      'UTD6.23',
      'UTD7.A832',
      'UTD6.3I2',
      'UTD5.221',
      'UTD5.224',
      'UTD2.3(3)',
      'UTD6.39#2',
      'UTD7.4551x',
      'ISS-A74',
      'C1.4',
    ]);
  });

  it('sorts rule ids in rule order: chapter numerically, then outline level by level', () => {
    const ids = ['ISS-A133', 'UTD6.4', 'UTD6.3I2', 'ISS-A74', 'UTD6.3A', 'UTD6.39#2', 'UTD6.3724', 'UTD6.31'];
    ids.push('UTD1.2', 'UTD1.11', 'UTD10.1', 'UTD2.3', 'UTD6.39#1', 'UTD6.3', 'G10.211', 'G2.1');
    expect(ids.sort(compareRuleIds)).toEqual([
      'UTD1.11',
      'UTD1.2',
      'UTD2.3',
      'UTD6.3',
      'UTD6.31',
      'UTD6.3724',
      'UTD6.39#1',
      'UTD6.39#2',
      'UTD6.3A',
      'UTD6.3I2',
      'UTD6.4',
      'UTD10.1',
      'ISS-A74',
      'ISS-A133',
      'G2.1',
      'G10.211',
    ]);
  });

  it('docs/rules-index.md is up to date (run npm run rules-index)', () => {
    const committed = readFileSync(join(repoRoot, INDEX_PATH), 'utf8');
    const fresh = buildRulesIndex(repoRoot);
    expect(fresh === committed, `${INDEX_PATH} is stale: run \`npm run rules-index\` and commit the result`).toBe(true);
  });
});
