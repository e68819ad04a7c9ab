import { describe, expect, it } from 'vitest';
import { editSheet, miscLines } from '../../../src/rules/warlord/sheet-edit.ts';

const SHEET = '# turn 3\nF CA 12: 0502 0503\nPS F DD\nFA 75 50\nK D7 4:';

describe('small edits of an order sheet (§4.3, §9.1)', () => {
  it('§4.3 setting a slot replaces that entry, pads earlier slots with "-", keeps two-word entries whole and the rest of the sheet word for word', () => {
    expect(editSheet(SHEET, { kind: 'slot', ship: 'f ca 12', slot: 2, order: '0603' })).toEqual({
      ok: true,
      value: '# turn 3\nF CA 12: 0502 0603\nPS F DD\nFA 75 50\nK D7 4:',
    });
    expect(editSheet(SHEET, { kind: 'slot', ship: 'K D7 4', slot: 3, order: 'REPR' })).toMatchObject({
      value: '# turn 3\nF CA 12: 0502 0503\nPS F DD\nFA 75 50\nK D7 4: - - REPR',
    });
    // A ship with no line yet gets one at the end; SCAN TERR is one (whole-turn) entry.
    expect(editSheet('PR F', { kind: 'slot', ship: 'F FF 7', slot: 1, order: 'SCAN TERR' })).toMatchObject({
      value: 'PR F\nF FF 7: SCAN TERR',
    });
  });

  it('§4.9 an edit the parser refuses is refused with its rule and the sheet is unchanged', () => {
    expect(editSheet(SHEET, { kind: 'slot', ship: 'F CA 12', slot: 3, order: 'PRSP' })).toMatchObject({
      ok: false,
      error: { rule: '§4.9 PRSP' },
    });
    expect(editSheet(SHEET, { kind: 'slot', ship: 'F CA 12', slot: 7, order: '-' })).toMatchObject({
      ok: false,
      error: { code: 'warlord/edit-slot', rule: '§4.3' },
    });
    expect(editSheet(SHEET, { kind: 'slot', ship: 'CA 12', slot: 1, order: '-' })).toMatchObject({
      ok: false,
      error: { code: 'warlord/edit-ship' },
    });
    expect(editSheet(SHEET, { kind: 'misc-add', order: 'CT 12 3' })).toMatchObject({
      ok: false,
      error: { rule: '§9.6' },
    });
  });

  it('§9.1 misc orders are added after the others and removed by their number among the misc lines', () => {
    expect(editSheet(SHEET, { kind: 'misc-add', order: 'A% 110' })).toMatchObject({ value: `${SHEET}\nA% 110` });
    expect(miscLines(SHEET)).toEqual(['PS F DD', 'FA 75 50']);
    expect(editSheet(SHEET, { kind: 'misc-remove', index: 2 })).toMatchObject({
      value: '# turn 3\nF CA 12: 0502 0503\nPS F DD\nK D7 4:',
    });
    expect(editSheet(SHEET, { kind: 'misc-remove', index: 3 })).toMatchObject({
      ok: false,
      error: { message: 'the sheet has 2 misc orders: name one from 1 to 2' },
    });
    expect(editSheet('', { kind: 'misc-add', order: 'PR F' })).toMatchObject({ value: 'PR F' });
  });
});
