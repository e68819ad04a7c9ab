import { describe, expect, it } from 'vitest';
import { bpv, bpvToString } from '../../../src/rules/exact/bpv.ts';
import { FLEET_LIMIT } from '../../../src/rules/exact/move-class.ts';
import { EMPIRES } from '../../../src/rules/thunderdome/empires.ts';
import {
  CATALOG_COLUMNS,
  effectiveMoveCost,
  EMPIRE_CODE_BY_KEY,
  indexCatalog,
  isAvailableInYear,
  isCoEligible,
  parseCatalog,
  parseUnitsCsv,
} from '../../../src/rules/thunderdome/catalog/index.ts';
import type { CatalogUnit } from '../../../src/rules/thunderdome/catalog/index.ts';
import { sampleCatalog, sampleText } from './helpers.ts';

const catalog = sampleCatalog();
const index = indexCatalog(catalog);

function unit(id: string): CatalogUnit {
  const u = index.unit(id);
  if (!u) throw new Error(`${id} is not in the sample`);
  return u;
}

describe('sample catalog (assets/catalog/sample)', () => {
  it('parses with no errors and no warnings', () => {
    const result = parseCatalog(
      { units: sampleText('units.csv'), refits: sampleText('refits.csv'), conversions: sampleText('conversions.csv') },
      'sample-1',
    );
    expect(result.ok).toBe(true);
    expect(result.warnings).toEqual([]);
    expect(catalog.units).toHaveLength(176);
    expect(catalog.refits).toHaveLength(53);
    expect(catalog.conversions).toHaveLength(13);
  });

  it('has every column of units.csv in the header, in schema order', () => {
    expect(sampleText('units.csv').split('\n')[0]).toBe(CATALOG_COLUMNS.units.join(','));
  });

  it('is marked as a sample in every notes cell', () => {
    for (const u of catalog.units) expect(u.notes, u.unitId).toMatch(/^SAMPLE ONLY, not SFB data/);
  });

  it.each(EMPIRES.map((e) => [e.key, EMPIRE_CODE_BY_KEY[e.key]] as const))(
    'UTD8.111 %s (%s) has a CA, DD, FF, CW, DN, minesweeper and troop ship',
    (key, code) => {
      const own = index.unitsFor(key).filter((u) => u.empire === code);
      const role = (hull: string) =>
        own.find((u) => u.hullCode === hull && u.unitId === `${code}-${hull}${hull === 'CW' ? '+' : ''}`);
      expect(role('CA')?.moveCost).toBe(60);
      expect(role('DD')?.moveCost).toBe(30);
      expect(role('FF')?.moveCost).toBe(20);
      expect(role('CW')?.moveCost).toBe(40);
      const dn = role('DN');
      expect(dn?.moveCost).toBe(90);
      expect(dn?.isDreadnought).toBe(true);
      expect(dn?.sizeClass).toBe(2);
      const ms = role('MS');
      expect(ms?.isMinesweeper).toBe(true);
      expect(ms?.sizeClass).toBe(4);
      expect(ms?.moveCost).toBe(20);
      const ts = role('TS');
      expect(ts?.isTroopShip).toBe(true);
      expect(ts?.sfbRef).toBeTruthy();
      // Basic ships are available at the default start year Y165 (UTD8.12).
      for (const hull of ['CA', 'DD', 'FF', 'CW', 'MS', 'TS'])
        expect(isAvailableInYear(role(hull)!, 165), `${code}-${hull}`).toBe(true);
      // The generic units are offered to every empire.
      expect(index.unitsFor(key).some((u) => u.unitId === 'NEU-F-L')).toBe(true);
    },
  );

  it('each empire has its own line: ships no other empire has, and the core hulls priced its own way', () => {
    const own = (code: string) => catalog.units.filter((u) => u.empire === code);
    for (const e of EMPIRES) {
      const code = EMPIRE_CODE_BY_KEY[e.key];
      // At least two signature ships beside the core hulls every empire has.
      const core = ['CA', 'CA+PH', 'DD', 'CW+', 'FF', 'FF+PH', 'FF+ALL', 'DN', 'MS', 'TS'];
      const signature = own(code).filter(
        (u) => (u.unitKind === 'warship' || u.unitKind === 'auxiliary') && !core.includes(u.unitId.slice(4)),
      );
      expect(signature.length, code).toBeGreaterThanOrEqual(2);
      expect(new Set(signature.map((u) => u.bpvEconomic)).size, code).toBe(signature.length);
    }
    // Empires the worked examples and tests do not lean on price their core hulls differently.
    const prices = new Set(
      ['CAR', 'FRA', 'GOR', 'ISC', 'KLI', 'PAR', 'PEL', 'ROM', 'THO', 'LYR'].map((c) => unit(`${c}-CA`).bpvEconomic),
    );
    expect(prices.size).toBe(10);
    // The Federation, Kzinti and Hydran core keeps the Lyran example's numbers, which tests and examples use.
    for (const c of ['FED', 'KZI', 'HYD'])
      expect([unit(`${c}-CA`).bpvEconomic, unit(`${c}-FF`).bpvEconomic], c).toEqual(['133', '63']);
  });

  it('UTD6.3783 Lyran CA is 133 at MC 1 and the phaser refit adds 4', () => {
    const ca = unit('LYR-CA');
    const refitted = unit('LYR-CA+PH');
    expect([ca.bpvEconomic, ca.moveCost, ca.sizeClass]).toEqual(['133', 60, 3]);
    expect(refitted.bpvEconomic).toBe('137');
    expect(bpvToString(bpv(refitted.bpvEconomic).minus(ca.bpvEconomic))).toBe('4');
    expect(index.refit('LYR-CA', 'LYR-CA+PH')?.refitCode).toBe('PHASER');
    expect(bpvToString(bpv(ca.bpvEconomic).mul(25).div(100))).toBe('33.25');
  });

  it('UTD6.3784 Lyran DD 79 and CW 135 are in the sample, and the DD converts to the CW', () => {
    const dd = unit('LYR-DD');
    const cw = unit('LYR-CW+');
    expect([dd.bpvEconomic, dd.moveCost]).toEqual(['79', 30]);
    expect([cw.bpvEconomic, cw.moveCost]).toEqual(['135', 40]);
    expect(index.conversion('LYR-DD', 'LYR-CW+')?.source).toBe('SFB');
    expect(dd.hullFamily).not.toBe(cw.hullFamily);
    expect(bpvToString(bpv(cw.bpvEconomic).minus(dd.bpvEconomic))).toBe('56');
  });

  it('UTD6.3785 Lyran FF 63 at MC 1/3, the phaser refit adds 2', () => {
    const ff = unit('LYR-FF');
    expect([ff.bpvEconomic, ff.moveCost, ff.sizeClass]).toEqual(['63', 20, 4]);
    expect(bpvToString(bpv(unit('LYR-FF+PH').bpvEconomic).minus(ff.bpvEconomic))).toBe('2');
    expect(index.refit('LYR-FF', 'LYR-FF+PH')).toBeDefined();
  });

  it('UTD6.3786 Hydran CU 61 at MC 1/3, size class 4', () => {
    const cu = unit('HYD-CU');
    expect([cu.empire, cu.bpvEconomic, cu.moveCost, cu.sizeClass]).toEqual(['HYD', '61', 20, 4]);
  });

  it('UTD6.3787 Lyran FF fully refitted is 69', () => {
    expect(unit('LYR-FF+ALL').bpvEconomic).toBe('69');
    expect(index.refit('LYR-FF', 'LYR-FF+ALL')).toBeDefined();
    expect(index.refit('LYR-FF+PH', 'LYR-FF+ALL')).toBeDefined();
  });

  it('UTD6.3784 and 6.3785 the CA, CW conversion and two FF refits fill the capital exactly', () => {
    const used =
      unit('LYR-CA').moveCost! +
      Math.max(unit('LYR-DD').moveCost!, unit('LYR-CW+').moveCost!) +
      2 * (unit('LYR-FF').moveCost! / 2);
    expect(used).toBe(unit('NEU-LCD').shipyardCapacity);
  });

  it('UTD6.3722 six FFs of MC 1/3 equal the capital capacity of 2', () => {
    expect(6 * unit('LYR-FF').moveCost!).toBe(unit('NEU-LCD').shipyardCapacity);
  });

  it('UTD7.23 DN + CA + CW + DD + 4 FF is exactly the fleet limit', () => {
    const sum = ['LYR-DN', 'LYR-CA', 'LYR-CW+', 'LYR-DD', 'LYR-FF', 'LYR-FF', 'LYR-FF', 'LYR-FF'].reduce(
      (s, id) => s + unit(id).moveCost!,
      0,
    );
    expect(sum).toBe(FLEET_LIMIT);
  });

  it('UTD6.372 and UTD7.62 yard capacities and dry docks: capital 2/5, SC2 3/2/4, SC3 1/3, SC4 2/3/2', () => {
    const yards = ['NEU-LCD', 'NEU-SY2', 'NEU-SY3', 'NEU-SY4'].map((id) => unit(id));
    expect(yards.map((y) => [y.unitKind, y.sizeClass, y.shipyardCapacity, y.dryDockPositions])).toEqual([
      ['capital_lcd', 2, 120, 5],
      ['shipyard', 2, 90, 4],
      ['shipyard', 3, 60, 3],
      ['shipyard', 4, 40, 2],
    ]);
    expect(unit('NEU-SY2C2').shipyardCapacity).toBe(120);
    for (const y of yards) expect(y.worksBoxes).toBeGreaterThan(0);
  });

  it('UTD4.331 and UTD8.26 freighters: the F-L qualifies for free establishment, the Q-ship never does', () => {
    const fl = unit('NEU-F-L');
    const q = unit('NEU-F-Q');
    expect([fl.isLargeFreighter, fl.isQShip, fl.cargoBoxes >= 50]).toEqual([true, false, true]);
    expect([q.isLargeFreighter, q.isQShip, q.cargoBoxes >= 50]).toEqual([true, true, true]);
    expect(q.sfbRef).toBeTruthy();
    expect(unit('NEU-F-S').isLargeFreighter).toBe(false);
  });

  it('UTD6.39#2 repair freighters: F-RS small, F-RL large', () => {
    expect(unit('NEU-F-RS').repairFreighter).toBe('small');
    expect(unit('NEU-F-RL').repairFreighter).toBe('large');
  });

  it('UTD7.4235 defenses count monitor 1/2, small ground base 1/5, DefSat 1/5', () => {
    expect(effectiveMoveCost(unit('NEU-MON'))).toBe(30);
    const gb = unit('NEU-GBDP');
    expect([gb.unitKind, gb.groundBaseSize, gb.groundBaseRole, gb.needsPlanetSite]).toEqual([
      'ground_base',
      'small',
      'defense',
      true,
    ]);
    expect(effectiveMoveCost(gb)).toBe(12);
    expect(effectiveMoveCost(unit('NEU-DEFSAT'))).toBe(12);
    expect(unit('NEU-GBDP+P4').hasPhaserIv).toBe(true);
    expect(effectiveMoveCost(unit('NEU-LCD'))).toBeNull();
  });

  it('UTD7.A the DefSat gets no COs, the GBDP and monitor do', () => {
    expect(isCoEligible(unit('NEU-DEFSAT'))).toBe(false);
    expect(isCoEligible(unit('NEU-GBDP'))).toBe(true);
    expect(isCoEligible(unit('NEU-MON'))).toBe(true);
  });

  it('UTD8.22 carrier with fighters and an escort; UTD7.24 fighter equivalents 1 and 2', () => {
    const cv = unit('HYD-CV');
    expect([cv.carrierType, cv.fighters, cv.fighterTypeId, cv.escortRequirement]).toEqual([
      'true_carrier',
      6,
      'HYD-FTR',
      1,
    ]);
    expect(unit('HYD-FTR').fighterEquivalents).toBe(1);
    expect(unit('HYD-HFTR').fighterEquivalents).toBe(2);
    expect(unit('HYD-ESC').isEscort).toBe(true);
  });

  it('UTD6.3772 a drone-speed refit is flagged captured_allowed, the phaser refits are not', () => {
    expect(index.refit('KZI-FF', 'KZI-FF+DRB')?.capturedAllowed).toBe(true);
    expect(catalog.refits.filter((r) => r.capturedAllowed)).toHaveLength(1);
  });

  it('TC-004 a unit of year 166 is not available in Y165.5 but is in Y166', () => {
    const dn = unit('LYR-DN');
    expect(dn.yearAvailable).toBe(166);
    expect(isAvailableInYear(dn, 165.5)).toBe(false);
    expect(isAvailableInYear(dn, 166)).toBe(true);
    expect(unit('HYD-CV').yearAvailable).toBe(168);
  });

  it('UTD8.112 Tholian rows say "cast web only" in their notes and none is a web caster', () => {
    const tholian = catalog.units.filter((u) => u.empire === 'THO');
    expect(tholian.length).toBeGreaterThan(0);
    for (const u of tholian) {
      expect(u.notes).toContain('UTD8.112');
      expect(u.webCaster).toBe(false);
    }
    expect(catalog.units.filter((u) => u.empire !== 'THO').some((u) => u.notes?.includes('UTD8.112'))).toBe(false);
  });

  it('units.csv parses on its own too', () => {
    const result = parseUnitsCsv(sampleText('units.csv'));
    expect(result.ok && result.units).toEqual(catalog.units);
  });
});

