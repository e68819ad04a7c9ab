import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../../src/rules/dice.ts';
import { applyEvent, fleetMc, type CampaignState } from '../../../src/rules/thunderdome/index.ts';
import { organizeCapturedByDefault } from '../../../src/rules/thunderdome/battles/captures.ts';
import { newDecider } from '../../../src/rules/thunderdome/decide.ts';
import { who, type Game } from '../td3/harness.ts';
import { addShip, runNewConstruction } from '../shipyards/yard-harness.ts';
import { byId, conditionGame } from './helpers.ts';

/**
 * UTD7.24 with UTD7.23, 6.3734, 6.3I3: a carrier that joins a fleet, built at a yard or captured,
 * counts its hull plus its fighters pooled with the fleet's: every four fighters in the fleet (or
 * part of four) is MC 1/3, whichever ship houses them. Test units (condition/helpers.ts): LYR-CVS,
 * hull MC 1/2, 6 fighters (+2 spares), 90 BPV; LYR-CA MC 1. In sixtieths: CA 60, CVS hull 30.
 */

/** p1 at home H1 with the capital activated, fleet 1 holding `ships`, and a full bank. */
function yardGame(ships: string[]): Game {
  const g = conditionGame({ p1: ships });
  g.patch((s) => {
    s.players.find((p) => p.id === 'p1')!.bank = '1000';
  });
  g.do('p1', { type: 'yard-activate', yard: 'capital' });
  return g;
}

/** p1 holds a captured small carrier (S950) in H1 waiting to be organized, carrying `fighters` fighters. */
function withCapturedCarrier(g: Game, fighters: number): void {
  g.patch((s) => {
    addShip(
      s,
      {
        id: 'S950',
        owner: 'p1',
        unitId: 'LYR-CVS',
        sector: 'H1',
        captured: true,
        uninspected: true,
        unorganized: true,
        condition: { fighters },
      },
      null,
      '90',
    );
    s.nextId = 1000;
  });
}

/** Runs the default organization of captured ships (the record-keeping deadline, ISS-A77) as the clock would. */
function organizeByDefault(g: Game): void {
  const d = newDecider(g.state, {
    actor: who('system'),
    now: g.now,
    dice: new SeededDice('00'.repeat(32), g.log.length + 1, []),
    catalog: g.catalog,
    firstSeq: g.log.length + 1,
  });
  organizeCapturedByDefault(d);
  g.state = d.events.reduce<CampaignState>(
    (s, event, i) =>
      applyEvent(s, {
        seq: g.log.length + 1 + i,
        at: g.now.toISOString(),
        actor: { userId: 'system' },
        event,
        rolls: [],
      }),
    g.state,
  );
}

describe("UTD7.24 a new carrier is placed with its fighters pooled with the fleet's", () => {
  it('UTD7.24 4 CA (MC 4) + a new CVS (1/2 hull + 6 fighters, 2/3) = 5 1/6: fleet 1 has no room', () => {
    const g = yardGame(['LYR-CA', 'LYR-CA', 'LYR-CA', 'LYR-CA']);
    const err = g.refused('p1', { type: 'yard-build', unitId: 'LYR-CVS', fleet: 1 }, 'UTD7.23');
    expect(err.code).toBe('fleet/move-cost-limit');
    expect(err.message).toContain(
      '4 × LYR-CA 1 = 4 + LYR-CVS 1/2 + 6 fighters aboard 2/3 (1/3 per 4 or part of 4, UTD7.24) = MC 31/6',
    );
    // Left to the rules, it goes to a new fleet, not into fleet 1 (the hull alone, 4 1/2, would fit).
    g.do('p1', { type: 'yard-build', unitId: 'LYR-CVS' });
    expect(g.state.pendingBuilds!.at(-1)!.planned).toEqual({ kind: 'fleet', slot: 2 });
  });

  it('UTD7.24 3 CA + a CVS with 6 fighters + a new CVS with 6: 3 + 1/2 + 1/2 + ceil(12 / 4) × 1/3 = 5 fits fleet 1', () => {
    const g = yardGame(['LYR-CA', 'LYR-CA', 'LYR-CA', 'LYR-CVS']);
    const fleet = g.fleetOf('p1', 1).id;
    // Counted apart, each carrier's 6 fighters would be 2/3: 3 + 1/2 + 2/3 + 1/2 + 2/3 = 5 1/3, too much.
    expect(fleetMc(g.state, fleet, g.catalog)).toBe(250);
    g.do('p1', { type: 'yard-build', unitId: 'LYR-CVS', fleet: 1 });
    runNewConstruction(g, 'p1');
    const built = g.state.ships.filter((s) => s.unitId === 'LYR-CVS' && s.owner === 'p1');
    expect(built).toHaveLength(2);
    expect(built.every((s) => s.fleetId === fleet)).toBe(true);
    expect(fleetMc(g.state, fleet, g.catalog)).toBe(300);
  });

  it('UTD7.24 two carriers ordered in one turn reserve their fighters too: the second no longer fits fleet 1', () => {
    // 3 CA + CVS (250) + CVS: 300. A third CVS would make 3 + 3/2 + ceil(18 / 4) / 3 = 6 1/6.
    const g = yardGame(['LYR-CA', 'LYR-CA', 'LYR-CA', 'LYR-CVS']);
    g.do('p1', { type: 'yard-build', unitId: 'LYR-CVS', fleet: 1 });
    g.refused('p1', { type: 'yard-build', unitId: 'LYR-CVS', fleet: 1 }, 'UTD7.23');
  });
});

