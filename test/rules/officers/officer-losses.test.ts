import { describe, expect, it } from 'vitest';
import { describeEvent } from '../../../src/discord/words.ts';
import { applyEvent, type CampaignState, type StoredEvent } from '../../../src/rules/thunderdome/index.ts';
import { startedGame, type Game } from '../td3/harness.ts';
import { battleInA, explored, result, shipsOf } from '../battles/helpers.ts';

/**
 * UTD7.26A, 7.26B, 8.23: an officer or crew is lost with its ship, whatever removes the ship. The
 * loss is announced by an `OfficersLost` event the Decider records right after the event that lost
 * the ship; it changes nothing itself (the loss was settled with that event).
 */

/** Test surgery: a legendary officer or the outstanding crew aboard a ship. */
function aboard(g: Game, shipId: string, what: { officer?: string; crew?: boolean }): void {
  g.patch((s) => {
    const ship = s.ships.find((x) => x.id === shipId)!;
    if (what.officer) ship.legendaryOfficer = { type: what.officer, paid: '10' };
    if (what.crew) ship.outstandingCrew = true;
  });
}

/** The OfficersLost event logged right after the first event of `type`, and the lines describing both. */
function lossAfter(g: Game, type: string): { loss: StoredEvent; lines: string[] } {
  const at = g.log.findIndex((e) => e.event.type === type);
  expect(at).toBeGreaterThanOrEqual(0);
  const loss = g.log[at + 1]!;
  expect(loss.event.type).toBe('OfficersLost');
  return { loss, lines: [describeEvent(g.log[at]!, g.state) ?? '', describeEvent(loss, g.state) ?? ''] };
}

