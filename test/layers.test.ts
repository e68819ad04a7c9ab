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

  it('command files import only types from src/rules (rule values come through src/app)', () => {
    const bad = files('commands').flatMap((f) =>
      valueImports(f)
        .filter((spec) => resolved(f, spec).startsWith('src/rules/'))
        .map((spec) => `${f} → ${spec}`),
    );
    expect(bad).toEqual([]);
  });

  it('command files never catch a rule refusal: use cases hand it back as a value', () => {
    const bad = files('commands').filter((f) => /RuleViolation|\bcatch\b/.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(bad).toEqual([]);
  });

  it('src/rules keeps no module-level mutable state (no top-level let or var, no module-level cache)', () => {
    const bad = files('src/rules').filter((f) =>
      /^(export )?(let|var) |^(export )?const \w+ = new (Map|Set|WeakMap)\(/m.test(readFileSync(join(ROOT, f), 'utf8')),
    );
    expect(bad).toEqual([]);
  });

  it('no import cycle in src/ or commands/ (value and type imports alike)', () => {
    const graph = new Map<string, string[]>();
    for (const f of [...files('src'), ...files('commands')])
      graph.set(
        f,
        imports(f)
          .filter((spec) => spec.startsWith('.'))
          .map((spec) => resolved(f, spec)),
      );
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('the campaign simulator (src/sim) is a tool: nothing else in src/ or commands/ imports it', () => {
    const bad = [...files('src'), ...files('commands')]
      .filter((f) => !f.startsWith('src/sim/'))
      .flatMap((f) =>
        imports(f)
          .filter((spec) => resolved(f, spec).startsWith('src/sim/'))
          .map((spec) => `${f} → ${spec}`),
      );
    expect(bad).toEqual([]);
  });

  it('the scan sees imports (it would catch a violation)', () => {
    expect(imports('src/discord/bot.ts')).toContain('discord.js');
    expect(resolved('src/discord/bot.ts', '../app/scheduler.ts')).toBe('src/app/scheduler.ts');
  });

  it('the cycle check finds a cycle and the value-import scan skips type-only imports', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(cyclesOf(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(valueSpecs("import type { A } from './a.ts';\nimport { type B, c } from './b.ts';")).toEqual(['./b.ts']);
    expect(valueSpecs("import { type B } from './b.ts';\nexport type { C } from './c.ts';")).toEqual([]);
  });
});

/** The module specifiers a file imports values from (not `import type`, not all-`type` lists). */
function valueImports(path: string): string[] {
  return valueSpecs(readFileSync(join(ROOT, path), 'utf8'));
}

function valueSpecs(text: string): string[] {
  return [...text.matchAll(/(import|export)\s+(type\s+)?([^'";]*?)\s*from\s+['"]([^'"]+)['"]/g)]
    .filter(([, , typeOnly, clause]) => {
      if (typeOnly) return false;
      const names = /\{([^}]*)\}/.exec(clause ?? '')?.[1];
      if (names === undefined) return true;
      return names.split(',').some((n) => n.trim() !== '' && !n.trim().startsWith('type '));
    })
    .map((m) => m[4]!);
}

/** Strongly connected components of two or more files (Tarjan), each sorted, for a readable failure. */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}
