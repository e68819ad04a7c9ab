import { describe, expect, it } from 'vitest';
import { verifyRoll } from '../../../src/rules/dice.ts';
import { startedGame, type Game } from '../td3/harness.ts';

/** The harness's secret seed (test/rules/td3/harness.ts), revealed here to check the dice. */
const HARNESS_SEED = '5a'.repeat(32);

/** Sector A is a life sector with an active Federation NPE; p1's fleet 1 enters it: the battle looks for a runner. */
function npeBattle(): { g: Game; battle: string } {
  const g = startedGame();
  g.patch((s) => {
    const a = s.map!.sectors.find((x) => x.key === 'A')!;
    Object.assign(a, {
      type: 'life',
      terrain: ['class-m-planet'],
      overlays: [],
      exploredBy: 'p3',
      npe: { empire: 'federation', status: 'active', losses: '0', offset: '0' },
    });
  });
  g.do('p1', { type: 'move', fleet: '1', to: 'A' });
  g.do('p1', { type: 'end-turn' });
  return { g, battle: g.state.battles[0]!.id };
}

function attachLastVote(g: Game): string {
  const id = g.state.votes.at(-1)!.id;
  g.do('system', { type: 'vote-attach', voteId: id, messageId: `m-${id}` });
  return `m-${id}`;
}

describe('UTD5.44 disputes over who runs the NPE are settled by a roll', () => {
  it('UTD5.44 a second volunteer before the force is fielded makes a dispute: the higher die runs the NPE', () => {
    const { g, battle } = npeBattle();
    g.do('p2', { type: 'battle-volunteer', battle });
    expect(g.state.battles[0]!.npe!.runner).toBe('p2');
    const events = g.dice(3, 5).do('p3', { type: 'battle-volunteer', battle });
    const npe = g.state.battles[0]!.npe!;
    expect(npe.runner).toBe('p3');
    expect(npe.volunteers).toEqual(['p2', 'p3']);
    const update = events.find((e) => e.event.type === 'NpeBattleUpdated')!.event;
    expect(update).toMatchObject({
      reason: {
        code: 'runner-disputed',
        disputants: ['p2', 'p3'],
        rounds: [
          [
            { playerId: 'p2', die: 3 },
            { playerId: 'p3', die: 5 },
          ],
        ],
      },
    });
    // The new runner builds the force; the loser cannot.
    g.refused('p2', { type: 'battle-fleet', battle, fleet: null, units: ['FED-CA'] }, 'UTD7.42');
    g.do('p3', { type: 'battle-fleet', battle, fleet: null, units: ['FED-CA'] });
    expect(g.state.battles[0]!.stage).toBe('awaiting-contact');
  });

  it('UTD5.44 tied dice are rolled again by the tied disputants; the runner in place keeps it when it wins', () => {
    const { g, battle } = npeBattle();
    g.do('p2', { type: 'battle-volunteer', battle });
    const events = g.dice(4, 4, 6, 2).do('p3', { type: 'battle-volunteer', battle });
    const update = events.find((e) => e.event.type === 'NpeBattleUpdated')!.event;
    expect(
      update.type === 'NpeBattleUpdated' && update.reason.code === 'runner-disputed' && update.reason.rounds,
    ).toEqual([
      [
        { playerId: 'p2', die: 4 },
        { playerId: 'p3', die: 4 },
      ],
      [
        { playerId: 'p2', die: 6 },
        { playerId: 'p3', die: 2 },
      ],
    ]);
    expect(g.state.battles[0]!.npe!.runner).toBe('p2');
    // No stage change when the runner stays.
    expect(events.filter((e) => e.event.type === 'BattleStageChanged')).toHaveLength(0);
  });

  it('UTD5.44 the dispute roll uses the committed dice: every die is recorded and verifies against the seed', () => {
    const { g, battle } = npeBattle();
    g.do('p2', { type: 'battle-volunteer', battle });
    const [first] = g.do('p3', { type: 'battle-volunteer', battle });
    const rolls = first!.rolls.filter((r) => r.purpose.includes('UTD5.44'));
    expect(rolls.length).toBeGreaterThanOrEqual(2);
    for (const r of rolls) {
      expect(r.forced).toBeUndefined();
      expect(verifyRoll(HARNESS_SEED, r)).toBe('fair');
    }
    const last = rolls.slice(-2);
    const winner = last[0]!.results[0]! > last[1]!.results[0]! ? 'p2' : 'p3';
    expect(g.state.battles[0]!.npe!.runner).toBe(winner);
  });

  it('UTD5.44 once the runner has fielded the NPE force the role is no longer disputed', () => {
    const { g, battle } = npeBattle();
    g.do('p2', { type: 'battle-volunteer', battle });
    g.do('p2', { type: 'battle-fleet', battle, fleet: null, units: ['FED-CA'] });
    const err = g.refused('p3', { type: 'battle-volunteer', battle }, 'UTD5.44');
    expect(err.code).toBe('npe/runner-set');
    g.refused('p2', { type: 'battle-volunteer', battle }, 'UTD5.431');
  });
});

