import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Performance (docs/performance.md): runCommand stores the state the Decider built while deciding, where each
 * event was applied without its actor and without its dice records, instead of applying the stored
 * events again. That is the same state only while applying an event reads nothing of it but the
 * event, its sequence number and its time. This keeps every apply function (apply.ts and the
 * sub-systems' apply-*.ts) to that.
 */
const RULES = join(import.meta.dirname, '../../src/rules/thunderdome');

function applyFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return applyFiles(path);
    return /^apply(-[a-z-]+)?\.ts$/.test(name) ? [path] : [];
  });
}

describe('applying an event (performance: the state stored is the one built while deciding)', () => {
  it('reads no actor and no dice records of a stored event', () => {
    const files = applyFiles(RULES);
    expect(files.length).toBeGreaterThanOrEqual(2);
    const bad = files.flatMap((f) => {
      const text = readFileSync(f, 'utf8');
      const where = relative(RULES, f);
      // The stored event is always the parameter `stored`, so what is read of it can be seen.
      const names = [...text.matchAll(/(\w+)\??: (?:readonly )?StoredEvent\b(?!\[)/g)]
        .map((m) => m[1])
        .filter((n) => n !== 'stored');
      const reads = [...text.matchAll(/\bstored\.(actor|rolls)\b|=\s*stored\s*;|\.\.\.stored\b/g)].map((m) => m[0]);
      return [...names.map((n) => `${where}: a StoredEvent named ${n}`), ...reads.map((r) => `${where}: ${r}`)];
    });
    expect(bad).toEqual([]);
  });
});
