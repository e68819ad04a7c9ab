import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../../src/rules/dice.ts';
import { CENTRE, centreOf, formatHex, hexesWithin, parseHex } from '../../../src/rules/thunderdome/battle-setup/hex.ts';
import {
  assignRing,
  excludedRingHexes,
  planRing,
  startRing,
  twoSideStarts,
} from '../../../src/rules/thunderdome/battle-setup/start-areas.ts';
import type { Body } from '../../../src/rules/thunderdome/battle-setup/terrain-placement.ts';

const SEED = 'c3'.repeat(32);
const forced = (...values: number[]) => new SeededDice(SEED, 9, values);
const ALICE = { id: 'p1', label: 'Alice' };
const BOB = { id: 'p2', label: 'Bob' };
const CHEN = { id: 'p3', label: 'Chen' };
const ringHex = (i: number) => formatHex(startRing()[i]!);
const disc = (name: string, centre: string, radius: number, dangerous = false): Body => ({
  name,
  kind: dangerous ? 'black-hole' : 'gas-giant',
  hexes: hexesWithin(parseHex(centre), radius),
  dangerous,
});

describe('start areas (UTD7.451, 7.456x, 7.457x)', () => {
  it('UTD7.451: the current player is A around 1523 (15 F of 3030), the other B around 4538 (15 C); radius 3; no roll', () => {
    const d = forced();
    const { starts, roll } = twoSideStarts([ALICE, BOB], false, d);
    expect(starts).toEqual([
      { sideId: 'p1', position: 'A', hex: '1523', radius: 3 },
      { sideId: 'p2', position: 'B', hex: '4538', radius: 3 },
    ]);
    expect(roll).toBeNull();
    expect(d.records).toEqual([]);
  });

  it("TC-100 / UTD7.4561: a battle on another player's turn rolls who is A (1D6 = 5 → the second side)", () => {
    const d = forced(5);
    const { starts, roll } = twoSideStarts([ALICE, BOB], true, d);
    expect(starts.map((s) => [s.sideId, s.position, s.hex])).toEqual([
      ['p2', 'A', '1523'],
      ['p1', 'B', '4538'],
    ]);
    expect(roll).toEqual({ die: 5, sideA: 'p2', rule: 'UTD7.4561' });
    expect(d.records[0]!.purpose).toBe(
      "battle on another player's turn, who sets up as player A (1D6: 1–3 Alice, 4–6 Bob)",
    );
    expect(twoSideStarts([ALICE, BOB], true, forced(3)).starts[0]!.sideId).toBe('p1');
  });

  it('TC-100 / UTD7.45711: three sides start on the range-15 ring at 120° (3015, 4538, 1538)', () => {
    const plan = planRing(3, []);
    expect(plan).toEqual({ chosen: [0, 30, 60], excluded: [], minGap: 30, fair: true, adjusted: false });
    expect(plan.chosen.map(ringHex)).toEqual(['3015', '4538', '1538']);
    const c = centreOf(CENTRE);
    const angles = plan.chosen.map((i) => {
      const p = centreOf(startRing()[i]!);
      return (Math.atan2(p.x - c.x, c.y - p.y) * 180) / Math.PI;
    });
    expect(angles[0]).toBeCloseTo(0, 6);
    expect(angles[1]).toBeCloseTo(120, 6);
    expect(angles[2]).toBeCloseTo(-120, 6);
  });

  it('TC-100 / UTD7.45711: sides get their hexes by roll, 1Dn over the hexes still free; setup within 3 hexes', () => {
    const d = forced(3, 1);
    const starts = assignRing([ALICE, BOB, CHEN], planRing(3, []), d);
    expect(starts).toEqual([
      { sideId: 'p1', position: 3, hex: '1538', radius: 3 },
      { sideId: 'p2', position: 1, hex: '3015', radius: 3 },
      { sideId: 'p3', position: 2, hex: '4538', radius: 3 },
    ]);
    expect(d.records.map((r) => `1D${r.sides} ${r.purpose}`)).toEqual([
      '1D3 start hex for Alice (1D3 over the free starting hexes 3015, 4538, 1538)',
      '1D2 start hex for Bob (1D2 over the free starting hexes 3015, 4538)',
    ]);
  });

  it('UTD7.45711: four, five and six sides as evenly as possible round the 90-hex ring', () => {
    expect(planRing(4, []).chosen).toEqual([0, 22, 45, 67]);
    expect(planRing(5, []).chosen).toEqual([0, 18, 36, 54, 72]);
    expect(planRing(6, []).chosen.map(ringHex)).toEqual(['3015', '4523', '4538', '3045', '1538', '1523']);
  });

  it('UTD7.45712: no start inside terrain: a gas giant over 3015 turns the spread two ring hexes clockwise (3216, 4339, 1536)', () => {
    const plan = planRing(3, [disc('Gas giant', '3015', 1)]);
    expect(plan.excluded.map(ringHex)).toEqual(['3015', '3116', '2916']);
    expect(plan).toMatchObject({ chosen: [2, 32, 62], minGap: 30, fair: true, adjusted: true });
    expect(plan.chosen.map(ringHex)).toEqual(['3216', '4339', '1536']);
  });

  it('UTD7.45712: none within 5 hexes of a black hole or pulsar; a planet excludes only its own hexes', () => {
    const bh = [disc('Black hole', '3020', 0, true)];
    expect(excludedRingHexes(bh).map(ringHex)).toEqual([
      '3015',
      '3116',
      '3216',
      '3317',
      '3417',
      '3518',
      '2518',
      '2617',
      '2717',
      '2816',
      '2916',
    ]);
    expect(excludedRingHexes([disc('Planet', '3020', 0)])).toEqual([]);
    // The spread keeps 30 between starts by turning round the excluded arc.
    expect(planRing(3, bh)).toMatchObject({ minGap: 30, fair: true, adjusted: true });
  });

  it('UTD7.45712: when the exclusions leave no even spread, the gaps shrink only as much as they must', () => {
    // Everything but 9 hexes of the ring excluded: 3 sides must share the free arc.
    const ring = startRing();
    const blocked: Body = { name: 'wall', kind: 'gas-giant', hexes: ring.filter((_, i) => i > 8), dangerous: false };
    expect(planRing(3, [blocked])).toMatchObject({ chosen: [0, 4, 8], minGap: 4, fair: true, adjusted: true });
  });

  it('UTD7.45713: with fewer free ring hexes than sides there is no fair setup (the plan falls back to the empty-map spread)', () => {
    const all: Body = {
      name: 'wall',
      kind: 'gas-giant',
      hexes: startRing().filter((_, i) => i !== 10),
      dangerous: false,
    };
    expect(planRing(3, [all])).toMatchObject({ chosen: [0, 30, 60], fair: false, adjusted: false });
  });
});
