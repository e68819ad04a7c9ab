import { afterAll, describe, expect, it } from 'vitest';
import { byUrgency, pendingFor, pendingIn, type PendingItem, type PendingKind } from '../../src/app/me.ts';
import type { Battle, CampaignState } from '../../src/rules/thunderdome/index.ts';
import { meText, PENDING_WORDS, pendingLine } from '../../src/discord/me-words.ts';
import { DEFAULT_USER_SETTINGS } from '../../src/app/me-settings.ts';
import { dmPayloadOf, dmPosts, stillWaiting } from '../../src/app/me-dm.ts';
import { thunderdomePosts } from '../../src/app/thunderdome-posts.ts';
import { battleInA, explored, result, shipsOf } from '../rules/battles/helpers.ts';
import { mappedGame, registeredGame, startedGame, TEST_MAP, type Game } from '../rules/td3/harness.ts';

/** Every kind the tests below saw, checked against the words table at the end (a kind nobody tests fails). */
const seen = new Set<PendingKind>();

function waiting(g: Game | CampaignState, user: string, now?: Date): PendingItem[] {
  const state = 'state' in g ? g.state : g;
  const items = pendingIn(state, user, now ?? ('now' in g ? g.now : new Date('2026-03-04T15:00:00Z')));
  for (const i of items) {
    seen.add(i.kind);
    // Every item has words and an exact command (or a post) to act on.
    expect(pendingLine(i)).toMatch(/→ .+/);
  }
  return items;
}
const kinds = (items: PendingItem[]) => items.map((i) => i.kind);

/** Test surgery: the battle in A moved to `stage` (its own rules tests prove how a battle gets there). */
function atStage(g: Game, id: string, stage: Battle['stage'], extra: (b: Battle) => void = () => {}): void {
  g.patch((s) => {
    const b = s.battles.find((x) => x.id === id)!;
    b.stage = stage;
    b.deadlines = { ...b.deadlines, window: '2026-03-06T12:00:00.000Z', resolve: '2026-04-01T23:59:59.000Z' };
    extra(b);
  });
}

