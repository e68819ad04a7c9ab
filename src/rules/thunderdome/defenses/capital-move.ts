import { refuse } from '../../errors.ts';
import type { Decider } from '../decider.ts';
import { sectorLabel } from '../lookup.ts';
import type { Base, Player, Sector } from '../state.ts';
import { defensesIn } from './kinds.ts';
import { checkSectorDefenses, type PlannedDefense } from './limits.ts';
import { defenseSiteProblem, hasGroundBaseSite, maxSupportingRf } from './sites.ts';

/**
 * UTD6.325 with ISS-A119: defenses assigned to the capital may move with it only into a sector
 * that may hold defenses (UTD7.33) and whose defenses, with the moved ones, stay within UTD7.34
 * (1 monitor, 6 ground bases where a planet, moon or asteroid is, 5 DefSats).
 */
export function checkCapitalDefensesMove(d: Decider, p: Player, to: Sector, moving: readonly Base[]): void {
  if (moving.length === 0) return;
  const label = sectorLabel(d.state, to.key);
  const site = defenseSiteProblem(d.state, p, to);
  if (site)
    refuse(
      'defense/not-allowed-here',
      'UTD7.33',
      `The capital's defenses cannot move into ${label}: ${site}.`,
      'Move the capital without them (3 OP), or fortify the sector first.',
    );
  const toPlanned = (b: Base, isNew: boolean): PlannedDefense[] => {
    const unit = d.ctx.catalog.get(b.unitId);
    return unit ? [{ unit, role: b.role, isNew }] : [];
  };
  const planned = [
    ...defensesIn(d.state, p.id, to.key).flatMap((b) => toPlanned(b, false)),
    ...moving.flatMap((b) => toPlanned(b, true)),
  ];
  checkSectorDefenses(planned, {
    label,
    groundBaseSite: hasGroundBaseSite(to),
    maxSupportingRf: maxSupportingRf(d.state),
  });
}