describe('officer and crew losses are announced (UTD7.26A, 7.26B, 8.23)', () => {
  it('UTD7.26A a legendary officer destroyed with its ship in battle: "Legendary Captain is lost"', () => {
    const { g, battle } = battleInA();
    const ca = shipsOf(g, 'p2', 'KZI-CA')[0]!;
    aboard(g, ca, { officer: 'captain' });
    explored(g, 'C', 'dead');
    g.do('p1', {
      type: 'battle-propose',
      battle,
      kind: 'negotiated',
      result: result({ winner: 'p1', destroyed: [ca], retreat: 'C' }),
    });
    g.do('p2', { type: 'battle-accept', battle });
    const { loss, lines } = lossAfter(g, 'UnitsDestroyed');
    expect(loss.event).toEqual({
      type: 'OfficersLost',
      losses: [{ playerId: 'p2', shipId: ca, unitId: 'KZI-CA', officer: 'captain' }],
    });
    expect(lines[1]).toBe(
      `🕯️ p2's **Legendary Captain** is lost with KZI-CA (${ca}): never to be replaced (UTD7.26A, 8.23).`,
    );
    expect(g.player('p2').officersLost).toEqual(['captain']);
  });

  it("UTD7.26A a captured ship's officer and crew are lost to their owner; the captor gets neither", () => {
    const { g, battle } = battleInA();
    const ca = shipsOf(g, 'p2', 'KZI-CA')[0]!;
    aboard(g, ca, { officer: 'navigator', crew: true });
    explored(g, 'C', 'dead');
    g.do('p1', {
      type: 'battle-propose',
      battle,
      kind: 'negotiated',
      result: result({ winner: 'p1', captured: [ca], retreat: 'C' }),
    });
    g.do('p2', { type: 'battle-accept', battle });
    const { loss, lines } = lossAfter(g, 'ShipCaptured');
    expect(loss.event).toEqual({
      type: 'OfficersLost',
      losses: [{ playerId: 'p2', shipId: ca, unitId: 'KZI-CA', officer: 'navigator', crew: true, capturedBy: 'p1' }],
    });
    expect(lines[1]).toContain('**Legendary Navigator** and **outstanding crew** are lost with KZI-CA');
    expect(lines[1]).toContain('captured by p1 (the captor gets neither)');
    expect(lines[1]).toContain('UTD7.26A, 8.23; UTD7.26B');
    const taken = g.state.ships.find((s) => s.id === ca)!;
    expect(taken.owner).toBe('p1');
    expect(taken.legendaryOfficer).toBeUndefined();
  });

  it('UTD7.26B an outstanding crew scrapped with its ship (UTD6.3F) is announced after the scrap', () => {
    const g = startedGame({ p1: ['LYR-CA', 'LYR-FF'] });
    const ca = shipsOf(g, 'p1', 'LYR-CA')[0]!;
    aboard(g, ca, { crew: true });
    g.do('p1', { type: 'scrap', fleet: '1', ships: ca });
    const { loss, lines } = lossAfter(g, 'ShipsScrapped');
    expect(loss.event).toEqual({
      type: 'OfficersLost',
      losses: [{ playerId: 'p1', shipId: ca, unitId: 'LYR-CA', crew: true }],
    });
    expect(lines[1]).toContain("p1's **outstanding crew** is lost with LYR-CA");
    expect(g.player('p1').crewLost).toBe(true);
  });

  it('ISS-A74 an officer on an untowable wreck scrapped in a retreat is lost with it', () => {
    const g = startedGame({ p2: ['KZI-CA', 'KZI-FF'] });
    const ca = shipsOf(g, 'p2', 'KZI-CA')[0]!;
    aboard(g, ca, { officer: 'engineer' });
    g.patch((s) => {
      // Both ships wrecked: nothing can tow, so both are scrapped when the retreat is charged.
      for (const x of s.ships.filter((y) => y.owner === 'p2')) x.wrecked = true;
      const f = s.fleets.find((x) => x.owner === 'p2' && x.slot === 1)!;
      s.retreats.push({
        id: 'R900',
        playerId: 'p2',
        from: f.sector,
        to: 'C',
        fleetIds: [f.id],
        battleId: 'K0',
        cause: 'disengage',
        incurredHalfCycle: s.halfCycles,
        incurredTurnOf: 'p1',
        incurredSeat: 1,
        moved: false,
        charged: false,
      });
    });
    g.do('p1', { type: 'end-turn' });
    const { loss } = lossAfter(g, 'RetreatWrecksSettled');
    expect(loss.event).toMatchObject({ losses: [{ playerId: 'p2', shipId: ca, officer: 'engineer' }] });
  });

  it('UTD7.26A a ship kept by its owner loses nothing and no loss is recorded', () => {
    const g = startedGame({ p1: ['LYR-CA', 'LYR-FF'] });
    const [ca, ff] = [shipsOf(g, 'p1', 'LYR-CA')[0]!, shipsOf(g, 'p1', 'LYR-FF')[0]!];
    aboard(g, ca, { officer: 'captain' });
    g.do('p1', { type: 'scrap', fleet: '1', ships: ff });
    expect(g.events('OfficersLost')).toHaveLength(0);
  });

  it('UTD7.26A the loss event changes nothing when folded: replaying it is exact', () => {
    const g = startedGame({ p1: ['LYR-CA', 'LYR-FF'] });
    const ca = shipsOf(g, 'p1', 'LYR-CA')[0]!;
    aboard(g, ca, { officer: 'weapons' });
    const [before, mark] = [structuredClone(g.state), g.log.length];
    g.do('p1', { type: 'scrap', fleet: '1', ships: ca });
    const scrapped = applyEvent(before, g.log[mark]!);
    expect(scrapped.players.find((p) => p.id === 'p1')!.officersLost).toEqual(['weapons']);
    const folded = g.log.slice(mark + 1).reduce<CampaignState>((s, e) => applyEvent(s, e), scrapped);
    expect(g.log[mark + 1]!.event.type).toBe('OfficersLost');
    expect(folded).toEqual(scrapped);
    expect(folded).toEqual(g.state);
  });
});
