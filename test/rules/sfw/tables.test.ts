import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { DCT_TABLE, REPAIR_TABLE } from '../../../src/rules/sfw/damage-control.ts';
import type { RepairOutcome, RepairType } from '../../../src/rules/sfw/damage-control.ts';
import { MODULES } from '../../../src/rules/sfw/fortress-modules.ts';
import type { ModuleType } from '../../../src/rules/sfw/fortress-modules.ts';
import { MAATAC_MODULES } from '../../../src/rules/sfw/maatac.ts';
import { SAPS, STARBOMBERS } from '../../../src/rules/sfw/small-craft.ts';
import { SPECIAL_DAMAGE_TABLE } from '../../../src/rules/sfw/special-damage.ts';

/** The rules code cannot read files (test/layers.test.ts), so these tests keep its tables equal to the shipped CSV copies. */
function csv(name: string): Record<string, string>[] {
  return parse(readFileSync(new URL(`../../../assets/tables/sfw/${name}`, import.meta.url), 'utf8'), {
    columns: true,
    skip_empty_lines: true,
  }) as Record<string, string>[];
}

describe('SFW tables match assets/tables/sfw', () => {
  it('Special Damage Table: bands and wording', () => {
    expect(csv('sfw_special_damage.csv').map((r) => [Number(r.roll_from), Number(r.roll_to), r.effect])).toEqual(
      SPECIAL_DAMAGE_TABLE.map((b) => [b.from, b.to, b.value.effect]),
    );
  });

  it('Damage Control Table #1', () => {
    const rows = csv('sfw_dct_table1.csv');
    for (const [type, rating] of Object.entries(DCT_TABLE)) {
      const row = rows.find((r) => r.ship_type!.split('/').includes(type))!;
      expect([
        type,
        Number(row.dct_available),
        Number(row.pu_damage_per_dct_lost),
        Number(row.max_pu_repair_per_battle),
      ]).toEqual([type, rating.teams, rating.puPerTeam, rating.maxRepairPerBattle]);
    }
    expect(rows.find((r) => r.ship_type === 'Starfortress')).toMatchObject({
      dct_available: '1 per LSS',
      pu_damage_per_dct_lost: '70 on that LSS',
    });
  });

  it("Damage Control Table #2 (the copy restores the source's Turn Reduction 98–99 row)", () => {
    const names: Record<string, RepairType> = {
      'Offensive Factors': 'of',
      'Defensive Factors': 'df',
      Speed: 'speed',
      'Power Units': 'pu',
      'Turn Reduction': 'turns',
    };
    const outcome = (text: string): RepairOutcome => {
      if (text === 'no effect') return { kind: 'none' };
      const n = Number(/(\d+)/.exec(text)?.[1]);
      if (/factors? repaired/.test(text)) return { kind: 'factors', n };
      if (/PU repaired/.test(text)) return { kind: 'pu', n };
      if (/duration -\d+ turns?/.test(text)) return { kind: 'turns', n };
      if (/all OF lost/.test(text)) return { kind: 'of-lost' };
      if (/all DF lost/.test(text)) return { kind: 'df-lost' };
      if (/explodes/.test(text)) return { kind: 'explodes' };
      throw new Error(`unread effect ${text}`);
    };
    const fromCsv: Record<string, unknown[]> = {};
    for (const r of csv('sfw_dct_table2.csv'))
      (fromCsv[names[r.repair_type!]!] ??= []).push({
        from: Number(r.roll_from),
        to: Number(r.roll_to),
        value: outcome(r.effect!),
      });
    expect(fromCsv).toEqual(REPAIR_TABLE);
  });

  it('Starfortress modules', () => {
    for (const r of csv('sfw_starfortress_modules.csv')) {
      const m = MODULES[r.abbr as ModuleType];
      expect([
        r.abbr,
        Number(r.power_units),
        Number(r.max_OF),
        r.max_DF === '*' ? null : Number(r.max_DF),
        Number(r.CIDS!.replace('%', '')),
        Number(r.attack_craft),
        Number(r.PW_launchers),
        Number(r.PW_reloads),
      ]).toEqual([r.abbr, m.hitPoints, m.maxOF, m.maxDF, m.cidsPercent, m.attackCraft, m.pwLaunchers, m.pwReloads]);
    }
  });

  it('starbombers and SAPS ("9?" reloads read as 9, a missing one as null)', () => {
    expect(
      csv('sfw_starbombers.csv').map((r) => [
        r.number,
        r.name,
        Number(r.light_laser_factors),
        Number(r.particle_factors),
        r.reloads === '?' ? null : Number(r.reloads!.replace('?', '')),
      ]),
    ).toEqual(STARBOMBERS.map((s) => [s.number, s.name, s.lightLasers, s.particleFactors, s.reloads]));
    expect(
      csv('sfw_saps.csv').map((r) => [r.number, r.name, Number(r.light_lasers), Number(r.particle_weapons)]),
    ).toEqual(SAPS.map((s) => [s.number, s.name, s.lightLasers, s.particleFactors]));
  });

  it('MAATAC fortress modules (Fortresses in MAATAC)', () => {
    const rows = csv('sfw_maatac_fortress_modules.csv');
    expect(rows.map((r) => r.module)).toEqual(Object.keys(MAATAC_MODULES));
    for (const r of rows) {
      const m = MAATAC_MODULES[r.module as ModuleType];
      expect([
        r.armor,
        Number(r.speed),
        Number(r.factor),
        Number(r.energy_heavy),
        Number(r.energy_medium),
        Number(r.energy_light),
        Number(r.PW_launchers),
        Number(r.ROB),
      ]).toEqual([m.armor, m.speed, m.factor, m.heavy, m.medium, m.light, m.pwLaunchers, m.rob]);
    }
  });
});