describe('/me: what waits on a player (src/app/me.ts)', () => {
  it('UTD8.16 the map waits for each player who has not approved it', () => {
    const g = registeredGame();
    g.do('p1', { type: 'map-import', json: JSON.stringify(TEST_MAP) });
    g.do('p2', { type: 'map-approve' });
    expect(kinds(waiting(g, 'p1'))).toEqual(['map-approval']);
    expect(kinds(waiting(g, 'p2'))).toEqual([]);
    expect(kinds(waiting(g, 'outsider'))).toEqual([]);
  });

  it('ISS-A103 after the start each player not ready is asked for the initial forces', () => {
    const g = mappedGame();
    g.dice(900, 500, 100).do('p1', { type: 'start' });
    g.do('p2', { type: 'setup-ready', ready: true });
    expect(kinds(waiting(g, 'p1'))).toEqual(['setup-ready']);
    expect(kinds(waiting(g, 'p2'))).toEqual([]);
  });

  it('UTD3.3 the current player has orders due by the turn deadline, with the order points left', () => {
    const g = startedGame();
    const [orders] = waiting(g, 'p1').filter((i) => i.kind === 'orders');
    expect(orders).toMatchObject({ kind: 'orders', forPlayer: 'p1', deadline: g.state.turn!.deadline, opsLeft: 3 });
    expect(orders!.deadline).not.toBeNull();
    expect(kinds(waiting(g, 'p2'))).not.toContain('orders');
    expect(pendingLine(orders!)).toContain(`<t:${Math.floor(Date.parse(orders!.deadline!) / 1000)}:R>`);
  });

  it('UTD3.2 a proxy holder sees the proxy and the turn of the player it speaks for; an expired proxy shows nothing', () => {
    const g = startedGame();
    g.do('p1', { type: 'proxy-grant', userId: 'sitter', expiresAt: new Date('2026-03-10T00:00:00Z') });
    const items = waiting(g, 'sitter');
    expect(items.map((i) => [i.kind, i.forPlayer])).toEqual([
      ['orders', 'p1'],
      ['proxy', 'p1'],
    ]);
    expect(meText(items, 'sitter', DEFAULT_USER_SETTINGS)).toContain('(for <@p1>)');
    expect(waiting(g, 'sitter', new Date('2026-03-11T00:00:00Z'))).toEqual([]);
  });

  it('UTD3.42–3.43, UTD3.5, UTD3.41 a battle asks for contact, then an answer, then a result, then the other side’s answer', () => {
    const { g, battle } = battleInA();
    const b = () => g.state.battles.find((x) => x.id === battle)!;
    expect(b().stage).toBe('awaiting-contact');
    expect(waiting(g, b().contactBy).find((i) => i.kind === 'battle-contact')).toMatchObject({
      battleId: battle,
      sector: 'A',
      deadline: b().deadlines.contact,
    });
    const other = b().sides.find((x) => x !== b().contactBy)!;
    expect(kinds(waiting(g, other))).not.toContain('battle-response');

    g.do(b().contactBy, { type: 'battle-schedule', battle, when: 'Saturday 20:00 UTC' });
    expect(kinds(waiting(g, b().contactBy))).not.toContain('battle-contact');
    expect(waiting(g, other).find((i) => i.kind === 'battle-response')?.deadline).toBe(b().deadlines.contact);

    g.do(other, { type: 'battle-schedule', battle, when: null });
    expect(b().stage).toBe('in-play');
    for (const side of ['p1', 'p2'])
      expect(waiting(g, side).find((i) => i.kind === 'battle-result')?.deadline).toBe(b().deadlines.resolve);

    g.do('p1', {
      type: 'battle-propose',
      battle,
      kind: 'report',
      result: result({ winner: 'p1', destroyed: shipsOf(g, 'p2') }),
    });
    expect(kinds(waiting(g, 'p1'))).not.toContain('battle-answer');
    const answer = waiting(g, 'p2').find((i) => i.kind === 'battle-answer');
    expect(answer).toMatchObject({ proposalKind: 'report', battleId: battle });
    expect(pendingLine(answer!)).toContain(`/battle confirm battle:${battle}`);
  });

  it('UTD3.42 a time proposed by the other side waits for my acceptance, by that time; it is my answer to the contact', () => {
    const { g, battle } = battleInA();
    const at = new Date(g.now.getTime() + 48 * 3_600_000).toISOString();
    g.do('p1', { type: 'battle-schedule', battle, when: null, at });
    expect(kinds(waiting(g, 'p1'))).not.toContain('battle-session');
    const items = waiting(g, 'p2');
    expect(items.find((i) => i.kind === 'battle-session')).toMatchObject({ at, deadline: at, battleId: battle });
    expect(kinds(items)).not.toContain('battle-response');
    expect(pendingLine(items.find((i) => i.kind === 'battle-session')!)).toContain('accept:true');
    g.do('p2', { type: 'battle-session-accept', battle });
    expect(kinds(waiting(g, 'p2'))).not.toContain('battle-session');
  });

  it('UTD7.421 a side that has not chosen its fighting fleet is asked to, by the selection clock', () => {
    const { g, battle } = battleInA();
    atStage(g, battle, 'fleet-selection', (b) => {
      b.deadlines.selection = '2026-03-05T15:00:00.000Z';
      for (const p of b.participants) p.selected = p.side === 'p1';
    });
    expect(kinds(waiting(g, 'p1'))).not.toContain('battle-fleet');
    expect(waiting(g, 'p2').find((i) => i.kind === 'battle-fleet')?.deadline).toBe('2026-03-05T15:00:00.000Z');
  });

  it('UTD3.43 ISS-A16 the silent defender chooses its retreat lane; UTF3.45 a stalled battle and an appeal wait on both sides', () => {
    const { g, battle } = battleInA();
    const silent = g.state.battles.find((x) => x.id === battle)!.sides.find((x) => x !== 'p1')!;
    atStage(g, battle, 'awaiting-lane');
    expect(kinds(waiting(g, silent))).toContain('battle-lane');
    expect(kinds(waiting(g, 'p1'))).not.toContain('battle-lane');

    atStage(g, battle, 'stalled');
    for (const side of ['p1', 'p2']) expect(kinds(waiting(g, side))).toContain('battle-stalled');

    atStage(g, battle, 'appeal', (b) => {
      b.appeal = {
        submissions: [{ side: 'p1', proposalId: 1, explanation: 'x', plan: 'y' }],
        voteId: null,
        dueAt: '2026-03-06T12:00:00.000Z',
      };
    });
    expect(kinds(waiting(g, 'p1'))).not.toContain('battle-appeal');
    expect(waiting(g, 'p2').find((i) => i.kind === 'battle-appeal')?.deadline).toBe('2026-03-06T12:00:00.000Z');
  });

  it('UTD5.431 an NPE battle calls every other active player to volunteer; UTD5.47 and to object to a settlement', () => {
    const { g, battle } = battleInA();
    atStage(g, battle, 'awaiting-runner', (b) => {
      b.sides = ['p1', 'npe'];
      b.kind = 'npe';
      b.deadlines.runner = '2026-03-11T15:00:00.000Z';
      b.npe = {
        empire: 'orion',
        attackerBpv: null,
        available: null,
        runner: null,
        volunteers: ['p3'],
        force: [],
        objections: [],
      };
    });
    expect(waiting(g, 'p2').find((i) => i.kind === 'npe-volunteer')).toMatchObject({
      empire: 'orion',
      deadline: '2026-03-11T15:00:00.000Z',
    });
    expect(kinds(waiting(g, 'p1'))).not.toContain('npe-volunteer'); // a side does not run its own NPE
    expect(kinds(waiting(g, 'p3'))).not.toContain('npe-volunteer'); // already volunteered
    atStage(g, battle, 'objection-window');
    expect(kinds(waiting(g, 'p2'))).toContain('npe-objection');
    expect(kinds(waiting(g, 'p1'))).not.toContain('npe-objection');
  });

  it('UTD6.3I2 captured ships wait to be organized by the turn player, by the captures deadline', () => {
    const g = startedGame();
    g.patch((s) => {
      s.turn!.phase = 'captures';
      s.turn!.capturesDue = '2026-03-05T15:00:00.000Z';
      const kzinti = s.ships.find((x) => x.owner === 'p2')!;
      Object.assign(kzinti, { owner: 'p1', captured: true, unorganized: true, fleetId: null });
    });
    const item = waiting(g, 'p1').find((i) => i.kind === 'captures');
    expect(item).toMatchObject({ deadline: '2026-03-05T15:00:00.000Z' });
    expect(item?.kind === 'captures' && item.ships.length).toBe(1);
    expect(kinds(waiting(g, 'p1'))).not.toContain('orders'); // the orders phase is over
  });

  it('UTD1.7 an open vote waits on each elector who has not voted, until it closes', () => {
    const g = startedGame();
    g.do('p1', { type: 'vote-setting', key: 'startYear', value: '170' });
    const vote = g.state.votes.find((v) => v.status === 'open')!;
    g.patch((s) => {
      s.votes.find((v) => v.id === vote.id)!.ballots = { p2: 'yes' };
    });
    expect(waiting(g, 'p3').find((i) => i.kind === 'vote')).toMatchObject({ voteId: vote.id, deadline: vote.closesAt });
    expect(kinds(waiting(g, 'p2'))).not.toContain('vote');
  });

  it('UTD5.221–5.224 an exploration stopped at a balancing question waits on the explorer, until its clock', () => {
    const g = startedGame();
    explored(g, 'E', 'mineral', 'p2');
    explored(g, 'F', 'mineral', 'p2');
    g.do('p1', { type: 'move', fleet: '1', to: 'A' });
    expect(kinds(waiting(g, 'p1'))).not.toContain('balancing');
    g.dice(5).do('p1', { type: 'end-turn' });
    const offer = g.state.turn!.explorationOffer!;
    const item = waiting(g, 'p1').find((i) => i.kind === 'balancing');
    expect(item).toMatchObject({ sector: 'A', deadline: offer.due, forPlayer: 'p1' });
    expect(pendingLine(item!)).toContain('/sector choose');
    expect(kinds(waiting(g, 'p2'))).not.toContain('balancing');
    g.dice(3, 6).do('p1', { type: 'explore-choice', answer: 'mineral' });
    expect(kinds(waiting(g, 'p1'))).not.toContain('balancing');
  });

  it('most urgent first across campaigns: soonest deadline, then undated items', () => {
    const a = startedGame();
    a.do('p1', { type: 'vote-setting', key: 'startYear', value: '170' });
    const b = mappedGame();
    b.patch((s) => {
      s.name = 'Second';
      s.channelId = 'ch2';
    });
    const items = pendingFor([b.state, a.state], 'p1', a.now);
    expect(items.map((i) => i.kind)).toEqual(['vote', 'orders']);
    expect([...items].sort(byUrgency)).toEqual(items);
    const unapproved = registeredGame();
    unapproved.do('p1', { type: 'map-import', json: JSON.stringify(TEST_MAP) });
    const withUndated = pendingFor([unapproved.state, a.state], 'p2', a.now);
    expect(withUndated.map((i) => i.kind)).toEqual(['vote', 'map-approval']);
    expect(withUndated.at(-1)?.deadline ?? null).toBeNull();
  });

  it('a finished campaign waits on nobody', () => {
    const g = startedGame();
    g.patch((s) => {
      s.status = 'finished';
    });
    expect(waiting(g, 'p1')).toEqual([]);
  });

  afterAll(() => {
    // Each kind of item is proved above from a prepared campaign.
    expect([...seen].sort()).toEqual((Object.keys(PENDING_WORDS) as PendingKind[]).sort());
  });
});

