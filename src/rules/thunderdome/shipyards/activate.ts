import type { Player } from '../state.ts';
import { refuse } from '../../errors.ts';
import type { Decider } from '../decider.ts';
import { sectorLabel } from '../lookup.ts';
import { sectorOf, spend } from '../orders.ts';
import { isActivated, yardByRef, yardLabel, yardsOf, type YardInfo } from './yards.ts';

/**
 * UTD6.37 ACTIVATE SHIPYARD: one order point activates every shipyard of the player in one sector,
 * the capital included; under the printed example's reading it activates one yard (ISS-A04,
 * `shipyard.activationScope`). A damaged yard self-repairs this turn for free at half capacity
 * unless the owner forgoes that here (UTD6.3725, ISS-A28: asked at the first activation).
 */
export function activateYards(
  d: Decider,
  where: { sector?: string; yard?: string },
  forgoRepair: readonly string[],
  p: Player,
): void {
  const turn = d.state.turn!;
  const state = d.state;
  const catalog = d.ctx.catalog;
  const scope = state.settings['shipyard.activationScope'] === 'shipyard' ? 'shipyard' : 'sector';
  let sector: string;
  let targets: YardInfo[];
  if (where.yard) {
    const y = yardByRef(state, p.id, catalog, where.yard, 'UTD6.37');
    sector = y.base.sector;
    targets = scope === 'shipyard' ? [y] : yardsOf(state, p.id, catalog, { sector, withPending: true });
  } else {
    if (!where.sector) refuse('yard/where', 'UTD6.37', 'Name the sector (or the shipyard) to activate.');
    sector = sectorOf(d, where.sector).key;
    targets = yardsOf(state, p.id, catalog, { sector, withPending: true });
    if (scope === 'shipyard' && targets.filter((y) => !y.base.pending && !isActivated(turn, y)).length > 1) {
      refuse(
        'yard/name-one',
        'ISS-A04',
        `Each shipyard is activated separately in this campaign (1 order point each); ${sectorLabel(state, sector)} has ${targets.length}.`,
        `Name one: ${targets.map((y) => yardLabel(state, y)).join(', ')}.`,
      );
    }
  }
  if (targets.length === 0)
    refuse('yard/none-here', 'UTD6.37', `You have no shipyard or capital in ${sectorLabel(state, sector)}.`);
  const ready = targets.filter((y) => !y.base.pending);
  if (ready.length === 0)
    refuse(
      'yard/not-ready',
      'UTD6.382',
      `The shipyard in ${sectorLabel(state, sector)} is still being built; a new shipyard acts from your next turn.`,
    );
  const fresh = ready.filter((y) => !isActivated(turn, y));
  if (fresh.length === 0)
    refuse(
      'yard/already-active',
      'UTD6.37',
      `${scope === 'sector' ? `The shipyards in ${sectorLabel(state, sector)} are` : `${yardLabel(state, ready[0]!)} is`} already activated this turn.`,
    );
  const forgo = forgoRepair.map((ref) => {
    const y = yardByRef(state, p.id, catalog, ref, 'UTD6.3725');
    if (!fresh.some((f) => f.base.id === y.base.id))
      refuse(
        'yard/forgo-elsewhere',
        'UTD6.3725',
        `${yardLabel(state, y)} is not among the yards this order activates.`,
      );
    if (y.worksDestroyed === 0)
      refuse(
        'yard/undamaged',
        'UTD6.3725',
        `${yardLabel(state, y)} has no works destroyed, so it has no self-repair to forgo.`,
      );
    return y.base.id;
  });
  spend(turn, 1, 'Activating shipyards', 'UTD6.37');
  d.emit({
    type: 'YardActivated',
    playerId: p.id,
    sector,
    yardIds: fresh.map((y) => y.base.id),
    opCost: 1,
    scope,
    forgoRepair: [...new Set(forgo)],
  });
}
