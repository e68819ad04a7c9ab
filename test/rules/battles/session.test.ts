import { describe, expect, it } from 'vitest';
import { thunderdomeScheduler } from '../../../src/app/thunderdome-scheduler.ts';
import { battleInA } from './helpers.ts';

const HOUR = 3_600_000;

describe('UTD3.42–3.43 an agreed session: proposed in one zone, accepted by the other side, reminded, no-show offered', () => {
  it('UTD3.42 proposing a time is contact; UTD3.43 accepting it is the answer; then the session is agreed', () => {
    const { g, battle } = battleInA();
    const at = new Date(g.now.getTime() + 2 * 24 * HOUR).toISOString();
    g.do('p1', { type: 'battle-schedule', battle, when: '2026-03-06 15:00', at });
    const b = () => g.state.battles.find((x) => x.id === battle)!;
    expect(b().session).toEqual({ at, by: 'p1', acceptedBy: [], status: 'proposed' });
    expect(b().stage).toBe('awaiting-response');
    g.refused('p1', { type: 'battle-session-accept', battle }, 'UTD3.42'); // its own proposal
    g.refused('p3', { type: 'battle-session-accept', battle }, 'UTD7.42'); // not a side
    g.do('p2', { type: 'battle-session-accept', battle });
    expect(b().session?.status).toBe('agreed');
    expect(b().stage).toBe('in-play');
    g.refused('p2', { type: 'battle-session-accept', battle }, 'UTD3.42');
  });

  it('UTD3.42 a time already past is refused; UTD3.5 so is one after the battle’s deadline', () => {
    const { g, battle } = battleInA();
    g.refused(
      'p1',
      { type: 'battle-schedule', battle, when: 'x', at: new Date(g.now.getTime() - HOUR).toISOString() },
      'UTD3.42',
    );
    g.do('p1', { type: 'battle-schedule', battle, when: null });
    g.do('p2', { type: 'battle-schedule', battle, when: null });
    const resolve = g.state.battles.find((x) => x.id === battle)!.deadlines.resolve!;
    g.refused(
      'p1',
      { type: 'battle-schedule', battle, when: 'x', at: new Date(Date.parse(resolve) + HOUR).toISOString() },
      'UTD3.5',
    );
  });

  it('an hour before the agreed time the sides are reminded; after it a no-show is offered as the UTD3.42#2 failure, each once', () => {
    const { g, battle } = battleInA();
    const t = g.now.getTime() + 3 * 24 * HOUR;
    g.do('p1', { type: 'battle-schedule', battle, when: null, at: new Date(t).toISOString() });
    g.do('p2', { type: 'battle-session-accept', battle });
    // The scheduler wakes for it.
    expect(Date.parse(thunderdomeScheduler.nextDue(g.state)!)).toBeLessThanOrEqual(t - HOUR);
    g.now = new Date(t - 2 * HOUR);
    g.do('system', { type: 'battle-clocks' });
    expect(g.events('BattleReminder')).toHaveLength(0);
    g.now = new Date(t - 30 * 60_000);
    g.do('system', { type: 'battle-clocks' });
    g.do('system', { type: 'battle-clocks' });
    const reminders = () => g.events('BattleReminder').map((e) => e.event as { key: string; players: string[] });
    expect(reminders()).toEqual([expect.objectContaining({ key: 'session', players: ['p1', 'p2'] })]);
    g.now = new Date(t + 2 * HOUR);
    g.do('system', { type: 'battle-clocks' });
    g.do('system', { type: 'battle-clocks' });
    expect(reminders().map((r) => r.key)).toEqual(['session', 'no-show']);
    // Nothing about the session keeps the scheduler due any more.
    const next = thunderdomeScheduler.nextDue(g.state);
    expect(next === null || Date.parse(next) > g.now.getTime()).toBe(true);
    // A new time has its own reminder.
    g.do('p2', { type: 'battle-schedule', battle, when: null, at: new Date(t + 24 * HOUR).toISOString() });
    expect(g.state.battles.find((x) => x.id === battle)!.reminders).not.toContain('session');
  });
});
