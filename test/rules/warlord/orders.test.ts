import { describe, expect, it } from 'vitest';
import { MISC_ORDERS, SHIP_ORDERS, describeError, parseSheet } from '../../../src/rules/warlord/orders.ts';

describe('Warlord order sheet parser (§4.3–4.9, §9)', () => {
  it('Warlord sheet: ship lines with moves, holds and orders; misc orders kept in written order', () => {
    const s = parseSheet(
      [
        '# turn 3',
        'T PC 4: 1501 REPR 1601 1503',
        'C WG 2: 0101 0102',
        'F FFS 7: SCAN TERR',
        '',
        'BF 100',
        'PS F CA 150 WG 1 "Exeter"',
        'FS 0509 200',
        'FS 62 1101 300 0 10',
      ].join('\n'),
    );
    expect(s.errors).toEqual([]);
    expect(s.ships.map((p) => [p.race, p.designation, p.number, p.entries.map((e) => e.code)])).toEqual([
      ['T', 'PC', 4, ['MOVE', 'REPR', 'MOVE', 'MOVE']],
      ['C', 'WG', 2, ['MOVE', 'MOVE']],
      ['F', 'FFS', 7, ['SCAN']],
    ]);
    expect(s.misc.map((m) => m.order)).toEqual([
      { code: 'BF', ep: 100 },
      { code: 'PS', race: 'F', designation: 'CA', maxEP: 150, cloak: false, wg: 1, name: 'Exeter' },
      { code: 'FS', sector: null, col: 5, row: 9, ep: 200, fighters: 0, pfs: 0 },
      { code: 'FS', sector: '62', col: 11, row: 1, ep: 300, fighters: 0, pfs: 10 },
    ]);
  });

  it('Warlord sheet errors: each bad line reported with its number, the expected form and the rule; the rest is kept', () => {
    const s = parseSheet(
      [
        'F CA 1: 0502 ZAP',
        'PS Q CA',
        'A% 200',
        'FA 75 50',
        'SH 45 0101',
        'F CA 2: PRSP 0101',
        'F CA 3: 1,2',
        'BF 50',
        'EV',
        'F CA 1: 0101',
      ].join('\n'),
    );
    expect(s.errors.map((e) => [e.line, e.rule])).toEqual([
      [1, '§4.9'],
      [2, '§9.3'],
      [3, '§9.9'],
      [4, '§9.4'],
      [5, '§9.8'],
      [6, '§4.9 PRSP'],
      [7, '§4.9'],
      [9, '§9.6'],
    ]);
    expect(s.misc.map((m) => m.line)).toEqual([8]);
    expect(s.ships.map((p) => p.line)).toEqual([10]);
    expect(describeError(s.errors[0] ?? (undefined as never))).toBe(
      'line 1: unknown ship order "ZAP" (expected a hex CCRR, "-", or a ship order (App K); §4.9)',
    );
    expect(s.errors[2]?.message).toBe('A% must be 75–150, not 200');
    expect(s.errors[4]?.message).toContain('Starbase Orders');
  });

  it('Warlord sheet: a ship named twice, more than six slot entries, or SCRA not last is refused', () => {
    const s = parseSheet(['K D7 1: 0101', 'K D7 1: 0102', 'K D7 2: - - - - - - -', 'K D7 3: SCRA 0101'].join('\n'));
    expect(s.errors.map((e) => e.message)).toEqual([
      'K D7 1 already has orders on line 1',
      '7 entries for six pulses',
      'SCRA must be the ship’s last action',
    ]);
  });

  it('Warlord G37 FA semantics: one option keyword counts (FA 100 SECT 25 BASE ignores BASE); FA 75 50 is an error', () => {
    const s = parseSheet(['FA 100 SECT 25 BASE', 'FA 150 MAX 300', 'FA 100 BASE MAX 300 MAJO', 'FA 75 50'].join('\n'));
    expect(s.misc.map((m) => m.order)).toEqual([
      { code: 'FA', ep: 100, filter: { kind: 'SECT', sector: '25' }, max: null, size: null },
      { code: 'FA', ep: 150, filter: null, max: 300, size: null },
      { code: 'FA', ep: 100, filter: { kind: 'BASE' }, max: 300, size: 'MAJO' },
    ]);
    expect(s.errors.map((e) => e.line)).toEqual([4]);
  });

  it('Warlord G38 AF order forms: withdraw 20 fighters and 5 PFs; fighters only; PFs only', () => {
    const s = parseSheet(['AF 52 1411 -20 -5', 'AF 76 1209 10', 'AF 08 0910 0 5'].join('\n'));
    expect(s.misc.map((m) => m.order)).toEqual([
      { code: 'AF', sector: '52', col: 14, row: 11, fighters: -20, pfs: -5 },
      { code: 'AF', sector: '76', col: 12, row: 9, fighters: 10, pfs: 0 },
      { code: 'AF', sector: '08', col: 9, row: 10, fighters: 0, pfs: 5 },
    ]);
  });

  it('Warlord order tables: every code has a rule, a form and a phase', () => {
    for (const spec of [...Object.values(SHIP_ORDERS), ...Object.values(MISC_ORDERS)]) {
      expect(spec.rule).toMatch(/^(§|App)/);
      expect(spec.form.length).toBeGreaterThan(0);
      expect([1, 2, 3]).toContain(spec.phase);
    }
  });
});
