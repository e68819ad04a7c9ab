import { describe, expect, it } from 'vitest';
import {
  type WarlordCampaign,
  type WarlordCommand,
  type WarlordEvent,
  warlord,
} from '../../src/app/warlord-ruleset.ts';
import { SeededDice } from '../../src/rules/dice.ts';
import type { RulesetContext } from '../../src/ruleset.ts';

const ctx = (userId: string, now: string, dice = new SeededDice('42'.repeat(32), 1)): RulesetContext => ({
  actor: { userId, displayName: userId, isServerAdmin: false },
  now: new Date(now),
  dice,
  firstSeq: 1,
  catalog: null,
});

/** Decides and folds a list of commands, as the app would. */
function play(steps: [string, WarlordCommand, string][]): { state: WarlordCampaign | null; refusals: string[] } {
  let state: WarlordCampaign | null = null;
  let seq = 0;
  const refusals: string[] = [];
  for (const [user, command, now] of steps) {
    const dice = new SeededDice('42'.repeat(32), seq + 1);
    const r = warlord.decide(state, command, ctx(user, now, dice));
    if (!r.ok) {
      refusals.push(r.error.code);
      continue;
    }
    for (const [i, event] of r.value.events.entries()) {
      seq++;
      state = warlord.apply(state, {
        seq,
        at: now,
        actor: { userId: user },
        event: event as WarlordEvent,
        rolls: i === 0 ? dice.records : [],
      });
    }
  }
  return { state, refusals };
}

const T0 = '2026-06-01T12:00:00Z';
const create: WarlordCommand = { type: 'create', name: 'G', campaignId: 'x', guildId: 'g', channelId: 'c' };

describe('Warlord commands (the ruleset’s decide)', () => {
  it('Warlord sheets: revisable until the deadline, refused after it (§11.4), refused from a non-player and when oversized', () => {
    const { state, refusals } = play([
      ['a', create, T0],
      ['a', { type: 'warlord-join', corpName: 'Alpha' }, T0],
      ['b', { type: 'warlord-join', corpName: 'Beta' }, T0],
      ['a', { type: 'warlord-join', corpName: 'Again' }, T0],
      ['a', { type: 'warlord-start', width: 4, height: 4, turnHours: 24 }, T0],
      ['b', { type: 'warlord-join', corpName: 'Too late' }, T0],
      ['a', { type: 'warlord-submit', text: 'PS F DD' }, '2026-06-01T13:00:00Z'],
      ['a', { type: 'warlord-submit', text: 'PS F FF' }, '2026-06-01T14:00:00Z'],
      ['z', { type: 'warlord-submit', text: 'PS F FF' }, '2026-06-01T14:00:00Z'],
      ['b', { type: 'warlord-submit', text: 'x'.repeat(50_001) }, '2026-06-01T14:00:00Z'],
      ['b', { type: 'warlord-submit', text: 'PS K D7' }, '2026-06-02T12:00:00Z'],
    ]);
    expect(refusals).toEqual([
      'warlord/joined',
      'warlord/started',
      'warlord/not-player',
      'warlord/sheet-size',
      'warlord/late',
    ]);
    expect(state?.sheets).toEqual({ '1': 'PS F FF' });
    expect(state?.deadline).toBe('2026-06-02T12:00:00.000Z');
  });

  it('Warlord processing: early only when every sheet is in; the scheduler gives the turn at the deadline', () => {
    const base: [string, WarlordCommand, string][] = [
      ['a', create, T0],
      ['a', { type: 'warlord-join', corpName: 'Alpha' }, T0],
      ['b', { type: 'warlord-join', corpName: 'Beta' }, T0],
      ['a', { type: 'warlord-start', width: 4, height: 4, turnHours: 24 }, T0],
      ['a', { type: 'warlord-submit', text: 'PS F DD' }, '2026-06-01T13:00:00Z'],
    ];
    const early = play([...base, ['a', { type: 'warlord-process' }, '2026-06-01T13:30:00Z']]);
    expect(early.refusals).toEqual(['warlord/not-due']);
    const s = early.state;
    if (!s) throw new Error('no state');
    expect(warlord.scheduler?.due(s, new Date('2026-06-02T11:59:00Z'))).toEqual([]);
    expect(warlord.scheduler?.due(s, new Date('2026-06-02T12:00:00Z')).map((d) => d.command)).toEqual([
      { type: 'warlord-process' },
    ]);
    const allIn = play([
      ...base,
      ['b', { type: 'warlord-submit', text: 'PS K D7' }, '2026-06-01T14:00:00Z'],
      ['b', { type: 'warlord-process' }, '2026-06-01T14:00:00Z'],
    ]);
    expect(allIn.refusals).toEqual([]);
    expect([allIn.state?.game?.turn, allIn.state?.deadline, allIn.state?.sheets]).toEqual([
      1,
      '2026-06-02T14:00:00.000Z',
      {},
    ]);
  });
});