describe('UTD7.24 a captured carrier joins a fleet with the fighters it carries', () => {
  it('UTD6.3I3 a captured CVS with 6 fighters does not fit with 4 CA (5 1/6); with 4 fighters it does (4 + 1/2 + 1/3)', () => {
    const g = conditionGame({ p1: ['LYR-CA', 'LYR-CA', 'LYR-CA', 'LYR-CA'] });
    withCapturedCarrier(g, 6);
    const err = g.refused('p1', { type: 'captured-organize', ship: 'S950', into: '1', makeRoom: [] }, 'UTD6.3I3');
    expect(err.message).toContain('MC 31/6');
    const h = conditionGame({ p1: ['LYR-CA', 'LYR-CA', 'LYR-CA', 'LYR-CA'] });
    withCapturedCarrier(h, 4);
    h.do('p1', { type: 'captured-organize', ship: 'S950', into: '1', makeRoom: [] });
    expect(byId(h, 'S950').fleetId).toBe(h.fleetOf('p1', 1).id);
    expect(fleetMc(h.state, h.fleetOf('p1', 1).id, h.catalog)).toBe(290);
  });

  it('UTD6.3I7 scrapping a ship to make room counts the pooled fighters: out goes one CA, 3 + 1/2 + 2/3 fits', () => {
    const g = conditionGame({ p1: ['LYR-CA', 'LYR-CA', 'LYR-CA', 'LYR-CA'] });
    withCapturedCarrier(g, 6);
    const ca = g.state.ships.find((s) => s.owner === 'p1' && s.unitId === 'LYR-CA')!.id;
    const bank = Number(g.player('p1').bank);
    g.do('p1', { type: 'captured-organize', ship: 'S950', into: '1', makeRoom: [ca] });
    expect(fleetMc(g.state, g.fleetOf('p1', 1).id, g.catalog)).toBe(250);
    expect(Number(g.player('p1').bank)).toBe(bank + 133 / 2);
  });

  it('ISS-A77 by default the captured carrier goes to a new fleet when its fighters leave no room in fleet 1', () => {
    const g = conditionGame({ p1: ['LYR-CA', 'LYR-CA', 'LYR-CA', 'LYR-CA'] });
    withCapturedCarrier(g, 6);
    organizeByDefault(g);
    const fleet = g.state.fleets.find((f) => f.id === byId(g, 'S950').fleetId)!;
    expect(fleet.slot).toBe(2);
  });

  it("UTD7.66 undocking a carrier into a fleet counts its fighters with the fleet's", () => {
    const g = yardGame(['LYR-CA', 'LYR-CA', 'LYR-CA', 'LYR-CA']);
    const capital = g.state.bases.find((b) => b.owner === 'p1' && b.role === 'capital')!.id;
    g.patch((s) =>
      addShip(
        s,
        { id: 'S960', owner: 'p1', unitId: 'LYR-CVS', sector: 'H1', dock: { yardId: capital, position: 1 } },
        null,
        '90',
      ),
    );
    const err = g.refused('p1', { type: 'yard-undock', ships: 'S960', fleet: '1' }, 'UTD7.23');
    expect(err.message).toContain('MC 31/6');
    g.do('p1', { type: 'yard-undock', ships: 'S960', fleet: '2' });
    expect(byId(g, 'S960').fleetId).toBe(g.fleetOf('p1', 2).id);
  });
});
