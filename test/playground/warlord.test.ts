import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, playLines } from '../helpers/playground.ts';

describe('examples/05-warlord.txt: a four-corporation Star Fleet Warlord game through Discord', async () => {
  const { results, cleanup } = await playLines(readFileSync(join(ROOT, 'examples/05-warlord.txt'), 'utf8').split('\n'));
  afterAll(cleanup);
  const line = (start: string) => results.find((r) => r.input.startsWith(start))!;
  const all = (start: string) => results.filter((r) => r.input.startsWith(start));

  it('§11.6 only the name starting with "the" is refused (and Thunderdome’s /campaign status), privately with its rule', () => {
    const refused = results.filter((r) => r.user && !r.ok);
    expect(refused.map((r) => r.input)).toEqual([
      '@erin /warlord join corporation:"The Latecomers"',
      '@bob /campaign status',
    ]);
    expect(refused[0]!.ephemeral).toBe(true);
    expect(refused[0]!.content).toContain('Rule §11.6');
  });

  it('§9.4 the dry run and the sheet reply name the bad line privately; the channel hears only that orders are in', () => {
    const dry = line('@carol /warlord check');
    expect(dry.ephemeral).toBe(true);
    expect(dry.content).toContain('line 3: "50" is not an FA option');
    const sent = line('@carol /warlord sheet');
    expect(sent.ephemeral).toBe(true);
    expect(sent.posts.map((p) => p.content)).toEqual([
      '📨 **Gamma Works** has sent its orders (revisable until the deadline).',
    ]);
  });

  it('§11.4 at each deadline the missing sheets are waived, and each report goes to its own private thread', () => {
    const [first, second] = all('!advance 48h');
    const posts = (r: typeof first) => r!.posts.map((p) => p.content);
    expect(posts(first)[0]).toContain('Turn 0 processed. Waived, no sheet in time (§11.4): Delta Holdings.');
    const reports = (r: typeof first) => posts(r).filter((p) => p.startsWith('🧵 ') && !p.includes('🗺️'));
    expect(reports(first).map((p) => p.split(':')[0])).toEqual([
      '🧵 Alpha Mining',
      '🧵 Beta Freight',
      '🧵 Gamma Works',
      '🧵 Delta Holdings',
    ]);
    // §8: each report comes with its corporation's home sector map and galaxy overview, in its thread.
    const maps = first!.posts.filter((p) => p.content.startsWith('🧵 ') && p.content.includes('🗺️'));
    expect(maps.map((p) => p.content.split(':')[0])).toEqual(reports(first).map((p) => p.split(':')[0]));
    for (const m of maps)
      expect(m.files.map((f) => f.replace(/.*-(sector-\d\d|galaxy)\.png$/, '$1'))).toEqual([
        expect.stringMatching(/^sector-\d\d$/),
        'galaxy',
      ]);
    expect(posts(first).find((p) => p.startsWith('🧵 Delta Holdings'))).toContain('waived (§11.4)');
    expect(posts(first).find((p) => p.startsWith('🧵 Gamma Works'))).toContain('✗ line 3: "50" is not an FA option');
    // Turn 1: dave's late sheet counted for it, bought with the waived turn's income.
    expect(posts(second)[0]).toContain('Waived, no sheet in time (§11.4): Alpha Mining, Beta Freight, Gamma Works.');
    expect(posts(second).find((p) => p.startsWith('🧵 Delta Holdings'))).toContain('Bought F-FF 25 for 96 EP');
  });

  it('§8 /warlord map answers privately with two pictures; Thunderdome’s /campaign status is refused naming /warlord status', () => {
    const map = line('@bob /warlord map');
    expect([map.ok, map.ephemeral, map.files.length, map.posts]).toEqual([true, true, 2, []]);
    const td = line('@bob /campaign status');
    expect([td.ok, td.ephemeral]).toEqual([false, true]);
    expect(td.content).toContain('`/warlord status`');
    expect(td.embeds).toEqual([]);
  });
});
