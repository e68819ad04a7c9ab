import { describe, expect, it } from 'vitest';
import { battleInA, result, shipsOf } from './helpers.ts';

const LOG = { url: 'https://cdn.discordapp.com/attachments/1/2/sfbol-log.txt', name: 'sfbol-log.txt' };

describe('UTD7.44 evidence attached to a result is kept with it', () => {
  it('a reported result keeps its evidence in the proposal and, once confirmed, in the battle result', () => {
    const { g, battle } = battleInA();
    const ff = shipsOf(g, 'p2', 'KZI-FF')[0]!;
    g.do('p1', {
      type: 'battle-propose',
      battle,
      kind: 'report',
      result: result({ winner: 'p1', destroyed: [ff], retreat: 'C', evidence: LOG }),
    });
    expect(g.state.battles[0]!.proposals[0]!.result.evidence).toEqual(LOG);
    g.do('p2', { type: 'battle-accept', battle });
    const b = g.state.battles[0]!;
    expect(b.status).toBe('resolved');
    expect(b.result!.evidence).toEqual(LOG);
  });

  it('a result without evidence stores none', () => {
    const { g, battle } = battleInA();
    const ff = shipsOf(g, 'p2', 'KZI-FF')[0]!;
    g.do('p1', {
      type: 'battle-propose',
      battle,
      kind: 'report',
      result: result({ winner: 'p1', destroyed: [ff], retreat: 'C' }),
    });
    expect('evidence' in g.state.battles[0]!.proposals[0]!.result).toBe(false);
  });

  it('evidence that is not a web link is refused and nothing is proposed', () => {
    const { g, battle } = battleInA();
    const err = g.refused(
      'p1',
      {
        type: 'battle-propose',
        battle,
        kind: 'report',
        result: result({ winner: 'p1', retreat: 'C', evidence: { url: 'javascript:alert(1)', name: 'x' } }),
      },
      'UTD7.44',
    );
    expect(err.code).toBe('result/bad-evidence');
    expect(g.state.battles[0]!.proposals).toEqual([]);
  });
});