describe('UTD5.432 a runner from outside the campaign needs a supermajority', () => {
  it('UTD5.432 a campaign player is refused as an outsider; an outsider runs the NPE once 2 of 3 players agree', () => {
    const { g, battle } = npeBattle();
    const err = g.refused('p2', { type: 'battle-outsider', battle, user: 'p3' }, 'UTD5.432');
    expect(err.code).toBe('npe/outsider-is-player');
    g.do('p2', { type: 'battle-outsider', battle, user: 'u9' });
    expect(g.state.battles[0]!.npe!.runner).toBeNull();
    expect(g.state.votes.at(-1)!.payload).toEqual({ kind: 'npe-outsider', battleId: battle, userId: 'u9' });
    g.refused('p3', { type: 'battle-outsider', battle, user: 'u9' }, 'UTD5.432');
    const m = attachLastVote(g);
    // The outsider cannot vote: only the campaign players do.
    g.do('u9', { type: 'ballot', messageId: m, choice: 'yes', present: true });
    g.do('p2', { type: 'ballot', messageId: m, choice: 'yes', present: true });
    expect(g.state.battles[0]!.npe!.runner).toBeNull();
    g.do('p3', { type: 'ballot', messageId: m, choice: 'yes', present: true });
    const npe = g.state.battles[0]!.npe!;
    expect(npe).toMatchObject({ runner: 'u9', outsider: true });
    expect(g.state.battles[0]!.stage).toBe('fleet-selection');
    g.do('u9', { type: 'battle-fleet', battle, fleet: null, units: ['FED-CA'] });
    expect(g.state.battles[0]!.stage).toBe('awaiting-contact');
  });

  it('UTD5.432 a rejected outsider never runs the NPE; the week for a volunteer still runs to Anschluss', () => {
    const { g, battle } = npeBattle();
    g.do('p2', { type: 'battle-outsider', battle, user: 'u9' });
    const m = attachLastVote(g);
    g.do('p2', { type: 'ballot', messageId: m, choice: 'no', present: true });
    g.do('p3', { type: 'ballot', messageId: m, choice: 'no', present: true });
    expect(g.state.votes.at(-1)!.status).toBe('rejected');
    expect(g.state.battles[0]!.npe!.runner).toBeNull();
    g.now = new Date(g.now.getTime() + 7 * 86_400_000 + 1000);
    g.do('system', { type: 'battle-clocks' });
    expect(g.state.battles[0]!.resolution).toBe('anschluss');
  });

  it('UTD5.432 an objection to how the outsider ran the NPE: not validated by a supermajority, the scenario restarts', () => {
    const { g, battle } = npeBattle();
    g.do('p2', { type: 'battle-outsider', battle, user: 'u9' });
    let m = attachLastVote(g);
    for (const p of ['p2', 'p3']) g.do(p, { type: 'ballot', messageId: m, choice: 'yes', present: true });
    g.do('u9', { type: 'battle-fleet', battle, fleet: null, units: ['FED-CA'] });
    g.do('p1', { type: 'battle-schedule', battle, when: 'Saturday' });
    g.do('u9', { type: 'battle-schedule', battle, when: null });
    expect(g.state.battles[0]!.stage).toBe('in-play');
    g.do('u9', {
      type: 'battle-propose',
      battle,
      kind: 'report',
      result: {
        winner: 'npe',
        destroyed: [],
        crippled: [],
        wrecked: [],
        captured: [],
        retreat: 'H1',
        provisional: [],
        planetDamage: 0,
        note: '',
      },
    });
    expect(g.state.battles[0]!.stage).toBe('result-proposed');
    g.do('p3', { type: 'battle-object', battle });
    expect(g.state.votes.at(-1)!.payload).toEqual({ kind: 'npe-outsider-validate', battleId: battle });
    g.refused('p2', { type: 'battle-object', battle }, 'UTD5.432');
    m = attachLastVote(g);
    g.do('p1', { type: 'ballot', messageId: m, choice: 'no', present: true });
    g.do('p3', { type: 'ballot', messageId: m, choice: 'no', present: true });
    const b = g.state.battles[0]!;
    expect(b.stage).toBe('in-play');
    expect(b.status).toBe('open');
    expect(b.proposals.every((p) => p.status !== 'open')).toBe(true);
    expect(g.log.at(-1)!.event).toMatchObject({
      type: 'BattleStageChanged',
      reason: { code: 'npe-scenario-restarted' },
    });
  });

  it('UTD5.432 a validated game goes on as played', () => {
    const { g, battle } = npeBattle();
    g.do('p2', { type: 'battle-outsider', battle, user: 'u9' });
    let m = attachLastVote(g);
    for (const p of ['p2', 'p3']) g.do(p, { type: 'ballot', messageId: m, choice: 'yes', present: true });
    g.do('u9', { type: 'battle-fleet', battle, fleet: null, units: ['FED-CA'] });
    g.do('p3', { type: 'battle-object', battle });
    m = attachLastVote(g);
    for (const p of ['p1', 'p2']) g.do(p, { type: 'ballot', messageId: m, choice: 'yes', present: true });
    expect(g.state.votes.at(-1)!.status).toBe('passed');
    expect(g.state.battles[0]!.stage).toBe('awaiting-contact');
  });
});
