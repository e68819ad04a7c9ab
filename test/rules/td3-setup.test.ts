import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../src/rules/dice.ts';
import { bpvToString } from '../../src/rules/exact/bpv.ts';
import {
  cycleLabel,
  decide,
  replay,
  season,
  startingBpv,
  yearLabel,
  type Actor,
  type CampaignCommand,
  type CampaignState,
  type StoredEvent,
} from '../../src/rules/thunderdome/index.ts';

const SEED = '11'.repeat(32);
const who = (id: string, admin = false): Actor => ({ userId: id, displayName: id, isServerAdmin: admin });

/** Runs commands through decide+apply like the app does, with forced dice. */
function play(steps: [Actor, CampaignCommand][], forced: number[] = []) {
  const log: StoredEvent[] = [];
  let state: CampaignState | null = null;
  const errors: string[] = [];
  for (const [actor, command] of steps) {
    const dice = new SeededDice(SEED, log.length + 1, forced);
    const r = decide(state, command, { actor, now: new Date('2026-01-01T00:00:00Z'), dice });
    if (!r.ok) {
      errors.push(`${r.error.rule} ${r.error.code}`);
      continue;
    }
    r.value.forEach((event, i) => log.push({ seq: log.length + 1, at: '2026-01-01T00:00:00.000Z', actor: { userId: actor.userId }, event, rolls: i === 0 ? dice.records : [] }));
    state = replay(log);
  }
  return { state: state!, log, errors };
}

const create: CampaignCommand = { type: 'create', name: 'Rim Wars', campaignId: 'c', guildId: 'g', channelId: 'ch', seedCommitment: 'h' };

describe('UTD8 campaign setup', () => {
  it.each([
    [2, '800'], [3, '950'], [4, '1100'], [5, '1250'], [6, '1400'], [7, '1550'], [8, '1700'], [9, '1850'], [10, '2000'], [13, '2450'],
  ])('UTD8.132 starting BPV for %i players is %s (TC-003)', (p, expected) => {
    expect(bpvToString(startingBpv(p))).toBe(expected);
  });

  it('UTD8.14 turn order from highest to lowest D1000 (TC-005: 512, 987, 120 → P2, P1, P3)', () => {
    const { state } = play(
      [
        [who('p1'), create],
        [who('p1'), { type: 'join', empire: 'kzinti' }],
        [who('p2'), { type: 'join', empire: 'lyran' }],
        [who('p3'), { type: 'join', empire: 'gorn' }],
        [who('p1'), { type: 'start' }],
      ],
      [512, 987, 120],
    );
    expect(state.turnOrder).toEqual(['p2', 'p1', 'p3']);
    expect(state.players.map((p) => [p.id, p.seat])).toEqual([['p1', 2], ['p2', 1], ['p3', 3]]);
    expect(state.players.every((p) => p.bank === '950')).toBe(true);
    expect(state.turn).toMatchObject({ playerId: 'p2', seat: 1, opsBase: 3 });
    expect(cycleLabel(state.halfCycles)).toBe('1.0');
    expect(yearLabel(state.settings.startYear, state.halfCycles)).toBe('Y165');
  });

  it('UTD8.14 / ISS-A104 tied players re-roll between themselves (TC-005: 700, 700, 10 then 33 vs 801 → P2, P1, P3)', () => {
    const { state, log } = play(
      [
        [who('p1'), create],
        [who('p1'), { type: 'join', empire: 'kzinti' }],
        [who('p2'), { type: 'join', empire: 'lyran' }],
        [who('p3'), { type: 'join', empire: 'gorn' }],
        [who('p1'), { type: 'start' }],
      ],
      [700, 700, 10, 33, 801],
    );
    expect(state.turnOrder).toEqual(['p2', 'p1', 'p3']);
    expect(state.players.find((p) => p.id === 'p1')!.orderRolls).toEqual([700, 33]);
    const started = log.find((e) => e.event.type === 'TurnOrderRolled')!;
    expect(started.rolls.map((r) => r.results[0])).toEqual([700, 700, 10, 33, 801]);
  });

  it('UTD8.113 an empire has one player; the refusal names the holder and free empires (TC-006)', () => {
    const { errors, state } = play([
      [who('p1'), create],
      [who('p1'), { type: 'join', empire: 'kzinti' }],
      [who('p2'), { type: 'join', empire: 'Kzinti' }],
    ]);
    expect(errors).toEqual(['UTD8.113 empire/taken']);
    expect(state.players).toHaveLength(1);
  });

  it('UTD8.111 only the listed empires are allowed (TC-006)', () => {
    const { errors } = play([
      [who('p1'), create],
      [who('p1'), { type: 'join', empire: 'orion' }],
      [who('p1'), { type: 'join', empire: '14' }],
    ]);
    expect(errors).toEqual(['UTD8.111 empire/not-allowed', 'UTD8.111 empire/not-allowed']);
  });

  it('a player may change empire before the start; after the start nobody may join', () => {
    const { state, errors } = play(
      [
        [who('p1'), create],
        [who('p1'), { type: 'join', empire: 'kzinti' }],
        [who('p1'), { type: 'join', empire: 'hydran' }],
        [who('p2'), { type: 'join', empire: 'kzinti' }],
        [who('p2'), { type: 'start' }],
        [who('p1'), { type: 'start' }],
        [who('p3'), { type: 'join', empire: 'gorn' }],
      ],
      [5, 9],
    );
    expect(state.players.map((p) => p.empire)).toEqual(['hydran', 'kzinti']);
    expect(errors).toEqual(['UTD8.1 permission/admin', 'UTD8.1 campaign/started']);
  });

  it('a server manager may start a campaign someone else created; one player is not enough', () => {
    const one = play([
      [who('p1'), create],
      [who('p1'), { type: 'join', empire: 'kzinti' }],
      [who('admin', true), { type: 'start' }],
    ]);
    expect(one.errors).toEqual(['UTD8.132 campaign/too-few-players']);
  });

  it('UTD2.2 cycle, season and year labels (TC-004)', () => {
    expect([2, 3, 4, 21].map(cycleLabel)).toEqual(['1.0', '1.5', '2.0', '10.5']);
    expect([2, 3].map(season)).toEqual(['spring', 'fall']);
    expect(yearLabel(165, 3)).toBe('Y165.5');
    expect(yearLabel(165, 21)).toBe('Y174.5');
    expect(yearLabel(170, 7)).toBe('Y172.5');
  });
});
