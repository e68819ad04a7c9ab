import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * `npm start` runs the bot built by `npm run build` (one esbuild bundle of our code in dist/bot/,
 * run by plain node: the memory target of docs/performance.md). The bundle must load every module and find the
 * migrations and assets from where it lies.
 */
describe('the built bot (npm run build, as npm start runs it)', () => {
  it('builds, loads every module and stops at the first thing it needs from the operator: the token', () => {
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
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
