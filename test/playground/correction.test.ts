import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LineResult } from '../../src/playground/playground.ts';
import { playLines, ROOT } from '../helpers/playground.ts';

async function run(): Promise<LineResult[]> {
  const { results, cleanup } = await playLines(
    readFileSync(join(ROOT, 'examples/08-correction.txt'), 'utf8').split('\n'),
  );
  afterAll(cleanup);
  return results;
}

describe('examples/08-correction.txt: the players correct the campaign by vote and revert a mistake by consent', async () => {
  const results = await run();
  const line = (start: string) => {
    const r = results.find((x) => x.input.startsWith(start));
    if (!r) throw new Error(`no line ${start}`);
    return r;
  };
  /** The reply and everything the line made the bot post. */
  const all = (r: LineResult) => [r.content, JSON.stringify(r.embeds), ...r.posts.map((p) => p.content)].join('\n');

  it('UTD1.7 the amendment posts its before/after difference, and passes with two of three', () => {
    const proposed = all(line('@carol /vote amend what:bank'));
    expect(proposed).toContain('`players[bob].bank`: "817" → "897"');
    expect(line('@carol /vote amend what:condition').content).toContain('Rule UTD1.7');
    expect(all(line('!react @bob ✅'))).toContain('is amended by vote');
    expect(all(line('@bob /campaign status'))).toContain('bank 897 BPV');
  });

  it('UTD1.7 the revert asks alice alone, goes through on her ✅, marks the event reverted, and the log verifies', () => {
    expect(all(line('@bob /campaign revert'))).toContain('Asked: alice, whose actions it undoes');
    expect(all(line('!react @alice ✅ on:last-vote'))).toContain('is back to its state before event #28');
    expect(line('@carol /campaign log').content).toContain('`#28` ↩️ *reverted*');
    expect(line('@carol /campaign verify').content).toContain('verifies — every hash links');
  });
});
