import { describe, expect, it } from 'vitest';
import { thunderdomeScheduler } from '../../../src/app/thunderdome-scheduler.ts';
import type { ExplorationOffer } from '../../../src/rules/thunderdome/state.ts';
import { explored } from '../battles/helpers.ts';
import { startedGame, type Game } from '../td3/harness.ts';

/**
 * Exploration balancing asked at the roll (UTD5.221–5.224, TC-032), played through the rules:
 * the explorer is asked, the turn waits in phase `exploration`, the answer (or, when the clock runs
 * out, the standing instruction of `/sector balancing`) settles the sector and the turn goes on.
 *
 * p1 (home H1: one life and one mineral sector, UTD4.312) explores A on turn 1. p2 is made the
 * leader by test surgery: `mineral` and `life` give p2 two more sectors of that type, so p1 trails
 * by exactly 2 (`explore.balanceGap` = 2, owned sectors).
 */
function trailing(lead: { mineral?: boolean; life?: boolean }): Game {
  const g = startedGame();
  if (lead.mineral) {
    explored(g, 'E', 'mineral', 'p2');
    explored(g, 'F', 'mineral', 'p2');
  }
  if (lead.life) {
    explored(g, 'X', 'life', 'p2');
    explored(g, 'D', 'life', 'p2');
  }
  g.do('p1', { type: 'move', fleet: '1', to: 'A' });
  return g;
}

const offer = (g: Game): ExplorationOffer => g.state.turn!.explorationOffer!;
const HOUR = 3_600_000;

describe('UTD5.221 automatic mineral sector, offered at the roll', () => {
  it('UTD5.221 a dead roll is offered as a mineral sector; the turn waits with A unexplored', () => {
    const g = trailing({ mineral: true });
    g.dice(5).do('p1', { type: 'end-turn' });
    expect(g.state.turn!.phase).toBe('exploration');
    expect(g.state.turn!.playerId).toBe('p1');
    expect(offer(g)).toMatchObject({ playerId: 'p1', sector: 'A' });
    expect(offer(g).pending.question).toMatchObject({
      kind: 'convert',
      rolled: 'dead',
      die: 5,
      options: ['keep', 'mineral'],
    });
    expect(g.sector('A').type).toBe('unknown');
    // The type die was rolled in the open, with the command that asked.
    expect(g.events('ExplorationChoiceOffered')[0]!.rolls.map((r) => r.purpose)).toEqual(['sector type (UTD5.21): A']);
    expect(Date.parse(offer(g).due) - g.now.getTime()).toBe(24 * HOUR);
    // Orders are closed meanwhile.
    g.refused('p1', { type: 'move', fleet: '1', to: 'X' }, 'UTD2.3');
  });

  it('UTD5.221 answering mineral makes A a mineral sector (terrain on the mineral column) and the turn goes on', () => {
    const g = trailing({ mineral: true });
    g.dice(5).do('p1', { type: 'end-turn' });
    g.dice(3, 6).do('p1', { type: 'explore-choice', answer: 'mineral' });
    expect(g.sector('A').type).toBe('mineral');
    const e = g.events('SectorExplored').at(-1)!.event as { steps: { code: string }[] };
    expect(e.steps.map((s) => s.code)).toEqual(['type-rolled', 'converted', 'terrain-rolled', 'npe-rolled']);
    expect(g.events('ExplorationChoiceMade')[0]!.event).toMatchObject({ answer: 'mineral', by: 'player' });
    expect(g.state.turn!.explorationOffer ?? null).toBeNull();
    // Steps 9–12 ran: p2's turn has begun.
    expect(g.state.turn!.playerId).toBe('p2');
  });

  it('UTD5.221 the player may decline: keep leaves the dead sector', () => {
    const g = trailing({ mineral: true });
    g.dice(5).do('p1', { type: 'end-turn' });
    g.dice(3).do('p1', { type: 'explore-choice', answer: 'keep' });
    expect(g.sector('A').type).toBe('dead');
    expect(g.state.turn!.playerId).toBe('p2');
  });

  it('UTD5.221 a life roll may also become mineral', () => {
    const g = trailing({ mineral: true });
    g.dice(1).do('p1', { type: 'end-turn' });
    expect(offer(g).pending.question).toMatchObject({ rolled: 'life', options: ['keep', 'mineral'] });
  });

  it('UTD5.221 a mineral roll asks nothing: the sector is explored and the turn goes on', () => {
    const g = trailing({ mineral: true });
    g.dice(3, 3, 6).do('p1', { type: 'end-turn' });
    expect(g.events('ExplorationChoiceOffered')).toHaveLength(0);
    expect(g.sector('A').type).toBe('mineral');
    expect(g.state.turn!.playerId).toBe('p2');
  });
});

