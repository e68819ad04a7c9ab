/**
 * `npm run build`: the bot bundled by esbuild into dist/bot/, which `npm start` runs with plain node
 * (docs/performance.md, "resident memory"). Our code is bundled; packages stay in node_modules. The
 * database and render workers are entry points of their own, emitted beside the bundle's chunks,
 * where src/db/pglite-remote.ts and src/render/pool.ts look for them. bench/processes.ts builds the
 * bot it measures with `buildBot` too, so the two never drift apart.
 *
 *   npx tsx scripts/build.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The bot's entry points: output name → source. */
export const BOT_ENTRIES: Record<string, string> = {
  main: `${ROOT}src/main.ts`,
  shards: `${ROOT}src/shards.ts`,
  'pglite-worker': `${ROOT}src/db/pglite-worker.ts`,
  'render-worker': `${ROOT}src/render/render-worker.ts`,
};

/**
 * Every UTF-16 unit above U+00FF written as a `\uXXXX` escape. esbuild already escapes strings,
 * template literals and identifiers (its default `charset: 'ascii'`), but keeps comments and regular
 * expression literals as written, and our comments and patterns use en dashes, arrows and bullets.
 * One such character makes V8 keep the whole module's source text, which it holds for as long as
 * the module lives, in two bytes a character instead of one: 2.9 MB instead of 1.5 for the bot's
 * bundle. The escape means the same unit where it is left: in a comment it is text, and in a
 * regular expression `\uXXXX` (a surrogate pair as two escapes) matches what the character did,
 * with or without the `u` flag.
 */
export function latin1Source(code: string): string {
  return code.replace(/[\u0100-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Bundles `entryPoints` (output name → source) into `outdir` as `npm run build` bundles the bot. */
export async function buildBot(entryPoints: Record<string, string>, outdir: string): Promise<void> {
  const result = await build({
    entryPoints,
    entryNames: '[name]',
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outdir,
    logLevel: 'warning',
    write: false,
  });
  for (const file of result.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.path.endsWith('.js') ? latin1Source(file.text) : file.contents);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildBot(BOT_ENTRIES, `${ROOT}dist/bot`);
}
