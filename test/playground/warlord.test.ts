import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, playLines } from '../helpers/playground.ts';

describe('examples/05-warlord.txt: a four-corporation Star Fleet Warlord game through Discord', async () => {
  const { results, cleanup } = await playLines(readFileSync(join(ROOT, 'examples/05-warlord.txt'), 'utf8').split('\n'));
  afterAll(cleanup);
  const line = (start: string) => results.find((r) => r.input.startsWith(start))!;
  const all = (start: string) => results.filter((r) => r.input.startsWith(start));

  it('§11.6 only the name starting with "the" is refused, privately with its rule', () => {
    const refused = results.filter((r) => r.user && !r.ok);
    expect(refused.map((r) => r.input)).toEqual(['@erin /warlord join corporation:"The Latecomers"']);
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
    expect(
      posts(first)
        .filter((p) => p.startsWith('🧵 '))
        .map((p) => p.split(':')[0]),
    ).toEqual(['🧵 Alpha Mining', '🧵 Beta Freight', '🧵 Gamma Works', '🧵 Delta Holdings']);
    expect(posts(first).find((p) => p.startsWith('🧵 Delta Holdings'))).toContain('waived (§11.4)');
    expect(posts(first).find((p) => p.startsWith('🧵 Gamma Works'))).toContain('✗ line 3: "50" is not an FA option');
    // Turn 1: dave's late sheet counted for it, bought with the waived turn's income.
    expect(posts(second)[0]).toContain('Waived, no sheet in time (§11.4): Alpha Mining, Beta Freight, Gamma Works.');
    expect(posts(second).find((p) => p.startsWith('🧵 Delta Holdings'))).toContain('Bought F-FF 25 for 96 EP');
  });
});
