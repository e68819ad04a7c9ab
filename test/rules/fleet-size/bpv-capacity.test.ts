import { describe, expect, it } from 'vitest';
import { RuleViolation } from '../../../src/rules/errors.ts';
import { bpvEra, checkBpvCapacity } from '../../../src/rules/fleet-size/bpv-capacity.ts';
import { checkFleet } from '../../../src/rules/fleet-size/check.ts';
import type { FleetUnit } from '../../../src/rules/fleet-size/types.ts';

// Class values below are placeholders shaped like catalog rows; only CR, size class and hull type matter to the cap.
const fedCC: FleetUnit = {
  id: 'cc',
  className: 'CC',
  bpv: 135,
  empire: 'FED',
  commandRating: 9,
  sizeClass: 3,
  hullType: 'CA',
};
const ship = (
  id: string,
  className: string,
  hullType: string,
  sizeClass: number,
  bpv: number | string = 100,
  extra: Partial<FleetUnit> = {},
): FleetUnit => ({
  id,
  className,
  bpv,
  empire: 'FED',
  sizeClass,
  hullType,
  ...extra,
});

describe('VBSF BPV Capacity (digest A.2.11, A.3)', () => {
  it('VB1 Fed CC (CR 9) in Y120–180 with DWs and DDs: 1400 + 2 × 50 = 1500', () => {
    const fleet = [
      fedCC,
      ship('dw1', 'DW', 'DW', 4),
      ship('dw2', 'DW', 'DW', 4),
      ship('dd1', 'DD', 'DD', 4),
      ship('dd2', 'DD', 'DD', 4),
    ];
    const r = checkFleet('bpv', fleet, { flagshipId: 'cc', year: 150 });
    expect(r.limit).toBe(1500);
    expect(r.limitBreakdown).toEqual(['CR 9, Y120–180: 1400', '+50 DD hull', '+50 DW hull']);
    expect(r.used).toBe(535);
    expect(r.ok).toBe(true);
  });

  it('VB2 the same CC with only CAs stays at 1400 (the CC is a CA hull)', () => {
    const r = checkFleet('bpv', [fedCC, ship('ca1', 'CA', 'CA', 3), ship('ca2', 'CA', 'CA', 3)], {
      flagshipId: 'cc',
      year: 150,
    });
    expect(r.limit).toBe(1400);
  });

  it('VB3 a Romulan SeaHawk, K4 and Snipe are all frigate hulls: one bonus at most', () => {
    const rom = (id: string, className: string): FleetUnit => ({
      id,
      className,
      bpv: 80,
      empire: 'ROM',
      sizeClass: 4,
      hullType: 'FF',
    });
    const flag: FleetUnit = {
      id: 'kr',
      className: 'KR',
      bpv: 120,
      empire: 'ROM',
      commandRating: 8,
      sizeClass: 3,
      hullType: 'CW',
    };
    const r = checkFleet('bpv', [flag, rom('sh', 'SeaHawk'), rom('k4', 'K4R'), rom('sn', 'Snipe')], {
      flagshipId: 'kr',
      year: 170,
    });
    expect(r.limit).toBe(1000 + 50);
  });

  it('DV15 (house reading) CR 6 CL-hull flagship in Y150 with a DW, an FF and a DD: 800 + 150 = 950', () => {
    const flag = ship('cl', 'CL', 'CL', 3, 90, { commandRating: 6 });
    const r = checkFleet(
      'bpv',
      [flag, ship('dw', 'DW', 'DW', 4), ship('ff', 'FF', 'FF', 4), ship('dd', 'DD', 'DD', 4)],
      { flagshipId: 'cl', year: 150 },
    );
    expect(r.limit).toBe(950);
  });

  it('V9 the era columns overlap; read as before Y120, Y120–Y180 inclusive, after Y180 (CR 6: 400 / 800 / 800 / 1200)', () => {
    expect(bpvEra(119.5)).toBe('upto_Y120');
    const cap = (year: number) =>
      checkBpvCapacity([ship('f', 'CL', 'CL', 3, 10, { commandRating: 6 })], { flagshipId: 'f', year }).limit;
    expect([119, 120, 180, 181].map(cap)).toEqual([400, 800, 800, 1200]);
  });

  it('only mobile warships of size class 4 or larger give hull bonuses: police, DefSats, freighters, bases, fighters and PFs do not', () => {
    const fleet: FleetUnit[] = [
      fedCC,
      ship('pol', 'POL', 'POL', 4, 40, { role: 'police' }),
      ship('ds', 'DefSat', 'DEFSAT', 4, 20, { role: 'defsat' }),
      ship('ft', 'FT', 'FT', 4, 20, { role: 'freighter' }),
      ship('bs', 'BS', 'BS', 2, 150, { role: 'base' }),
      ship('pf', 'PF', 'PF', 5, 30, { role: 'pf' }),
      ship('sc', 'SC', 'SC', 4, 60, { role: 'scout', economicBpv: 45 }),
    ];
    const r = checkFleet('bpv', fleet, { flagshipId: 'cc', year: 150 });
    expect(r.limitBreakdown).toEqual(['CR 9, Y120–180: 1400', '+50 SC hull']);
  });

  it('combat BPV for warships, fixed and attrition units; economic BPV for scouts and civilian ships; pre-laid web 5 per hex', () => {
    const fleet: FleetUnit[] = [
      fedCC,
      ship('sc', 'SC', 'DD', 4, 60, { role: 'scout', economicBpv: 45 }),
      ship('ft', 'FT', 'FT', 4, 30, { role: 'freighter', economicBpv: 20 }),
      ship('pf', 'PF', 'PF', 5, 30, { role: 'pf', count: 6 }),
      ship('bs', 'BS', 'BS', 2, 150, { role: 'base' }),
    ];
    const r = checkFleet('bpv', fleet, { flagshipId: 'cc', year: 150, prelaidWebHexes: 4 });
    expect(r.lines.map((l) => l.cost)).toEqual([135, 45, 20, 180, 150, 20]);
    expect(r.used).toBe(550);
  });

  it('BPV is summed exactly: 0.1 + 0.2 is 0.3', () => {
    const r = checkFleet('bpv', [{ ...fedCC, bpv: '0.1' }, ship('a', 'FF', 'FF', 4, '0.2')], {
      flagshipId: 'cc',
      year: 150,
    });
    expect(r.used).toBe(0.3);
  });

  it('a fleet over the cap is refused with the excess, and fixed units are named as the ones made inactive', () => {
    const fleet = [fedCC, ship('ca', 'CA', 'CA', 3, 1200), ship('bs', 'BS', 'BS', 2, 150, { role: 'base' })];
    const r = checkFleet('bpv', fleet, { flagshipId: 'cc', year: 150 });
    expect(r.ok).toBe(false);
    expect(r.problems[0]).toMatch(/1485 BPV but the cap is 1400, 85 over.*\(bs\) become inactive \(D18\.1\)/);
  });

  it("mixed-empire fleets: the flagship's empire supplies at least 50% of the BPV", () => {
    const ally = (id: string, bpv: number): FleetUnit => ({
      id,
      className: 'D7',
      bpv,
      empire: 'KLI',
      sizeClass: 3,
      hullType: 'D7',
    });
    expect(checkFleet('bpv', [fedCC, ally('d7', 135)], { flagshipId: 'cc', year: 150 }).ok).toBe(true);
    const r = checkFleet('bpv', [fedCC, ally('d7', 136)], { flagshipId: 'cc', year: 150 });
    expect(r.ok).toBe(false);
    expect(r.problems[0]).toMatch(/at least 50% of the BPV; it supplies 135 of 271/);
  });

  it('an inhabited planet with nothing better present flags at CR 3 (175 / 250 / 300)', () => {
    const planet: FleetUnit = { id: 'p', className: 'Planet', bpv: 0, role: 'planet' };
    expect(checkFleet('bpv', [planet], { flagshipId: 'p', year: 150 }).limit).toBe(250);
  });

  it('a flagship without a usable command rating is a problem, not a guess', () => {
    expect(checkFleet('bpv', [ship('x', 'FF', 'FF', 4)], { flagshipId: 'x', year: 150 }).problems[0]).toMatch(
      /no F&E command rating/,
    );
    expect(
      checkFleet('bpv', [ship('x', 'POL', 'POL', 4, 40, { commandRating: 2 })], { flagshipId: 'x', year: 150 })
        .problems[0],
    ).toMatch(/starts at command rating 3/);
    const high = checkFleet('bpv', [ship('x', 'DN', 'DN', 2, 200, { commandRating: 11 })], {
      flagshipId: 'x',
      year: 150,
    });
    expect(high.limit).toBe(1700);
    expect(high.warnings[0]).toMatch(/above the chart/);
  });

  it('bad input is refused: unknown flagship, duplicate ids, negative BPV', () => {
    expect(() => checkFleet('bpv', [fedCC], { flagshipId: 'nope', year: 150 })).toThrow(RuleViolation);
    expect(() => checkFleet('bpv', [fedCC, fedCC], { flagshipId: 'cc', year: 150 })).toThrow(/appears twice/);
    expect(() => checkFleet('bpv', [{ ...fedCC, bpv: -1 }], { flagshipId: 'cc', year: 150 })).toThrow(/0 or more/);
  });
});
