import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { START_ENV, START_NODE_FLAGS } from '../bench/processes.ts';
import { latin1Source } from '../scripts/build.ts';
import { drawJob } from '../src/render/jobs.ts';
import { richGame } from './render/scenarios.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * `npm start` runs the bot built by `npm run build` (one esbuild bundle of our code in dist/bot/,
 * run by plain node: the memory target of docs/performance.md). The bundle must load every module and find the
 * migrations and assets from where it lies.
 */
describe('the built bot (npm run build, as npm start runs it)', () => {
  it('is started by npm start with the glibc setting and V8 flag the memory figure is measured with', () => {
    // bench/processes.ts starts the bot it measures with START_ENV and START_NODE_FLAGS
    // (docs/performance.md, "resident memory"): the figure holds for the bot only if npm start uses the same.
    const scripts = (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    for (const [script, entry] of [
      ['start', 'main.js'],
      ['start:shards', 'shards.js'],
    ] as const) {
      expect(scripts[script]).toBe(
        `npm run build && GLIBC_TUNABLES=${START_ENV.GLIBC_TUNABLES} node ${START_NODE_FLAGS.join(' ')} dist/bot/${entry}`,
      );
    }
  });

  it('builds, loads every module and stops at the first thing it needs from the operator: the token', async () => {
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'pipe' });
    const main = join(ROOT, 'dist/bot/main.js');
    expect(existsSync(main)).toBe(true);
    // The bundle's own paths (src/db/client.ts, src/app/catalogs.ts, src/render/fonts.ts) resolve from dist/bot/.
    for (const path of [
      '../../drizzle/meta/_journal.json',
      '../../assets/catalog/sample/units.csv',
      '../../assets/fonts/DejaVuSans.ttf',
    ]) {
      expect(existsSync(new URL(path, pathToFileURL(main))), path).toBe(true);
    }
    const dir = mkdtempSync(join(tmpdir(), 'cm-built-'));
    try {
      const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, DATA_DIR: join(dir, 'data') };
      const run = spawnSync(process.execPath, [main], { cwd: dir, env, encoding: 'utf8', timeout: 60_000 });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('DISCORD_TOKEN is not set');
      // The render worker is bundled beside the bot (dist/bot/render-worker.js, render/pool.ts
      // starts it from there): it loads canvas and the fonts in its thread under plain node and
      // draws a picture byte for byte as the source does.
      const state = richGame().state;
      writeFileSync(join(dir, 'state.json'), JSON.stringify(state));
      // As in the bot, canvas is loaded in the main thread too (render/pool.ts says why), and
      // the process outlives the worker it ends.
      const canvas = pathToFileURL(createRequire(main).resolve('canvas')).href;
      const script = [
        `import ${JSON.stringify(canvas)};`,
        `import { Worker } from 'node:worker_threads';`,
        `import { readFileSync } from 'node:fs';`,
        `import { createHash } from 'node:crypto';`,
        `const w = new Worker(new URL(${JSON.stringify(pathToFileURL(join(ROOT, 'dist/bot/render-worker.js')).href)}));`,
        `const state = JSON.parse(readFileSync('state.json', 'utf8'));`,
        `w.on('message', (m) => {`,
        `  if (m.type === 'ready') w.postMessage({ type: 'job', id: 1, job: { kind: 'map', state, width: 400 } });`,
        `  else { console.log(m.type, m.type === 'done' ? createHash('sha256').update(m.png).digest('hex') : m.message); void w.terminate().then(() => setTimeout(() => console.log('alive'), 200)); }`,
        `});`,
      ].join('\n');
      writeFileSync(join(dir, 'draw.mjs'), script);
      const worker = spawnSync(process.execPath, ['draw.mjs'], {
        cwd: dir,
        env,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(worker.stderr).toBe('');
      const want = createHash('sha256')
        .update(await drawJob({ kind: 'map', state, width: 400 }))
        .digest('hex');
      expect(worker.stdout.trim()).toBe(`done ${want}\nalive`);
      expect(worker.status).toBe(0);
      // Every module's source text one byte a character in V8 (scripts/build.ts `latin1Source`).
      for (const file of readdirSync(join(ROOT, 'dist/bot')).filter((f) => f.endsWith('.js'))) {
        const text = readFileSync(join(ROOT, 'dist/bot', file), 'utf8');
        expect(/[^\u0000-\u00ff]/.exec(text), file).toBeNull();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('the build keeps module source text in one byte a character (scripts/build.ts)', () => {
  it('escapes what is above U+00FF in comments and regular expressions, and the code means the same', () => {
    const source = [
      '// UTD5.221–5.224 → a comment § ×',
      'export const range = /^(\\d)\\s*[-–]\\s*(\\d)$/;',
      'export const arrow = /terrain: (\\d+) → (.+)$/;',
      'export const face = /😀/u;',
      'export const text = "× § é";',
    ].join('\n');
    const escaped = latin1Source(source);
    expect(/[^\u0000-\u00ff]/.test(escaped)).toBe(false);
    expect(escaped).toContain('// UTD5.221\\u20135.224 \\u2192 a comment § ×');
    const run = (code: string) =>
      new Function('exports', `${code.replaceAll('export const ', 'exports.')}; return exports;`)({}) as Record<
        string,
        unknown
      >;
    const before = run(source);
    const after = run(escaped);
    const range = after['range'] as RegExp;
    expect(range.exec('3–4')?.slice(1)).toEqual(['3', '4']);
    expect((before['range'] as RegExp).exec('3–4')?.slice(1)).toEqual(['3', '4']);
    expect((after['arrow'] as RegExp).exec('terrain: 5 → Special: x')?.slice(1)).toEqual(['5', 'Special: x']);
    expect((after['face'] as RegExp).test('😀')).toBe(true);
    expect((after['face'] as RegExp).source).not.toBe((before['face'] as RegExp).source);
    expect(after['text']).toBe('× § é');
  });
});
