import type { Decider } from './decider.ts';
import { EMPIRES } from './empires.ts';
import {
  balancingFor,
  exploreSector,
  npeExclusions,
  type BalancingEligibility,
  type BalancingInstruction,
  type BalancingOptions,
  type ExplorationResult,
  type PendingExploration,
} from './exploration/index.ts';
import { hoursFrom } from './battles/common.ts';
import { activePlayers } from './lookup.ts';
import { DEFAULT_SETTINGS } from './settings.ts';
import type { ExploreBalancing } from './state.ts';

/**
 * How long the turn waits for an explorer's balancing answer (UTD5.221–5.224) before the standing
 * instruction answers (`/sector balancing`): the same day the rules give a sector's naming and a
 * silent defender's lane choice (requirements S7, ISS-A16); docs/rules-notes.md "Exploration balancing".
 */
export const EXPLORATION_CHOICE_HOURS = 24;

/**
 * Step 7 (UTD2.3(7), UTD5.1): every unknown sector where a fleet ended its movement is explored,
 * the current player's fleets first, by fleet slot. Passing through does not explore. A fleet that
 * arrived by a forced retreat this turn explores at once (ISS-A18, `explore.onRetreatArrival`);
 * with the setting off it waits for step 7 of its owner's next own turn, if it is still there.
 *
 * An explorer to whom UTD5.221 or UTD5.222 applies is asked at the roll (TC-032: "the player is
 * always asked and may decline"): before the type die when UTD5.224 lets them choose, after it when
 * the die can be changed. The turn then waits in phase `exploration` (exploration-offer.ts resumes
 * it) and this returns true; false once every sector is explored.
 */
export function explorationStep(d: Decider, currentPlayer: string): boolean {
  const fleets = [...d.state.fleets].sort(
    (a, b) => Number(b.owner === currentPlayer) - Number(a.owner === currentPlayer) || a.slot - b.slot,
  );
  const onArrival = d.state.settings['explore.onRetreatArrival'] !== false;
  for (const fleet of fleets) {
    const sector = d.state.map?.sectors.find((s) => s.key === fleet.sector);
    if (sector?.type !== 'unknown') continue;
    if (!onArrival && (fleet.owner !== currentPlayer || arrivedByRetreatThisTurn(d, fleet.id))) continue;
    const options = balancingOptionsFor(d, fleet.owner);
    // UTD5.223: each of UTD5.221 and 5.222 is judged on its own; either one means a question.
    const eligible = options.autoMineral || options.autoLife;
    const outcome = exploreSector(
      {
        sectorLabel: sector.name ?? sector.key,
        balancing: eligible ? 'ask' : 'none',
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
    if (!outcome.ok) throw new Error(`exploration of ${sector.key}: ${outcome.error.message}`);
    if (outcome.value.status === 'needs-choice') {
      offerExplorationChoice(d, fleet.owner, sector.key, fleet.id, outcome.value.pending);
      return true;
    }
    emitExplored(d, sector.key, fleet.owner, fleet.id, outcome.value.result);
  }
  return false;
}

/**
 * UTD5.221 / 5.222 / 5.224 for `playerId` now, under `explore.balanceGap` (the lead that counts as
 * "two fewer") and `explore.balanceCounts` (owned or explored sectors), ISS-A66.
 */
export function balancingOptionsFor(d: Decider, playerId: string): BalancingOptions {
  const settings = d.state.settings;
  return balancingFor({
    sectors: d.state.map!.sectors.map((s) => ({ owner: s.owner, type: s.type, exploredBy: s.exploredBy })),
    explorer: playerId,
    activePlayers: activePlayers(d.state).map((p) => p.id),
    basis: settings['explore.balanceCounts'] ?? DEFAULT_SETTINGS['explore.balanceCounts'],
    gap: settings['explore.balanceGap'] ?? DEFAULT_SETTINGS['explore.balanceGap'],
  });
}

/** Puts the question to the explorer; the turn waits in phase `exploration` until it is answered. */
export function offerExplorationChoice(
  d: Decider,
  playerId: string,
  sector: string,
  fleetId: string,
  pending: PendingExploration,
): void {
  d.emit({
    type: 'ExplorationChoiceOffered',
    offer: {
      id: d.ctx.firstSeq + d.events.length,
      playerId,
      sector,
      fleetId,
      due: hoursFrom(d.ctx.now, EXPLORATION_CHOICE_HOURS),
      pending,
    },
  });
}

export function emitExplored(d: Decider, sector: string, by: string, fleetId: string, r: ExplorationResult): void {
  d.emit({
    type: 'SectorExplored',
    sector,
    by,
    fleetId,
    sectorType: r.type as 'life' | 'mineral' | 'dead',
    terrain: [r.terrain.id],
    overlays: [...r.terrain.overlays],
    npe: r.npe?.empire ?? null,
    steps: r.steps.map((s) => ({ rule: s.rule, ...s.detail })),
  });
}

/**
 * The player's standing instruction (`/sector balancing`) as an exploration instruction, used only
 * where the player is eligible (UTD5.221–5.224). It answers a question nobody answered in time.
 */
export function standingInstruction(mode: ExploreBalancing, o: BalancingEligibility): BalancingInstruction {
  if (mode === 'choose-life' || mode === 'choose-mineral') {
    const want = mode === 'choose-life' ? 'life' : 'mineral';
    if (o.autoMineral && o.autoLife) return { choose: want };
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
