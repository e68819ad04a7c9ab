import { describe, expect, it } from 'vitest';
import { historyRefusal } from '../../src/app/history.ts';
import { splitMessage } from '../../src/discord/split-text.ts';
import { statusEmbed } from '../../src/discord/views/status.ts';
import type { CampaignState } from '../../src/rules/thunderdome/index.ts';
import { battleInA } from '../rules/battles/helpers.ts';
import { registeredGame, startedGame, TEST_MAP } from '../rules/td3/harness.ts';

const fields = (s: CampaignState) =>
  Object.fromEntries((statusEmbed(s).toJSON().fields ?? []).map((f) => [f.name, f.value]));

describe('/campaign status tells the whole state', () => {
  it('UTD8.16 before the start: whether the map is approved, and whose approval it waits for', () => {
    const g = registeredGame();
    expect(fields(g.state)['Map (UTD8.16)']).toContain('none yet');
    g.do('p1', { type: 'map-import', json: JSON.stringify(TEST_MAP) });
    g.do('p2', { type: 'map-approve' });
    expect(fields(g.state)['Map (UTD8.16)']).toBe('not approved: 1 of 3; waiting for <@p1>, <@p3>');
    g.do('p1', { type: 'map-approve' });
    g.do('p3', { type: 'map-approve' });
    expect(fields(g.state)['Map (UTD8.16)']).toBe('✅ approved');
  });

  it('UTD3.3 whose turn it is and until when; UTD2.3 the open battles with their stage and clock; UTD1.7 the open votes', () => {
    const { g, battle } = battleInA();
    g.do('p1', { type: 'vote-setting', key: 'startYear', value: '170' });
    const f = fields(g.state);
    expect(f['Turn']).toBe('<@p1>: battles being fought (UTD2.3 step 8)');
    const playing = startedGame().state;
    const deadline = playing.turn!.deadline!;
    expect(fields(playing)['Turn']).toBe(
      `<@p1>: giving orders — 3 of 3 order points left, orders due <t:${Math.floor(Date.parse(deadline) / 1000)}:f> (<t:${Math.floor(Date.parse(deadline) / 1000)}:R>)`,
    );
    expect(f['Open battles (1)']).toMatch(
      new RegExp(`• ${battle} in A: <@p1> vs <@p2> — awaiting contact, due <t:\\d+:R>`),
    );
    expect(f['Open votes (1)']).toMatch(/0 yes of 2 needed, closes <t:\d+:R>/);
  });

  it('UTD3.91 resigned and removed players are marked; a finished campaign names its winner', () => {
    const g = startedGame();
    g.patch((s) => {
      s.players.find((p) => p.id === 'p3')!.status = 'resigned';
      s.players.find((p) => p.id === 'p2')!.status = 'removed';
      s.status = 'finished';
      s.winner = 'p1';
      s.finishedAt = '2026-05-01T00:00:00.000Z';
    });
    const f = fields(g.state);
    expect(f['Players (3)']).toMatch(/<@p3> — \*\*Hydran\*\* — bank [\d.]+ BPV — \*\*resigned \(UTD3\.91\)\*\*/);
    expect(f['Players (3)']).toContain('**removed**');
    expect(f['Winner']).toContain('🏆 <@p1>');
  });
});

describe('/campaign history refuses cycles that have not happened (UTD2.2)', () => {
  it('before the start, no cycle; in cycle 1.0, none has ended; after it, 1.0 is shown and 1.5 refused', () => {
    expect(historyRefusal(registeredGame().state, 2)).toContain('has not started');
    const g = startedGame();
    expect(g.state.halfCycles).toBe(2);
    expect(historyRefusal(g.state, 2)).toBe(
      'Cycle 1.0 has not ended yet: none has ended yet (the campaign is in cycle 1.0). `/campaign status` shows the campaign now.',
    );
    g.patch((s) => {
      s.halfCycles = 3;
    });
    expect(historyRefusal(g.state, 2)).toBeNull();
    expect(historyRefusal(g.state, 3)).toContain('the latest that ended is 1.0');
    expect(historyRefusal(g.state, 40)).toContain('Cycle 20.0 has not ended yet');
    g.patch((s) => {
      s.status = 'finished';
    });
    expect(historyRefusal(g.state, 3)).toBeNull(); // a finished campaign's last half-cycle ended with it
  });
});

describe('long replies are split at lines, never mid-word', () => {
  it('a text over 2,000 characters splits at line breaks, and a long line at a space', () => {
    const words = Array.from({ length: 700 }, (_, n) => `word${n}`);
    const text = `Head line\n${words.join(' ')}\ntail`;
    const parts = splitMessage(text);
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(p.length).toBeLessThanOrEqual(2000);
    // Every word survives whole, in order.
    expect(parts.join(' ').split(/\s+/)).toEqual(['Head', 'line', ...words, 'tail']);
    expect(parts[0]).toBe('Head line'); // the line break is the first place to split
  });

  it('a single word longer than a message is the only thing ever cut', () => {
    const parts = splitMessage('x'.repeat(4500));
    expect(parts.map((p) => p.length)).toEqual([2000, 2000, 500]);
  });
});
