import type { Player } from '../state.ts';
import { refuse } from '../../errors.ts';
import { bpv, bpvToString, parseBpv } from '../../exact/bpv.ts';
import type { Decider } from '../decider.ts';
import { atYard } from './buy.ts';
import { carriedMines, minesweeperAllowance } from './mines.ts';

/**
 * UTD8.253 with UTD6.376 / 6.3J4 and 6.3753: a minesweeper buys mines "in addition to its T-bombs
 * purchased as commander's options"; they are "extra commander's options", which a ship is
 * "provided" as part of a refit ("subject to … the availability of BPV"), and buying more COs
 * "counts as a refit". So, like a legendary officer, mines are bought at an activated yard able to
 * refit the ship, spending a refit's capacity (half its MC, UTD6.3755), and paid from the bank.
 * The ship keeps them: mines laid in a battle are recorded as expended (`/ship expend`) and come
 * back for free at the owner's step 3 (UTD2.3(3)), like any expendable.
 */
export function buyMines(
  d: Decider,
  shipRef: string,
  amountText: string,
  yardRef: string | undefined,
  p: Player,
): void {
  const amount = parseBpv(String(amountText));
  if (!amount || amount.lte(0))
    refuse(
      'mines/bad-amount',
      'UTD8.253',
      `Give the BPV of mines to buy as a positive number, e.g. \`25\`; \`${String(amountText).slice(0, 20)}\` is not one.`,
    );
  const bought = atYard(
    d,
    shipRef,
    `${bpvToString(amount)} BPV of mines`,
    () => amount,
    (_p, ship, unit) => {
      if (!unit.isMinesweeper)
        refuse(
          'mines/not-a-minesweeper',
          'UTD8.253',
          `${unit.unitId} (${ship.id}) is not a minesweeper; only minesweepers buy mines beyond their T-bombs.`,
          'Other ships take T-bombs from their CO pool before a battle (UTD8.252).',
        );
      const limit = minesweeperAllowance(unit);
      if (limit.lte(0))
        refuse(
          'mines/no-allowance',
          'UTD8.253',
          `${unit.unitId} (${ship.id}) is a size-class ${unit.sizeClass} minesweeper; only SC4 (25 BPV) and SC3 (50 BPV) minesweepers may buy mines.`,
        );
      const carried = carriedMines(ship);
      if (carried.add(amount).gt(limit)) {
        const had = carried.gt(0)
          ? ` It already carries ${bpvToString(carried)} BPV, so ${bpvToString(limit.sub(carried))} more at most.`
          : '';
        refuse(
          'mines/over-allowance',
          'UTD8.253',
          `An SC${unit.sizeClass} minesweeper carries at most ${bpvToString(limit)} BPV of mines; ${unit.unitId} (${ship.id}) would carry ${bpvToString(carried.add(amount))}.${had}`,
        );
      }
      // `co.extraCapPctOfBpv` (ISS-A39): by default no campaign cap on BPV-bought extra COs beyond
      // the SFB limits; when set, a ship's extra COs (its mines) stay within that share of its BPV.
      const capPct = d.state.settings['co.extraCapPctOfBpv'];
      const cap = capPct === null ? null : bpv(unit.bpv).mul(capPct).div(100);
      if (cap && carried.add(amount).gt(cap))
        refuse(
          'mines/over-extra-co-cap',
          'ISS-A39',
          `Extra COs bought with BPV are capped at ${capPct}% of a ship's BPV in this campaign (co.extraCapPctOfBpv): ${bpvToString(cap)} BPV for ${unit.unitId} (${ship.id}), which would carry ${bpvToString(carried.add(amount))}.`,
        );
    },
    yardRef,
    p,
  );
  d.emit({
    type: 'MinesBought',
    playerId: bought.p.id,
    shipId: bought.ship.id,
    yardId: bought.yardId,
    capacity: bought.capacity,
    mines: bpvToString(amount),
    carried: bpvToString(carriedMines(bought.ship).add(amount)),
    cost: bpvToString(bought.charge),
    exactCost: bpvToString(bought.exact),
  });
}
