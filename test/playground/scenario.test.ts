import { describe, expect, it } from 'vitest';
import { parseLine, ScenarioSyntaxError, tokenize } from '../../src/playground/scenario.ts';

describe('playground scenario syntax', () => {
  it('reads a command with subcommand, quoted value and file option', () => {
    expect(parseLine('@p1 /campaign create name:"Rim Wars"')).toEqual({
      kind: 'command',
      user: 'p1',
      command: 'campaign',
      words: ['create'],
      options: { name: 'Rim Wars' },
    });
    expect(parseLine('@p1 /campaign import file:out/x.json')).toMatchObject({
      words: ['import'],
      options: { file: 'out/x.json' },
    });
    expect(parseLine('@bob /roll dice:3d6+1')).toMatchObject({
      command: 'roll',
      words: [],
      options: { dice: '3d6+1' },
    });
  });
  it('reads directives', () => {
    expect(parseLine('!dice 6 2 3')).toEqual({ kind: 'directive', name: 'dice', args: ['6', '2', '3'], options: {} });
    expect(parseLine('!react @p2 ✅ on:last-vote')).toEqual({
      kind: 'directive',
      name: 'react',
      args: ['@p2', '✅'],
      options: { on: 'last-vote' },
    });
    expect(parseLine('!clock 2026-11-21T12:00Z')).toMatchObject({ name: 'clock', args: ['2026-11-21T12:00Z'] });
  });
  it('skips comments and blank lines', () => {
    expect(parseLine('# hello')).toEqual({ kind: 'blank' });
    expect(parseLine('   ')).toEqual({ kind: 'blank' });
  });
  it('keeps escaped quotes', () => {
    expect(tokenize('name:"say \\"hi\\"" x')).toEqual(['name:say "hi"', 'x']);
  });
  it.each(['hello', '@p1 campaign create', '!nope', '@p1 /campaign name:x create', '@p1 /x a:"open', '@p1 /x a:1 a:2'])(
    'refuses the malformed line %j',
    (line) => {
      expect(() => parseLine(line)).toThrow(ScenarioSyntaxError);
    },
  );
});
