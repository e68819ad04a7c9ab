import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LineResult } from '../../src/playground/playground.ts';
import { playLines, ROOT } from '../helpers/playground.ts';

/** The battles example up to bob's attack in A, then a disputed report and an appeal decided by a lettered reaction. */
const APPEAL = [
  '@bob /battle report battle:K43 winner:bob destroyed:S30 retreat:H1',
  '@alice /battle reject battle:K43',
  '@carol /battle appeal battle:K43 explanation:"I am not in it" plan:"none" winner:bob retreat:H1',
  '@bob /battle appeal battle:K43 explanation:"Alice ran out of time at turn 6" plan:"Overload and close" winner:bob destroyed:S30 retreat:H1',
  '@alice /battle appeal battle:K43 explanation:"My frigate was disengaging" plan:"Turn away at turn 4" winner:bob crippled:S30 retreat:H1',
  '!react @bob 🇦',
  '!react @carol 🇧',
];

async function run(): Promise<LineResult[]> {
  const lines = readFileSync(join(ROOT, 'examples/03-battles.txt'), 'utf8').split('\n');
  const upTo = lines.findIndex((l) => l.startsWith('@bob /turn end'));
  const { results, cleanup } = await playLines([
    ...lines.slice(0, upTo + 1),
    ...APPEAL,
    '@alice /battle show battle:K43',
  ]);
  afterAll(cleanup);
  return results;
}

describe('UTF3.45 an appeal decided by the players outside the battle, with lettered reactions', async () => {
  const results = await run();
  const at = (prefix: string) => results.find((r) => r.input.startsWith(prefix))!;

  it('a player outside the battle cannot submit a case', () => {
    const r = at('@carol /battle appeal');
    expect(r.ok).toBe(false);
    expect(r.ephemeral).toBe(true);
  });

  it('when both sides have submitted, a vote with one letter per case is posted for carol alone', () => {
    const vote = at('@alice /battle appeal').posts.find((p) => p.content.includes('🗳️'))!;
    expect(vote.content).toContain('🇦');
    expect(vote.content).toContain('🇧');
    expect(vote.content).toContain('1 of 1 voters (carol)');
  });

  it("bob's reaction does not count; carol's 🇧 applies alice's case: the frigate is crippled, not destroyed", () => {
    const show = at('@alice /battle show').content;
    expect(show).toContain('Resolved (appeal)');
    const closed = results.find((r) => r.input.startsWith('!react @carol'))!;
    expect(closed.posts.map((p) => p.content).join('\n')).toContain('crippled');
  });
});
