import { describe, expect, it } from 'vitest';
import { thunderdomeScheduler } from '../../../src/app/thunderdome-scheduler.ts';
import { battleInA } from '../battles/helpers.ts';
import type { Game } from '../td3/harness.ts';

const HOUR = 3_600_000;

/** p1 (attacker) makes contact; p2 stays silent past the three-day answer clock. */
function silentDefender(): { g: Game; battle: string } {
  const { g, battle } = battleInA();
  g.do('p1', { type: 'battle-schedule', battle, when: 'Saturday 20:00 UTC' });
  expect(g.state.battles[0]!.stage).toBe('awaiting-response');
  g.now = new Date(new Date(g.state.battles[0]!.deadlines.contact!).getTime() + 1000);
  g.do('system', { type: 'battle-clocks' });
  return { g, battle };
}

describe('UTD3.43 #1 the defender who does not answer (ISS-A16 battle.defenderNoResponse)', () => {
  it('UTD3.43 #1 the silent defender first gets 24 hours to choose its lane; no lane is rolled yet', () => {
    const { g } = silentDefender();
    const b = g.state.battles[0]!;
    expect(b.stage).toBe('awaiting-lane');
    expect(b.deadlines.window).toBe(new Date(g.now.getTime() + 24 * HOUR).toISOString());
    expect(g.events('RetreatOrdered')).toHaveLength(0);
    expect(b.status).toBe('open');
  });

  it('ISS-A16 the defender names a lane out of the sector in time: its fleets retreat there', () => {
    const { g, battle } = silentDefender();
    g.refused('p1', { type: 'battle-lane', battle, to: 'C' }, 'ISS-A16');
    expect(g.refused('p2', { type: 'battle-lane', battle, to: 'H2' }, 'ISS-A16').code).toBe('battle/not-a-lane');
    g.now = new Date(g.now.getTime() + 23 * HOUR);
    g.do('system', { type: 'battle-clocks' });
    expect(g.state.battles[0]!.stage).toBe('awaiting-lane');
    g.do('p2', { type: 'battle-lane', battle, to: 'x' });
    const b = g.state.battles[0]!;
    expect(b.status).toBe('resolved');
    expect(b.resolution).toBe('forced-retreat');
    expect(b.result!.retreats).toEqual({ p2: 'X' });
    // The choice used no die.
    expect(g.log.flatMap((e) => e.rolls).filter((r) => r.purpose.includes('forced retreat'))).toEqual([]);
  });

  it('ISS-A16 when the 24 hours pass without a choice, the lane is rolled with the committed dice', () => {
    const { g } = silentDefender();
    g.now = new Date(g.now.getTime() + 24 * HOUR + 1000);
    // Lanes out of A: H1, C, X in map order; a forced 2 picks the second.
    const lanes = ['H1', 'C', 'X'];
    g.dice(2).do('system', { type: 'battle-clocks' });
    const b = g.state.battles[0]!;
    expect(b.resolution).toBe('forced-retreat');
    const roll = g.log.flatMap((e) => e.rolls).find((r) => r.purpose.includes('forced retreat'))!;
    expect(roll.sides).toBe(3);
    expect(lanes).toContain(b.result!.retreats.p2);
  });

  it('ISS-A16 the scheduler gives the battle clocks when the 24 hours end, and not before', () => {
    const { g } = silentDefender();
    const window = g.state.battles[0]!.deadlines.window!;
    expect(thunderdomeScheduler.nextDue(g.state)).toBe(window);
    const before = new Date(new Date(window).getTime() - 1000);
    expect(thunderdomeScheduler.due(g.state, before).map((x) => x.command.type)).not.toContain('battle-clocks');
    expect(thunderdomeScheduler.due(g.state, new Date(window)).map((x) => x.command.type)).toContain('battle-clocks');
  });

  it('ISS-A16 battle.defenderNoResponse = random rolls the lane as soon as the answer clock runs out', () => {
    const { g, battle } = battleInA();
    g.patch((s) => {
      s.settings['battle.defenderNoResponse'] = 'random';
    });
    g.do('p1', { type: 'battle-schedule', battle, when: null });
    g.now = new Date(new Date(g.state.battles[0]!.deadlines.contact!).getTime() + 1000);
    g.do('system', { type: 'battle-clocks' });
    expect(g.state.battles[0]!.resolution).toBe('forced-retreat');
  });
});
