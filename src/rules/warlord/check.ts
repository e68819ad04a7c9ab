/**
 * Checking a sheet against the game as its corporation knows it, and the dry-run preview
 * (§4.6, §9.1): the parse errors, then every order that would be refused now (a ship that is not
 * yours, a move to a hex that is not adjacent, a slot beyond the ship's speed, a purchase that is
 * unknown, not yet available or above the treasury), and a line per ship and order saying what
 * would happen as far as the player can know it. Processing checks everything again: what changed
 * in between fails then, without harm (earlier steps stand).
 */
import type { ShipType } from './catalog.ts';
import { ep, purchasePrice } from './economy.ts';
import { type Address, addressName, resolveMove } from './hex.ts';
import { MISC_ORDERS, SHIP_ORDERS, type Sheet, type SheetError } from './orders.ts';
import { activePulses, speed } from './ships.ts';
import type { WarlordState } from './state.ts';
import { LIMITS } from './tables.ts';

export interface SheetCheck {
  errors: SheetError[];
  preview: string[];
}

export function checkSheet(
  state: WarlordState,
  corpId: number,
  sheet: Sheet,
  catalog: ReadonlyMap<string, ShipType>,
): SheetCheck {
  const errors: SheetError[] = [...sheet.errors];
  const preview: string[] = [];
  const corp = state.corps.find((c) => c.id === corpId);
  if (!corp) return { errors, preview };
  const err = (line: number, text: string, message: string, expected: string, rule: string) =>
    errors.push({ line, text, message, expected, rule });

  for (const p of sheet.ships) {
    const id = `${p.race}-${p.designation}`;
    const text = `${p.race} ${p.designation} ${p.number}`;
    const ship = state.ships.find((s) => s.owner === corpId && s.typeId === id && s.seq === p.number);
    if (!ship) {
      err(p.line, text, `${text} is not one of your ships`, 'a ship from your orders sheet', '§4.6');
      continue;
    }
    const slots = p.entries.filter((e) => SHIP_ORDERS[e.code].time === 'pulse');
    const pulses = activePulses(speed(ship), corp.settings.reversedMoves);
    if (slots.length > pulses.length) {
      err(
        p.line,
        text,
        `${text} has speed ${pulses.length}: only ${pulses.length} slot entries can run`,
        `at most ${pulses.length} entries`,
        '§4.3',
      );
    }
    let at: Address = ship.at;
    const path: string[] = [];
    let broken = false;
    for (const e of slots.slice(0, pulses.length)) {
      if (e.code === 'MOVE') {
        if (broken) continue;
        const next = resolveMove(state.settings.galaxy, at, e);
        if (!next) {
          broken = true;
          err(
            p.line,
            text,
            `${String(e.col).padStart(2, '0')}${String(e.row).padStart(2, '0')} is not adjacent to ${addressName(at)}`,
            'a hex adjacent to the last one',
            '§4.6',
          );
          path.push('✗');
          continue;
        }
        at = next;
        path.push(addressName(at));
      } else path.push(e.code);
    }
    const whole = p.entries.find((e) => SHIP_ORDERS[e.code].time === 'turn');
    preview.push(
      `${ship.name} at ${addressName(ship.at)}: ${whole ? `${whole.code} (whole turn)` : path.length > 0 ? path.join(' → ') : 'holds'}`,
    );
  }

  let misc = 0;
  let funds = ep(corp.treasury);
  const copies = new Map<string, number>();
  for (const { line, order } of sheet.misc) {
    misc++;
    const spec = MISC_ORDERS[order.code];
    if (misc > LIMITS.baseMiscOrders + corp.extraOrders) {
      err(
        line,
        order.code,
        `only ${LIMITS.baseMiscOrders + corp.extraOrders} misc orders this turn`,
        'fewer misc orders, or BO',
        '§9.1',
      );
      continue;
    }
    if (order.code === 'PS') {
      const t = catalog.get(`${order.race}-${order.designation}`);
      if (!t || t.race === 'M') {
        err(line, 'PS', `there is no ship ${order.race}-${order.designation} on the ship list`, spec.form, spec.rule);
        continue;
      }
      if (t.year > state.year) {
        err(line, 'PS', `${t.id} is available from Y${t.year}`, 'a ship available this year', spec.rule);
        continue;
      }
      const before = copies.get(t.id) ?? 0;
      copies.set(t.id, before + 1);
      const primary = t.race === 'C' || corp.primaries.includes(t.race) || state.turn === 0;
      const low = purchasePrice({
        base: t.cost,
        current: state.prices[t.id] ?? t.cost,
        copiesBefore: before,
        nonPrimaryPct: primary ? 0 : 1,
        cloak: order.cloak,
      });
      const high = primary
        ? low
        : purchasePrice({
            base: t.cost,
            current: state.prices[t.id] ?? t.cost,
            copiesBefore: before,
            nonPrimaryPct: 100,
            cloak: order.cloak,
          });
      if (low > funds)
        err(
          line,
          'PS',
          `${t.id} would cost ${low} EP; about ${funds} EP would be left by then`,
          'a purchase you can pay for',
          '§9.3',
        );
      else funds -= low;
      preview.push(`PS ${t.id}: ${low === high ? `${low} EP` : `${low}–${high} EP (non-primary surcharge)`}`);
    } else if (order.code === 'FS' || order.code === 'FA' || order.code === 'RL' || order.code === 'PL') {
      preview.push(`${order.code} ${'ep' in order ? `${order.ep} EP` : ''}`.trim());
      if (order.code === 'FS' || order.code === 'PL') funds -= Math.min(funds, order.ep);
    } else preview.push(order.code);
  }
  errors.sort((a, b) => a.line - b.line);
  return { errors, preview };
}
