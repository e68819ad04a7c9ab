import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Playground, type LineResult } from '../../src/playground/playground.ts';
import { createPgliteDatabase } from './databases.ts';

/** The repository root: scripts name files (maps) relative to it, as `npm run play` does. */
export const ROOT = join(import.meta.dirname, '../..');

/**
 * Plays scenario lines through the playground (real discord.js over the stand-in) on a fresh
 * PGlite database, from the repository root, and returns every line's result. Files the bot
 * posts are written to a temporary folder, removed by `cleanup`.
 */
export async function playLines(lines: readonly string[]): Promise<{ results: LineResult[]; cleanup: () => void }> {
  const outDir = mkdtempSync(join(tmpdir(), 'cm-play-'));
  const tdb = await createPgliteDatabase();
  const playground = await Playground.start({ database: tdb.database, outDir });
  const cwd = process.cwd();
  process.chdir(ROOT);
  try {
    const results: LineResult[] = [];
    for (const [i, text] of lines.entries()) {
      const r = await playground.run(text, i + 1);
      if (r) results.push(r);
    }
    return { results, cleanup: () => rmSync(outDir, { recursive: true, force: true }) };
  } finally {
    process.chdir(cwd);
    await playground.close();
    await tdb.drop();
  }
}

/**
 * Script lines that start a three-player campaign on the triangle map (examples/maps/triangle.json):
 * alice (Lyran, the creator), bob (Kzinti) and carol (Hydran) join, approve the map and start, the
 * turn-order dice put alice first, alice buys `aliceBuys` (`unit:… fleet:…`), bob and carol a
 * cruiser each, and all declare ready. With `admin`, alice is made a server admin first.
 */
export function triangleCampaignLines(opts: {
  seed: number;
  name: string;
  admin?: boolean;
  aliceBuys: readonly string[];
}): string[] {
  return [
    `!seed ${opts.seed}`,
    ...(opts.admin === false ? [] : ['!admin @alice']),
    `@alice /campaign create name:"${opts.name}"`,
    '@alice /campaign join empire:lyran',
    '@bob /campaign join empire:kzinti',
    '@carol /campaign join empire:hydran',
    '@alice /map import file:examples/maps/triangle.json',
    '@alice /map approve',
    '@bob /map approve',
    '@carol /map approve',
    '!dice 900 500 100',
    '@alice /campaign start',
    ...opts.aliceBuys.map((buy) => `@alice /setup buy ${buy}`),
    '@bob /setup buy unit:KZI-CA fleet:1',
    '@carol /setup buy unit:HYD-CA fleet:1',
    '@alice /setup ready',
    '@bob /setup ready',
    '@carol /setup ready',
  ];
}