describe('UTD5.222 automatic life sector, offered at the roll', () => {
  it('UTD5.222 only a dead roll may become life', () => {
    const g = trailing({ life: true });
    g.dice(5).do('p1', { type: 'end-turn' });
    expect(offer(g).pending.question).toMatchObject({ rolled: 'dead', options: ['keep', 'life'] });
    g.dice(3, 6).do('p1', { type: 'explore-choice', answer: 'life' });
    expect(g.sector('A').type).toBe('life');
  });

  it('UTD5.222 a mineral roll (TC-032: P1 rolls 3) cannot be changed: no question', () => {
    const g = trailing({ life: true });
    g.dice(3, 3, 6).do('p1', { type: 'end-turn' });
    expect(g.events('ExplorationChoiceOffered')).toHaveLength(0);
    expect(g.sector('A').type).toBe('mineral');
  });

  it('UTD5.222 a life roll cannot be changed: no question', () => {
    const g = trailing({ life: true });
    g.dice(1, 3, 6).do('p1', { type: 'end-turn' });
    expect(g.events('ExplorationChoiceOffered')).toHaveLength(0);
    expect(g.sector('A').type).toBe('life');
  });
});

describe('UTD5.223–5.224 both apply: the free choice comes before the roll', () => {
  it('UTD5.224 the player is asked before any type die and may choose life', () => {
    const g = trailing({ mineral: true, life: true });
    g.do('p1', { type: 'end-turn' });
    expect(offer(g).pending.question).toMatchObject({ kind: 'free-choice', options: ['roll', 'life', 'mineral'] });
    expect(g.events('ExplorationChoiceOffered')[0]!.rolls).toEqual([]);
    g.dice(3, 6).do('p1', { type: 'explore-choice', answer: 'life' });
    expect(g.sector('A').type).toBe('life');
    const e = g.events('SectorExplored').at(-1)!.event as { steps: { code: string }[] };
    expect(e.steps[0]!.code).toBe('type-chosen');
  });

  it('UTD5.223 UTD5.224 choosing to roll, then a dead roll asks again with both conversions, each judged on its own', () => {
    const g = trailing({ mineral: true, life: true });
    g.do('p1', { type: 'end-turn' });
    const first = offer(g).id;
    g.dice(6).do('p1', { type: 'explore-choice', answer: 'roll' });
    expect(g.state.turn!.phase).toBe('exploration');
    expect(offer(g).id).not.toBe(first);
    expect(offer(g).pending.question).toMatchObject({
      kind: 'convert',
      rolled: 'dead',
      options: ['keep', 'mineral', 'life'],
    });
    // A button of the first question no longer counts.
    g.refused('p1', { type: 'explore-choice', answer: 'mineral', offer: first }, 'UTD5.22');
    g.dice(3, 6).do('p1', { type: 'explore-choice', answer: 'mineral', offer: offer(g).id });
    expect(g.sector('A').type).toBe('mineral');
    expect(g.state.turn!.playerId).toBe('p2');
  });

  it('UTD5.224 (ISS-A67) dead is not a choice', () => {
    const g = trailing({ mineral: true, life: true });
    g.do('p1', { type: 'end-turn' });
    g.refused('p1', { type: 'explore-choice', answer: 'keep' }, 'UTD5.224');
  });
});

describe('UTD5.22 who answers, and refusals that change nothing', () => {
  it('UTD5.22 a player with no lead against them is not asked', () => {
    const g = startedGame();
    g.do('p1', { type: 'move', fleet: '1', to: 'A' });
    g.dice(5, 3).do('p1', { type: 'end-turn' });
    expect(g.events('ExplorationChoiceOffered')).toHaveLength(0);
    expect(g.sector('A').type).toBe('dead');
    expect(g.state.turn!.playerId).toBe('p2');
  });

  it('UTD5.22 only the explorer answers; a choice the roll does not allow is refused under its rule', () => {
    const g = trailing({ mineral: true });
    g.dice(5).do('p1', { type: 'end-turn' });
    expect(g.refused('p2', { type: 'explore-choice', answer: 'keep' }, 'UTD5.22').code).toBe('explore/not-yours');
    expect(g.refused('p1', { type: 'explore-choice', answer: 'life' }, 'UTD5.221').code).toBe('explore/bad-answer');
    expect(g.refused('p1', { type: 'explore-choice', answer: 'roll' }, 'UTD5.221').code).toBe('explore/bad-answer');
  });

  it('UTD5.22 with no question open an answer is refused', () => {
    const g = startedGame();
    expect(g.refused('p1', { type: 'explore-choice', answer: 'keep' }, 'UTD5.22').code).toBe('explore/no-question');
  });

  it('UTD3.2 a proxy may answer for the explorer', () => {
    const g = trailing({ mineral: true });
    g.do('p1', { type: 'proxy-grant', userId: 'friend', expiresAt: null });
    g.dice(5).do('p1', { type: 'end-turn' });
    g.dice(3, 6).do('friend', { type: 'explore-choice', answer: 'mineral', as: 'p1' });
    expect(g.sector('A').type).toBe('mineral');
  });
});

