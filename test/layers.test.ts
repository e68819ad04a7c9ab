import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Design §2: the layers and what each may import. The rules module stays pure (no Discord,
 * database, canvas, clock or randomness), command files stay thin, and so on.
 */
const ROOT = join(import.meta.dirname, '..');

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    return statSync(join(ROOT, path)).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

function imports(path: string): string[] {
  const text = readFileSync(join(ROOT, path), 'utf8');
  return [...text.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map(
    (m) => m[1] ?? m[2]!,
  );
}

function resolved(from: string, spec: string): string {
  return spec.startsWith('.') ? relative(ROOT, join(ROOT, from, '..', spec)) : spec;
}

describe('layers (design §2)', () => {
  it('src/rules imports nothing outside itself but node:crypto, decimal.js, zod and csv-parse', () => {
    const bad: string[] = [];
    for (const f of files('src/rules')) {
      for (const spec of imports(f)) {
        const target = resolved(f, spec);
        const ok =
          target.startsWith('src/rules/') || ['node:crypto', 'decimal.js', 'zod', 'csv-parse/sync'].includes(target);
        if (!ok) bad.push(`${f} → ${spec}`);
      }
      const text = readFileSync(join(ROOT, f), 'utf8');
      if (/Math\.random\(|Date\.now\(|new Date\(\)/.test(text)) bad.push(`${f} uses the clock or Math.random`);
    }
    expect(bad).toEqual([]);
  });

  it('src/db imports only rules types besides itself and the drivers', () => {
    const bad = files('src/db').flatMap((f) =>
      imports(f)
        .map((spec) => [spec, resolved(f, spec)] as const)
        .filter(
          ([, t]) =>
            (t.startsWith('src/') && !t.startsWith('src/db/') && !t.startsWith('src/rules/')) ||
            t.startsWith('discord') ||
            t === 'canvas',
        )
        .map(([spec]) => `${f} → ${spec}`),
    );
    expect(bad).toEqual([]);
  });

  it('src/app never imports Discord', () => {
    const bad = files('src/app').flatMap((f) =>
      imports(f)
        .filter((spec) => spec.startsWith('discord') || resolved(f, spec).startsWith('src/discord/'))
        .map((spec) => `${f} → ${spec}`),
    );
    expect(bad).toEqual([]);
  });

  it('command files call the app and the Discord layer, never the database', () => {
    const bad = files('commands').flatMap((f) =>
      imports(f)
        .filter(
          (spec) => resolved(f, spec).startsWith('src/db/') || spec.startsWith('drizzle-orm') || spec === 'postgres',
        )
        .map((spec) => `${f} → ${spec}`),
    );
    expect(bad).toEqual([]);
  });

  it('command files take rules values from src/app and the views, importing rules only as types', () => {
    const bad = files('commands').flatMap((f) => {
      const text = readFileSync(join(ROOT, f), 'utf8');
      return [...text.matchAll(/(import|export)\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]/g)]
        .filter((m) => !m[2] && resolved(f, m[3]!).startsWith('src/rules/'))
        .map((m) => `${f} → ${m[3]}`);
    });
    expect(bad).toEqual([]);
  });

  it('command files never catch a rule refusal: use cases hand it back as a value', () => {
    const bad = files('commands').filter((f) => /RuleViolation|\bcatch\b/.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(bad).toEqual([]);
  });

  it('the scan sees imports (it would catch a violation)', () => {
    expect(imports('src/discord/bot.ts')).toContain('discord.js');
    expect(resolved('src/discord/bot.ts', '../app/scheduler.ts')).toBe('src/app/scheduler.ts');
  });
});
