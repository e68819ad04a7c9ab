import { describe, expect, it } from 'vitest';
import { describeEvent } from '../../../src/discord/words.ts';
import { applyEvent, opsLeft, type CampaignState } from '../../../src/rules/thunderdome/index.ts';
import { startedGame, type Game } from '../td3/harness.ts';
import { battleInA, explored, result, shipsOf } from './helpers.ts';

/**
 * ISS-A74 (UTD7.47, 6.3E, 6.3G, 7.4663): wrecks in fleets forced to retreat. Sample ships: KZI-CA
 * 133 BPV with 2 tractor beams, KZI-FF / HYD-FF 63 BPV with 1, HYD-CA 133 with 2. Three players,
 * so 3 order points a turn.
 */

/** p1 beats p2 in A; p2's fleet (a CA and `ffs` FFs) loses with the FFs listed in `wrecked` wrecked, and retreats to C. */
function lostWithWrecks(ffs: number, wreckedCount: number): { g: Game; wrecks: string[]; battle: string } {
  const { g, battle } = battleInA({ p2: ['KZI-CA', ...Array.from({ length: ffs }, () => 'KZI-FF')] });
  const wrecks = shipsOf(g, 'p2', 'KZI-FF').slice(0, wreckedCount);
  explored(g, 'C', 'dead');
  g.do('p1', {
    type: 'battle-propose',
    battle,
    kind: 'negotiated',
    result: result({ winner: 'p1', wrecked: wrecks, retreat: 'C' }),
  });
  return { g, wrecks, battle };
}

/** The state folded again from `from` with the events logged since `mark`: the events alone carry every change. */
function refold(g: Game, from: CampaignState, mark: number): CampaignState {
  return g.log.slice(mark).reduce((s, e) => applyEvent(s, e), from);
}

/** Step-2 income the player received in the events since `mark` (a home mine pays at each turn start). */
function incomeSince(g: Game, playerId: string, mark: number): number {
  return g.log
    .slice(mark)
    .reduce(
      (n, e) => n + (e.event.type === 'IncomePaid' && e.event.playerId === playerId ? Number(e.event.amount) : 0),
      0,
    );
}

function retreatOf(s: CampaignState, playerId: string, from: string, to: string, fleetIds: string[], incurredSeat = 1) {
  return {
    id: `R${900 + s.retreats.length}`,
    playerId,
    from,
    to,
    fleetIds,
    battleId: 'K0',
    cause: 'disengage' as const,
    incurredHalfCycle: s.halfCycles,
    incurredTurnOf: 'p1',
    incurredSeat,
    moved: false,
    charged: false,
  };
}

