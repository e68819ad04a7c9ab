import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { WORDS } from '../../src/discord/words.ts';
import { Playground, type LineResult } from '../../src/playground/playground.ts';
import { ScenarioSyntaxError } from '../../src/playground/scenario.ts';
import { createPgliteDatabase } from '../helpers/databases.ts';

const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const d = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('the playground survives what a script may say', () => {
  it('UTD4.3562 a value outside an option’s bounds (/siege desperation:-50) is a warning about the line; the campaign plays on', async () => {
    const tdb = await createPgliteDatabase();
    const play = await Playground.start({ database: tdb.database, outDir: tempDir('cm-play-') });
    try {
      let n = 0;
      const run = async (line: string) => (await play.run(line, ++n))!;
      expect((await run('@alice /campaign create name:Survivor')).ok).toBe(true);
      // The prices a campaign offers come from siege.desperation (autocomplete); the option itself
      // only bounds the value, as Discord does before the bot sees it.
      const line = '@alice /siege fleet:1 desperation:-50';
      const err = await run(line).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, line).toBeInstanceOf(ScenarioSyntaxError);
      expect((err as Error).message).toContain('the smallest value is 0');
      // Bounds too: /yard damage works: is 0 to 100.
      const bounds = await run('@alice /yard damage yard:1 works:101').then(
        () => null,
        (e: unknown) => e,
      );
      expect(bounds).toBeInstanceOf(ScenarioSyntaxError);
      expect((bounds as Error).message).toContain('the largest value is 100');
      // The same playground, and its campaign, are still there.
      const status = await run('@alice /campaign status');
      expect(status.ok).toBe(true);
      expect(status.embeds[0]?.title ?? '').toContain('Survivor');
    } finally {
      await play.close();
      await tdb.drop();
    }
  });

  it('interaction ids are unique across runs on the same --data folder: a second script is never "already handled"', async () => {
    const dataDir = tempDir('cm-play-data-');
    const runScript = async (lines: string[]): Promise<LineResult[]> => {
      const database = await openDatabase({ kind: 'pglite', dataDir });
      const play = await Playground.start({ database, outDir: tempDir('cm-play-') });
      try {
        const results: LineResult[] = [];
        for (const [i, line] of lines.entries()) {
          const r = await play.run(line, i + 1);
          if (r) results.push(r);
        }
        return results;
      } finally {
        await play.close();
        await database.close();
      }
    };
    const script = (channel: string) => [
      `!channel ${channel}`,
      `@alice /campaign create name:${channel}`,
      '@alice /campaign join empire:lyran',
      '@bob /campaign join empire:kzinti',
    ];
    const first = await runScript(script('first'));
    const second = await runScript(script('second'));
    for (const r of [...first, ...second].filter((x) => x.user)) {
      expect(r.content, r.input).not.toContain(WORDS.duplicate);
      expect(r.ok, `${r.input}: ${r.content}`).toBe(true);
    }
  });
});
