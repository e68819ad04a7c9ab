import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Playground, type LineResult } from '../../src/playground/playground.ts';
import { canonicalJson } from '../../src/app/export.ts';
import { replay, type StoredEvent } from '../../src/rules/thunderdome/index.ts';
import { createDatabase, postgresAvailable, type Driver } from '../helpers/databases.ts';

const SCRIPT = join(import.meta.dirname, '../../examples/01-first-campaign.txt');
const outDirs: string[] = [];
afterAll(() => outDirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function runExample(driver: Driver): Promise<LineResult[]> {
  const tdb = await createDatabase(driver);
  const outDir = mkdtempSync(join(tmpdir(), 'cm-play-'));
  outDirs.push(outDir);
  const playground = await Playground.start({ database: tdb.database, outDir });
  try {
    const results: LineResult[] = [];
    for (const [i, text] of readFileSync(SCRIPT, 'utf8').split('\n').entries()) {
      const r = await playground.run(text, i + 1);
      if (r) results.push(r);
    }
    return results;
  } finally {
    await playground.close();
    await tdb.drop();
  }
}

function exportOf(results: LineResult[]): unknown {
  const last = results.find((r) => r.input.includes('/campaign export'))!;
  return JSON.parse(readFileSync(last.files[0]!, 'utf8'));
}

describe('examples/01-first-campaign.txt through the playground', () => {
  it('a campaign is created, three players join, it starts with a turn order and 950 BPV each', async () => {
    const results = await runExample('pglite');
    const byInput = (s: string) => results.find((r) => r.input.includes(s))!;
    expect(byInput('/campaign create').ok).toBe(true);
    expect(results.filter((r) => r.input.includes('/campaign join') && r.ok)).toHaveLength(3);
    expect(byInput('@bob /campaign join empire:lyran')).toMatchObject({ ok: false, ephemeral: true });
    const start = results.filter((r) => r.input.includes('/campaign start'));
    // Refused while the map lacks carol's approval (UTD8.16) and for carol who is not an admin.
    expect(start.map((r) => r.ok)).toEqual([false, false, true]);
    expect(start[0]!.content).toContain('UTD8.16');
    expect(start[2]!.content).toContain('Turn order');
    expect(start[2]!.content).toContain('950 BPV');
    const lastReady = results.filter((r) => r.input.includes('/setup ready')).at(-1)!;
    expect(lastReady.posts[0]!.content).toMatch(/it is @\w+'s turn \(seat 1\) with \*\*3 order points\*\*/);
    const file = exportOf(results) as {
      campaign: { players: { startingBpv: string; seat: number }[]; turnOrder: string[] };
    };
    expect(file.campaign.players.map((p) => p.startingBpv)).toEqual(['950', '950', '950']);
    expect(file.campaign.players.map((p) => p.seat).sort()).toEqual([1, 2, 3]);
    // Replaying the scenario's event log reproduces its final state exactly.
    const full = exportOf(results) as { campaign: unknown; events: StoredEvent[] };
    expect(canonicalJson(replay(full.events))).toBe(canonicalJson(full.campaign));
  });

  it('the same commands on PostgreSQL and PGlite give identical exports', async (ctx) => {
    if (!(await postgresAvailable())) return ctx.skip();
    const [pglite, postgres] = [await runExample('pglite'), await runExample('postgres')];
    expect(exportOf(postgres)).toEqual(exportOf(pglite));
    expect(postgres.map((r) => [r.ok, r.content])).toEqual(pglite.map((r) => [r.ok, r.content]));
  });
});

describe('commands in the wrong channel', () => {
  it('say which channel the player’s campaign lives in', async () => {
    const tdb = await createDatabase('pglite');
    const outDir = mkdtempSync(join(tmpdir(), 'cm-play-'));
    outDirs.push(outDir);
    const playground = await Playground.start({ database: tdb.database, outDir });
    try {
      for (const [i, line] of [
        '@a /campaign create name:Here',
        '@a /campaign join empire:gorn',
        '!channel elsewhere',
      ].entries())
        await playground.run(line, i + 1);
      const r = (await playground.run('@a /move fleet:1 to:X', 4))!;
      expect(r).toMatchObject({ ok: false, ephemeral: true });
      expect(r.content).toContain('Your campaign lives in #campaign (**Here**)');
    } finally {
      await playground.close();
      await tdb.drop();
    }
  });
});