describe('UTD5.22 the standing instruction answers when the clock runs out', () => {
  it('UTD5.221 with /sector balancing mineral, the silent explorer gets the mineral sector after 24 h', () => {
    const g = trailing({ mineral: true });
    g.do('p1', { type: 'balancing', mode: 'mineral' });
    g.dice(5).do('p1', { type: 'end-turn' });
    // Not yet due: the clocks leave the question open.
    g.now = new Date(g.now.getTime() + 23 * HOUR);
    g.do('system', { type: 'battle-clocks' });
    expect(g.state.turn!.phase).toBe('exploration');
    g.now = new Date(g.now.getTime() + 1 * HOUR);
    g.dice(3, 6).do('system', { type: 'battle-clocks' });
    expect(g.events('ExplorationChoiceMade')[0]!.event).toMatchObject({ answer: 'mineral', by: 'deadline' });
    expect(g.sector('A').type).toBe('mineral');
    expect(g.state.turn!.playerId).toBe('p2');
  });

  it('UTD5.22 with no standing instruction the roll stands at the deadline', () => {
    const g = trailing({ mineral: true });
    g.dice(5).do('p1', { type: 'end-turn' });
    g.now = new Date(g.now.getTime() + 24 * HOUR);
    g.dice(3).do('system', { type: 'battle-clocks' });
    expect(g.events('ExplorationChoiceMade')[0]!.event).toMatchObject({ answer: 'keep', by: 'deadline' });
    expect(g.sector('A').type).toBe('dead');
  });

  it('UTD5.224 an unanswered free choice rolls, and the standing instruction settles the roll without asking again', () => {
    const g = trailing({ mineral: true, life: true });
    g.do('p1', { type: 'balancing', mode: 'life' });
    g.do('p1', { type: 'end-turn' });
    g.now = new Date(g.now.getTime() + 24 * HOUR);
    g.dice(6, 3, 6).do('system', { type: 'battle-clocks' });
    expect(g.events('ExplorationChoiceOffered')).toHaveLength(1);
    expect(g.sector('A').type).toBe('life');
    expect(g.state.turn!.playerId).toBe('p2');
  });

  it('UTD5.224 with choose-mineral the deadline takes the free choice', () => {
    const g = trailing({ mineral: true, life: true });
    g.do('p1', { type: 'balancing', mode: 'choose-mineral' });
    g.do('p1', { type: 'end-turn' });
    g.now = new Date(g.now.getTime() + 24 * HOUR);
    g.dice(3, 6).do('system', { type: 'battle-clocks' });
    expect(g.sector('A').type).toBe('mineral');
    const e = g.events('SectorExplored').at(-1)!.event as { steps: { code: string }[] };
    expect(e.steps[0]!.code).toBe('type-chosen');
  });

  it('UTD5.22 the scheduler gives the clocks when the question is due, and not before', () => {
    const g = trailing({ mineral: true });
    g.dice(5).do('p1', { type: 'end-turn' });
    const due = offer(g).due;
    expect(thunderdomeScheduler.nextDue(g.state)).toBe(due);
    const types = (at: Date) => thunderdomeScheduler.due(g.state, at).map((x) => x.command.type);
    expect(types(new Date(Date.parse(due) - 1000))).not.toContain('battle-clocks');
    expect(types(new Date(due))).toContain('battle-clocks');
    // The orders deadline does not run meanwhile: the orders are closed.
    expect(types(new Date(Date.parse(due) + 30 * 24 * HOUR))).not.toContain('expire-turn');
  });

  it('UTD1.7 while the campaign is paused the question waits and cannot be answered', () => {
    const g = trailing({ mineral: true });
    g.dice(5).do('p1', { type: 'end-turn' });
    g.patch((s) => {
      s.paused = { since: g.now.toISOString() };
    });
    g.refused('p1', { type: 'explore-choice', answer: 'mineral' }, 'UTD1.7');
  });

  it('UTD3.91 the explorer resigns with the question open: it lapses, the sector stays unexplored, the turn goes on once', () => {
    const g = trailing({ mineral: true });
    g.dice(5).do('p1', { type: 'end-turn' });
    g.do('p1', { type: 'resign' });
    expect(g.events('ExplorationChoiceWithdrawn')).toHaveLength(1);
    expect(g.sector('A').type).toBe('unknown');
    expect(g.state.turn!.explorationOffer ?? null).toBeNull();
    // p1's turn ended and p2 plays: exactly one new turn, p2's orders open.
    expect(g.state.turn).toMatchObject({ playerId: 'p2', phase: 'orders' });
    expect(g.events('TurnStarted').map((e) => (e.event as { playerId: string }).playerId)).toEqual(['p1', 'p2']);
  });

  it('UTD3.91 another player resigning leaves the question open', () => {
    const g = trailing({ mineral: true });
    g.dice(5).do('p1', { type: 'end-turn' });
    g.do('p3', { type: 'resign' });
    expect(g.state.turn).toMatchObject({ playerId: 'p1', phase: 'exploration' });
    expect(offer(g).playerId).toBe('p1');
  });
});
