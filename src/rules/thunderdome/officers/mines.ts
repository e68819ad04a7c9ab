import { bpv, type Bpv } from '../../exact/bpv.ts';
import type { Ship } from '../state.ts';
import type { UnitInfo } from '../units.ts';

/**
 * UTD8.253: a minesweeper may buy mines as extra commander's options beyond its T-bombs: up to
 * 25 BPV for an SC4 minesweeper and 50 BPV for an SC3 one. Other units have no allowance.
 */
export function minesweeperAllowance(unit: Pick<UnitInfo, 'isMinesweeper' | 'sizeClass'>): Bpv {
  if (!unit.isMinesweeper) return bpv(0);
  if (unit.sizeClass === 4) return bpv(25);
  if (unit.sizeClass === 3) return bpv(50);
  return bpv(0);
}

/** BPV of mines the ship carries (UTD8.253): bought with `/officer mines`, never used up. */
export function carriedMines(ship: Pick<Ship, 'minesBpv'>): Bpv {
  return bpv(ship.minesBpv ?? '0');
}