describe('SIDCORS special-unit columns (research digest §A.2.14, A.2.19)', () => {
  const header =
    'unit_id,empire,hull_code,name,hull_family,unit_kind,bpv_economic,size_class,tractor_beams,cargo_boxes,is_large_freighter,is_q_ship,is_troop_ship,is_minesweeper,repair_freighter,carrier_type,is_escort,fighters,fighter_spares,drone_user,is_drone_bombardment,plasma_torps,has_phaser_iv,is_dreadnought,is_battleship,is_battle_tug,is_x_ship,is_conjectural,is_mauler,is_stasis_ship,is_command_ship,is_priority_transport,year_available,sfb_ref,move_cost,command_rating,max_speed,damage_control,ground_base_size,sidcors_ew,sidcors_cloak';
  const row = (id: string, kind: string, ew: string, cloak: string, extra = ',1,8,31,4,') =>
    `${id},ROM,CA,Test,${id},${kind},100,3,2,0,false,false,false,false,none,none,false,0,0,false,false,false,false,false,false,false,false,false,false,false,false,false,150,${extra}${kind === 'ground_base' ? 'small' : ''},${ew},${cloak}`;

  it('SIDCORS sidcors_ew and sidcors_cloak import; empty cloak is false; a ground base cannot cloak', () => {
    const ok = parseUnitsCsv(
      [header, row('ROM-A', 'warship', '2', 'true'), row('ROM-B', 'warship', '', '')].join('\n'),
    );
    expect(ok.ok).toBe(true);
    if (!ok.ok) return;
    expect(ok.units.map((u) => [u.sidcorsEw, u.sidcorsCloak])).toEqual([
      [2, true],
      [null, false],
    ]);
    const field = (text: string) => {
      const r = parseUnitsCsv([header, text].join('\n'));
      return r.ok ? [] : r.errors.map((e) => [e.field, e.code]);
    };
    expect(field(row('ROM-E', 'warship', '7', ''))).toEqual([['sidcors_ew', 'catalog/bad-value']]); // EW 0–6
    expect(field(row('ROM-G', 'ground_base', '', 'true', ',,,,4,'))).toEqual([
      ['sidcors_cloak', 'catalog/cloak-not-ship'],
    ]);
  });

  it('SIDCORS the sample gives every Romulan warship a cloak and the Kzinti destroyer a scout EW of 1', () => {
    expect(unit('ROM-CA').sidcorsCloak).toBe(true);
    expect(unit('ROM-FF+ALL').sidcorsCloak).toBe(true);
    expect(unit('LYR-CA').sidcorsCloak).toBe(false);
    expect(unit('KZI-DD').sidcorsEw).toBe(1);
    expect(unit('KZI-CA').sidcorsEw).toBeNull();
  });
});
