/**
 * Small edits of an order sheet (§4.3, §9.1), as text: one ship's slot set, a misc order added or
 * removed, each edited line read again by the parser so a malformed edit is refused with its form
 * and rule and the sheet stays as it was. The rest of the sheet, comments and bad lines included,
 * is kept word for word (the player may still be fixing them). Also the blank sheet a corporation
 * starts from: one line per ship it may order.
 */
import { type Result, fail, ok } from '../errors.ts';
import type { ShipType } from './catalog.ts';
import { parseSheet } from './orders.ts';
import type { WarlordState } from './state.ts';
import { LIMITS } from './tables.ts';

export type SheetEdit =
  /** Slot 1–6 of a ship (`F CA 12`) gets one entry: a hex `CCRR`, `-`, or a ship order (App K). */
  | { kind: 'slot'; ship: string; slot: number; order: string }
  /** A misc order appended after the others (§9.1: misc orders run in written order). */
  | { kind: 'misc-add'; order: string }
  /** The n-th misc order (1 = first) taken out. */
  | { kind: 'misc-remove'; index: number };

const SHIP_HEAD = /^\s*([A-Za-z])\s+([A-Za-z0-9+]+)\s+(\d+)\s*:(.*)$/;

function bodyOf(line: string): string {
  return line.replace(/#.*$/, '').trim();
}

/** The first parse error of a one-line sheet, as a refusal; null when the line reads. */
function lineRefusal(line: string): Result<true> {
  const e = parseSheet(line).errors[0];
  return e ? fail('warlord/edit-line', e.rule, `${e.message} (expected ${e.expected})`) : ok(true);
}

/** The sheet after one edit, or the refusal naming what was wrong (and the sheet unchanged). */
export function editSheet(text: string, edit: SheetEdit): Result<string> {
  const lines = text === '' ? [] : text.split(/\r?\n/);
  switch (edit.kind) {
    case 'slot': {
      const m = /^\s*([A-Za-z])\s+([A-Za-z0-9+]+)\s+(\d+)\s*$/.exec(edit.ship);
      if (!m)
        return fail(
          'warlord/edit-ship',
          '§4.3',
          `"${edit.ship}" is not a ship: write race, class and number, e.g. F CA 12`,
        );
      const key = `${m[1]!.toUpperCase()} ${m[2]!.toUpperCase()} ${Number(m[3])}`;
      if (!Number.isInteger(edit.slot) || edit.slot < 1 || edit.slot > LIMITS.slots)
        return fail('warlord/edit-slot', '§4.3', `a ship has slots 1 to ${LIMITS.slots}, not ${edit.slot}`);
      const order = edit.order.trim();
      if (order === '' || /\s/.test(order.replace(/^(SCAN|BOMB)\s+\S+$/i, 'X')))
        return fail(
          'warlord/edit-order',
          '§4.9',
          'one slot takes one entry: a hex CCRR, "-", or one ship order (App K)',
        );
      const at = lines.findIndex((l) => {
        const h = SHIP_HEAD.exec(bodyOf(l));
        return h !== null && `${h[1]!.toUpperCase()} ${h[2]!.toUpperCase()} ${Number(h[3])}` === key;
      });
      const entries =
        at >= 0 ? (SHIP_HEAD.exec(bodyOf(lines[at]!))?.[4] ?? '').trim().split(/\s+/).filter(Boolean) : [];
      // Two-word entries (SCAN TERR, BOMB 0502) are one slot.
      const slots: string[] = [];
      for (let i = 0; i < entries.length; i++) {
        const w = entries[i]!;
        if (/^(SCAN|BOMB)$/i.test(w) && entries[i + 1] !== undefined) slots.push(`${w} ${entries[++i]}`);
        else slots.push(w);
      }
      while (slots.length < edit.slot) slots.push('-');
      slots[edit.slot - 1] = order;
      const line = `${key}: ${slots.join(' ')}`;
      const refused = lineRefusal(line);
      if (!refused.ok) return refused;
      if (at >= 0) lines[at] = line;
      else lines.push(line);
      return ok(lines.join('\n'));
    }
    case 'misc-add': {
      const order = edit.order.trim();
      if (order === '' || SHIP_HEAD.test(order))
        return fail('warlord/edit-misc', '§9.1', 'a misc order, e.g. PS F CA or A% 110 (ship lines: `/warlord order`)');
      const refused = lineRefusal(order);
      if (!refused.ok) return refused;
      return ok([...lines, order].join('\n'));
    }
    case 'misc-remove': {
      const misc = lines.flatMap((l, i) => (bodyOf(l) !== '' && !SHIP_HEAD.test(bodyOf(l)) ? [i] : []));
      const at = misc[edit.index - 1];
      if (at === undefined)
        return fail(
          'warlord/edit-misc',
          '§9.1',
          misc.length === 0
            ? 'the sheet has no misc orders'
            : `the sheet has ${misc.length} misc order${misc.length === 1 ? '' : 's'}: name one from 1 to ${misc.length}`,
        );
      return ok(lines.filter((_, i) => i !== at).join('\n'));
    }
  }
}

/** The misc orders of a sheet as written, numbered from 1 (what `misc-remove` counts). */
export function miscLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map(bodyOf)
    .filter((b) => b !== '' && !SHIP_HEAD.test(b));
}

/**
 * The sheet a corporation starts its turn from: a comment, and one empty line per ship it may order
 * (oldest first, as they act, §4.3), to be filled in.
 */
export function blankSheet(state: WarlordState, corp: number, catalog: ReadonlyMap<string, ShipType>): string {
  const c = state.corps.find((x) => x.id === corp);
  const lines = [
    `# ${c?.name ?? `Corporation ${corp}`}, turn ${state.turn}: six slots per ship, then misc orders (§9)`,
  ];
  for (const s of state.ships.filter((x) => x.owner === corp).sort((a, b) => a.seq - b.seq)) {
    const t = catalog.get(s.typeId);
    lines.push(`${t?.race ?? s.typeId.slice(0, 1)} ${t?.designation ?? s.typeId.slice(2)} ${s.seq}:`);
  }
  return lines.join('\n');
}
