import { describe, expect, it } from 'vitest';
import { checkFleet } from '../../../src/rules/fleet-size/check.ts';
import type { FleetUnit } from '../../../src/rules/fleet-size/types.ts';

const u = (id: string, className: string, sizeClass: number, extra: Partial<FleetUnit> = {}): FleetUnit => ({
  id,
  className,
  bpv: 100,
  sizeClass,
  ...extra,
});

describe('VBSF Big Ships (digest A.2.12, A.3)', () => {
  it('VG1 a size-class 2 DN commands itself and two others of size class 2 or smaller: DN + DN + CA', () => {
    const r = checkFleet('bigships', [u('dn', 'DN', 2), u('dn2', 'DN', 2), u('ca', 'CA', 3)], { flagshipId: 'dn' });
    expect(r.ok).toBe(true);
    expect([r.limit, r.used]).toEqual([2, 2]);
    const over = checkFleet('bigships', [u('dn', 'DN', 2), u('dn2', 'DN', 2), u('ca', 'CA', 3), u('ca2', 'CA', 3)], {
      flagshipId: 'dn',
    });
    expect(over.ok).toBe(false);
    expect(over.problems[0]).toMatch(/commands 2 other ships, but the fleet needs 3/);
  });

  it('VG2 a size-class 4 DW commands four size-class 4 ships: DW + 2 DW + 2 FF', () => {
    const r = checkFleet(
      'bigships',
      [u('dw', 'DW', 4), u('dw2', 'DW', 4), u('dw3', 'DW', 4), u('ff1', 'FF', 4), u('ff2', 'FF', 4)],
      { flagshipId: 'dw' },
    );
    expect(r.ok).toBe(true);
    expect(r.used).toBe(4);
  });

  it('V33 a ship may not lead a physically larger ship: a DW cannot lead a CA', () => {
    const r = checkFleet('bigships', [u('dw', 'DW', 4), u('ca', 'CA', 3)], { flagshipId: 'dw' });
    expect(r.ok).toBe(false);
    expect(r.problems[0]).toMatch(/CA \(ca, size class 3\) is larger than the flagship DW \(size class 4\)/);
  });

  it('VG3 a Seltorian Hive Ship (size class 1) may bring one other ship, not one with fighters or PFs', () => {
    expect(checkFleet('bigships', [u('hive', 'Hive Ship', 1), u('ca', 'CA', 3)], { flagshipId: 'hive' }).ok).toBe(true);
    const carrier = checkFleet('bigships', [u('hive', 'Hive Ship', 1), u('cv', 'CV', 3, { carriesSmallCraft: true })], {
      flagshipId: 'hive',
    });
    expect(carrier.problems).toEqual([expect.stringMatching(/may not carry fighters or PFs/)]);
    expect(
      checkFleet('bigships', [u('hive', 'Hive Ship', 1), u('ca', 'CA', 3), u('dd', 'DD', 4)], { flagshipId: 'hive' })
        .ok,
    ).toBe(false);
  });

  it('civilian ships and fixed installations count half, rounded up together', () => {
    const base = [u('dw', 'DW', 4), u('ff1', 'FF', 4), u('ff2', 'FF', 4), u('ff3', 'FF', 4)];
    const two = [...base, u('ft1', 'FT', 4, { role: 'freighter' }), u('ds', 'DefSat', 4, { role: 'defsat' })];
    expect(checkFleet('bigships', two, { flagshipId: 'dw' }).used).toBe(4);
    const three = [...two, u('ft2', 'FT', 4, { role: 'freighter' })];
    const r = checkFleet('bigships', three, { flagshipId: 'dw' });
    expect(r.used).toBe(5);
    expect(r.problems[0]).toMatch(/3 ships \+ 3 civilian\/fixed units counting 2/);
  });

  it('fighters and PFs are attrition units and take no command slot', () => {
    const r = checkFleet('bigships', [u('dw', 'DW', 4), u('pf', 'PF', 5, { role: 'pf', count: 6 }), u('ff', 'FF', 4)], {
      flagshipId: 'dw',
    });
    expect(r.used).toBe(1);
  });

  it('a unit without a size class cannot be checked and is reported', () => {
    const r = checkFleet('bigships', [u('dw', 'DW', 4), { id: 'x', className: 'Mystery', bpv: 10 }], {
      flagshipId: 'dw',
    });
    expect(r.problems[0]).toMatch(/Mystery \(x\) has no size class/);
  });
});