describe('direct messages a command may cause (src/app/me-dm.ts)', () => {
  it('UTD3.42, UTD3.41 a battle needing a player and a result to confirm become DM rows for them; the proposer of a vote gets none', () => {
    const { g, battle } = battleInA();
    const before = structuredClone(g.state);
    g.do('p1', { type: 'battle-schedule', battle, when: null });
    const answer = dmPosts(before, g.state, g.now).map((p) => [p.payload.user, p.payload.event, p.payload.kind]);
    expect(answer).toEqual([['p2', 'battle', 'battle-response']]);
    g.do('p2', { type: 'battle-schedule', battle, when: null });
    const beforeReport = structuredClone(g.state);
    g.do('p1', {
      type: 'battle-propose',
      battle,
      kind: 'report',
      result: result({ winner: 'p1', destroyed: shipsOf(g, 'p2') }),
    });
    expect(dmPosts(beforeReport, g.state, g.now).map((p) => [p.payload.user, p.payload.event])).toEqual([
      ['p2', 'result'],
    ]);

    const beforeVote = structuredClone(g.state);
    g.do('p3', { type: 'vote-setting', key: 'startYear', value: '170' });
    const votes = dmPosts(beforeVote, g.state, g.now).map((p) => p.payload.user);
    expect(votes.sort()).toEqual(['p1', 'p2']);
  });

  it('a fault working out the direct messages is logged with the campaign and its events; the order and the channel posts go ahead', () => {
    const { g, battle } = battleInA();
    const before = structuredClone(g.state);
    const stored = g.do('p1', { type: 'battle-schedule', battle, when: null });
    const errors: { details: Record<string, unknown>; message: string }[] = [];
    const log = { error: (details: Record<string, unknown>, message: string) => errors.push({ details, message }) };
    // As it should be: the announcement and p2's direct message, nothing logged.
    expect(thunderdomePosts(stored, before, g.state, { log }).map((p) => [p.kind, p.subject])).toEqual([
      ['announce', ''],
      ['dm', 'p2'],
    ]);
    expect(errors).toEqual([]);
    // A state the direct messages cannot be worked out from (a bug): the DM is lost, not silently.
    const broken = { ...g.state, players: g.state.players.map((p) => ({ ...p, proxies: undefined as never })) };
    expect(thunderdomePosts(stored, before, broken, { log }).map((p) => p.kind)).toEqual(['announce']);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(/direct messages/);
    expect(errors[0]!.details).toMatchObject({
      err: expect.any(TypeError),
      campaignId: g.state.id,
      channelId: g.state.channelId,
      seqs: `${stored[0]!.seq}–${stored.at(-1)!.seq}`,
      events: [...new Set(stored.map((e) => e.event.type))],
    });
  });

  it('a row is delivered only while its item still waits', () => {
    const g = startedGame();
    const before = structuredClone(g.state);
    g.do('p1', { type: 'vote-setting', key: 'startYear', value: '170' });
    const [row] = dmPosts(before, g.state, g.now).filter((p) => p.payload.user === 'p2');
    expect(stillWaiting(g.state, dmPayloadOf(row!.payload)!, g.now)?.kind).toBe('vote');
    g.patch((s) => {
      s.votes[0]!.ballots = { p2: 'yes' };
    });
    expect(stillWaiting(g.state, row!.payload, g.now)).toBeNull();
  });
});
