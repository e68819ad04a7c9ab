import { describe, expect, it } from 'vitest';
import { checkFleet } from '../../../src/rules/fleet-size/check.ts';
import { fcpRowOf, flexibleCommandRating } from '../../../src/rules/fleet-size/flexible-command.ts';
import type { FleetUnit } from '../../../src/rules/fleet-size/types.ts';

const flag: FleetUnit = {
  id: 'flag',
  className: 'CC',
  bpv: 130,
  empire: 'FED',
  commandRating: 8,
  flagBridgeBoxes: 2,
  sizeClass: 3,
  hullType: 'CC',
};
const u = (id: string, className: string, extra: Partial<FleetUnit> = {}): FleetUnit => ({
  id,
  className,
  bpv: 100,
  empire: 'FED',
  ...extra,
});
const costs = (fleet: FleetUnit[], extra: object = {}) =>
  checkFleet('fcp', fleet, { flagshipId: 'flag', ...extra })
    .lines.slice(1)
    .map((l) => l.cost);

describe('VBSF Flexible Command (digest A.2.13, A.3)', () => {
  it('VF1 duplicates within a row: CA, NCA, CWH cost 10, 11, 12 (33)', () => {
    const r = checkFleet('fcp', [flag, u('ca', 'CA'), u('nca', 'NCA'), u('cwh', 'CWH')], { flagshipId: 'flag' });
    expect(r.lines.slice(1).map((l) => l.cost)).toEqual([10, 11, 12]);
    expect(r.used).toBe(33);
  });

  it("VF2 the text's own example prices 10 PFs at 6 × 1 + 4 × 2 = 14 (variant fcp.pfLiteralExample, V6)", () => {
    expect(costs([flag, u('pfs', 'PF', { role: 'pf', count: 10 })], { pfLiteralExample: true })).toEqual([14]);
  });

  it('V6 the chart reading (default): 10 PFs are 2 groups of up to 6, costing 1 + 2 = 3', () => {
    expect(costs([flag, u('pfs', 'PF', { role: 'pf', count: 10 })])).toEqual([3]);
    expect(costs([flag, u('pfs', 'PF', { role: 'pf', count: 6 })])).toEqual([1]);
  });

  it('VF3 leaders without a full squadron pay +2, +4, +6 for the 1st, 2nd and 3rd', () => {
    const leaders = [
      u('ffl', 'FFL', { leader: 'leader' }),
      u('ddl', 'DDL', { leader: 'leader' }),
      u('cwl', 'CWL', { leader: 'leader' }),
    ];
    expect(costs([flag, ...leaders])).toEqual([5 + 2, 6 + 4, 9 + 6]);
  });

  it('DV14 (house reading) CR 8, 2 flag-bridge boxes, outstanding crew: FCR 36; CA + NCA + CWH + 10 PFs cost 33 + 3 = 36 (doc-literal 47 fails)', () => {
    const fleet = [flag, u('ca', 'CA'), u('nca', 'NCA'), u('cwh', 'CWH'), u('pfs', 'PF', { role: 'pf', count: 10 })];
    const chart = checkFleet('fcp', fleet, { flagshipId: 'flag', crew: 'outstanding' });
    expect([chart.limit, chart.used, chart.ok]).toEqual([36, 36, true]);
    expect(chart.limitBreakdown).toEqual(['4 × CR 8 = 32', '+2 flag bridge', '+2 outstanding crew']);
    const literal = checkFleet('fcp', fleet, { flagshipId: 'flag', crew: 'outstanding', pfLiteralExample: true });
    expect([literal.used, literal.ok]).toEqual([47, false]);
    expect(literal.problems[0]).toMatch(/costs 47 FCP but CC's FCR is 36, 11 over/);
  });

  it('FCR modifiers: legendary captain +3, poor crew −5', () => {
    expect(flexibleCommandRating(8, 0, { legendaryCaptain: true, crew: 'poor' })).toBe(30);
    expect(checkFleet('fcp', [flag], { flagshipId: 'flag', flagBridgeBoxes: 0 }).limit).toBe(32);
  });

  it('a leader with its two-ship squadron spares them the duplicate increment; a further DD pays base again (Rec.)', () => {
    const fleet = [
      flag,
      u('ddl', 'DDL', { leader: 'leader', squadron: ['dd1', 'dd2'], sizeClass: 4 }),
      u('dd1', 'DD', { sizeClass: 4 }),
      u('dd2', 'DD', { sizeClass: 4 }),
      u('dd3', 'DD', { sizeClass: 4 }),
    ];
    expect(costs(fleet)).toEqual([6, 6, 6, 6]);
    const noSquadron = [flag, u('dd1', 'DD'), u('dd2', 'DD'), u('dd3', 'DD')];
    expect(costs(noSquadron)).toEqual([6, 7, 8]);
  });

  it("a squadron must be two other ships of the leader's size", () => {
    const fleet = [
      flag,
      u('ddl', 'DDL', { leader: 'leader', squadron: ['dd1', 'ca'], sizeClass: 4 }),
      u('dd1', 'DD', { sizeClass: 4 }),
      u('ca', 'CA', { sizeClass: 3 }),
    ];
    const r = checkFleet('fcp', fleet, { flagshipId: 'flag' });
    expect(r.problems[0]).toMatch(/ca is not of its size class \(4\)/);
    expect(r.lines.find((l) => l.id === 'ddl')!.cost).toBe(6 + 2);
  });

  it('a command cruiser pays no penalty for appearing without cruisers to lead', () => {
    expect(costs([flag, u('cc2', 'CC', { leader: 'command' })])).toEqual([12]);
  });

  it('freighters neither pay nor count for duplicates; auxiliaries pay +2 and do count; WYN auxiliaries pay no +2', () => {
    expect(
      costs([flag, u('f1', 'F-L', { role: 'freighter' }), u('f2', 'F-L', { role: 'freighter' }), u('dd', 'DD')]),
    ).toEqual([6, 6, 6]);
    expect(costs([flag, u('a1', 'F-L', { role: 'auxiliary' }), u('a2', 'F-L', { role: 'auxiliary' })])).toEqual([8, 9]);
    expect(costs([flag, u('w', 'F-L', { role: 'auxiliary', empire: 'WYN' })])).toEqual([6]);
  });

  it('fighters: ½ per 12 with ½ duplicate steps (24 → ½ + 1); Hydrans per 18; Lyran PFs per 9, Lyran bombers per 6', () => {
    expect(costs([flag, u('f', 'F-18', { role: 'fighter', count: 24 })])).toEqual([1.5]);
    expect(costs([flag, u('h', 'Stinger', { role: 'fighter', count: 18, empire: 'HYD' })])).toEqual([0.5]);
    expect(costs([flag, u('l', 'PF', { role: 'pf', count: 9, empire: 'LYR' })])).toEqual([1]);
    expect(costs([flag, u('b', 'Bomber', { role: 'bomber', count: 9, empire: 'LYR' })])).toEqual([3]);
  });

  it('DefSats 1 per 5, ground bases 1 per 3, web ½ per 12 hexes; large ground bases have no cost', () => {
    expect(costs([flag, u('ds', 'DefSat', { role: 'defsat', count: 6 })])).toEqual([3]);
    expect(costs([flag, u('gb', 'GBDP', { role: 'ground_base', count: 3 })])).toEqual([1]);
    expect(checkFleet('fcp', [flag], { flagshipId: 'flag', webHexes: 12 }).used).toBe(0.5);
    const large = checkFleet('fcp', [flag, u('lg', 'GBL', { role: 'ground_base', groundBaseSize: 'large' })], {
      flagshipId: 'flag',
    });
    expect(large.problems[0]).toMatch(/row 18 \(Large ground base\), which has no FCP cost/);
  });

  it('V7 a DN is N/A except as flagship, unless the GM sets a cost; a battleship flagship costs 4', () => {
    const dn = checkFleet('fcp', [flag, u('dn', 'DN')], { flagshipId: 'flag' });
    expect(dn.ok).toBe(false);
    expect(costs([flag, u('dn', 'DN', { fcp: 16 })])).toEqual([16]);
    const bb: FleetUnit = { ...flag, id: 'bb', className: 'BB', hullType: 'BB' };
    expect(checkFleet('fcp', [bb], { flagshipId: 'bb' }).used).toBe(4);
  });

  it('battle pods add 2 each to the ship carrying them', () => {
    expect(costs([flag, u('tug', 'CL', { battlePods: 1 })])).toEqual([10]);
  });

  it('chart rows are found from the hull type or class code, in any letter case', () => {
    expect(fcpRowOf(u('x', 'Fed NCA', { hullType: 'nca' }))).toBe(5);
    expect(fcpRowOf(u('x', 'f-s'))).toBe(11);
    expect(fcpRowOf(u('x', 'Widget'))).toBeNull();
    expect(checkFleet('fcp', [flag, u('w', 'Widget')], { flagshipId: 'flag' }).problems[0]).toMatch(/matches no row/);
  });

  it("mixed-empire fleets: at least 50% of the FCP cost from the flagship's race", () => {
    // Duplicate increments follow the fleet list order, so the order can decide a borderline case.
    expect(checkFleet('fcp', [flag, u('d7', 'CA', { empire: 'KLI' }), u('ca', 'CA')], { flagshipId: 'flag' }).ok).toBe(
      true,
    );
    expect(checkFleet('fcp', [flag, u('ca', 'CA'), u('d7', 'CA', { empire: 'KLI' })], { flagshipId: 'flag' }).ok).toBe(
      false,
    );
    const r = checkFleet('fcp', [flag, u('ff', 'FF'), u('d7', 'CA', { empire: 'KLI' })], { flagshipId: 'flag' });
    expect(r.problems[0]).toMatch(/at least 50% of the FCP cost must be FED ships; 5 of 15 is/);
  });
});
