import { describe, expect, it } from 'vitest';
import { startedGame } from '../td3/harness.ts';
import { explored, placeFleet } from './helpers.ts';

/** p1 (a Lyran CA and four frigates) moves into A against p2 under a binding fleet-size system. */
function limitedBattle(system: string, p1 = ['LYR-CA', 'LYR-FF', 'LYR-FF', 'LYR-FF', 'LYR-FF']) {
  const g = startedGame({ p1 });
  g.patch((s) => Object.assign(s.settings, { 'fleet.sizeLimit': system }));
  explored(g, 'A', 'dead');
  placeFleet(g, 'p2', 1, 'A');
  g.do('p1', { type: 'move', fleet: '1', to: 'A' });
  g.do('p1', { type: 'end-turn' });
  const b = g.state.battles.find((x) => x.status === 'open')!;
  const ids = (unit: string) => g.state.ships.filter((s) => s.owner === 'p1' && s.unitId === unit).map((s) => s.id);
  return { g, battle: b.id, ca: ids('LYR-CA')[0]!, ffs: ids('LYR-FF') };
}

describe('VBSF fleet-size systems as a binding campaign limit (setting fleet.sizeLimit)', () => {
  it('A.2.12 Big Ships: a cruiser leads at most 3 others; a fleet over it is not chosen automatically and is refused, citing the rule', () => {
    const { g, battle, ca, ffs } = limitedBattle('bigships');
    const p1 = () => g.state.battles[0]!.participants.find((p) => p.side === 'p1')!;
    expect(p1().selected).toBe(false); // not the automatic choice it would be without the limit
    const err = g.refused('p1', { type: 'battle-fleet', battle, fleet: '1', units: [] }, 'VBSF Big Ships (A.2.12)');
    expect(err.code).toBe('fleet/size-limit');
    expect(err.message).toContain('4 of 3');
    // The owner removes what does not fit: the cruiser and three frigates fight, one is held out.
    g.do('p1', { type: 'battle-fleet', battle, fleet: '1', units: [ca, ...ffs.slice(0, 3)] });
    expect(p1()).toMatchObject({ selected: true, units: [ca, ...ffs.slice(0, 3)], heldOut: [ffs[3]] });
  });

  it('A.2.12 a fleet within the limit is chosen automatically as before', () => {
    const { g } = limitedBattle('bigships', ['LYR-CA', 'LYR-FF', 'LYR-FF']);
    expect(g.state.battles[0]!.participants.find((p) => p.side === 'p1')!.selected).toBe(true);
  });

  it('A.2.12 a side that does not choose in time fights with the strongest units that fit; the rest are held out', () => {
    const { g, ca, ffs } = limitedBattle('bigships');
    g.now = new Date(g.now.getTime() + 25 * 3_600_000);
    g.do('system', { type: 'battle-clocks' });
    const part = g.state.battles[0]!.participants.find((p) => p.side === 'p1')!;
    expect(part.units).toEqual([ca, ...ffs.slice(0, 3)]);
    expect(part.heldOut).toEqual([ffs[3]]);
  });

  it('A.2.11 BPV Capacity needs the flagship F&E command rating: without the column the fleet is refused, naming it', () => {
    const { g, battle } = limitedBattle('bpv');
    const err = g.refused('p1', { type: 'battle-fleet', battle, fleet: '1', units: [] }, 'VBSF BPV Capacity (A.2.11)');
    expect(err.code).toBe('fleet/size-unknown');
    expect(err.message).toContain('fe_command_rating');
  });

  it('A.2.11 BPV Capacity with the columns: a CR 6 flagship in Y165 may lead 800 BPV plus 50 per other hull', () => {
    const { g, battle, ca, ffs } = limitedBattle('bpv');
    const sample = g.catalog;
    const extra: Record<string, object> = {
      'LYR-CA': { feCommandRating: 6, feHullType: 'CA', bpvCombat: '400' },
      'LYR-FF': { feHullType: 'FF', bpvCombat: '150' },
    };
    g.catalog = { ...sample, get: (id) => (extra[id] ? { ...sample.get(id)!, ...extra[id] } : sample.get(id)) };
    // 400 + 4 × 150 = 1000 > 800 + 50 (one other hull, FF) = 850.
    const err = g.refused('p1', { type: 'battle-fleet', battle, fleet: '1', units: [] }, 'VBSF BPV Capacity (A.2.11)');
    expect(err.message).toContain('1000 of 850');
    g.do('p1', { type: 'battle-fleet', battle, fleet: '1', units: [ca, ffs[0]!, ffs[1]!, ffs[2]!] });
  });

  it('UTD1.11 fleet.sizeLimit takes none, bpv, bigships or fcp', () => {
    const { g } = limitedBattle('none', ['LYR-CA']);
    const err = g.refused('p1', { type: 'vote-setting', key: 'fleet.sizeLimit', value: 'huge' }, 'UTD1.11');
    expect(err.hint).toContain('none, bpv, bigships, fcp');
  });
});
