import { describe, expect, it } from 'vitest';
import {
  type StandbyVote,
  castStandbyBallot,
  proposeStandby,
  seatHanded,
  standbyTally,
} from '../../../src/rules/warlord/standby.ts';
import { generateGalaxy } from '../../../src/rules/warlord/galaxy.ts';
import type { WarlordState } from '../../../src/rules/warlord/state.ts';
import { settings } from './board.ts';

const DEADLINE = '2026-06-09T12:00:00.000Z';

/** Four seats; Delta (4, dave) has had `waived` turns waived in a row. */
function game(waived: number): { g: WarlordState; seats: { userId: string; corp: number }[] } {
  const g = generateGalaxy({
    seed: 3,
    settings,
    corps: ['Alpha', 'Beta', 'Gamma', 'Delta'].map((name, i) => ({ id: i + 1, name })),
  });
  const delta = g.corps.find((c) => c.id === 4);
  if (delta) delta.waivedInRow = waived;
  const seats = ['alice', 'bob', 'carol', 'dave'].map((userId, i) => ({ userId, corp: i + 1 }));
  return { g, seats };
}

const propose = (
  g: WarlordState,
  seats: { userId: string; corp: number }[],
  over: Partial<{ proposer: string; corp: number; to: string }> = {},
  open: StandbyVote[] = [],
) => proposeStandby(g, seats, open, { proposer: 'alice', corp: 4, to: 'erin', deadline: DEADLINE, ...over });

describe('Warlord standby players (§11.4)', () => {
  it('§11.4 a seat waived more than twice in a row may be proposed; the other live seats vote, the proposer’s yes counted', () => {
    const { g, seats } = game(3);
    const v = propose(g, seats);
    if (!v.ok) throw new Error(v.error.message);
    expect(v.value).toEqual({
      corp: 4,
      from: 'dave',
      to: 'erin',
      proposer: 'alice',
      electorate: ['alice', 'bob', 'carol'],
      ballots: { alice: 'yes' },
      deadline: DEADLINE,
    });
    // UTD1.7's supermajority, the campaign machinery's: three voters → two.
    expect(standbyTally(v.value)).toEqual({ yes: 1, no: 0, needed: 2, decided: null });
  });

  it('§11.4 two waived turns are not enough, and the refusal says how many there were', () => {
    const { g, seats } = game(2);
    const v = propose(g, seats);
    expect(v.ok).toBe(false);
    if (!v.ok) {
      expect(v.error.rule).toBe('§11.4');
      expect(v.error.message).toContain('2 turn(s) waived in a row');
    }
  });

  it('§11.4 refusals: the seat’s own player, a user already in the game, a non-player, a second open vote, an unknown seat', () => {
    const { g, seats } = game(3);
    const code = (r: ReturnType<typeof propose>) => (r.ok ? 'ok' : r.error.code);
    expect(code(propose(g, seats, { proposer: 'dave' }))).toBe('warlord/standby-own-seat');
    expect(code(propose(g, seats, { to: 'bob' }))).toBe('warlord/standby-in-game');
    expect(code(propose(g, seats, { proposer: 'zoe' }))).toBe('warlord/standby-not-player');
    expect(code(propose(g, seats, { corp: 9 }))).toBe('warlord/no-corp');
    const first = propose(g, seats);
    if (!first.ok) throw new Error(first.error.message);
    expect(code(propose(g, seats, { proposer: 'bob', to: 'frank' }, [first.value]))).toBe('warlord/standby-open');
  });

  it('§11.2 a fired corporation is not offered, nor any seat after Y170', () => {
    const { g, seats } = game(3);
    const code = (r: ReturnType<typeof propose>) => (r.ok ? 'ok' : r.error.code);
    expect(code(propose({ ...g, year: 171 }, seats))).toBe('warlord/standby-late');
    expect(code(propose({ ...g, year: 170 }, seats))).toBe('ok');
    const fired = { ...g, corps: g.corps.map((c) => (c.id === 4 ? { ...c, eliminated: true } : c)) };
    expect(code(propose(fired, seats))).toBe('warlord/standby-eliminated');
    // An eliminated corporation's player does not vote either.
    const out = { ...g, corps: g.corps.map((c) => (c.id === 2 ? { ...c, eliminated: true } : c)) };
    const v = propose(out, seats);
    expect(v.ok && v.value.electorate).toEqual(['alice', 'carol']);
  });

  it('§11.4 ballots: only the electorate, yes or no, the latest counts; decided when reached or out of reach', () => {
    const { g, seats } = game(3);
    const v = propose(g, seats);
    if (!v.ok) throw new Error(v.error.message);
    expect(castStandbyBallot(v.value, 'dave', 'yes').ok).toBe(false);
    expect(castStandbyBallot(v.value, 'bob', 'maybe').ok).toBe(false);
    expect(castStandbyBallot(v.value, 'bob', 'no')).toEqual({ ok: true, value: 'no' });
    const oneNo = { ...v.value, ballots: { alice: 'yes' as const, bob: 'no' as const } };
    expect(standbyTally(oneNo).decided).toBe(null);
    expect(standbyTally({ ...oneNo, ballots: { ...oneNo.ballots, carol: 'yes' } }).decided).toBe('passed');
    expect(standbyTally({ ...oneNo, ballots: { ...oneNo.ballots, carol: 'no' } }).decided).toBe('failed');
    // The proposer changing its mind: two no of three, out of reach.
    expect(standbyTally({ ...oneNo, ballots: { alice: 'no', bob: 'no' } }).decided).toBe('failed');
  });

  it('§11.4 the seat handed over starts with no waived turns', () => {
    const { g } = game(4);
    expect(seatHanded(g, 4).corps.find((c) => c.id === 4)?.waivedInRow).toBe(0);
    expect(g.corps.find((c) => c.id === 4)?.waivedInRow).toBe(4);
  });
});
