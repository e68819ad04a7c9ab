import type { Decider } from './decider.ts';
import { EMPIRES } from './empires.ts';
import {
  balancingFor,
  exploreSector,
  npeExclusions,
  type BalancingInstruction,
  type BalancingOptions,
} from './exploration/index.ts';
import { activePlayers } from './lookup.ts';
import type { ExploreBalancing } from './state.ts';

/**
 * Step 7 (UTD2.3(7), UTD5.1): every unknown sector where a fleet ended its movement is explored,
 * the current player's fleets first, by fleet slot. Passing through does not explore. A fleet that
 * arrived by a forced retreat this turn explores at once (ISS-A18, `explore.onRetreatArrival`);
 * with the setting off it waits for step 7 of its owner's next own turn, if it is still there.
 */
export function explorationStep(d: Decider, currentPlayer: string): void {
  const fleets = [...d.state.fleets].sort(
    (a, b) => Number(b.owner === currentPlayer) - Number(a.owner === currentPlayer) || a.slot - b.slot,
  );
  const onArrival = d.state.settings['explore.onRetreatArrival'] !== false;
  for (const fleet of fleets) {
    const sector = d.state.map?.sectors.find((s) => s.key === fleet.sector);
    if (sector?.type !== 'unknown') continue;
    if (!onArrival && (fleet.owner !== currentPlayer || arrivedByRetreatThisTurn(d, fleet.id))) continue;
    const explorer = d.state.players.find((p) => p.id === fleet.owner)!;
    const options = balancingFor({
      sectors: d.state.map!.sectors.map((s) => ({ owner: s.owner, type: s.type, exploredBy: s.exploredBy })),
      explorer: explorer.id,
      activePlayers: activePlayers(d.state).map((p) => p.id),
      basis: 'owned',
      gap: 2,
    });
    const outcome = exploreSector(
      {
        sectorLabel: sector.name ?? sector.key,
        balancing: instruction(explorer.exploreBalancing, options),
        allowed: options,
        // `npe.rollRange` (UTD5.4) and `npe.excludePlayerEmpires` (ISS-A53: the active players' empires re-rolled).
        npe: {
          rollRange: d.state.settings['npe.rollRange'],
          excludedEmpires: npeExclusions(
            d.state.settings['npe.excludePlayerEmpires'],
            activePlayers(d.state).map((p) => p.empire),
          ),
        },
        empires: EMPIRES.map((e) => e.key),
      },
      d.ctx.dice,
    );
    if (!outcome.ok || outcome.value.status !== 'done')
      throw new Error(`exploration of ${sector.key} did not complete`);
    const r = outcome.value.result;
    d.emit({
      type: 'SectorExplored',
      sector: sector.key,
      by: explorer.id,
      fleetId: fleet.id,
      sectorType: r.type as 'life' | 'mineral' | 'dead',
      terrain: [r.terrain.id],
      overlays: [...r.terrain.overlays],
      npe: r.npe?.empire ?? null,
      steps: r.steps.map((s) => ({ rule: s.rule, ...s.detail })),
    });
  }
}

/** The player's standing instruction, used only where the player is eligible (UTD5.221–5.224). */
function instruction(mode: ExploreBalancing, o: BalancingOptions): BalancingInstruction {
  if (mode === 'choose-life' || mode === 'choose-mineral') {
    const want = mode === 'choose-life' ? 'life' : 'mineral';
    if (o.freeChoice) return { choose: want };
    if (want === 'life' && o.autoLife) return 'life';
    if (want === 'mineral' && o.autoMineral) return 'mineral';
    return 'none';
  }
  if (mode === 'mineral' && o.autoMineral) return 'mineral';
  if (mode === 'life' && o.autoLife) return 'life';
  return 'none';
}

/** The fleet was moved here by a forced retreat during the current turn (ISS-A18). */
function arrivedByRetreatThisTurn(d: Decider, fleetId: string): boolean {
  const turn = d.state.turn;
  return d.state.retreats.some(
    (r) =>
      r.fleetIds.includes(fleetId) && r.movedOn?.halfCycles === d.state.halfCycles && r.movedOn.seat === turn?.seat,
  );
}
