import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { BPV_CAPACITY_CHART } from '../../../src/rules/fleet-size/bpv-capacity.ts';
import { FCP_CHART, FCR_MODIFIERS } from '../../../src/rules/fleet-size/flexible-command.ts';

function csv(name: string): Record<string, string>[] {
  return parse(readFileSync(new URL(`../../../assets/tables/vbsf/${name}`, import.meta.url), 'utf8'), {
    columns: true,
    skip_empty_lines: true,
  }) as Record<string, string>[];
}

describe('VBSF fleet tables match assets/tables/vbsf', () => {
  it('BPV Capacity chart', () => {
    const fromCsv = Object.fromEntries(
      csv('vbsf_bpv_capacity.csv').map((r) => [
        r.CR,
        { upto_Y120: Number(r.upto_Y120), Y120_to_Y180: Number(r.Y120_to_Y180), after_Y180: Number(r.after_Y180) },
      ]),
    );
    expect(fromCsv).toEqual(Object.fromEntries(Object.entries(BPV_CAPACITY_CHART)));
  });

  it('FCP chart: classes and costs (N/A, +2 and ½ as printed)', () => {
    const rows = csv('vbsf_fcp_chart.csv').filter((r) => r.row !== '19'); // row 19 is the auxiliary penalty, not a row of units
    expect(
      rows.map((r) => [
        Number(r.row),
        r.classes!.split(';'),
        r.fcp === 'N/A' ? null : Math.round(Number(r.fcp!.replace('+', '')) * 2),
      ]),
    ).toEqual(FCP_CHART.map((c) => [c.row, c.classes, c.halves]));
    expect(csv('vbsf_fcp_chart.csv').find((r) => r.row === '19')!.fcp).toBe('+2');
  });

  it('FCR modifiers', () => {
    const m = Object.fromEntries(csv('vbsf_fcr_modifiers.csv').map((r) => [r.modifier, r.value]));
    expect(m).toEqual({
      base: `${FCR_MODIFIERS.perCommandRating} x F&E command rating`,
      'each flag bridge box': `+${FCR_MODIFIERS.flagBridgeBox}`,
      'legendary captain': `+${FCR_MODIFIERS.legendaryCaptain}`,
      'outstanding crew': `+${FCR_MODIFIERS.outstandingCrew}`,
      'poor crew': `${FCR_MODIFIERS.poorCrew}`,
    });
  });
});