describe('ISS-A74 wrecks in involuntary retreats', () => {
  it('ISS-A74 towable wrecks go along and add 1 pre-spent OP each: 1 + 2 = 3 order points first', () => {
    const { g, wrecks } = lostWithWrecks(2, 2);
    const [before, mark] = [structuredClone(g.state), g.log.length];
    g.do('p2', { type: 'battle-accept', battle: g.state.battles[0]!.id });
    expect(g.state.turn!.playerId).toBe('p2');
    const settled = g.events('RetreatWrecksSettled');
    expect(settled).toHaveLength(1);
    expect(settled[0]!.event).toMatchObject({ playerId: 'p2', towOps: 2, scrapOps: 0, refund: '0', scrapped: [] });
    expect((settled[0]!.event as { towed: { shipId: string }[] }).towed.map((x) => x.shipId)).toEqual(wrecks);
    expect(g.events('RetreatsCharged').at(-1)!.event).toMatchObject({
      playerId: 'p2',
      ops: 3,
      wreckOps: 2,
      locked: false,
    });
    expect(g.state.turn!.opsSpent).toBe(3);
    expect(opsLeft(g.state.turn!)).toBe(0);
    // The wrecks are still aboard and move with the fleet after p2's orders (ISS-A17).
    g.do('p2', { type: 'end-turn' });
    expect(g.fleetOf('p2', 1).sector).toBe('C');
    for (const id of wrecks)
      expect(g.state.ships.find((s) => s.id === id)).toMatchObject({ sector: 'C', wrecked: true });
    expect(refold(g, before, mark)).toEqual(g.state);
  });

  it('ISS-A74 untowable wrecks are scrapped at retreat time for half their value, and 1 scrap OP per fleet', () => {
    const { g, wrecks } = lostWithWrecks(3, 3);
    const [bank, before, mark] = [Number(g.player('p2').bank), structuredClone(g.state), g.log.length];
    g.do('p2', { type: 'battle-accept', battle: g.state.battles[0]!.id });
    // The CA's 2 tractors tow two FFs; the third (highest id among equal values) is scrapped for 63 / 2.
    const e = g.events('RetreatWrecksSettled')[0]!.event as {
      towed: { shipId: string }[];
      scrapped: { shipId: string }[];
      refund: string;
      towOps: number;
      scrapOps: number;
    };
    expect(e.towed.map((x) => x.shipId)).toEqual(wrecks.slice(0, 2));
    expect(e.scrapped.map((x) => x.shipId)).toEqual([wrecks[2]]);
    expect(e).toMatchObject({ refund: '31.5', towOps: 2, scrapOps: 1 });
    expect(g.state.ships.some((s) => s.id === wrecks[2])).toBe(false);
    expect(Number(g.player('p2').bank)).toBe(bank + 31.5 + incomeSince(g, 'p2', mark));
    // 1 for the retreat, 2 towed, 1 scrap: 4 order points is more than the 3 p2 has (UTD7.46723).
    expect(g.events('RetreatsCharged').at(-1)!.event).toMatchObject({ ops: 4, wreckOps: 3, locked: true });
    expect(g.state.turn!.locked).toBe(true);
    const line = describeEvent(g.events('RetreatWrecksSettled')[0]!, g.state)!;
    expect(line).toContain(`cannot tow KZI-FF (${wrecks[2]}), so it is scrapped for 31.5 BPV (+1 scrap OP)`);
    expect(line).toContain('ISS-A74');
    expect(describeEvent(g.events('RetreatsCharged').at(-1)!, g.state)).toContain('3 of them for wrecks, ISS-A74');
    expect(refold(g, before, mark)).toEqual(g.state);
  });

  it('ISS-A74 a fleet of wrecks alone tows nothing: each fleet that scraps adds one OP, however many wrecks', () => {
    const g = startedGame();
    g.patch((s) => {
      // p2: fleet 1 a CA (2 tractors) with one wreck; fleet 2 two wrecked FFs and nothing to tow them.
      const f1 = s.fleets.find((f) => f.owner === 'p2' && f.slot === 1)!;
      s.fleets.push({ ...f1, id: 'F950', slot: 2 });
      const [ca, ff] = [
        s.ships.find((x) => x.owner === 'p2' && x.unitId === 'KZI-CA')!,
        s.ships.find((x) => x.owner === 'p2' && x.unitId === 'KZI-FF')!,
      ];
      ff.wrecked = true;
      s.ships.push({ ...ff, id: 'S951', fleetId: 'F950' }, { ...ff, id: 'S952', fleetId: 'F950' });
      s.retreats.push(retreatOf(s, 'p2', ca.sector, 'C', [f1.id, 'F950']));
      s.nextId = 1000;
    });
    const [bank, mark] = [Number(g.player('p2').bank), g.log.length];
    g.do('p1', { type: 'end-turn' });
    const e = g.events('RetreatWrecksSettled')[0]!.event as {
      towed: { shipId: string }[];
      scrapped: { shipId: string }[];
      towOps: number;
      scrapOps: number;
      refund: string;
    };
    expect(e.towed).toHaveLength(1);
    expect(e.scrapped.map((x) => x.shipId)).toEqual(['S951', 'S952']);
    expect(e).toMatchObject({ towOps: 1, scrapOps: 1, refund: '63' });
    expect(Number(g.player('p2').bank)).toBe(bank + 63 + incomeSince(g, 'p2', mark));
    // The emptied fleet is gone (ISS-A133); 1 + 1 towed + 1 scrap = 3 order points.
    expect(g.state.fleets.some((f) => f.id === 'F950')).toBe(false);
    expect(g.state.turn!.opsSpent).toBe(3);
    expect(g.state.turn!.locked).toBe(false);
  });

  it('ISS-A74 with tractors for one of two wrecks the more valuable wreck is towed', () => {
    const g = startedGame({ p2: ['KZI-FF', 'KZI-CA', 'KZI-FF'] });
    g.patch((s) => {
      const mine = s.ships.filter((x) => x.owner === 'p2');
      // The healthy FF (1 tractor) tows; the CA (133) and the other FF (63) are wrecks.
      for (const x of mine.slice(1)) x.wrecked = true;
      s.retreats.push(retreatOf(s, 'p2', mine[0]!.sector, 'C', [mine[0]!.fleetId!]));
    });
    g.do('p1', { type: 'end-turn' });
    const e = g.events('RetreatWrecksSettled')[0]!.event as {
      towed: { unitId: string }[];
      scrapped: { unitId: string }[];
      refund: string;
    };
    expect(e.towed.map((x) => x.unitId)).toEqual(['KZI-CA']);
    expect(e.scrapped.map((x) => x.unitId)).toEqual(['KZI-FF']);
    expect(e.refund).toBe('31.5');
  });

  it("ISS-A74 fleets that move before their owner's turn settle their wrecks at the move; the OPs join the next charge", () => {
    const g = startedGame();
    explored(g, 'F', 'dead');
    g.patch((s) => {
      // p3 lost on p1's turn: its fleet moves after p2's orders, and p3 pays at its own turn.
      const ff = s.ships.find((x) => x.owner === 'p3' && x.unitId === 'HYD-FF')!;
      ff.wrecked = true;
      s.retreats.push(retreatOf(s, 'p3', ff.sector, 'F', [ff.fleetId!]));
    });
    g.do('p1', { type: 'end-turn' });
    expect(g.events('RetreatWrecksSettled')).toHaveLength(0);
    g.do('p2', { type: 'end-turn' });
    expect(g.events('RetreatWrecksSettled')).toHaveLength(1);
    expect(g.fleetOf('p3', 1).sector).toBe('F');
    expect(g.state.turn!.playerId).toBe('p3');
    expect(g.events('RetreatsCharged').at(-1)!.event).toMatchObject({ playerId: 'p3', ops: 2, wreckOps: 1 });
    expect(g.state.turn!.opsSpent).toBe(2);
  });

  it("ISS-A74 a wreck reported after the charge is towed at the move, and its OP is spent at the owner's next turn", () => {
    const g = startedGame();
    explored(g, 'C', 'dead');
    g.patch((s) => {
      const ca = s.ships.find((x) => x.owner === 'p2' && x.unitId === 'KZI-CA')!;
      s.retreats.push(retreatOf(s, 'p2', ca.sector, 'C', [ca.fleetId!]));
    });
    g.do('p1', { type: 'end-turn' });
    expect(g.state.turn!.opsSpent).toBe(1);
    // During p2's turn the FF is reported at speed 7 of 31: wrecked (UTD7.47).
    const ff = shipsOf(g, 'p2', 'KZI-FF')[0]!;
    g.do('p2', { type: 'ship-report', ship: ff, speed: 7 });
    g.do('p2', { type: 'end-turn' });
    expect(g.events('RetreatWrecksSettled').at(-1)!.event).toMatchObject({ towOps: 1, scrapOps: 0 });
    expect(g.state.retreats[0]).toMatchObject({ moved: true, charged: true, wreckOps: 1, towedWrecks: [ff] });
    g.do('p3', { type: 'end-turn' });
    g.do('p1', { type: 'end-turn' });
    expect(g.state.turn!.playerId).toBe('p2');
    expect(g.events('RetreatsCharged').at(-1)!.event).toMatchObject({ playerId: 'p2', ops: 1, wreckOps: 1 });
    expect(g.state.turn!.opsSpent).toBe(1);
    expect(g.state.retreats[0]!.wreckOpsCharged).toBe(1);
    // Nothing is charged twice: the turn after that starts with no retreat point.
    for (const p of ['p2', 'p3', 'p1']) g.do(p, { type: 'end-turn' });
    expect(g.state.turn!.opsSpent).toBe(0);
  });
});
