import { describe, expect, it } from 'vitest';
import { battleInA, result } from './helpers.ts';

/**
 * Supermajority thresholds for the appeal electorate (UTF3.45 with
 * UTD1.7). The battle in A is between p1 and p2; extra active players join the campaign state so
 * the players outside the battle number 2 to 12. UTD1.7: two must both agree, three need two,
 * four or more need ¾ rounded up.
 */
const EXPECTED: [outside: number, needed: number][] = [
  [2, 2],
  [3, 2],
  [4, 3],
  [5, 4],
  [6, 5],
  [7, 6],
  [8, 6],
  [9, 7],
  [10, 8],
  [11, 9],
  [12, 9],
];

function appealWith(outside: number) {
  const { g, battle } = battleInA();
  // p3 is already outside the battle; the others are added as active players of the campaign.
  g.patch((s) => {
    const p3 = s.players.find((p) => p.id === 'p3')!;
    for (let i = 4; i < 3 + outside; i++)
      s.players.push({ ...structuredClone(p3), id: `p${i}`, name: `p${i}`, seat: i });
  });
  const p2ff = g.state.ships.find((s) => s.owner === 'p2' && s.unitId === 'KZI-FF')!.id;
  g.do('p1', {
    type: 'battle-propose',
    battle,
    kind: 'report',
    result: result({ winner: 'p1', destroyed: [p2ff], retreat: 'C' }),
  });
  g.do('p2', { type: 'battle-reject', battle });
  g.do('p1', {
    type: 'battle-appeal',
    battle,
    explanation: 'cornered',
    plan: 'close in',
    result: result({ winner: 'p1', destroyed: [p2ff], retreat: 'C' }),
  });
  g.do('p2', {
    type: 'battle-appeal',
    battle,
    explanation: 'drones inbound',
    plan: 'disengage',
    result: result({ winner: 'p2', retreat: 'H1' }),
  });
  return { g, vote: g.state.votes.at(-1)! };
}

describe('UTD1.7 / UTF3.45 the appeal electorate leaves out the battle’s participants', () => {
  it.each(EXPECTED)('UTD1.7 %i players outside the battle need %i votes on one case', (outside, needed) => {
    const { vote } = appealWith(outside);
    expect(vote.electorate).toHaveLength(outside);
    expect(vote.electorate).not.toContain('p1');
    expect(vote.electorate).not.toContain('p2');
    expect(vote.threshold).toBe(needed);
  });

  it('UTD1.7 with 5 outside, 3 votes for case B do not decide; the 4th does', () => {
    const { g, vote } = appealWith(5);
    g.do('system', { type: 'vote-attach', voteId: vote.id, messageId: 'm1' });
    for (const p of ['p3', 'p4', 'p5']) g.do(p, { type: 'ballot', messageId: 'm1', choice: 'B', present: true });
    expect(g.state.votes.at(-1)!.status).toBe('open');
    g.do('p6', { type: 'ballot', messageId: 'm1', choice: 'B', present: true });
    expect(g.state.votes.at(-1)).toMatchObject({ status: 'passed', chosen: 'B' });
  });
});
