import { describe, expect, it } from 'vitest';
import type { CampaignState } from '../../../src/rules/thunderdome/index.ts';
import { byId, conditionGame, placeFleet, shipOf } from './helpers.ts';

/** p1 owns a developed colony in life sector A, with no shipyard; fleet 1 began its turn there. */
function colonyA(s: CampaignState): void {
  const a = s.map!.sectors.find((x) => x.key === 'A')!;
  Object.assign(a, {
    type: 'life',
    owner: 'p1',
    colony: { owner: 'p1', status: 'active', fleetId: null, orderedHalfCycle: s.halfCycles, exposedTo: null },
  });
  placeFleet(s, 'p1', 1, 'A');
}

describe('UTD6.3J refit fleet', () => {
  it('UTD6.3J3 at home, the capital’s spare capacity (CA 1/2 + FF 1/6 = 2/3) makes it free; cost 4 + 2 = 6 BPV', () => {
    const g = conditionGame({ p1: ['LYR-CA', 'LYR-FF'] });
    const [ca, ff] = [shipOf(g, 'LYR-CA').id, shipOf(g, 'LYR-FF').id];
    const bank = Number(g.player('p1').bank);
    g.do('p1', { type: 'refit-fleet', fleet: '1', refits: `${ca}=LYR-CA+PH, ${ff}=LYR-FF+PH` });
    expect(byId(g, ca)).toMatchObject({ unitId: 'LYR-CA+PH', bpv: '137' });
    expect(byId(g, ff)).toMatchObject({ unitId: 'LYR-FF+PH', bpv: '65' });
    expect(Number(g.player('p1').bank)).toBe(bank - 6);
    expect(g.state.turn!.opsSpent).toBe(0);
    const capital = g.state.bases.find((b) => b.owner === 'p1' && b.role === 'capital')!;
    expect(g.state.turn!.yardUse?.[capital.id]).toBe(40);
    expect(g.log.at(-1)!.event).toMatchObject({
      type: 'FleetRefitted',
      opCost: 0,
      yardId: capital.id,
      capacity: 40,
      cost: '6',
    });
  });

  it('UTD6.3J3 `yard: none` keeps the capacity and pays the order point', () => {
    const g = conditionGame({ p1: ['LYR-CA', 'LYR-FF'] });
    g.do('p1', { type: 'refit-fleet', fleet: '1', refits: `${shipOf(g, 'LYR-CA').id}=LYR-CA+PH`, yard: 'none' });
    expect(g.state.turn!.opsSpent).toBe(1);
    expect(g.state.turn!.yardUse ?? {}).toEqual({});
  });

  it('UTD6.3J3 when the yard has not enough capacity left the order costs 1 OP', () => {
    const g = conditionGame({ p1: ['LYR-CA', 'LYR-FF'] });
    const capital = g.state.bases.find((b) => b.owner === 'p1' && b.role === 'capital')!;
    g.patch((s) => (s.turn!.yardUse = { [capital.id]: 100 }));
    g.do('p1', { type: 'refit-fleet', fleet: '1', refits: `${shipOf(g, 'LYR-CA').id}=LYR-CA+PH` });
    expect(g.state.turn!.opsSpent).toBe(1);
    expect(g.state.turn!.yardUse).toEqual({ [capital.id]: 100 });
  });

  it('UTD6.3J1 at a developed colony with no shipyard: 1 OP; printed preset (refit minimum 10%): 13.3 + 6.3 = 19.6 → 20 BPV', () => {
    const g = conditionGame({ p1: ['LYR-CA', 'LYR-FF'] });
    g.patch((s) => {
      colonyA(s);
      Object.assign(s.settings, { 'cost.refitMinPct': 10 });
    });
    const bank = Number(g.player('p1').bank);
    g.do('p1', {
      type: 'refit-fleet',
      fleet: '1',
      refits: `${shipOf(g, 'LYR-CA').id}=LYR-CA+PH, ${shipOf(g, 'LYR-FF').id}=LYR-FF+PH`,
    });
    expect(g.state.turn!.opsSpent).toBe(1);
    expect(Number(g.player('p1').bank)).toBe(bank - 20);
    expect(g.log.at(-1)!.event).toMatchObject({ cost: '20', exactCost: '19.6', yardId: null });
  });

  it('UTD6.3J1 away from a developed colony of the player the order is refused, changing nothing', () => {
    const g = conditionGame({ p1: ['LYR-CA', 'LYR-FF'] });
    g.patch((s) => placeFleet(s, 'p1', 1, 'B'));
    g.refused('p1', { type: 'refit-fleet', fleet: '1', refits: `${shipOf(g, 'LYR-CA').id}=LYR-CA+PH` }, 'UTD6.3J1');
  });

  it('UTD6.3773 a captured ship not yet inspected cannot be refitted; UTD6.3753 nor to a configuration with no refit', () => {
    const g = conditionGame({ p1: ['LYR-CA', 'LYR-FF'] });
    const [ca, ff] = [shipOf(g, 'LYR-CA').id, shipOf(g, 'LYR-FF').id];
    g.refused('p1', { type: 'refit-fleet', fleet: '1', refits: `${ff}=LYR-CA+PH` }, 'UTD6.3753');
    g.patch((s) => Object.assign(s.ships.find((x) => x.id === ca)!, { captured: true, uninspected: true }));
    g.refused('p1', { type: 'refit-fleet', fleet: '1', refits: `${ca}=LYR-CA+PH` }, 'UTD6.3773');
  });

  it('UTD6.3755 a refit not yet available in the campaign year is refused (FF+ALL is Y165 from Y160)', () => {
    const g = conditionGame({ p1: ['LYR-CA', 'LYR-FF'] });
    g.patch((s) => (s.settings.startYear = 160));
    g.refused('p1', { type: 'refit-fleet', fleet: '1', refits: `${shipOf(g, 'LYR-FF').id}=LYR-FF+ALL` }, 'UTD6.3755');
  });

  it('UTD6.3J5 a refit the bank cannot pay is refused', () => {
    const g = conditionGame({ p1: ['LYR-CA', 'LYR-FF'] });
    g.patch((s) => (s.players.find((p) => p.id === 'p1')!.bank = '3'));
    g.refused('p1', { type: 'refit-fleet', fleet: '1', refits: `${shipOf(g, 'LYR-CA').id}=LYR-CA+PH` }, 'UTD6.3J5');
  });
});
